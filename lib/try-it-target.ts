/**
 * The second target of Try it: Plaza's sandbox API at the URL of `PLAZA_TRY_IT_URL`, offered only
 * when the build sets it. The site's config reads it for the pages, and scripts/write-headers.ts for
 * the one host the content security policy lets the pages connect to.
 */

/** The configured URL without a trailing slash, or undefined when unset; throws one line when it is no http(s) URL. */
export function tryItUrl(value = process.env.PLAZA_TRY_IT_URL): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new Error(`PLAZA_TRY_IT_URL must be an http or https URL with no query, fragment or credentials, not "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** The origin the pages may connect to for the configured URL (`connect-src`), or undefined. */
export const tryItOrigin = (value = process.env.PLAZA_TRY_IT_URL): string | undefined => {
  const url = tryItUrl(value);
  return url === undefined ? undefined : new URL(url).origin;
};
