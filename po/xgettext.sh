#!/bin/sh
# SPDX-License-Identifier: MIT
# The studio's template on stdout: every string marked in the studio's sources and in core's and src/ai's words.
# Keywords: _ and N_ (studio), P_ (plural), W_ and WP_ (core's reasons). Run from the source root.
# The creation date is left out, so that the template changes only when a string does.
xgettext --from-code=UTF-8 --language=C++ --no-location --sort-output \
  --keyword=_ --keyword=N_ --keyword=P_:1,2 --keyword=W_ --keyword=WP_:1,2 \
  --package-name=dominoes-studio -o - $(ls src/studio/*/*.cpp src/core/*.cpp src/ai/*.cpp | sort) |
  sed -e '/^"POT-Creation-Date:/d' -e 's/charset=CHARSET/charset=UTF-8/'
