/**
 * The Try it panel of an operation page, loaded when the reader opens it: inputs made from the
 * operation's schema (its parameters, and its body as fields, prefilled with the spec's example and
 * checked as the reader types, each problem beside its field), a target (the sandbox in this browser,
 * or Plaza's sandbox API when the build names it), Send, Copy, and the answer. It starts from the
 * example chosen in the page's samples, and the samples follow its request (./samples). The tab's
 * session (./session) keeps the target chosen and, for each operation, the inputs and the last
 * answer, so that a panel is as the reader left it when they come back to its page.
 */
import React, {useEffect, useId, useMemo, useState, useSyncExternalStore, type ReactNode} from 'react';
import type {OperationForm} from '../../../sandbox/core';
import type {FormProblem} from '../../../sandbox/worker';
import type {SampleFile} from '../../../lib/api-render/operation-samples';
import {load} from '../Sample';
import {chosenExample, subscribe, type Chosen} from '../Sample/store';
import AnswerView, {statusLine} from './AnswerView';
import RemakeOffer from './RemakeOffer';
import {fieldsOfJson, othersOf, parseJson} from './body-json';
import {JsonBody, OthersNote, ViewSwitch, type View} from './BodyViews';
import {Field, fieldKey, initialValues, inputValue, inputsText} from './inputs';
import {exampleBody, sampleIn, useChosenLanguage, useSamplesOfPanel} from './samples';
import {
  carrierOf,
  chooseTarget,
  chosenTarget,
  keepPanel,
  keptPanel,
  keyProblem,
  pastedKeyValue,
  sandbox,
  send,
  setPastedKey,
  type Answer,
  type Inputs as Values,
  type OutgoingRequest,
  type Target,
} from './session';
import styles from './styles.module.css';

type Location = 'path' | 'query' | 'header' | 'cookie';
const locations: {in: Location; title: string}[] = [
  {in: 'path', title: 'Path parameters'},
  {in: 'query', title: 'Query parameters'},
  {in: 'header', title: 'Headers'},
  {in: 'cookie', title: 'Cookies'},
];

export default function Panel({
  method,
  path,
  specsUrl,
  remoteUrl,
  mock = false,
  open,
  onClose,
}: {
  method: string;
  path: string;
  specsUrl: string;
  remoteUrl?: string;
  /** Whether the worker answers from a mock of the site's one spec (a preview site) rather than Plaza's sandbox. */
  mock?: boolean;
  /** Whether the panel is shown: the samples follow it only then. */
  open: boolean;
  /** Closes the panel: Escape inside it calls this. */
  onClose: () => void;
}): ReactNode {
  const operation = `${method} ${path}`;
  const [kept] = useState(() => keptPanel(operation));
  const [form, setForm] = useState<OperationForm | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [params, setParams] = useState<Values>(kept?.params ?? {});
  const [body, setBody] = useState<Values>(kept?.body ?? {});
  const [raw, setRaw] = useState(kept?.raw ?? '');
  // A body of fields shows them, or (when the tab kept its text) the JSON view: `raw` is that text.
  const [view, setView] = useState<View>(kept?.raw ? 'json' : 'form');
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [target, setTarget] = useState<Target>(chosenTarget);
  const [key, setKey] = useState(pastedKeyValue);
  const [answer, setAnswer] = useState<Answer | null>(kept?.answer ?? null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [copied, setCopied] = useState('');
  const [loadedFile, setFile] = useState<{src: string; samples: SampleFile}>();
  const [loaded, setLoaded] = useState<{chosen: Chosen; inputs: string}>();
  const chosen = useSyncExternalStore(subscribe, chosenExample, () => undefined);
  const language = useChosenLanguage();
  const box = useMemo(() => sandbox(specsUrl), [specsUrl]);
  const heading = useId();
  const src = chosen?.src;
  // The sample file of the example chosen on this page: after a move to another page, the one still
  // held is the last page's until the new one arrives.
  const file = loadedFile && loadedFile.src === src ? loadedFile.samples : undefined;

  useEffect(() => {
    if (!src) return;
    Promise.all([box.form(method, path), load(src)]).then(
      ([found, samples]) => {
        setForm(found);
        setFile({src, samples});
      },
      (error: Error) => setLoadError(error.message),
    );
  }, [box, method, path, src]);

  // The chosen example goes into the form when the panel starts, unless the tab kept the panel as the
  // reader left it, and each time the reader chooses an example.
  if (form && file && chosen && chosen !== loaded?.chosen) {
    const initial = initialValues(form, exampleBody(file, chosen.example) ?? form.body?.example, carrierOf(target));
    setLoaded({chosen, inputs: inputsText(initial)});
    if (!kept || loaded) {
      setParams(initial.params);
      setBody(initial.body);
      setRaw(initial.raw);
      setView('form');
    }
  }

  useEffect(() => {
    if (form) keepPanel(operation, {params, body, raw, answer});
  }, [operation, form, params, body, raw, answer]);

  // The request the inputs make, with the problems found before the sandbox checks it.
  const built = useMemo(() => {
    if (!form) return undefined;
    const local: FormProblem[] = [];
    const values: Record<Location, Record<string, unknown>> = {path: {}, query: {}, header: {}, cookie: {}};
    for (const parameter of form.parameters) {
      const {value, problem} = inputValue(parameter, params[fieldKey(parameter.in, parameter.name)]);
      if (problem) local.push({in: parameter.in, param: parameter.name, message: problem});
      else if (value !== undefined) values[parameter.in][parameter.name] = value;
    }
    let bodyValue: unknown;
    const files: Record<string, File> = {};
    if (form.body?.fields && view === 'form') {
      // What the JSON view set that the form has no input for goes first: a field set in the form wins.
      const fields: Record<string, unknown> = othersOf(body);
      for (const field of form.body.fields) {
        const text = body[field.name];
        if (text instanceof File) files[field.name] = text;
        const {value, problem} = inputValue(field, text);
        if (problem) local.push({in: 'body', param: field.name, message: problem});
        else if (value !== undefined) fields[field.name] = value;
      }
      bodyValue = Object.keys(fields).length > 0 || form.body.required ? fields : undefined;
    } else if (form.body && raw.trim() !== '') {
      const {value, problem} = parseJson(raw);
      if (problem) local.push({in: 'body', param: null, message: problem});
      bodyValue = value;
    }
    const url =
      form.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values.path[name] ?? `{${name}}`))) +
      (Object.keys(values.query).length > 0
        ? `?${new URLSearchParams(Object.entries(values.query).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : String(value)])).toString()}`
        : '');
    const headers: Record<string, string> = Object.fromEntries(Object.entries(values.header).map(([name, value]) => [name, String(value)]));
    if (Object.keys(values.cookie).length > 0)
      headers.Cookie = Object.entries(values.cookie)
        .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
        .join('; ');
    let payload: OutgoingRequest['body'];
    if (bodyValue !== undefined && form.body) {
      if (form.body.mediaType === 'multipart/form-data') {
        const data = new FormData();
        for (const [name, value] of Object.entries(bodyValue as Record<string, unknown>))
          data.append(name, files[name] ?? (typeof value === 'string' ? value : JSON.stringify(value)));
        payload = data;
      } else if (form.body.mediaType === 'application/x-www-form-urlencoded') {
        headers['Content-Type'] = form.body.mediaType;
        payload = new URLSearchParams(
          Object.entries(bodyValue as Record<string, unknown>).map(([name, value]) => [
            name,
            typeof value === 'string' ? value : JSON.stringify(value),
          ]),
        ).toString();
      } else {
        headers['Content-Type'] = form.body.mediaType;
        payload = JSON.stringify(bodyValue, null, 2);
      }
    }
    const request: OutgoingRequest = {method: form.method, url, headers, ...(payload === undefined ? {} : {body: payload})};
    return {request, local, check: {operationId: form.operationId, params: values, body: bodyValue}};
  }, [form, params, body, raw, view]);

  // Checked against the schema as the reader types, by the sandbox's own validator.
  useEffect(() => {
    if (!built) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      box.check(built.check).then(
        (found) => current && setProblems([...built.local, ...found]),
        () => current && setProblems(built.local),
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [box, built]);

  useSamplesOfPanel(open && inputsText({params, body, raw}) !== loaded?.inputs, file, chosen, target, built?.request);

  if (loadError) return <p className={styles.problem}>Try it could not start: {loadError}.</p>;
  if (!form || !built || !file || !chosen) return <p role="status">Starting the {mock ? 'mock' : 'sandbox'}…</p>;

  const problemsOf = (where: string, name: string) =>
    problems
      .filter((problem) => problem.in === where && (problem.param ?? '').split(/[.[]/)[0] === name)
      .map((problem) => {
        const nested = problem.param && problem.param !== name ? `${problem.param.slice(name.length).replace(/^\./, '')} ` : '';
        return `${nested}${problem.message}`;
      });
  const jsonView = !form.body?.fields || view === 'json';
  const bodyProblems = problems.filter((problem) => problem.in === 'body' && (jsonView || problem.param === null));
  const keyRefusal = target.kind === 'remote' ? keyProblem(key) : undefined;
  // Text that is not valid JSON has no value to send: sending without it would hide the mistake.
  const unsendable = built.local.map((problem) => problem.param ?? 'body');
  const canSend = !sending && keyRefusal === undefined && unsendable.length === 0;

  // The form's body, as it would be sent, into the JSON view; the JSON view's object back into the form.
  const sent = built.check.body;
  const viewBlocked = built.local.some((problem) => problem.in === 'body')
    ? `Fix the JSON ${view === 'form' ? 'of the fields below before switching to the JSON view' : 'below before going back to the form'}.`
    : view === 'json' && sent !== undefined && (typeof sent !== 'object' || sent === null || Array.isArray(sent))
      ? 'Only a JSON object can go back to the form.'
      : undefined;
  const switchView = (next: View) => {
    if (next === 'json') setRaw(sent === undefined ? '' : JSON.stringify(sent, null, 2));
    else {
      setBody(fieldsOfJson(form.body?.fields ?? [], (sent ?? {}) as Record<string, unknown>));
      setRaw('');
    }
    setView(next);
  };

  // A POST that the API took, or that now names another object, is a new request: it needs a new key.
  const newIdempotencyKey = () => {
    const idempotency = form.parameters.find((parameter) => parameter.in === 'header' && /^idempotency-key$/i.test(parameter.name));
    if (form.method === 'POST' && idempotency) setParams((old) => ({...old, [fieldKey('header', idempotency.name)]: crypto.randomUUID()}));
  };

  // A new object made for an offer goes into the field that named the used-up one.
  const putMade =
    ({in: where, name}: {in: 'path' | 'body'; name: string}) =>
    (id: string) => {
      newIdempotencyKey();
      if (where === 'path') setParams((old) => ({...old, [fieldKey('path', name)]: id}));
      else if (!jsonView) setBody((old) => ({...old, [name]: id}));
      else setRaw(JSON.stringify({...(sent as Record<string, unknown>), [name]: id}, null, 2));
    };

  // The choice holds for the panels of the next pages too.
  const choose = (next: Target) => {
    setTarget(next);
    chooseTarget(next);
  };

  const sendNow = async () => {
    setSending(true);
    setSendError(null);
    try {
      const received = await send(target, built.request, specsUrl);
      setAnswer(received);
      if (received.status < 300) newIdempotencyKey();
    } catch (error) {
      setAnswer(null);
      setSendError(
        target.kind === 'remote' && error instanceof TypeError
          ? `The request did not reach ${target.url}: the host is down, or it does not allow this site (CORS).`
          : (error as Error).message,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      className={styles.panel}
      aria-labelledby={heading}
      ref={(node) => {
        // Ctrl+Enter (⌘+Enter on a Mac) sends from any field of the panel, as the Send button's
        // aria-keyshortcuts says; Escape closes the panel.
        const shortcut = (event: KeyboardEvent) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
            return;
          }
          if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
          event.preventDefault();
          if (canSend) void sendNow();
        };
        node?.addEventListener('keydown', shortcut);
        return () => node?.removeEventListener('keydown', shortcut);
      }}>
      <h2 id={heading} className={styles.title}>
        Try it
      </h2>
      {remoteUrl ? (
        <fieldset className={styles.group}>
          <legend>Send to</legend>
          <label className={styles.choice}>
            <input type="radio" name={`${heading}-target`} checked={target.kind === 'browser'} onChange={() => choose({kind: 'browser'})} />
            The sandbox in this browser <span className={styles.hint}>no key needed</span>
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${heading}-target`}
              checked={target.kind === 'remote'}
              onChange={() => choose({kind: 'remote', url: remoteUrl})}
            />
            Plaza&apos;s sandbox API <code>{remoteUrl}</code>
          </label>
        </fieldset>
      ) : null}
      {target.kind === 'browser' ? (
        <p className={styles.note}>
          {mock ? (
            <>
              Answers come from a mock built from this spec&apos;s examples and schemas, in your browser: no key needed. What you create,
              and each panel&apos;s inputs and last answer, stay while you move between this tab&apos;s pages. A reload starts over.
            </>
          ) : (
            <>
              Requests go to Plaza&apos;s sandbox running in this tab, with an account of its own: no key needed. What you create, and each
              panel&apos;s inputs and last answer, stay while you move between this tab&apos;s pages, Back and Forward too. A reload starts
              over with a new sandbox and empty panels.
            </>
          )}{' '}
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              void box.reset().then(() => setAnswer(null));
            }}>
            Reset the {mock ? 'mock' : 'sandbox'}
          </button>
        </p>
      ) : (
        <div className={styles.field}>
          <label htmlFor={`${heading}-key`} className={styles.label}>
            Sandbox secret key <span className={styles.required}>required</span>
          </label>
          <input
            id={`${heading}-key`}
            className={styles.input}
            type="password"
            autoComplete="off"
            spellCheck={false}
            // Not a controlled input: React would copy the key into the DOM's value attribute. The
            // field shows the key kept in this tab's memory when it appears again.
            ref={(input) => {
              if (input && input.value === '') input.value = pastedKeyValue();
            }}
            aria-invalid={(key !== '' && keyRefusal !== undefined) || undefined}
            aria-describedby={`${heading}-key-note`}
            onChange={(event) => {
              setKey(event.target.value);
              setPastedKey(event.target.value);
            }}
          />
          <p id={`${heading}-key-note`} className={key !== '' && keyRefusal ? styles.problem : styles.hint}>
            {key !== '' && keyRefusal
              ? keyRefusal
              : 'Kept in this tab’s memory only, with each panel’s last answer: never stored, never in a copied command, and gone on a reload.'}
          </p>
        </div>
      )}
      {locations.map(({in: where, title}) => {
        const inputs = form.parameters.filter((parameter) => parameter.in === where);
        if (inputs.length === 0) return null;
        return (
          <fieldset key={where} className={styles.group}>
            <legend>{title}</legend>
            {inputs.map((parameter) => (
              <Field
                key={parameter.name}
                input={parameter}
                value={params[fieldKey(where, parameter.name)]}
                problems={problemsOf(where, parameter.name)}
                onChange={(value) => setParams((old) => ({...old, [fieldKey(where, parameter.name)]: value}))}
              />
            ))}
          </fieldset>
        );
      })}
      {form.body ? (
        <fieldset className={styles.group}>
          <legend>
            Body <code>{form.body.mediaType}</code>
          </legend>
          {form.body.fields && /json/.test(form.body.mediaType) ? (
            <ViewSwitch view={view} blocked={viewBlocked} onSwitch={switchView} />
          ) : null}
          {jsonView ? (
            <JsonBody
              value={raw}
              required={form.body.required}
              problems={bodyProblems.map((problem) => `${problem.param ?? 'The body'} ${problem.message}`)}
              onChange={setRaw}
            />
          ) : (
            <>
              {form.body.fields?.map((field) => (
                <Field
                  key={field.name}
                  input={field}
                  value={body[field.name]}
                  problems={problemsOf('body', field.name)}
                  onChange={(value) => setBody((old) => ({...old, [field.name]: value}))}
                />
              ))}
              <OthersNote names={Object.keys(othersOf(body))} />
              {bodyProblems.length > 0 ? (
                <p className={styles.problem}>{bodyProblems.map((problem) => `The body ${problem.message}`).join('; ')}</p>
              ) : null}
            </>
          )}
        </fieldset>
      ) : null}
      <div className={styles.actions}>
        <button
          type="button"
          className="button button--primary"
          disabled={!canSend}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          onClick={() => void sendNow()}>
          {sending ? 'Sending…' : 'Send request'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={unsendable.length > 0}
          onClick={() => {
            navigator.clipboard.writeText(sampleIn(language, file, chosen, target, built.request)).then(
              () => setCopied(`The ${language.label} sample is on the clipboard; it reads the key from the environment.`),
              () => setCopied('The sample could not be copied.'),
            );
          }}>
          Copy as {language.label}
        </button>
        <span role="status" className={styles.hint}>
          {unsendable.length > 0 ? `Fix the JSON of ${unsendable.join(' and ')} to send or copy the request. ` : ''}
          {problems.length > 0
            ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix before the API takes it. `
            : ''}
          {sending ? 'Sending… ' : answer ? <span className="sr-only">Response: {statusLine(answer.status)}. </span> : null}
          {copied}
        </span>
      </div>
      <div>
        {sendError ? (
          <p role="alert" className={styles.problem}>
            {sendError}
          </p>
        ) : null}
        {answer ? <AnswerView answer={answer} /> : null}
        {answer?.remake ? (
          <RemakeOffer key={answer.headers['x-request-id']} offer={answer.remake} make={box.remake} onMade={putMade(answer.remake)} />
        ) : null}
      </div>
    </section>
  );
}
