/**
 * The field tables of an operation page (schema-fields.ts gives their rows): one row per field with
 * its badges, its description and constraints squeezed into one cell, and what follows a table: the
 * alternatives of a `oneOf`/`anyOf` as tabs and the fields nested too deep as a `<details>`.
 */
import type {PhrasingContent, RootContent, TableRow} from 'mdast';
import {jsxBlock, jsxInline, specMarkdown, text} from './spec-text';
import {code, paragraph, strong} from './page-nodes';
import type {Alternatives, Field, FieldTable} from './schema-fields';

const br = (): PhrasingContent => jsxInline('br', {}, []);

/** Spec Markdown squeezed into one table cell: paragraphs and list items become line breaks. */
function cell(markdown: string): PhrasingContent[] {
  const lines: PhrasingContent[][] = [];
  const walk = (nodes: RootContent[], bullet = ''): void => {
    for (const node of nodes) {
      if (node.type === 'list') node.children.forEach((item) => walk(item.children, '• '));
      else if (node.type === 'paragraph' || node.type === 'heading') lines.push([...(bullet ? [text(bullet)] : []), ...node.children]);
      else if (node.type === 'code') lines.push([code(node.value)]);
      else if ('children' in node) walk(node.children as RootContent[], bullet);
      else if (node.type !== 'thematicBreak') lines.push([node as PhrasingContent]);
    }
  };
  walk(specMarkdown(markdown));
  return oneLine(lines.flatMap((line, index) => (index === 0 ? line : [br(), ...line])));
}

/** Phrasing content with its line breaks turned into spaces, as a table row is one line. */
function oneLine(nodes: PhrasingContent[]): PhrasingContent[] {
  return nodes.map((node) => {
    if (node.type === 'text' || node.type === 'inlineCode') return {...node, value: node.value.replace(/\s*[\r\n]\s*/g, ' ')};
    if (node.type === 'break') return text(' ');
    return 'children' in node ? ({...node, children: oneLine(node.children as PhrasingContent[])} as PhrasingContent) : node;
  });
}

function badges(field: Pick<Field, 'required' | 'deprecated'>): PhrasingContent[] {
  return [
    ...(field.required ? [jsxInline('span', {className: 'api-field__required'}, [text('required')])] : []),
    ...(field.deprecated ? [jsxInline('span', {className: 'api-field__deprecated'}, [text('deprecated')])] : []),
  ];
}

const row = (cells: PhrasingContent[][]): TableRow => ({
  type: 'tableRow',
  children: cells.map((children) => ({type: 'tableCell', children})),
});

/**
 * A target of the links of recursive fields: an `<a id>`, which the theme's MDX link component
 * registers with the build's broken-anchor check and keeps clear of the sticky navbar.
 */
const anchor = (id: string, children: PhrasingContent[]): PhrasingContent => jsxInline('a', {id}, children);

/** The name cell: the field's path (a link target when a recursive field points back to it) and its badges. */
function nameCell(field: Field): PhrasingContent[] {
  const name = code(field.name);
  return [field.anchor ? anchor(field.anchor, [name]) : name, ...badges(field)];
}

/** A link to the row (or table) a recursive field repeats, as a plain anchor within the page. */
function repeatsLink(repeats: NonNullable<Field['repeats']>): PhrasingContent[] {
  const target = repeats.path ? code(repeats.path) : text('the top level');
  return [text('Recursive: the same fields as '), jsxInline('a', {href: `#${repeats.anchor}`}, [target]), text('.')];
}

export function table(rows: Field[]): RootContent[] {
  if (rows.length === 0) return [];
  const lines = rows.map((field) => {
    const parts = [field.description, ...field.constraints].filter(Boolean).map(cell);
    if (field.repeats) parts.push(repeatsLink(field.repeats));
    if (field.same)
      parts.push([text('The same fields as '), code(field.same.path), text(' in the '), strong(field.same.shape), text(' shape above.')]);
    const description = parts.flatMap((part, index) => [...(index ? [text(' ')] : []), ...part]);
    return row([nameCell(field), [text(field.type)], description]);
  });
  return [{type: 'table', align: [], children: [row([[text('Name')], [text('Type')], [text('Description')]]), ...lines]}];
}

/**
 * A field table with what follows it: the alternatives of a `oneOf`/`anyOf` as tabs (all in the
 * page, so they are read without JavaScript, by the search and by the Markdown twin), and the
 * fields nested too deep as a `<details>` the reader opens.
 */
export function fieldTables(fields: FieldTable): RootContent[] {
  const parts: RootContent[] = [];
  if (fields.anchor) parts.push(paragraph(jsxInline('p', {}, [anchor(fields.anchor, [text('Fields:')])])));
  parts.push(...table(fields.rows));
  for (const group of fields.groups) {
    if (group.kind === 'collapsed') {
      const summary = paragraph(jsxInline('summary', {}, [text('Fields of '), code(group.path)]));
      parts.push(jsxBlock('details', {className: 'api-fields__more'}, [summary, ...fieldTables(group.table)]));
    } else {
      parts.push(...alternativesTabs(group));
    }
  }
  return parts;
}

function alternativesTabs(group: Alternatives): RootContent[] {
  const subject: PhrasingContent[] = group.path ? [code(group.path), text(' is')] : [text('The body is')];
  const how = group.keyword === 'oneOf' ? ' exactly one of these shapes.' : ' one or more of these shapes.';
  const parts: RootContent[] = [paragraph(...subject, text(how))];
  const {discriminator} = group;
  if (discriminator?.mapping.length) {
    const values = discriminator.mapping.flatMap(([value, label], index) => [
      ...(index ? [text(', ')] : []),
      code(value),
      text(` for ${label}`),
    ]);
    parts.push(paragraph(text('Its '), code(discriminator.property), text(' field says which: '), ...values, text('.')));
  }
  const items = group.options.map((option, index) => {
    const values = option.values.flatMap((value, at) => [...(at ? [text(' or ')] : []), code(value)]);
    const when =
      discriminator && values.length ? [paragraph(text('When '), code(discriminator.property), text(' is '), ...values, text('.'))] : [];
    const body = [...when, ...(option.description ? specMarkdown(option.description) : []), ...fieldTables(option.table)];
    return jsxBlock('TabItem', {value: String(index + 1), label: option.label}, body);
  });
  parts.push(jsxBlock('Tabs', {className: 'api-alternatives'}, items));
  return parts;
}
