#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Finds calls, increments and assignments in the arguments of macros that
evaluate an argument more than once: GLib's MAX, MIN, CLAMP and ABS, and
every function-like macro defined in the sources whose body names one of
its parameters twice. Such an argument runs twice: a recursive call in
MAX () made the title formatter exponential in the nesting depth; an
increment would count twice. Store the value in a variable first.

Usage: check-macro-args.py SOURCE-DIR…  (TAP output)
"""

import os
import re
import sys

GLIB_MACROS = {'MAX': None, 'MIN': None, 'CLAMP': None, 'ABS': None}
# Macros that only index or measure, which are safe to evaluate twice.
PURE = {'g_array_index', 'g_ptr_array_index', 'sizeof', 'G_N_ELEMENTS'}
DEFINE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+(\w+)\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)', re.M)
CALL = re.compile(r'\b([A-Za-z_]\w*)\s*\(')
SIDE_EFFECT = re.compile(r'\+\+|--|(?<![=!<>])=(?!=)')


def strip_comments(text):
    """Blanks comments and string literals, keeping line numbers."""
    def blank(match):
        return re.sub(r'[^\n]', ' ', match.group(0))
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', blank, text, flags=re.S)


def twice_used(sources):
    """Own macros → indices of the parameters their body names twice."""
    found = {}
    for text in sources.values():
        for m in DEFINE.finditer(text):
            params = [p.strip() for p in m.group(2).split(',')]
            body = m.group(3)
            twice = {i for i, p in enumerate(params)
                     if p and p != '...' and len(re.findall(r'\b%s\b' % re.escape(p), body)) > 1}
            if twice:
                found[m.group(1)] = twice
    return found


def split_args(text, start):
    """The arguments of the call whose '(' is at text[start - 1]."""
    depth, args, begin, i = 1, [], start, start
    while depth > 0 and i < len(text):
        c = text[i]
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
        elif c == ',' and depth == 1:
            args.append(text[begin:i])
            begin = i + 1
        i += 1
    args.append(text[begin:i - 1])
    return args


def offending(arg):
    calls = [name for name in CALL.findall(arg)
             if name not in PURE and not name.isupper() and name not in GLIB_MACROS]
    return calls or SIDE_EFFECT.search(arg)


def main():
    sources = {}
    for top in sys.argv[1:]:
        for root, _, files in os.walk(top):
            for name in sorted(files):
                if name.endswith(('.c', '.h')):
                    path = os.path.join(root, name)
                    with open(path, encoding='utf-8') as f:
                        sources[path] = strip_comments(f.read())
    macros = dict(GLIB_MACROS)
    macros.update(twice_used(sources))
    use = re.compile(r'\b(%s)\s*\(' % '|'.join(sorted(macros)))
    problems = []
    for path, text in sorted(sources.items()):
        for m in use.finditer(text):
            if re.match(r'[ \t]*#[ \t]*define', text[text.rfind('\n', 0, m.start()) + 1:m.start()]):
                continue
            args = split_args(text, m.end())
            which = macros[m.group(1)]
            for i, arg in enumerate(args):
                if (which is None or i in which) and offending(arg):
                    line = text.count('\n', 0, m.start()) + 1
                    problems.append('%s:%d: %s (%s)' % (path, line, m.group(1), ' '.join(arg.split())))
    print('1..1')
    if problems:
        print('not ok 1 - macro arguments evaluated twice have no calls or side effects')
        for p in problems:
            print('# ' + p)
        return 1
    print('ok 1 - macro arguments evaluated twice have no calls or side effects')
    return 0


if __name__ == '__main__':
    sys.exit(main())
