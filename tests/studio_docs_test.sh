#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The studio's man page and shell completions against its command line: every option of
# `dominoes-studio --help` appears in dominoes-studio.1, in the bash completion and in the zsh
# completion (the build generates all three from the studio itself: --manpage, --completion), the
# page is valid roff, the scripts are valid and bound to the program, and an option's type shows.
# usage: studio_docs_test.sh DOMINOES_STUDIO BUILD_DIR
set -u
bin=$1 out=$2/docs-out
man=$out/man/dominoes-studio.1 bash=$out/completions/dominoes-studio zsh=$out/completions/_dominoes-studio
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
for f in "$man" "$bash" "$zsh"; do [ -s "$f" ] || { echo "FAIL: $f is missing"; exit 1; }; done

help=$(env -u DISPLAY -u WAYLAND_DISPLAY "$bin" --help) || fail "dominoes-studio --help failed"
n=0
for opt in $(printf '%s\n' "$help" | grep -oE '^  +(-[a-z],)?--[a-z0-9-]+' | sed 's/.*--/--/' | grep -vx -- --help); do
  n=$((n + 1))
  grep -qF -- "${opt//-/\\-}" "$man" || fail "dominoes-studio.1 lacks $opt"
  grep -qF -- "$opt" "$bash" || fail "the bash completion lacks $opt"
  grep -qF -- "$opt[" "$zsh" || fail "the zsh completion lacks $opt"
done
[ "$n" -ge 15 ] || fail "only $n options in dominoes-studio --help"
# Numbers and files are typed in the help (not TEXT), and the hidden options stay hidden.
printf '%s\n' "$help" | grep -qE -- '--frames +UINT' || fail "--frames is not shown as UINT: $help"
printf '%s\n' "$help" | grep -qE -- '--seed +UINT' || fail "--seed is not shown as UINT"
printf '%s\n' "$help" | grep -q ' TEXT' && fail "an option shows as TEXT in --help"
printf '%s\n' "$help" | grep -qE -- '--manpage|--completion' && fail "a hidden option shows in --help"
grep -qF -- '\-\-manpage' "$man" && fail "the man page lists the hidden --manpage"
# The languages complete as words; files as files.
grep -qE -- '--lang\) COMPREPLY=\(\$\(compgen -W "en es fr pl hi pseudo"' "$bash" || fail "bash: --lang's choices"
grep -qE -- '--script\) compopt -o filenames' "$bash" || fail "bash: --script takes a file"
grep -qF -- "'--screenshot[write the last frame to this PNG]:FILE:_files'" "$zsh" || fail "zsh: --screenshot takes a file"
if command -v groff >/dev/null; then
  warnings=$(groff -man -ww -z "$man" 2>&1)
  [ -z "$warnings" ] || fail "groff warns about dominoes-studio.1: $warnings"
fi
bash -n "$bash" || fail "the bash completion is not valid bash"
bound=$(bash -c "source '$bash'; complete -p dominoes-studio") || fail "the bash completion binds nothing"
[[ $bound == *"-F _dominoes_studio dominoes-studio"* ]] || fail "bash binds: $bound"
command -v zsh >/dev/null || fail "zsh is missing (make deps)"
zsh -n "$zsh" || fail "the zsh completion is not valid zsh"
zdir=$(mktemp -d)
cp "$zsh" "$zdir/_dominoes-studio"
bound=$(zsh -f -c "fpath=('$zdir' \$fpath); autoload -U compinit; compinit -u -D; print -r -- \${_comps[dominoes-studio]}")
rm -rf "$zdir"
[ "$bound" = _dominoes-studio ] || fail "compinit does not bind the zsh completion to dominoes-studio: '$bound'"
[ "$failures" -eq 0 ] || { echo "studio_docs_test: $failures failure(s)"; exit 1; }
echo "studio_docs_test: $n options in dominoes-studio.1 and both completions"
