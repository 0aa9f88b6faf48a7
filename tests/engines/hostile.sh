#!/bin/sh
# SPDX-License-Identifier: MIT
# A hostile engine for tests/engine_test.sh: `hostile.sh MODE MARKER` shakes hands as the engine
# protocol asks (docs/engine-protocol.md), then misbehaves at its first `go` as MODE says:
# crash, hang, flood (a megabyte without a newline), illegal, twice (answers twice), close (closes
# its output), exit0 (exits 0 at once, before the handshake). MARKER only marks its command line.
mode=$1
[ "$mode" = exit0 ] && exit 0
while read -r line; do
  case "$line" in
    hello*) printf 'id name hostile %s\nid author tests\nhello ok 1\n' "$mode" ;;
    go*)
      legal=${line#*legal }
      first=${legal%%,*}
      case "$mode" in
        crash) kill -SEGV $$ ;;
        hang) sleep 1000 ;;
        flood) head -c 1048576 /dev/zero | tr '\0' x; sleep 1000 ;;
        illegal) printf 'move 0-0 R\n' ;;
        twice) printf 'move %s\nmove %s\n' "$first" "$first" ;;
        close) exec 1>&-; sleep 1000 ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
