/**
 * One spelling, American, in everything a reader sees: the hand-written pages of docs/, the home
 * page's text and the text of the specs (summaries, descriptions and titles, which become the API
 * reference). Code spans are left out: they hold identifiers, not prose.
 */
import {readFileSync} from 'node:fs';
import {isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node} from 'yaml';
import type {Problem} from '../page-requests';

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

export type BritishWord = {line: number; reason: string};

/** The British forms of `text`, by line (1-based), outside code spans and product names. */
export function findBritish(text: string): BritishWord[] {
  const found: BritishWord[] = [];
  text.split('\n').forEach((line, index) => {
    let prose = line.replace(/`[^`]*`/g, ' ');
    for (const name of names) prose = prose.replaceAll(name, ' ');
    for (const [pattern, american] of british) {
      const match = pattern.exec(prose);
      if (match) found.push({line: index + 1, reason: `"${match[0]}" is British spelling: write ${american}`});
    }
  });
  return found;
}

/** The British forms of a page's source, by file and line. */
export function checkPageSpelling(file: string): Problem[] {
  return findBritish(readFileSync(file, 'utf8')).map(({line, reason}) => ({file, line, reason}));
}

/**
 * The British forms of the text readers see in a YAML spec (every `summary`, `description` and
 * `title` string), by the line of the spec that holds them.
 */
export function checkSpecSpelling(file: string): Problem[] {
  const source = readFileSync(file, 'utf8');
  const lines = new LineCounter();
  const document = parseDocument(source, {lineCounter: lines});
  const problems: Problem[] = [];
  const visit = (node: unknown): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? pair.key.value : undefined;
        const value = pair.value as Node | null;
        if (isScalar(value) && typeof value.value === 'string' && ['summary', 'description', 'title'].includes(String(key))) {
          // The source of the scalar, as written: its lines are the spec's lines from where it starts.
          const [start = 0, end = start] = value.range ?? [];
          const first = lines.linePos(start).line;
          for (const word of findBritish(source.slice(start, end))) problems.push({file, line: first + word.line - 1, reason: word.reason});
        } else visit(value);
      }
    } else if (isSeq(node)) node.items.forEach(visit);
  };
  visit(document.contents);
  return problems;
}
