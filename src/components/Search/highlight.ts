/**
 * Marks the words a search result matched in the article the reader opened from it: the result's
 * link carries them in its `highlight` parameter. Only text nodes are split and wrapped in <mark>
 * elements made here; nothing is parsed as HTML.
 */

export const highlightParam = 'highlight';

/** The link to a hit's page that asks it to mark `words`. */
export function highlightUrl(url: string, words: string[]): string {
  if (words.length === 0) return url;
  const [path, hash] = url.split('#');
  const params = new URLSearchParams({[highlightParam]: words.join(' ')});
  return `${path}?${params}${hash ? `#${hash}` : ''}`;
}

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Wraps each whole-word occurrence of `words` in the article's text in a <mark>. */
export function highlightArticle(words: string[]): void {
  const article = document.querySelector('article .markdown');
  if (!article || words.length === 0) return;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(${words.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('mark, script, style')) nodes.push(node as Text);
  }
  for (const node of nodes) {
    const text = node.data;
    const matches = [...text.matchAll(pattern)];
    if (matches.length === 0) continue;
    const fragment = document.createDocumentFragment();
    let at = 0;
    for (const match of matches) {
      fragment.append(text.slice(at, match.index));
      const mark = document.createElement('mark');
      mark.textContent = match[0];
      fragment.append(mark);
      at = match.index + match[0].length;
    }
    fragment.append(text.slice(at));
    node.replaceWith(fragment);
  }
}
