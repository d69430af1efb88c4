#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""TAP: the Flatpak manifest parses and builds this tree as the app.

Usage: check-flatpak.py MANIFEST APP_ID COMMAND
"""
import json
import sys


def checks(manifest, app_id, command):
    modules = manifest.get('modules', [])
    app_module = modules[-1] if modules else {}
    return [
        ('names the app id ' + app_id, manifest.get('id') == app_id),
        ('runs the command ' + command, manifest.get('command') == command),
        ('uses the GNOME runtime and SDK',
         manifest.get('runtime') == 'org.gnome.Platform'
         and manifest.get('sdk') == 'org.gnome.Sdk'),
        ('pins a stable runtime version',
         str(manifest.get('runtime-version', 'master')) not in ('master', '')),
        ('grants the display and GPU, nothing more',
         sorted(manifest.get('finish-args', [])) == sorted(
             ['--share=ipc', '--socket=fallback-x11', '--socket=wayland', '--device=dri'])),
        ('builds this tree with meson',
         app_module.get('buildsystem') == 'meson'
         and app_module.get('sources') == [{'type': 'dir', 'path': '..'}]),
        ('runs the tests', app_module.get('run-tests') is True),
    ]


def main():
    path, app_id, command = sys.argv[1:4]
    try:
        with open(path, encoding='utf-8') as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        print('1..1')
        print('# %s' % e)
        print('not ok 1 - %s parses as JSON' % path)
        return
    results = checks(manifest, app_id, command)
    print('1..%d' % (len(results) + 1))
    print('ok 1 - %s parses as JSON' % path)
    for n, (name, ok) in enumerate(results, start=2):
        print('%s %d - %s' % ('ok' if ok else 'not ok', n, name))


main()
