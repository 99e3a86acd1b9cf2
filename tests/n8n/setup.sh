#!/usr/bin/env bash
# Installs the pinned n8n (package.json + pnpm-lock.yaml beside this file) outside the workspace, in a
# cache folder keyed by the hash of those files and the Node version: the n8n lint (`verify`) and the
# end-to-end tests share one install per lockfile. Idempotent: a warm run only checks the marker.
# Nothing is compiled: the tests run n8n on PostgreSQL (harness.ts), so n8n's sqlite3 driver, which
# has no reachable prebuilt binary, is never built; isolated-vm ships prebuilt binaries.
# The install's output goes to a log file in the cache, printed only when the install fails.
# Prints the install folder (the one holding node_modules/.bin/n8n) as its last stdout line.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
# shellcheck source=/dev/null
source "$ROOT/scripts/toolchain.sh"

inputs=("$HERE/package.json" "$HERE/setup.sh")
[ -f "$HERE/pnpm-lock.yaml" ] && inputs+=("$HERE/pnpm-lock.yaml")
key="$(cat "${inputs[@]}" | sha256sum | cut -c1-16)-node$(node -p 'process.versions.node')"
CACHE="${TRACKERKIT_N8N_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/trackerkit-n8n}"
APP="$CACHE/$key"

if [ -f "$APP/.ready" ]; then
  echo "$APP"
  exit 0
fi

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9
if [ -f "$APP/.ready" ]; then
  echo "$APP"
  exit 0
fi

started=$(date +%s)
log="$CACHE/$key.log"
echo "setup.sh: installing n8n into $APP (log: $log)" >&2
rm -rf "$APP"
mkdir -p "$APP"
cp "$HERE/package.json" "$APP/"
# A standalone project: no workspace above it, no lifecycle scripts (sqlite3's would try to download
# a prebuilt binary that is not reachable here, and nothing needs it).
printf 'ignore-scripts=true\nauto-install-peers=true\nstrict-peer-dependencies=false\n' >"$APP/.npmrc"
install=(pnpm install --ignore-scripts --ignore-workspace --reporter=append-only)
if [ -f "$HERE/pnpm-lock.yaml" ]; then
  cp "$HERE/pnpm-lock.yaml" "$APP/"
  install+=(--frozen-lockfile)
fi
if ! (cd "$APP" && "${install[@]}") >"$log" 2>&1; then
  cat "$log" >&2
  echo "setup.sh: the n8n install failed (log above, kept in $log)" >&2
  exit 1
fi
if [ ! -f "$HERE/pnpm-lock.yaml" ]; then
  cp "$APP/pnpm-lock.yaml" "$HERE/pnpm-lock.yaml"
  echo "setup.sh: wrote $HERE/pnpm-lock.yaml; commit it" >&2
fi
# The one native module the tests load: fail here, with the reason, rather than inside a test.
if ! (cd "$APP/node_modules/n8n" && node -e "require('isolated-vm')") >>"$log" 2>&1; then
  cat "$log" >&2
  echo "setup.sh: n8n's isolated-vm does not load on Node $(node --version)" >&2
  exit 1
fi

touch "$APP/.ready"
echo "setup.sh: n8n ready in $(( $(date +%s) - started ))s" >&2
echo "$APP"
