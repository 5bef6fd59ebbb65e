/**
 * Writes the spec-derived tables that hand-written docs pages import (scripts/lib/reference-tables.ts
 * makes them) under docs/_partials/generated/. `npm run gen-pages` runs it; the files are git-ignored.
 *
 * Usage: tsx scripts/gen-reference-tables.ts
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {partialsDir, referencePartials} from './lib/reference-tables';
import {apis, readSpec} from './lib/specs';
import type {Specs} from './lib/webhook-events';

const specs = Object.fromEntries(apis.map((api) => [api.name, readSpec(api.file)])) as Specs;
mkdirSync(partialsDir, {recursive: true});
for (const partial of referencePartials(specs)) {
  writeFileSync(partial.file, partial.mdx);
  console.log(partial.file);
}
