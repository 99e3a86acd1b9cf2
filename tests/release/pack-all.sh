#!/usr/bin/env bash
# Packs every published (non-private) workspace package with `pnpm pack` into the folder $1, the way
# the release workflow does: prepack builds each one, pnpm turns workspace:* into versions and applies
# publishConfig. Usage: pack-all.sh OUT [PACKAGE_DIR_NAME...] (default: all of packages/*).
# A build rewrites dist/, so packs from concurrent test files are serialised with a lock.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$(mkdir -p "$1" && cd "$1" && pwd)"
shift
mkdir -p "$ROOT/node_modules/.cache"
exec 9>"$ROOT/node_modules/.cache/trackerkit-pack.lock"
flock 9
# Dependencies before dependents: each prepack then finds the dist of what it imports fresh.
order=(core process client emulator webhooks mcp-server n8n-nodes-tracker activepieces zapier)
[ "$#" -gt 0 ] && order=("$@")
for name in "${order[@]}"; do
  dir="$ROOT/packages/$name"
  [ "$(node -p "Boolean(require('$dir/package.json').private)")" = true ] && continue
  (cd "$dir" && pnpm pack --pack-destination "$OUT" >"$OUT/$name.log" 2>&1) || {
    cat "$OUT/$name.log" >&2
    echo "pack-all.sh: packing packages/$name failed" >&2
    exit 1
  }
done
ls "$OUT"/*.tgz
