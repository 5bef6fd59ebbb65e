/**
 * The inputs of the Try it panel (./Panel): a parameter's or body field's text made from the spec's
 * example, read back as the value it stands for, and the control that edits it with its label, its
 * sandbox test values and its problems.
 */
import React, {useId, type ReactNode} from 'react';
import type {FormInput, OperationForm} from '../../../sandbox/core';
import {Problems} from './BodyViews';
import {parseJson} from './body-json';
import {idPrefix, samplePdf, type IdCarrier} from '../../../lib/page-run';
import {iso} from '../../../sandbox/core/state';
import type {Inputs as Values} from './session';
import styles from './styles.module.css';

/**
 * A value as the text of its input: the reader's own IDs on the target in place of the spec's example
 * ones, and an example ID of a kind the reader has none of replaced by the sandbox's first test value
 * of that kind (`card_testvisacredit…` for a card), so that the prefilled request can succeed.
 */
function inputText(value: unknown, input: Pick<FormInput, 'kind' | 'testValues' | 'required'>, ids: IdCarrier): string {
  if (value === undefined || value === null) return '';
  const text = input.kind === 'json' || typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value);
  const own = ids.apply(text);
  const prefix = idPrefix(text);
  if (own !== text || prefix === undefined) return own;
  const test = Object.keys(input.testValues ?? {}).find((candidate) => candidate.startsWith(`${prefix}_`));
  // An optional ID of an object the reader does not have would only make the request fail: left out.
  return test ?? (input.required ? own : '');
}

/** The value an input's text stands for, or a problem: numbers and booleans as such, JSON parsed. */
export function inputValue(input: FormInput, text: string | File | undefined): {value?: unknown; problem?: string} {
  if (text instanceof File) return {value: text.name};
  if (text === undefined || text === '') return {};
  if (input.enum) return {value: input.enum.find((item) => String(item) === text) ?? text};
  if (input.kind === 'integer' || input.kind === 'number') return {value: /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text};
  if (input.kind === 'boolean') return {value: text === 'true' ? true : text === 'false' ? false : text};
  if (input.kind === 'json') return parseJson(text);
  return {value: text};
}

export const fieldKey = (where: string, name: string) => `${where}:${name}`;

/** The sample files an upload starts with, told apart from a file the reader chose. */
const sampleFiles = new WeakSet<File>();

export type FormState = {params: Values; body: Values; raw: string};

/** The inputs as one text to compare, without the idempotency key, which is new for each request. */
export const inputsText = ({params, body, raw}: FormState): string =>
  JSON.stringify([Object.entries(params).filter(([key]) => !/^header:idempotency-key$/i.test(key)), body, raw]);

/** The inputs made from `example`, the body to start from, with the IDs of the chosen target's objects. */
export function initialValues(form: OperationForm, example: unknown, ids: IdCarrier): FormState {
  const params: Values = {};
  for (const parameter of form.parameters) {
    const key = fieldKey(parameter.in, parameter.name);
    if (parameter.in === 'header' && /^idempotency-key$/i.test(parameter.name)) params[key] = crypto.randomUUID();
    else if (parameter.required || parameter.in === 'path') params[key] = inputText(parameter.example, {...parameter, required: true}, ids);
  }
  const body: Values = {};
  for (const field of form.body?.fields ?? []) {
    if (!example || typeof example !== 'object' || !(field.name in example)) continue;
    const value = (example as Record<string, unknown>)[field.name];
    // An upload starts with a sample PDF under the example's file name, until the reader chooses a file.
    if (field.kind === 'file') {
      const sample = new File([samplePdf], String(value), {type: 'application/pdf'});
      sampleFiles.add(sample);
      body[field.name] = sample;
    }
    // A time the API takes only near the present is counted from now, not copied from the example.
    else if (field.fromNow !== undefined) body[field.name] = iso(Date.now() + field.fromNow * 1000);
    else body[field.name] = inputText(value, field, ids);
  }
  return {params, body, raw: form.body && !form.body.fields ? inputText(example ?? {}, {kind: 'json', required: true}, ids) : ''};
}

/** The label, input and problem of one parameter or field. */
export function Field({
  input,
  value,
  problems,
  onChange,
}: {
  input: FormInput;
  value: string | File | undefined;
  problems: string[];
  onChange: (value: string | File | undefined) => void;
}): ReactNode {
  const id = useId();
  const hint = input.enum ? 'one of the values' : input.kind === 'json' ? 'JSON' : input.kind;
  const common = {
    id,
    'aria-invalid': problems.length > 0 || undefined,
    'aria-describedby': problems.length > 0 ? `${id}-problem` : undefined,
    className: styles.input,
  };
  let control: ReactNode;
  if (input.enum || input.kind === 'boolean') {
    const options = input.enum ?? [true, false];
    control = (
      <select {...common} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{input.required ? 'Choose…' : '(not sent)'}</option>
        {options.map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  } else if (input.kind === 'file') {
    control = (
      <>
        <input {...common} type="file" onChange={(event) => onChange(event.target.files?.[0])} />
        {value instanceof File ? (
          <span className={styles.hint}>
            Sends {value.name} ({value.size} bytes){sampleFiles.has(value) ? ', a sample PDF, until you choose a file' : ''}.
          </span>
        ) : null}
      </>
    );
  } else if (input.kind === 'json') {
    const text = typeof value === 'string' ? value : '';
    control = (
      <textarea
        {...common}
        spellCheck={false}
        rows={Math.min(12, Math.max(2, text.split('\n').length))}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type="text"
        inputMode={input.kind === 'string' ? undefined : 'decimal'}
        spellCheck={false}
        autoComplete="off"
        list={input.testValues ? `${id}-tests` : undefined}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        <code>{input.name}</code> <span className={styles.hint}>{hint}</span>{' '}
        {input.required ? <span className={styles.required}>required</span> : null}
      </label>
      {control}
      {input.testValues ? (
        <datalist id={`${id}-tests`}>
          {Object.entries(input.testValues).map(([value, outcome]) => (
            <option key={value} value={value} label={`Sandbox test value: ${outcome}`} />
          ))}
        </datalist>
      ) : null}
      <Problems id={`${id}-problem`} problems={problems} />
    </div>
  );
}
