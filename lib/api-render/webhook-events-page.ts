/**
 * The page docs/api/webhook-events.mdx: the catalogue of every webhook event type, from the specs
 * (webhook-events.ts reads them). The API reference plugin writes it with the reference; it is
 * git-ignored like the reference: change the specs or this generator, not the page.
 */
import type {Paragraph, PhrasingContent, RootContent} from 'mdast';
import {frontMatter, parseMdx, specMarkdown, text, toMdx} from './spec-text';
import {apis} from '../api-model/specs';
import {buildCatalogue, definesEvents, type CatalogueEvent, type EventGroup, type OperationPage, type Specs} from './webhook-events';

export const pageFile = 'docs/api/webhook-events.mdx';
export const signaturePartial = 'docs/_partials/_verify-webhook-signature.mdx';

const head = frontMatter({
  title: 'Webhook events',
  // The overview at the top links every event; the table of contents lists the groups only.
  toc_max_heading_level: 2,
  description:
    'Every event type Plaza posts to your webhooks, grouped by the object it carries, with when it is sent, the requests that cause it and a whole payload, and how to verify the Plaza-Signature header.',
  keywords: ['sample event payloads'],
});

const paragraph = (...children: PhrasingContent[]): Paragraph => ({type: 'paragraph', children});
const strong = (value: string): PhrasingContent => ({type: 'strong', children: [text(value)]});
const code = (value: string): PhrasingContent => ({type: 'inlineCode', value});
const comment = (value: string): PhrasingContent => ({type: 'mdxTextExpression', value: `/* ${value} */`});

/** A heading with an explicit id, in the MDX comment form Docusaurus reads. */
const heading = (depth: 2 | 3, children: PhrasingContent[], id: string): RootContent => ({
  type: 'heading',
  depth,
  children: [...children, text(' '), comment(`#${id}`)],
});
const link = (page: OperationPage, label = page.title): PhrasingContent => ({type: 'link', url: page.url, children: [text(label)]});
const apiTitle = (page: OperationPage): string => apis.find((api) => api.name === page.api)!.title;
const list = (items: PhrasingContent[][], separator: string): PhrasingContent[] =>
  items.flatMap((item, index) => [...(index ? [text(separator)] : []), ...item]);

/** Links to operations, naming the API where two of them have the same title. */
function operationLinks(pages: readonly OperationPage[]): PhrasingContent[] {
  const shared = (page: OperationPage) => pages.filter((other) => other.title === page.title).length > 1;
  return list(
    pages.map((page) => [link(page, shared(page) ? `${page.title} (${apiTitle(page)})` : page.title)]),
    ', ',
  );
}

function eventSection(event: CatalogueEvent): RootContent[] {
  const origin = event.causes.length
    ? paragraph(strong('Caused by:'), text(' '), ...operationLinks(event.causes), text('.'))
    : paragraph(
        strong('Sent by Plaza on its own:'),
        text(' no request of yours causes it, so '),
        code('request_id'),
        text(' is '),
        code('null'),
        text('. Read the object again with '),
        link(event.read),
        text('.'),
      );
  return [
    heading(3, [code(event.type)], event.anchor),
    ...specMarkdown(event.description),
    paragraph(strong('Object:'), text(' '), code(event.objectType), text(', as '), link(event.read), text(' returns it.')),
    origin,
    // The title is read from the code block's meta line: one line, in double quotes.
    {
      type: 'code',
      lang: 'json',
      meta: `title="Webhook event: ${event.type.replace(/["\s]+/g, ' ')}"`,
      value: JSON.stringify(event.example, null, 2),
    },
  ];
}

function groupSection(group: EventGroup): RootContent[] {
  return [heading(2, [text(group.title)], group.anchor), ...specMarkdown(group.summary), ...group.events.flatMap(eventSection)];
}

function overview(groups: EventGroup[]): RootContent {
  return {
    type: 'list',
    spread: false,
    children: groups.map((group) => ({
      type: 'listItem',
      spread: false,
      children: [
        paragraph(
          {type: 'strong', children: [{type: 'link', url: `#${group.anchor}`, children: [text(group.title)]}, text(':')]},
          text(' '),
          ...list(
            group.events.map((event) => [{type: 'link', url: `#${event.anchor}`, children: [code(event.type)]}]),
            ', ',
          ),
        ),
      ],
    })),
  };
}

const intro = `Plaza sends {count} types of event to your [webhooks](/concepts/webhooks). Each delivery is one event: its \`id\`, its \`type\`,
when it happened, the account it happened in, the request that caused it (\`request_id\`, with your
\`correlation_id\`), and in \`data.object\` the object it is about, as it was right after the change and in the
same shape as the API returns it.

The types are grouped below by that object. Each one says when Plaza sends it, which requests cause it, and
shows a whole delivery body. Before you act on a delivery, [verify its signature](#verify-a-signature).`;

/** The MDX of the catalogue page. */
export function renderPage(groups: EventGroup[]): string {
  const count = groups.reduce((sum, group) => sum + group.events.length, 0);
  const body = toMdx(
    [
      {
        type: 'mdxFlowExpression',
        value:
          '/* Generated from specs/ by src/plugins/api-reference (npm start, npm run build). Edit the specs or the generator, not this file. */',
      },
      {type: 'mdxjsEsm', value: `import VerifySignature from '@site/${signaturePartial}';`},
      {type: 'heading', depth: 1, children: [text('Webhook events')]},
      // The generator's own words, with links into the site: read as the site's Markdown, not as spec text.
      ...parseMdx(intro.replace('{count}', String(count))).children,
      overview(groups),
      ...groups.flatMap(groupSection),
      heading(2, [text('Verify a signature')], 'verify-a-signature'),
      {type: 'mdxJsxFlowElement', name: 'VerifySignature', attributes: [], children: []},
    ],
    pageFile,
  );
  return `${head}\n\n${body}\n`;
}

/** The MDX of the page when the specs define no event types (no components.schemas.Event), as a foreign spec may not. */
export function renderPageWithoutEvents(): string {
  const withoutEventsHead = frontMatter({
    title: 'Webhook events',
    description: 'The webhook event types of the API: its specs define none.',
  });
  const body = toMdx(
    [
      {type: 'heading', depth: 1, children: [text('Webhook events')]},
      paragraph(text('The specs of this API define no webhook event types.')),
    ],
    pageFile,
  );
  return `${withoutEventsHead}\n\n${body}\n`;
}

/** The catalogue page's MDX from the specs: every event type, or the page saying there are none. */
export function webhookEventsPage(specs: Specs): string {
  return definesEvents(specs) ? renderPage(buildCatalogue(specs)) : renderPageWithoutEvents();
}
