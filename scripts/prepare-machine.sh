#!/usr/bin/env bash
# Gets a machine ready for `npm test`, before any test runs: a supported Node.js, and the programs
# the tests drive besides npm packages: Chromium (the browser tests), OpenSSL and a JDK (they run
# the webhook signature samples and compile the Java samples) and python3 (it parses the Python
# samples). On Debian or Ubuntu as root it installs what is missing with apt-get; elsewhere it
# prints the command to run and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

node scripts/check-node.mjs

# What is missing, by Debian package name.
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium" ] || missing+=(chromium)
command -v openssl >/dev/null || missing+=(openssl)
{ command -v javac && command -v java; } >/dev/null || missing+=(default-jdk-headless)
command -v python3 >/dev/null || missing+=(python3)
[ ${#missing[@]} -eq 0 ] && exit 0

stop() {
  echo "The tests need programs this machine lacks (${missing[*]}, as Debian names them). Run: $1" >&2
  echo "Then run npm test again." >&2
  exit 1
}

if [ -r /etc/os-release ] && grep -Eqi '^ID(_LIKE)?=.*(debian|ubuntu)' /etc/os-release && command -v apt-get >/dev/null; then
  [ "$(id -u)" -eq 0 ] || stop "sudo apt-get update && sudo apt-get install -y ${missing[*]}"
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

# Elsewhere, the command that installs all of them (package managers skip what is there).
case "$(uname -s)" in
  Darwin)
    stop "brew install openjdk openssl python && brew install --cask chromium && export CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium"
    ;;
  Linux)
    command -v dnf >/dev/null && stop "sudo dnf install -y chromium java-17-openjdk-devel openssl python3 && export CHROMIUM_PATH=/usr/bin/chromium-browser"
    ;;
esac
stop "install Chromium (or set CHROMIUM_PATH to one), OpenSSL, a JDK 17 or later (javac and java on PATH) and python3 with your system's package manager"
