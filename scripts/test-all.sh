#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest: types, specs, unit tests,
# the production build, then the browser tests against that build.
set -euo pipefail
cd "$(dirname "$0")/.."

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

echo "== typecheck"
npm run --silent typecheck
echo "== unit tests"
npm run --silent test:unit
echo "== production build"
npm run --silent build
echo "== browser tests"
npx playwright test
