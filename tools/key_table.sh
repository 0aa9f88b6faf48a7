#!/bin/sh
# SPDX-License-Identifier: MIT
# Rewrites docs/studio.md's key table from the action registry (dominoes-studio --key-table): the
# lines between the key-table markers. usage: tools/key_table.sh BUILD_DIR (from the source root)
set -eu
studio=${1:-build}/bin/dominoes-studio
doc=docs/studio.md
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$studio" --key-table > "$tmp.table"
awk -v table="$tmp.table" '
  /<!-- key-table:begin/ { print; while ((getline line < table) > 0) print line; skip = 1; next }
  /<!-- key-table:end/ { skip = 0 }
  !skip { print }' "$doc" > "$tmp"
rm -f "$tmp.table"
cat "$tmp" > "$doc"
