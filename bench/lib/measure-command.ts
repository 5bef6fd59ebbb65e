/**
 * Runs a command and measures it: wall time, and the memory of its whole process tree (the child
 * and every descendant), sampled from /proc every 100 ms: its peak, and the samples over time with
 * the time of each output line that `marks` matches, to tell which phase used it. Linux only. The tree is the
 * kernel's first choice should the machine run out of memory, so that a command too big for the
 * machine is killed rather than anything else running beside it.
 */
import {spawn} from 'node:child_process';
import {closeSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync} from 'node:fs';

export type CommandMeasurement = {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  wallMs: number;
  /** The largest sum of the resident set sizes of all processes of the tree at one sample. */
  peakTreeRssBytes: number;
  /** The largest resident set size of any single process of the tree at any sample. */
  peakProcessRssBytes: number;
  samples: number;
  /** The tree's memory at each sample, in milliseconds from the start. */
  timeline: {ms: number; treeRssBytes: number}[];
  /** The output lines that `marks` matched, with when they came. */
  marks: {ms: number; line: string}[];
};

export type MeasureOptions = {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Where the command's stdout and stderr go; they are discarded when unset. */
  logFile?: string;
  /** Output lines to keep with their time (see `marks`). */
  marks?: RegExp;
};

const sampleIntervalMs = 100;

/** The parent pid of every process visible in /proc, keyed by pid. */
function readParents(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process ended between the listing and the read
    }
    // The command name sits in parentheses and may hold spaces or parentheses itself: the
    // fields after the last ")" are the state, then the parent pid.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parents.set(Number(entry), Number(fields[1]));
  }
  return parents;
}

/** The pid and every descendant of it, from the parent links of /proc. */
export function processTree(rootPid: number, parents: Map<number, number> = readParents()): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parents) {
    const siblings = children.get(parent);
    if (siblings) siblings.push(pid);
    else children.set(parent, [pid]);
  }
  const tree = [rootPid];
  // The loop also visits the pids it appends.
  for (const pid of tree) {
    tree.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** VmRSS of a process in bytes, or 0 when it has ended (or is a zombie, which has none). */
export function residentBytes(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0;
  }
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

export function measureCommand(command: string, args: string[], options: MeasureOptions = {}): Promise<CommandMeasurement> {
  const log = options.logFile ? openSync(options.logFile, 'w') : undefined;
  const started = performance.now();
  const since = () => performance.now() - started;
  const child = spawn(command, args, {cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe']});
  // Descendants inherit the score. Raising one's own child's score needs no privilege.
  if (child.pid !== undefined) writeFileSync(`/proc/${child.pid}/oom_score_adj`, '1000');
  const marks: CommandMeasurement['marks'] = [];
  // Each stream's unfinished last line, until the rest of it comes.
  const pending = {stdout: '', stderr: ''};
  const output = (stream: keyof typeof pending) => (chunk: Buffer) => {
    if (log !== undefined) writeSync(log, chunk);
    if (!options.marks) return;
    const lines = (pending[stream] + chunk.toString('utf8')).split('\n');
    pending[stream] = lines.pop() ?? '';
    for (const line of lines) if (options.marks.test(line)) marks.push({ms: since(), line});
  };
  child.stdout.on('data', output('stdout'));
  child.stderr.on('data', output('stderr'));
  let peakTreeRssBytes = 0;
  let peakProcessRssBytes = 0;
  const timeline: CommandMeasurement['timeline'] = [];
  const sample = () => {
    if (child.pid === undefined) return;
    let total = 0;
    for (const pid of processTree(child.pid)) {
      const rss = residentBytes(pid);
      total += rss;
      peakProcessRssBytes = Math.max(peakProcessRssBytes, rss);
    }
    peakTreeRssBytes = Math.max(peakTreeRssBytes, total);
    timeline.push({ms: since(), treeRssBytes: total});
  };
  sample();
  const timer = setInterval(sample, sampleIntervalMs);
  return new Promise((resolve, reject) => {
    const finish = () => {
      clearInterval(timer);
      if (log !== undefined) closeSync(log);
    };
    child.once('error', (error) => {
      finish();
      reject(error);
    });
    child.once('close', (exitCode, signal) => {
      const wallMs = since();
      finish();
      resolve({exitCode, signal, wallMs, peakTreeRssBytes, peakProcessRssBytes, samples: timeline.length, timeline, marks});
    });
  });
}
