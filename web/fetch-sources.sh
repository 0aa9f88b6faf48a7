#!/bin/sh
# SPDX-License-Identifier: MIT
# Fetches the sources the web build compiles with Emscripten from Debian's own source packages:
# Dear ImGui 1.86 (the version libimgui-dev ships), HarfBuzz and FreeType. Nothing is vendored: apt is
# pointed at a deb-src entry for bookworm kept in private folders under DIR, so the system's apt
# sources are never touched, and the tarballs are unpacked into DIR/src/<name>.
# Usage: web/fetch-sources.sh DIR
set -eu
dir=${1:?usage: fetch-sources.sh DIR}
mkdir -p "$dir/apt/sources" "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/src"
dir=$(cd "$dir" && pwd)
stamp="$dir/src/.fetched"
[ -f "$stamp" ] && exit 0
cat >"$dir/apt/sources/debian-src.sources" <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
apt_opts="-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts=$dir/apt/sources \
 -o Dir::State::Lists=$dir/apt/lists -o Dir::Cache=$dir/apt/cache -o Debug::NoLocking=1"
# shellcheck disable=SC2086
apt-get $apt_opts -qq update
cd "$dir/apt"
# shellcheck disable=SC2086
apt-get $apt_opts -qq source --download-only imgui harfbuzz freetype
unpack() { # name tarball-glob
  rm -rf "$dir/src/$1" && mkdir -p "$dir/src/$1"
  # shellcheck disable=SC2086
  tar -xJf $2 -C "$dir/src/$1" --strip-components=1
}
unpack imgui "imgui_*.orig.tar.xz"
unpack harfbuzz "harfbuzz_*.orig.tar.xz"
unpack freetype "freetype_*+dfsg.orig.tar.xz"
touch "$stamp"
echo "fetch-sources: imgui, harfbuzz and freetype unpacked in $dir/src"
