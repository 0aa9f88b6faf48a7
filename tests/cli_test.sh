#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CLI tests for the `dominoes` command: exit codes, `check`, invalid records, the JSON shape of
# `replay --json`, `play`/`check` round trips and `bench --json`. The JSON checks are queued and run
# together by tests/cli_checks.py at the end: one python3 for them all.
# Usage: tests/cli_test.sh PATH/TO/dominoes REPO_ROOT
set -u
BIN=${1:?usage: cli_test.sh DOMINOES_BINARY REPO_ROOT}
ROOT=${2:?usage: cli_test.sh DOMINOES_BINARY REPO_ROOT}
case "$BIN" in /*) ;; *) BIN="$PWD/$BIN" ;; esac
cd "$ROOT" || { echo "FAIL: cannot cd to $ROOT"; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# later KIND LABEL ITEM...: queues the check KIND of tests/cli_checks.py, which fails naming LABEL. An
# ITEM "@PATH" is the file's text as it is now (copied), any other ITEM is passed as written.
nchecks=0
later() {
  local dir i=0
  dir="$TMP/checks/$(printf %04d "$nchecks")"
  nchecks=$((nchecks + 1))
  mkdir -p "$dir"
  printf '%s' "$1" >"$dir/kind"
  printf '%s' "$2" >"$dir/label"
  shift 2
  for item in "$@"; do
    if [[ "$item" == @* ]]; then cp "${item#@}" "$dir/$(printf %02d $i)"; else printf '%s' "$item" >"$dir/$(printf %02d $i)"; fi
    i=$((i + 1))
  done
}

# expect_rc WANT DESCRIPTION COMMAND...: runs COMMAND (output to $TMP/out, $TMP/err) and checks its status.
expect_rc() {
  local want=$1 what=$2; shift 2
  "$@" >"$TMP/out" 2>"$TMP/err"
  local rc=$?
  [ "$rc" -eq "$want" ] || fail "$what: exit $rc, expected $want"
  return 0
}

# (a) every valid record and scenario passes `check`. Only the top level of tests/records holds
# valid records: invalid/ holds the invalid ones, pending/ the ones waiting for an engine fix.
# A collection (tests/records/collection_*.dgn) counts each of its records, one per `dgn 1` line.
records=(tests/records/*.dgn)
nrecords=$((${#records[@]} + $(cat tests/records/collection_*.dgn | grep -c '^dgn 1') - $(ls tests/records/collection_*.dgn | wc -l)))
expect_rc 0 "check tests/records" "$BIN" check "${records[@]}"
grep -q "^$nrecords passed, 0 failed$" "$TMP/out" || fail "check tests/records: $(tail -n 3 "$TMP/out" | tr '\n' ' ')"

# Collections: each record is checked on its own (FILE#K), with the file's own line numbers; a
# record's error does not stop the next; the commands that read one record refuse a collection.
coll=tests/records/collection_three_records.dgn
expect_rc 0 "check of a collection" "$BIN" check "$coll"
for k in 1:1 2:4 3:1; do
  grep -q "^ok   $coll#${k%:*} (${k#*:} expects)$" "$TMP/out" || fail "check collection: no 'ok $coll#${k%:*}': $(cat "$TMP/out")"
done
grep -q "^3 passed, 0 failed$" "$TMP/out" || fail "check collection: closing line '$(tail -n 1 "$TMP/out")'"
for cmd in replay layout analyse; do
  expect_rc 1 "$cmd of a collection" "$BIN" $cmd "$coll"
  grep -q "^$coll:15: the file holds 3 records (a collection): name the one to read (1 to 3)$" "$TMP/err" ||
    fail "$cmd of a collection: stderr '$(head -c 300 "$TMP/err")'"
  # --record K reads the K-th record; past the last one is the file's error, 0 a usage error.
  expect_rc 0 "$cmd --record 2 of a collection" "$BIN" $cmd --record 2 "$coll"
  expect_rc 1 "$cmd --record 4 of a collection" "$BIN" $cmd --record 4 "$coll"
  grep -q "^$coll:0: the file holds 3 records: there is no record 4$" "$TMP/err" ||
    fail "$cmd --record 4: stderr '$(head -c 300 "$TMP/err")'"
  expect_rc 2 "$cmd --record 0" "$BIN" $cmd --record 0 "$coll"
done
expect_rc 0 "replay --record 2 --json" "$BIN" replay --record 2 --json "$coll"
grep -q '"result":{"winner":"A","how":"domino","points":24}' "$TMP/out" || fail "replay --record 2: $(head -c 300 "$TMP/out")"
expect_rc 0 "replay --record 1 of a file of one record" "$BIN" replay --record 1 tests/records/blocked_tie.dgn
sed 's/^expect legal 4-5 R, 4-4 R$/expect legal 4-4 R/' "$coll" >"$TMP/coll_bad.dgn"
expect_rc 1 "check of a collection with one bad record" "$BIN" check "$TMP/coll_bad.dgn"
grep -q "^ok   $TMP/coll_bad.dgn#1 (1 expects)$" "$TMP/out" || fail "collection with a bad record: record 1: $(cat "$TMP/out")"
grep -q "^FAIL $TMP/coll_bad.dgn:26: expect legal failed" "$TMP/out" || fail "collection with a bad record: line 26: $(cat "$TMP/out")"
grep -q "^ok   $TMP/coll_bad.dgn#3 (1 expects)$" "$TMP/out" || fail "collection with a bad record: record 3: $(cat "$TMP/out")"
grep -q "^2 passed, 1 failed$" "$TMP/out" || fail "collection with a bad record: closing line '$(tail -n 1 "$TMP/out")'"
# Puzzles: the sample collection is proved record by record; a listed move that loses is named on
# its own line.
expect_rc 0 "check puzzles/sample.dgn" "$BIN" check puzzles/sample.dgn
grep -q "^7 passed, 0 failed$" "$TMP/out" || fail "check puzzles: $(cat "$TMP/out")"
grep -q "^ok   puzzles/sample.dgn#5 (0 expects, puzzle proved: 1 solution)$" "$TMP/out" || fail "check puzzles #5: $(cat "$TMP/out")"
sed '13s/^solution 1-1 L$/solution 1-0 L/' puzzles/sample.dgn >"$TMP/puzzle_bad.dgn"
expect_rc 1 "check of a puzzle listing a losing move" "$BIN" check "$TMP/puzzle_bad.dgn"
grep -qF "FAIL $TMP/puzzle_bad.dgn:13: puzzle \"Count the tiles: only one move wins\": 1-0 L is listed but does not win by force: it loses when B holds" "$TMP/out" ||
  fail "puzzle listing a loser: $(cat "$TMP/out")"
grep -q "^6 passed, 1 failed$" "$TMP/out" || fail "puzzle listing a loser: closing line '$(tail -n 1 "$TMP/out")'"
# A second header in one record is a new record, whose own header is read: a missing rules line there.
printf 'dgn 1\nrules en-linea\n# two\ndgn 1\nround 1\n' >"$TMP/coll_norules.dgn"
expect_rc 1 "check of a collection whose record 2 lacks rules" "$BIN" check "$TMP/coll_norules.dgn"
grep -q "^FAIL $TMP/coll_norules.dgn:5: missing 'rules' before round 1$" "$TMP/out" || fail "collection without rules: $(cat "$TMP/out")"
grep -q "^1 passed, 1 failed$" "$TMP/out" || fail "collection without rules: closing line '$(tail -n 1 "$TMP/out")'"
expect_rc 0 "check scenarios" "$BIN" check scenarios
grep -q " passed, 0 failed$" "$TMP/out" || fail "check scenarios: $(grep -v '^ok' "$TMP/out" | tr '\n' ' ')"

# (b) each invalid record fails with FILE:LINE: from its `# error: LINE: FRAGMENT` header.
ninvalid=0
for f in tests/records/invalid/*.dgn; do
  ninvalid=$((ninvalid + 1))
  header=$(head -n 1 "$f")
  if [[ ! "$header" =~ ^#\ error:\ ([0-9]+):\ (.*)$ ]]; then
    fail "$f: no '# error: LINE: FRAGMENT' header"
    continue
  fi
  line=${BASH_REMATCH[1]}
  frag=${BASH_REMATCH[2]}
  "$BIN" replay "$f" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  err=$(head -n 1 "$TMP/err")
  [ "$rc" -eq 1 ] || fail "$f: replay exit $rc, expected 1"
  [[ "$err" == "$f:$line:"* ]] || fail "$f: stderr '$err' does not start with '$f:$line:'"
  grep -qiF -- "$frag" "$TMP/err" || fail "$f: stderr '$err' does not contain '$frag'"
done
[ "$ninvalid" -ge 20 ] || fail "only $ninvalid invalid records"

# (c) exit codes.
valid=tests/records/opening_double_six.dgn
invalid=tests/records/invalid/wrong_player.dgn
expect_rc 0 "replay of a valid record" "$BIN" replay "$valid"
expect_rc 0 "replay --json of a valid record" "$BIN" replay "$valid" --json
expect_rc 1 "replay of an invalid record" "$BIN" replay "$invalid"
[ -s "$TMP/err" ] || fail "replay of an invalid record: nothing on stderr"
expect_rc 2 "no arguments" "$BIN"
expect_rc 2 "unknown subcommand" "$BIN" nosuch
expect_rc 2 "unknown flag" "$BIN" replay "$valid" --nosuch
expect_rc 2 "replay without its file" "$BIN" replay
expect_rc 2 "check without a path" "$BIN" check
"$BIN" replay "$TMP/missing.dgn" >"$TMP/out" 2>"$TMP/err"
rc=$?
{ [ "$rc" -eq 1 ] || [ "$rc" -eq 2 ]; } || fail "replay of a missing file: exit $rc, expected 1 or 2"
[ -s "$TMP/err" ] || fail "replay of a missing file: nothing on stderr"
# An invalid record prints its error on standard error and nothing on standard output, --json or not.
for f in tests/records/invalid/*.dgn; do
  for j in "" --json; do
    "$BIN" replay "$f" $j >"$TMP/out" 2>"$TMP/err"
    [ -s "$TMP/out" ] && fail "replay $j $f: standard output is not empty: $(head -c 200 "$TMP/out")"
    [ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "replay $j $f: expected one line on stderr, found $(wc -l <"$TMP/err")"
  done
done
expect_rc 1 "replay of a folder" "$BIN" replay tests/records --json
grep -q "^tests/records:0: is a folder, not a file$" "$TMP/err" || fail "replay of a folder: $(cat "$TMP/err")"
[ -s "$TMP/out" ] && fail "replay of a folder: standard output is not empty"
expect_rc 1 "layout of a folder" "$BIN" layout tests/records
mkdir -p "$TMP/nested/deeper/deepest" "$TMP/nested/not-a-record.dgn"
cp "$valid" "$TMP/nested/deeper/deepest/a.dgn"
cp "$valid" "$TMP/nested/b.txt"
expect_rc 0 "check recursing into nested folders" "$BIN" check "$TMP/nested"
[ "$(tail -n 1 "$TMP/out")" = "1 passed, 0 failed" ] || fail "check nested: closing line '$(tail -n 1 "$TMP/out")'"
expect_rc 0 "rules (the preset list)" "$BIN" rules
for p in dominoes2 en-linea draw block; do
  grep -q "^$p" "$TMP/out" || fail "rules: preset $p not listed"
done
expect_rc 0 "rules en-linea target=150" "$BIN" rules en-linea target=150
grep -q "^en-linea hand=7 reserve=0 draw=until lead=double blocked=difference target=150 layout=snake table=[0-9]*x[0-9]*$" "$TMP/out" ||
  fail "rules en-linea target=150: $(head -n 1 "$TMP/out")"
expect_rc 0 "rules 'en-linea target=150' (one quoted argument)" "$BIN" rules "en-linea target=150"
grep -q "^en-linea hand=7 reserve=0 draw=until lead=double blocked=difference target=150 layout=snake" "$TMP/out" ||
  fail "rules 'en-linea target=150': $(head -n 1 "$TMP/out")"
expect_rc 2 "rules nosuch" "$BIN" rules nosuch
expect_rc 1 "check of a folder holding invalid records" "$BIN" check tests/records/invalid
grep -q "^0 passed, $ninvalid failed$" "$TMP/out" || fail "check invalid/: closing line '$(tail -n 1 "$TMP/out")'"
mkdir -p "$TMP/mixed"
cp "$valid" "$TMP/mixed/a.dgn"
cp "$invalid" "$TMP/mixed/b.dgn"
expect_rc 1 "check of a folder with one valid and one invalid record" "$BIN" check "$TMP/mixed"
[ "$(tail -n 1 "$TMP/out")" = "1 passed, 1 failed" ] || fail "check mixed: closing line '$(tail -n 1 "$TMP/out")'"

# (d) the JSON shape of replay --json, and exact values for a few records.
for f in tests/records/*.dgn scenarios/*.dgn; do
  [ -e "$f" ] || continue
  [[ "$f" == tests/records/collection_* ]] && continue  # a collection: replay refuses it (checked above)
  if ! "$BIN" replay "$f" --json >"$TMP/json" 2>"$TMP/err"; then
    fail "$f: replay --json failed: $(head -c 300 "$TMP/err")"
    continue
  fi
  later shape "$f" "@$TMP/json"
done

# exact_json FILE EXPECTED_JSON (without "rules"; the rules text must start with RULES_PREFIX)
exact_json() {
  local f=$1 prefix=$2 want=$3
  if ! "$BIN" replay "$f" --json >"$TMP/json" 2>"$TMP/err"; then
    fail "$f: replay --json failed: $(head -c 300 "$TMP/err")"
    return
  fi
  later exact "$f" "$prefix" "$want" "@$TMP/json"
}
EN="en-linea hand=7 reserve=0 draw=until lead=double blocked=difference target=0 layout=snake table="
exact_json tests/records/setup_dgn_md_example.dgn "$EN" '{"round":1,"turn":"B",
  "line":["3-6","6-6","6-1","1-1","1-5"],"ends":[3,5],"hands":{"A":["5-5","3-2"],"B":["6-2","4-4","1-0"]},
  "stock":18,"scores":{"A":40,"B":12},"result":null,"match":null,"legal":["draw"]}'
exact_json tests/records/draw_until_playable.dgn "$EN" '{"round":1,"turn":"A","line":["6-6","6-2"],"ends":[6,2],
  "hands":{"A":["6-5","6-4","6-3","2-2","2-1","1-0"],"B":["5-4","5-3","4-3","5-0","4-1","3-2","2-0","1-1","0-0"]},
  "stock":11,"scores":{"A":0,"B":0},"result":null,"match":null,"legal":["6-5 L","6-4 L","6-3 L","2-2 R","2-1 R"]}'
exact_json tests/records/domino_scoring.dgn "$EN" '{"round":1,"turn":null,
  "line":["3-6","6-6","6-1","1-1","1-5","5-3"],"ends":[3,3],"hands":{"A":[],"B":["6-2","4-4","1-0"]},
  "stock":19,"scores":{"A":17,"B":0},"result":{"winner":"A","how":"domino","points":17},"match":{"winner":"A"},"legal":[]}'
exact_json tests/records/blocked_tie.dgn "block hand=7 reserve=0 draw=none lead=alternate blocked=difference target=100 layout=snake table=" \
  '{"round":1,"turn":null,"line":["4-6","6-6","6-5","5-0"],"ends":[4,0],"hands":{"A":["3-1"],"B":["2-2"]},
  "scores":{"A":0,"B":0},"result":{"winner":null,"how":"blocked","points":0},"match":null,"legal":[]}'
exact_json tests/records/match_to_target.dgn "draw hand=1 reserve=2 draw=until lead=alternate blocked=difference target=20 layout=snake table=" \
  '{"round":4,"turn":null,"line":["2-1"],"ends":[2,1],"hands":{"A":["6-6"],"B":[]},"stock":26,
  "scores":{"A":19,"B":23},"result":{"winner":"B","how":"domino","points":12},"match":{"winner":"B"},"legal":[]}'
exact_json tests/records/lead_alternate.dgn "draw hand=2 reserve=2 draw=until lead=alternate blocked=difference target=100 layout=snake table=" \
  '{"round":2,"turn":"A","line":["1-0"],"ends":[1,0],"hands":{"A":["6-6","2-1"],"B":["5-5"]},"stock":24,
  "scores":{"A":17,"B":0},"result":null,"match":null,"legal":["1-2 L"]}'

exact_json tests/records/audit_dgn_no_stock_line.dgn "en-linea hand=14 reserve=0 draw=until lead=double blocked=difference target=0 layout=snake table=" \
  '{"round":1,"turn":"A","line":["6-6","6-4","4-3"],"ends":[6,3],
  "hands":{"A":["6-5","5-5","6-3","5-4","6-2","5-3","4-4","6-1","5-2","6-0","5-1","5-0"],"B":["4-2","3-3","4-1","3-2","4-0","3-1","2-2","3-0","2-1","2-0","1-1","1-0","0-0"]},
  "stock":0,"scores":{"A":0,"B":0},"result":null,"match":null,"legal":["6-5 L","6-3 L","3-6 R","6-2 L","3-5 R","6-1 L","6-0 L"]}'
exact_json tests/records/free_headings_legal.dgn "dominoes2 hand=7 reserve=2 draw=until lead=double blocked=difference target=100 layout=free table=" \
  '{"round":1,"turn":"A","line":["6-6","6-4","4-4","4-3","3-1","1-0"],"ends":[6,0],
  "hands":{"A":["6-5","2-0","1-1","0-0"],"B":["5-5","5-4","3-3","2-2","2-1"]},"stock":13,"scores":{"A":0,"B":0},
  "result":null,"match":null,"legal":["6-5 L","0-2 R straight","0-2 R left","0-2 R right","0-0 R"]}'

# (e) play writes a valid record; bench --json has its fields.
for r in en-linea dominoes2 draw block; do
  expect_rc 0 "play --rules $r --seed 5" "$BIN" play --rules "$r" --a greedy --b random --seed 5 --out "$TMP/play-$r.dgn"
  expect_rc 0 "check of the played $r match" "$BIN" check "$TMP/play-$r.dgn"
  "$BIN" play --rules "$r" --a greedy --b random --seed 5 >"$TMP/play2-$r.dgn" 2>/dev/null
  cmp -s "$TMP/play-$r.dgn" "$TMP/play2-$r.dgn" || fail "play --rules $r --seed 5: --out and standard output differ"
done
# A level's name stands for its spec: the record names the spec; a name that is no level is refused.
expect_rc 0 "play --a club-player --b Master" "$BIN" play --a club-player --b Master --seed 2 --out "$TMP/levels.dgn"
grep -q '^players "strategist:random=0.2" "expert"' "$TMP/levels.dgn" || fail "play by level names: $(head -c 300 "$TMP/levels.dgn")"
expect_rc 2 "match --a 'Club plaer'" "$BIN" match --a "Club plaer" --b random --games 2
grep -q "unknown player 'Club plaer'" "$TMP/err" || fail "match --a 'Club plaer': $(head -c 300 "$TMP/err")"
# (g) `layout --json` tells why an end is blocked: [] when some placement fits, else "edge"/"tiles".
for pair in "end_blocked_by_edge:edge" "end_blocked_by_line:tiles"; do
  sc=${pair%%:*}; why=${pair#*:}
  expect_rc 0 "layout --json scenarios/$sc.dgn" "$BIN" layout --json "scenarios/$sc.dgn"
  later blocked_by "layout --json $sc" "$why" "@$TMP/out"
  expect_rc 0 "layout scenarios/$sc.dgn" "$BIN" layout "scenarios/$sc.dgn"
  words=$([ "$why" = edge ] && echo "blocked by the table's edge" || echo "blocked by the line")
  grep -q "^R: 3, .*; $words$" "$TMP/out" || fail "layout $sc: legend lacks '$words': $(tail -n 2 "$TMP/out" | tr '\n' ' ')"
done
# The CLI's refusals come from the engine's one formatter: a play at a blocked end names what blocks it.
sed -n '1,/^expect ends 6 3$/p' scenarios/end_blocked_by_edge.dgn >"$TMP/edge.dgn"
echo "A: 1-3 L" >>"$TMP/edge.dgn"
expect_rc 1 "replay of a play at a blocked end" "$BIN" replay "$TMP/edge.dgn"
grep -q "edge.dgn:[0-9]*: 3-1 does not match end L (6); it matches end R (3) but has no room there: the table's edge$" "$TMP/err" ||
  fail "replay of a play at a blocked end: $(cat "$TMP/err")"
expect_rc 0 "layout --json of a snake record" "$BIN" layout --json tests/records/blocked_tie.dgn
later snake_open "layout --json blocked_tie" "@$TMP/out"

expect_rc 0 "bench --games 1000 --json" "$BIN" bench --games 1000 --json
later bench "bench --json" "@$TMP/out"
# --what free-layout: the free layout's geometry alone, on dominoes2's table unless --rules says.
expect_rc 0 "bench --what free-layout --games 1000 --json" "$BIN" bench --what free-layout --games 1000 --json
later bench_free "bench --what free-layout --json" "dominoes2 " "@$TMP/out"
expect_rc 0 "bench --what free-layout --rules 'dominoes2 table=4x4' --json" "$BIN" bench --what free-layout --rules "dominoes2 table=4x4" --games 1000 --json
later bench_free "bench --what free-layout --rules 'dominoes2 table=4x4' --json" "dominoes2 hand=7 reserve=2 draw=until lead=double blocked=difference target=100 layout=free table=4x4" "@$TMP/out"
expect_rc 0 "bench --what free-layout" "$BIN" bench --what free-layout --games 1000
grep -q "^1000 rounds of free-layout geometry in .* rounds/s, .* plays/s (.* plays per round)$" "$TMP/out" ||
  fail "bench --what free-layout: $(cat "$TMP/out")"
expect_rc 2 "bench --what nosuch" "$BIN" bench --what nosuch

# Every path that runs here plays the same rounds: the same moves per round from the bench's seed.
for path in generic popcnt bmi2; do
  if "$BIN" bench --games 2000 --rules dominoes2 --path $path >"$TMP/bench_$path" 2>"$TMP/err"; then
    grep -q "2000 rounds in .* rounds/s (.* moves per round), $path path$" "$TMP/bench_$path" ||
      fail "bench --path $path: $(cat "$TMP/bench_$path")"
    sed -n 's/.*(\(.*\) moves per round).*/\1/p' "$TMP/bench_$path" >"$TMP/moves_$path"
    cmp -s "$TMP/moves_generic" "$TMP/moves_$path" || fail "bench --path $path: not the generic path's rounds"
  else
    grep -q "the $path path does not run on this build or processor" "$TMP/err" ||
      fail "bench --path $path refused without saying why: $(cat "$TMP/err")"
  fi
done

for chance in "" "--chance"; do
  expect_rc 0 "bench-solver --positions 20 --left 10 $chance --json" "$BIN" bench-solver --positions 20 --left 10 $chance --json
  later bench_solver "bench-solver $chance --json" "$chance" "@$TMP/out"
done
# Draws as chance nodes search more positions than draws whose tiles are known.
if "$BIN" bench-solver --positions 20 --left 10 --json >"$TMP/plain.json" &&
  "$BIN" bench-solver --positions 20 --left 10 --chance --json >"$TMP/chance.json"; then
  later more_nodes "bench-solver --chance searched no more nodes than without" "@$TMP/plain.json" "@$TMP/chance.json"
else
  fail "bench-solver --chance searched no more nodes than without: a run failed"
fi

# (h) issue 9: strict numbers, canonical rules, file errors with their reason, cut words, sizes.
# Issue 26 #11: every numeric option of every subcommand, through the one strict reader (bench-solver's
# --seed took -1 as 2^64-1, 0x10 as 16 and '' as 0).
for opt in "play --seed" "bench --games" "perft --seed" "perft --depth" "bench-read --size" \
  "analyse --samples" "analyse --seed" "analyse --max-size" "match --games" "match --seed" "match --threads" \
  "bench-solver --seed" "bench-solver --positions" "bench-solver --left"; do
  extra=()
  case "$opt" in
    analyse*) extra=(tests/records/blocked_tie.dgn) ;;
    match*) extra=(--a greedy --b random) ;;
  esac
  for v in -1 18446744073709551616 99999999999999999999999 "" " 5" 5x +5 0x10 1e3 "5 "; do
    expect_rc 2 "$opt '$v'" "$BIN" $opt "$v" "${extra[@]}"
    grep -q "^dominoes ${opt% *}: ${opt#* }: '" "$TMP/err" || fail "$opt '$v': the error does not name the option: $(cat "$TMP/err")"
  done
done
expect_rc 0 "bench-solver --seed 18446744073709551615 (the largest seed)" "$BIN" bench-solver --seed 18446744073709551615 --positions 1 --left 4
expect_rc 2 "bench --games 0" "$BIN" bench --games 0
expect_rc 0 "play --seed 18446744073709551615 (the largest seed)" "$BIN" play --seed 18446744073709551615
for v in -1 "" 0 12Q 99999999999999999999G; do
  expect_rc 2 "replay --max-size '$v'" "$BIN" replay "$valid" --max-size "$v"
  grep -q "^dominoes replay: --max-size: '" "$TMP/err" || fail "replay --max-size '$v': $(cat "$TMP/err")"
done
expect_rc 1 "replay --max-size 100 of a larger record" "$BIN" replay "$valid" --max-size 100
grep -q "^$valid:0: the file is [0-9]* bytes, over the limit of 100 bytes (--max-size raises it)$" "$TMP/err" ||
  fail "replay --max-size 100: $(cat "$TMP/err")"
expect_rc 0 "replay --max-size 1M" "$BIN" replay "$valid" --max-size 1M
expect_rc 1 "check --max-size 100" "$BIN" check --max-size 100 "$valid"
# --rules given with a newline: the record holds the canonical rules and passes check.
expect_rc 0 "play --rules 'en-linea<newline>hand=5' --out" "$BIN" play --rules $'en-linea\nhand=5' --seed 3 --out "$TMP/nl.dgn"
expect_rc 0 "check of the record played with a newline in --rules" "$BIN" check "$TMP/nl.dgn"
grep -q "^rules en-linea hand=5 reserve=0 draw=until lead=double blocked=difference target=0 layout=snake table=[0-9]*x[0-9]*$" "$TMP/nl.dgn" ||
  fail "play --rules with a newline: rules line '$(grep '^rules' "$TMP/nl.dgn")'"
# An unreadable file names the OS reason; a missing one too.
expect_rc 1 "replay of a missing file" "$BIN" replay "$TMP/missing.dgn"
[ "$(cat "$TMP/err")" = "$TMP/missing.dgn:0: cannot open the file: No such file or directory" ] || fail "replay of a missing file: $(cat "$TMP/err")"
cp "$valid" "$TMP/locked.dgn" && chmod 000 "$TMP/locked.dgn"
if ! cat "$TMP/locked.dgn" >/dev/null 2>&1; then  # (root reads anything: nothing to test then)
  expect_rc 1 "replay of an unreadable file" "$BIN" replay "$TMP/locked.dgn"
  [ "$(cat "$TMP/err")" = "$TMP/locked.dgn:0: cannot open the file: Permission denied" ] || fail "replay of an unreadable file: $(cat "$TMP/err")"
fi
# check on a folder with no record is a failure, not "0 passed".
mkdir -p "$TMP/none/sub" && cp "$valid" "$TMP/none/sub/a.txt"
expect_rc 1 "check of a folder with no .dgn file" "$BIN" check "$TMP/none"
grep -q "^FAIL no .dgn files under $TMP/none$" "$TMP/out" || fail "check of a folder with no .dgn file: $(cat "$TMP/out")"
expect_rc 1 "check of an empty folder beside a valid record" "$BIN" check "$valid" "$TMP/none"
# An offending word is echoed cut to 60 characters with an ellipsis.
long=$(printf 'x%.0s' $(seq 1 5000))
printf 'dgn 1\nrules en-linea\n%s\n' "$long" >"$TMP/long.dgn"
expect_rc 1 "replay of a record with a 5000-character word" "$BIN" replay "$TMP/long.dgn"
[ "$(cat "$TMP/err")" = "$TMP/long.dgn:3: unknown statement '$(printf 'x%.0s' $(seq 1 60))…'" ] || fail "long word: $(head -c 300 "$TMP/err")"
expect_rc 2 "rules with a 5000-character knob" "$BIN" rules "en-linea $long=1"
[ "$(wc -c <"$TMP/err")" -lt 300 ] || fail "rules with a long knob: $(wc -c <"$TMP/err") bytes of error"
# Linear reading: `expect legal` with 200k commas is read (and refused) in well under a second of work.
{ printf 'dgn 1\nrules en-linea\nround 1\nseed 7\nexpect legal '; head -c 200000 /dev/zero | tr '\0' ','; echo; } >"$TMP/commas.dgn"
start=$(date +%s%N)
expect_rc 1 "replay of expect legal with 200k commas" "$BIN" replay "$TMP/commas.dgn"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
grep -q "commas.dgn:5: expect legal: an empty entry between commas" "$TMP/err" || fail "200k commas: $(head -c 300 "$TMP/err")"
[ "$ms" -lt 5000 ] || fail "200k commas took $ms ms (quadratic?)"
# Special files are refused, never read or replaced.
expect_rc 1 "replay /dev/zero" "$BIN" replay /dev/zero
[ "$(cat "$TMP/err")" = "/dev/zero:0: is a character device, not a regular file" ] || fail "replay /dev/zero: $(cat "$TMP/err")"
expect_rc 1 "check /dev/zero" "$BIN" check /dev/zero
grep -q "^FAIL /dev/zero:0: is a character device, not a regular file$" "$TMP/out" || fail "check /dev/zero: $(cat "$TMP/out")"
mkfifo "$TMP/fifo"
expect_rc 1 "replay of a FIFO (no writer: must not block)" timeout 10 "$BIN" replay "$TMP/fifo"
[ "$(cat "$TMP/err")" = "$TMP/fifo:0: is a FIFO, not a regular file" ] || fail "replay of a FIFO: $(cat "$TMP/err")"

# Issue 26 #10: control characters from a file reach the terminal escaped (ESC as \x1b, BEL as \x07),
# in error messages, in replay's text and in check's file names; valid UTF-8 text is kept as is.
esc=$'\e'
bel=$'\a'
printf 'dgn 1\nrules en-linea\ntitle "\\x1b]0;t\\x07 caf\xc3\xa9\\x1b[2J"\nround 1\nseed 7\n' >"$TMP/esc_title.dgn"
expect_rc 0 "replay of a title holding ESC and BEL" "$BIN" replay "$TMP/esc_title.dgn"
grep -qF 'title   \x1b]0;t\x07 café\x1b[2J' "$TMP/out" || fail "escaped title: $(head -c 300 "$TMP/out")"
if grep -q "[$esc$bel]" "$TMP/out" "$TMP/err"; then fail "replay printed a raw ESC or BEL"; fi
printf 'dgn 1\nrules en-linea\n\e]0;owned\a\e[2J\n' >"$TMP/esc_statement.dgn"
expect_rc 1 "replay of an unknown statement holding ESC and BEL" "$BIN" replay "$TMP/esc_statement.dgn"
[ "$(cat "$TMP/err")" = "$TMP/esc_statement.dgn:3: unknown statement '\x1b]0;owned\x07\x1b[2J'" ] ||
  fail "escaped unknown statement: $(head -c 300 "$TMP/err")"
expect_rc 1 "check of an unknown statement holding ESC and BEL" "$BIN" check "$TMP/esc_statement.dgn"
if grep -q "[$esc$bel]" "$TMP/out" "$TMP/err"; then fail "check printed a raw ESC or BEL"; fi
grep -qF '\x1b]0;owned\x07' "$TMP/out" || fail "check's escaped message: $(head -c 300 "$TMP/out")"
mkdir -p "$TMP/esc$esc[2Jdir"
cp tests/records/invalid/wrong_player.dgn "$TMP/esc$esc[2Jdir/a$bel.dgn"
expect_rc 1 "check of a file whose name holds ESC and BEL" "$BIN" check "$TMP/esc$esc[2Jdir"
if grep -q "[$esc$bel]" "$TMP/out" "$TMP/err"; then fail "check printed a file name with a raw ESC or BEL"; fi
grep -qF 'esc\x1b[2Jdir/a\x07.dgn:' "$TMP/out" || fail "check's escaped file name: $(head -c 300 "$TMP/out")"

# Issue 26 #16: an empty value is a usage error naming the option, not the option's default.
for args in "analyse --as '' tests/records/blocked_tie.dgn|--as" "play --out ''|--out" "play --rules ''|--rules" \
  "play --a ''|--a" "match --a '' --b random|--a" "match --a greedy --b random --out ''|--out" \
  "bench-solver --rules ''|--rules" "replay ''|FILE"; do
  cmd=${args%|*}
  opt=${args##*|}
  eval "set -- $cmd"
  expect_rc 2 "dominoes $cmd" "$BIN" "$@"
  grep -qF -- "$opt: '' is an empty value, not allowed" "$TMP/err" || fail "dominoes $cmd: $(head -c 300 "$TMP/err")"
done

# Issue 26 #9: bench-solver ends. Rules under which no position is ever reached are reported after a
# bounded number of rounds; a node budget that runs out is reported (exit 1), whatever the position.
expect_rc 1 "bench-solver under en-linea hand=1 (no position reachable)" "$BIN" bench-solver --rules "en-linea hand=1"
grep -q "^dominoes bench-solver: no position with at most 12 tiles left .* was reached in 1000 random rounds" "$TMP/err" ||
  fail "bench-solver hand=1: $(head -c 300 "$TMP/err")"
expect_rc 1 "bench-solver dominoes2 hand=14 --left 28 --nodes 100000" "$BIN" bench-solver \
  --rules "dominoes2 hand=14" --left 28 --positions 1 --nodes 100000
grep -q "^dominoes bench-solver: the node budget (--nodes 100000) ran out in position 1 of 1" "$TMP/err" ||
  fail "bench-solver budget: $(head -c 300 "$TMP/err")"
expect_rc 1 "bench-solver --chance --nodes 10" "$BIN" bench-solver --chance --positions 5 --nodes 10
grep -q "node budget (--nodes 10) ran out" "$TMP/err" || fail "bench-solver --chance budget: $(head -c 300 "$TMP/err")"
expect_rc 0 "bench-solver within its budget" "$BIN" bench-solver --positions 20 --nodes 100000000

# `puzzles generate` (docs/puzzles.md): a small run to a file and to standard output, the same bytes;
# the file checks and proves; bad options are usage errors naming the option.
expect_rc 0 "puzzles generate --count 2" "$BIN" puzzles generate --rules en-linea --count 2 --seed 4 --out "$TMP/gen.dgn"
grep -q "^puzzles generate: en-linea, seed 4: 2 puzzles kept from .* puzzles per minute" "$TMP/err" ||
  fail "puzzles generate summary: $(head -c 300 "$TMP/err")"
grep -q "^themes: heavy [0-9]* doubles [0-9]* variety [0-9]* strongest [0-9]* read [0-9]* count [0-9]* block [0-9]*" "$TMP/err" ||
  fail "puzzles generate themes: $(head -c 300 "$TMP/err")"
expect_rc 0 "check of generated puzzles" "$BIN" check "$TMP/gen.dgn"
expect_rc 0 "puzzles generate --out - --threads 2" "$BIN" puzzles generate --rules en-linea --count 2 --seed 4 --out - --threads 2
cmp -s "$TMP/out" "$TMP/gen.dgn" || fail "puzzles generate: --out - and --threads 2 differ from the file"
for args in "--count 0|--count" "--seed x|--seed" "--threads 0|--threads" "--themes block,nope|--themes" \
  "--themes block,block|--themes" "--rules nope|--rules" "--themes ''|--themes"; do
  opt=${args##*|}
  eval "set -- ${args%|*}"
  expect_rc 2 "puzzles generate ${args%|*}" "$BIN" puzzles generate --out "$TMP/bad.dgn" "$@"
  grep -qF -- "$opt" "$TMP/err" || fail "puzzles generate ${args%|*}: $(head -c 300 "$TMP/err")"
done
expect_rc 2 "puzzles without generate" "$BIN" puzzles
expect_rc 2 "puzzles generate without --out" "$BIN" puzzles generate --count 1
[ ! -e "$TMP/bad.dgn" ] || fail "a usage error of puzzles generate wrote its file"

# --version: the project's version (CMakeLists.txt), plus `git describe` in a git checkout.
version=$(sed -n 's/^project(dominoes_studio VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
expect_rc 0 "--version" "$BIN" --version
grep -qE "^dominoes $version( \(git [0-9a-z.-]+\))?$" "$TMP/out" || fail "--version: '$(head -c 200 "$TMP/out")'"

# CLI11's own errors name the program; numbers are typed in the help; no help names a tool that is
# not installed.
expect_rc 2 "an unknown option" "$BIN" play --nope
grep -q "^dominoes: The following argument was not expected: --nope$" "$TMP/err" || fail "unknown option: '$(head -c 200 "$TMP/err")'"
expect_rc 2 "no subcommand" "$BIN"
grep -q "^dominoes: " "$TMP/err" || fail "no subcommand: '$(head -c 200 "$TMP/err")'"
"$BIN" bench --help | grep -qE '^ +--games UINT ' || fail "bench --help: --games is not typed UINT"
"$BIN" replay --help | grep -qE '^ +--max-size SIZE ' || fail "replay --help: --max-size is not typed SIZE"
for sub in replay check play bench layout bench-read perft bench-solver analyse match ladder; do
  if "$BIN" $sub --help | grep -qE -- '--(games|seed|threads|count|depth|samples|size|record) TEXT'; then fail "$sub --help: a number typed TEXT"; fi
done
if "$BIN" match --help | grep -q "tools/"; then fail "match --help names a tool of the source tree"; fi

# Pipes: `-` is standard input for replay, check, layout and analyse, standard output for play --out;
# standard input is bounded by --max-size as it is read, and its errors name it `-`.
"$BIN" play --rules en-linea --a greedy --b random --seed 5 --out - 2>/dev/null | "$BIN" replay - >"$TMP/pipe.txt" ||
  fail "play --out - | replay -: exit ${PIPESTATUS[*]}"
"$BIN" replay "$TMP/play-en-linea.dgn" >"$TMP/file.txt"
cmp -s "$TMP/pipe.txt" "$TMP/file.txt" || fail "replay - differs from replay FILE"
for cmd in "replay -" "replay - --json" "layout -" "check -" "analyse - --as all"; do
  expect_rc 0 "$cmd < a record" "$BIN" $cmd <tests/records/blocked_tie.dgn
done
expect_rc 0 "check - < a record" "$BIN" check - <tests/records/blocked_tie.dgn
grep -q "^ok   - (" "$TMP/out" || fail "check -: '$(head -c 200 "$TMP/out")'"
expect_rc 1 "replay - < nothing" "$BIN" replay - </dev/null
grep -q "^-:1: " "$TMP/err" || fail "replay - of nothing: '$(head -c 200 "$TMP/err")'"
head -c 3000000 /dev/zero | "$BIN" replay --max-size 1M - >"$TMP/out" 2>"$TMP/err"
[ "${PIPESTATUS[1]}" -eq 1 ] || fail "replay - of a pipe over --max-size: exit ${PIPESTATUS[1]}"
grep -q "^-:0: standard input is over the limit of 1 MiB (--max-size raises it)$" "$TMP/err" ||
  fail "replay - over the limit: '$(head -c 200 "$TMP/err")'"

# The queued JSON checks, in one python3.
python3 tests/cli_checks.py "$TMP/checks"
failures=$((failures + $?))

if [ "$failures" -ne 0 ]; then
  echo "cli_test: $failures failure(s)"
  exit 1
fi
echo "cli_test: all passed"
