#!/bin/sh
# SPDX-License-Identifier: MIT
# The action registry as listed and documented: --list-actions gives one action a line with three
# tab-separated fields (id, shortcut, menu path), ids unique, no shortcut taken twice except Left and
# Right (a tile's placements first, else the steps); docs/studio.md's key table is --key-table's.
# usage: key_table_test.sh STUDIO SOURCE_DIR
set -u
studio=$1
src=$2
fail=0
say() { echo "key_table_test: $*" >&2; fail=1; }
list=$("$studio" --list-actions) || say "--list-actions failed"
[ "$(printf '%s\n' "$list" | wc -l)" -ge 40 ] || say "fewer than 40 actions listed"
bad=$(printf '%s\n' "$list" | awk -F'\t' 'NF != 3 || $1 == "" || $3 == ""')
[ -z "$bad" ] || say "lines without id, shortcut and menu path: $bad"
dups=$(printf '%s\n' "$list" | cut -f1 | sort | uniq -d)
[ -z "$dups" ] || say "ids listed twice: $dups"
keys=$(printf '%s\n' "$list" | cut -f2 | grep -v '^$' | sort | uniq -d | grep -v -x -e Left -e Right)
[ -z "$keys" ] || say "shortcuts of two actions: $keys"
for want in 'view.fit	F	View > Fit the line' 'view.whole	W	View > Whole table' \
            'view.palette	Ctrl+Shift+P	View > Command palette...' 'game.play	Enter	Game > Tiles > Play the selected tile or the hint'; do
  printf '%s\n' "$list" | grep -q -x -F "$want" || say "missing: $want"
done
"$studio" --key-table > key_table.md || say "--key-table failed"
awk '/<!-- key-table:begin/ { on = 1; next } /<!-- key-table:end/ { on = 0 } on' "$src/docs/studio.md" > key_table.doc
[ -s key_table.doc ] || say "docs/studio.md has no key-table markers"
diff -u key_table.doc key_table.md >&2 || say "docs/studio.md's key table differs from the registry: run tools/key_table.sh build"
[ $fail = 0 ] && echo "key_table_test: $(printf '%s\n' "$list" | wc -l) actions; the docs' key table is the registry's"
exit $fail
