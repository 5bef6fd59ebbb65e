/**
 * No spec crashes the reference (issue 56): the kitchen sink (tests/fixtures/kitchen-sink.yaml),
 * mutated at random places — a key taken out, a value put in of another kind, a `$ref` that points
 * at nothing, two nodes swapped — read leniently as `npm run preview` reads a spec, then rendered.
 * Each mutant gives pages (its problems as warning lines) or a SpecError of one line per problem,
 * each naming the spec; never another error or a stack. The seeds are fixed, so a failure names the
 * mutations that make it again.
 */
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {parse} from 'yaml';
import {readApi, SpecError} from '../../lib/api-model/model';
import {previewRoute} from '../../lib/api-model/site';
import {renderReference} from '../../lib/api-render/reference';

const fixture = resolve('tests/fixtures/kitchen-sink.yaml');
const original = parse(readFileSync(fixture, 'utf8')) as object;
const mutants = 40;

/** A small seeded generator of numbers in [0, 1) (mulberry32). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

type Container = Record<string, unknown>;
type Place = {parent: Container; key: string; path: string};

/** Every value of the document with where it is: its parent, its key and its path. */
function places(node: unknown, path = '#', found: Place[] = []): Place[] {
  if (node === null || typeof node !== 'object') return found;
  for (const [key, value] of Object.entries(node)) {
    const here = `${path}/${key}`;
    found.push({parent: node as Container, key, path: here});
    places(value, here, found);
  }
  return found;
}

/** Values of every kind a spec's node could wrongly hold. */
const strangers: unknown[] = [
  null,
  0,
  -1.5,
  '',
  'text',
  true,
  [],
  {},
  [null],
  [1, 'two'],
  {$ref: '#/components/schemas/Nowhere'},
  {$ref: 42},
  {type: 'object', properties: null},
  {type: ['string', 'null'], enum: []},
  {allOf: [{}, null]},
];

/** The document with one to three random mutations, and what they were. */
function mutant(seed: number): {document: object; mutations: string[]} {
  const random = generator(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const document = structuredClone(original);
  const mutations: string[] = [];
  const count = 1 + Math.floor(random() * 3);
  for (let index = 0; index < count; index++) {
    const all = places(document);
    const place = pick(all);
    const roll = random();
    if (roll < 0.3) {
      if (Array.isArray(place.parent)) place.parent.splice(Number(place.key), 1);
      else delete place.parent[place.key];
      mutations.push(`take out ${place.path}`);
    } else if (roll < 0.45) {
      const other = pick(all);
      [place.parent[place.key], other.parent[other.key]] = [
        structuredClone(other.parent[other.key]),
        structuredClone(place.parent[place.key]),
      ];
      mutations.push(`swap ${place.path} and ${other.path}`);
    } else {
      const value = pick(strangers);
      place.parent[place.key] = structuredClone(value);
      mutations.push(`${place.path} = ${JSON.stringify(value)}`);
    }
  }
  return {document, mutations};
}

test(`${mutants} mutants of the kitchen sink each give pages or one line per problem, never a crash`, async () => {
  const outcomes = {pages: 0, refused: 0};
  for (let seed = 1; seed <= mutants; seed++) {
    const {document, mutations} = mutant(seed);
    const label = `seed ${seed}: ${mutations.join('; ')}`;
    try {
      const api = await readApi(
        {name: 'reference', title: 'Kitchen Sink API', file: fixture, route: previewRoute, categorySlug: '/'},
        JSON.stringify(document),
        {foreign: true, strict: false},
      );
      const {files} = renderReference(api, [], {preview: true});
      assert.ok(files.size > 0, label);
      for (const warning of api.warnings) assert.match(warning, /^\S+kitchen-sink\.yaml: [^\n]+$/, label);
      outcomes.pages += 1;
    } catch (error) {
      if (!(error instanceof SpecError)) assert.fail(`${label}\n${(error as Error).stack ?? String(error)}`);
      for (const line of error.message.split('\n')) assert.match(line, /^\S+kitchen-sink\.yaml: \S.*$/, label);
      assert.doesNotMatch(error.message, /^\s+at /m, label);
      outcomes.refused += 1;
    }
  }
  // Most mutants still build: a lenient read refuses only what it cannot leave out.
  assert.ok(outcomes.pages > outcomes.refused, JSON.stringify(outcomes));
});
