#!/usr/bin/env bash
# Installs what the `fuzz` preset needs on Debian 12: clang 16 and its runtime (libFuzzer,
# ASan, UBSan). Clang 14 (Debian's default `clang`) cannot compile libstdc++ 12's
# std::expected, which the code uses everywhere. Not needed to build or test the project:
# without it, ctest skips the fuzz smoke test.
set -euo pipefail

PACKAGES=(clang-16 libclang-rt-16-dev)

missing=()
for p in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

echo "install-fuzz-deps: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
