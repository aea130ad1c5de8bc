#!/usr/bin/env bash
# The Swift tests of the iOS side (issue 13): builds the host library and uniffi's
# generator, generates the Swift bindings from the library, prepares a Debian 13 chroot
# with Swift 6 (ios/trixie.sh; reused when present), and runs `swift test` on
# ios/SkaldKit inside it against the host library. Ends with `N passed, N failed`, from
# XCTest's summary; exits non-zero when anything failed or nothing ran.
#
# Cargo's output goes to $CARGO_TARGET_DIR (default: target/ios, a target folder of its
# own, so that this does not wait on, or for, other builds in target/); SwiftPM builds in
# its swiftpm/ folder. The chroot is $SKALD_CHROOT (default: .tools/trixie). Needs root,
# for the chroot and its mounts.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$PWD

[ "$(id -u)" = 0 ] || { echo "swift-test: needs root (debootstrap, chroot, mount)" >&2; exit 1; }

target=$(realpath -m "${CARGO_TARGET_DIR:-target/ios}")
chroot_dir=$(realpath -m "${SKALD_CHROOT:-.tools/trixie}")

CARGO_TARGET_DIR=$target cargo build -q -p skald-ffi -p uniffi-bindgen

# Bindings from the unstripped library; the files are only replaced when they changed, so
# that SwiftPM does not rebuild the 6,000 generated lines for nothing.
generated=$(mktemp -d)
trap 'rm -rf "$generated"' EXIT
"$target/debug/uniffi-bindgen" generate --no-format --library "$target/debug/libskald_ffi.so" \
    --language swift --out-dir "$generated" >/dev/null
package=ios/SkaldKit
mkdir -p "$package/Sources/SkaldFFI/Generated"
# The generated module map names Darwin's frameworks; ours is written by hand
# (Sources/skald_ffiFFI/module.modulemap).
for pair in "skald_ffi.swift:Sources/SkaldFFI/Generated" "skald_ffiFFI.h:Sources/skald_ffiFFI"; do
    file=${pair%%:*}
    dest=$package/${pair#*:}/$file
    cmp -s "$generated/$file" "$dest" || cp "$generated/$file" "$dest"
done

ios/trixie.sh "$chroot_dir"

# Inside the chroot the repository is /src and the target folder /target. `unshare -m`
# keeps both mounts and /proc (which swiftc needs) private to this command: nothing is
# left mounted when it ends, however it ends.
mkdir -p "$chroot_dir/src" "$chroot_dir/target"
log=$target/swift-test.log
set +e
REPO=$repo TARGET=$target ROOT=$chroot_dir unshare -m -- bash -c '
    mount -t proc proc "$ROOT/proc" &&
    mount --bind "$REPO" "$ROOT/src" &&
    mount --bind "$TARGET" "$ROOT/target" &&
    chroot "$ROOT" bash -c "cd /src/ios/SkaldKit && swift test --disable-swift-testing --scratch-path /target/swiftpm \
        -Xlinker -L/target/debug -Xlinker -rpath -Xlinker /target/debug"
' > "$log" 2>&1
status=$?
set -e
cat "$log"

# XCTest's last word: "Test Suite 'All tests' passed|failed ..." then
# "Executed N tests, with M failures (...)".
summary=$(grep -A1 "^Test Suite 'All tests'" "$log" | sed -n 's/^[[:space:]]*Executed \([0-9]*\) tests\{0,1\}, with \([0-9]*\) failures\{0,1\}.*/\1 \2/p' | tail -1 || true)
read -r ran failed <<< "${summary:-0 0}"
[ -n "$summary" ] || echo "swift-test: no XCTest summary (the package did not build, or the tests crashed): see $log" >&2
echo "$((ran - failed)) passed, $failed failed"
[ "$status" = 0 ] && [ "$failed" = 0 ] && [ "$ran" -gt 0 ]
