#!/usr/bin/env bash
# Installs everything the local stack and the test suites need on a fresh Debian machine:
# Java 17 (for the official DynamoDB Local), Debian's Chromium (for browser tests) and the npm
# dependencies from the lock file. Safe to run again: it only installs what is missing.
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

echo "install: npm ci"
npm ci --no-audit --no-fund --loglevel=error
