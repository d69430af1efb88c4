#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the seed corpora of fuzz-title-folder (corpus/title: game.json,
tiles.json and map.json joined by NUL bytes) and fuzz-json-format
(corpus/json: single JSON texts). Run from the repository root:

    tests/fuzz/make-title-corpus.py [OUT-DIR]

Without OUT-DIR the small seeds kept in the repository are written: the
test title "mini", the blank template, 1849, and a few broken or unusual
variants. With OUT-DIR, 1840 is added too (a larger corpus for a long run,
not committed)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FILES = ("game.json", "tiles.json", "map.json")


def read_folder(folder):
    texts = []
    for name in FILES:
        with open(os.path.join(ROOT, folder, name), "rb") as f:
            texts.append(f.read())
    return texts


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def title_seeds(full):
    folders = {"mini": "tests/model/titles/mini", "blank": "data/templates/blank", "1849": "data/games/1849"}
    if full:
        folders["1840"] = "data/games/1840"
    seeds = {}
    for name, folder in folders.items():
        seeds[name] = read_folder(folder)
    game, tiles, board = seeds["mini"]
    seeds["mini-no-map"] = [game, tiles, b""]
    seeds["mini-truncated-tiles"] = [game, tiles[: len(tiles) // 2], board]
    seeds["mini-deep-member"] = [game, tiles, board.replace(b"{", b'{"x": ' + b"[" * 60 + b"]" * 60 + b", ", 1)]
    seeds["mini-id-path"] = [game.replace(b'"id": "mini"', b'"id": "../../escape"', 1), tiles, board]
    return seeds


JSON_SEEDS = {
    "numbers.json": b'{"n": [0, -0, 1e3, 1E+3, 0.5, -0.0, 123456789012345678, 1.5e-7, 10.0]}\n',
    "strings.json": b'{"s": ["\\u00e9", "\\ud83d\\ude00", "\\n\\t\\"\\\\\\/", "\xc3\xa9", ""]}\n',
    "nested.json": b'{"a": ' + b"[" * 40 + b"1" + b"]" * 40 + b', "b": {"c": {"d": {"e": {}}}}}\n',
    "wide.json": b'{"row": [' + b", ".join(b'"%d"' % i for i in range(60)) + b"]}\n",
    "literals.json": b'[true, false, null, {}, [], [{}], {"k": []}]\n',
    "scalar.json": b'"just a string"\n',
}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else HERE
    full = len(sys.argv) > 1
    for name, texts in title_seeds(full).items():
        write(os.path.join(out, "corpus" if out == HERE else "", "title", name), b"\0".join(texts))
    json_dir = os.path.join(out, "corpus" if out == HERE else "", "json")
    for folder in ("tests/model/titles/mini", "data/templates/blank"):
        for name, text in zip(FILES, read_folder(folder)):
            write(os.path.join(json_dir, os.path.basename(folder) + "-" + name), text)
    for name, text in JSON_SEEDS.items():
        write(os.path.join(json_dir, name), text)


if __name__ == "__main__":
    main()
