/**
 * Writes docs/api/webhook-events.mdx, the catalogue of every webhook event type, from the specs
 * (scripts/lib/webhook-events.ts reads them). `npm run gen-api` runs it after the API reference;
 * the page is git-ignored like the reference: change the specs or this generator, not the page.
 *
 * Usage: tsx scripts/gen-webhook-events.ts
 */
import {writeFileSync} from 'node:fs';
import {mdx} from '../src/plugins/api-pages';
import {apis, readSpec} from './lib/specs';
import {buildCatalogue, type CatalogueEvent, type EventGroup, type OperationPage, type Specs} from './lib/webhook-events';

export const pageFile = 'docs/api/webhook-events.mdx';
export const signaturePartial = 'docs/_partials/_verify-webhook-signature.mdx';

const frontMatter = [
  '---',
  'title: Webhook events',
  // The overview at the top links every event; the table of contents lists the groups only.
  'toc_max_heading_level: 2',
  'description: Every event type Plaza posts to your webhooks, grouped by the object it carries, with when it is sent, the requests that cause it and a whole payload, and how to verify the Plaza-Signature header.',
  '---',
].join('\n');

/** A heading with an explicit id, in the MDX comment form Docusaurus reads. */
const heading = (level: number, text: string, id: string): string => `${'#'.repeat(level)} ${text} {/* #${id} */}`;
const link = (page: OperationPage, label = page.title): string => `[${label}](${page.url})`;
const apiTitle = (page: OperationPage): string => apis.find((api) => api.name === page.api)!.title;

/** Links to operations, naming the API where two of them have the same title. */
function operationLinks(pages: OperationPage[]): string {
  const shared = (page: OperationPage) => pages.filter((other) => other.title === page.title).length > 1;
  return pages.map((page) => link(page, shared(page) ? `${page.title} (${apiTitle(page)})` : page.title)).join(', ');
}

function eventSection(event: CatalogueEvent): string {
  const origin = event.causes.length
    ? `**Caused by:** ${operationLinks(event.causes)}.`
    : `**Sent by Plaza on its own:** no request of yours causes it, so \`request_id\` is \`null\`. Read the object again with ${link(event.read)}.`;
  return [
    heading(3, `\`${event.type}\``, event.anchor),
    mdx(event.description),
    `**Object:** \`${event.objectType}\`, as ${link(event.read)} returns it.`,
    origin,
    `\`\`\`json title="Webhook event: ${event.type}"\n${JSON.stringify(event.example, null, 2)}\n\`\`\``,
  ].join('\n\n');
}

function groupSection(group: EventGroup): string {
  return [heading(2, group.title, group.anchor), mdx(group.summary), ...group.events.map(eventSection)].join('\n\n');
}

function overview(groups: EventGroup[]): string {
  return groups.map((group) => `- **[${group.title}](#${group.anchor}):** ${group.events.map((event) => `[\`${event.type}\`](#${event.anchor})`).join(', ')}`).join('\n');
}

/** The MDX of the catalogue page. */
export function renderPage(groups: EventGroup[]): string {
  const count = groups.reduce((sum, group) => sum + group.events.length, 0);
  return `${[
    frontMatter,
    '{/* Generated from specs/ by scripts/gen-webhook-events.ts (npm run gen-api). Edit the specs or the generator, not this file. */}',
    `import VerifySignature from '@site/${signaturePartial}';`,
    '# Webhook events',
    [
      `Plaza sends ${count} types of event to your [webhooks](/concepts/webhooks). Each delivery is one event: its \`id\`, its \`type\`,`,
      'when it happened, the account it happened in, the request that caused it (`request_id`, with your',
      '`correlation_id`), and in `data.object` the object it is about, as it was right after the change and in the',
      'same shape as the API returns it.',
    ].join('\n'),
    [
      'The types are grouped below by that object. Each one says when Plaza sends it, which requests cause it, and',
      'shows a whole delivery body. Before you act on a delivery, [verify its signature](#verify-a-signature).',
    ].join('\n'),
    overview(groups),
    ...groups.map(groupSection),
    heading(2, 'Verify a signature', 'verify-a-signature'),
    '<VerifySignature />',
  ].join('\n\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const specs = Object.fromEntries(apis.map((api) => [api.name, readSpec(api.file)])) as Specs;
  const groups = buildCatalogue(specs);
  writeFileSync(pageFile, renderPage(groups));
  console.log(`${pageFile}: ${groups.reduce((sum, group) => sum + group.events.length, 0)} event types in ${groups.length} groups`);
}
