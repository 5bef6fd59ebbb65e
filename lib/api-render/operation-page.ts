/**
 * The pages of the API reference as MDX (lib/api-render/reference.ts calls them for each API of the
 * model, in the API reference plugin's lifecycle), each written whole, front matter included.
 *
 * An operation page is plain MDX written out in full when the pages are generated: the endpoint,
 * parameter and field tables, and the request samples in six languages with the response
 * examples. Readers' browsers render it like any other page, with no API theme and no code
 * generator to download, and every word is in the HTML that search engines and the site search read.
 *
 * The parts of a page that say the same on many pages (header parameters, response fields, the
 * samples) carry Pagefind's `data-pagefind-ignore="all"`, so the site search indexes what sets the
 * operation apart: its description, path and query parameters and request body.
 *
 * Each part of a page is made by a module of its own: the reference column's sections
 * (operation-sections.ts, with the field tables of field-tables.ts), the authentication
 * (authentication.ts) and the samples (operation-samples.ts, from sample-requests.ts).
 */
import type {RootContent} from 'mdast';
import type {Download} from './downloads';
import {frontMatter, jsxBlock, jsxInline, plainText, specMarkdown, text, toMdx} from './spec-text';
import {authentication} from './authentication';
import {isWebhook, type ApiPage} from './operation';
import {bodySection, callbackSection, parameterSection, responseSection, unresolvedParameters} from './operation-sections';
import {pageSamples, samplesAside, type SampleFile, type Tokenize} from './operation-samples';
import {fenced, heading, link, notIndexed, paragraph, strong} from './page-nodes';

export type InfoPage = {
  id: string;
  info: {title: string; version: string; description?: string};
};

export type TagPage = {
  id: string;
  title: string;
  tag: {name: string; description?: string};
};

const admonition = (kind: string, title: string, body: string): RootContent => ({
  type: 'containerDirective',
  name: kind,
  children: [
    {type: 'paragraph', data: {directiveLabel: true}, children: [text(title)]},
    {type: 'paragraph', children: [text(body)]},
  ],
});

/** The first sentence of a description as plain text, for the page's meta description. */
function summary(markdown: string): string {
  const words = plainText(markdown);
  const sentence = words.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? words;
  return sentence.length <= 160 ? sentence : `${sentence.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

/** A part of the reference column; only `indexed` parts are read by the site search. */
function part(content: RootContent[], indexed: boolean): RootContent[] {
  if (content.length === 0) return [];
  return [jsxBlock('div', {className: 'api-operation__part', ...(indexed ? {} : notIndexed)}, content)];
}

/** The tags of the operations about webhooks and events, whose pages link to the catalogue of event types. */
const eventTags = new Set(['Webhooks', 'Events']);

function eventCatalogueLink(page: ApiPage): RootContent[] {
  const about = page.api.plaza && (page.api.tags ?? []).some((tag) => eventTags.has(tag));
  return about ? [paragraph(text('Every event type and its payload: '), link('Webhook events', '/api/webhook-events'), text('.'))] : [];
}

const imports = (page: ApiPage): RootContent[] =>
  [
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    ...(isWebhook(page)
      ? []
      : [
          "import Sample from '@site/src/components/Sample';",
          "import RequestSample from '@site/src/components/Sample/Request';",
          "import TryIt from '@site/src/components/TryIt';",
        ]),
  ].map((value) => ({type: 'mdxjsEsm', value}));

/**
 * The MDX of an operation page, front matter included; its meta description is the first sentence
 * of its description. Header parameters (the same few headers on most pages) and response fields
 * (the same objects on many pages) are left out of the search index; the samples too. With it, the
 * file of its samples in the languages the page leaves out (none for a webhook), to be served at
 * `url`: `apiRoute` is the route of the page's API, and `tokenize` highlights the file's code.
 */
export function createApiPageMD(
  page: ApiPage,
  apiRoute: string,
  tokenize?: Tokenize,
): {mdx: string; samples?: {url: string; file: SampleFile}} {
  const {api} = page;
  // The summary as written: the plugin's page title has its double quotes turned into single ones.
  const title = api.summary ?? page.title;
  const method = api.method.toLowerCase();
  const hasRequest = (api.parameters ?? []).length > 0 || api.requestBody !== undefined;
  const samples = pageSamples(page, apiRoute, tokenize);
  const head = frontMatter({
    id: page.id,
    title,
    // Without one, Docusaurus would take the page's first line, its title, as its description.
    description: api.description
      ? summary(api.description)
      : isWebhook(page)
        ? `The ${api.webhook?.name ?? title} webhook.`
        : `${api.method.toUpperCase()} ${api.path}`,
    sidebar_label: title,
    hide_table_of_contents: true,
    sidebar_class_name: `${method} api-method`,
    hide_title: true,
    custom_edit_url: null,
  });
  const body = toMdx(
    [
      ...imports(page),
      // The reference column in one element, the samples column beside it: two grid cells, so that
      // nothing the samples do (arriving last as the page is read, a tab or the panel opening) moves it.
      jsxBlock('div', {className: 'api-operation'}, [
        ...part(
          [
            heading(1, title),
            // A paragraph that is only an element, on one line: MDX reads it as that element, as a block.
            isWebhook(page)
              ? paragraph(
                  jsxInline('p', {className: 'api-endpoint'}, [
                    jsxInline('span', {className: `api-endpoint__method api-endpoint__method--${method}`}, [text('WEBHOOK')]),
                    text(' '),
                    jsxInline('code', {className: 'api-endpoint__path'}, [
                      text(`${api.webhook?.method.toUpperCase() ?? 'POST'} ${api.webhook?.name ?? ''}`.trim()),
                    ]),
                    text(' The API sends this request to the URL you give it.'),
                  ]),
                )
              : paragraph(
                  jsxInline('p', {className: 'api-endpoint'}, [
                    jsxInline('span', {className: `api-endpoint__method api-endpoint__method--${method}`}, [text(method.toUpperCase())]),
                    text(' '),
                    jsxInline('code', {className: 'api-endpoint__path'}, [text(api.path)]),
                  ]),
                ),
          ],
          true,
        ),
        // The request panel, outside the parts: they become static trees, and it is a component with props.
        ...(isWebhook(page) ? [] : [jsxBlock('TryIt', {method: api.method.toUpperCase(), path: api.path}, [])]),
        ...part(
          [
            ...(api.deprecated
              ? [admonition('warning', 'Deprecated', 'This operation is deprecated and will be removed in a future version.')]
              : []),
            ...(api.description ? specMarkdown(api.description) : []),
            ...eventCatalogueLink(page),
            ...(isWebhook(page) ? [] : [paragraph(strong('Authentication.'), text(' '), ...authentication(page))]),
            ...(hasRequest ? [heading(2, 'Request')] : []),
            ...parameterSection(page, 'path'),
            ...parameterSection(page, 'query'),
            ...unresolvedParameters(page),
          ],
          true,
        ),
        ...part([...parameterSection(page, 'header'), ...parameterSection(page, 'cookie')], false),
        ...part(bodySection(page), true),
        ...part(responseSection(page), false),
        ...part(callbackSection(page), true),
      ]),
      samplesAside(page, samples),
    ],
    `${api.method.toUpperCase()} ${api.path} (${page.id})`,
  );
  return {mdx: `${head}\n\n${body}`, ...(samples ? {samples: {url: samples.url, file: samples.file}} : {})};
}

/**
 * The MDX of an API's introduction page: its title, version and description from the spec, and
 * links to its downloads (plain anchors with `download`: static files, not routes of the site).
 */
export function createInfoPageMD(page: InfoPage, downloads: Download[] = [], {home = false, plaza = true} = {}): string {
  const {version, description} = page.info;
  const title = plainText(page.info.title);
  const head = frontMatter({
    id: page.id,
    ...(home ? {slug: '/'} : {}),
    title,
    description: description ? summary(description) : undefined,
    sidebar_label: 'Introduction',
    sidebar_position: 0,
    hide_title: true,
    custom_edit_url: null,
  });
  const links = downloads.flatMap((download, index) => [
    ...(index ? [text(' · ')] : []),
    jsxInline('a', {href: download.url, download: true}, [text(download.label)]),
  ]);
  const body = toMdx(
    [
      heading(1, title),
      paragraph(jsxInline('p', {className: 'api-version'}, [text(`Version ${version}`)])),
      ...(links.length
        ? [
            paragraph(
              strong('Download:'),
              text(' '),
              ...links,
              // Plaza's API overview says how to import them into Postman.
              ...(plaza ? [text(' ('), link('how to import into Postman', '/api/#download-the-specs'), text(')')] : []),
            ),
          ]
        : []),
      ...(description ? specMarkdown(description) : []),
    ],
    `the info of ${title}`,
  );
  return `${head}\n\n${body}`;
}

/** The MDX of a tag's page: its name, its description and the cards of its operations. */
export function createTagPageMD(page: TagPage): string {
  const {description} = page.tag;
  const head = frontMatter({
    id: page.id,
    title: page.title,
    description: description ? summary(description) : page.title,
    custom_edit_url: null,
  });
  const cards = [
    "import DocCardList from '@theme/DocCardList';",
    "import {useCurrentSidebarCategory} from '@docusaurus/theme-common';",
    '',
    '<DocCardList items={useCurrentSidebarCategory().items}/>',
  ].join('\n');
  const body = toMdx([...(description ? specMarkdown(description) : []), fenced('mdx-code-block', cards)], `the tag ${page.tag.name}`);
  return `${head}\n\n${body}`;
}
