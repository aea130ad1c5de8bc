#!/usr/bin/env bash
# Builds the Rust core for iOS and packs it as ios/build/SkaldFFI.xcframework, with the
# generated Swift bindings, for the app (issue 13). Runs on a Mac with Xcode and rustup:
# NOT run on the Linux machines that test the Swift package (they have no Apple SDK).
#
#   ios/build-xcframework.sh            # release build
#   PROFILE=debug ios/build-xcframework.sh
#
# Afterwards SkaldKit's manifest finds the XCFramework as its `skald_ffiFFI` binary
# target (see SkaldKit/Package.swift) and the bindings in Sources/SkaldFFI/Generated.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

[ "$(uname)" = Darwin ] || { echo "build-xcframework: needs macOS with Xcode (xcodebuild, lipo)" >&2; exit 1; }
profile=${PROFILE:-release}
flag=$([ "$profile" = release ] && echo --release || true)
target=${CARGO_TARGET_DIR:-target}
device=aarch64-apple-ios
simulators=(aarch64-apple-ios-sim x86_64-apple-ios)

rustup target add "$device" "${simulators[@]}"
for triple in "$device" "${simulators[@]}"; do
    cargo build $flag -p skald-ffi --target "$triple"
done

# The bindings come from the host's library, which carries the same uniffi metadata.
cargo build -p skald-ffi -p uniffi-bindgen
out=ios/build
rm -rf "$out" && mkdir -p "$out/headers" "$out/sim"
"$target/debug/uniffi-bindgen" generate --no-format --library "$target/debug/libskald_ffi.dylib" \
    --language swift --out-dir "$out/generated"
mkdir -p ios/SkaldKit/Sources/SkaldFFI/Generated
cp "$out/generated/skald_ffi.swift" ios/SkaldKit/Sources/SkaldFFI/Generated/
# The header with the hand-written module map (the generated one is for a framework).
cp "$out/generated/skald_ffiFFI.h" "$out/headers/"
cp ios/SkaldKit/Sources/skald_ffiFFI/module.modulemap "$out/headers/"

# One library per platform: the two simulators' architectures joined into one.
sim_libs=()
for triple in "${simulators[@]}"; do sim_libs+=("$target/$triple/$profile/libskald_ffi.a"); done
lipo -create "${sim_libs[@]}" -output "$out/sim/libskald_ffi.a"
xcodebuild -create-xcframework \
    -library "$target/$device/$profile/libskald_ffi.a" -headers "$out/headers" \
    -library "$out/sim/libskald_ffi.a" -headers "$out/headers" \
    -output "$out/SkaldFFI.xcframework"
echo "built $out/SkaldFFI.xcframework"
