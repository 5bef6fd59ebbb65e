import {readFileSync} from 'node:fs';
import kebabCase from 'lodash/kebabCase';
import type {APIRequestContext, Locator, Page} from '@playwright/test';
import {parse} from 'yaml';
import {test, expect, open} from './fixtures';
import {collectionVariables, downloadsOf, type Download} from '../../lib/api-render/downloads';
import {apis} from '../../lib/api-model/specs';
import {formatProblems, rawUrlProblems, specProblems} from '../lib/postman';
import {specs} from '../lib/specs';

/** Fetches a download from the server, checks that it answers 200 with the file's type, and returns its text. */
async function fetchDownload(request: APIRequestContext, download: Download): Promise<string> {
  const response = await request.get(download.url);
  expect(response.status(), download.url).toBe(200);
  expect(response.headers()['content-type'], download.url).toMatch(
    download.file.endsWith('.yaml') ? /^application\/yaml\b/ : /^application\/json\b/,
  );
  return response.text();
}

/** Clicks a download link and checks that the browser saves the served file, under its name. */
async function clickToDownload(page: Page, link: Locator, download: Download): Promise<void> {
  await expect(link).toHaveAttribute('href', download.url);
  const [saved] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(saved.suggestedFilename()).toBe(download.file);
  expect(readFileSync((await saved.path())!, 'utf8')).toBe(await fetchDownload(page.request, download));
}

for (const api of apis) {
  const committed = readFileSync(api.file, 'utf8');
  const spec = specs[api.name];
  const [yaml, json, postman] = downloadsOf(api.name);
  if (!yaml || !json || !postman)
    throw new Error(`${api.name}: downloadsOf() should give the YAML spec, the JSON spec and the Postman collection`);

  test(`${api.title}: ${yaml.url} and ${json.url} are the committed spec`, async ({request}) => {
    const yamlText = await fetchDownload(request, yaml);
    expect(yamlText).toBe(committed);
    expect(JSON.parse(await fetchDownload(request, json))).toEqual(parse(yamlText));
  });

  test(`${api.title}: ${postman.url} is a Postman v2.1 collection of every operation`, async ({request}) => {
    const collection = JSON.parse(await fetchDownload(request, postman));
    expect(formatProblems(collection)).toEqual([]);
    expect(specProblems(collection, spec)).toEqual([]);
    expect(rawUrlProblems(collection)).toEqual([]);
    expect(collection.info.name).toBe(`Plaza ${api.title}`);
  });

  test(`${api.title}: the introduction page links its three downloads`, async ({page}) => {
    await open(page, `${api.route}/${kebabCase(spec.info?.title)}`);
    const main = page.getByRole('main');
    for (const download of downloadsOf(api.name)) {
      await clickToDownload(page, main.getByRole('link', {name: download.label, exact: true}), download);
    }
    await main.getByRole('link', {name: 'how to import into Postman'}).click();
    await expect(page).toHaveURL(/\/api\/#download-the-specs$/);
    await expect(page.getByRole('heading', {level: 2, name: 'Download the specs'})).toBeInViewport();
  });
}

test('the API overview has a table of every download, and says which collection variables to set', async ({page}) => {
  await open(page, '/api/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', {level: 2, name: 'Download the specs'})).toBeVisible();
  const table = main.getByRole('table').filter({has: page.getByRole('columnheader', {name: 'Postman collection'})});
  for (const api of apis) {
    const links = table
      .getByRole('row')
      .filter({has: page.getByRole('cell', {name: api.title, exact: true})})
      .getByRole('link');
    const downloads = downloadsOf(api.name);
    await expect(links).toHaveCount(downloads.length);
    for (const [index, download] of downloads.entries()) await clickToDownload(page, links.nth(index), download);
  }
  const advice = main.locator('p').filter({hasText: 'Import'});
  for (const name of Object.values(collectionVariables)) await expect(advice).toContainText(name);
});
