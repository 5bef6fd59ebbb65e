import {test, expect, open} from './fixtures';

test('browsing the site makes no request to any host but its own', async ({page, baseURL, allowConsole}) => {
  allowConsole(/status of 404/);
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) elsewhere.push(request.url());
  });
  for (const path of ['/', '/guides/', '/api/', '/sdks/', '/no-such-page']) {
    await open(page, path);
    await page.waitForLoadState('networkidle');
  }
  const search = page.getByLabel('Search', {exact: true});
  await search.focus();
  await expect(search).toBeFocused();
  await search.pressSequentially('payment');
  await page.waitForLoadState('networkidle');
  expect(elsewhere).toEqual([]);
});
