#!/usr/bin/env bash
# The desktop window's self-test (issue 12): the window under a virtual display (Xvfb),
# driven by java.awt.Robot as a person would (see android/desktop/src/.../SelfTest.kt).
# Writes a screenshot of each step to $SKALD_DESKTOP_SHOTS (default
# target/desktop-selftest) and ends with `N passed, N failed`.
# Runs on the classes android/jvm-test.sh compiled (in $SKALD_JVM_OUT, default target/jvm).
#
#   android/desktop.sh            the self-test
#   android/desktop.sh --window   the window itself, to play (needs a display)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

K=.tools/node_modules/kotlin-compiler
J=/usr/share/java
target=${CARGO_TARGET_DIR:-target}
classes=${SKALD_JVM_OUT:-$target/jvm}/classes
[ -d "$classes/skald/desktop" ] || { echo "desktop: $classes has no desktop window: run android/jvm-test.sh first" >&2; exit 1; }
CP="$classes:$K/lib/kotlin-stdlib.jar:$J/jna.jar:$K/lib/kotlinx-coroutines-core-jvm.jar"

if [ "${1:-}" = "--window" ]; then
    exec java -Djna.library.path="$target/debug" -cp "$CP" skald.desktop.MainKt "${@:2}"
fi

command -v xvfb-run >/dev/null 2>&1 || { echo "desktop: xvfb-run is missing: run android/tools.sh" >&2; exit 1; }
shots=${SKALD_DESKTOP_SHOTS:-$target/desktop-selftest}
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
rm -rf "$shots"
# A bounded run: a hung window fails the step instead of holding CI.
timeout 900 xvfb-run -a -s '-screen 0 1280x800x24' \
    java -Djna.library.path="$target/debug" -cp "$CP" skald.desktop.MainKt \
    --data "$data" --selftest "$shots" 2> >(grep -v '^skald info' >&2)
