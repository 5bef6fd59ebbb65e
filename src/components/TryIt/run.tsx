/**
 * The Run controls of a page, once one was pressed: runs a block in the sandbox of this tab (./session)
 * as the executed-pages test runs it (lib/page-run.ts), after the blocks it depends on that have not
 * run in this session: those of the pages this one starts from (its `sandbox_follows`), then those
 * above it. Each block's answer shows under it.
 */
import React, {useSyncExternalStore, type ReactNode} from 'react';
import type {RunBlock} from '../../../lib/page-run';
import AnswerView, {statusLine} from './AnswerView';
import {runDataFile, type RunData} from './run-data';
import {onReset, pageReader, sandbox, type Answer} from './session';
import styles from './styles.module.css';

/** A block's last run; `pressed` on the block whose Run was pressed (the others ran before it). */
type Result = {running?: boolean; answer?: Answer; error?: string; before?: string; shownStatus?: number; pressed?: boolean};

const data = new Map<string, Promise<RunData>>();
let results = new Map<string, Result>();
let ran = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const set = (key: string, result: Result) => {
  results = new Map(results).set(key, result);
  notify();
};
onReset(() => {
  results = new Map();
  ran = new Set();
  notify();
});

function load(page: string, base: string): Promise<RunData> {
  let found = data.get(page);
  if (!found) {
    found = fetch(`${base}${runDataFile(page)}`).then((response) => {
      if (!response.ok) throw new Error(`the page's requests did not download (HTTP ${response.status})`);
      return response.json() as Promise<RunData>;
    });
    found.catch(() => data.delete(page));
    data.set(page, found);
  }
  return found;
}

/** The specs of the sandbox, under the site's base URL. */
const specsUrl = (base: string) => `${base}try-it/specs.json`;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** Runs block `block` of `page`, after the blocks before it that have not run in this session. */
export async function run(page: string, block: number, base: string): Promise<void> {
  const key = `${page}#${block}`;
  set(key, {running: true});
  try {
    const {pages} = await load(page, base);
    const box = sandbox(specsUrl(base));
    const queue: {key: string; block: RunBlock; own: boolean}[] = [];
    pages.forEach((current, pageIndex) => {
      const own = pageIndex === pages.length - 1;
      current.blocks.forEach((candidate, index) => {
        const candidateKey = `${current.id}#${index}`;
        if (candidate.notRun || (own && index > block)) return;
        if ((own && index === block) || !ran.has(candidateKey)) queue.push({key: candidateKey, block: candidate, own});
      });
    });
    const earlier = queue.filter((item) => item.key !== key);
    const followed = [...new Set(earlier.filter((item) => !item.own).map((item) => item.key.split('#')[0]))].map(
      (id) => pages.find((candidate) => candidate.id === id)?.title ?? id,
    );
    const ownEarlier = earlier.filter((item) => item.own).length;
    const notes = [
      ...(followed.length > 0 ? [`the requests of ${followed.join(' and ')}, which this page starts from`] : []),
      ...(ownEarlier > 0 ? [`${plural(ownEarlier, 'request')} above this one`] : []),
    ];
    for (const item of queue) {
      const reader = pageReader();
      const answer = await box.send(reader.prepare(item.block));
      reader.learn(item.block, answer.status, answer.body);
      ran.add(item.key);
      if (!item.own) continue;
      const result: Result = {
        answer: {status: answer.status, headers: answer.headers, body: answer.body, ms: answer.ms, events: answer.events},
        shownStatus: item.block.shown?.status,
      };
      if (item.key === key) {
        result.pressed = true;
        if (notes.length > 0) result.before = `First ran ${notes.join(', and ')}, in this sandbox.`;
      }
      set(item.key, result);
    }
  } catch (error) {
    set(key, {error: (error as Error).message});
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The last answer of a block in this session, announced when it arrives. */
export function BlockResult({page, block, base}: {page: string; block: number; base: string}): ReactNode {
  const result = useSyncExternalStore(
    subscribe,
    () => results.get(`${page}#${block}`),
    () => undefined,
  );
  return (
    <div className={styles.runResult}>
      <p role="status" className={result?.answer ? 'sr-only' : styles.hint}>
        {result?.running
          ? 'Running…'
          : result?.error
            ? `It did not run: ${result.error}.`
            : result?.answer
              ? `Ran: ${statusLine(result.answer.status)}.`
              : ''}
      </p>
      {result?.before ? <p className={styles.hint}>{result.before}</p> : null}
      {result?.answer ? (
        <>
          {result.shownStatus !== undefined && result.shownStatus !== result.answer.status ? (
            <p className={styles.problem}>
              The page shows {statusLine(result.shownStatus)} here: an earlier step did not answer as the page shows, or the sandbox was
              reset.
            </p>
          ) : null}
          <AnswerView answer={result.answer} />
          {result.pressed ? (
            <p className={styles.hint}>
              The sandbox of this tab keeps what the page&apos;s requests made, for the next pages.{' '}
              <button type="button" className={styles.linkButton} onClick={() => void sandbox(specsUrl(base)).reset()}>
                Reset the sandbox
              </button>
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
