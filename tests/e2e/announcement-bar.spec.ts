import {test, expect, open} from './fixtures';

const bar = (page: import('@playwright/test').Page) => page.locator('.theme-announcement-bar');

test('the announcement bar can be dismissed, and stays dismissed after a reload', async ({page}) => {
  await open(page, '/');
  await expect(bar(page)).toBeVisible();
  await expect(bar(page).getByRole('link')).toHaveAttribute('href', /.+/);

  await bar(page).getByRole('button', {name: 'Close'}).click();
  await expect(bar(page)).toHaveCount(0);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-announcement-bar-initially-dismissed', 'true');
  await expect(bar(page)).toBeHidden();
  await open(page, '/guides/');
  await expect(bar(page)).toHaveCount(0);
});

test('a dismissed announcement comes back when its id changes', async ({page}) => {
  await open(page, '/');
  await bar(page).getByRole('button', {name: 'Close'}).click();
  await expect(bar(page)).toHaveCount(0);

  // What a reader's browser holds after dismissing an earlier announcement.
  await page.evaluate(() => {
    const idKey = Object.keys(localStorage).find((key) => key.startsWith('docusaurus.announcement.id'));
    if (!idKey) throw new Error('the announcement id is not stored');
    localStorage.setItem(idKey, 'an-earlier-announcement');
  });
  await page.reload();
  await expect(bar(page)).toBeVisible();
});
