#!/usr/bin/env bash
# Every test of the repository, in the order CI runs them (.ci/run calls this script).
# Later steps (Kotlin, Swift) are added here too, so that one command checks everything.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

step() { printf '\n==> %s\n' "$*"; }
started=$SECONDS

step "format (cargo fmt --check)"
cargo fmt --all -- --check

step "lints (cargo clippy, warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

step "tests (cargo test: unit tests, rule case files under tests/cases, random-play consistency)"
cargo test --workspace

step "Kotlin on the JVM: the generated bindings and the apps' neutral module (android/jvm-test.sh)"
./android/jvm-test.sh

step "the desktop window driven by a robot under Xvfb, with screenshots (android/desktop.sh)"
./android/desktop.sh

step "Swift: the generated bindings and the iOS side's neutral package, in a Debian 13 chroot (ios/swift-test.sh)"
# The chroot and its mounts need root, as CI runs; anyone else is told how to run it.
if [ "$(id -u)" = 0 ]; then
    CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target} ./ios/swift-test.sh
else
    echo "Swift tests NOT RUN: they need root for the chroot (sudo ./ios/swift-test.sh)"
fi

step "smoke: random games of every scenario of every game (skald simulate)"
cargo run --release -p skald-cli -- simulate fury --games 20 --quiet --seed 1
cargo run --release -p skald-cli -- simulate v878 --games 200 --quiet --seed 1
cargo run --release -p skald-cli -- simulate g1066 --games 20 --quiet --seed 1

step "all passed in $((SECONDS - started)) s"
