#!/usr/bin/env bash
# The JVM tests of the apps' Kotlin (issue 12): builds the host library, generates the
# Kotlin bindings from it, compiles them with the neutral module's sources and tests,
# and runs the tests with JUnit 5 against the library. Ends with `N passed, N failed`.
# Needs what android/tools.sh installs.
#
# Compiles every .kt under android/neutral/src (main and test) and android/desktop/src.
# Its output goes to $SKALD_JVM_OUT (default: target/jvm), so two runs at once can each
# have their own folder; the compiled classes stay there for the desktop window
# (android/desktop.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

K=.tools/node_modules/kotlin-compiler
J=/usr/share/java
for need in "$K/bin/kotlinc" "$J/jna.jar" "$J/junit-platform-console-standalone.jar"; do
    [ -e "$need" ] || { echo "jvm-test: $need is missing: run android/tools.sh first" >&2; exit 1; }
done
target=${CARGO_TARGET_DIR:-target}

cargo build -q -p skald-ffi -p uniffi-bindgen
out=${SKALD_JVM_OUT:-$target/jvm}
mkdir -p "$out"
bindings="$out/bindings"
rm -rf "$bindings"
"$target/debug/uniffi-bindgen" generate --no-format --library "$target/debug/libskald_ffi.so" \
    --language kotlin --out-dir "$bindings" >/dev/null

CP="$J/jna.jar:$K/lib/kotlinx-coroutines-core-jvm.jar:$K/lib/kotlin-test.jar:$K/lib/kotlin-test-junit5.jar:$J/junit-jupiter-api.jar:$J/apiguardian-api.jar:$J/opentest4j.jar"
classes="$out/classes"
rm -rf "$classes"
dirs=("$bindings")
for dir in android/neutral/src android/desktop/src; do [ -d "$dir" ] && dirs+=("$dir"); done
mapfile -t sources < <(find "${dirs[@]}" -name '*.kt' | sort)
"$K/bin/kotlinc" -nowarn -cp "$CP" "${sources[@]}" -d "$classes"

log="$out/junit.log"
set +e
java -Djna.library.path="$target/debug" -jar "$J/junit-platform-console-standalone.jar" \
    --disable-banner --details=tree --disable-ansi-colors \
    -cp "$classes:$K/lib/kotlin-stdlib.jar:$CP" --scan-classpath > "$log" 2>&1
status=$?
set -e
cat "$log"
passed=$(sed -n 's/^\[ *\([0-9]*\) tests successful *\]$/\1/p' "$log")
failed=$(sed -n 's/^\[ *\([0-9]*\) tests failed *\]$/\1/p' "$log")
echo "${passed:-0} passed, ${failed:-0} failed"
[ "$status" = 0 ] && [ "${failed:-1}" = 0 ] && [ "${passed:-0}" -gt 0 ]
