#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 26 #8: saves respect permissions. Run as root, it saves as `nobody` (runuser) into a 0777
# folder: a root-owned mode-644 file and nobody's own mode-444 file are refused (the shell's `>` is
# refused too) and left as they were; a file of nobody's whose group nobody is not in keeps nobody as
# owner, loses its setgid bit and the save says so. As root, saving over nobody's setuid file keeps
# nobody as its owner. Not root: skipped with a message (exit 0), as runuser needs root.
# Usage: save_permissions_test.sh DOMINOES
set -u
dominoes=${1:?usage: save_permissions_test.sh DOMINOES}
if [ "$(id -u)" != 0 ]; then
  echo "SKIP: save_permissions_test runs as root only (it saves as nobody through runuser)"
  exit 0
fi
if ! id nobody >/dev/null 2>&1 || ! command -v runuser >/dev/null; then
  echo "SKIP: no user nobody or no runuser"
  exit 0
fi
# The test's own 0755 folder under /tmp, and a copy of the program in it: the clone may live where
# nobody cannot go (under /root, mode 700, or in a `mktemp -d` folder), and the test must not depend
# on where it lives (issue 42 #23).
tmp=$(mktemp -d -p /tmp save_permissions.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
chmod 0755 "$tmp"
mkdir "$tmp/bin" && cp "$dominoes" "$tmp/bin/dominoes" && chmod 0755 "$tmp/bin" "$tmp/bin/dominoes"
dominoes=$tmp/bin/dominoes
runuser -u nobody -- "$dominoes" --version >/dev/null ||
  { echo "FAIL: nobody cannot run the test's own copy of dominoes"; exit 1; }
dir=$tmp/shared
mkdir "$dir" && chmod 0777 "$dir"
status=0
fail() { echo "FAIL: $*"; status=1; }
as_nobody() { runuser -u nobody -- "$@"; }
nobody_group=$(id -gn nobody)

# A root-owned 644 file in a 0777 folder: the shell's `>` is refused, and so is the save.
echo "root's text" >"$dir/root.dgn" && chmod 0644 "$dir/root.dgn"
as_nobody sh -c "echo x > '$dir/root.dgn'" 2>/dev/null && fail "the shell's > wrote root's file (the test's premise)"
as_nobody "$dominoes" play --seed 3 --out "$dir/root.dgn" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || fail "nobody saving over root's 644 file: exit $rc, expected 1"
grep -q "cannot save $dir/root.dgn: you may not write to it (Permission denied)" "$tmp/err" ||
  fail "nobody saving over root's 644 file: $(head -c 300 "$tmp/err")"
[ "$(cat "$dir/root.dgn")" = "root's text" ] || fail "root's file was replaced"
[ "$(stat -c %U:%a "$dir/root.dgn")" = "root:644" ] || fail "root's file is now $(stat -c %U:%a "$dir/root.dgn")"

# nobody's own 444 file: refused like the shell's `>`, left as it was.
as_nobody sh -c "echo 'read only' > '$dir/mine.dgn' && chmod 0444 '$dir/mine.dgn'"
as_nobody "$dominoes" play --seed 3 --out "$dir/mine.dgn" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || fail "nobody saving over its own 444 file: exit $rc, expected 1"
grep -q "you may not write to it" "$tmp/err" || fail "nobody's 444 file: $(head -c 300 "$tmp/err")"
[ "$(cat "$dir/mine.dgn")" = "read only" ] || fail "nobody's 444 file was replaced"
[ "$(stat -c %a "$dir/mine.dgn")" = 444 ] || fail "nobody's 444 file is now mode $(stat -c %a "$dir/mine.dgn")"

# nobody's file of group root, mode 2666 (setgid): nobody may write it but not give it group root;
# the save goes through, the group becomes nobody's, setgid is cleared, and the save says so.
echo old >"$dir/group.dgn" && chown nobody:root "$dir/group.dgn" && chmod 2666 "$dir/group.dgn"
as_nobody "$dominoes" play --seed 3 --out "$dir/group.dgn" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] || fail "nobody saving over its group-root file: exit $rc ($(head -c 300 "$tmp/err"))"
head -n 1 "$dir/group.dgn" | grep -q "^dgn 1$" || fail "nobody's group-root file was not saved"
[ "$(stat -c %U:%G "$dir/group.dgn")" = "nobody:$nobody_group" ] ||
  fail "the group-root file is now $(stat -c %U:%G "$dir/group.dgn")"
[ "$(stat -c %a "$dir/group.dgn")" = 666 ] || fail "setgid kept on a changed group: mode $(stat -c %a "$dir/group.dgn")"
grep -q "does not keep its group 0" "$tmp/err" || fail "the changed group is not reported: $(head -c 300 "$tmp/err")"

# Root saving over nobody's setuid file: the owner stays nobody (it became root, setuid kept).
echo old >"$dir/suid.dgn" && chown nobody:"$nobody_group" "$dir/suid.dgn" && chmod 4755 "$dir/suid.dgn"
"$dominoes" play --seed 3 --out "$dir/suid.dgn" >"$tmp/out" 2>"$tmp/err" || fail "root saving over nobody's file: $(head -c 300 "$tmp/err")"
[ "$(stat -c %U:%G "$dir/suid.dgn")" = "nobody:$nobody_group" ] ||
  fail "root's save changed the owner to $(stat -c %U:%G "$dir/suid.dgn")"
[ "$(stat -c %a "$dir/suid.dgn")" = 4755 ] || fail "root's save changed the mode to $(stat -c %a "$dir/suid.dgn")"
grep -q "does not keep" "$tmp/err" && fail "root's save reported a changed owner: $(head -c 300 "$tmp/err")"

# A new file of nobody's is nobody's, and a 244-byte name is saved.
long=$(printf 'n%.0s' $(seq 1 240)).dgn
as_nobody "$dominoes" play --seed 3 --out "$dir/$long" >"$tmp/out" 2>"$tmp/err" || fail "a 244-byte name: $(head -c 300 "$tmp/err")"
[ "$(stat -c %U "$dir/$long" 2>/dev/null)" = nobody ] || fail "the 244-byte name is not nobody's file"
as_nobody "$dominoes" play --seed 4 --out "$dir/$long" >"$tmp/out" 2>"$tmp/err" || fail "a 244-byte name again: $(head -c 300 "$tmp/err")"
[ "$(ls -A "$dir" | grep -c '\.tmp$')" -eq 0 ] || fail "temp files left in the folder"
[ "$status" -eq 0 ] && echo "save_permissions_test: all passed"
exit $status
