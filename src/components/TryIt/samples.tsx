/**
 * The request samples of the Try it panel's own request, loaded with the panel: the same writers
 * as the build's samples (lib/api-render/samples.ts), from the page's sample file (the example's
 * credentials, read from the environment, and how it prints the answer) and the request the
 * panel's inputs make. While the panel is open and its inputs differ from the chosen example, they
 * take the place of the example's samples (src/components/Sample/store.ts); Copy copies the one of
 * the language chosen in the samples' tabs.
 */
import React, {useEffect, type ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import {useStorageSlot} from '@docusaurus/theme-common';
import {languages, type Language, type Part, type SampleRequest} from '../../../lib/api-render/samples';
import type {SampleFile} from '../../../lib/api-render/operation-samples';
import {chooseExample, showSamples, type Chosen} from '../Sample/store';
import type {OutgoingRequest, Target} from './session';
import styles from './styles.module.css';

/** The body of the `example`th request of a sample file when it is JSON: what the panel's form starts from. */
export function exampleBody(file: SampleFile, example: number): unknown {
  const body = file.requests[example]?.body;
  return body && 'json' in body ? body.json : undefined;
}

/** The panel's request as a sample request: the example's credentials and answer, the rest the panel's. */
function sampleOf(file: SampleFile, example: number, target: Target, request: OutgoingRequest): SampleRequest {
  const base = file.requests[example] ?? file.requests[0];
  const {'Content-Type': type, ...headers} = request.headers;
  let body: SampleRequest['body'];
  if (request.body instanceof FormData) {
    const parts: Part[] = [];
    request.body.forEach((value, name) => parts.push(typeof value === 'string' ? {name, value} : {name, file: value.name}));
    body = {multipart: parts};
  } else if (request.body !== undefined && type === 'application/x-www-form-urlencoded') {
    body = {form: [...new URLSearchParams(request.body)]};
  } else if (request.body !== undefined) {
    body = {json: JSON.parse(request.body) as unknown, ...(type && type !== 'application/json' ? {type} : {})};
  }
  return {
    method: request.method,
    url: [`${target.kind === 'remote' ? target.url : file.server}${request.url}`],
    credentials: base?.credentials ?? [],
    ...(base?.basic ? {basic: base.basic} : {}),
    headers: Object.entries(headers),
    ...(body ? {body} : {}),
    answer: base?.answer ?? 'json',
  };
}

/** The language chosen in the samples' tabs, kept by Docusaurus under their groupId; cURL until one is chosen. */
export function useChosenLanguage(): Language {
  const [id] = useStorageSlot('docusaurus.tab.api-language');
  return languages.find((language) => language.id === id) ?? languages[0];
}

/** The panel's request in `language`, as Copy gives it. */
export const sampleIn = (language: Language, file: SampleFile, chosen: Chosen, target: Target, request: OutgoingRequest): string =>
  language.write(sampleOf(file, chosen.example, target, request));

function PanelSamples({samples, onBack}: {samples: {language: Language; code: string}[]; onBack: () => void}): ReactNode {
  return (
    <>
      <p className={styles.note}>
        These samples show your Try it request.{' '}
        <button type="button" className={styles.linkButton} onClick={onBack}>
          Back to the example
        </button>
      </p>
      <Tabs lazy groupId="api-language" className="api-samples__tabs">
        {samples.map(({language, code}) => (
          <TabItem key={language.id} value={language.id} label={language.label}>
            <CodeBlock className={`language-${language.highlight}`}>{code}</CodeBlock>
          </TabItem>
        ))}
      </Tabs>
    </>
  );
}

/**
 * Shows the samples of the panel's request in place of the chosen example's while `shown` (the
 * panel is open and its inputs differ from the example); "Back to the example" loads the example
 * into the form again.
 */
export function useSamplesOfPanel(
  shown: boolean,
  file: SampleFile | undefined,
  chosen: Chosen | undefined,
  target: Target,
  request: OutgoingRequest | undefined,
): void {
  useEffect(() => {
    if (!shown || !file || !chosen || !request) return undefined;
    const samples = languages.map((language) => ({language, code: sampleIn(language, file, chosen, target, request)}));
    showSamples(<PanelSamples samples={samples} onBack={() => chooseExample(chosen.src, chosen.example)} />);
    return () => showSamples(null);
  }, [shown, file, chosen, target, request]);
}
