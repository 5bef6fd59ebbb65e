/**
 * The webhook event catalogue (lib/api-render/webhook-events-page.ts) against the specs it is made from:
 * every event type once, payloads that fit their schemas and their event, links to real operations,
 * x-plaza-events that name real types, and signature samples that parse and, where this machine
 * can run them, accept a signature computed here and refuse a wrong or old one.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {createHmac} from 'node:crypto';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import camelCase from 'lodash/camelCase';
import upperFirst from 'lodash/upperFirst';
import {loadApiModel} from '../../lib/api-model/model';
import {apis, type ApiName} from '../../lib/api-model/specs';
import {codeBlocks} from '../../lib/docs-source';
import {SpecIndex} from '../../lib/api-model/request-index';
import {buildCatalogue, checkEventsExtension, eventsExtension, exampleFromSchema, type Specs} from '../../lib/api-render/webhook-events';
import {renderPage, signaturePartial, webhookEventsPage} from '../../lib/api-render/webhook-events-page';
import {languages} from '../../lib/api-render/samples';
import {phpSyntaxError} from '../lib/syntax';
import {takeOutbox} from '../../sandbox/core/domain/webhooks';
import {conformingSandbox} from '../lib/conforming-sandbox';
import {model, specs} from '../lib/specs';

/** The parts of the specs these tests read. */
type Schema = {enum?: unknown[]; properties?: Record<string, Schema>};
type Doc = {paths: Record<string, Record<string, unknown>>; components: {schemas: Record<string, Schema>}};
type EventType = {type: string; description: string; object_type: string};

/** A value the test needs: a missing one fails the test, naming it. */
function present<T>(value: T | null | undefined, what: string): T {
  assert.ok(value !== undefined && value !== null, `missing: ${what}`);
  return value;
}

/** The value at a path of keys in a spec, each of which must be there. */
const valueAt = (spec: unknown, ...keys: string[]): unknown =>
  keys.reduce((node, key, index) => present((node as Record<string, unknown>)[key], keys.slice(0, index + 1).join(' > ')), spec);

const enumTypes = valueAt(specs.accounts, 'components', 'schemas', 'Event', 'properties', 'type', 'enum') as string[];
const typeList = valueAt(
  specs.accounts,
  'paths',
  '/v1/event-types',
  'get',
  'responses',
  '200',
  'content',
  'application/json',
  'examples',
  'allEventTypes',
  'value',
  'data',
) as EventType[];
const page = renderPage(buildCatalogue(specs));

/** The sections of the page under each `### \`type\`` heading, by type (the groups always match together: the defaults never apply). */
const sections = new Map(
  [...page.matchAll(/^### `([a-z_.]+)` \{\/\* #([a-z-]+) \*\/\}\n([\s\S]*?)(?=^##)/gm)].map(([, type = '', anchor = '', body = '']) => [
    type,
    {anchor, body},
  ]),
);

/** The API and schema of an object type, found in the specs: `dispute_case` is DisputeCase. */
function objectSchema(objectType: string): {api: ApiName; name: string; schema: Schema} {
  const name = upperFirst(camelCase(objectType));
  for (const api of apis) {
    const schema = (specs[api.name] as Doc).components.schemas[name];
    if (schema) return {api: api.name, name, schema};
  }
  throw new Error(`no spec has the schema ${name} of the object type ${objectType}`);
}

describe('the catalogue', () => {
  test('lists every event type of the Event enum exactly once, with an anchor of its own', () => {
    assert.ok(enumTypes.length > 0);
    const headings = [...page.matchAll(/^### `([a-z_.]+)`/gm)].map((match) => match[1]);
    assert.deepEqual([...headings].sort(), [...enumTypes].sort());
    assert.equal(new Set(headings).size, headings.length, 'a type has two headings');
    for (const type of enumTypes) assert.equal(sections.get(type)?.anchor, type.replace(/[._]/g, '-'), type);
    assert.match(page, /^title: Webhook events$/m);
    assert.match(page, /^description: \S.+$/m);
  });

  test('its introduction links to the webhooks concept and to the signature check (its own words, not spec text)', () => {
    assert.ok(page.includes('[webhooks](/concepts/webhooks)'));
    assert.ok(page.includes('[verify its signature](#verify-a-signature)'));
  });

  test('says when each type is sent, as Get all event types does', () => {
    for (const {type, description} of typeList) {
      assert.ok(sections.get(type)?.body.includes(description), `${type}: "${description}" is not on the page`);
    }
  });

  test('every payload fits the Event schema, and its data.object the schema of its object type', () => {
    const index = new SpecIndex(specs);
    const payloads = codeBlocks(page).filter((block) => block.lang === 'json');
    assert.equal(payloads.length, enumTypes.length);
    for (const block of payloads) {
      const payload = JSON.parse(block.text);
      const title = /title="Webhook event: ([^"]+)"/.exec(block.meta)?.[1];
      assert.equal(payload.type, title, `the payload titled ${title} is a ${payload.type}`);
      assert.deepEqual(index.problems('accounts:Event', payload, 'response'), [], `${title}: the envelope`);
      const {api, name} = objectSchema(typeList.find((item) => item.type === payload.type)!.object_type);
      assert.deepEqual(index.problems(`${api}:${name}`, payload.data.object, 'response'), [], `${title}: data.object as a ${name}`);
    }
  });

  test('each payload tells the story of its event: the status it names, a failure code, a request ID only when a request caused it', () => {
    for (const block of codeBlocks(page).filter((item) => item.lang === 'json')) {
      const payload = JSON.parse(block.text);
      const object = payload.data.object;
      const {name: schemaName, schema} = objectSchema(typeList.find((item) => item.type === payload.type)!.object_type);
      const properties = present(schema.properties, `the properties of ${schemaName}`);
      const statusName = Object.keys(properties).find((name) => name === 'status' || name.endsWith('_status'));
      const verb = payload.type.split('.')[1];
      if (statusName && properties[statusName]?.enum?.includes(verb)) assert.equal(object[statusName], verb, payload.type);
      if (verb === 'failed' && 'failure_code' in properties) assert.ok(object.failure_code, `${payload.type} has no failure_code`);
      const onItsOwn = sections.get(payload.type)!.body.includes('Sent by Plaza on its own');
      if (onItsOwn) assert.equal(payload.request_id, null, `${payload.type} is sent by Plaza on its own but names a request`);
    }
  });

  test('links each event to the operations whose x-plaza-events name it, or says Plaza sends it on its own', () => {
    const causes = new Map<string, string[]>();
    for (const operation of model.apis.flatMap((api) => api.operations)) {
      for (const type of (operation.raw[eventsExtension] as string[] | undefined) ?? []) {
        causes.set(type, [...(causes.get(type) ?? []), `](${operation.route})`]);
      }
    }
    for (const type of enumTypes) {
      const body = sections.get(type)!.body;
      const expected = causes.get(type);
      if (expected) for (const link of expected) assert.ok(body.includes(link), `${type} does not link to ${link.slice(2, -1)}`);
      else assert.match(body, /Sent by Plaza on its own/, type);
    }
  });

  test('links only to operation pages that exist', () => {
    const routes = new Set(model.apis.flatMap((api) => api.operations.map((operation) => operation.route)));
    const links = [...page.matchAll(/\]\((\/api\/(?:accounts|financial)\/[^)#]+)\)/g)].map(([, link = '']) => link);
    assert.ok(links.length >= enumTypes.length);
    assert.deepEqual(
      links.filter((link) => !routes.has(link)),
      [],
    );
  });
});

describe('x-plaza-events', () => {
  test('names only event types of the Event enum, on operations of the specs', () => {
    let named = 0;
    for (const api of apis) {
      for (const [path, item] of Object.entries((specs[api.name] as Doc).paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const types = (operation as Record<string, unknown> | null | undefined)?.[eventsExtension];
          if (types === undefined) continue;
          assert.ok(Array.isArray(types), `${api.file}: ${method} ${path}`);
          for (const type of types) assert.ok(enumTypes.includes(type), `${api.file}: ${method} ${path} names "${type}"`);
          named += types.length;
        }
      }
    }
    assert.ok(named > 0, 'no operation has x-plaza-events');
    assert.deepEqual(checkEventsExtension(specs), []);
  });

  test('an unknown type or a value that is not a list is reported with its file and operation', () => {
    const broken = structuredClone(specs);
    const post = (spec: unknown, path: string) => valueAt(spec, 'paths', path, 'post') as Record<string, unknown>;
    post(broken.financial, '/v1/payments')[eventsExtension] = ['payment.created', 'payment.exploded'];
    post(broken.accounts, '/v1/customers')[eventsExtension] = 'customer.created';
    const problems = checkEventsExtension(broken);
    assert.equal(problems.length, 2);
    assert.match(problems.join('\n'), /specs\/financial\.yaml: POST \/v1\/payments: x-plaza-events names "payment\.exploded"/);
    assert.match(problems.join('\n'), /specs\/accounts\.yaml: POST \/v1\/customers: x-plaza-events must be a list/);
    assert.throws(() => buildCatalogue(broken), /payment\.exploded/);
  });

  test("an object that no response example shows is made from its properties' examples, and fits its schema", () => {
    const {api, name, schema} = objectSchema('payout');
    const made = exampleFromSchema(specs[api], schema);
    assert.deepEqual(new SpecIndex(specs).problems(`${api}:${name}`, made, 'response'), []);
  });
});

describe('the signature samples', () => {
  const partial = readFileSync(signaturePartial, 'utf8');
  const samples = new Map(codeBlocks(partial).map((block) => [block.lang, block.text]));
  const scratch = mkdtempSync(join(tmpdir(), 'webhook-signature-'));
  after(() => rmSync(scratch, {recursive: true, force: true}));

  // A real delivery of the sandbox: a webhook made with Create webhook, its secret, and the signed
  // customer.created event that creating a customer (with a name beyond ASCII) queues for it.
  const delivery = {secret: '', header: '', body: Buffer.alloc(0)};
  before(async () => {
    const sandbox = conformingSandbox();
    const key = 'sk_test_signaturesamples';
    const post = async (url: string, body: unknown) =>
      (
        await sandbox.handle({
          method: 'POST',
          url,
          headers: {'x-api-key': key, 'content-type': 'application/json'},
          body: JSON.stringify(body),
        })
      ).body as Record<string, unknown>;
    const webhook = await post('/v1/webhooks', {url: 'http://127.0.0.1:9/plaza/webhooks', enabled_events: ['customer.created']});
    await post('/v1/customers', {name: 'Zoë Café', email: 'zoe@example.com'});
    const [sent] = await takeOutbox(sandbox.accountOf(key)!);
    assert.ok(sent, 'the sandbox queued no delivery');
    Object.assign(delivery, {secret: String(webhook.secret), header: sent.headers['plaza-signature'], body: Buffer.from(sent.body)});
  });
  // A body as Plaza sends it, indented and with a character beyond ASCII: only the exact bytes verify.
  const body = Buffer.from(
    JSON.stringify({...JSON.parse(codeBlocks(page).find((block) => block.lang === 'json')!.text), note: 'Café'}, null, 2),
  );
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (t: number, signed = body) =>
    `t=${t},v1=${createHmac('sha256', delivery.secret).update(`${t}.`).update(signed).digest('hex')}`;
  /** What each sample must answer: [header, body, accepted]. The first is the sandbox's own delivery. */
  const cases = (): [string, Buffer, boolean][] => [
    [delivery.header, delivery.body, true],
    [delivery.header, Buffer.concat([delivery.body, Buffer.from(' ')]), false],
    [sign(now()), body, true],
    [` t=${now()} , v1=${sign(now()).split('v1=')[1]}`, body, true],
    [sign(now()), Buffer.concat([body, Buffer.from(' ')]), false],
    [sign(now() - 600), body, false],
    [sign(now() + 600), body, false],
    [`t=${now()}`, body, false],
    ['', body, false],
  ];
  /** The tools the checks run: scripts/prepare-machine.sh installs them on a machine that lacks them. */
  const need = (command: string) =>
    assert.equal(
      spawnSync('sh', ['-c', `command -v ${command}`]).status,
      0,
      `${command} is not installed (see scripts/prepare-machine.sh)`,
    );

  test('come in the six languages of the API reference, as tabs of the same group', () => {
    const values = [...partial.matchAll(/<TabItem value="([^"]+)"/g)].map((match) => match[1]);
    assert.deepEqual(
      values,
      languages.map((language) => language.id),
    );
    assert.match(partial, /<Tabs groupId="api-language">/);
    assert.deepEqual([...samples.keys()], ['bash', 'javascript', 'python', 'php', 'java', 'csharp']);
    for (const code of samples.values()) assert.match(code, /300|PLAZA_WEBHOOK_SECRET/);
  });

  test('the Node.js function accepts a sandbox delivery and a signature computed here, and refuses a changed body, an old or future time and a bad header', async () => {
    const file = join(scratch, 'verify.mjs');
    writeFileSync(file, samples.get('javascript')!);
    const {verifyPlazaSignature} = await import(pathToFileURL(file).href);
    for (const [header, raw, accepted] of cases()) assert.equal(verifyPlazaSignature(raw, header, delivery.secret), accepted, header);
  });

  test('the Python function does the same', () => {
    writeFileSync(join(scratch, 'plaza_signature.py'), samples.get('python')!);
    const results = cases().map(([header, raw]) => {
      const script =
        'import sys\nfrom plaza_signature import verify_plaza_signature\nprint(verify_plaza_signature(sys.stdin.buffer.read(), sys.argv[1], sys.argv[2]))';
      return execFileSync('python3', ['-c', script, header, delivery.secret], {cwd: scratch, input: raw, encoding: 'utf8'}).trim();
    });
    assert.deepEqual(
      results,
      cases().map(([, , accepted]) => (accepted ? 'True' : 'False')),
    );
  });

  test('the shell script does the same with OpenSSL', () => {
    need('openssl');
    const script = join(scratch, 'verify.sh');
    writeFileSync(script, samples.get('bash')!);
    execFileSync('bash', ['-n', script]);
    for (const [header, raw, accepted] of cases()) {
      writeFileSync(join(scratch, 'body.json'), raw);
      const run = spawnSync('bash', [script, join(scratch, 'body.json'), header], {
        env: {...process.env, PLAZA_WEBHOOK_SECRET: delivery.secret},
      });
      assert.equal(run.status === 0, accepted, `${header}: ${run.stderr}`);
    }
  });

  test('the Java class compiles and does the same', () => {
    need('javac');
    writeFileSync(join(scratch, 'PlazaSignature.java'), samples.get('java')!);
    const check = [
      'import java.nio.file.*;',
      'public class Check {',
      '  public static void main(String[] args) throws Exception {',
      '    System.out.print(PlazaSignature.verify(Files.readAllBytes(Path.of(args[0])), args[1], args[2], 300));',
      '  }',
      '}',
    ].join('\n');
    writeFileSync(join(scratch, 'Check.java'), check);
    execFileSync('javac', ['-d', scratch, join(scratch, 'PlazaSignature.java'), join(scratch, 'Check.java')], {stdio: 'pipe'});
    for (const [header, raw, accepted] of cases()) {
      writeFileSync(join(scratch, 'body.json'), raw);
      const output = execFileSync('java', ['-cp', scratch, 'Check', join(scratch, 'body.json'), header, delivery.secret], {
        encoding: 'utf8',
      });
      assert.equal(output, String(accepted), header);
    }
  });

  test('the PHP function parses', () => {
    assert.equal(phpSyntaxError(samples.get('php')!), null);
  });
});

describe("the webhook catalogue of specs that are not Plaza's", () => {
  /** The specs of these files, read as the site reads specs that are not Plaza's (the model of foreign specs). */
  const specsOf = async (files: Record<ApiName, string>): Promise<Specs> =>
    (await loadApiModel('.', {apis: apis.map((api) => ({...api, file: files[api.name]})), foreign: true})).specs as Specs;

  test('specs without an Event schema get a page that lists no event types', async () => {
    const page = webhookEventsPage(
      await specsOf({accounts: 'tests/fixtures/kitchen-sink.yaml', financial: 'tests/fixtures/kitchen-sink.yaml'}),
    );
    assert.match(page, /define no webhook event types/);
  });

  test('an Event schema whose object types are missing stops it with one line', async () => {
    const mixed = await specsOf({accounts: apis[0].file, financial: 'tests/fixtures/kitchen-sink.yaml'});
    assert.throws(
      () => webhookEventsPage(mixed),
      (error: Error) =>
        error.message.split('\n').length === 1 &&
        /^The object type "\w+" should be the schema components\.schemas\.\w+/.test(error.message),
    );
  });
});
