/**
 * Where the Try it panel stands. On screens wide enough for the operation page's two columns (the
 * width src/css/api-reference.css lays them out from), it opens at the top of the samples column,
 * above the samples that follow its request, so that the description stays where it was and the page
 * does not grow by the panel's height; opened there by a press of the button, it takes the focus, as
 * it is not next to the button in the page's order. On narrower screens, and on a page with no samples column, it
 * opens under the button. The panel lives in one element that moves between the two places, so a
 * resize keeps its state. Loaded with the panel.
 */
import React, {useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject} from 'react';
import {createPortal} from 'react-dom';
import Panel from './Panel';
import styles from './styles.module.css';

const twoColumns = '(min-width: 1200px)';

function subscribeWidth(listener: () => void): () => void {
  const query = window.matchMedia(twoColumns);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export default function Placed({
  control,
  ...props
}: Parameters<typeof Panel>[0] & {
  /** The Try it control: the panel opens at its end when it does not open beside. */
  control: RefObject<HTMLElement | null>;
}): ReactNode {
  const [host] = useState(() => document.createElement('div'));
  const box = useRef<HTMLDivElement>(null);
  // The samples column of the control's page, when the screen shows it beside the description.
  const samples = useSyncExternalStore(
    subscribeWidth,
    () =>
      window.matchMedia(twoColumns).matches
        ? (control.current?.closest('.markdown')?.querySelector(':scope > .api-samples') ?? null)
        : null,
    () => null,
  );

  useLayoutEffect(() => {
    if (samples) samples.prepend(host);
    else control.current?.append(host);
    return () => host.remove();
  }, [control, host, samples]);

  // Opened beside by a press of the button, which still has the focus: the focus follows the panel.
  useEffect(() => {
    if (props.open && samples && control.current?.contains(document.activeElement)) box.current?.focus();
  }, [control, props.open, samples]);

  return createPortal(
    // Escape on the panel's own box, where the focus lands, closes it as Escape inside it does.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={box}
      hidden={!props.open}
      tabIndex={-1}
      className={samples ? styles.beside : styles.under}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && event.target === box.current) props.onClose();
      }}>
      <Panel {...props} />
    </div>,
    host,
  );
}
