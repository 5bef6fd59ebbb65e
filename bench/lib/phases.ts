/**
 * Where a build's time and memory go, phase by phase. Docusaurus times the phases of its build when
 * DOCUSAURUS_PERF_LOGGER is "true" (a debugging switch of @docusaurus/logger, not a documented
 * option): at the end of each phase it prints a line such as
 * `[PERF] Build > en > SSG - 12.34 seconds! - (Heap …)`; the label's third part names the phase. The bench keeps those lines with the time
 * they came (bench/lib/measure-command.ts), so each phase's start and end are known, and its peak
 * is the largest memory sample of the process tree between them.
 */
import type {CommandMeasurement} from './measure-command';

export type Phase = {name: string; ms: number; peakTreeRssBytes: number};

/** The phases of `docusaurus build` that the bench reports, by the last part of their label. */
const buildPhases = [
  {name: 'Load site', label: /^Load site$/},
  {name: 'Bundling', label: /^Bundling with /},
  {name: 'SSG', label: /^SSG$/},
  {name: 'postBuild()', label: /^postBuild\(\)$/},
  {name: 'Broken links checker', label: /^Broken links checker$/},
];

/** Lines of the perf logger. */
export const perfLine = /\[PERF\]/;

// eslint-disable-next-line no-control-regex
const ansi = /\x1b\[[0-9;]*m/g;

/** A perf logger line's label and duration, or null for another line. */
export function parsePerfLine(line: string): {label: string; ms: number} | null {
  const [, label, amount, unit] = /\[PERF\](?:\[KO\])? (.+?) - ([\d.]+) (ms|seconds!)/.exec(line.replace(ansi, '')) ?? [];
  if (label === undefined || amount === undefined) return null;
  return {label, ms: Number(amount) * (unit === 'ms' ? 1 : 1000)};
}

/**
 * The reported phases of one measured command, in the order they ran, and before them what ran
 * until Docusaurus started loading the site (the generation of the API pages, in the pipeline).
 */
export function phasesOf(measurement: Pick<CommandMeasurement, 'marks' | 'timeline'>, before: string): Phase[] {
  // A phase shorter than the sampling interval may hold no sample: it gets the first one after it started.
  const peak = (start: number, end: number) => {
    const during = measurement.timeline.filter((sample) => sample.ms >= start && sample.ms <= end);
    const samples = during.length ? during : measurement.timeline.filter((sample) => sample.ms >= start).slice(0, 1);
    return samples.reduce((top, sample) => Math.max(top, sample.treeRssBytes), 0);
  };
  const phases: (Phase & {start: number})[] = [];
  for (const mark of measurement.marks) {
    const perf = parsePerfLine(mark.line);
    const parts = perf?.label.split(' > ') ?? [];
    const step = parts.length === 3 ? parts[2] : undefined;
    const phase = step === undefined ? undefined : buildPhases.find(({label}) => label.test(step));
    if (!perf || !phase) continue;
    const start = mark.ms - perf.ms;
    phases.push({name: phase.name, ms: perf.ms, start, peakTreeRssBytes: peak(start, mark.ms)});
  }
  phases.sort((a, b) => a.start - b.start);
  const first = phases[0]?.start;
  if (first === undefined) {
    throw new Error(
      'bench: docusaurus build printed no [PERF] line of its phases with DOCUSAURUS_PERF_LOGGER=true; update bench/lib/phases.ts',
    );
  }
  return [
    {name: before, ms: first, peakTreeRssBytes: peak(0, first)},
    ...phases.map(({name, ms, peakTreeRssBytes}) => ({name, ms, peakTreeRssBytes})),
  ];
}
