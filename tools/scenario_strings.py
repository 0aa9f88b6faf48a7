#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the gettext template of the scenarios' texts: every `title`, `about`, `note` and `puzzle`
string of the DGN files given, and a lesson's `task` prompt and explanation (their English text is
the msgid). A note of a file in a `puzzles`
folder gives each of its sentences as its own msgid: the generator's notes are sentences of a fixed
bank (docs/puzzles.md), one space apart. The files stay in English; the studio shows the
translation (src/studio/i18n.h, S_()).

usage: scenario_strings.py OUT.pot FILE.dgn...
"""
import os
import re
import sys


def quoted(rest):
    """The text of a DGN quoted string (a backslash keeps the next character), or None."""
    rest = rest.strip()
    if not rest.startswith('"'):
        return None
    out, i = [], 1
    while i < len(rest):
        c = rest[i]
        if c == '\\' and i + 1 < len(rest):
            out.append(rest[i + 1])
            i += 2
            continue
        if c == '"':
            return ''.join(out)
        out.append(c)
        i += 1
    return None


def quoted_all(rest):
    """Every quoted string of a line's words, in order (a `task` line's prompt and explanation)."""
    out, i = [], 0
    while True:
        while i < len(rest) and rest[i] not in '"#':
            i += 1
        if i >= len(rest) or rest[i] == '#':  # the end, or a comment
            return out
        text, j, chars = None, i + 1, []
        while j < len(rest):
            c = rest[j]
            if c == '\\' and j + 1 < len(rest):
                chars.append(rest[j + 1])
                j += 2
                continue
            if c == '"':
                text = ''.join(chars)
                break
            chars.append(c)
            j += 1
        if text is None:
            return out
        out.append(text)
        i = j + 1


def sentences(text):
    """A note's sentences: split after a full stop followed by one space."""
    return [t for t in re.split(r'(?<=\.) ', text) if t]


def po_string(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n') + '"'


def main():
    # The lessons come last, so that their texts follow the scenarios' and the puzzles' in the template.
    out = sys.argv[1]
    files = sorted(sys.argv[2:], key=lambda p: (os.path.basename(os.path.dirname(os.path.abspath(p))) == 'lessons', p))
    seen, order = {}, []
    for path in files:
        puzzles = os.path.basename(os.path.dirname(os.path.abspath(path))) == 'puzzles'
        with open(path, encoding='utf-8') as f:
            for n, line in enumerate(f, 1):
                word, _, rest = line.strip().partition(' ')
                if word not in ('title', 'about', 'note', 'puzzle', 'task'):
                    continue
                texts = quoted_all(rest) if word == 'task' else [quoted(rest)]
                ref = '%s:%d' % (os.path.basename(path), n)
                parts = []
                for text in texts:
                    if text:
                        parts += sentences(text) if puzzles and word == 'note' else [text]
                for part in parts:
                    if part not in seen:
                        seen[part] = []
                        order.append(part)
                    seen[part].append(ref)
    lines = ['# The scenarios\' and lessons\' titles, abouts and notes, the lessons\' task prompts and '
             'explanations, and the puzzles\' titles and note sentences (tools/scenario_strings.py; do not edit).',
             'msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '']
    for text in order:
        lines.append('#: ' + ' '.join(seen[text]))
        lines.append('msgid ' + po_string(text))
        lines.append('msgstr ""')
        lines.append('')
    data = '\n'.join(lines)
    if os.path.exists(out):
        with open(out, encoding='utf-8') as f:
            if f.read() == data:
                return
    with open(out, 'w', encoding='utf-8') as f:
        f.write(data)


if __name__ == '__main__':
    main()
