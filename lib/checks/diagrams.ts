/**
 * The diagrams of docs/: each mermaid block has its alt text and its SVG in both colour modes, no
 * SVG of static/diagrams is left over from a diagram that changed or went, and each SVG is
 * well-formed with a positive viewBox.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import sax from 'sax';
import {altText, findDiagrams, missingAltReason, modes, svgDir, svgName, svgSize} from '../diagrams';
import type {Problem} from '../page-requests';

/** Checks the diagrams of `pages` (the hand-written pages) and the SVGs of static/diagrams. */
export function checkDiagrams(pages: string[]): {diagrams: number; problems: Problem[]} {
  const diagrams = findDiagrams(pages);
  const problems: Problem[] = [];
  for (const {file, line, source, hash} of diagrams) {
    if (!altText(source)) problems.push({file, line, reason: missingAltReason});
    for (const {mode} of modes) {
      const path = join(svgDir, svgName(hash, mode));
      if (!existsSync(path)) problems.push({file, line, reason: `the diagram's ${mode} SVG ${path} is missing: run npm run diagrams`});
    }
  }
  const used = new Set(diagrams.flatMap(({hash}) => modes.map(({mode}) => svgName(hash, mode))));
  for (const name of readdirSync(svgDir).filter((entry) => entry.endsWith('.svg'))) {
    const file = join(svgDir, name);
    if (!used.has(name)) {
      problems.push({file, line: 1, reason: 'no mermaid block of docs/ makes this SVG any more: delete it'});
      continue;
    }
    const svg = readFileSync(file, 'utf8');
    try {
      sax.parser(true).write(svg).close();
    } catch (error) {
      const parser = error as Error & {line?: number};
      problems.push({file, line: 1, reason: `not well-formed XML: ${parser.message.split('\n')[0]}`});
    }
    if (!svgSize(svg)) problems.push({file, line: 1, reason: 'the SVG has no positive viewBox: run npm run diagrams'});
  }
  return {diagrams: diagrams.length, problems};
}
