# SPDX-License-Identifier: MIT
"""Prints where a package installed under PREFIX is found by this Python, relative to PREFIX.

usage: python3 python/sitedir.py PREFIX   (python/install.cmake runs it at install time)

The first folder of this Python's search path (sys.path, site.getsitepackages(), the user's site)
that lies under PREFIX/lib: on Debian, /usr gives lib/python3/dist-packages, /usr/local
lib/python3.X/dist-packages and ~/.local lib/python3.X/site-packages. A prefix this Python does not
search gets the standard layout (lib/python3.X/site-packages) and exit status 3, so that the install
can say PYTHONPATH must name it.
"""
import os
import site
import sys
import sysconfig


def main(prefix):
    prefix = os.path.realpath(prefix)
    searched = list(sys.path) + site.getsitepackages() + [site.getusersitepackages()]
    for d in searched:
        if not d:
            continue
        rel = os.path.relpath(os.path.realpath(d), prefix)
        if rel.split(os.sep)[0] == "lib" and "packages" in rel:
            print(rel)
            return 0
    plat = sysconfig.get_path("platlib", "posix_prefix", vars={"base": prefix, "platbase": prefix})
    print(os.path.relpath(plat, prefix))
    return 3


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
