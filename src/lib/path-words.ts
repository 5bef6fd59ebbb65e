/**
 * The words of a URL's path, for the not-found page (src/theme/NotFound/Content) to search for the
 * pages the reader may have meant: `/guides/payments/proces-card-payment` gives "guides payments
 * proces card payment".
 */

/** A path as the reader typed it (`%20` a space again), or as it is when an escape is malformed. */
export function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** A part that holds a digit is an ID, a version or a date (3f9k, v1, 2024), not a word to search for. */
const idLike = /\p{N}/u;

/**
 * The words of each segment of `pathname`, lowercased: the segments are split at anything that is
 * neither a letter nor a digit (`-`, `_`, `.`, an escaped space…), after dropping an `.html` or `.md`
 * extension; empty parts and ID-like parts are left out, and so are segments left without a word.
 */
export function pathWords(pathname: string): string[][] {
  return decodePath(pathname)
    .replace(/\/+$/, '')
    .replace(/\.(html|md)$/i, '')
    .split('/')
    .map((segment) =>
      segment
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((part) => part !== '' && !idLike.test(part)),
    )
    .filter((words) => words.length > 0);
}
