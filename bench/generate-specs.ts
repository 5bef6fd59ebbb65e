/**
 * Synthetic specs for the scaling benchmark: the committed specs (whose operations the guides
 * link to, so they stay) plus generated operations under extra tags, up to a given total. Each
 * generated resource has the five operations of a real one (create, list, get, update, delete)
 * with path, query and header parameters, a JSON body with nested objects and examples, a 2xx
 * response with a schema and an example, and the committed specs' own error responses.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseDocument, type Document} from 'yaml';
import {apis, listOperations, parseSpec, type ApiName} from '../lib/api-model/specs';

export type SpecTexts = Record<ApiName, string>;

const ref = (kind: string, name: string) => ({$ref: `#/components/${kind}/${name}`});
const errors = (...names: [status: string, response: string][]) =>
  Object.fromEntries(names.map(([status, response]) => [status, ref('responses', response)]));
const requestIdHeader: Record<string, {$ref: string}> = {'X-Request-Id': ref('headers', 'RequestId')};

/** A 24-character id body, the same for the same seed. */
function idBody(seed: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let state = (seed * 2654435761) >>> 0;
  let out = '';
  for (let index = 0; index < 24; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out += alphabet[(state >>> 16) % alphabet.length];
  }
  return out;
}

type Names = {tag: string; singular: string; plural: string; schema: string; collection: string; item: string};

function namesOf(resource: number): Names {
  return {
    tag: `Synthetic Widgets ${resource}`,
    singular: `synthetic widget ${resource}`,
    plural: `synthetic widgets ${resource}`,
    schema: `SyntheticWidget${resource}`,
    collection: `/v1/synthetic-widgets-${resource}`,
    item: `/v1/synthetic-widgets-${resource}/{widget_id}`,
  };
}

function widgetSchema(names: Names) {
  const contact = {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'email'],
    properties: {
      name: {type: 'string', maxLength: 120, description: 'The full name of the contact.'},
      email: {type: 'string', format: 'email', description: 'Where Plaza sends notices about this widget.'},
      phone: {type: 'string', nullable: true, pattern: '^\\+[1-9][0-9]{6,14}$', description: 'An E.164 phone number, or `null`.'},
    },
  };
  const address = {
    type: 'object',
    additionalProperties: false,
    required: ['line1', 'city', 'postal_code', 'country'],
    properties: {
      line1: {type: 'string', maxLength: 200, description: 'Street and number.'},
      line2: {type: 'string', nullable: true, maxLength: 200, description: 'Apartment, suite or floor.'},
      city: {type: 'string', maxLength: 100, description: 'City or town.'},
      postal_code: {type: 'string', maxLength: 20, description: 'ZIP or postal code.'},
      country: {type: 'string', pattern: '^[A-Z]{2}$', description: 'Two-letter ISO 3166-1 country code.'},
    },
  };
  const settings = {
    type: 'object',
    additionalProperties: false,
    required: ['notify', 'channels', 'limits'],
    properties: {
      notify: {type: 'boolean', description: '`true` sends a notice on every status change.'},
      channels: {
        type: 'array',
        description: 'Where notices go.',
        items: {type: 'string', enum: ['email', 'sms', 'webhook']},
      },
      limits: {
        type: 'object',
        additionalProperties: false,
        required: ['daily_amount', 'monthly_amount'],
        description: `The most a ${names.singular} may move, in the currency's minor unit.`,
        properties: {
          daily_amount: {type: 'integer', minimum: 0, description: 'The most in one UTC day.'},
          monthly_amount: {type: 'integer', minimum: 0, description: 'The most in one calendar month.'},
        },
      },
    },
  };
  const resource = {
    type: 'object',
    description: `A ${names.singular}: a configurable object of a synthetic resource, shaped like Plaza's own.`,
    additionalProperties: false,
    required: ['id', 'name', 'status', 'amount', 'currency', 'owner', 'settings', 'tags', 'metadata', 'created_at', 'updated_at'],
    properties: {
      id: {type: 'string', pattern: '^wdg_[a-z0-9]{24}$', description: 'The unique ID, prefixed `wdg_`.'},
      name: {type: 'string', maxLength: 120, description: 'A name of your own.'},
      description: {type: 'string', nullable: true, maxLength: 500, description: 'A description of your own, or `null`.'},
      status: {type: 'string', enum: ['draft', 'active', 'suspended', 'deleted'], description: 'Where it is in its lifecycle.'},
      amount: {type: 'integer', minimum: 0, description: "An amount in the currency's minor unit."},
      currency: ref('schemas', 'Currency'),
      owner: {
        type: 'object',
        additionalProperties: false,
        required: ['account_id', 'contact'],
        description: 'Who the widget belongs to.',
        properties: {
          account_id: {
            type: 'string',
            nullable: true,
            pattern: '^acct_[a-z0-9]{24}$',
            description: 'The seller account, or `null` for the platform.',
          },
          contact: contact,
        },
      },
      address: address,
      settings: settings,
      tags: {type: 'array', maxItems: 10, items: {type: 'string', maxLength: 40}, description: 'Labels of your own.'},
      metadata: ref('schemas', 'Metadata'),
      created_at: {type: 'string', format: 'date-time', description: 'When it was created.'},
      updated_at: {type: 'string', format: 'date-time', description: 'When it last changed.'},
    },
  };
  const create = {
    type: 'object',
    description: `The ${names.singular} to create.`,
    additionalProperties: false,
    required: ['name', 'amount', 'currency', 'owner'],
    properties: {
      name: resource.properties.name,
      description: resource.properties.description,
      amount: resource.properties.amount,
      currency: ref('schemas', 'Currency'),
      owner: resource.properties.owner,
      address: address,
      settings: settings,
      tags: resource.properties.tags,
      metadata: ref('schemas', 'Metadata'),
    },
  };
  const update = {
    type: 'object',
    description: 'The fields to change. Send at least one; fields you leave out keep their value.',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      name: resource.properties.name,
      description: resource.properties.description,
      status: {type: 'string', enum: ['active', 'suspended'], description: 'Activate or suspend the widget.'},
      settings: settings,
      metadata: ref('schemas', 'Metadata'),
    },
  };
  const list = {
    description: `A page of ${names.plural}.`,
    allOf: [
      ref('schemas', 'ListEnvelope'),
      {
        type: 'object',
        required: ['data'],
        properties: {data: {type: 'array', description: 'The objects on this page, newest first.', items: ref('schemas', names.schema)}},
      },
    ],
  };
  return {resource, create, update, list};
}

function createExample(resource: number) {
  return {
    name: `Widget ${resource} for Northwind Gear`,
    description: 'Counter terminal at the Main Street store',
    amount: 1000 + resource,
    currency: 'USD',
    owner: {
      account_id: `acct_${idBody(resource * 7 + 1)}`,
      contact: {name: 'Dana Whitfield', email: 'dana@northwind.example', phone: '+14155550123'},
    },
    address: {line1: '500 Main Street', line2: null, city: 'Portland', postal_code: '97204', country: 'US'},
    settings: {notify: true, channels: ['email', 'webhook'], limits: {daily_amount: 500000, monthly_amount: 10000000}},
    tags: ['retail', 'main-street'],
    metadata: {store_id: `store_${resource}`},
  };
}

function widgetExample(resource: number, serial: number, status: string) {
  const {address, settings, ...fields} = createExample(resource);
  return {
    id: `wdg_${idBody(resource * 101 + serial)}`,
    ...fields,
    status,
    address,
    settings,
    created_at: '2026-01-12T15:02:10Z',
    updated_at: status === 'active' ? '2026-01-12T15:02:10Z' : '2026-01-19T09:41:27Z',
  };
}

function jsonContent(schema: unknown, exampleName: string, summary: string, value: unknown) {
  return {'application/json': {schema, examples: {[exampleName]: {summary, value}}}};
}

type GeneratedOperation = {
  path: string;
  method: string;
  /** The request or list schema the operation needs besides the resource's own. */
  schema?: 'create' | 'update' | 'list';
  operation: {operationId: string} & Record<string, unknown>;
};

/** The five operations of one resource, in the order they are generated. */
function resourceOperations(resource: number, names: Names): GeneratedOperation[] {
  const widgetId = {
    name: 'widget_id',
    in: 'path',
    required: true,
    description: `The ID of the ${names.singular}.`,
    schema: {type: 'string', pattern: '^wdg_[a-z0-9]{24}$'},
    example: `wdg_${idBody(resource * 101)}`,
  };
  const statusFilter = {
    name: 'status',
    in: 'query',
    required: false,
    description: `Only ${names.plural} in this status.`,
    schema: {type: 'string', enum: ['draft', 'active', 'suspended']},
    example: 'active',
  };
  const schema = ref('schemas', names.schema);
  const single = (description: string, exampleName: string, summary: string, value: unknown, headers = requestIdHeader) => ({
    description,
    headers,
    content: jsonContent(schema, exampleName, summary, value),
  });
  return [
    {
      path: names.collection,
      method: 'post',
      schema: 'create',
      operation: {
        operationId: `createSyntheticWidget${resource}`,
        tags: [names.tag],
        summary: `Create ${names.singular}`,
        description: `Creates a ${names.singular} in \`active\` status. Send an \`Idempotency-Key\` so that a retry after a timeout cannot create it twice; \`owner.account_id\` creates it for one of your sellers.`,
        parameters: [ref('parameters', 'CorrelationId'), ref('parameters', 'IdempotencyKey')],
        requestBody: {
          required: true,
          content: jsonContent(
            ref('schemas', `Create${names.schema}Request`),
            'create',
            'Create a widget for a seller',
            createExample(resource),
          ),
        },
        responses: {
          '201': single('The new widget.', 'created', 'An active widget', widgetExample(resource, 0, 'active'), {
            ...requestIdHeader,
            'Idempotent-Replayed': ref('headers', 'IdempotentReplayed'),
          }),
          ...errors(
            ['400', 'BadRequest'],
            ['401', 'Unauthorized'],
            ['403', 'Forbidden'],
            ['409', 'IdempotencyConflict'],
            ['429', 'TooManyRequests'],
          ),
        },
      },
    },
    {
      path: names.collection,
      method: 'get',
      schema: 'list',
      operation: {
        operationId: `getAllSyntheticWidgets${resource}`,
        tags: [names.tag],
        summary: `Get all ${names.plural}`,
        description: `Lists ${names.plural}, newest first. Filter by \`status\` and creation time; page with \`limit\` and \`cursor\`.`,
        parameters: [
          ref('parameters', 'CorrelationId'),
          ref('parameters', 'Limit'),
          ref('parameters', 'Cursor'),
          statusFilter,
          ref('parameters', 'CreatedAtGte'),
          ref('parameters', 'CreatedAtLte'),
        ],
        responses: {
          '200': {
            description: `A page of ${names.plural}, newest first.`,
            headers: requestIdHeader,
            content: jsonContent(ref('schemas', `${names.schema}List`), 'page', 'Two widgets and more to come', {
              data: [widgetExample(resource, 1, 'active'), widgetExample(resource, 2, 'suspended')],
              has_more: true,
              next_cursor: `cur_${idBody(resource * 13)}`,
            }),
          },
          ...errors(['400', 'BadRequest'], ['401', 'Unauthorized'], ['403', 'Forbidden'], ['429', 'TooManyRequests']),
        },
      },
    },
    {
      path: names.item,
      method: 'get',
      operation: {
        operationId: `getSyntheticWidget${resource}ById`,
        tags: [names.tag],
        summary: `Get ${names.singular} by ID`,
        description: `Returns one ${names.singular}, including a deleted one, which keeps \`status: deleted\`.`,
        parameters: [widgetId, ref('parameters', 'CorrelationId')],
        responses: {
          '200': single('The widget.', 'widget', 'An active widget', widgetExample(resource, 0, 'active')),
          ...errors(['401', 'Unauthorized'], ['403', 'Forbidden'], ['404', 'NotFound'], ['429', 'TooManyRequests']),
        },
      },
    },
    {
      path: names.item,
      method: 'put',
      schema: 'update',
      operation: {
        operationId: `updateSyntheticWidget${resource}`,
        tags: [names.tag],
        summary: `Update ${names.singular}`,
        description:
          'Changes the fields you send; `metadata` replaces all the stored keys. Suspending a widget stops it from moving money until it is active again.',
        parameters: [widgetId, ref('parameters', 'CorrelationId')],
        requestBody: {
          required: true,
          content: jsonContent(ref('schemas', `Update${names.schema}Request`), 'suspend', 'Suspend a widget and lower its limits', {
            status: 'suspended',
            settings: {notify: true, channels: ['email'], limits: {daily_amount: 0, monthly_amount: 0}},
          }),
        },
        responses: {
          '200': single('The whole widget, with the changes.', 'suspended', 'A suspended widget', widgetExample(resource, 0, 'suspended')),
          ...errors(['400', 'BadRequest'], ['401', 'Unauthorized'], ['403', 'Forbidden'], ['404', 'NotFound'], ['429', 'TooManyRequests']),
        },
      },
    },
    {
      path: names.item,
      method: 'delete',
      operation: {
        operationId: `deleteSyntheticWidget${resource}`,
        tags: [names.tag],
        summary: `Delete ${names.singular}`,
        description: 'Deletes the widget for good. It stays readable by ID with `status: deleted`, and no longer appears in lists.',
        parameters: [widgetId, ref('parameters', 'CorrelationId')],
        responses: {
          '200': single('The deleted widget.', 'deleted', 'A deleted widget', widgetExample(resource, 0, 'deleted')),
          ...errors(['401', 'Unauthorized'], ['403', 'Forbidden'], ['404', 'NotFound'], ['429', 'TooManyRequests']),
        },
      },
    },
  ];
}

const operationsPerResource = 5;

/** Adds `count` operations of resource number `resource` (and the schemas they use) to a spec. */
function addResource(doc: Document, resource: number, count: number): void {
  const names = namesOf(resource);
  const schemas = widgetSchema(names);
  // Plain copies of objects used twice, not YAML aliases.
  const node = (value: unknown) => doc.createNode(value, {aliasDuplicateObjects: false});
  const schemaNames = {create: `Create${names.schema}Request`, update: `Update${names.schema}Request`, list: `${names.schema}List`};
  doc.addIn(
    ['tags'],
    node({name: names.tag, description: `Synthetic widgets, number ${resource}: generated for the scaling benchmark.\n`}),
  );
  doc.setIn(['components', 'schemas', names.schema], node(schemas.resource));
  for (const {path, method, schema, operation} of resourceOperations(resource, names).slice(0, count)) {
    // Only the schemas that an operation uses: unused components fail the lint.
    if (schema) doc.setIn(['components', 'schemas', schemaNames[schema]], node(schemas[schema]));
    doc.setIn(['paths', path, method], node(operation));
  }
}

/** The committed specs with generated operations added, `totalOperations` in all. */
export function generateSpecs(committed: SpecTexts, totalOperations: number): SpecTexts {
  const existing = apis.flatMap((api) => listOperations(parseSpec(committed[api.name])));
  if (!Number.isInteger(totalOperations) || totalOperations < existing.length) {
    throw new Error(`the committed specs have ${existing.length} operations: ask for at least that many, not ${totalOperations}`);
  }
  const taken = new Set(existing.flatMap((operation) => [operation.operationId, `${operation.method} ${operation.path}`]));
  const docs = Object.fromEntries(apis.map((api) => [api.name, parseDocument(committed[api.name])])) as Record<ApiName, Document>;
  let missing = totalOperations - existing.length;
  for (let resource = 1; missing > 0; resource++) {
    const count = Math.min(operationsPerResource, missing);
    const clash = resourceOperations(resource, namesOf(resource))
      .slice(0, count)
      .find(({path, method, operation}) => taken.has(operation.operationId) || taken.has(`${method.toUpperCase()} ${path}`));
    if (clash) throw new Error(`the committed specs already have ${clash.operation.operationId} or ${clash.method} ${clash.path}`);
    // Resources alternate between the two specs, so both grow alike.
    const api = apis[(resource - 1) % apis.length] ?? apis[0];
    addResource(docs[api.name], resource, count);
    missing -= count;
  }
  return Object.fromEntries(apis.map((api) => [api.name, docs[api.name].toString()])) as SpecTexts;
}

export function readSpecs(projectDir: string): SpecTexts {
  return Object.fromEntries(apis.map((api) => [api.name, readFileSync(join(projectDir, api.file), 'utf8')])) as SpecTexts;
}

/** The number of operations in the specs of the project in `projectDir`: the fewest a synthetic pair can have. */
export function countOperations(projectDir: string): number {
  const specs = readSpecs(projectDir);
  return apis.reduce((total, api) => total + listOperations(parseSpec(specs[api.name])).length, 0);
}

/** Replaces the specs of the project in `projectDir` with synthetic ones of `totalOperations` operations. */
export function writeSyntheticSpecs(projectDir: string, totalOperations: number): void {
  const generated = generateSpecs(readSpecs(projectDir), totalOperations);
  for (const api of apis) writeFileSync(join(projectDir, api.file), generated[api.name]);
}
