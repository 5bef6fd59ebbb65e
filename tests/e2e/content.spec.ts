import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import type {Page as BrowserPage} from '@playwright/test';
import {test, expect, open} from './fixtures';
import {docPages} from '../../lib/docs-source';

const siteTitle = 'Plaza Developer Documentation';

type Page = {
  route: string;
  title: string;
  sidebar: 'docs' | 'api' | 'sdk';
  diagrams: number;
  hasCode: boolean;
  file: string;
  tocHeadings: string;
};

/** The hand-written pages, with what their source says a visitor should see. */
function contentPages(): Page[] {
  return docPages()
    .filter((file) => !file.includes('_partials'))
    .map((file) => {
      const source = readFileSync(file, 'utf8');
      const path = relative('docs', file)
        .replace(/\.mdx?$/, '')
        .replace(/\\/g, '/');
      const route = path.endsWith('index') ? `/${path.slice(0, -'index'.length)}` : `/${path}`;
      const title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(source)?.[1] ?? '';
      const section = path.split('/')[0];
      const sidebar = section === 'api' ? 'api' : section === 'sdks' ? 'sdk' : 'docs';
      // The table of contents goes down to h3 (themeConfig.tableOfContents), or to the page's own toc_max_heading_level.
      const tocMax = Number(/^toc_max_heading_level:\s*(\d)\s*$/m.exec(source)?.[1] ?? 3);
      const tocHeadings = ['h2', 'h3', 'h4', 'h5', 'h6'].slice(0, tocMax - 1).join(', ');
      return {
        route,
        title,
        sidebar,
        file,
        tocHeadings,
        diagrams: source.match(/^\s*```mermaid/gm)?.length ?? 0,
        hasCode: /^\s*```(bash|json|javascript|jsx|tsx|typescript|python|php|java|csharp|html)/m.test(source),
      };
    });
}

const sidebarStart = {docs: 'Guides overview', api: 'API overview', sdk: 'SDKs overview'};

/**
 * Each diagram of the page shows the image of the colour mode, loaded once scrolled to, with alt
 * text; the other mode's image, with the same alt, is not rendered, so it is never announced.
 */
async function expectDiagrams(browser: BrowserPage, count: number, mode: 'dark' | 'light'): Promise<void> {
  await expect(browser.locator('html')).toHaveAttribute('data-theme', mode);
  const figures = browser.getByRole('main').locator('figure.diagram');
  await expect(figures).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    const shown = figures.nth(i).locator(`img.diagram__${mode}`);
    const hidden = figures.nth(i).locator(`img.diagram__${mode === 'dark' ? 'light' : 'dark'}`);
    await expect(hidden).toBeHidden();
    await shown.scrollIntoViewIfNeeded();
    await expect(shown).toBeVisible();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const alt = await shown.getAttribute('alt');
    expect(alt?.trim()).toBeTruthy();
    await expect(hidden).toHaveAttribute('alt', alt ?? '');
  }
}

for (const page of contentPages()) {
  test(`${page.route} (${page.file}) renders its title, sidebar, table of contents, diagrams and code`, async ({page: browser}) => {
    await open(browser, page.route);
    const main = browser.getByRole('main');
    expect(page.title, 'front matter title').not.toBe('');
    await expect(main.getByRole('heading', {level: 1})).toHaveText(page.title);
    await expect(browser).toHaveTitle(`${page.title} | ${siteTitle}`);

    const sidebar = browser.getByRole('navigation', {name: 'Docs sidebar'});
    await expect(sidebar.getByRole('link').first()).toHaveText(sidebarStart[page.sidebar]);
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', page.route);

    const headings = await main.locator(`article :is(${page.tocHeadings})[id]`).evaluateAll((nodes) => nodes.map((node) => `#${node.id}`));
    if (headings.length > 0) {
      const toc = browser.locator('.table-of-contents').first();
      const links = await toc.getByRole('link').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
      expect(links).toEqual(headings);
    }

    if (page.diagrams > 0) {
      await expectDiagrams(browser, page.diagrams, 'dark');
      await browser.getByRole('button', {name: /Switch between dark and light mode/}).click();
      await expectDiagrams(browser, page.diagrams, 'light');
    }
    if (page.hasCode) {
      const blocks = main.locator('pre code');
      expect(await blocks.count()).toBeGreaterThan(0);
      expect(await main.locator('pre code .token').count()).toBeGreaterThan(0);
    }
  });
}
