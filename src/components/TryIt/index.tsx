/**
 * The Try it control of an operation page: a button, and nothing more until the reader presses it.
 * Then the panel (./Panel) and the sandbox worker load, once per tab.
 */
import React, {useState, type ComponentType, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type PanelType from './Panel';
import controls from './controls.module.css';

type PanelProps = Parameters<typeof PanelType>[0];

export default function TryIt({method, path}: {method: string; path: string}): ReactNode {
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<PanelProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const specsUrl = useBaseUrl('/try-it/specs.json');
  const remote = useDocusaurusContext().siteConfig.customFields?.tryItUrl;
  const toggle = () => {
    setOpen(!open);
    if (!Panel)
      import('./Panel').then(
        (module) => setPanel(() => module.default),
        () => setFailed(true),
      );
  };
  return (
    <div className={controls.tryIt} data-pagefind-ignore="all">
      <button type="button" className={controls.open} aria-expanded={open} onClick={toggle}>
        Try it
      </button>
      {open ? (
        failed ? (
          <p role="alert">Try it could not load. Check your connection, then reload the page.</p>
        ) : Panel ? (
          <Panel method={method} path={path} specsUrl={specsUrl} remoteUrl={typeof remote === 'string' ? remote : undefined} />
        ) : (
          <p role="status">Loading Try it…</p>
        )
      ) : null}
    </div>
  );
}
