#!/usr/bin/env bash
# build.sh DOCS_DIR OUT_DIR: builds a docs folder to static HTML with Rspress 1.20, the engine the
# reference site (React Native Testing Library's docs) is built with. Cold: caches are removed.
# Install once with `npm install` in this folder (npm ci refuses a lock that lacks other platforms'
# optional packages; these node_modules are not part of the project's).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
docs="$(cd "$1" && pwd)"; out="$(mkdir -p "$2" && cd "$2" && pwd)"
cd "$here"
rm -rf docs node_modules/.cache node_modules/.rspress
cp -R "$docs" docs
BENCH_OUT_DIR="$out" exec node node_modules/rspress/bin/rspress.js build
