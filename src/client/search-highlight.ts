/**
 * Marks in the article the words that a search hit matched, when the reader opens the page from it
 * (the `highlight` parameter of the hit's link, src/components/Search/highlight.ts). Runs after
 * each page is shown. Registered in docusaurus.config.ts clientModules.
 */
import {highlightArticle, highlightParam} from '@site/src/components/Search/highlight';

export function onRouteDidUpdate({location}: {location: {search: string}}): void {
  const words = new URLSearchParams(location.search).get(highlightParam);
  if (words) highlightArticle(words.split(' ').filter(Boolean));
}
