/**
 * The webhook events the specs define, read with no I/O and no Node.js API, so that the sandbox can
 * check the events it sends as the event catalogue documents them: the types (the Event schema's
 * `type` enum) and the object each one carries (the `object_type` that the example of Get all event
 * types gives it, which names a component schema: `dispute_case` is DisputeCase).
 */
import {apis, listOperations, resolveLocalRef, type ApiName, type OpenApiDocument, type Operation} from './operations';

export type Specs = Record<ApiName, OpenApiDocument>;
export type Json = Record<string, unknown>;

export const schemasOf = (spec: OpenApiDocument): Record<string, Json> => (spec.components?.schemas ?? {}) as Record<string, Json>;
export const schemaRef = (name: string): string => `#/components/schemas/${name}`;
export const fileOf = (api: ApiName): string => apis.find((item) => item.name === api)!.file;
export const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether the specs hold an event catalogue at all: Plaza's specs define it by the Event schema; a foreign spec may not. */
export const definesEvents = (specs: Specs): boolean => apis.some((item) => schemasOf(specs[item.name]).Event);

/** The API whose spec defines the Event schema (and Get all event types). */
export function eventsApi(specs: Specs): ApiName {
  const api = apis.find((item) => schemasOf(specs[item.name]).Event);
  if (!api) throw new Error('No spec defines components.schemas.Event: the webhook event catalogue has nothing to list.');
  return api.name;
}

/** The event types, in the order of the Event schema's `type` enum. */
export function eventTypes(specs: Specs): string[] {
  const event = schemasOf(specs[eventsApi(specs)]).Event as {properties?: {type?: {enum?: unknown[]}}};
  const types = event.properties?.type?.enum ?? [];
  return types.filter((type): type is string => typeof type === 'string');
}

/** The JSON examples of an operation's 2xx responses, each with the `$ref` of its schema. */
export function responseExamples(spec: OpenApiDocument, operation: Operation): {schema: Json; values: unknown[]}[] {
  return Object.entries((operation.raw.responses ?? {}) as Json)
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([, response]) => {
      const media = resolveLocalRef<{content?: Record<string, {schema?: Json; example?: unknown; examples?: Json}>}>(spec, response)
        .content?.['application/json'];
      if (!media?.schema) return [];
      const values = media.examples
        ? Object.values(media.examples).map((example) => resolveLocalRef<{value?: unknown}>(spec, example).value)
        : [media.example];
      return [{schema: media.schema, values: values.filter((value) => value !== undefined)}];
    });
}

/** The `$ref` of the items of a list schema (`{data: [...], has_more, next_cursor}`), if it is one. */
function listItemsRef(spec: OpenApiDocument, schema: unknown): string | undefined {
  const resolved = resolveLocalRef<Json>(spec, schema);
  const parts = [resolved, ...((resolved.allOf as unknown[]) ?? []).map((part) => resolveLocalRef<Json>(spec, part))];
  for (const part of parts) {
    const data = (part.properties as Json | undefined)?.data as {items?: {$ref?: string}} | undefined;
    if (data?.items?.$ref) return data.items.$ref;
  }
  return undefined;
}

/** The objects of schema `name` in an operation's response examples: whole bodies, or the items of lists. */
export function objectsReturned(spec: OpenApiDocument, operation: Operation, name: string): Json[] {
  return responseExamples(spec, operation).flatMap(({schema, values}) => {
    if (schema.$ref === schemaRef(name)) return values.filter(isObject);
    if (listItemsRef(spec, schema) === schemaRef(name))
      return values.flatMap((value) => (isObject(value) && Array.isArray(value.data) ? value.data.filter(isObject) : []));
    return [];
  });
}

/** The schema of an object type: `dispute_case` is DisputeCase, in whichever spec defines it. */
export function objectSchema(specs: Specs, objectType: string): {api: ApiName; name: string} {
  const name = objectType
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  const holders = apis.filter((api) => schemasOf(specs[api.name])[name]);
  const [holder] = holders;
  if (!holder || holders.length !== 1) {
    const found = holders.length === 0 ? 'neither spec defines it' : `both ${holders.map((api) => api.file).join(' and ')} define it`;
    throw new Error(`The object type "${objectType}" should be the schema components.schemas.${name}, but ${found}.`);
  }
  return {api: holder.name, name};
}

/** When each event type is sent and what it carries, from the example of Get all event types. */
export function typeDescriptions(specs: Specs): Map<string, {objectType: string; description: string}> {
  const spec = specs[eventsApi(specs)];
  const descriptions = new Map<string, {objectType: string; description: string}>();
  for (const operation of listOperations(spec)) {
    for (const item of objectsReturned(spec, operation, 'EventType')) {
      if (typeof item.type === 'string' && typeof item.object_type === 'string' && typeof item.description === 'string') {
        descriptions.set(item.type, {objectType: item.object_type, description: item.description});
      }
    }
  }
  return descriptions;
}
