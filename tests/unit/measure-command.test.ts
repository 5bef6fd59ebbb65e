import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {measureCommand, processTree} from '../../bench/lib/measure-command';

const MB = 1024 * 1024;

// A Node.js program that fills `mb` megabytes (filled, so that every page is resident) and holds
// them for a second, long enough for several samples.
const hold = (mb: number) => `const b = Buffer.alloc(${mb} * 1024 * 1024, 1); setTimeout(() => b.length, 1000);`;

test('processTree follows parent links to every descendant and nothing else', () => {
  const parents = new Map([
    [10, 1],
    [11, 10],
    [12, 10],
    [13, 12],
    [20, 1],
    [21, 20],
  ]);
  assert.deepEqual(processTree(10, parents).sort(), [10, 11, 12, 13]);
  assert.deepEqual(processTree(13, parents), [13]);
});

test('the peak of a single process is at least what it allocated', async () => {
  const result = await measureCommand(process.execPath, ['-e', hold(200)]);
  assert.equal(result.exitCode, 0);
  assert.ok(result.samples > 1);
  assert.ok(result.peakProcessRssBytes >= 200 * MB, `peak ${result.peakProcessRssBytes} bytes`);
  assert.ok(result.peakTreeRssBytes >= result.peakProcessRssBytes);
});

test('the peak of a tree sums a parent and the child it waits for', async () => {
  // The parent fills 120 MB, then runs a child that fills 150 MB while the parent still holds its own.
  const parent = `const a = Buffer.alloc(120 * 1024 * 1024, 1);
require('node:child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(hold(150))}], {stdio: 'inherit'});
console.log('parent done', a.length);`;
  const dir = mkdtempSync(join(tmpdir(), 'plaza-measure-'));
  const logFile = join(dir, 'out.log');
  const result = await measureCommand(process.execPath, ['-e', parent], {logFile});
  assert.equal(result.exitCode, 0);
  assert.ok(result.peakProcessRssBytes >= 150 * MB, `largest process ${result.peakProcessRssBytes} bytes`);
  assert.ok(result.peakTreeRssBytes >= 270 * MB, `tree peak ${result.peakTreeRssBytes} bytes`);
  assert.match(readFileSync(logFile, 'utf8'), /parent done/);
});

test('a failing command reports its exit code', async () => {
  const result = await measureCommand(process.execPath, ['-e', 'process.exit(3)']);
  assert.equal(result.exitCode, 3);
  assert.equal(result.signal, null);
});

test("the command's descendants are the out-of-memory killer's first choice", async () => {
  const logFile = join(mkdtempSync(join(tmpdir(), 'plaza-measure-')), 'out.log');
  const result = await measureCommand('sh', ['-c', 'sleep 0.3; cat /proc/self/oom_score_adj'], {logFile});
  assert.equal(result.exitCode, 0);
  assert.equal(readFileSync(logFile, 'utf8').trim(), '1000');
});
