/**
 * The idempotency keys a page writes, made the reader's own. A key written on a page was sent by every
 * reader before: sent again, it replays their request or is refused as reused (409). Run (PageReader)
 * and the Copy button of code blocks give each written key a fresh one, the same each time in the tab,
 * so that a page showing one request sent twice still shows it.
 */

/** `Idempotency-Key: value` in a header line (curl's `-H`, HTTP). */
const headerLine = /(Idempotency-Key:[ \t]*)([^\s'"\\$]+)/gi;
/** A quoted value after the name: `"Idempotency-Key": "value"`, `idempotency_key="value"`, `.header("Idempotency-Key", "value")`. */
const quotedValue = /(idempotency[-_]key['"]?\s*[:=,]\s*)(['"])([^'"\n]+)\2/gi;

/** The fresh key that stands for a written one in `keys`, made on first use. */
export function freshKey(written: string, keys: Map<string, string>): string {
  const fresh = keys.get(written) ?? crypto.randomUUID();
  keys.set(written, fresh);
  return fresh;
}

/** A text (a code block) with each written idempotency key replaced by its fresh one. */
export const withFreshKeys = (text: string, keys: Map<string, string>): string =>
  text
    .replace(headerLine, (_, name: string, written: string) => `${name}${freshKey(written, keys)}`)
    .replace(quotedValue, (_, name: string, quote: string, written: string) => `${name}${quote}${freshKey(written, keys)}${quote}`);
