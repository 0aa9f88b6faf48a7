#!/usr/bin/env bash
# CPU-specific instructions stay in the fast playout: the studio (built generic) holds no BMI, BMI2 or
# POPCNT instruction, the bmi2 object does hold PDEP (so the check can fail), and no weak symbol of
# the bmi2 object (code the linker may pick for the whole program) holds one either.
# (TZCNT is not listed: GCC's generic code writes `rep bsf`, which objdump shows as tzcnt and which
# every x86-64 runs as BSF.)
# usage: arch_check.sh STUDIO_BINARY BMI2_OBJECT
set -u
studio=$1 obj=$2
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
if ! objdump -d --no-show-raw-insn "$obj" | grep -qE '[[:space:]]pdep[[:space:]]'; then
  echo "FAIL: the bmi2 playout object holds no PDEP: the fast path is not built with BMI2"
  fail=1
fi
for sym in $(nm --defined-only "$obj" | awk '$2 == "W" || $2 == "V" || $2 == "u" { print $3 }'); do
  if objdump -d --no-show-raw-insn --disassemble="$sym" "$obj" | grep -qE "$pat"; then
    echo "FAIL: weak symbol $(echo "$sym" | c++filt) of the bmi2 object holds BMI instructions"
    fail=1
  fi
done
exit $fail
