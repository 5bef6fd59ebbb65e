/**
 * The sections of bench/RESULTS.md that measure the site in turns with another build on phones
 * (bench/lib/lighthouse.ts, lighthousePaired): without each framework internal, stock Docusaurus on
 * the same text, an earlier commit, and the same HTML with no scripts.
 */
import type {AbRun} from './ab';
import type {CommitAb} from './ab-commit';
import {abRuns, defaultSlowdown, type LighthouseResult} from './lighthouse';
import type {NoScriptBench} from './no-script';
import {kb, ms, orDash, pairCells, runsCell, scoreAndTbt, table, targets, tbtSaved, verdict} from './report-format';
import type {StockBench} from './stock-docusaurus';

export function abSection(ab: AbRun[]): string {
  if (ab.length === 0) return '## Framework internals: A/B\n\nNot run (`--ab none`).';
  const pairs = (run: AbRun & {ok: true}) =>
    run.without.map((without, index) => {
      const withIt = run.with[index];
      if (!withIt) throw new Error(`bench: the A/B of ${run.internal} has no run with it for ${without.path}`);
      return {withIt, without};
    });
  const summary = ab.map((run) => {
    if (!run.ok) return [run.internal, run.what, `failed: ${run.error.split('\n')[0]}`, '–'];
    const saved = pairs(run).map(({withIt, without}) => ({path: without.path, ms: tbtSaved(withIt, without)}));
    const best = saved.reduce((top, one) => ((one.ms ?? -Infinity) > (top.ms ?? -Infinity) ? one : top));
    const keep = best.ms !== null && best.ms >= targets.internalTbtWinMs;
    return [run.internal, run.what, best.ms === null ? '–' : `${ms(best.ms)} on \`${best.path}\``, keep ? 'keep' : '**remove**'];
  });
  const detail = ab.flatMap((run) =>
    run.ok ? pairs(run).map(({withIt, without}) => [run.internal, `\`${without.path}\``, ...pairCells(withIt, without)]) : [],
  );
  return [
    '## Framework internals: A/B',
    '',
    `Each internal the site replaces or patches, taken out of a copy of the project (\`bench/lib/internals.ts\`), built cold there, and measured with Lighthouse on phones in turns with the site as it is: a run with it, a run without, ${abRuns} times each per page, so that both medians come from the same minutes of the machine.`,
    `An internal earns its place when it saves at least ${targets.internalTbtWinMs} ms of median TBT on some page.`,
    '',
    table(['internal', 'what it does', 'largest TBT saved', `verdict: saves ≥ ${targets.internalTbtWinMs} ms somewhere`], summary),
    '',
    table(
      [
        'internal',
        'page',
        'TBT with',
        'TBT without',
        'saved by it',
        'performance with',
        'performance without',
        'runs with: performance · TBT · load · benchmarkIndex',
        'runs without',
      ],
      detail,
    ),
  ].join('\n');
}

/** The site against stock Docusaurus on the same text: median TBT and performance on phones, measured in turns, and the JavaScript before interaction. */
export function stockSection(run: StockBench | undefined): string {
  const heading = '## The framework alone: stock Docusaurus on the same text';
  if (!run) return `${heading}\n\nNot measured.`;
  if (!run.ok) return `${heading}\n\nFailed: ${run.error.split('\n')[0]}`;
  const rows = run.site.map((site, index) => {
    const stock = run.stock[index];
    const siteWeight = run.siteWeight[index];
    const stockWeight = run.stockWeight[index];
    if (!stock || !siteWeight || !stockWeight) throw new Error(`bench: the stock site has no figures for ${site.path}`);
    return [`\`${site.path}\``, kb(siteWeight.jsGzipBytes), kb(stockWeight.jsGzipBytes), ...pairCells(site, stock)];
  });
  return [
    heading,
    '',
    `Docusaurus ${run.docusaurus} with its docs plugin and classic theme as they come, nothing of this site's, building the Markdown twins of the site's guides and concepts (\`bench/lib/stock-docusaurus.ts\`): the same words, tables and code, with a diagram left as its code block. Both sites are served as \`npm run serve\` serves this one and measured with Lighthouse on phones in turns, ${abRuns} times each per page.`,
    "What the stock site costs a phone is the framework's floor for this text: no change to the site's own components goes below it, only another renderer.",
    '',
    table(
      [
        'page',
        'JavaScript before interaction (gzip): site',
        'stock',
        'TBT: site',
        'TBT: stock',
        'TBT the site saves',
        'performance: site',
        'performance: stock',
        'runs of the site: performance · TBT · load · benchmarkIndex',
        'runs of the stock site',
      ],
      rows,
    ),
  ].join('\n');
}

/** The A/B against an earlier commit: median TBT and performance on phones, now and then, measured in turns. */
export function commitAbSection(run: CommitAb | undefined): string {
  const heading = '## A/B against an earlier commit';
  if (!run) return `${heading}\n\nNot run (\`--ab-commit <commit>\` runs it).`;
  if (!run.ok) return `${heading}\n\n\`${run.commit.slice(0, 12)}\` ${run.subject}: failed: ${run.error.split('\n')[0]}`;
  const rows = run.now.map((now) => {
    const then = run.then.find((one) => one.path === now.path);
    if (!then) throw new Error(`bench: the commit A/B has no run of ${run.commit.slice(0, 12)} for ${now.path}`);
    return [`\`${now.path}\``, ...pairCells(now, then)];
  });
  return [
    heading,
    '',
    `The checkout measured against \`${run.commit.slice(0, 12)}\` (${run.subject}), built aside with its own \`npm run build\`${run.packages ? ` and ${run.packages}` : ''}: Lighthouse on phones, a run of each in turn, ${abRuns} times each per page, so that both medians come from the same minutes of the machine. "Saved" is the commit's median TBT minus the checkout's: what the changes since then save on each page (negative: what they cost).`,
    '',
    table(
      [
        'page',
        'TBT now',
        'TBT then',
        'saved since then',
        'performance now',
        'performance then',
        'runs now: performance · TBT · load · benchmarkIndex',
        'runs then',
      ],
      rows,
    ),
  ].join('\n');
}

/** A page's main-thread CPU as a multiple of the same HTML's with no scripts, or null when either is missing. */
function cpuRatio(site: LighthouseResult, bare: LighthouseResult): number | null {
  const [ours, floor] = [site.median.mainThreadCpuMs, bare.median.mainThreadCpuMs];
  return typeof ours === 'number' && typeof floor === 'number' && floor > 0 ? ours / floor : null;
}

/** The site against its own HTML with no scripts: what its scripts cost a phone, page by page, measured in turns. */
export function noScriptSection(run: NoScriptBench | undefined): string {
  const heading = '## What the scripts cost: the same HTML with no scripts';
  if (!run) return `${heading}\n\nNot measured.`;
  if (!run.ok) return `${heading}\n\nFailed: ${run.error.split('\n')[0]}`;
  const rows = run.site.map((site) => {
    const bare = run.bare.find((one) => one.path === site.path);
    if (!bare) throw new Error(`bench: the page with no scripts has no figures for ${site.path}`);
    const ratio = cpuRatio(site, bare);
    const most = targets.noScriptCpuRatio[site.path];
    return [
      `\`${site.path}\``,
      orDash(site.median.scriptBytes ?? null, kb),
      orDash(site.median.mainThreadCpuMs ?? null, ms),
      orDash(bare.median.mainThreadCpuMs ?? null, ms),
      orDash(ratio, (value) => `${value.toFixed(2)}×`),
      scoreAndTbt(site.median),
      scoreAndTbt(bare.median),
      site.rawMedian ? scoreAndTbt(site.rawMedian) : '–',
      bare.rawMedian ? scoreAndTbt(bare.rawMedian) : '–',
      runsCell(site),
      runsCell(bare),
      most === undefined ? '–' : `≤ ${most}×: ${verdict(ratio !== null && ratio <= most)}`,
    ];
  });
  return [
    heading,
    '',
    `The site's build copied aside with every script taken out of these pages (\`bench/lib/no-script.ts\`): the same HTML, CSS, fonts and images, nothing that runs or fetches a script. Both are served as \`npm run serve\` serves the site and measured with Lighthouse on phones in turns, ${abRuns} times each per page, calibrated as above.`,
    "The page with no scripts is the floor of that HTML: what the scripts cost is the distance to it. Main-thread CPU is summed from the trace's thread times, so its ratio does not move with the host's speed or load.",
    '',
    table(
      [
        'page',
        'JavaScript: site',
        'main-thread CPU: site',
        'no scripts',
        'site ÷ no scripts',
        'performance · TBT: site',
        'no scripts',
        `raw ${defaultSlowdown.mobile}×: site`,
        'no scripts',
        'runs of the site: performance · TBT · load · benchmarkIndex',
        'runs with no scripts',
        'target: main-thread CPU ÷ no scripts',
      ],
      rows,
    ),
  ].join('\n');
}
