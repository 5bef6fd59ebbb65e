/**
 * The webhook event catalogue, read from the specs alone: every type of the Event schema's `type`
 * enum, when Plaza sends it (the example of Get all event types), the object it carries and the
 * operation that returns that object, the operations that cause it (those whose `x-plaza-events`
 * name it), and a payload example made from the specs' own response examples.
 */
import {createHash} from 'node:crypto';
import kebabCase from 'lodash/kebabCase';
import {
  eventsApi,
  eventTypes,
  fileOf,
  objectSchema,
  objectsReturned,
  responseExamples,
  schemaRef,
  schemasOf,
  typeDescriptions,
  type Json,
  type Specs,
} from '../api-model/events';
import {
  apis,
  listOperations,
  operationRecords,
  pathOperations,
  resolveLocalRef,
  type ApiName,
  type OpenApiDocument,
  type OperationRecord,
} from '../api-model/specs';

export {definesEvents, eventsApi, eventTypes, type Json, type Specs} from '../api-model/events';

/** The operation extension that lists the event types an operation causes. */
export const eventsExtension = 'x-plaza-events';

/** An operation of one of the APIs, with the route of its reference page. */
export type OperationPage = {api: ApiName; operation: OperationRecord; title: string; url: string};

export type CatalogueEvent = {
  type: string;
  /** The id of the event's heading on the page, `payment-succeeded` for `payment.succeeded`. */
  anchor: string;
  /** When Plaza sends it, as Get all event types says: "Sent when ...". */
  description: string;
  /** The `object_type` of Get all event types, such as `dispute_case`. */
  objectType: string;
  /** The component schema of the object and the API whose spec holds it. */
  schema: {api: ApiName; name: string};
  /** The operation that returns the object, to read it again. */
  read: OperationPage;
  /** The operations that cause the event; none when Plaza sends it on its own. */
  causes: OperationPage[];
  /** A whole delivery: the event envelope with the object in `data.object`. */
  example: Json;
};

/** The events that carry one kind of object, under the tag of the operation that reads it. */
export type EventGroup = {title: string; anchor: string; summary: string; read: OperationPage; events: CatalogueEvent[]};

const clone = <T>(value: T): T => structuredClone(value);

export const eventAnchor = (type: string): string => kebabCase(type);

const pagesOf = new WeakMap<Specs, readonly OperationPage[]>();

/**
 * Every operation of both APIs, with its page: made once per specs object (about 60 ms for both
 * APIs), as the checks and the tables ask for them about ten times in one run.
 */
export function operationPages(specs: Specs): readonly OperationPage[] {
  let pages = pagesOf.get(specs);
  if (!pages) {
    pages = apis.flatMap((api) =>
      pathOperations(operationRecords(specs[api.name], api.route)).map((operation) => ({
        api: api.name,
        operation,
        title: operation.title,
        url: operation.route,
      })),
    );
    pagesOf.set(specs, pages);
  }
  return pages;
}

const where = (page: OperationPage): string => `${fileOf(page.api)}: ${page.operation.method} ${page.operation.path}`;

/** The event types an operation's `x-plaza-events` names (an empty list when it has none). */
export function eventsCausedBy(page: OperationPage): string[] {
  const value = page.operation.raw[eventsExtension];
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error(`${where(page)}: ${eventsExtension} must be a list of event types, such as [payment.created, payment.succeeded].`);
  }
  return value;
}

/** Problems with the `x-plaza-events` of the specs: values that are not lists, and unknown types. */
export function checkEventsExtension(specs: Specs): string[] {
  const known = new Set(eventTypes(specs));
  const problems: string[] = [];
  for (const page of operationPages(specs)) {
    try {
      for (const type of eventsCausedBy(page)) {
        if (!known.has(type)) {
          problems.push(
            `${where(page)}: ${eventsExtension} names "${type}", which is not a value of the Event schema's type enum; correct the name or add the type to the enum.`,
          );
        }
      }
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return problems;
}

/**
 * The operation that reads one object of a schema: a GET answering 200 with it, preferring a path
 * that ends with the object's ID, then the fewest path parameters, then the shortest path.
 */
function readingOperation(specs: Specs, pages: readonly OperationPage[], schema: {api: ApiName; name: string}): OperationPage {
  const spec = specs[schema.api];
  const params = (path: string) => path.split('/').filter((part) => part.startsWith('{')).length;
  const rank = (path: string) => [path.endsWith('}') ? 0 : 1, params(path), path.length];
  const readers = pages
    .filter((page) => page.api === schema.api && page.operation.method === 'GET')
    .filter((page) => responseExamples(spec, page.operation).some((response) => response.schema.$ref === schemaRef(schema.name)))
    .sort((a, b) => {
      const [x, y] = [rank(a.operation.path), rank(b.operation.path)];
      return x.reduce((order, value, index) => order || value - (y[index] ?? 0), 0);
    });
  const [reader] = readers;
  if (!reader)
    throw new Error(
      `${fileOf(schema.api)}: no GET operation answers 200 with a ${schema.name}, so its events have no page to read the object on.`,
    );
  return reader;
}

/** The status field of a schema: `status`, or a name ending in `_status`, with an enum. */
function statusField(schema: Json): {name: string; values: string[]} | undefined {
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, {enum?: unknown[]}>)) {
    if ((name === 'status' || name.endsWith('_status')) && Array.isArray(property.enum)) {
      return {name, values: property.enum.filter((value): value is string => typeof value === 'string')};
    }
  }
  return undefined;
}

/**
 * The status the object has when the event is sent: a status its description quotes (`needs_response`),
 * else the event's verb when it is a status (`payment.failed` carries a `failed` payment). A `.created`
 * event carries the object as the operation that creates it answers, or else in its first status.
 */
function statusAfter(type: string, description: string, field: {values: string[]}, createdAs: unknown): string | undefined {
  const quoted = [...description.matchAll(/`([a-z_]+)`/g)].map((match) => match[1] ?? '').find((value) => field.values.includes(value));
  const verb = type.slice(type.indexOf('.') + 1);
  if (quoted) return quoted;
  if (field.values.includes(verb)) return verb;
  if (verb === 'created') return typeof createdAs === 'string' ? createdAs : field.values[0];
  return undefined;
}

/** An object made of the examples of a schema's properties, for a schema no response example shows. */
export function exampleFromSchema(spec: OpenApiDocument, schema: unknown): unknown {
  const resolved = resolveLocalRef<Json>(spec, schema);
  if (resolved.example !== undefined) return clone(resolved.example);
  if (Array.isArray(resolved.allOf)) return Object.assign({}, ...resolved.allOf.map((part) => exampleFromSchema(spec, part)));
  if (resolved.properties) {
    return Object.fromEntries(
      Object.entries(resolved.properties as Json).map(([name, property]) => [name, exampleFromSchema(spec, property)]),
    );
  }
  if (resolved.type === 'array') return resolved.items ? [exampleFromSchema(spec, resolved.items)] : [];
  if (Array.isArray(resolved.enum)) return resolved.enum[0];
  return resolved.nullable ? null : undefined;
}

/** The event examples of the spec that defines Event, by type: whole deliveries to use as they are. */
function specEventExamples(specs: Specs): Map<string, Json> {
  const spec = specs[eventsApi(specs)];
  const events = new Map<string, Json>();
  for (const operation of listOperations(spec)) {
    for (const event of objectsReturned(spec, operation, 'Event')) {
      if (typeof event.type === 'string' && !events.has(event.type)) events.set(event.type, event);
    }
  }
  return events;
}

/** A made-up but stable ID: the prefix and 24 characters derived from what it names. */
const stableId = (prefix: string, name: string): string =>
  `${prefix}_${createHash('sha256').update(`${prefix}:${name}`).digest('hex').slice(0, 24)}`;

/** The event envelope around an object, as Plaza would post it. */
function envelope(specs: Specs, type: string, object: Json, caused: boolean): Json {
  const properties = (schemasOf(specs[eventsApi(specs)]).Event?.properties ?? {}) as Record<string, {example?: unknown}>;
  const accountId = [object.account_id, object.id].find((value) => typeof value === 'string' && value.startsWith('acct_'));
  return {
    id: stableId('evt', type),
    type,
    created_at: object.updated_at ?? object.created_at ?? properties.created_at?.example,
    account_id: accountId ?? properties.account_id?.example,
    request_id: caused ? stableId('req', type) : null,
    correlation_id: null,
    data: {object},
  };
}

/** The payload example of one event: the spec's own event of that type, else one made around an object. */
function payloadExample(
  specs: Specs,
  pages: readonly OperationPage[],
  event: Omit<CatalogueEvent, 'example'>,
  specEvent: Json | undefined,
): Json {
  if (specEvent) return clone(specEvent);
  const spec = specs[event.schema.api];
  const schema = schemasOf(spec)[event.schema.name];
  if (!schema) throw new Error(`${fileOf(event.schema.api)}: components.schemas.${event.schema.name} is missing`);
  const causes = new Set(event.causes.map((page) => page.operation));
  const rank = (page: OperationPage) =>
    page === event.read ? 0 : page.operation.method === 'GET' ? 1 : causes.has(page.operation) ? 2 : 3;
  const candidates = pages
    .filter((page) => page.api === event.schema.api)
    .sort((a, b) => rank(a) - rank(b))
    .flatMap((page) => objectsReturned(spec, page.operation, event.schema.name));
  const field = statusField(schema);
  const createdAs = event.causes.flatMap((page) =>
    page.api === event.schema.api ? objectsReturned(spec, page.operation, event.schema.name) : [],
  )[0];
  const status = field && statusAfter(event.type, event.description, field, createdAs?.[field.name]);
  let object = candidates.find((candidate) => !field || !status || candidate[field.name] === status);
  if (!object) {
    object = exampleFromSchema(spec, schema) as Json;
    if (field && status) {
      object[field.name] = status;
      if (`${status}_at` in object) object[`${status}_at`] = object.updated_at ?? object.created_at;
    }
  }
  return envelope(specs, event.type, clone(object), event.causes.length > 0);
}

const firstSentence = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return /^.+?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
};

/** The whole catalogue: the event types grouped by the object they carry, in the order of the enum. */
export function buildCatalogue(specs: Specs): EventGroup[] {
  const problems = checkEventsExtension(specs);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const pages = operationPages(specs);
  const descriptions = typeDescriptions(specs);
  const specEvents = specEventExamples(specs);
  const groups = new Map<string, EventGroup>();
  for (const type of eventTypes(specs)) {
    const described = descriptions.get(type);
    if (!described)
      throw new Error(
        `${fileOf(eventsApi(specs))}: the example of Get all event types does not describe "${type}"; add it with its object_type and description.`,
      );
    const schema = objectSchema(specs, described.objectType);
    const read = readingOperation(specs, pages, schema);
    const causes = pages.filter((page) => eventsCausedBy(page).includes(type));
    const event = {type, anchor: eventAnchor(type), ...described, schema, read, causes};
    const example = payloadExample(specs, pages, event, specEvents.get(type));
    let group = groups.get(described.objectType);
    if (!group) {
      const description = String(schemasOf(specs[schema.api])[schema.name]?.description ?? '');
      const title = read.operation.tags[0] ?? schema.name;
      group = {title, anchor: kebabCase(title), summary: firstSentence(description), read, events: []};
      groups.set(described.objectType, group);
    }
    group.events.push({...event, example});
  }
  return [...groups.values()];
}
