#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""TAP: the built desktop entry and metainfo carry the Russian translation.

meson's merge_file() fills them from po/; this fails if a string lost its
translation or the files stopped being merged.
Usage: check-data-translations.py DESKTOP_FILE METAINFO_FILE
"""
import configparser
import sys
import xml.etree.ElementTree as ET

LANG = 'ru'
XML_LANG = '{http://www.w3.org/XML/1998/namespace}lang'


def has_cyrillic(text):
    return any('\u0400' <= c <= '\u04ff' for c in text or '')


def desktop_checks(path):
    entry = configparser.RawConfigParser(interpolation=None, strict=False)
    entry.optionxform = str
    entry.read(path, encoding='utf-8')
    section = entry['Desktop Entry']
    return [('desktop %s[%s] is translated' % (key, LANG),
             has_cyrillic(section.get('%s[%s]' % (key, LANG))))
            for key in ('Name', 'GenericName', 'Comment', 'Keywords')]


def metainfo_checks(path):
    root = ET.parse(path).getroot()
    results = []
    for tag in ('name', 'summary'):
        texts = [e.text for e in root.findall(tag) if e.get(XML_LANG) == LANG]
        results.append(('metainfo <%s xml:lang="%s"> is translated' % (tag, LANG),
                        any(has_cyrillic(t) for t in texts)))
    description = root.find('description')
    untranslated = [e for e in description.iter()
                    if e.tag in ('p', 'li') and e.get(XML_LANG) is None]
    translated = [e for e in description.iter()
                  if e.tag in ('p', 'li') and e.get(XML_LANG) == LANG and has_cyrillic(e.text)]
    results.append(('every paragraph and item of the description is translated',
                    len(untranslated) > 0 and len(translated) == len(untranslated)))
    return results


def main():
    desktop, metainfo = sys.argv[1:3]
    results = desktop_checks(desktop) + metainfo_checks(metainfo)
    print('1..%d' % len(results))
    for n, (name, ok) in enumerate(results, start=1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', n, name))


main()
