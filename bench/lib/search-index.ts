/**
 * The two files of the lunr search that a reader's browser downloads on first use of the search
 * box: build/search-doc-<n>.json and build/lunr-index-<n>.json. The site's SearchBar
 * (src/theme/SearchBar wraps docusaurus-lunr-search's) fetches the numbered names that the
 * plugin put in the build's global data; its un-numbered copies are for old swizzles and never
 * loaded, and a build over an earlier one leaves that one's numbered files behind.
 */
import {readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {gzipBytes} from './files';

export type IndexFile = {file: string; bytes: number; gzipBytes: number};

export type SearchIndex = {
  searchDoc: IndexFile;
  lunrIndex: IndexFile;
  /** Entries of search-doc: one per page and one per section of a page. */
  documents: number;
  /** Distinct pages among the documents. */
  pages: number;
  bytesPerPage: number;
  gzipBytesPerPage: number;
};

type LunrGlobalData = {'docusaurus-lunr-search': {default: {fileNames: {searchDoc: string; lunrIndex: string}}}};

function indexFile(buildDir: string, file: string): IndexFile {
  const path = join(buildDir, file);
  return {file, bytes: statSync(path).size, gzipBytes: gzipBytes(path)};
}

/** The search files of the last build of the site in `projectDir`. */
export function measureSearchIndex(projectDir: string): SearchIndex {
  const globalData = JSON.parse(readFileSync(join(projectDir, '.docusaurus', 'globalData.json'), 'utf8')) as LunrGlobalData;
  const {fileNames} = globalData['docusaurus-lunr-search'].default;
  const buildDir = join(projectDir, 'build');
  const searchDoc = indexFile(buildDir, fileNames.searchDoc);
  const lunrIndex = indexFile(buildDir, fileNames.lunrIndex);
  const {searchDocs} = JSON.parse(readFileSync(join(buildDir, searchDoc.file), 'utf8')) as {searchDocs: {url: string}[]};
  const pages = new Set(searchDocs.map((doc) => doc.url.split('#')[0])).size;
  return {
    searchDoc,
    lunrIndex,
    documents: searchDocs.length,
    pages,
    bytesPerPage: Math.round((searchDoc.bytes + lunrIndex.bytes) / pages),
    gzipBytesPerPage: Math.round((searchDoc.gzipBytes + lunrIndex.gzipBytes) / pages),
  };
}
