/**
 * Runs the request blocks of the pages as a reader would, one after another in one sandbox account:
 * the reader's key in place of `$PLAZA_SECRET_KEY`, and the IDs that earlier answers gave in place of
 * the ones the page shows. Isomorphic (no Node API): the executed-pages test runs it against the
 * sandbox in Node, and the Run control of the pages (src/components/TryIt) against the sandbox in the
 * reader's browser.
 */
import type {CurlRequest} from './curl';
import {freshKey} from './idempotency-keys';

/** A block as it runs: the request, the response its page shows after it, and the reason when it is marked not run. */
export type RunBlock = CurlRequest & {shown?: {status: number; body: unknown}; notRun?: string};

/** The request the sandbox receives (sandbox/core's `SandboxRequest`). */
export type BlockRequest = {method: string; url: string; headers: Record<string, string>; body?: string};

const idShape = /^([a-z]+)_[A-Za-z0-9]{6,}$/;

/**
 * The prefix of a value a page shows as a Plaza ID (`pay` of `pay_8fk2m1x9q4t7b3n6c5v0z2wd`), or
 * undefined. Besides its shape, a shown ID has a digit after its prefix: enum values such as
 * `card_declined` or `verification_pending` have the shape too, and must compare by value. Key
 * placeholders such as `sk_test_...` do not have the shape.
 */
export function idPrefix(value: string): string | undefined {
  const prefix = idShape.exec(value)?.[1];
  return prefix !== undefined && /\d/.test(value.slice(prefix.length + 1)) ? prefix : undefined;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A pattern that matches a shown string with each Plaza ID in it (as a whole token) replaced by any ID
 * of the same prefix, capturing those IDs in order; undefined when the string shows no ID. Real IDs
 * need not hold a digit.
 */
export function idTemplate(shown: string): {pattern: RegExp; ids: string[]} | undefined {
  const ids: string[] = [];
  let source = '';
  let last = 0;
  for (const match of shown.matchAll(/[A-Za-z0-9_]+/g)) {
    const prefix = idPrefix(match[0]);
    if (prefix === undefined) continue;
    source += `${escapeRegExp(shown.slice(last, match.index))}(${prefix}_[A-Za-z0-9]{6,})`;
    ids.push(match[0]);
    last = match.index + match[0].length;
  }
  if (ids.length === 0) return undefined;
  return {pattern: new RegExp(`^${source}${escapeRegExp(shown.slice(last))}$`), ids};
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The IDs a page shows, each with the ID the sandbox gave the same object, to send in the page's later requests. */
export class IdCarrier {
  private readonly ids = new Map<string, string>();
  /** The real ID learned last for each prefix: the reader's own object of that kind. */
  private readonly latest = new Map<string, string>();

  /**
   * Walks a shown response and the real one in parallel (same keys, same indices) and remembers each
   * shown ID whose place holds a real ID of the same prefix. A string that holds IDs among other text
   * (a URL, a message) teaches its IDs when the rest of it is the same, and a shown `next_cursor` takes any
   * real string. The first real ID learned for a
   * shown one stays: a page creates an object before it lists it.
   */
  learn(shown: unknown, actual: unknown): void {
    this.walk(shown, actual, undefined);
  }

  private walk(shown: unknown, actual: unknown, key: string | undefined): void {
    if (typeof shown === 'string') {
      if (typeof actual !== 'string') return;
      // A real cursor need not look like the shown one: it is opaque (see compareShown).
      if (key === 'next_cursor' && idPrefix(shown) !== undefined && actual !== '') {
        if (!this.ids.has(shown)) this.ids.set(shown, actual);
        return;
      }
      const template = idTemplate(shown);
      const match = template?.pattern.exec(actual);
      template?.ids.forEach((id, index) => {
        const real = match?.[index + 1];
        if (real === undefined) return;
        if (!this.ids.has(id)) this.ids.set(id, real);
        this.latest.set(idPrefix(id) ?? '', real);
      });
    } else if (Array.isArray(shown)) {
      if (Array.isArray(actual)) shown.slice(0, actual.length).forEach((item, index) => this.walk(item, actual[index], undefined));
    } else if (isObject(shown) && isObject(actual)) {
      for (const [name, value] of Object.entries(shown)) if (Object.hasOwn(actual, name)) this.walk(value, actual[name], name);
    }
  }

  /**
   * The text with each remembered shown ID (as a whole token) replaced by its real ID. A shown ID the
   * pages never answered with stands for the reader's own object of its kind, as a reader would read
   * it: the real ID learned last with its prefix, which it then keeps.
   */
  apply(text: string): string {
    return text.replace(/[A-Za-z0-9_]+/g, (token) => {
      const known = this.ids.get(token);
      if (known !== undefined) return known;
      // The sandbox's test values (`card_testvisacredit0000000000`) are the same in every account.
      const prefix = /^[a-z]+_test/.test(token) ? undefined : idPrefix(token);
      const own = prefix === undefined ? undefined : this.latest.get(prefix);
      if (own === undefined) return token;
      this.ids.set(token, own);
      return own;
    });
  }

  /** A copy of a request with the remembered IDs replaced in its target, header values, body and form values. */
  applyTo<Request extends CurlRequest>(request: Request): Request {
    const copy: Request = {
      ...request,
      target: this.apply(request.target),
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, this.apply(value)])),
    };
    if (request.body !== undefined) copy.body = this.apply(request.body);
    if (request.form) copy.form = request.form.map((field) => ({name: field.name, value: this.apply(field.value)}));
    return copy;
  }

  /** Remembers a real ID as the reader's own object of its kind (an object made outside the pages' blocks). */
  own(id: string): void {
    const prefix = /^([a-z]+)_[A-Za-z0-9]{6,}$/.exec(id)?.[1];
    if (prefix !== undefined) this.latest.set(prefix, id);
  }

  /** The real ID learned last with a prefix, if any. */
  latestOf(prefix: string): string | undefined {
    return this.latest.get(prefix);
  }

  /** The shown IDs remembered so far, with their real IDs. */
  get learned(): ReadonlyMap<string, string> {
    return this.ids;
  }
}

/** The file a `@file` field sends: a PDF of a few bytes, enough for an upload to be read and stored. */
export const samplePdf = '%PDF-1.4\n%test';

/** A multipart body of `-F` fields; a `@file` field sends the sample PDF. */
export function multipart(form: {name: string; value: string}[]): {body: string; type: string} {
  const boundary = 'plaza-page-runner';
  const parts = form.map(({name, value}) =>
    value.startsWith('@')
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.slice(1)}"\r\nContent-Type: application/pdf\r\n\r\n${samplePdf}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}`};
}

/** A key that no sandbox takes, for the blocks that show a live key being refused. */
const liveKey = 'sk_live_notforthesandbox0000';

/**
 * A reader walking the pages in one sandbox account: `$PLAZA_SECRET_KEY` is the reader's key, another
 * `$PLAZA_..._SECRET_KEY` the last secret key an answer gave (a key the reader created), and the IDs
 * of earlier answers replace the ones the pages show.
 */
export class PageReader {
  readonly carrier = new IdCarrier();
  private createdKey: string | undefined;
  /** A fresh idempotency key for each one a page writes: the same written key twice is the same request. */
  private readonly idempotencyKeys = new Map<string, string>();

  constructor(readonly key: string) {}

  /** What a block sends for this reader. */
  prepare(block: RunBlock): BlockRequest {
    const request = this.carrier.applyTo(block);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      // Each reader gets idempotency keys of their own (./idempotency-keys).
      if (name.toLowerCase() === 'idempotency-key') {
        headers[name] = freshKey(value, this.idempotencyKeys);
        continue;
      }
      headers[name] = value.replace(/\$\{?(PLAZA_[A-Z_]*SECRET_KEY)\}?/g, (_, variable: string) =>
        variable === 'PLAZA_SECRET_KEY' ? this.key : variable === 'PLAZA_LIVE_SECRET_KEY' ? liveKey : (this.createdKey ?? this.key),
      );
    }
    let body = request.body;
    if (request.form) {
      const encoded = multipart(request.form);
      body = encoded.body;
      headers['content-type'] = encoded.type;
    }
    return {method: request.method, url: request.target, headers, ...(body === undefined ? {} : {body})};
  }

  /** Learns from a block's answer: a secret key it made, and the real IDs of the objects its page shows. */
  learn(block: RunBlock, status: number, body: unknown): void {
    const secret = isObject(body) ? body.secret : undefined;
    if (typeof secret === 'string' && secret.startsWith('sk_test_')) this.createdKey = secret;
    if (block.shown && block.shown.status === status) this.carrier.learn(block.shown.body, body);
    else if (isObject(body) && typeof body.id === 'string') this.carrier.own(body.id);
  }
}
