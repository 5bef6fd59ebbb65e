/**
 * Serves the production build the way a CDN would: on 127.0.0.1 only, with brotli or gzip,
 * long-lived caching for hashed assets, `/x`, `/x/` and `/x.html` reaching the same page
 * (the last by a redirect, as hosts with clean URLs do),
 * the site's 404 page (status 404) for anything else, and on every answer the headers that the
 * build wrote to build/_headers (scripts/write-headers.ts: the Content-Security-Policy and others).
 *
 * Usage: tsx scripts/serve-build.ts [--dir build] [--port 3000]
 */
import {createServer, type Server} from 'node:http';
import {readFile, stat} from 'node:fs/promises';
import {extname, join, normalize, resolve, sep} from 'node:path';
import {brotliCompressSync, gzipSync, constants as zlib} from 'node:zlib';
import {parseArgs} from 'node:util';
import {headersFile, headersFor, readHeaders, type HeaderRule} from './write-headers';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
};

const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt', '.md', '.yaml']);

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export type Resolution = {file: string} | {redirect: string} | null;

/**
 * What answers `urlPath` under `root`: a file (the path itself, then `path/index.html`, then
 * `path.html`), a redirect from `/x.html` to `/x` when only the folder page exists, or null. The
 * headers file is the host's configuration, not a page: it is never served, as hosts that read it do.
 */
export async function resolveFile(root: string, urlPath: string): Promise<Resolution> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const target = normalize(join(root, decoded));
  if ((target !== root && !target.startsWith(root + sep)) || target === join(root, headersFile)) {
    return null;
  }
  if (decoded.endsWith('.html')) {
    if (await isFile(target)) return {file: target};
    const folder = target.slice(0, -'.html'.length).replace(/[\\/]index$/, '');
    if (await isFile(join(folder, 'index.html'))) {
      return {redirect: urlPath.slice(0, -'.html'.length).replace(/\/index$/, '/') || '/'};
    }
    return null;
  }
  const candidates = decoded.endsWith('/') ? [join(target, 'index.html')] : [target, join(target, 'index.html'), `${target}.html`];
  for (const candidate of candidates) {
    if (await isFile(candidate)) return {file: candidate};
  }
  return null;
}

type Encoding = 'br' | 'gzip' | 'identity';

function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').split(',').map((part) => part.trim().split(';')[0]);
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}

const compressedCache = new Map<string, Buffer>();

/**
 * Brotli quality for a file: the best (11) for pages and scripts, a fast one (5) above 1 MB (such
 * as /llms-full.txt), where the best takes seconds on first request and saves only a fifth more.
 */
function brotliQuality(size: number): number {
  return size > 1_000_000 ? 5 : 11;
}

/** Compresses once per file version: the key holds the modification time and size. */
function encode(path: string, version: string, body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'identity') return body;
  const key = `${encoding}:${path}:${version}`;
  let out = compressedCache.get(key);
  if (!out) {
    out =
      encoding === 'br'
        ? brotliCompressSync(body, {params: {[zlib.BROTLI_PARAM_QUALITY]: brotliQuality(body.length)}})
        : gzipSync(body, {level: 9});
    compressedCache.set(key, out);
  }
  return out;
}

export function startServer(dir: string, port: number): Promise<Server> {
  const root = resolve(dir);
  let rules: HeaderRule[];
  try {
    rules = readHeaders(root);
  } catch {
    return Promise.reject(new Error(`${join(root, headersFile)} is missing: run "npm run build", whose last step writes it`));
  }
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // What the build's _headers gives this path, as the hosts that read the file send it; no cache rule means revalidate.
    const headers = {'Cache-Control': 'public, max-age=0, must-revalidate', ...headersFor(rules, url.pathname)};
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const resolution = await resolveFile(root, url.pathname);
    if (resolution && 'redirect' in resolution) {
      res.writeHead(301, {Location: resolution.redirect + url.search});
      res.end();
      return;
    }
    const status = resolution ? 200 : 404;
    const file = resolution ? resolution.file : join(root, '404.html');
    const ext = extname(file);
    let body: Buffer;
    let version: string;
    try {
      const info = await stat(file);
      version = `${info.mtimeMs}:${info.size}`;
      body = await readFile(file);
    } catch {
      res.statusCode = 500;
      res.end(`Nothing to serve: ${file} is missing. Run "npm run build" first.`);
      return;
    }
    const encoding = compressible.has(ext) ? pickEncoding(req.headers['accept-encoding']) : 'identity';
    const payload = encode(file, version, body, encoding);
    res.statusCode = status;
    res.setHeader('Content-Type', contentTypes[ext] ?? 'application/octet-stream');
    res.setHeader('Content-Length', payload.length);
    res.setHeader('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.end(req.method === 'HEAD' ? undefined : payload);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolvePromise(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {values} = parseArgs({
    options: {dir: {type: 'string', default: 'build'}, port: {type: 'string', default: process.env.PORT ?? '3000'}},
  });
  const port = Number(values.port);
  startServer(values.dir, port).then(
    () => console.log(`Serving ${values.dir}/ at http://127.0.0.1:${port}/`),
    (error: Error) => {
      console.error(`Could not serve ${values.dir}/ on 127.0.0.1:${port}: ${error.message}`);
      process.exit(1);
    },
  );
}
