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
  /**
   * What a lenient read let through, one line each with its pointer: a `$ref` that points at nothing
   * (shown as an unresolved reference), a node of the wrong kind (left out).
   */
  warnings: string[];
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
  /**
   * Whether a `$ref` that points at nothing, or a node of the wrong kind, stops the read (the default,
   * and Plaza's build). When false, the first stands as an unresolved reference (`unresolvedKey`), the
   * second is left out, and each is one of the spec's warnings.
   */
  strict?: boolean;
};

/** A spec that cannot be read or resolved: its message is one line per problem. */
export class SpecError extends Error {}

let redoclyConfig: Promise<Config> | undefined;
let structureConfig: Promise<Config> | undefined;

/** The model of the specs under `projectDir`, each file read and parsed once. */
export async function loadApiModel(projectDir: string, {apis: list = apis, ...options}: ModelOptions = {}): Promise<ApiModel> {
  const loaded = await Promise.all(
    list.map(async (api): Promise<ApiSpec> => {
      const source = await readFile(resolve(projectDir, api.file), 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new SpecError(`${api.file}: cannot be read (${error.code ?? error.message})`);
      });
      return readApi(api, source, {projectDir, ...options});
    }),
  );
  return {apis: loaded, specs: Object.fromEntries(loaded.map((api) => [api.name, api.document]))};
}

/** One API of the model from its spec's text (`api.file` says where its relative `$ref`s are read from). */
export async function readApi(
  api: Api,
  source: string,
  {projectDir = '.', foreign = false, strict = true}: {projectDir?: string} & Omit<ModelOptions, 'apis'> = {},
): Promise<ApiSpec> {
  const documents = await readSpecText(source, resolve(projectDir, api.file), api.file, {strict});
  return {...api, plaza: !foreign, source, ...documents, operations: operationRecords(documents.resolved, api.route)};
}

/** The key of what stands for a `$ref` that points at nothing, in a lenient read: the `$ref` itself. */
export const unresolvedKey = 'x-unresolved-ref';

/**
 * A spec's text as its two documents. `file` is where it lives (its relative `$ref`s are read from
 * that folder); `name` is how errors call it.
 */
export async function readSpecText(
  source: string,
  file: string,
  name = file,
  {strict = true}: Pick<ModelOptions, 'strict'> = {},
): Promise<Pick<ApiSpec, 'document' | 'resolved' | 'warnings'>> {
  // Loaded when a spec is read, not when the site config is: it brings its lint rules (and ajv) along.
  const {BaseResolver, bundle, createConfig, lintDocument, makeDocumentFromString} = await import('@redocly/openapi-core');
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
  const structure = await (structureConfig ??= createConfig({extends: [], rules: {struct: 'error'}}));
  // openapi-core throws on some documents (an `openapi` that is not a string): that is one line too.
  const oneLineOf = <T>(work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      throw error instanceof SpecError ? error : new SpecError(`${name}: ${oneLine(error)}`);
    });
  const bundled = async (dereference: boolean, document: object) => {
    const result = await oneLineOf(bundle({doc: {source: read.source, parsed: document}, config, dereference}));
    // A `$ref` key inside an example is data that happens to look like a reference, not a reference.
    return {parsed: result.bundle.parsed as OpenApiDocument, problems: result.problems.filter(isError)};
  };
  // What stops a strict read: a `$ref` that points at nothing, and a node of the wrong kind (a number
  // for a description, a list for an object's properties). A lenient read puts an unresolved
  // reference (unresolvedKey) in the place of the first and leaves the second out, one warning line
  // each, and looks again: a node left out may have been the target of a `$ref`.
  const mended = structuredClone(parsed) as OpenApiDocument;
  const warnings: string[] = [];
  for (;;) {
    // The shape first: the bundler itself fails on some misshapen nodes (a discriminator mapping of null).
    const linted = await oneLineOf(
      lintDocument({document: {source: read.source, parsed: mended}, config: structure, externalRefResolver: new BaseResolver()}),
    );
    const misshapen = linted.filter((problem) => isError(problem) && problem.message.startsWith('Expected type '));
    const {problems} = misshapen.length ? {problems: []} : await bundled(false, mended);
    const all = [...problems, ...misshapen];
    if (all.length === 0) break;
    const lines = all.map((problem) => `${name}: ${problemLine(mended, problem)}`);
    const own = misshapen.filter((problem) => problem.location[0]?.source.absoluteRef === read.source.absoluteRef);
    const dangling = problems.filter((problem) => unresolvedRef(mended, problemPointer(problem)) !== undefined);
    if (strict || dangling.length < problems.length || own.length < misshapen.length) throw new SpecError(lines.join('\n'));
    for (const problem of dangling) {
      const pointer = problemPointer(problem);
      warnings.push(`${name}: ${problemLine(mended, problem)}; shown as an unresolved reference`);
      replaceAt(mended, pointer, {[unresolvedKey]: unresolvedRef(mended, pointer)});
    }
    // Said in pointer order; taken out the deepest first, and the last item of a list before those
    // ahead of it, so that no pointer moves.
    const pointers = [...new Set(own.map(problemPointer))].sort(pointerOrder);
    for (const pointer of pointers) {
      const problem = own.find((one) => problemPointer(one) === pointer)!;
      warnings.push(`${name}: ${problemLine(mended, problem)}; left out`);
    }
    for (const pointer of pointers.reverse()) removeAt(mended, pointer);
  }
  const [document, resolved] = await Promise.all([bundled(false, structuredClone(mended)), bundled(true, titled(structuredClone(mended)))]);
  const problems = [...document.problems, ...resolved.problems];
  if (problems.length > 0) throw new SpecError(problems.map((problem) => `${name}: ${problemLine(mended, problem)}`).join('\n'));
  return {document: document.parsed, resolved: cutCycles(resolved.parsed), warnings};
}

/** An error of the bundler or the linter, unless inside an example: a `$ref` key there is data, not a reference. */
const isError = (problem: {severity: string; location: {pointer?: string}[]}): boolean =>
  problem.severity === 'error' && !inExample(problemPointer(problem));

/** The `$ref` at a pointer of the parsed spec, when there is one there. */
function unresolvedRef(parsed: unknown, pointer: string): string | undefined {
  const ref = (pointerTarget(parsed, pointer) as {$ref?: unknown} | undefined)?.$ref;
  return typeof ref === 'string' ? ref : undefined;
}

/** The node that holds the one at a local pointer of `root`, and its key there. */
function holderOf(root: unknown, pointer: string): {holder: Json | unknown[]; key: string} {
  const keys = pointerKeys(pointer);
  const key = keys.pop()!;
  return {holder: keys.reduce<unknown>((node, one) => (node as Json)[one], root) as Json | unknown[], key};
}

/** Puts `value` at a local pointer of `root`, where `unresolvedRef` found a `$ref`. */
function replaceAt(root: unknown, pointer: string, value: unknown): void {
  const {holder, key} = holderOf(root, pointer);
  (holder as Json)[key] = value;
}

/** Takes out the node at a local pointer of `root`: a key of an object, an item of a list. */
function removeAt(root: unknown, pointer: string): void {
  const {holder, key} = holderOf(root, pointer);
  if (Array.isArray(holder)) holder.splice(Number(key), 1);
  else delete holder[key];
}

/** Pointers by their keys in turn, items of a list by number: reversed, the deepest and the last come first. */
function pointerOrder(a: string, b: string): number {
  const [left, right] = [pointerKeys(a), pointerKeys(b)];
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const [x, y] = [left[index]!, right[index]!];
    if (x !== y) return /^\d+$/.test(x) && /^\d+$/.test(y) ? Number(x) - Number(y) : x < y ? -1 : 1;
  }
  return left.length - right.length;
}

/** The keys of a local `#/...` pointer, unescaped. */
const pointerKeys = (pointer: string): string[] =>
  pointer
    .slice(2)
    .split('/')
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));

const oneLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() ?? '';

const problemPointer = (problem: {location: {pointer?: string}[]}): string => problem.location[0]?.pointer ?? '#';

/** A bundling problem in words: an unresolved `$ref` is named with where it is. */
function problemLine(parsed: unknown, problem: {message: string; location: {pointer?: string}[]}): string {
  const pointer = problemPointer(problem);
  const ref = (pointerTarget(parsed, pointer) as {$ref?: unknown} | undefined)?.$ref;
  const message = problem.message.replace(/\s+/g, ' ').replace(/\.$/, '');
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
  return pointerKeys(pointer).reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), root);
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
