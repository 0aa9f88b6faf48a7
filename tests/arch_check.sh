#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CPU-specific instructions stay in the fast playout: the studio (built generic) holds no BMI, BMI2 or
# POPCNT instruction; the popcnt object does hold POPCNT and the bmi2 object PDEP (so the check can
# fail); and no weak symbol of either object (code the linker may pick for the whole program) holds
# one.
# (TZCNT is not listed: GCC's generic code writes `rep bsf`, which objdump shows as tzcnt and which
# every x86-64 runs as BSF.)
# usage: arch_check.sh STUDIO_BINARY POPCNT_OBJECT BMI2_OBJECT
set -u
studio=$1
pat='[[:space:]](pdep|pext|shlx|shrx|sarx|andn|blsr|blsi|blsmsk|bzhi|mulx|rorx|popcnt|lzcnt)[[:space:]]'
fail=0
n=$(objdump -d --no-show-raw-insn "$studio" | grep -cE "$pat")
if [ "$n" != 0 ]; then
  echo "FAIL: $studio holds $n BMI/BMI2/POPCNT instructions:"
  objdump -d --no-show-raw-insn "$studio" | grep -E "$pat" | head -5
  fail=1
else
  echo "ok: $(basename "$studio") holds no BMI, BMI2 or POPCNT instruction"
fi
check_object() {  # OBJECT PATH INSTRUCTION: the object is built for PATH and holds INSTRUCTION
  local obj=$1 path=$2 insn=$3
  if ! objdump -d --no-show-raw-insn "$obj" | grep -qE "[[:space:]]$insn[[:space:]]"; then
    echo "FAIL: the $path playout object holds no ${insn^^}: the path is not built for its instructions"
    fail=1
  fi
  for sym in $(nm --defined-only "$obj" | awk '$2 == "W" || $2 == "V" || $2 == "u" { print $3 }'); do
    if objdump -d --no-show-raw-insn --disassemble="$sym" "$obj" | grep -qE "$pat"; then
      echo "FAIL: weak symbol $(echo "$sym" | c++filt) of the $path object holds BMI or POPCNT instructions"
      fail=1
    fi
  done
  [ "$fail" = 0 ] && echo "ok: the $path object holds ${insn^^}, and none of its weak symbols a BMI or POPCNT instruction"
}
check_object "$2" popcnt popcnt
check_object "$3" bmi2 pdep
exit $fail
