/**
 * Tables for the hand-written docs pages, derived from the specs so that a page cannot fall behind
 * them: each is a pure function from the specs to an MDX partial, which scripts/gen-reference-tables.ts
 * writes under docs/_partials/generated/ and the pages import. Spec text reaches the MDX only as
 * syntax-tree text, written by scripts/lib/spec-text.ts.
 */
import type {PhrasingContent, RootContent, Table, TableRow} from 'mdast';
import {text, toMdx} from './spec-text';
import {apis, resolveLocalRef, type OpenApiDocument, type Operation} from '../api-model/specs';
import {operationPages, type OperationPage, type Specs} from './webhook-events';

/** The folder of the generated partials (git-ignored: change the specs or this file, not them). */
export const partialsDir = 'docs/_partials/generated';

/** One generated partial: its file and its MDX. */
export type Partial = {file: string; mdx: string};

/** The request header that makes a retry safe. */
export const idempotencyHeader = 'Idempotency-Key';

/** Whether an operation declares the Idempotency-Key header, inline or through a `$ref`. */
export function acceptsIdempotencyKey(spec: OpenApiDocument, operation: Operation): boolean {
  return operation.parameters.some((parameter) => {
    const {name, in: location} = resolveLocalRef<{name?: string; in?: string}>(spec, parameter);
    return location === 'header' && name?.toLowerCase() === idempotencyHeader.toLowerCase();
  });
}

/** The operations of both APIs that accept an Idempotency-Key, in the order of the specs. */
export function idempotentOperations(specs: Specs): OperationPage[] {
  return operationPages(specs).filter((page) => acceptsIdempotencyKey(specs[page.api], page.operation));
}

const cell = (...children: PhrasingContent[]) => ({type: 'tableCell' as const, children});
const row = (...cells: PhrasingContent[][]): TableRow => ({type: 'tableRow', children: cells.map((children) => cell(...children))});
const apiTitle = (page: OperationPage): string => apis.find((api) => api.name === page.api)!.title;

/** A link to an operation's reference page, labelled with its title (the summary). */
export const operationLink = (page: OperationPage): PhrasingContent => ({type: 'link', url: page.url, children: [text(page.title)]});

/** A table of operations: the API, the operation linked to its page, and its method and path. */
export function operationTable(pages: readonly OperationPage[]): Table {
  return {
    type: 'table',
    align: [null, null, null],
    children: [
      row([text('API')], [text('Operation')], [text('Endpoint')]),
      ...pages.map((page) =>
        row(
          [text(apiTitle(page))],
          [operationLink(page)],
          [{type: 'inlineCode', value: `${page.operation.method} ${page.operation.path}`}],
        ),
      ),
    ],
  };
}

/** The operation extension that names the one permission an operation needs (`payments:write`). */
export const permissionExtension = 'x-plaza-permission';

/** The permission an operation declares, or undefined when it declares none. */
export function operationPermission(operation: Operation): string | undefined {
  const value = operation.raw[permissionExtension];
  return typeof value === 'string' ? value : undefined;
}

/** Each permission the specs declare, in alphabetical order, with the operations that need it in the order of the specs. */
export function operationsByPermission(specs: Specs): Map<string, OperationPage[]> {
  const byPermission = new Map<string, OperationPage[]>();
  for (const page of operationPages(specs)) {
    const permission = operationPermission(page.operation);
    if (permission) byPermission.set(permission, [...(byPermission.get(permission) ?? []), page]);
  }
  return new Map([...byPermission].sort(([a], [b]) => a.localeCompare(b)));
}

/** A table of permissions: each permission, then every operation that needs it, linked to its page. */
export function permissionTable(specs: Specs): Table {
  return {
    type: 'table',
    align: [null, null],
    children: [
      row([text('Permission')], [text('Operations that need it')]),
      ...[...operationsByPermission(specs)].map(([permission, pages]) =>
        row(
          [{type: 'inlineCode', value: permission}],
          pages.flatMap((page, index) => [...(index ? [text(', ')] : []), operationLink(page)]),
        ),
      ),
    ],
  };
}

/** A partial's MDX: a note that it is generated, then its content. */
export function renderPartial(file: string, content: RootContent[]): Partial {
  const note: RootContent = {
    type: 'mdxFlowExpression',
    value:
      '/* Generated from specs/ by src/plugins/api-reference (npm start, npm run build). Edit the specs or the generator, not this file. */',
  };
  return {file, mdx: `${toMdx([note, ...content], file)}\n`};
}

/** Every partial the generator writes. */
export function referencePartials(specs: Specs): Partial[] {
  return [
    renderPartial(`${partialsDir}/_idempotent-operations.mdx`, [operationTable(idempotentOperations(specs))]),
    renderPartial(`${partialsDir}/_permissions.mdx`, [permissionTable(specs)]),
  ];
}
