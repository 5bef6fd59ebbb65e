import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {mdxToMarkdown, type TwinContext} from '../../src/plugins/markdown-twins/mdx-to-markdown';
import {twinPath} from '../../src/lib/markdown-twin';

const dir = mkdtempSync(path.join(tmpdir(), 'twins-'));
const page = path.join(dir, 'docs', 'page.mdx');
const context: TwinContext = {
  siteDir: dir,
  resolveUrl: (url) => (url.startsWith('/') ? `https://docs.example${url.replace(/(#|$)/, '.md$1')}` : url),
  cards: () => [
    {title: 'First', url: 'https://docs.example/first.md', description: 'The first page.'},
    {title: 'Second', url: 'https://docs.example/second.md'},
  ],
  samples: (url) => {
    assert.equal(url, '/samples/api/page.1a2b3c4d.json');
    return {
      server: '',
      requests: [],
      languages: {python: {lang: 'python', examples: [{code: 'print(0)'}, {code: 'print(1)', tokens: '[]'}]}},
    };
  },
};
const convert = (body: string, title = 'Title') => mdxToMarkdown(`---\ntitle: ${title}\n---\n\n${body}`, page, title, context);

test('a twin is headed by the title, unless the page has its own h1', () => {
  assert.equal(convert('Some text.'), '# Title\n\nSome text.\n');
  assert.equal(convert('# Own heading\n\nText.'), '# Own heading\n\nText.\n');
});

test('imports go, and each tab becomes a section introduced by its label', () => {
  const markdown = convert(
    [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '<Tabs groupId="lang">',
      '<TabItem value="node" label="Node.js">',
      '',
      '```javascript',
      'console.log(1);',
      '```',
      '',
      '</TabItem>',
      '<TabItem value="python">',
      '',
      '```python',
      'print(1)',
      '```',
      '',
      '</TabItem>',
      '</Tabs>',
    ].join('\n'),
  );
  assert.equal(markdown, '# Title\n\n**Node.js**\n\n```javascript\nconsole.log(1);\n```\n\n**python**\n\n```python\nprint(1)\n```\n');
});

test("a Sample is the code block of its language and example, from the page's sample file", () => {
  const sample = (example: string) => `<Sample src="/samples/api/page.1a2b3c4d.json" language="python" example="${example}" lines="1" />`;
  assert.equal(convert(sample('1')), '# Title\n\n```python\nprint(1)\n```\n');
  assert.equal(convert(sample('0')), '# Title\n\n```python\nprint(0)\n```\n');
  // A sample the file lacks stops the build rather than leave the twin without it.
  assert.throws(() => convert(sample('2')), /no sample python 2 in \/samples\/api\/page\.1a2b3c4d\.json/);
});

test('an imported partial is replaced by its content, its own imports resolved from its file', () => {
  writeFileSync(path.join(dir, '_partial.mdx'), '{/* a comment */}\n\n| a | b |\n| --- | --- |\n| `1` | two<br />lines |\n');
  const markdown = convert("import Values from '@site/_partial.mdx';\n\nBefore.\n\n<Values />\n\nAfter.");
  assert.equal(markdown, '# Title\n\nBefore.\n\n| a | b |\n| - | - |\n| `1` | two lines |\n\nAfter.\n');
});

test('admonitions become quotes that start with their kind or their title', () => {
  assert.equal(convert(':::tip\nCompare fingerprints.\n:::'), '# Title\n\n> **Tip**: Compare fingerprints.\n');
  assert.equal(convert(':::warning[Deprecated]\n\nGoing away.\n\n:::'), '# Title\n\n> **Deprecated**: Going away.\n');
});

test('text that only looks like a directive stays as written', () => {
  assert.equal(convert('Submitted at 17:00 UTC, see note:this.'), '# Title\n\nSubmitted at 17:00 UTC, see note:this.\n');
});

test('HTML written as JSX becomes Markdown, and string expressions their text', () => {
  const markdown = convert(
    [
      '<div className="wrapper">',
      '',
      '<p className="api-endpoint"><span className="method">POST</span> <code className="path">{"/v1/payments/{id}"}</code></p>',
      '',
      '<h2 className="title">Request</h2>',
      '',
      '| Name | Description |',
      '| --- | --- |',
      '| `amount`<span className="badge">required</span> | In cents. |',
      '',
      '</div>',
    ].join('\n'),
  );
  assert.equal(
    markdown,
    '# Title\n\nPOST `/v1/payments/{id}`\n\n## Request\n\n| Name | Description |\n| - | - |\n| `amount` required | In cents. |\n',
  );
});

test('links point where resolveUrl says; DocCardList becomes the list of the category', () => {
  const markdown = convert(
    [
      'See [errors](/api/errors#codes) and [the spec](https://example.com/spec).',
      '',
      '```mdx-code-block',
      "import DocCardList from '@theme/DocCardList';",
      '<DocCardList />',
      '```',
    ].join('\n'),
  );
  assert.equal(
    markdown,
    '# Title\n\nSee [errors](https://docs.example/api/errors.md#codes) and [the spec](https://example.com/spec).\n\n' +
      '- [First](https://docs.example/first.md): The first page.\n- [Second](https://docs.example/second.md)\n',
  );
});

test('code blocks keep their language, title and text, diagrams their mermaid source', () => {
  const block = '```json title="Response: 200 OK"\n{"id": "pay_1"}\n```\n\n```mermaid\nflowchart LR\n  accTitle: A\n  a --> b\n```';
  assert.equal(convert(block), `# Title\n\n${block}\n`);
});

test('twin paths: the route with .md, and index.md for a route that ends in a slash', () => {
  assert.equal(twinPath('/'), '/index.md');
  assert.equal(twinPath('/guides/'), '/guides/index.md');
  assert.equal(twinPath('/guides/payments/cancel-payments'), '/guides/payments/cancel-payments.md');
});
