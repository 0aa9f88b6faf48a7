#!/bin/sh
# SPDX-License-Identifier: MIT
# The translations are complete and current: every .po compiles with no fuzzy and no untranslated
# entry, holds every msgid of its template, and the templates hold every string of the sources
# (xgettext) and every title, about and note of the scenarios and the puzzles (the build's extraction).
# usage: i18n_check.sh SOURCE_DIR BUILD_DIR
set -u
src=$1
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
say() { echo "i18n_check: $*" >&2; fail=1; }

cd "$src" || exit 2
sh po/xgettext.sh > "$tmp/fresh.pot" || say "xgettext failed"
# Every string marked in the sources is in the committed template (run po/update.sh after adding one).
msgcmp --use-untranslated po/dominoes-studio.pot "$tmp/fresh.pot" 2>"$tmp/err" || { head -5 "$tmp/err" >&2; say "po/dominoes-studio.pot lacks source strings: run po/update.sh"; }
# And the template has no string the sources dropped.
msgcmp --use-untranslated "$tmp/fresh.pot" po/dominoes-studio.pot 2>"$tmp/err" || { head -5 "$tmp/err" >&2; say "po/dominoes-studio.pot holds strings no source has: run po/update.sh"; }
scen="$build/po/dominoes-scenarios.pot"
[ -f "$scen" ] || python3 tools/scenario_strings.py "$scen" scenarios/*.dgn lessons/*.dgn puzzles/*.dgn
cmp -s "$scen" po/scenarios/dominoes-scenarios.pot || say "po/scenarios/dominoes-scenarios.pot differs from the scenarios' texts: run po/update.sh"

for lang in es fr pl hi; do
  for pair in "po/$lang.po po/dominoes-studio.pot" "po/scenarios/$lang.po po/scenarios/dominoes-scenarios.pot"; do
    set -- $pair
    [ -f "$1" ] || { say "$1 is missing"; continue; }
    stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$1" 2>&1) || say "$1 does not compile: $stats"
    case "$stats" in *fuzzy*|*untranslated*) say "$1: $(echo "$stats" | tail -1)" ;; esac
    msgcmp "$1" "$2" 2>"$tmp/err" || { head -5 "$tmp/err" >&2; say "$1 lacks entries of $2 (msgmerge it)"; }
  done
done
[ $fail = 0 ] && echo "i18n_check: the 4 languages are complete and current"
exit $fail
