#!/usr/bin/env bash
# Builds the .deb from a configured build tree, unpacks it into a temporary root (dpkg-deb -x)
# and checks it: the file list, the Depends that shlibdeps found, the .desktop file and the
# AppStream metadata, and the unpacked unalloc running a report on the bundled sample and
# handing pack, pull and credentials to unalloc-full.
# Usage: check-deb.sh BUILD_DIR VERSION. Exit 77 (skipped) without dpkg-deb.
set -euo pipefail
build=$1
version=$2
command -v dpkg-deb >/dev/null || { echo "dpkg-deb is missing: skipped"; exit 77; }
command -v cpack >/dev/null || { echo "cpack is missing: skipped"; exit 77; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! (cd "$build" && cpack -G DEB -B "$work/out") >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log"
    echo "FAIL: cpack -G DEB"
    exit 1
fi
deb=$(ls "$work"/out/*.deb)
echo "built $(basename "$deb") ($(stat -c %s "$deb") bytes)"
dpkg-deb -x "$deb" "$work/root"
root=$work/root
fail=0

for f in usr/bin/unalloc usr/libexec/unalloc/unalloc-full usr/bin/unalloc-explorer \
    usr/share/applications/unalloc-explorer.desktop \
    usr/share/metainfo/io.unalloc.explorer.metainfo.xml \
    usr/share/icons/hicolor/scalable/apps/unalloc-explorer.svg \
    usr/share/man/man1/unalloc.1 usr/share/man/man1/unalloc-explorer.1 \
    usr/share/bash-completion/completions/unalloc \
    usr/share/unalloc/demo/opencost_allocation.json usr/share/unalloc/demo/invoices.json \
    usr/share/unalloc/translations/unalloc_de.ts; do
    [ -e "$root/$f" ] || { echo "FAIL: the package has no /$f"; fail=1; }
done
if find "$root" -name 'tst_*' -o -name 'bench_*' | grep -q .; then
    echo "FAIL: test or benchmark programs in the package"
    fail=1
fi
# The translations are compiled into the explorer: Qt resource names are UTF-16BE.
if command -v python3 >/dev/null; then
    python3 -c 'import sys; b = open(sys.argv[1], "rb").read()
sys.exit(0 if all(n.encode("utf-16-be") in b for n in ("unalloc_de.qm", "unalloc_en.qm")) else 1)' \
        "$root/usr/bin/unalloc-explorer" ||
        { echo "FAIL: no embedded translations in unalloc-explorer"; fail=1; }
fi

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for lib in libc6 libqt6core6 libqt6widgets6 libsqlite3-0; do
    # A here-string, not a pipe: under pipefail, grep -q leaving early can fail the echo.
    grep -q "$lib" <<<"$depends" || { echo "FAIL: Depends lacks $lib"; fail=1; }
done
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || { echo "FAIL: version"; fail=1; }

if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$root/usr/share/applications/unalloc-explorer.desktop" ||
        { echo "FAIL: desktop-file-validate"; fail=1; }
fi
if command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net "$root/usr/share/metainfo/io.unalloc.explorer.metainfo.xml" ||
        { echo "FAIL: appstreamcli validate"; fail=1; }
fi

out=$("$root/usr/bin/unalloc" --version)
[ "$out" = "unalloc $version" ] || { echo "FAIL: --version says '$out'"; fail=1; }
for args in "--fixtures" "--fixture-dir $root/usr/share/unalloc/demo"; do
    # shellcheck disable=SC2086
    report=$(cd "$work" && "$root/usr/bin/unalloc" report $args -D team)
    grep -q 'of \$66,630.38 AI spend is unattributed' <<<"$report" ||
        { echo "FAIL: report $args:"; echo "$report"; fail=1; }
done
# `unalloc` hands pack, pull and credentials to unalloc-full, found relative to itself.
for cmd in pack pull credentials; do
    help=$("$root/usr/bin/unalloc" $cmd --help 2>&1) || true
    grep -q "^Usage: unalloc $cmd" <<<"$help" ||
        { echo "FAIL: unalloc $cmd --help:"; echo "$help"; fail=1; }
done
man -l "$root/usr/share/man/man1/unalloc.1" >/dev/null 2>&1 ||
    command -v man >/dev/null || true

[ $fail -eq 0 ] && echo "the package installs and runs"
exit $fail
