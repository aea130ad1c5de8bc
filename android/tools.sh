#!/usr/bin/env bash
# Installs what the JVM side of the apps needs to build and test here (issue 12), from
# the registries these machines reach (../shared/TOOLCHAIN.md): JNA and JUnit 5 from
# Debian (needs root), the Kotlin compiler from npm into .tools/ (ignored by git), and
# for the desktop window's self-test a Java with its X11 part, a virtual display (Xvfb)
# and a font.
# Does nothing for what is already there.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

KOTLIN_VERSION=2.4.20
J=/usr/share/java

PACKAGES="default-jre libjna-java junit5 xvfb xauth fonts-dejavu-core"
# The X11 half of AWT (libawt_xawt) is in the JRE package, not in its headless part.
has_x11_java() { find /usr/lib/jvm -name libawt_xawt.so 2>/dev/null | grep -q .; }
if [ ! -f "$J/jna.jar" ] || [ ! -f "$J/junit-platform-console-standalone.jar" ] ||
    ! command -v java >/dev/null 2>&1 || ! has_x11_java || ! command -v xvfb-run >/dev/null 2>&1 ||
    [ ! -d /usr/share/fonts/truetype/dejavu ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "tools: some of Java, JNA, JUnit 5, Xvfb or a font is missing; as root: apt-get install $PACKAGES" >&2
        exit 1
    fi
    echo "tools: apt-get install $PACKAGES"
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $PACKAGES >/dev/null ||
        { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
            --no-install-recommends $PACKAGES >/dev/null; }
fi

K=.tools/node_modules/kotlin-compiler
if [ ! -x "$K/bin/kotlinc" ] || ! grep -q "\"version\": \"$KOTLIN_VERSION\"" "$K/package.json" 2>/dev/null; then
    if ! command -v npm >/dev/null 2>&1; then
        [ "$(id -u)" = 0 ] || { echo "tools: npm is missing; as root: apt-get install npm" >&2; exit 1; }
        echo "tools: apt-get install npm"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends npm >/dev/null ||
            { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
                --no-install-recommends npm >/dev/null; }
    fi
    echo "tools: npm install kotlin-compiler@$KOTLIN_VERSION into .tools"
    mkdir -p .tools
    [ -f .tools/package.json ] || echo '{"name":"skald-tools","private":true}' > .tools/package.json
    (cd .tools && npm install --no-audit --no-fund --loglevel=error "kotlin-compiler@$KOTLIN_VERSION" >/dev/null)
    # The npm tarball loses the scripts' exec bits.
    chmod +x "$K"/bin/*
fi
echo "tools: $("$K/bin/kotlinc" -version 2>&1 | tail -1); $(java -version 2>&1 | head -1)"
