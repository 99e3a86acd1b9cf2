#!/usr/bin/env bash
# Runs @n8n/node-cli (`n8n-node lint`) on this package (the build does without it: scripts/build.mjs). The CLI cannot be a workspace devDependency:
# it installs only with pnpm overrides for @langchain packages missing from the registry mirror, and
# overrides apply only at the workspace root. tests/n8n/setup.sh installs it (with n8n) outside the
# workspace; this script links it where eslint.config.mjs imports it from, then runs it.
set -euo pipefail
PKG="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APP="$(bash "$PKG/../../tests/n8n/setup.sh" | tail -1)"
CLI="$(readlink -f "$APP/node_modules/@n8n/node-cli")"
mkdir -p "$PKG/node_modules/@n8n"
ln -sfn "$CLI" "$PKG/node_modules/@n8n/node-cli"
# eslint comes with the CLI; tsc comes from this package's own devDependencies.
export PATH="$CLI/node_modules/.bin:$PATH"
cd "$PKG"
exec node "$CLI/bin/n8n-node.mjs" "$@"
