/**
 * The language tabs of one request example. Shown, it tells the Try it panel that this example is
 * the one chosen (./store); while the panel's request differs from it, the samples the panel wrote
 * take the tabs' place.
 */
import {useEffect, useSyncExternalStore, type ReactNode} from 'react';
import {chooseExample, shownSamples, subscribe} from './store';

export default function RequestSample({src, example, children}: {src: string; example: string; children: ReactNode}): ReactNode {
  const shown = useSyncExternalStore(subscribe, shownSamples, () => null);
  useEffect(() => chooseExample(src, Number(example)), [src, example]);
  return shown ?? children;
}
