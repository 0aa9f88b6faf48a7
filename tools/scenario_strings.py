#!/usr/bin/env python3
"""Writes the gettext template of the scenarios' texts: every `title`, `about` and `note` string of
the DGN files given (their English text is the msgid). The files stay in English; the studio shows
the translation (src/studio/i18n.h, S_()).

usage: scenario_strings.py OUT.pot FILE.dgn...
"""
import os
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


def po_string(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n') + '"'


def main():
    out, files = sys.argv[1], sorted(sys.argv[2:])
    seen, order = {}, []
    for path in files:
        with open(path, encoding='utf-8') as f:
            for n, line in enumerate(f, 1):
                word, _, rest = line.strip().partition(' ')
                if word not in ('title', 'about', 'note'):
                    continue
                text = quoted(rest)
                if not text:
                    continue
                ref = '%s:%d' % (os.path.basename(path), n)
                if text not in seen:
                    seen[text] = []
                    order.append(text)
                seen[text].append(ref)
    lines = ['# The scenarios\' titles, abouts and notes (tools/scenario_strings.py; do not edit).',
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
