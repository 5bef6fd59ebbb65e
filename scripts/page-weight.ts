/**
 * What a reader's browser loads for some pages of the production build: the JavaScript and CSS
 * files Chromium requests until the page has hydrated and the network is idle (route chunks and
 * prefetched links included), with their size gzipped at level 9. Usage: npm run page-weight -- / /api/financial/create-payment
 */
import {chromium} from '@playwright/test';
import {readFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {startServer} from './serve-build';

export type Weight = {path: string; jsBytes: number; jsFiles: number; cssBytes: number; cssFiles: number};

const chromiumArgs = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The gzip size of a file of the build, as a CDN compressing at level 9 would send it. */
function gzipSize(path: string): number {
  return gzipSync(readFileSync(join('build', path)), {level: 9}).length;
}

export async function measure(baseUrl: string, paths: string[]): Promise<Weight[]> {
  const browser = await chromium.launch({executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs});
  try {
    const weights: Weight[] = [];
    for (const path of paths) {
      const page = await browser.newPage();
      const requested = new Set<string>();
      page.on('request', (request) => requested.add(new URL(request.url()).pathname));
      await page.goto(`${baseUrl}${path}`, {waitUntil: 'networkidle'});
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      await page.close();
      const js = [...requested].filter((file) => file.endsWith('.js'));
      const css = [...requested].filter((file) => file.endsWith('.css'));
      const sum = (files: string[]) => files.reduce((total, file) => total + gzipSize(file), 0);
      weights.push({path, jsBytes: sum(js), jsFiles: js.length, cssBytes: sum(css), cssFiles: css.length});
    }
    return weights;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const paths = process.argv.slice(2);
  const server = await startServer('build', 0);
  try {
    const {port} = server.address() as AddressInfo;
    for (const w of await measure(`http://127.0.0.1:${port}`, paths.length ? paths : ['/'])) {
      console.log(`${w.path}: JavaScript ${(w.jsBytes / 1024).toFixed(1)} KB gzip in ${w.jsFiles} files, CSS ${(w.cssBytes / 1024).toFixed(1)} KB gzip in ${w.cssFiles} files`);
    }
  } finally {
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`page-weight failed: ${(error as Error).message}`);
    process.exit(1);
  });
}
