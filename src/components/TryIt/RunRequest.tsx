/**
 * A request block of a guide with its Run control: the block as written, and a button that sends it
 * to the sandbox in this browser (./run, loaded on the first press). Added around every curl block
 * that the page does not mark as not run, by src/plugins/remark-run-requests.ts.
 */
import React, {useState, useSyncExternalStore, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import controls from './controls.module.css';

type Runner = typeof import('./run');
let runner: Runner | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export default function RunRequest({
  page,
  block,
  label,
  children,
}: {
  page: string;
  block: number;
  label: string;
  children: ReactNode;
}): ReactNode {
  const loaded = useSyncExternalStore(
    subscribe,
    () => runner,
    () => undefined,
  );
  const base = useBaseUrl('/');
  const [failed, setFailed] = useState(false);
  const press = async () => {
    try {
      if (!runner) {
        runner = await import('./run');
        for (const listener of listeners) listener();
      }
      setFailed(false);
      await runner.run(page, block, base);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className={controls.runnable}>
      {children}
      <div className={controls.runBar}>
        <button
          type="button"
          className={controls.run}
          aria-label={`Run ${label} in the sandbox in this browser`}
          onClick={() => void press()}>
          Run
        </button>
        {failed ? <span role="alert">The sandbox could not load. Check your connection, then reload the page.</span> : null}
        {loaded ? <loaded.BlockResult page={page} block={block} base={base} /> : null}
      </div>
    </div>
  );
}
