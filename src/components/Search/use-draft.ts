/**
 * What a search box holds: the words the reader is typing, refilled with `query` whenever `query`
 * changes (a new URL, a link to another page, the page hydrating), and otherwise the reader's own.
 */
import {useState, type Dispatch, type SetStateAction} from 'react';

export function useDraft(query: string): [string, Dispatch<SetStateAction<string>>] {
  const [draft, setDraft] = useState(query);
  const [draftQuery, setDraftQuery] = useState(query);
  if (draftQuery !== query) {
    setDraftQuery(query);
    setDraft(query);
  }
  return [draft, setDraft];
}
