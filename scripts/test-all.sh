#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest: the machine (Node.js and the programs
# the tests drive), the generated API pages (the sidebars import them), types, the specs, unit
# tests, the production build, then the browser tests against that build.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/prepare-machine.sh
echo "== generate the API reference pages from specs/"
npm run --silent gen-api
echo "== typecheck"
npm run --silent typecheck
echo "== lint the specs"
npm run --silent specs:lint
echo "== check the specs against the operation list"
npm run --silent specs:check
echo "== unit tests"
npm run --silent test:unit
echo "== production build"
npm run --silent build
echo "== browser tests"
playwright test
