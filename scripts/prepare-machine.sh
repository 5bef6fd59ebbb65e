#!/usr/bin/env bash
# Gets a machine ready for `npm test`, before any test runs: a supported Node.js, and the programs
# the tests drive besides npm packages: Chromium (the browser tests), OpenSSL and a JDK (they run
# the webhook signature samples) and python3 (it parses the Python samples). On Debian or Ubuntu as
# root it installs what is missing with apt-get; elsewhere it prints the command to run and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

node scripts/check-node.mjs

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium" ] || missing+=(chromium)
command -v openssl >/dev/null || missing+=(openssl)
{ command -v javac && command -v java; } >/dev/null || missing+=(default-jdk-headless)
command -v python3 >/dev/null || missing+=(python3)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ -r /etc/os-release ] && grep -Eqi '^ID(_LIKE)?=.*(debian|ubuntu)' /etc/os-release && command -v apt-get >/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "The tests need what is missing here (${missing[*]}): run sudo apt-get update && sudo apt-get install -y ${missing[*]}, then npm test again." >&2
    exit 1
  fi
  echo "== installing ${missing[*]} with apt-get (the tests drive them)"
  log="$(mktemp)"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "apt-get could not install ${missing[*]} (its last lines are above)." >&2
    exit 1
  fi
  rm -f "$log"
  [ -x "$chromium" ] || { echo "Chromium is installed but not at $chromium: set CHROMIUM_PATH to it." >&2; exit 1; }
  exit 0
fi

echo "The tests need ${missing[*]} (Debian package names). Install Chromium (or set CHROMIUM_PATH to one), OpenSSL, a JDK 17 or later (javac and java on PATH) and python3, then run npm test again." >&2
exit 1
