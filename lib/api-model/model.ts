/**
 * The API model: each spec of specs/ read ONCE (its YAML parsed by @redocly/openapi-core), then
 * bundled (external `$ref`s brought in) into the two forms every output reads:
 *
 * - `document`: the bundled document with its local `$ref`s kept: what readers download, what the
 *   Postman collections are converted from, and what the checks and tests walk by reference;
 * - `resolved`: the same document with every `$ref` replaced by its target, which the reference pages
 *   are rendered from. A component schema without a title is titled by its name (alternatives and
 *   recursive fields are named by it), a `discriminator.mapping` names its schemas instead of
 *   pointing at them, and a cycle is cut where a schema comes back inside itself, to the string
 *   `circular(Title)` (see lib/api-render/schema.ts).
 *
 * A document that cannot be read or whose references do not resolve throws a SpecError: one line
 * per problem, naming the file and where.
 */
import {readFile} from 'node:fs/promises';
import {resolve} from 'node:path';
import type {Config} from '@redocly/openapi-core';
import {apis, operationRecords, type OpenApiDocument, type OperationRecord} from './specs';

/**
 * An API of the site: its name, title, spec file (relative to the project, or absolute), the route
 * folder of its pages and the route of its category index. Plaza's two are `apis`; `npm run preview`
 * makes one of any spec (lib/api-model/preview.ts).
 */
export type Api = {name: string; title: string; file: string; route: string; categorySlug: string};

export type ApiSpec = Api & {
  /**
   * Whether the spec keeps Plaza's conventions: its `X-API-KEY` is the secret key of the guides,
   * an `{error: {type, code}}` body is the error object of /api/errors, and its webhook and event
   * operations have Plaza's event catalogue. A foreign spec's pages say only what the spec says.
   */
  plaza: boolean;
  /** The spec's text, as committed. */
  source: string;
  /** Bundled, with its local `$ref`s kept. */
  document: OpenApiDocument;
  /** Every `$ref` replaced by its target; component schemas titled; cycles cut to `circular(Title)`. */
  resolved: OpenApiDocument;
  /** The operations of `resolved`, its webhooks last, each with its page's title, slug and route. */
  operations: OperationRecord[];
};

export type ApiModel = {
  apis: ApiSpec[];
  /** Each API's bundled document by name, for the readers that walk references. */
  specs: Record<string, OpenApiDocument>;
};

export type ModelOptions = {
  /** The APIs to read: Plaza's two by default. */
  apis?: readonly Api[];
  /** Specs that are not Plaza's: none of its conventions is read into them. */
  foreign?: boolean;
};

/** A spec that cannot be read or resolved: its message is one line per problem. */
export class SpecError extends Error {}

let redoclyConfig: Promise<Config> | undefined;

/** The model of the specs under `projectDir`, each file read and parsed once. */
export async function loadApiModel(projectDir: string, {apis: list = apis, foreign = false}: ModelOptions = {}): Promise<ApiModel> {
  const loaded = await Promise.all(
    list.map(async (api): Promise<ApiSpec> => {
      const source = await readFile(resolve(projectDir, api.file), 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new SpecError(`${api.file}: cannot be read (${error.code ?? error.message})`);
      });
      return readApi(api, source, {projectDir, foreign});
    }),
  );
  return {apis: loaded, specs: Object.fromEntries(loaded.map((api) => [api.name, api.document]))};
}

/** One API of the model from its spec's text (`api.file` says where its relative `$ref`s are read from). */
export async function readApi(
  api: Api,
  source: string,
  {projectDir = '.', foreign = false}: {projectDir?: string; foreign?: boolean} = {},
): Promise<ApiSpec> {
  const documents = await readSpecText(source, resolve(projectDir, api.file), api.file);
  return {...api, plaza: !foreign, source, ...documents, operations: operationRecords(documents.resolved, api.route)};
}

/**
 * A spec's text as its two documents. `file` is where it lives (its relative `$ref`s are read from
 * that folder); `name` is how errors call it.
 */
export async function readSpecText(source: string, file: string, name = file): Promise<Pick<ApiSpec, 'document' | 'resolved'>> {
  // Loaded when a spec is read, not when the site config is: it brings its lint rules (and ajv) along.
  const {bundle, createConfig, makeDocumentFromString} = await import('@redocly/openapi-core');
  let read: ReturnType<typeof makeDocumentFromString>;
  try {
    read = makeDocumentFromString(source, file);
  } catch (error) {
    throw new SpecError(`${name}: not valid YAML (${oneLine(error)})`);
  }
  const {parsed} = read;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new SpecError(`${name}: the document is not a YAML mapping`);
  const config = await (redoclyConfig ??= createConfig({}));
  const bundled = async (dereference: boolean, document: object) => {
    const result = await bundle({doc: {source: read.source, parsed: document}, config, dereference});
    // A `$ref` key inside an example is data that happens to look like a reference, not a reference.
    const problems = result.problems.filter((problem) => problem.severity === 'error' && !inExample(problemPointer(problem)));
    if (problems.length > 0) {
      throw new SpecError(problems.map((problem) => `${name}: ${problemLine(parsed, problem)}`).join('\n'));
    }
    return result.bundle.parsed as OpenApiDocument;
  };
  const document = await bundled(false, structuredClone(parsed));
  const resolved = cutCycles(await bundled(true, titled(structuredClone(parsed) as OpenApiDocument)));
  return {document, resolved};
}

const oneLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() ?? '';

const problemPointer = (problem: {location: {pointer?: string}[]}): string => problem.location[0]?.pointer ?? '#';

/** A bundling problem in words: an unresolved `$ref` is named with where it is. */
function problemLine(parsed: unknown, problem: {message: string; location: {pointer?: string}[]}): string {
  const pointer = problemPointer(problem);
  const ref = (pointerTarget(parsed, pointer) as {$ref?: unknown} | undefined)?.$ref;
  const message = problem.message.replace(/\s+/g, ' ');
  if (typeof ref !== 'string') return `${message} (at ${pointer})`;
  const cause = message.replace(/^Can't resolve \$ref:? ?/, '');
  return `the $ref "${ref}" at ${pointer} points at nothing${cause ? ` (${cause})` : ''}`;
}

/** Whether a pointer is inside an example's value (`.../example/...`, `.../examples/<name>/value/...`, a schema's `examples`). */
const inExample = (pointer: string): boolean => /\/(example|examples\/[^/]+\/value|examples\/\d+)(\/|$)/.test(pointer);

/**
 * The key that keeps a component schema's name once its `$ref`s are replaced by it: a discriminator
 * without a mapping selects a schema by that name (OpenAPI's implicit mapping), whatever its title.
 */
export const schemaNameKey = 'x-schema-name';

/** The document with each component schema named (schemaNameKey), and titled by its name when it has no title. */
function titled(document: OpenApiDocument): OpenApiDocument {
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    if (!schema || typeof schema !== 'object' || '$ref' in schema) continue;
    if (!('title' in schema)) (schema as {title?: string}).title = name;
    (schema as Record<string, unknown>)[schemaNameKey] = name;
  }
  return document;
}

type Json = Record<string, unknown>;

/** The node a local `#/...` pointer names in `root`, or undefined. */
function pointerTarget(root: unknown, pointer: string): unknown {
  return pointer
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
      root,
    );
}

/**
 * A dereferenced document as a tree: where a node comes back inside itself (itself, or a copy made
 * of it for a `$ref`), `circular(Title)` (its title, or nothing) stands for it; a discriminator's
 * mapping holds the schemas it names.
 */
function cutCycles(root: OpenApiDocument): OpenApiDocument {
  const ancestors: unknown[] = [];
  // openapi-core replaces a `$ref` by a shallow copy of its target: the copy of an ancestor is not the
  // ancestor, but its fields are the ancestor's own (its `properties`, its `items`).
  const copyOfAncestor = (node: Json): boolean =>
    Object.entries(node).some(
      ([key, child]) => child !== null && typeof child === 'object' && ancestors.some((ancestor) => (ancestor as Json)[key] === child),
    );
  const copy = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (ancestors.includes(value) || (!Array.isArray(value) && copyOfAncestor(value as Json))) {
      const title = value === root ? undefined : (value as {title?: unknown}).title;
      return typeof title === 'string' && title ? `circular(${title})` : 'circular()';
    }
    ancestors.push(value);
    let result: unknown;
    if (Array.isArray(value)) {
      result = value.map(copy);
    } else {
      const node = value as Json;
      const mapping = (node.discriminator as {mapping?: Record<string, unknown>} | undefined)?.mapping;
      const entries = Object.entries(node).map(([key, child]): [string, unknown] => {
        if (key !== 'discriminator' || !mapping) return [key, copy(child)];
        const targets = Object.entries(mapping).map(([value, target]) => [
          value,
          typeof target === 'string' && target.startsWith('#') ? (pointerTarget(root, target) ?? target) : target,
        ]);
        return [key, copy({...(child as Json), mapping: Object.fromEntries(targets)})];
      });
      result = Object.fromEntries(entries);
    }
    ancestors.pop();
    return result;
  };
  return copy(root) as OpenApiDocument;
}
