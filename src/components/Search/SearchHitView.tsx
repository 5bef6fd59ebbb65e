/** One search result as the search box and the results page show it: its kind, title, section and excerpt. */
import React, {type ReactNode} from 'react';
import type {SearchHit} from './pagefind';
import styles from './styles.module.css';

export function kindLabel(hit: Pick<SearchHit, 'kind' | 'method'>): string | undefined {
  return hit.method ? `${hit.kind} · ${hit.method}` : hit.kind;
}

export default function SearchHitView({hit}: {hit: SearchHit}): ReactNode {
  const kind = kindLabel(hit);
  return (
    <>
      <span className={styles.heading}>
        {kind && <span className={styles.kind}>{kind}</span>}
        <span className={styles.title}>{hit.title}</span>
        {hit.section && <span className={styles.section}>{hit.section}</span>}
      </span>
      <span className={styles.excerpt}>
        {hit.excerpt.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}
      </span>
    </>
  );
}
