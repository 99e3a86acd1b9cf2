#!/usr/bin/env bash
# Builds the workspace packages this one imports (tsc reads their declarations) when their dist is
# missing or older than their sources, then this package.
set -euo pipefail
cd "$(dirname "$0")/.."
for dep in core client; do
  dir="../$dep"
  if [ ! -f "$dir/dist/index.d.ts" ] || [ -n "$(find "$dir/src" -newer "$dir/dist/index.d.ts" -print -quit)" ]; then
    pnpm --filter "@trackerkit/$dep" run build
  fi
done
rm -rf dist
tsc -p tsconfig.build.json
chmod +x dist/bin.js
