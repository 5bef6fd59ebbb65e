/**
 * What the scripts cost a phone: the site's own build copied aside with every script taken out of
 * the measured pages (the same HTML, CSS, fonts and images, nothing that runs), both served, and
 * measured with Lighthouse on phones in turns (lighthousePaired). The page with no scripts is the
 * floor of that HTML: the operation page's main-thread CPU is to stay within `targets.noScriptCpuRatio`
 * of it, and the pages that keep the client show how far above it they are.
 */
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {servingBoth} from '../../scripts/lib/site-copy';
import {lighthousePaired, type LighthouseResult} from './lighthouse';

export type NoScriptBench = {ok: true; site: LighthouseResult[]; bare: LighthouseResult[]} | {ok: false; error: string};

/** The start of a script element that runs: any type but data ones, such as `application/ld+json`. */
const runningScriptStart = String.raw`<script\b(?![^>]*\btype=["']?application\/(?:ld\+)?json)`;
const runningScript = new RegExp(String.raw`${runningScriptStart}[^>]*>[\s\S]*?<\/script\s*>`, 'gi');
/** A hint that fetches a script ahead: `<link rel=preload as=script>`, `modulepreload` or a script prefetch. */
const scriptHint =
  /<link\b(?=[^>]*\brel=["']?(?:preload|modulepreload|prefetch)\b)(?=[^>]*\b(?:as=["']?script\b|href=["']?[^"'\s>]+\.m?js\b))[^>]*>/gi;

/** A page's HTML with nothing in it that runs or fetches a script; the rest as it was. */
export function withoutScripts(html: string): string {
  return html.replace(runningScript, '').replace(scriptHint, '');
}

/** The HTML file of a page's path in a build: `/guides/x` is `guides/x/index.html`. */
const htmlFile = (buildDir: string, path: string): string => join(buildDir, path, 'index.html');

/** `siteBuild` is the site's own build; its copy has `pages` without scripts, and both are measured in turns on those pages. */
export async function measureNoScript(siteBuild: string, pages: string[], log: (message: string) => void): Promise<NoScriptBench> {
  const dir = mkdtempSync(join(tmpdir(), 'plaza-no-script-'));
  try {
    cpSync(siteBuild, dir, {recursive: true});
    for (const path of pages) {
      const file = htmlFile(dir, path);
      const bare = withoutScripts(readFileSync(file, 'utf8'));
      // A script element the pattern does not read (unclosed, say) would make the floor a lie.
      if (new RegExp(runningScriptStart, 'i').test(bare)) throw new Error(`${path}: a script is left after taking them out`);
      writeFileSync(file, bare);
    }
    log(`the same HTML with no scripts: ${pages.join(', ')}`);
    const [site, bare] = await servingBoth([siteBuild, dir], (origins) => lighthousePaired(origins, pages, log));
    return {ok: true, site, bare};
  } catch (error) {
    return {ok: false, error: (error as Error).message};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
