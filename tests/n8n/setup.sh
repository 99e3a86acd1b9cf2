#!/usr/bin/env bash
# Installs the pinned n8n (package.json + pnpm-lock.yaml beside this file) outside the workspace, in a
# cache folder keyed by the hash of those files, and builds sqlite3 from source against Node 24's
# headers. Idempotent: a warm run only checks the marker and prints the folder.
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
rm -rf "$APP"
mkdir -p "$APP"
cp "$HERE/package.json" "$APP/"
# A standalone project: no workspace above it, no lifecycle scripts (sqlite3's would try to download
# a prebuilt binary that is not reachable here).
printf 'ignore-scripts=true\nauto-install-peers=true\nstrict-peer-dependencies=false\n' >"$APP/.npmrc"
if [ -f "$HERE/pnpm-lock.yaml" ]; then
  cp "$HERE/pnpm-lock.yaml" "$APP/"
  (cd "$APP" && pnpm install --frozen-lockfile --ignore-scripts --ignore-workspace --reporter=append-only) >&2
else
  (cd "$APP" && pnpm install --ignore-scripts --ignore-workspace --reporter=append-only) >&2
  cp "$APP/pnpm-lock.yaml" "$HERE/pnpm-lock.yaml"
  echo "setup.sh: wrote $HERE/pnpm-lock.yaml; commit it" >&2
fi

# sqlite3 has no reachable prebuilt binary: compile it against the Node that runs n8n.
sqlite_dir="$(cd "$APP" && node -e "const p=require('path');const r=require.resolve('sqlite3/package.json',{paths:[p.dirname(require.resolve('n8n/package.json'))]});console.log(p.dirname(r))" 2>/dev/null || true)"
if [ -z "$sqlite_dir" ]; then
  sqlite_dir="$(ls -d "$APP"/node_modules/.pnpm/sqlite3@*/node_modules/sqlite3 | head -1)"
fi
sqlite_version="$(node -p "require('$sqlite_dir/package.json').version")"
binary="$CACHE/node_sqlite3-$sqlite_version-node$(node -p 'process.versions.node').node"
if [ -f "$binary" ]; then
  mkdir -p "$sqlite_dir/build/Release"
  cp "$binary" "$sqlite_dir/build/Release/node_sqlite3.node"
else
  nodedir="${npm_config_nodedir:-$(dirname "$(dirname "$(command -v node)")")}"
  (cd "$sqlite_dir" && "$APP/node_modules/.bin/node-gyp" rebuild --release --nodedir="$nodedir" -j 2) >&2
  cp "$sqlite_dir/build/Release/node_sqlite3.node" "$binary.tmp" && mv "$binary.tmp" "$binary"
fi
node -e "require('$sqlite_dir')" >&2

touch "$APP/.ready"
echo "setup.sh: n8n ready in $(( $(date +%s) - started ))s" >&2
echo "$APP"
