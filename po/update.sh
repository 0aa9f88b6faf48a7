#!/bin/sh
# SPDX-License-Identifier: MIT
# Remakes the templates from the sources (xgettext) and the scenarios, then merges them into each
# translation. Usage: po/update.sh [SOURCE_DIR]
set -e
root=${1:-$(dirname "$0")/..}
cd "$root"
sh po/xgettext.sh > po/dominoes-studio.pot
python3 tools/scenario_strings.py po/scenarios/dominoes-scenarios.pot scenarios/*.dgn lessons/*.dgn puzzles/*.dgn
for lang in es fr pl hi; do
  for pair in "po/$lang.po po/dominoes-studio.pot" "po/scenarios/$lang.po po/scenarios/dominoes-scenarios.pot"; do
    set -- $pair
    if [ -f "$1" ]; then msgmerge -q --no-fuzzy-matching --update --backup=none "$1" "$2" && msgattrib --no-obsolete -o "$1" "$1"; else msginit -i "$2" -o "$1" -l "$lang" --no-translator; fi
  done
done
