/**
 * Why this swizzle exists: theme-classic's SearchBar is empty. This is the navbar's search box, a
 * combobox over Pagefind's index (src/components/Search). Nothing of the search loads before the
 * reader first hovers, focuses or clicks the box or presses Ctrl/⌘+K; the box says "Loading..."
 * until Pagefind is ready. The dropdown shows the best hits and links to the results page, and
 * the page a hit opens marks the matched words (src/client/search-highlight.ts reads the
 * `highlight` parameter of its link). Each hit is a link (the listbox's option): it opens in a new
 * tab with a middle or Ctrl/⌘-click, and its address can be copied, while the keys stay with the box.
 */
import React, {useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Link from '@docusaurus/Link';
import {loadPagefind, search, type SearchHit} from '@site/src/components/Search/pagefind';
import SearchHitView from '@site/src/components/Search/SearchHitView';
import styles from '@site/src/components/Search/styles.module.css';
import {dropdownHits} from '@site/src/lib/search';

/** How long typing must pause before a search runs. */
const debounceMs = 120;

function isShortcut(event: globalThis.KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
}

function shortcutLabel(platform: string): string {
  return platform.startsWith('Mac') ? 'Search ⌘+K' : 'Search Ctrl+K';
}

type State = 'idle' | 'loading' | 'ready' | 'failed';

// Whether Pagefind is ready in this visit (the navbar is mounted again on every page).
let readyThisVisit = false;

export default function SearchBar(): ReactNode {
  const history = useHistory();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>(readyThisVisit ? 'ready' : 'idle');
  // The page is built with the Ctrl+K label: the first render in the browser must match it.
  const placeholder = useIsBrowser() ? shortcutLabel(window.navigator.platform) : 'Search Ctrl+K';
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{query: string; corrected?: string; hits: SearchHit[]; total: number}>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const activate = () => {
    if (state === 'ready' || state === 'loading') return;
    setState('loading');
    loadPagefind().then(
      () => {
        readyThisVisit = true;
        setState('ready');
      },
      () => setState('failed'),
    );
  };

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (isShortcut(event)) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const trimmed = query.trim();
  useEffect(() => {
    if (state !== 'ready' || trimmed === '') return undefined;
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const found = await search(trimmed);
        const hits = await found.hits(0, dropdownHits);
        if (current) {
          setResults({query: trimmed, corrected: found.corrected, hits, total: found.total});
          setActive(-1);
        }
      } catch {
        if (current) setState('failed');
      }
    }, debounceMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trimmed, state]);

  const resultsPage = `/search?${new URLSearchParams({q: trimmed})}`;
  const hits = trimmed !== '' && results ? results.hits : [];
  const expanded = open && trimmed !== '' && results !== undefined;
  const listbox = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    input.current?.blur();
  };

  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the box (-1) through the hits and back to the box.
      setActive((index) => {
        const next = index + step;
        return next < -1 ? hits.length - 1 : next >= hits.length ? -1 : next;
      });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active >= 0 && hits[active]) {
        close();
        history.push(hits[active].url);
      } else if (trimmed !== '') {
        setOpen(false);
        history.push(resultsPage);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        setQuery('');
      }
    }
  };

  return (
    <div className={`navbar__search ${styles.box}`} onBlur={closeWhenFocusLeaves}>
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listbox}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-busy={state === 'loading'}
        autoComplete="off"
        spellCheck={false}
        placeholder={state === 'loading' ? 'Loading...' : placeholder}
        className="navbar__search-input"
        value={query}
        onMouseOver={activate}
        onFocus={() => {
          activate();
          setOpen(true);
        }}
        onClick={activate}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <div className={styles.dropdown} hidden={!expanded && !(open && state === 'failed')}>
        {state === 'failed' && <p className={styles.status}>Search could not load. Check your connection and try again.</p>}
        {expanded && results?.corrected && <p className={styles.corrected}>Showing results for “{results.corrected}”</p>}
        <div role="listbox" id={listbox} aria-label="Search results" className={styles.hits}>
          {expanded &&
            hits.map((hit, index) => (
              <Link
                key={hit.id + hit.url}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                className={styles.hit}
                to={hit.url}
                // The box keeps the focus (and the dropdown stays open) until the link is followed.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                // A click that opens the page elsewhere (Ctrl, ⌘ or Shift) leaves the list open for the next.
                onClick={(event) => {
                  if (!event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey) close();
                }}>
                <SearchHitView hit={hit} />
              </Link>
            ))}
        </div>
        {expanded && results && (
          <p className={styles.status} role="status">
            {results.total === 0 ? (
              <>No results for “{results.query}”.</>
            ) : (
              <Link to={resultsPage} onClick={() => setOpen(false)}>
                See all {results.total} results
              </Link>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
