/**
 * An answer of the API as Try it and the Run control show it: status and time, headers, the body
 * pretty-printed (JSON in the colours of the site's code blocks), and the events it caused.
 */
import React, {type ReactNode} from 'react';
import {codeTheme} from '../../data/prism-themes';
import {jsonTokens, tokenStyle} from './json-tokens';
import type {Answer} from './session';
import styles from './styles.module.css';

/** The reason phrases of the statuses Plaza answers with. */
const reasons: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const statusLine = (status: number) => `${status} ${reasons[status] ?? ''}`.trim();

export default function AnswerView({answer, label = 'Response'}: {answer: Answer; label?: string}): ReactNode {
  const ok = answer.status < 400;
  const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2);
  // A body that is not JSON (text from Plaza's sandbox API) is shown as it came.
  const shown =
    typeof answer.body === 'string'
      ? body
      : jsonTokens(body).map((token, index) =>
          token.types ? (
            <span key={index} className={`token ${token.types.join(' ')}`} style={tokenStyle(token.types)}>
              {token.text}
            </span>
          ) : (
            token.text
          ),
        );
  return (
    <div className={styles.answer}>
      <p className={styles.answerStatus}>
        {label}:{' '}
        <strong className={ok ? styles.statusOk : styles.statusError} data-status={answer.status}>
          {statusLine(answer.status)}
        </strong>{' '}
        <span className={styles.hint}>in {answer.ms < 10 ? answer.ms.toFixed(1) : Math.round(answer.ms)} ms</span>
      </p>
      <details className={styles.details}>
        <summary>Headers ({Object.keys(answer.headers).length})</summary>
        <pre className={styles.code} style={codeTheme.plain}>
          {Object.entries(answer.headers)
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n')}
        </pre>
      </details>
      {body ? (
        // Focusable, so that a keyboard can scroll a long body.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <pre className={styles.code} style={codeTheme.plain} tabIndex={0} aria-label={`${label} body`}>
          {shown}
        </pre>
      ) : (
        <p className={styles.hint}>No body.</p>
      )}
      {answer.events ? (
        <div className={styles.events}>
          <p className={styles.eventsTitle}>
            {answer.events.length === 0 ? 'It caused no events.' : `Events it caused (${answer.events.length}):`}
          </p>
          {answer.events.length > 0 ? (
            <ul>
              {answer.events.map((event) => (
                <li key={event.id}>
                  <code>{event.type}</code> <span className={styles.hint}>{event.id}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
