/**
 * What an operation page's request samples and its Try it panel share, in this module's memory: the
 * example the reader chose (its sample file and number), and what the panel shows in place of the
 * samples while its request differs from that example. The panel's code (its writers and the
 * element shown here) loads with the panel; this module only holds and announces them.
 */
import type {ReactNode} from 'react';

/** The chosen example; `version` grows each time it is chosen again, so that choosing it reloads it. */
export type Chosen = {src: string; example: number; version: number};

let chosen: Chosen | undefined;
let shown: ReactNode = null;
const listeners = new Set<() => void>();
const announce = () => {
  for (const listener of listeners) listener();
};

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const chosenExample = () => chosen;
export const shownSamples = () => shown;

/** The reader chose the `example`th request of the sample file at `src` (or chose it again). */
export function chooseExample(src: string, example: number): void {
  chosen = {src, example, version: (chosen?.version ?? 0) + 1};
  announce();
}

/** Shows `samples` in place of the chosen example's, or (null) the example's again. */
export function showSamples(samples: ReactNode): void {
  shown = samples;
  announce();
}
