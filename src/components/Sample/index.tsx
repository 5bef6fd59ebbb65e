/**
 * A request sample that its page's module leaves out (lib/api-render/operation-samples.ts): the
 * first time one is shown, the page's file of such samples is fetched (once, whatever the number
 * of samples shown from it), and the sample becomes the code block the page would have held, with
 * the tokens the build made. Until it arrives, a block of as many lines, the first saying it is
 * loading, holds its place, so nothing below it moves.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import Link from '@docusaurus/Link';
import type {SampleFile} from '@site/lib/api-render/operation-samples';
import {useTwinPath} from '@site/src/lib/use-twin-path';

type Props = {src: string; language: string; example: string; lines: string};
type Shown = {lang: string; code: string; tokens?: string};

const files = new Map<string, Promise<SampleFile>>();

/** The file at `src`, fetched once per visit; after a failure, again the next time it is asked for. */
export function load(src: string): Promise<SampleFile> {
  let file = files.get(src);
  if (!file) {
    file = fetch(src).then(async (response) => {
      if (!response.ok) throw new Error(`${src}: ${response.status}`);
      return (await response.json()) as SampleFile;
    });
    file.catch(() => files.delete(src));
    files.set(src, file);
  }
  return file;
}

export default function Sample({src, language, example, lines}: Props): ReactNode {
  const [shown, setShown] = useState<Shown | 'failed'>();
  const twin = useTwinPath();
  useEffect(() => {
    let current = true;
    load(src).then(
      (file) => {
        const samples = file.languages[language];
        const sample = samples?.examples[Number(example)];
        if (current) setShown(samples && sample ? {lang: samples.lang, ...sample} : 'failed');
      },
      () => current && setShown('failed'),
    );
    return () => {
      current = false;
    };
  }, [src, language, example]);
  if (shown === 'failed')
    return (
      <div className="alert alert--warning" role="alert">
        This sample did not load. Reload the page to try again
        {twin ? (
          <>
            , or read the samples of every language in <Link href={twin}>this page as Markdown</Link>.
          </>
        ) : (
          '.'
        )}
      </div>
    );
  if (!shown)
    return (
      <div aria-busy="true">
        <CodeBlock className="language-text">
          {Array.from({length: Number(lines)}, (_, line) => (line ? ' ' : 'Loading…')).join('\n')}
        </CodeBlock>
      </div>
    );
  return (
    <CodeBlock className={`language-${shown.lang}`} data-tokens={shown.tokens}>
      {shown.code}
    </CodeBlock>
  );
}
