#!/usr/bin/env bash
# Prepares a Debian 13 (trixie) chroot with Swift 6 for the Swift tests (issue 13), because
# Debian 12's glibc is too old for Debian's swiftlang. The chroot is reused when present: a
# finished one carries a stamp file, so a half-made one (interrupted run) is started again.
#
# Usage: ios/trixie.sh [chroot dir]   (default: $SKALD_CHROOT or .tools/trixie)
# Needs root (debootstrap, chroot, unshare). Installs debootstrap with apt-get if missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

root=${1:-${SKALD_CHROOT:-.tools/trixie}}
stamp="$root/.skald-swift-ready"
[ -e "$stamp" ] && exit 0

# The chroot with swiftlang takes about 3.4 GB; refuse early rather than half-install.
mkdir -p "$(dirname "$root")"
free_kb=$(df -Pk "$(dirname "$root")" | awk 'NR == 2 {print $4}')
if [ "$free_kb" -lt $((4 * 1024 * 1024)) ]; then
    echo "trixie: only $((free_kb / 1024)) MB free under $(dirname "$root"); the Swift chroot needs 4 GB" >&2
    exit 1
fi

if ! command -v debootstrap >/dev/null; then
    apt-get install -y -q --no-install-recommends debootstrap >/dev/null \
        || { apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends debootstrap >/dev/null; }
fi

# The machine's own Debian mirror, so this works wherever apt already works.
mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
mirror=${mirror:-http://deb.debian.org/debian}

# A half-made chroot from an interrupted run is started again; anything else in the way
# (a folder that is not a Debian tree) is left alone.
if [ -d "$root" ] && [ -n "$(ls -A "$root")" ]; then
    [ -e "$root/debootstrap" ] || [ -e "$root/etc/debian_version" ] \
        || { echo "trixie: $root is in the way and does not look like a chroot; not touching it" >&2; exit 1; }
    rm -rf --one-file-system "$root"
fi
echo "trixie: debootstrap into $root from $mirror" >&2
debootstrap --variant=minbase trixie "$root" "$mirror" >"$root.log" 2>&1 \
    || { tail -20 "$root.log" >&2; exit 1; }
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/src"
echo "trixie: installing swiftlang" >&2
unshare -m -- bash -c "mount -t proc proc '$root/proc' && chroot '$root' bash -c \
    'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
     swiftlang libc6-dev libstdc++-14-dev'" >>"$root.log" 2>&1 \
    || { tail -20 "$root.log" >&2; exit 1; }
touch "$stamp"
