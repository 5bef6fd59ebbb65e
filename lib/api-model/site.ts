/**
 * The APIs a site is built from. Plaza's site has its two (`apis` of specs.ts, under specs/). A
 * preview site (`npm run preview -- spec.yaml`, or PLAZA_PREVIEW_SPEC) has one: any OpenAPI 3.0 or
 * 3.1 document, read where it lives so that its relative `$ref`s resolve against its own folder,
 * with its introduction as the home page and none of Plaza's pages, checks or conventions.
 */
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import type {Api} from './model';
import {plainText} from '../api-render/spec-text';
import {apis, parseSpec} from './specs';

export type SiteApis = {
  apis: readonly Api[];
  /** A preview's spec file (absolute) and what its `info` says; undefined on Plaza's site. */
  preview?: {file: string; title: string; description: string};
};

/** The route folder of a preview's reference. */
export const previewRoute = '/reference';

/**
 * The spec's `info` title and description as plain text: its file name and nothing when it has none
 * or cannot be read (the model reads it again, and says why in one line).
 */
function specInfo(file: string): {title: string; description: string} {
  let info: {title?: unknown; description?: unknown} | undefined;
  try {
    info = parseSpec(readFileSync(file, 'utf8')).info;
  } catch {
    info = undefined;
  }
  const words = (value: unknown) => (typeof value === 'string' ? plainText(value) : '');
  return {title: words(info?.title) || (file.split('/').pop() ?? file), description: words(info?.description)};
}

/** The site's APIs: PLAZA_PREVIEW_SPEC's one spec when it is set, else Plaza's two. */
export function siteApis(env: NodeJS.ProcessEnv = process.env): SiteApis {
  const spec = env.PLAZA_PREVIEW_SPEC;
  if (!spec) return {apis};
  const file = resolve(spec);
  const info = specInfo(file);
  return {apis: [{name: 'reference', title: info.title, file, route: previewRoute, categorySlug: '/'}], preview: {file, ...info}};
}
