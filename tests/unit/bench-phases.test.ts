import {test} from 'node:test';
import assert from 'node:assert/strict';
import {measureCommand} from '../../bench/lib/measure-command';
import {parsePerfLine, perfLine, phasesOf} from '../../bench/lib/phases';

const MB = 1024 * 1024;

test("the perf logger's lines give a label and a duration, colored or not", () => {
  assert.deepEqual(parsePerfLine('[PERF] Build > en > SSG - 12.34 seconds! - (Heap 100mb -> 200mb / Total 300mb)'), {
    label: 'Build > en > SSG',
    ms: 12_340,
  });
  assert.deepEqual(parsePerfLine('\x1b[33m[PERF]\x1b[39m Build > \x1b[1men\x1b[22m > Load site - \x1b[33m250.50 ms\x1b[39m - (Heap …)'), {
    label: 'Build > en > Load site',
    ms: 250.5,
  });
  assert.deepEqual(parsePerfLine('[PERF][KO] Build > en > postBuild() - 3.00 ms - (Heap …)'), {label: 'Build > en > postBuild()', ms: 3});
  assert.equal(parsePerfLine('[SUCCESS] Generated static files in "build".'), null);
});

test("each phase's peak is the memory the command held while the phase ran", async () => {
  // A program that prints perf lines as Docusaurus does: "Load site" holds 60 MB, then "SSG" 220 MB.
  const program = `
const hold = (mb, ms) => new Promise((done) => { const b = Buffer.alloc(mb * 1024 * 1024, 1); setTimeout(() => done(b.length), ms); });
(async () => {
  await new Promise((done) => setTimeout(done, 300));
  let start = performance.now();
  await hold(60, 700);
  console.log('[PERF] Build > en > Load site - ' + (performance.now() - start).toFixed(2) + ' ms - (Heap)');
  console.log('[PERF] Build > en > Load site > Load plugins - 1.00 seconds! - (Heap)');
  start = performance.now();
  await hold(0, 300);
  console.log('[PERF] Build > en > Bundling with rspack - ' + (performance.now() - start).toFixed(2) + ' ms - (Heap)');
  // A phase shorter than the 100 ms sampling interval, which does take its time: SSG starts after it ends.
  start = performance.now();
  await hold(0, 40);
  console.log('[PERF] Build > en > Broken links checker - ' + (performance.now() - start).toFixed(2) + ' ms - (Heap)');
  start = performance.now();
  await hold(220, 700);
  console.log('[PERF] Build > en > SSG - ' + ((performance.now() - start) / 1000).toFixed(2) + ' seconds! - (Heap)');
})();`;
  const result = await measureCommand(process.execPath, ['-e', program], {marks: perfLine});
  assert.equal(result.exitCode, 0);
  assert.equal(result.marks.length, 5);
  const phases = phasesOf(result, 'before');
  // Nested labels (three parts only) are left out; the time before the first phase comes first.
  assert.deepEqual(
    phases.map((phase) => phase.name),
    ['before', 'Load site', 'Bundling', 'Broken links checker', 'SSG'],
  );
  const [before, load, , links, ssg] = phases;
  assert.ok(before && load && links && ssg, 'the five phases above');
  // A phase shorter than a sampling interval still has a figure: the first sample after it began.
  assert.ok(links.peakTreeRssBytes > 0);
  assert.ok(before.ms >= 250, `before: ${before.ms} ms`);
  assert.ok(load.ms >= 650 && ssg.ms >= 650, `${load.ms} ms, ${ssg.ms} ms`);
  assert.ok(load.peakTreeRssBytes >= 60 * MB && load.peakTreeRssBytes < 200 * MB, `Load site: ${load.peakTreeRssBytes} bytes`);
  assert.ok(ssg.peakTreeRssBytes >= 220 * MB, `SSG: ${ssg.peakTreeRssBytes} bytes`);
  assert.ok(before.peakTreeRssBytes < load.peakTreeRssBytes, `before: ${before.peakTreeRssBytes} bytes`);
});

test('a build that prints no perf line stops the bench, naming the file to update', () => {
  assert.throws(
    () => phasesOf({marks: [{ms: 5, line: '[INFO] Creating an optimized production build...'}], timeline: []}, 'before'),
    /update bench\/lib\/phases\.ts/,
  );
});
