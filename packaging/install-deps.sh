#!/usr/bin/env bash
# Installs the Debian 12 packages unalloc needs to build, test and run.
# Idempotent: when every package is already present it only runs dpkg-query and exits.
set -euo pipefail

PACKAGES=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite
    libqt6charts6-dev libqt6svg6-dev
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
    libqt6opengl6-dev libgl-dev
    libsqlite3-dev libssl-dev nlohmann-json3-dev libboost-dev
    qtkeychain-qt6-dev
    libbenchmark-dev
    xvfb xauth fonts-dejavu-core
    desktop-file-utils appstream poppler-utils
)

missing=()
for p in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
