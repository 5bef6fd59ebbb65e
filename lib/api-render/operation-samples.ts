/**
 * The samples column of an operation page: the request samples in six languages, the response
 * examples by status, and a webhook's payload.
 *
 * The sample tabs are lazy: only the chosen language, example and status are rendered, so a page
 * with many examples hydrates a few code blocks rather than dozens. The request samples of the
 * first language (cURL) are in the page; those of the other five are not. They go into a JSON
 * file of the page's own (SampleFile), which the reader's browser fetches the first time one of
 * them is shown (src/components/Sample), so that neither the bundler nor a reader who never
 * picks another language pays for them. The Markdown twin reads that file and shows all six. The
 * file is named after a hash of all it holds, highlighting included, so that it can be cached for
 * good.
 */
import {createHash} from 'node:crypto';
import type {RootContent} from 'mdast';
import {isWebhook, responsesOf, type ApiPage, type Example} from './operation';
import {code, fenced, notIndexed, paragraph} from './page-nodes';
import {examplesOf, sampleRequests, xml, xmlRoot} from './sample-requests';
import {languages, type SampleRequest} from './samples';
import {unresolvedRef, type Schema} from './schema';
import {jsxBlock, jsxInline, text} from './spec-text';

type Tab = {value: string; label: string; body: RootContent[]};

/** Lazy theme-classic tabs (only the chosen item is rendered); `attributes` are Tabs' own. */
function lazyTabs(items: Tab[], attributes: Record<string, string>): RootContent {
  return jsxBlock(
    'Tabs',
    {lazy: true, ...attributes},
    items.map((item) => jsxBlock('TabItem', {value: item.value, label: item.label}, item.body)),
  );
}

/**
 * The file of a page's samples that the browser fetches:
 * - `languages`: the request samples of the languages after the first, which the page's module leaves
 *   out: by language id, the language to highlight and each request example (in the order of the
 *   page's example tabs), its code with its tokens (src/plugins/code-tokens.ts);
 * - `requests`: each example's request, and `server`, the host they call, from which the Try it
 *   panel writes the samples of its own request (src/components/TryIt/samples.tsx).
 */
export type SampleFile = {
  server: string;
  requests: SampleRequest[];
  languages: Record<string, {lang: string; examples: {code: string; tokens?: string}[]}>;
};

/** What highlights code at build time (src/plugins/code-tokens.ts): the tokens of `code` in `lang`, encoded. */
export type Tokenize = (code: string, lang: string) => string | undefined;

/** The folder where the site serves the sample files of an API's pages: `<folder>/<page id>.<hash>.json`. */
export function samplesFolder(apiRoute: string): string {
  return `/samples${apiRoute}`;
}

const [inPage, ...fetched] = languages;

/** The samples of `requests` that are fetched, not in the page, each with its tokens when `tokenize` is given. */
function fetchedSamples(requests: SampleRequest[], tokenize?: Tokenize): SampleFile['languages'] {
  return Object.fromEntries(
    fetched.map(({id, highlight, write}) => [
      id,
      {
        lang: highlight,
        examples: requests.map((request) => {
          const code = write(request);
          return {code, ...(tokenize ? {tokens: tokenize(code, highlight)} : {})};
        }),
      },
    ]),
  );
}

/**
 * The language tabs of the `example`th request: the first language's code in the page, each other
 * one a Sample of the page's file at `src`, which knows its number of lines so that the space it
 * takes does not change when its code arrives.
 */
function languageTabs(request: SampleRequest, example: number, samples: SampleFile, src: string): RootContent[] {
  const first = {value: inPage.id, label: inPage.label, body: [fenced(inPage.highlight, inPage.write(request))]};
  const others = fetched.map((language) => ({
    value: language.id,
    label: language.label,
    body: [
      jsxBlock(
        'Sample',
        {
          src,
          language: language.id,
          example: String(example),
          lines: String(samples.languages[language.id]?.examples[example]?.code.split('\n').length ?? 1),
        },
        [],
      ),
    ],
  }));
  // RequestSample tells the Try it panel which example is shown, and shows the panel's request in its place.
  return [
    jsxBlock('RequestSample', {src, example: String(example)}, [
      lazyTabs([first, ...others], {groupId: 'api-language', className: 'api-samples__tabs'}),
    ]),
  ];
}

/** Tabs with one item per example, labelled with its summary; a single example needs no tabs. */
function exampleTabs(entries: [string, RootContent[]][]): RootContent[] {
  const [only] = entries;
  if (only && entries.length === 1) return only[1];
  return [
    lazyTabs(
      entries.map(([label, body], index) => ({value: String(index), label, body})),
      {className: 'api-samples__examples'},
    ),
  ];
}

/** An example as the reader sees it, in its media type's syntax: XML as XML, a string as it is, anything else as JSON. */
function exampleBlock(value: unknown, type = 'application/json', schema?: Schema): RootContent {
  if (/[/+]xml\b/i.test(type)) {
    return fenced('xml', typeof value === 'string' ? value : xml(xmlRoot(schema), value));
  }
  return typeof value === 'string' ? fenced('text', value) : fenced('json', JSON.stringify(value, null, 2));
}

/** An example's block; one the spec refers to but does not define says so. */
function exampleBody(example: Example, type?: string, schema?: Schema): RootContent {
  const unresolved = unresolvedRef(example);
  if (unresolved === undefined) return exampleBlock(example.value, type, schema);
  return paragraph(
    jsxInline('p', {}, [text('Unresolved reference '), code(unresolved), text(': the spec refers to an example that it does not define.')]),
  );
}

function responseExamples(page: ApiPage): RootContent[] {
  const responses = responsesOf(page);
  if (responses.length === 0) return [paragraph(jsxInline('p', {}, [text('No response documented.')]))];
  const items = responses.map(([status, response]): Tab => {
    const media = Object.entries(response.content ?? {});
    // With several media types, each example's label names its type.
    const blocks = media.flatMap(([type, content]) =>
      examplesOf(content, 'response').map(([name, example]): [string, RootContent[]] => {
        const label = example.summary ?? name;
        return [media.length > 1 ? `${label} (${type})` : label, [exampleBody(example, type, content.schema)]];
      }),
    );
    return {value: status, label: status, body: blocks.length ? exampleTabs(blocks) : [paragraph(jsxInline('p', {}, [text('No body.')]))]};
  });
  const success = responses.find(([status]) => status.startsWith('2'))?.[0] ?? responses[0]?.[0] ?? '';
  return [lazyTabs(items, {className: 'api-samples__tabs', defaultValue: success})];
}

/** The payload examples of a webhook, one JSON block each. */
function payloadExamples(page: ApiPage): [string, RootContent[]][] {
  const [type, media] = Object.entries(page.api.requestBody?.content ?? {})[0] ?? [];
  const examples = media ? examplesOf(media, 'request') : [];
  if (examples.length === 0) return [['payload', [paragraph(jsxInline('p', {}, [text(type ? 'No example.' : 'No body.')]))]]];
  return examples.map(([name, example]) => [example.summary ?? name, [exampleBody(example, type, media?.schema)]]);
}

/** A page's requests to write samples for, with the file of the samples of them it fetches and that file's URL. */
type Samples = {requests: [string, SampleRequest][]; file: SampleFile; url: string};

/** The samples of a page; none for a webhook, which shows its payload. */
export function pageSamples(page: ApiPage, apiRoute: string, tokenize?: Tokenize): Samples | undefined {
  if (isWebhook(page)) return undefined;
  const requests = sampleRequests(page);
  const file: SampleFile = {
    server: page.api.servers?.[0]?.url ?? '',
    requests: requests.map(([, request]) => request),
    languages: fetchedSamples(
      requests.map(([, request]) => request),
      tokenize,
    ),
  };
  const hash = createHash('sha256').update(JSON.stringify(file)).digest('hex').slice(0, 8);
  return {requests, file, url: `${samplesFolder(apiRoute)}/${page.id}.${hash}.json`};
}

export function samplesAside(page: ApiPage, samples: Samples | undefined): RootContent {
  const requests = samples
    ? samples.requests.map(([label, request], index): [string, RootContent[]] => [
        label,
        languageTabs(request, index, samples.file, samples.url),
      ])
    : payloadExamples(page);
  return jsxBlock('aside', {className: 'api-samples', 'aria-label': 'Request and response samples', ...notIndexed}, [
    paragraph(jsxInline('h2', {className: 'api-samples__title'}, [text(isWebhook(page) ? 'Payload' : 'Request')])),
    ...exampleTabs(requests),
    paragraph(jsxInline('h2', {className: 'api-samples__title'}, [text('Responses')])),
    ...responseExamples(page),
  ]);
}
