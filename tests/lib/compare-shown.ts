/**
 * Where a real response differs from the one a page shows, in more than what changes from run to run
 * (IDs, times, keys): the comparison of the executed-pages test.
 */
import {escapeRegExp, idPrefix, idTemplate, isObject} from '../../lib/page-run';

/**
 * The shape of an API key a page shows, which differs on every run: a secret or publishable key
 * (`sk_test_7Gx2...`) is its prefix and at least 16 letters and digits, and a redacted one
 * (`sk_test_...4f9a`) its prefix, the dots and four of them. Undefined for any other string.
 */
function apiKeyShape(shown: string): RegExp | undefined {
  const match = /^((?:sk|pk)_(?:test|live)_)(\.\.\.)?[A-Za-z0-9]+$/.exec(shown);
  if (!match) return undefined;
  return new RegExp(`^${escapeRegExp(match[1] ?? '')}${match[2] ? '\\.\\.\\.[A-Za-z0-9]{4}' : '[A-Za-z0-9]{16,}'}$`);
}

const timestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** A value for a difference line: JSON, cut at 120 characters. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** The path of a key under a path: `data[0].status`, or `metadata["order-id"]` for a key that is not a name. */
const childPath = (at: string, key: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? (at ? `${at}.${key}` : key) : `${at}[${JSON.stringify(key)}]`;

/**
 * Where a real response differs from the one a page shows, one line per difference naming its JSON
 * path (`data[0].status: shown "succeeded", got "pending"`). Every key of a shown object must be in the
 * real one (more keys are fine); a shown array's items compare one by one, and the real array holds at
 * least as many. IDs compare by prefix (`pay_`, `req_`...), also inside other strings, and ISO 8601
 * times by shape. `message` fields compare by type only: their text may quote IDs and amounts, and the
 * error codes beside them say what happened. A shown `next_cursor` string needs any string. Everything
 * else compares by value.
 */
export function compareShown(shown: unknown, actual: unknown, at = ''): string[] {
  const here = at || '(body)';
  const key = /(?:^|\.)([A-Za-z_$][\w$]*)$/.exec(at)?.[1];
  if (typeof shown === 'string') {
    if (key === 'message' || key === 'next_cursor')
      return typeof actual === 'string' ? [] : [`${here}: shown ${show(shown)} (any string), got ${show(actual)}`];
    if (timestamp.test(shown))
      return typeof actual === 'string' && timestamp.test(actual)
        ? []
        : [`${here}: shown ${show(shown)} (any ISO 8601 time), got ${show(actual)}`];
    const keyShape = apiKeyShape(shown);
    if (keyShape)
      return typeof actual === 'string' && keyShape.test(actual)
        ? []
        : [`${here}: shown ${show(shown)} (a key of its shape), got ${show(actual)}`];
    const template = idTemplate(shown);
    if (template) {
      if (typeof actual === 'string' && template.pattern.test(actual)) return [];
      const prefix = template.ids.length === 1 && template.ids[0] === shown ? `any ${idPrefix(shown) ?? ''}_ ID` : 'its IDs by prefix';
      return [`${here}: shown ${show(shown)} (${prefix}), got ${show(actual)}`];
    }
  }
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${here}: shown an array, got ${show(actual)}`];
    const differences = actual.length < shown.length ? [`${here}: shown ${shown.length} items, got ${actual.length}`] : [];
    shown.slice(0, actual.length).forEach((item, index) => differences.push(...compareShown(item, actual[index], `${at}[${index}]`)));
    return differences;
  }
  if (isObject(shown)) {
    if (!isObject(actual)) return [`${here}: shown an object, got ${show(actual)}`];
    return Object.entries(shown).flatMap(([name, value]) => {
      const path = childPath(at, name);
      return Object.hasOwn(actual, name) ? compareShown(value, actual[name], path) : [`${path}: missing (shown ${show(value)})`];
    });
  }
  return shown === actual ? [] : [`${here}: shown ${show(shown)}, got ${show(actual)}`];
}
