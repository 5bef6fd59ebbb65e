#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest: the machine (Node.js and the programs
# the tests drive), the spec check and the generated API pages (gen-api runs both; the sidebars
# import the pages), types, the specs' lint, unit tests, the production build, then the browser
# tests against that build.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/prepare-machine.sh
echo "== check the specs and generate the API reference pages from them"
npm run --silent gen-api
echo "== typecheck"
npm run --silent typecheck
echo "== lint the specs"
npm run --silent specs:lint
echo "== unit tests"
npm run --silent test:unit
echo "== production build"
npm run --silent build
echo "== browser tests"
playwright test
