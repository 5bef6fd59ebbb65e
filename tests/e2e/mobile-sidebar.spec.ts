import {test, expect, open} from './fixtures';

test.use({viewport: {width: 390, height: 844}});

test('the mobile sidebar opens from the navbar, switches menus and closes on a wide window', async ({page}) => {
  await open(page, '/guides/');
  const sidebar = page.locator('.navbar-sidebar');
  await expect(sidebar).toBeHidden();

  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(sidebar).toBeVisible();

  // On a docs page the sidebar opens on the secondary menu: the page's own sidebar.
  const back = sidebar.getByRole('button', {name: /Back to main menu/});
  await expect(back).toBeVisible();
  await expect(sidebar.getByRole('link', {name: 'Guides overview'})).toBeVisible();

  await expect(back).toBeInViewport();
  await back.click();
  // The primary menu holds the navbar's items (the docs sidebar, now off screen, links SDKs too).
  const primary = sidebar.locator('.navbar-sidebar__item').first();
  for (const name of ['Guides', 'API', 'SDKs']) {
    await expect(primary.getByRole('link', {name, exact: true})).toBeInViewport();
  }
  await expect(back).not.toBeInViewport();

  await page.setViewportSize({width: 1200, height: 844});
  await expect(sidebar).toBeHidden();
  await expect(page.locator('html')).not.toHaveClass(/navbar-sidebar--show/);
});

test('the mobile sidebar closes with its close button and after following a link', async ({page}) => {
  await open(page, '/');
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  const sidebar = page.locator('.navbar-sidebar');
  await sidebar.getByRole('button', {name: 'Close navigation bar'}).click();
  await expect(sidebar).toBeHidden();

  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await sidebar.locator('.navbar-sidebar__item').first().getByRole('link', {name: 'SDKs', exact: true}).click();
  await expect(page).toHaveURL(/\/sdks\/$/);
  await expect(sidebar).toBeHidden();
});
