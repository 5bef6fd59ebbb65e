/**
 * Why this swizzle exists: theme-classic's not-found page only says that the page was not found.
 * This one says which path was asked for, offers a search box filled with the path's words, and
 * lists the closest pages the site's search (src/components/Search) finds for them, or the main
 * sections when it finds none or cannot load (as under `npm start`, which has no search index).
 * The path and the hits are rendered as text, never as HTML.
 *
 * It also sets the title: in @docusaurus/theme-classic 3.10.2 the not-found page sets its title
 * outside the Layout, and the Layout's own untitled metadata then wins, so the tab read only the
 * site title. Setting the title again inside the Layout gives "Page Not Found | site title", as
 * every other page has.
 */
import React, {useEffect, useId, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import {search, type SearchHit} from '@site/src/components/Search/pagefind';
import SearchHitView from '@site/src/components/Search/SearchHitView';
import {useDraft} from '@site/src/components/Search/use-draft';
import searchStyles from '@site/src/components/Search/styles.module.css';
import {decodePath, pathWords} from '@site/src/lib/path-words';
import styles from './styles.module.css';

/** How many of the closest pages are listed. */
const closestCount = 5;

const mainSections = [
  {
    to: '/guides/',
    label: 'Guides',
    description: 'Step-by-step guides for taking payments, onboarding sellers, paying out and reconciling.',
  },
  {to: '/api/', label: 'API reference', description: 'Every operation of the Accounts and Payments APIs, and the conventions they share.'},
  {to: '/sdks/', label: 'SDKs', description: 'The web SDKs that collect card, bank account and wallet details in the browser.'},
];

/**
 * The pages found for the first of `queries` whose words the pages found all hold, else the first
 * that finds any: the words of the whole path, then those of its last segment alone (a mistyped page
 * name under a right section, such as /api/financial/create-paymnt, whose section word is on none of
 * the pages it means).
 */
async function closestPages(queries: string[]): Promise<{used: string; hits: SearchHit[]}> {
  let fallback: {used: string; hits: SearchHit[]} | undefined;
  for (const used of queries) {
    const results = await search(used);
    const hits = await results.hits(0, closestCount);
    if (hits.length > 0 && !results.partial) return {used, hits};
    if (hits.length > 0) fallback ??= {used, hits};
  }
  return fallback ?? {used: queries[0] ?? '', hits: []};
}

type Found = {query: string; hits: SearchHit[]};

export default function NotFoundContent({className}: Props): ReactNode {
  const title = translate({id: 'theme.NotFound.title', message: 'Page Not Found'});
  const {pathname} = useLocation();
  const history = useHistory();
  const searchPage = useBaseUrl('/search');
  const inputId = useId();
  // 404.html is built for no path in particular: the path is shown once the page runs in the browser.
  const path = useIsBrowser() ? pathname : undefined;
  const segments = pathWords(path ?? '');
  const query = segments.flat().join(' ');
  const lastSegment = segments.at(-1)?.join(' ') ?? '';

  // Another path (the page hydrating, or a link to another missing page) refills the box.
  const [draft, setDraft] = useDraft(query);
  const [found, setFound] = useState<Found>();

  useEffect(() => {
    if (query === '') return undefined;
    let current = true;
    closestPages([...new Set([query, lastSegment])])
      // Search could not load: no error, the main sections instead.
      .catch(() => ({used: query, hits: []}))
      .then(({used, hits}) => {
        if (!current) return;
        setFound({query, hits});
        // The box then holds the words that found them, unless the reader has typed in it.
        setDraft((typed) => (typed === query ? used : typed));
      });
    return () => {
      current = false;
    };
  }, [query, lastSegment, setDraft]);

  const current = found?.query === query ? found : undefined;
  const searching = query !== '' && !current;
  const hits = current?.hits ?? [];
  const showSections = path !== undefined && !searching && hits.length === 0;

  return (
    <main className={clsx('container margin-vert--xl', styles.page, className)}>
      <PageMetadata title={title} />
      <Heading as="h1">{title}</Heading>
      <p>
        {path === undefined ? (
          'The page you asked for does not exist.'
        ) : (
          <>
            The page at <code className={styles.path}>{decodePath(path)}</code> does not exist.
          </>
        )}
      </p>
      {/* Submitted by script only: the site's Content-Security-Policy allows no form action. */}
      <form
        role="search"
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          history.push(`${searchPage}?${new URLSearchParams({q: draft.trim()})}`);
        }}>
        <label htmlFor={inputId}>Search the documentation</label>
        <div className={styles.searchRow}>
          <input
            id={inputId}
            type="search"
            value={draft}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
      </form>
      <p role="status" aria-live="polite" className={searching ? styles.status : 'sr-only'}>
        {searching
          ? 'Searching for the closest pages…'
          : hits.length > 0
            ? `${hits.length} closest ${hits.length === 1 ? 'page' : 'pages'} found.`
            : ''}
      </p>
      {hits.length > 0 && (
        <section className={styles.links}>
          <h2>Closest pages</h2>
          <ul className={searchStyles.pageHits}>
            {hits.map((hit) => (
              <li key={hit.id + hit.url}>
                <Link className={searchStyles.hit} to={hit.url}>
                  <SearchHitView hit={hit} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {showSections && (
        <section className={styles.links}>
          <h2>Main sections</h2>
          <ul className={searchStyles.pageHits}>
            {mainSections.map((section) => (
              <li key={section.to}>
                <Link className={searchStyles.hit} to={section.to}>
                  <span className={searchStyles.title}>{section.label}</span>
                  <span className={searchStyles.excerpt}>{section.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
