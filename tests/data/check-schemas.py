#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Validates the game.json, tiles.json and map.json of every title folder
under GAMES_DIR against the JSON Schemas in SCHEMA_DIR (draft 2020-12); the
map schema refers to the tile schema by its URN $id.

Exit status: 0 valid, 1 invalid, 77 (skipped) when Python's jsonschema
module is missing: install python3-jsonschema.
Usage: check-schemas.py SCHEMA_DIR GAMES_DIR
"""
import json
import os
import sys
from urllib.parse import urldefrag

try:
    import jsonschema
except ImportError:
    print('SKIP: the Python module jsonschema is missing (Debian: apt install python3-jsonschema)')
    sys.exit(77)

KINDS = ('game', 'tiles', 'map')


def load_schemas(schema_dir):
    schemas = {}
    for kind in KINDS:
        with open(os.path.join(schema_dir, 'koleya-%s.schema.json' % kind), encoding='utf-8') as f:
            schemas[kind] = json.load(f)
    return schemas


def urn_join(base, ref):
    """urljoin() leaves '#/…' alone under a 'urn:' base; join it by hand."""
    if ref.startswith('#'):
        return urldefrag(base)[0] + ref
    return ref


def make_validator(schemas, kind):
    """A Draft 2020-12 validator that resolves references between the three
    schemas: with the referencing library (jsonschema >= 4.18) or with the
    older RefResolver (Debian 12 ships jsonschema 4.10)."""
    schema = schemas[kind]
    cls = jsonschema.Draft202012Validator
    try:
        from referencing import Registry, Resource
    except ImportError:
        store = {s['$id']: s for s in schemas.values()}
        resolver = jsonschema.RefResolver(schema['$id'], schema, store=store, urljoin_cache=urn_join)
        return cls(schema, resolver=resolver)
    registry = Registry().with_resources(
        [(s['$id'], Resource.from_contents(s)) for s in schemas.values()])
    return cls(schema, registry=registry)


def check_title(schemas, title_dir):
    problems = 0
    for kind in KINDS:
        path = os.path.join(title_dir, '%s.json' % kind)
        with open(path, encoding='utf-8') as f:
            data = json.load(f)
        errors = sorted(make_validator(schemas, kind).iter_errors(data), key=lambda e: list(e.absolute_path))
        for error in errors:
            where = '$' + ''.join('[%d]' % p if isinstance(p, int) else '.%s' % p for p in error.absolute_path)
            print('%s: %s: %s' % (path, where, error.message[:300]))
        print('%s: %d problems' % (path, len(errors)))
        problems += len(errors)
    return problems


def check_schemas_themselves(schemas):
    for kind, schema in schemas.items():
        jsonschema.Draft202012Validator.check_schema(schema)
        print('koleya-%s.schema.json is a valid draft 2020-12 schema' % kind)


def title_dirs(games_dir):
    for name in sorted(os.listdir(games_dir)):
        path = os.path.join(games_dir, name)
        if os.path.isfile(os.path.join(path, 'game.json')):
            yield path


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    schemas = load_schemas(argv[1])
    check_schemas_themselves(schemas)
    dirs = list(title_dirs(argv[2]))
    if not dirs:
        print('no title folders in %s' % argv[2])
        return 1
    problems = sum(check_title(schemas, d) for d in dirs)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
