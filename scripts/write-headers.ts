/**
 * The last step of `npm run build`: writes build/_headers, the response headers of every page in
 * the format Netlify and Cloudflare Pages read, with a strict Content-Security-Policy, and the cache
 * rule of the files whose names change with their content. Scripts run
 * only from the site's own files and as the inline scripts of the built HTML, each allowed by the
 * SHA-256 hash of its text (Docusaurus' colour mode and announcement bar scripts, the loader of
 * src/internals/ssr-template.ts, ...), so a script that a page was never built with does not run.
 * `npm run serve` (scripts/serve-build.ts) sends the same headers; the README shows them for nginx
 * and a CDN.
 *
 * Keep it the last step: a step after it that adds an inline script would need its hash here.
 *
 * Usage: tsx scripts/write-headers.ts [--dir build]
 */
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {tryItOrigin} from '../lib/try-it-target';

export const headersFile = '_headers';

/** The text of every inline script of an HTML page that a browser would run. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map(([, attributes = '', body = '']) => [attributes, body] as const)
    .filter(([attributes]) => !/\ssrc\s*=/i.test(attributes))
    .filter(([attributes]) => {
      const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
      return type === undefined || type === 'module' || type.includes('javascript');
    })
    .map(([, body]) => body);
}

export const scriptHash = (script: string): string => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** The policy for pages whose inline scripts have these hashes, and that may call Try it's configured host. */
export function contentSecurityPolicy(hashes: string[], connect = tryItOrigin()): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the site search (Pagefind) compile its WebAssembly. Unlike
    // 'unsafe-eval' it allows no eval() or new Function() of strings: it cannot run injected text.
    `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`,
    // The theme sets style attributes (the announcement bar's colours, hidden elements).
    "style-src 'self' 'unsafe-inline'",
    // Infima's icons are data: SVGs in the CSS.
    "img-src 'self' data:",
    "font-src 'self'",
    // Try it calls Plaza's sandbox API only when the build names it (PLAZA_TRY_IT_URL); the sandbox in
    // the reader's browser is a worker of the site's own (worker-src falls back to script-src).
    `connect-src 'self'${connect ? ` ${connect}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The headers of every page: the policy, and no MIME sniffing nor full URLs sent to other sites. */
export function pageHeaders(hashes: string[], connect = tryItOrigin()): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(hashes, connect),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(dir, file));
}

/**
 * The files named after their content, cached for a year: the bundles, the operation pages' sample
 * files (lib/api-render/operation-samples.ts), and Pagefind's index, fragments, filters and metadata.
 * Everything else, Pagefind's entry file, script and WebAssembly included (their names stay the
 * same from build to build), is left to revalidate.
 */
export const immutablePaths = [
  '/assets/*',
  '/samples/*',
  '/pagefind/index/*',
  '/pagefind/fragment/*',
  '/pagefind/filter/*',
  '/pagefind/pagefind.*.pf_meta',
];
export const immutable = 'public, max-age=31536000, immutable';

/** A rule of a `_headers` file: the paths it matches (`*` matches any characters) and the headers it adds. */
export type HeaderRule = {path: string; headers: Record<string, string>};

/** Writes `dir`/_headers for the HTML in `dir`; returns the hashes it allows. */
export function writeHeaders(dir: string): string[] {
  const hashes = [...new Set(htmlFiles(dir).flatMap((file) => inlineScripts(readFileSync(file, 'utf8')).map(scriptHash)))].sort();
  const rules: HeaderRule[] = [
    {path: '/*', headers: pageHeaders(hashes)},
    ...immutablePaths.map((path) => ({path, headers: {'Cache-Control': immutable}})),
  ];
  const lines = rules.flatMap(({path, headers}) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)]);
  writeFileSync(join(dir, headersFile), `${lines.join('\n')}\n`);
  return hashes;
}

/** The rules of `dir`/_headers, in order. */
export function readHeaders(dir: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of readFileSync(join(dir, headersFile), 'utf8').split('\n')) {
    const [, name, value] = /^\s+([\w-]+):\s*(.*)$/.exec(line) ?? [];
    if (line.trim() && !/^\s/.test(line)) rules.push({path: line.trim(), headers: {}});
    else if (name && value !== undefined && rules.length > 0) rules[rules.length - 1]!.headers[name] = value;
  }
  return rules;
}

/** The headers the rules give `pathname`: those of every rule whose path matches it, in order. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const matches = (path: string) =>
    new RegExp(
      `^${path
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(pathname);
  return Object.assign({}, ...rules.filter((rule) => matches(rule.path)).map((rule) => rule.headers)) as Record<string, string>;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {values} = parseArgs({options: {dir: {type: 'string', default: 'build'}}});
  const hashes = writeHeaders(values.dir);
  console.log(`headers: ${values.dir}/${headersFile} allows ${hashes.length} inline scripts by hash`);
}
