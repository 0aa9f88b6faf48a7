#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/library.md's C++ examples as programs (tests/library_docs_test.sh, CTest's library_docs).

usage: library_docs.py DOC INCLUDE_DIR OUT_DIR

Writes OUT_DIR/block_LINE.cpp for every ```cpp block of DOC (LINE: the block's first line in DOC)
and prints their names, one a line. A block that defines `int main` is a whole program and is
written as it is. Any other block is a fragment and is wrapped, always the same way:
  - every header installed under INCLUDE_DIR/dominoes/*/ is included, with <iostream>, <stdexcept>,
    <string> and <variant>, and `using namespace dom;` (as the page's examples assume);
  - the block is the body of a scope inside `int main()`, after the context the page's sections
    share: `ai::Game game`, an en-linea round started from seed 1 with its first legal move played,
    and `Match m`, an en-linea match with the round of seed 1 dealt (a block may declare its own
    `game` or `m`: it shadows these);
  - the program returns 0 after the block (a block's own `return 1;` fails the run).
The block's lines keep their place in DOC through #line, so a compiler error names DOC:LINE.
"""
import glob
import os
import re
import sys

PROLOGUE = """\
#include <iostream>
#include <stdexcept>
#include <string>
#include <variant>
{includes}
using namespace dom;

int main() {{
  ai::Game game(*preset("en-linea"));
  if (std::string why = game.startRound(1); !why.empty()) throw std::runtime_error(why);
  game.play(*game.match().legalMoves().begin());
  Match m(*preset("en-linea"));
  m.startRound(dealFromSeed(1, m.rules().hand));
  {{
"""
EPILOGUE = """
  }
  return 0;
}
"""


def blocks(path):
    """(first line, text) of every ```cpp block of the markdown file at path."""
    found, current, start = [], None, 0
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            fence = line.strip()
            if current is None and fence == "```cpp":
                current, start = [], number + 1
            elif current is not None and fence == "```":
                found.append((start, "".join(current)))
                current = None
            elif current is not None:
                current.append(line)
    if current is not None:
        sys.exit(f"{path}:{start - 1}: a ```cpp block is not closed")
    return found


def main():
    doc, include_dir, out = sys.argv[1:4]
    headers = sorted(glob.glob(os.path.join(include_dir, "dominoes", "*", "*.h")))
    if not headers:
        sys.exit(f"library_docs.py: no headers under {include_dir}/dominoes")
    includes = "\n".join(f"#include <{os.path.relpath(h, include_dir)}>" for h in headers)
    found = blocks(doc)
    if not found:
        sys.exit(f"{doc}: no ```cpp block")
    source = os.path.abspath(doc)
    for start, text in found:
        name = os.path.join(out, f"block_{start}.cpp")
        whole = re.search(r"\bint\s+main\s*\(", text) is not None
        with open(name, "w", encoding="utf-8") as f:
            if whole:
                f.write(f'#line {start} "{source}"\n{text}')
            else:
                f.write(PROLOGUE.format(includes=includes))
                f.write(f'#line {start} "{source}"\n{text}')
                f.write(EPILOGUE)
        print(f"{name} {'program' if whole else 'fragment'}")


if __name__ == "__main__":
    main()
