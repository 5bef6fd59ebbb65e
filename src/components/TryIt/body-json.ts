/**
 * The body of a Try it request as one JSON text, and back: what the panel's JSON view reads and
 * writes. A JSON text that does not parse is refused with where it breaks. Going back to the form,
 * each property with an input of its own fills that input; the others (no input for them, or a value
 * the input cannot show, such as `null` in a text field) are kept under `others` in the body's
 * inputs, as one JSON text, and sent with the fields. Loaded with the panel.
 */
import type {FormInput} from '../../../sandbox/core';
import type {Inputs} from './session';

/** The key of the body's inputs that holds the properties the form shows no input for: no field is named so. */
const others = '';

/** Where a JSON text stops being JSON: the position, and what was expected there. */
function breakOf(text: string): {at: number; expected: string} | undefined {
  let at = 0;
  const fail = (expected: string) => {
    throw Object.assign(new Error(expected), {at});
  };
  const space = () => {
    while (/[ \t\n\r]/.test(text.charAt(at))) at += 1;
  };
  // The grammar's strings, numbers and literals, matched from `at` (the sticky flag). A string
  // holds no raw control character.
  // eslint-disable-next-line no-control-regex
  const string = /"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/y;
  const scalar = [string, /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y, /true|false|null/y];
  const take = (pattern: RegExp) => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) return false;
    at = pattern.lastIndex;
    return true;
  };
  const sequence = (close: string, item: () => void) => {
    at += 1;
    space();
    if (text[at] === close) {
      at += 1;
      return;
    }
    for (;;) {
      item();
      space();
      if (text[at] === close) break;
      if (text[at] !== ',') fail(`',' or '${close}'`);
      at += 1;
    }
    at += 1;
  };
  const value = (): void => {
    space();
    if (text[at] === '{')
      sequence('}', () => {
        space();
        if (!take(string)) fail('a property name in double quotes');
        space();
        if (text[at] !== ':') fail("':'");
        at += 1;
        value();
      });
    else if (text[at] === '[') sequence(']', value);
    else if (!scalar.some(take)) fail('a value');
  };
  try {
    value();
    space();
    if (at < text.length) fail('nothing more');
  } catch (error) {
    return {at: (error as {at: number}).at, expected: (error as Error).message};
  }
  return undefined;
}

/** The value of a JSON text, or why it is not one: where it breaks, what was expected there and what was found. */
export function parseJson(text: string): {value?: unknown; problem?: string} {
  try {
    return {value: JSON.parse(text) as unknown};
  } catch {
    const broken = breakOf(text);
    if (!broken) return {problem: 'is not valid JSON'};
    const lines = text.slice(0, broken.at).split('\n');
    const found = broken.at < text.length ? `'${text[broken.at]}'` : 'the end';
    return {
      problem: `is not valid JSON: at line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}, ${broken.expected} was expected, not ${found}`,
    };
  }
}

/** Whether an input can show `value` as it is, so that reading its text back gives the same value. */
function shows(input: FormInput, value: unknown): boolean {
  if (input.enum) return input.enum.includes(value);
  if (input.kind === 'json') return true;
  if (input.kind === 'integer') return Number.isInteger(value);
  if (input.kind === 'number') return typeof value === 'number';
  return typeof value === input.kind;
}

/** The body's inputs that make `body`, a JSON object: one text for each field that shows its value, the rest under `others`. */
export function fieldsOfJson(fields: FormInput[], body: Record<string, unknown>): Inputs {
  const inputs: Inputs = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const input = fields.find((field) => field.name === name);
    if (input && shows(input, value)) inputs[name] = input.kind === 'json' ? JSON.stringify(value, null, 2) : String(value);
    else rest[name] = value;
  }
  if (Object.keys(rest).length > 0) inputs[others] = JSON.stringify(rest);
  return inputs;
}

/** The properties kept under `others` in the body's inputs. */
export function othersOf(inputs: Inputs): Record<string, unknown> {
  const text = inputs[others];
  return typeof text === 'string' ? (JSON.parse(text) as Record<string, unknown>) : {};
}
