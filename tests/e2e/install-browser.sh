#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing. The suite never
# downloads a browser of its own.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "Chromium is installed: $(/usr/lib/chromium/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "The browser tests need Chromium at /usr/bin/chromium (Debian's 'chromium' package)." >&2
  exit 1
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo -n)
  else
    echo "Installing Chromium needs root: run 'apt-get install -y chromium' as root." >&2
    exit 1
  fi
fi

echo "Installing Debian's chromium package..."
export DEBIAN_FRONTEND=noninteractive
# Waits for another package manager run to finish instead of failing on its lock.
"${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 update
"${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y chromium
test -x /usr/bin/chromium
