/**
 * rehype-static-trees turns parts of a page into data that StaticTree renders: MDX compiled with
 * the plugin must render the same HTML as without it, through the same MDX components, and leave
 * as JSX what is more than data.
 */
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {test} from 'node:test';
import {MDXProvider, useMDXComponents} from '@mdx-js/react';
import {createElement, type ReactNode} from 'react';
import * as runtime from 'react/jsx-runtime';
import {renderToStaticMarkup} from 'react-dom/server';
import rehypeStaticTrees, {componentSource} from '../../src/plugins/rehype-static-trees';

// The page's MDX components, as the theme provides its own for links and code.
const components = {
  a: (props: {href?: string; children?: ReactNode}) => createElement('a', {...props, 'data-theme': 'link'}),
  code: (props: {children?: ReactNode}) => createElement('code', {...props, 'data-theme': 'code'}),
};

const page = `import Box from './static-tree-box.mjs';

## Fields

| Name | Type | Description |
| - | - | - |
| \`name\`<span className="api-field__required">required</span> | string | The name, see [Get seller](/api/get-seller). Length at most 120, or **none**. |
| \`owner.contact\` | object | <a id="owner-contact">Who</a> to write to: *the owner*, ~~or nobody~~. |
| \`tags\` | array | One of \`a\`, \`b\` or \`c\`.<br />Up to ten, each at most forty characters. |

<div className="api-operation__part" data-pagefind-ignore="all">
  - A list item with \`code\` and a [link](https://example.com/a?b=1&c=2).
  - Another item, long enough that the list is worth a tree of its own, with *emphasis* too.
  - A third item, so that the list is well past the size below which a part stays JSX.
</div>

<Box lazy groupId="api-language" className="api-samples__tabs">
  <Box value="curl" label="cURL">
    \`\`\`bash title="request.sh"
    curl -X POST "https://api.example.com/v1/things" -H "X-API-KEY: $KEY" -d '{"a": 1}'
    \`\`\`
  </Box>
  <Box value="json" label="JSON &lt;b&gt;">
    \`\`\`json
    {"id": "thg_123", "note": "<script>alert(1)</script> stays text, long enough to be a tree"}
    \`\`\`
  </Box>
</Box>

<Box count={2}>
  A part with an expression stays as it is, with its [link](/api/errors) and enough words to be a tree if it could be one.
</Box>
`;

// MDX and remark-gfm are ES modules only, which this CommonJS test loads with import().
const mdx = () => import('@mdx-js/mdx');
async function compileOptions(withPlugin: boolean) {
  const {default: remarkGfm} = await import('remark-gfm');
  return {
    remarkPlugins: [remarkGfm],
    rehypePlugins: withPlugin ? [rehypeStaticTrees, importOutsideSite] : [],
    providerImportSource: '@mdx-js/react',
  };
}

/**
 * Outside the site there is no @site alias: the page imports StaticTree through a fixture that
 * loads src/components/StaticTree (the same file the alias names) and hands on its default export.
 */
const staticTreeFixture = pathToFileURL(join(__dirname, '../fixtures/static-tree.mjs')).href;
function importOutsideSite() {
  return (root: {children: {type: string; value?: string; data?: {estree?: {body: {source?: {value: string}}[]}}}[]}) => {
    for (const node of root.children) {
      const source = node.type === 'mdxjsEsm' ? node.data?.estree?.body[0]?.source : undefined;
      if (source?.value === componentSource) source.value = staticTreeFixture;
    }
  };
}
const compile = async (source: string, withPlugin: boolean) =>
  String(await (await mdx()).compile(source, await compileOptions(withPlugin)));

async function render(withPlugin: boolean): Promise<string> {
  const {evaluate} = await mdx();
  const options = {
    ...runtime,
    useMDXComponents,
    ...(await compileOptions(withPlugin)),
    baseUrl: pathToFileURL(join(__dirname, '../fixtures/page.mdx')),
  };
  const {default: Content} = await evaluate(page, options as Parameters<typeof evaluate>[1]);
  return renderToStaticMarkup(createElement(MDXProvider, {components}, createElement(Content)));
}

test('a page renders the same HTML with its parts as trees, through the same MDX components', async () => {
  const [asJsx, asTrees] = [await render(false), await render(true)];
  assert.equal(asTrees, asJsx);
  // The sample really uses what the comparison is about.
  for (const part of [
    'data-theme="link"',
    'data-theme="code"',
    '<a id="owner-contact">',
    'data-pagefind-ignore="all"',
    '&quot;lazy&quot;:true',
    'JSON &lt;b&gt;',
    '&lt;script&gt;',
  ]) {
    assert.ok(asJsx.includes(part), `the rendering has ${part}`);
  }
});

test('the alias the pages import StaticTree by names the component', () => {
  assert.equal(componentSource, '@site/src/components/StaticTree');
  assert.ok(existsSync(join(__dirname, '../../src/components/StaticTree/index.tsx')));
});

test('the parts that are only data become trees, and a part with an expression stays JSX', async () => {
  const code = await compile(page, true);
  const trees = code.match(/tree: "/g) ?? [];
  assert.equal(trees.length, 3, 'the table, the list and the tabs are each one tree');
  assert.match(code, /components: \{\s*Box\s*\}/, 'the tabs tree gets the component it names');
  assert.match(code, /count: 2/, 'the part with an expression keeps it');
  assert.match(code, /href: "\/api\/errors"/, 'and stays JSX');
  assert.doesNotMatch(code, /_jsx\(_components\.table/, 'no table is left as JSX');
});

test('a page that names its own StaticTree is refused', async () => {
  await assert.rejects(compile(`import StaticTree from './x.mjs';\n\nText.\n`, true), /imports its own StaticTree/);
});

test('the children of a component that stays JSX stay its children, and what is inside them becomes a tree', async () => {
  // Tabs reads the value and label of each TabItem: a TabItem turned into a StaticTree breaks it.
  const sample = `curl -X POST "https://api.example.com/v1/things" -H "X-API-KEY: $KEY" -d '{"a": 1, "note": "long enough to be a tree"}'`;
  const source = `import Box from './static-tree-box.mjs';

<Box count={3}>
  <Box value="curl" label="cURL">
    \`\`\`bash title="A title that is long enough for the item to be worth a tree, were it not a child of a component"
    ${sample}
    ${sample}
    ${sample}
    ${sample}
    \`\`\`
  </Box>
</Box>
`;
  const code = await compile(source, true);
  assert.match(code, /value: "curl"/, 'the child keeps its props as JSX');
  assert.equal((code.match(/tree: "/g) ?? []).length, 1, 'the code block inside it is a tree');
});
