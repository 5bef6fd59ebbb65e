/**
 * One spelling, American, in everything a reader sees: the hand-written pages of docs/, the home
 * page's text and the text of the specs (summaries, descriptions and titles, which become the API
 * reference). Code spans are left out: they hold identifiers, not prose.
 */
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {docPages} from '../../lib/docs-source';
import {apis, readSpec} from '../../lib/api-model/specs';

/** British forms, each with the American one to write instead. */
const british: [RegExp, string][] = [
  [/\b(colo|behavio|favo|hono|neighbo|flavo|labo)ur/i, '-or'],
  [/\bcancell(ed|ing)\b/i, 'canceled, canceling'],
  [/\b(catalo|dialo|analo)gue/i, 'catalog, dialog, analog'],
  [/\bfulfil(s|ment)?\b/i, 'fulfill, fulfills, fulfillment'],
  [
    /\b(authori|organi|recogni|initiali|seriali|customi|summari|prioriti|minimi|maximi|normali|utili|optimi|finali|capitali|standardi|categori|synchroni|apologi|reali|visuali|personali|speciali|tokeni|saniti|randomi|locali|centrali|itemi|monetised|monetisation)s(e|ed|es|ing|ation|ations)\b/i,
    '-ize, -ization',
  ],
  [/\banalys(e|ed|es|ing)\b/i, 'analyze'],
  [/\b(licen|defen|offen|preten)ce\b/i, 'license, defense, offense, pretense'],
  [/\b(label|model|travel|signal|total|channel|fuel)l(ed|ing|er)\b/i, 'one l: labeled, modeling'],
  [/\b(cent|met|theat|fib)re(s|d)?\b/i, '-er'],
  [/\bgrey\b/i, 'gray'],
  [/\b(whilst|amongst)\b/i, 'while, among'],
  [/\bprogrammes?\b/i, 'program'],
  [/\bcheques?\b/i, 'check'],
  [/\benrol(s|ment)?\b/i, 'enroll, enrollment'],
  [/\b(judge|acknowledge)ment/i, 'judgment, acknowledgment'],
  [/\bageing\b/i, 'aging'],
];

/** Words of other products' interfaces, written as those products show them. */
const names = [
  '**Cancelled**', // the order status in WooCommerce and BigCommerce
];

function findBritish(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    let prose = line.replace(/`[^`]*`/g, ' ');
    for (const name of names) prose = prose.replaceAll(name, ' ');
    for (const [pattern, american] of british) {
      const match = pattern.exec(prose);
      if (match) found.push(`line ${index + 1}: "${match[0]}" (write ${american})`);
    }
  });
  return found;
}

/** Every string of the spec that readers see as text, with its JSON pointer. */
function specTexts(value: unknown, at: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((item, index) => specTexts(item, `${at}/${index}`, out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const pointer = `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      if (typeof item === 'string' && ['summary', 'description', 'title'].includes(key)) out.push([pointer, item]);
      else specTexts(item, pointer, out);
    }
  }
  return out;
}

test('the pages and the home page use American spelling', () => {
  const problems = [...docPages(), 'src/pages/_home/content.ts'].flatMap((file) =>
    findBritish(readFileSync(file, 'utf8')).map((problem) => `${file} ${problem}`),
  );
  assert.deepEqual(problems, []);
});

test('the specs use American spelling', () => {
  const problems = apis.flatMap((api) =>
    specTexts(readSpec(api.file), '#').flatMap(([pointer, text]) =>
      findBritish(text).map((problem) => `${api.file} ${pointer} ${problem}`),
    ),
  );
  assert.deepEqual(problems, []);
});

test('British forms are found, in prose but not in code spans or product names', () => {
  assert.deepEqual(findBritish('The colours of the catalogue.\nIt was cancelled, `cancelled_at`, **Cancelled**.'), [
    'line 1: "colour" (write -or)',
    'line 1: "catalogue" (write catalog, dialog, analog)',
    'line 2: "cancelled" (write canceled, canceling)',
  ]);
  assert.deepEqual(findBritish('Canceled, fulfilled, fulfillment, color, analysis, organization, travel, totaled.'), []);
});
