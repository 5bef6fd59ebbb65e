/**
 * Renders every mermaid block in docs/ to two SVGs, dark and light, in static/diagrams/, with
 * mermaid running in Debian's Chromium, and deletes the SVGs that no diagram uses any more. The
 * remark plugin src/plugins/remark-diagrams.ts shows them as images.
 *
 * The SVGs are named by a hash of the diagram's source, so a diagram whose two SVGs exist is
 * skipped; `--all` renders every diagram again, as it should after a mermaid upgrade or a change
 * to the config below. Same source, same bytes: each diagram is rendered in a fresh page (mermaid
 * keeps counters from one render to the next), with its ids and its shapes' random seed fixed.
 *
 * Usage: npm run diagrams [-- --all]
 */
import {chromium, type Browser} from '@playwright/test';
import {chromiumFlags, chromiumPath} from './lib/chromium';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import type {Mermaid} from 'mermaid';
import {altText, findDiagrams, missingAltReason, modes, svgDir, svgName, svgSize, type Diagram} from '../lib/diagrams';

/** mermaid's self-contained browser build: it needs no network. */
const mermaidScript = createRequire(__filename).resolve('mermaid/dist/mermaid.min.js');

type RenderRequest = {source: string; hash: string; theme: string};

/**
 * Runs in the page. Labels are SVG text rather than HTML, measured in a font every reader has;
 * the result is serialized as XML and sized in pixels, so that it works as an <img> of known size.
 */
async function renderInPage({source, hash, theme}: RenderRequest): Promise<string> {
  const {mermaid} = window as unknown as {mermaid: Mermaid};
  mermaid.initialize({
    startOnLoad: false,
    theme: theme as 'dark' | 'neutral',
    fontFamily: 'Arial, Helvetica, sans-serif',
    htmlLabels: false,
    flowchart: {htmlLabels: false},
    deterministicIds: true,
    deterministicIDSeed: hash,
    handDrawnSeed: 1,
    securityLevel: 'strict',
  });
  const {svg} = await mermaid.render(`diagram-${hash}`, source);
  const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  const [, , width = Number.NaN, height = Number.NaN] = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  root.setAttribute('width', String(Math.ceil(width)));
  root.setAttribute('height', String(Math.ceil(height)));
  root.removeAttribute('style');
  return `${new XMLSerializer().serializeToString(root)}\n`;
}

/** Renders one diagram in both modes and writes the files that changed; returns what it did. */
async function renderDiagram(browser: Browser, diagram: Diagram): Promise<string> {
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><html><head></head><body></body></html>');
    await page.addScriptTag({path: mermaidScript});
    const results: string[] = [];
    for (const {mode, mermaidTheme} of modes) {
      const svg = await page.evaluate(renderInPage, {source: diagram.source, hash: diagram.hash, theme: mermaidTheme});
      const size = svgSize(svg);
      if (!size) throw new Error(`mermaid made a ${mode} SVG without a viewBox`);
      const path = join(svgDir, svgName(diagram.hash, mode));
      const changed = !existsSync(path) || readFileSync(path, 'utf8') !== svg;
      if (changed) writeFileSync(path, svg);
      results.push(`${mode} ${size.width}x${size.height} ${changed ? 'written' : 'unchanged'}`);
    }
    return results.join(', ');
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const {values} = parseArgs({options: {all: {type: 'boolean', default: false}}});
  const diagrams = findDiagrams();
  const used = new Set(diagrams.flatMap((diagram) => modes.map(({mode}) => svgName(diagram.hash, mode))));
  mkdirSync(svgDir, {recursive: true});
  let failures = 0;
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
  try {
    for (const diagram of diagrams) {
      const rendered = modes.every(({mode}) => existsSync(join(svgDir, svgName(diagram.hash, mode))));
      let result: string;
      try {
        if (!altText(diagram.source)) throw new Error(missingAltReason);
        result = rendered && !values.all ? 'already rendered' : await renderDiagram(browser, diagram);
      } catch (error) {
        result = `failed: ${(error as Error).message.split('\n')[0]}`;
        failures++;
      }
      console.log(`${diagram.file}:${diagram.line}  ${diagram.hash}  ${result}`);
    }
  } finally {
    await browser.close();
  }
  for (const name of readdirSync(svgDir)) {
    if (name.endsWith('.svg') && !used.has(name)) {
      rmSync(join(svgDir, name));
      console.log(`deleted ${join(svgDir, name)}: no diagram uses it`);
    }
  }
  console.log(`${diagrams.length} diagrams, ${failures} failed`);
  if (failures > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(`render-diagrams failed: ${(error as Error).message}`);
  process.exit(1);
});
