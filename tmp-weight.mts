import {fileURLToPath} from 'node:url';
import {serveBuild} from './scripts/lib/site-copy';
import {measurePageWeights} from './bench/lib/page-weight';
import {measureTryIt} from './bench/lib/try-it';
const buildDir = fileURLToPath(new URL('./build', import.meta.url));
const served = await serveBuild(buildDir);
try {
  const weights = await measurePageWeights(served.origin, buildDir, ['/', '/guides/payments/authorize-and-capture-payments', '/api/financial/create-payment', '/category/payments']);
  for (const w of weights) console.log(w.path, w.jsGzipBytes, w.jsFiles);
  const t = await measureTryIt(served.origin, buildDir);
  console.log(JSON.stringify({open: t.openGzipBytes, files: t.files, runs: t.firstAnswerMs, median: t.firstAnswerMedianMs}));
} finally { await served.close(); }
