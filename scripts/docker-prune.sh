#!/bin/sh
# Run by the Dockerfile's build stage after `npm prune --omit=dev`: removes from node_modules what
# production never loads, so that it does not reach the runtime image (docs/benchmarks.md, "Images").
set -eu
cd node_modules
# Type declarations, TypeScript sources, source maps and documentation: Node loads none of them.
find . -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' -o -iname '*.md' \) -delete
# Label fonts: print sheets use the regular weight of each script only.
find @expo-google-fonts -type f ! -name '*_400Regular.ttf' ! -name 'package.json' -delete
# better-sqlite3, compiled from source: the addon stays, its build tree and SQLite's sources go.
mv better-sqlite3/build/Release/better_sqlite3.node /tmp/
rm -rf better-sqlite3/build better-sqlite3/deps better-sqlite3/src
mkdir -p better-sqlite3/build/Release
mv /tmp/better_sqlite3.node better-sqlite3/build/Release/
# sharp's WebAssembly build is its fallback where no native one fits; this image has the native one.
rm -rf @img/sharp-wasm32
# Builds for bundlers and browsers: Node takes the "node"/"require" entries of their exports maps.
rm -rf rxjs/dist/esm rxjs/dist/esm5 rxjs/dist/bundles rxjs/src
rm -f pdfkit/js/pdfkit.standalone.js pdfkit/js/pdfkit.browser.*
