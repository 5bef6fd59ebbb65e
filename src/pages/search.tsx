/**
 * The results page, /search?q=…&kind=…: every page the search finds, filtered by kind, for what
 * the navbar's dropdown has no room for. Loads Pagefind (src/components/Search) when it opens.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {searchKinds, type SearchKind} from '@site/src/lib/search';
import {search, type SearchHit, type SearchResults} from '@site/src/components/Search/pagefind';
import SearchHitView from '@site/src/components/Search/SearchHitView';
import {useDraft} from '@site/src/components/Search/use-draft';
import styles from '@site/src/components/Search/styles.module.css';

const pageSize = 20;

function kindParam(value: string | null): SearchKind | undefined {
  return searchKinds.find(({kind}) => kind === value)?.kind;
}

type Found = {query: string; kind?: SearchKind; results: SearchResults; hits: SearchHit[]; kinds: Partial<Record<SearchKind, number>>};

export default function SearchPage(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const {siteConfig} = useDocusaurusContext();
  // The page is built without a query: the first render in the browser must match it.
  const params = new URLSearchParams(useIsBrowser() ? location.search : '');
  const query = (params.get('q') ?? '').trim();
  const kind = kindParam(params.get('kind'));
  // A new query (a link, a kind button, the box's own submit) replaces what the box holds.
  const [draft, setDraft] = useDraft(query);
  const [found, setFound] = useState<Found>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (query === '') return undefined;
    let current = true;
    (async () => {
      try {
        const results = await search(query, kind);
        const [hits, kinds] = await Promise.all([results.hits(0, pageSize), results.kinds()]);
        if (current) {
          setFound({query, kind, results, hits, kinds});
          setFailed(false);
        }
      } catch {
        if (current) setFailed(true);
      }
    })();
    return () => {
      current = false;
    };
  }, [query, kind]);

  const go = (q: string, k: SearchKind | undefined) => {
    const next = new URLSearchParams({q});
    if (k) next.set('kind', k);
    history.replace(`/search?${next}`);
  };

  // The results shown stay when more cannot load; the status says so, and the button tries again.
  const showMore = async () => {
    if (!found) return;
    try {
      const more = await found.results.hits(found.hits.length, found.hits.length + pageSize);
      setFound({...found, hits: [...found.hits, ...more]});
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };

  const current = found && found.query === query && found.kind === kind ? found : undefined;
  const allCount = current ? Object.values(current.kinds).reduce((sum, count) => sum + count, 0) : 0;

  return (
    // The title the page's Markdown twin (src/plugins/markdown-twins) is headed by.
    <Layout title={`Search the ${siteConfig.title}`} description={`Search the ${siteConfig.title}.`}>
      <main className={`container ${styles.page}`}>
        <Heading as="h1">{query ? `Results for “${query}”` : 'Search the documentation'}</Heading>
        <form
          role="search"
          className={styles.pageForm}
          onSubmit={(event) => {
            event.preventDefault();
            go(draft.trim(), kind);
          }}>
          <input
            type="search"
            aria-label="Search the documentation"
            value={draft}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
        </form>
        {query !== '' && (
          <fieldset className={styles.kinds}>
            <legend className="sr-only">Show only</legend>
            {[undefined, ...searchKinds.map((entry) => entry.kind)].map((option) => {
              const count = current ? (option ? (current.kinds[option] ?? 0) : allCount) : undefined;
              return (
                <button
                  key={option ?? 'all'}
                  type="button"
                  aria-pressed={option === kind}
                  className={`button button--sm ${option === kind ? 'button--primary' : 'button--secondary'}`}
                  onClick={() => go(query, option)}>
                  {option ?? 'All'}
                  {count !== undefined && ` (${count})`}
                </button>
              );
            })}
          </fieldset>
        )}
        <p role="status">
          {failed
            ? 'Search could not load. Check your connection and try again.'
            : query === ''
              ? 'Type what you are looking for.'
              : !current
                ? 'Searching…'
                : current.results.total === 0
                  ? `No ${kind ? `${kind} ` : ''}pages match “${query}”.`
                  : `${current.results.corrected ? `Showing results for “${current.results.corrected}”: ` : ''}${current.results.total} ${current.results.total === 1 ? 'page' : 'pages'}${kind ? ` of kind ${kind}` : ''}.`}
        </p>
        {current && (
          <ul className={styles.pageHits}>
            {current.hits.map((hit) => (
              <li key={hit.id + hit.url}>
                <Link className={styles.hit} to={hit.url}>
                  <SearchHitView hit={hit} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {current && current.hits.length < current.results.total && (
          <button type="button" className="button button--secondary" onClick={showMore}>
            Show more results
          </button>
        )}
      </main>
    </Layout>
  );
}
