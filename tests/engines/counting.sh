#!/bin/sh
# SPDX-License-Identifier: MIT
# A test engine (docs/engine-protocol.md) that says how many `go`s this process has answered, so
# that a host which starts one process per game can be told from one that starts one per move. It
# plays the first legal move. Its first `go` says its info at once and then thinks for SLEEP
# seconds (the first argument, default 3), so that a host can show the info while it thinks.
wait=${1:-3}
n=0
while read -r line; do
  case "$line" in
    hello*) printf 'id name counting\nid author tests\nhello ok 1\n' ;;
    go*)
      n=$((n + 1))
      legal=${line#*legal }
      printf 'info win 0.5 text go %d of this process\n' "$n"
      [ "$n" = 1 ] && sleep "$wait"
      printf 'move %s\n' "${legal%%,*}" ;;
    quit) exit 0 ;;
  esac
done
