/**
 * The Try it control of an operation page: a button, and nothing more until the reader presses it.
 * Then the panel (./Panel) and the sandbox worker load, once per tab (on a preview site, the worker
 * answers from a mock of its spec). Closing the panel (the button,
 * or Escape inside it) hides it and keeps what the reader typed; Escape gives the button the focus.
 * Which panels are open is kept in this module while the reader moves between the tab's pages, so
 * that coming back to a page (Back, Forward, a link) shows its panel open again; a reload forgets it.
 */
import React, {useRef, useState, type ComponentType, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type PlacedType from './Placed';
import controls from './controls.module.css';

type PanelProps = Parameters<typeof PlacedType>[0];

/** The operations (`POST /v1/payments`) whose panel is open in this tab. */
const opened = new Set<string>();
let loaded: ComponentType<PanelProps> | null = null;

export default function TryIt({method, path}: {method: string; path: string}): ReactNode {
  const operation = `${method} ${path}`;
  // Open again only with the panel's code at hand: a panel that failed to load starts closed.
  const [open, setOpenState] = useState(() => loaded !== null && opened.has(operation));
  const [Panel, setPanel] = useState(() => loaded);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const control = useRef<HTMLDivElement>(null);
  const specsUrl = useBaseUrl('/try-it/specs.json');
  const {tryItUrl: remote, tryItMock} = useDocusaurusContext().siteConfig.customFields ?? {};
  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (next) opened.add(operation);
    else opened.delete(operation);
  };
  const toggle = () => {
    setOpen(!open);
    if (!Panel)
      import('./Placed').then(
        (module) => {
          loaded = module.default;
          setPanel(() => module.default);
        },
        () => setFailed(true),
      );
  };
  return (
    <div ref={control} className={controls.tryIt} data-pagefind-ignore="all">
      <button ref={button} type="button" className={controls.open} aria-expanded={open} onClick={toggle}>
        Try it
      </button>
      {Panel && !failed ? (
        <Panel
          control={control}
          method={method}
          path={path}
          specsUrl={specsUrl}
          remoteUrl={typeof remote === 'string' ? remote : undefined}
          mock={tryItMock === true}
          open={open}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : open ? (
        failed ? (
          <p role="alert">Try it could not load. Check your connection, then reload the page.</p>
        ) : (
          <p role="status">Loading Try it…</p>
        )
      ) : null}
    </div>
  );
}
