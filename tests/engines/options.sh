#!/bin/sh
# SPDX-License-Identifier: MIT
# A test engine (docs/engine-protocol.md) that declares one option of each kind but real (an int, a
# bool, a choice and a text) and says the values it was set to in the info of every move, so that a
# host's options can be checked in what the engine says. It plays the first legal move.
depth=3 fast=false style=calm motto='hello there'
while read -r line; do
  case "$line" in
    hello*)
      printf 'id name Options engine\nid author The tests\n'
      printf 'option name Depth type int default 3 min 1 max 9\n'
      printf 'option name Fast type bool default false\n'
      printf 'option name Style type choice default calm values calm bold wild\n'
      printf 'option name Motto type text default hello there\n'
      printf 'hello ok 1\n' ;;
    set\ *)
      rest=${line#set }
      value=${rest#* }
      case "${rest%% *}" in
        Depth) depth=$value ;;
        Fast) fast=$value ;;
        Style) style=$value ;;
        Motto) motto=$value ;;
      esac ;;
    go*)
      legal=${line#*legal }
      printf 'info text Depth=%s Fast=%s Style=%s Motto=%s\n' "$depth" "$fast" "$style" "$motto"
      printf 'move %s\n' "${legal%%,*}" ;;
    quit) exit 0 ;;
  esac
done
