#!/bin/sh
# SPDX-License-Identifier: MIT
# Issue 9's reproductions against the studio, one case per CTest test: hostile names, scripts,
# folders, settings and options. Usage: hostile_test.sh CASE STUDIO OUTDIR TESTDIR XVFB_SH
set -u
case_=$1 studio=$2 out=$3 testdir=$4 xvfb=$5
cd "$out" || exit 1
run() { sh "$xvfb" env LIBGL_ALWAYS_SOFTWARE=1 ASAN_OPTIONS=detect_leaks=0 "$studio" "$@"; }
fail() { echo "FAIL ($case_): $*"; exit 1; }
ff=$(printf '\377') fffd=$(printf '\357\277\275')
case $case_ in
  utf8_name)  # a file named name_\xff.dgn with --dump-state: dumped with U+FFFD, no abort
    rm -rf utf8 && mkdir utf8 && cp "$testdir/game.dgn" "utf8/name_$ff.dgn" || exit 1
    run --no-ini --frames 5 "utf8/name_$ff.dgn" --dump-state utf8/state.json; rc=$?
    [ $rc -eq 0 ] || fail "exit $rc"
    grep -q "name_$fffd.dgn" utf8/state.json || fail "no replacement character in the dump"
    # ...and the window draws it as U+FFFD, not as a question mark (the font has the glyph).
    python3 -c 'import json, sys; f = json.load(open(sys.argv[1]))["font"]; sys.exit(f["fallback"] != 0xFFFD or f["replacementGlyph"] is not True)' \
      utf8/state.json || fail "the font draws U+FFFD as another character: $(grep -A3 '"font"' utf8/state.json | tr -d '\n ')"
    ;;
  utf8_script)  # a script line `check /rules \xff`: a failed check (exit 3), not an abort
    printf 'check /rules %s\ncheck-contains /rules %s\ndump utf8_script.json\n' "$ff" "$ff" > utf8.script
    run --no-ini --frames 20 --script utf8.script > utf8_script.err 2>&1; rc=$?
    [ $rc -eq 3 ] || fail "exit $rc, want 3"
    grep -q "2 script check(s) failed" utf8_script.err || fail "not two failed checks"
    [ -s utf8_script.json ] || fail "the dump after the bad lines was not written"
    ;;
  frame_throws)  # a frame that throws halfway through a pane: logged, shown, and the studio goes on
    printf 'throw-in-frame\nwait 2\ncheck-contains /status a pane threw\nstep first\nwait 2\ncheck /pathPos 0\n' > throws.script
    run --no-ini --frames 30 "$testdir/game.dgn" --script throws.script > throws.err 2>&1 || fail "exit $?: $(tail -3 throws.err)"
    grep -q "this frame failed and was dropped: a pane threw" throws.err || fail "not logged"
    ;;
  fifo_scenarios)  # a FIFO (and a folder) in the scenarios folder: listed without them, no hang
    rm -rf fifo_scen && mkdir -p fifo_scen/dir.dgn && cp "$testdir/game.dgn" fifo_scen/a.dgn && mkfifo fifo_scen/pipe.dgn || exit 1
    printf 'scenarios-dir %s/fifo_scen\nopen scenarios\nwait 3\ncheck /scenarios 1\ncheck /scenarioList/0 "a.dgn"\n' "$out" > fifo.script
    timeout 60 sh "$xvfb" env LIBGL_ALWAYS_SOFTWARE=1 "$studio" --no-ini --frames 50 --script fifo.script; rc=$?
    [ $rc -eq 0 ] || fail "exit $rc"
    ;;
  dump_unwritable)  # `dump` to a folder that does not exist: a script failure naming the file
    printf 'dump /proc/no-such-folder/x.json\n' > dump_bad.script
    run --no-ini --frames 10 --script dump_bad.script > dump_bad.err 2>&1; rc=$?
    [ $rc -eq 3 ] || fail "exit $rc, want 3"
    grep -q "cannot save /proc/no-such-folder/x.json: " dump_bad.err || fail "no reason given"
    run --no-ini --frames 3 --dump-state /proc/no-such-folder/y.json > dump_bad2.err 2>&1; rc=$?
    [ $rc -eq 1 ] || fail "--dump-state to an unwritable path: exit $rc, want 1"
    grep -q "cannot save /proc/no-such-folder/y.json: " dump_bad2.err || fail "--dump-state: no reason given"
    ;;
  export_table_closed)  # exporting the table with its pane closed is refused, nothing written
    rm -f closed_table.png
    printf 'close table\nwait 1\nexport-table closed_table.png\nwait 2\ncheck-contains /status cannot export the table\n' > closed.script
    run --no-ini --frames 20 --script closed.script || fail "exit $?"
    [ ! -e closed_table.png ] || fail "a PNG was written"
    ;;
  settings_nan)  # Speed=nan and a bad Visibility are refused and not written back
    printf '[DominoesStudio][Settings]\nSpeed=nan\nComputerDelay=inf\nVisibility=9\n' > nan.ini
    run --ini nan.ini --frames 5 > nan.err 2>&1 || fail "exit $?"
    grep -q "^Speed=1.00$" nan.ini || fail "Speed not written back as 1.00: $(grep Speed nan.ini)"
    grep -q "^ComputerDelay=0.40$" nan.ini || fail "ComputerDelay not reset"
    grep -qi "nan" nan.ini && fail "nan written back"
    grep -q "Speed=nan is a number" nan.err || fail "the refused value is not named in the log"
    ;;
  settings_unsaved)  # --ini a folder, XDG_CONFIG_HOME a file: said once in the log and the status line
    rm -rf ini_dir xdg_file && mkdir ini_dir && : > xdg_file
    printf 'open log\nwait 2\n' > unsaved.script
    run --ini ini_dir --frames 10 --script unsaved.script --dump-state unsaved.json > unsaved.err 2>&1 || fail "exit $?"
    [ "$(grep -c 'settings not saved' unsaved.err)" -eq 1 ] || fail "--ini folder: not said exactly once"
    grep -q '"status": "settings not saved: cannot save ini_dir' unsaved.json || fail "--ini folder: not in the status line"
    XDG_CONFIG_HOME=$out/xdg_file run --frames 10 --script unsaved.script > unsaved2.err 2>&1 || fail "exit $?"
    [ "$(grep -c 'settings not saved' unsaved2.err)" -eq 1 ] || fail "XDG_CONFIG_HOME a file: not said exactly once"
    ;;
  big_file)  # issue 26 #14: a record over the limit is refused in the studio's words (no --max-size,
    # an option the studio does not have), and a long path is echoed cut, once
    rm -f big.dgn && truncate -s 17M big.dgn || exit 1
    long=$(printf 'd%.0s' $(seq 1 250))/$(printf 'e%.0s' $(seq 1 250)).dgn
    printf 'load-bad big.dgn\ncheck-contains /error the studio reads records of up to 16 MiB\nload-bad %s\n' "$long" > big.script
    run --no-ini --frames 20 --script big.script > big.err 2>&1 || fail "exit $?: $(tail -3 big.err)"
    grep -q -- "--max-size" big.err && fail "names --max-size: $(grep -- --max-size big.err | head -1)"
    [ "$(grep -c 'dddddddddd' big.err)" -eq 1 ] || fail "the long path is not echoed once: $(grep -c dddddddddd big.err) times"
    grep -q 'eeeeeeeeee' big.err && fail "the long path is echoed whole"
    awk 'length > 2000 { bad = 1 } END { exit bad }' big.err || fail "a line of the log is over 2000 characters"
    ;;
  big_folder)  # issue 26 #4: a folder of 5,000 scenarios is listed on a worker (the frame that asks
    # shows "Listing..." and goes on) in ORDER's order, and drawn a line each through a clipper
    rm -rf bigdir && mkdir bigdir || exit 1
    python3 -c '
import sys
for i in range(5000):
    open("bigdir/s%05d.dgn" % i, "w").write("dgn 1\nrules en-linea\ntitle \"Scenario %d\"\n" % i)
open("bigdir/ORDER", "w").write("".join("s%05d.dgn\n" % i for i in range(4999, -1, -1)))'
    printf 'scenarios-dir %s/bigdir\nopen scenarios\nwait 300\n' "$out" > bigdir.script
    printf 'check /scenariosListing false\ncheck /scenarios 5000\ncheck /scenarioList/0 s04999.dgn\n' >> bigdir.script
    run --no-ini --frames 400 --script bigdir.script > bigdir.err 2>&1 || fail "exit $?: $(grep -m3 error bigdir.err)"
    ;;
  xdg_relative)  # issue 26 #13: a relative XDG_CONFIG_HOME is ignored (the XDG spec): the settings go
    # to $HOME/.config, never into the current folder
    rm -rf xdg && mkdir -p xdg/home xdg/cwd && cd xdg/cwd || exit 1
    HOME="$out/xdg/home" XDG_CONFIG_HOME=relative/config run --frames 5 > ../run.err 2>&1 || fail "exit $?: $(tail -2 ../run.err)"
    [ -z "$(ls -A .)" ] || fail "wrote into the current folder: $(find . | head -5)"
    [ -f "$out/xdg/home/.config/dominoes-studio/imgui.ini" ] || fail "no settings in \$HOME/.config/dominoes-studio"
    cd "$out" || exit 1
    ;;
  exit_status)  # issue 26 #7: a script that did not finish, or a refused write, exits 3 with the reason
    printf 'wait 5\nwait 5\ncheck /round 1\n' > unfinished.script
    run --no-ini --frames 4 --script unfinished.script > unfinished.err 2>&1; rc=$?
    [ $rc -eq 3 ] || fail "--frames running out before the script's end exits $rc, want 3"
    grep -q "ran out before the script's end (line 2 did not run)" unfinished.err || fail "no reason: $(tail -2 unfinished.err)"
    rm -rf refused.png && mkdir refused.png
    printf 'screenshot refused.png\nwait 2\nexport-table refused.png\nwait 2\n' > refused.script
    run --no-ini --frames 30 --script refused.script > refused.err 2>&1; rc=$?
    [ $rc -eq 3 ] || fail "refused screenshot and table writes exit $rc, want 3"
    [ "$(grep -c 'script: .*refused.png' refused.err)" -eq 2 ] || fail "the two refusals are not both said: $(cat refused.err)"
    # Issue 26 #14: a NUL or ESC in a script line is echoed as \x00 / \x1b, and the message goes on.
    printf 'fl\000y\033[2J away\n' > nul.script
    "$studio" --no-ini --frames 5 --script nul.script > nul.err 2>&1; rc=$?
    [ $rc -eq 2 ] || fail "a bad script line exits $rc, want 2"
    grep -qF "unknown action 'fl\\x00y\\x1b[2J'" nul.err || fail "the NUL and ESC are not escaped: $(cat -A nul.err)"
    ;;
  usage)  # usage errors exit 2 and name the option; no window is needed
    for args in "--frames -1" "--frames x" "--frames 99999999999999999999" "--size 99999x99999" "--size 100x100" \
                "--size 800" "--seed -1" "--seed +1" "--seed 18446744073709551616" "--seed 99999999999999999999999" \
                "--seed=" "--no-such-option" "--a nobody"; do
      # shellcheck disable=SC2086
      "$studio" $args > usage.out 2>&1; rc=$?
      [ $rc -eq 2 ] || fail "'$args' exits $rc, want 2"
      opt=${args%% *}; opt=${opt%%=*}
      case $opt in --no-such-option) ;; --a) grep -q "seat" usage.out || fail "'$args': $(cat usage.out)" ;;
        *) grep -q -- "$opt" usage.out || fail "'$args' does not name $opt: $(cat usage.out)" ;; esac
    done
    "$studio" --size 99999x99999 2>&1 | grep -q "320x240 to 8192x8192" || fail "--size does not give the range"
    # Issue 26 #16: an empty value is refused, not taken for the default.
    for opt in --lang --script --ini --dump-state --a --rules; do
      "$studio" "$opt" '' > empty.out 2>&1; rc=$?
      [ $rc -eq 2 ] || fail "$opt '' exits $rc, want 2"
      grep -q -- "$opt needs a value" empty.out || fail "$opt '': $(cat empty.out)"
    done
    # A script with bad lines is refused before anything runs: every bad line as FILE:LINE, exit 2.
    long=$(head -c 5000 /dev/zero | tr '\0' 'x')
    printf 'open log\nopen tabel\nwait -1\n# fine\nkey %s\n' "$long" > bad_lines.script
    "$studio" --no-ini --script bad_lines.script > bad_lines.out 2>&1; rc=$?
    [ $rc -eq 2 ] || fail "a script with bad lines exits $rc, want 2"
    grep -q "bad_lines.script:2: unknown pane 'tabel'" bad_lines.out || fail "no FILE:LINE for line 2: $(cat bad_lines.out)"
    grep -q "bad_lines.script:3: wait takes a whole number" bad_lines.out || fail "no FILE:LINE for line 3"
    grep -q "bad_lines.script:5: unknown key 'xxx" bad_lines.out || fail "no FILE:LINE for line 5"
    [ "$(wc -c < bad_lines.out)" -lt 1000 ] || fail "the 5000-character word is echoed whole"
    "$studio" --help > /dev/null; rc=$?
    [ $rc -eq 0 ] || fail "--help exits $rc"
    ;;
  *) fail "no such case" ;;
esac
echo "ok $case_"
