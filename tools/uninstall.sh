#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `make uninstall`: removes every file `make install` wrote (the build's install_manifest.txt), then
# the folders of ours it leaves empty: those with "dominoes" in their name (share/dominoes-studio,
# include/dominoes, lib/cmake/Dominoes, share/doc/dominoes-studio, ...) and the empty folders
# below them. Folders shared with other software (bin, share/man/man1) stay, empty or not.
set -euo pipefail
MANIFEST=${1:?usage: tools/uninstall.sh BUILD/install_manifest.txt}
[ -f "$MANIFEST" ] || { echo "uninstall: no $MANIFEST (nothing installed from this build)" >&2; exit 1; }
xargs -d '\n' rm -fv -- < "$MANIFEST"
# The prefix: the folder every installed file lies in (/usr/local, or a package's staging root).
prefix=$(dirname "$(head -n 1 "$MANIFEST")")
while IFS= read -r file; do
  while [ "${file#"$prefix"/}" = "$file" ]; do prefix=$(dirname "$prefix"); done
done < "$MANIFEST"
# Each file's folders, deepest first; a folder goes when it is empty and its path below the prefix
# names one of ours.
while IFS= read -r file; do
  dir=$(dirname "$file")
  while [ "$dir" != "$prefix" ] && [ "$dir" != / ]; do
    case "${dir#"$prefix"/}" in
      *[Dd]ominoes*) rmdir "$dir" 2>/dev/null && echo "removed directory '$dir'" || break ;;
      *) break ;;
    esac
    dir=$(dirname "$dir")
  done
done < <(sort -r "$MANIFEST")
