/**
 * "Copy page": puts the page's Markdown twin on the clipboard, for pasting into an assistant or
 * an issue, with a link to open the twin. The twin is fetched only on click. Its text is handed to
 * the clipboard as a promise, so that browsers which demand a user gesture (Safari) accept a write
 * that waits for the network. A twin is Markdown: an answer in HTML (a server that answers every
 * path with the app's shell) is a failure, never copied. `npm start` makes no twins, so there the
 * control says where they are made instead.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import {useTwinPath} from '@site/src/lib/use-twin-path';

type State = 'idle' | 'copied' | 'failed';

const labels: Record<State, string> = {idle: 'Copy page', copied: 'Copied', failed: 'Copy failed'};
const announcements: Record<State, string> = {
  idle: '',
  copied: 'The page is on the clipboard as Markdown.',
  failed: 'The page could not be copied. Open it as Markdown instead.',
};

async function copyText(url: string): Promise<void> {
  const text = fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (response.headers.get('content-type')?.startsWith('text/html')) throw new Error(`${url} answered HTML, not Markdown`);
    return response.text();
  });
  if (typeof ClipboardItem === 'function' && navigator.clipboard?.write) {
    const blob = text.then((value) => new Blob([value], {type: 'text/plain'}));
    await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
  } else {
    await navigator.clipboard.writeText(await text);
  }
}

export default function CopyPage(): ReactNode {
  const twin = useTwinPath();
  const [state, setState] = useState<State>('idle');
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);
  if (!twin) return null;
  // The bundler replaces process.env.NODE_ENV with its value: no Node.js global reaches the browser.
  // eslint-disable-next-line no-restricted-globals
  if (process.env.NODE_ENV === 'development') {
    return (
      <p className="copy-page copy-page__note">Copy page and View as Markdown: npm start makes no Markdown twins; npm run build does.</p>
    );
  }
  return (
    <div className="copy-page">
      <button
        type="button"
        className="copy-page__button"
        data-state={state}
        onClick={() =>
          copyText(twin).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }>
        {labels[state]}
      </button>
      <a className="copy-page__view" href={twin}>
        View as Markdown
      </a>
      <span role="status" className="sr-only">
        {announcements[state]}
      </span>
    </div>
  );
}
