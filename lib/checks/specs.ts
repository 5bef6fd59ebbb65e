/**
 * The specs' own check, as the build applies it before it writes the reference (lib/api-model): each
 * problem is a line naming the spec, placed at the line of the spec that its JSON pointer names.
 */
import {readFileSync} from 'node:fs';
import {isMap, isSeq, LineCounter, parseDocument} from 'yaml';
import {checkModel} from '../api-model/check';
import {loadApiModel, SpecError} from '../api-model/model';
import type {Problem} from '../page-requests';
import type {Specs} from '../api-render/webhook-events';

/** The line of a YAML file that a JSON pointer (`#/paths/~1v1~1payments/get`) names, or 1. */
export function pointerLine(file: string, pointer: string): number {
  const lines = new LineCounter();
  let node: unknown = parseDocument(readFileSync(file, 'utf8'), {lineCounter: lines}).contents;
  let line = 1;
  for (const part of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    if (isMap(node)) {
      const pair = node.items.find((item) => String((item.key as {value?: unknown} | null)?.value) === key);
      const range = (pair?.key as {range?: [number]} | null)?.range;
      if (!pair || !range) break;
      line = lines.linePos(range[0]).line;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(key)] as {range?: [number]} | undefined;
      if (!item?.range) break;
      line = lines.linePos(item.range[0]).line;
      node = item;
    } else break;
  }
  return line;
}

/** A problem line of the spec check (`specs/x.yaml: what … at #/pointer …`) as a file and line. */
function placed(problem: string): Problem {
  const [, file = '', reason = problem] = /^([^\s:]+\.(?:ya?ml|json|md)): ([\s\S]*)$/.exec(problem) ?? [];
  const pointer = /\bat (#\/[^\s)"]*)/.exec(reason)?.[1];
  if (!file) return {file: 'specs', line: 1, reason: problem};
  let line = 1;
  try {
    if (pointer) line = pointerLine(file, pointer);
  } catch {
    // A spec that is not YAML at all: its problem says so, at its first line.
  }
  return {file, line, reason};
}

/**
 * The problems of specs/ that would stop the build, and the specs as the model read them, which the
 * other checks read in turn; no specs when they could not be read.
 */
export async function checkSpecFiles(): Promise<{problems: Problem[]; specs?: Specs}> {
  try {
    const model = await loadApiModel('.');
    return {problems: (await checkModel(model, '.')).map(placed), specs: model.specs as Specs};
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    return {problems: error.message.split('\n').map(placed)};
  }
}
