#!/usr/bin/env bash
# Draws every picture of docs/pictures/gallery.txt as SVG and PNG (skald render).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build --quiet --release -p skald-cli
skald=./target/release/skald
while read -r name args; do
    case "$name" in '' | '#'*) continue ;; esac
    # shellcheck disable=SC2086 # the arguments are words on purpose
    "$skald" render $args --svg "docs/pictures/$name.svg" >/dev/null
    # shellcheck disable=SC2086
    "$skald" render $args --png "docs/pictures/$name.png"
done <docs/pictures/gallery.txt
