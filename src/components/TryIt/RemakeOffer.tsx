/**
 * The offer under a failed answer whose request needed one of the account's example objects in a
 * state it is no longer in (a payment already captured, a customer deleted): one press makes another
 * like it, with the operation that made the example one, and puts its ID in the field that named it.
 */
import React, {useState, type ReactNode} from 'react';
import type {Remake} from '../../../sandbox/core';
import styles from './styles.module.css';

export default function RemakeOffer({
  offer,
  make,
  onMade,
}: {
  offer: Remake;
  /** Makes the object; resolves to its ID. */
  make: (example: string) => Promise<string>;
  onMade: (id: string) => void;
}): ReactNode {
  const [state, setState] = useState<{making?: boolean; made?: string; error?: string}>({});
  const field = `${offer.in === 'path' ? 'path parameter' : 'body field'} ${offer.name}`;
  const more = offer.requests > 1 ? `, then ${offer.requests - 1} more requests that bring it to the same stage` : '';
  return (
    <div className={styles.offer}>
      {state.made ? (
        <p role="status">
          Made <code>{state.made}</code> and put it in the {field}: send the request again.
        </p>
      ) : (
        <>
          <p>
            Your account started with <code>{offer.example}</code>, and an earlier request used it up. Make another like it, with{' '}
            {offer.maker}
            {more}, and send this request with it.
          </p>
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={state.making}
            onClick={() => {
              setState({making: true});
              make(offer.example).then(
                (made) => {
                  setState({made});
                  onMade(made);
                },
                (error: Error) => setState({error: error.message}),
              );
            }}>
            {state.making ? 'Making…' : `Make another (${offer.maker})`}
          </button>
          {state.error ? (
            <p role="alert" className={styles.problem}>
              It could not be made: {state.error}.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
