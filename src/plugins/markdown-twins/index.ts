/**
 * The site for assistants and scripts: after the build, every page gets a Markdown twin at its
 * route with `.md` appended (src/lib/markdown-twin.ts), and the site root gets `llms.txt` (every
 * page, by section, as a link to its twin with its description) and `llms-full.txt` (every twin,
 * in sidebar order), as the llms.txt proposal describes.
 *
 * Doc pages, the generated API pages included, are converted from their MDX source
 * (mdx-to-markdown.ts); the category index pages list their pages; the home page is written from
 * the data its React page shows. The build fails when a page has no twin, so a new kind of page
 * cannot be left out unnoticed.
 */
import {readFileSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {DocMetadata, LoadedContent} from '@docusaurus/plugin-content-docs';
import type {List, RootContent} from 'mdast';
import {twinPath} from '../../lib/markdown-twin';
import type {SampleFile} from '../../../lib/api-render/operation-samples';
import * as home from '../../pages/_home/content';
import {cardList, mdxToMarkdown, stringify, type Card} from './mdx-to-markdown';

export type Options = {
  /** The one-paragraph summary of the site that opens llms.txt. */
  summary: string;
  /** The sections of llms.txt, in order; a page belongs to the section with the longest matching route prefix. */
  sections: {title: string; prefixes: string[]}[];
  /** Whether the site's home page is src/pages/index.tsx, whose twin is written from its content; a preview site's home is a doc. */
  home?: boolean;
};

type SidebarItem = LoadedContent['loadedVersions'][number]['sidebars'][string][number];
type Page = {route: string; title: string; description: string; markdown: () => Promise<string>};

export default function markdownTwins(options: Options): (context: LoadContext) => Plugin {
  return (context) => ({
    name: 'markdown-twins',
    async postBuild({plugins, routesPaths, outDir, siteConfig}) {
      const docsPlugin = plugins.find((plugin) => plugin.name === 'docusaurus-plugin-content-docs');
      const version = (docsPlugin?.content as LoadedContent | undefined)?.loadedVersions[0];
      if (!version) throw new Error('markdown-twins: the docs plugin has no content');

      const siteUrl = siteConfig.url.replace(/\/$/, '');
      const routes = new Set(routesPaths);
      const sourceFile = (doc: DocMetadata) => path.join(context.siteDir, doc.source.replace(/^@site\//, ''));
      const docs = new Map(version.docs.map((doc) => [doc.id, doc]));
      const docsByFile = new Map(version.docs.map((doc) => [sourceFile(doc), doc]));
      const twinUrl = (route: string) => siteUrl + twinPath(route);

      const resolveUrl = (url: string, file: string): string => {
        if (!url || url.startsWith('#')) return url;
        if (url.startsWith('pathname://')) return siteUrl + url.slice('pathname://'.length);
        if (/^[a-z][a-z\d+.-]*:/i.test(url)) return url;
        const [target = '', hash] = url.split(/(?=#)/);
        const linked = /\.mdx?$/.test(target) ? docsByFile.get(path.resolve(path.dirname(file), target)) : undefined;
        const pathname = linked?.permalink ?? new URL(target, siteUrl + (docsByFile.get(file)?.permalink ?? '/')).pathname;
        const route = [pathname, `${pathname}/`, pathname.replace(/\/$/, '')].find((candidate) => routes.has(candidate));
        return (route ? twinUrl(route) : siteUrl + pathname) + (hash ?? '');
      };

      // A page's sample file, as the build serves it: read once for all the samples of its page, which
      // asks for it before the next page does (only the last one read is kept).
      let lastSamples: {url: string; file: SampleFile} | undefined;
      const samples = (url: string): SampleFile => {
        if (lastSamples?.url !== url) lastSamples = {url, file: JSON.parse(readFileSync(path.join(outDir, url), 'utf8')) as SampleFile};
        return lastSamples.file;
      };

      const description = (doc: DocMetadata) => String(doc.frontMatter.description ?? doc.description);
      const card = (item: SidebarItem): Card[] => {
        if (item.type === 'doc') {
          const doc = docs.get(item.id)!;
          return [{title: doc.title, url: twinUrl(doc.permalink), description: description(doc)}];
        }
        if (item.type === 'link') return [{title: item.label, url: resolveUrl(item.href, context.siteDir)}];
        if (item.type !== 'category' || !item.link) return [];
        if (item.link.type === 'doc') {
          const doc = docs.get(item.link.id)!;
          return [{title: item.label, url: twinUrl(doc.permalink), description: description(doc)}];
        }
        return [{title: item.label, url: twinUrl(item.link.permalink), description: item.link.description}];
      };

      // Every page once, in sidebar order: the home page, each sidebar's pages, then any other route.
      const pages = new Map<string, Page>();
      const add = (page: Page) => pages.has(page.route) || pages.set(page.route, page);
      const addDoc = (doc: DocMetadata, cards: () => Card[] = () => []) =>
        add({
          route: doc.permalink,
          title: doc.title,
          description: description(doc),
          markdown: async () =>
            mdxToMarkdown(await readFile(sourceFile(doc), 'utf8'), sourceFile(doc), doc.title, {
              siteDir: context.siteDir,
              resolveUrl,
              cards,
              samples,
            }),
        });
      const walk = (items: SidebarItem[]) => {
        for (const item of items) {
          if (item.type === 'doc') addDoc(docs.get(item.id)!);
          if (item.type !== 'category') continue;
          const cards = () => item.items.flatMap(card);
          if (item.link?.type === 'doc') addDoc(docs.get(item.link.id)!, cards);
          if (item.link?.type === 'generated-index') {
            const {permalink, title = item.label, description: summary = ''} = item.link;
            add({
              route: permalink,
              title,
              description: summary,
              markdown: async () => stringify([heading(title), ...paragraphs(summary), cardList(cards())]),
            });
          }
          walk(item.items);
        }
      };
      if (options.home !== false)
        add(homePage(siteConfig.title, String(siteConfig.customFields?.brand), (to) => resolveUrl(to, context.siteDir)));
      Object.values(version.sidebars).forEach(walk);
      version.docs.forEach((doc) => addDoc(doc));
      if (routes.has('/search')) add(searchPage(siteConfig.title, siteUrl));

      const missing = routesPaths.filter((route) => route !== '/404.html' && !pages.has(route));
      if (missing.length > 0) throw new Error(`markdown-twins: no Markdown twin for ${missing.join(', ')}`);

      const twins: {page: Page; markdown: string}[] = [];
      for (const page of pages.values()) {
        if (!routes.has(page.route)) continue;
        const markdown = await page.markdown();
        const file = path.join(outDir, twinPath(page.route));
        await mkdir(path.dirname(file), {recursive: true});
        await writeFile(file, markdown);
        twins.push({page, markdown});
      }

      const sectionOf = (route: string) =>
        options.sections
          .flatMap((section) => section.prefixes.filter((prefix) => route.startsWith(prefix)).map((prefix) => ({section, prefix})))
          .sort((a, b) => b.prefix.length - a.prefix.length)[0]?.section.title ?? 'Optional';
      const lines = [`# ${siteConfig.title}`, '', `> ${options.summary}`, ''];
      lines.push(
        `Each link below is the page as Markdown; the HTML page is at the same URL without \`.md\`. ${siteUrl}/llms-full.txt holds every page in one file.`,
      );
      for (const title of [...options.sections.map((section) => section.title), 'Optional']) {
        const entries = twins.filter(({page}) => sectionOf(page.route) === title);
        if (entries.length === 0) continue;
        // Titles and descriptions come from the specs too: the list is written by the Markdown serializer.
        const cards = entries.map(({page}) => {
          const summary = oneLine(page.description);
          return {
            title: oneLine(page.title),
            url: twinUrl(page.route),
            description: summary && summary !== page.title ? summary : undefined,
          };
        });
        lines.push('', `## ${title}`, '', stringify([cardList(cards)]).trimEnd());
      }
      await writeFile(path.join(outDir, 'llms.txt'), `${lines.join('\n')}\n`);
      await writeFile(
        path.join(outDir, 'llms-full.txt'),
        twins.map(({page, markdown}) => `<!-- ${twinUrl(page.route)} -->\n\n${markdown}`).join('\n---\n\n'),
      );
    },
  });
}

function heading(title: string, depth: 1 | 2 | 3 = 1): RootContent {
  return {type: 'heading', depth, children: [{type: 'text', value: title}]};
}

function paragraphs(...texts: string[]): RootContent[] {
  return texts.filter(Boolean).map((value) => ({type: 'paragraph', children: [{type: 'text', value}]}));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function bullets(items: RootContent[][]): List {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map((children) => ({type: 'listItem', spread: false, children: children as never})),
  };
}

/** The home page's twin, from the same data its React page shows (src/pages/_home/content.ts). */
function homePage(title: string, brand: string, link: (to: string) => string): Page {
  const strongLead = (lead: string, rest: string): RootContent => ({
    type: 'paragraph',
    children: [
      {type: 'strong', children: [{type: 'text', value: lead}]},
      {type: 'text', value: ` ${rest}`},
    ],
  });
  return {
    route: '/',
    title,
    description: home.pageDescription(brand),
    markdown: async () =>
      stringify([
        heading(title),
        ...paragraphs(home.hero.title, home.hero.lead(brand)),
        {type: 'code', lang: 'bash', meta: `title="${home.hero.codeTitle}"`, value: home.firstRequest},
        heading(home.headings.start, 2),
        cardList(home.startingPaths.map((start) => ({title: start.title, url: link(start.to), description: start.text}))),
        heading(home.headings.apis, 2),
        ...paragraphs(home.apisLead(brand)),
        ...home.apis.flatMap((api) => [
          heading(api.name, 3),
          ...paragraphs(api.summary),
          bullets(api.covers.map((item) => paragraphs(item))),
        ]),
        heading(home.headings.testMode, 2),
        bullets(home.testModePromises.map((promise) => [strongLead(promise.title, promise.text)])),
      ]),
  };
}

/** The search page runs in the browser; its twin says where the text of every page is instead. */
function searchPage(title: string, siteUrl: string): Page {
  return {
    route: '/search',
    title: 'Search',
    description: `Full-text search of the ${title}, in the browser.`,
    markdown: async () =>
      stringify([
        heading(`Search the ${title}`),
        ...paragraphs(
          `The search page runs in the browser. Without one, read ${siteUrl}/llms.txt, which lists every page with a description, or ${siteUrl}/llms-full.txt, which holds the text of every page in one file.`,
        ),
      ]),
  };
}
