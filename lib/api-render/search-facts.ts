/**
 * What the site search knows of each API operation page beside its text, from the model: its method
 * and path, its operationId and the names of its request fields. The API reference plugin writes
 * them to generated/search-facts.json; the indexing step (scripts/index-search.ts) gives them to
 * Pagefind as metadata that the search matches and ranks (src/lib/search.ts, searchRanking).
 */
import type {ApiModel} from '../api-model/model';
import {pathOperations} from '../api-model/specs';

export type OperationFacts = {method: string; endpoint: string; operation: string; fields: string};

/** Where the plugin writes the facts, from the project's folder. */
export const searchFactsFile = 'generated/search-facts.json';

type Schema = {properties?: Record<string, unknown>; items?: unknown; allOf?: unknown[]; oneOf?: unknown[]; anyOf?: unknown[]};

/** Every property name in a resolved schema, its nested objects, arrays and compositions included. */
function propertyNames(value: unknown, names: Set<string>): void {
  if (!value || typeof value !== 'object') return;
  const schema = value as Schema;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    names.add(name);
    propertyNames(property, names);
  }
  for (const part of [schema.items, ...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) propertyNames(part, names);
}

/** The facts of every operation page, by route. */
export function searchFacts(model: ApiModel): Record<string, OperationFacts> {
  const facts: Record<string, OperationFacts> = {};
  for (const api of model.apis) {
    for (const operation of pathOperations(api.operations)) {
      const body = operation.raw.requestBody as {content?: Record<string, {schema?: unknown}>} | undefined;
      const names = new Set<string>();
      for (const media of Object.values(body?.content ?? {})) propertyNames(media.schema, names);
      facts[operation.route] = {
        method: operation.method,
        endpoint: `${operation.method} ${operation.path}`,
        operation: operation.operationId ?? '',
        fields: [...names].join(' '),
      };
    }
  }
  return facts;
}
