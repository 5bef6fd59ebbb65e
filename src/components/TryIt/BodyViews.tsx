/**
 * The two views of a JSON body in the Try it panel, and what goes with them: the switch between the
 * form and the JSON text, the note naming what the JSON set that the form has no input for, and the
 * JSON view itself (./JsonEditor) with its problems. Loaded with the panel.
 */
import React, {useId, type ReactNode} from 'react';
import JsonEditor from './JsonEditor';
import styles from './styles.module.css';

export type View = 'form' | 'json';

const labels: Record<View, string> = {form: 'Form', json: 'JSON'};

/** The switch: the view not shown cannot be chosen while `blocked` says why. */
export function ViewSwitch({view, blocked, onSwitch}: {view: View; blocked?: string; onSwitch: (view: View) => void}): ReactNode {
  const id = useId();
  return (
    <>
      <fieldset className={styles.views} aria-describedby={blocked ? `${id}-blocked` : undefined}>
        <legend>Edit the body as</legend>
        {(Object.keys(labels) as View[]).map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={id}
              checked={view === option}
              disabled={view !== option && blocked !== undefined}
              onChange={() => onSwitch(option)}
            />
            {labels[option]}
          </label>
        ))}
      </fieldset>
      {blocked ? (
        <p id={`${id}-blocked`} className={styles.problem}>
          {blocked}
        </p>
      ) : null}
    </>
  );
}

/** What the JSON view set that the form shows no input for: still sent, and changed in the JSON view. */
export function OthersNote({names}: {names: string[]}): ReactNode {
  if (names.length === 0) return null;
  return (
    <p className={styles.note}>
      Also sent, as set in the JSON view:{' '}
      {names.map((name, index) => (
        <React.Fragment key={name}>
          {index > 0 ? ', ' : null}
          <code>{name || '""'}</code>
        </React.Fragment>
      ))}
      . The form has no input that shows {names.length === 1 ? 'it' : 'them'}; change {names.length === 1 ? 'it' : 'them'} in the JSON view.
    </p>
  );
}

/** The JSON view: the whole body as one highlighted text, and the problems found in it. */
export function JsonBody({
  value,
  required,
  problems,
  onChange,
}: {
  value: string;
  required: boolean;
  problems: string[];
  onChange: (value: string) => void;
}): ReactNode {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Body as JSON {required ? <span className={styles.required}>required</span> : <span className={styles.hint}>empty: no body</span>}
      </label>
      <JsonEditor
        id={id}
        value={value}
        invalid={problems.length > 0}
        describedBy={problems.length > 0 ? `${id}-problem` : undefined}
        onChange={onChange}
      />
      <Problems id={`${id}-problem`} problems={problems} />
    </div>
  );
}

/** The problems of a field, under it, under the ID its control's aria-describedby names; nothing when there is none. */
export function Problems({id, problems}: {id: string; problems: string[]}): ReactNode {
  return problems.length > 0 ? (
    <p id={id} className={styles.problem}>
      {problems.join('; ')}
    </p>
  ) : null;
}
