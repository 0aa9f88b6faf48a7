#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Debian package: built with CPack, unpacked into a scratch root outside the source tree, and run
# from there: the CLI, a check of the installed scenarios, and a headless studio run that opens the
# first scenario of its Scenarios list and writes a screenshot; lintian --pedantic (no E or W),
# hardening-check on the programs, desktop-file-validate, appstreamcli validate and the MIME type.
# Then the scratch root is removed.
# package_lib_test.sh checks the library's packages (libdominoes0, dominoes-dev, python3-dominoes) from the same run.
# usage: package_test.sh BUILD_DIR SOURCE_DIR PNG_CHECK
set -eu
build=$1 src=$2 pngcheck=$3
work=$(mktemp -d /tmp/dominoes-package.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/out/dominoes-studio_*.deb | head -1)
[ -f "$deb" ] || fail "no .deb was written"
echo "package: $(basename "$deb")"
dpkg-deb -f "$deb" Section | grep -qx education || fail "section is not education"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for lib in libglfw3 libepoxy0 libfontconfig1 libstdc++6 fonts-dejavu-core; do
  echo "$depends" | grep -q "$lib" || fail "Depends lacks $lib"
done
dpkg-deb -c "$deb" > "$work/contents"
for f in usr/bin/dominoes usr/bin/dominoes-studio usr/share/applications/dominoes-studio.desktop \
         usr/share/icons/hicolor/48x48/apps/dominoes-studio.png usr/share/icons/hicolor/256x256/apps/dominoes-studio.png \
         usr/share/icons/hicolor/scalable/apps/dominoes-studio.svg usr/share/man/man1/dominoes.1.gz \
         usr/share/man/man1/dominoes-studio.1.gz usr/share/bash-completion/completions/dominoes \
         usr/share/zsh/vendor-completions/_dominoes usr/share/bash-completion/completions/dominoes-studio \
         usr/share/zsh/vendor-completions/_dominoes-studio usr/share/doc/dominoes-studio/copyright \
         usr/share/doc/dominoes-studio/changelog.gz usr/share/mime/packages/dominoes-studio.xml \
         usr/share/metainfo/invalid.dominoes_studio.studio.metainfo.xml usr/share/dominoes-studio/scenarios/win_by_domino.dgn usr/share/dominoes-studio/puzzles/en-linea.dgn usr/share/dominoes-studio/lessons/ORDER \
         usr/share/locale/es/LC_MESSAGES/dominoes-studio.mo usr/share/locale/hi/LC_MESSAGES/dominoes-scenarios.mo; do
  grep -q " ./$f\$" "$work/contents" || fail "the package lacks /$f"
done

# lintian --pedantic: no error and no warning (overrides only with a comment saying why).
# Every package of the run: the app's and the library's (libdominoes0, dominoes-dev, python3-dominoes).
lintian --pedantic --tag-display-limit 0 "$work"/out/*.deb >"$work/lintian.log" 2>&1 || true
grep -v '^running with root privileges' "$work/lintian.log" || true
# CPack calls ldconfig from libdominoes0's postinst and postrm whatever its control files say; the
# packages `make package` builds (debian/, dh_makeshlibs) use the ldconfig trigger instead.
if grep -E '^[EW]: ' "$work/lintian.log" | grep -qv '^W: libdominoes0: maintscript-calls-ldconfig '; then
  fail "lintian: errors or warnings"
fi
root="$work/root"
dpkg-deb -x "$deb" "$root"
# Hardening (dpkg-buildflags' set): PIE, fortify, stack protector, relro and bind-now on both programs.
# Not control-flow protection (-fcf-protection): Debian 12's dpkg-buildflags does not ask for it
# either, even with hardening=+all.
for b in "$root"/usr/bin/*; do
  hardening-check --nocfprotection "$b" || fail "hardening-check $(basename "$b")"
done
desktop-file-validate "$root/usr/share/applications/dominoes-studio.desktop" || fail "desktop-file-validate"
appstreamcli validate --pedantic --no-net "$root/usr/share/metainfo/invalid.dominoes_studio.studio.metainfo.xml" ||
  fail "appstreamcli validate"
# The MIME type: a .dgn file is application/x-dominoes-dgn by its name and by its first line.
mkdir -p "$work/mime/packages"
cp "$root/usr/share/mime/packages/dominoes-studio.xml" "$work/mime/packages/"
update-mime-database "$work/mime" || fail "update-mime-database"
grep -q '^application/x-dominoes-dgn:\*\.dgn$' "$work/mime/globs" || fail "the MIME type's glob"
grep -q 'application/x-dominoes-dgn' "$work/mime/magic" || fail "the MIME type's magic"
cd "$work"  # nothing of the source or build tree is used from here on
for b in "$root"/usr/bin/*; do
  if strings "$b" | grep -qF -e "$src" -e "$build"; then fail "$(basename "$b") holds a build-machine path"; fi
done
"$root/usr/bin/dominoes" rules | grep -q dominoes2 || fail "dominoes rules"
# A pipe: a game written to standard output and replayed from standard input.
"$root/usr/bin/dominoes" play --rules dominoes2 --a greedy --b random --seed 3 --out - 2>/dev/null |
  "$root/usr/bin/dominoes" replay - > piped.txt || fail "dominoes play --out - | dominoes replay -"
grep -q '^match ' piped.txt || fail "the piped replay: $(head -3 piped.txt)"
"$root/usr/bin/dominoes" check "$root/usr/share/dominoes-studio/scenarios" | tail -1
"$root/usr/bin/dominoes" check "$root/usr/share/dominoes-studio/scenarios" >/dev/null || fail "dominoes check of the installed scenarios"
"$root/usr/bin/dominoes" check "$root/usr/share/dominoes-studio/puzzles" >/dev/null || fail "dominoes check of the installed puzzles"
"$root/usr/bin/dominoes" check "$root/usr/share/dominoes-studio/lessons" >/dev/null || fail "dominoes check of the installed lessons"
printf 'animate off\nopen scenarios\nwait 3\ncheck /scenarios >0\nopen-scenario 0\nwait 3\nstep last\nwait 3\ncheck /error ""\ndump state.json\n' > pkg.script
sh "$src/tests/xvfb.sh" env LIBGL_ALWAYS_SOFTWARE=1 XDG_DATA_DIRS=/nonexistent HOME="$work" \
  "$root/usr/bin/dominoes-studio" --no-ini --frames 200 --script pkg.script --screenshot shot.png --dump-state end.json \
  || fail "the installed studio"
grep -q "\"file\": \"$root/usr/share/dominoes-studio/scenarios/" end.json || fail "the studio did not open an installed scenario"
"$pngcheck" shot.png end.json > png.log || { cat png.log; fail "the screenshot"; }
cat png.log
grep -qE '^shot.png: [1-9][0-9]* tiles.* checked, 0 failures' png.log || fail "no tile of the scenario was seen in the screenshot"
# The installed catalogs are found next to the installed studio: Spanish is Spanish.
printf 'wait 2\ncheck /language "es"\ncheck /timeline/0/move "reparto"\n' > lang.script
sh "$src/tests/xvfb.sh" env LIBGL_ALWAYS_SOFTWARE=1 XDG_DATA_DIRS=/nonexistent HOME="$work" \
  "$root/usr/bin/dominoes-studio" --no-ini --lang es --seed 1 --frames 20 --script lang.script \
  || fail "the installed studio in Spanish (its catalog under /usr/share/locale)"
echo "ok: the package installs and runs from its own tree"
# The library's packages beside the app's: dominoes-dev (the example built against it with pkg-config
# and CMake) and python3-dominoes (the module imported from it).
bash "$src/tests/package_lib_test.sh" "$work/out" "$src" || fail "the library's packages"
