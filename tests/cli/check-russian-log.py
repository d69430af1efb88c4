#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The game log in Russian reads like each title's rulebook.

Replays every recorded game in ../shared/fixtures/18xx.games and one full
self-played game of each title with `koleya-cli replay --log` in Russian
(LANGUAGE=ru, a Russian locale when one is installed, else C.UTF-8), and
fails on:
  * a Latin word other than the identifiers the title's data lists
    (company, private, train, phase, hex, tile ids, location names), the
    players' names and the rulebook's own Latin abbreviations (1840's
    SR1, CR2, LR1a, «Pre»; 1849's currency «L.»);
  * the leaks the issue lists: «Linie», «Share Pool», «Operating Round»;
  * the other title's words: «корпорац», «президент», «касс», «поезд»
    in 1840, «директор», «казн», «трамва», «таблиц» (1840's share price
    table) in 1849;
  * a train the data gives a label («желтый трамвай») named by its
    card's code (Y1, O2);
  * «ё» (the rulebooks write «е»).
The summary `koleya-cli replay` prints (round, phase, scores) is read
the same way. The self-played games are also read in English, which must hold no
Cyrillic.

Usage: check-russian-log.py SOURCE_ROOT  (KOLEYA_CLI, KOLEYA_LOCALEDIR and
KOLEYA_DATA_DIR in the environment). TAP output.
"""

import json
import locale
import os
import re
import subprocess
import sys
import tempfile

FORBIDDEN = ["Linie", "Share Pool", "Operating Round", "ё", "Ё"]
OTHER_TITLE = {
    "1840": ["корпорац", "Корпорац", "президент", "Президент", "касс", "Касс", "поезд", "Поезд"],
    "1849": ["директор", "Директор", "казн", "Казн", "трамва", "Трамва", "таблиц", "Таблиц"],
}
# Latin abbreviations the rulebooks themselves use in the Russian text
ABBREVIATIONS = {
    "1840": re.compile(r"^(SR|CR|LR)[0-9]+[a-f]?$|^Pre$"),
    "1849": re.compile(r"^L$"),
}
SELF_PLAY = {"1840": ("4", "3"), "1849": ("4", "2")}  # players, seed

tests = 0
failed = 0


def ok(good, what, detail=""):
    global tests, failed
    tests += 1
    print(("ok %d - %s" if good else "not ok %d - %s") % (tests, what))
    if not good:
        failed += 1
        for line in detail.splitlines():
            print("# " + line)


def texts(value):
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [v for v in value.values() if isinstance(v, str)]
    return []


def words(text):
    return re.findall(r"\w+", text)


def allowed_words(root, title):
    """Identifiers and names the title's data lists."""
    folder = os.path.join(root, "data", "games", title)
    with open(os.path.join(folder, "game.json"), encoding="utf-8") as f:
        game = json.load(f)
    with open(os.path.join(folder, "map.json"), encoding="utf-8") as f:
        board = json.load(f)
    with open(os.path.join(folder, "tiles.json"), encoding="utf-8") as f:
        tiles = json.load(f)
    allowed = set()
    # corporations go by their id in the log; their long names («Linie 5»)
    # are not identifiers
    for corp in game.get("corporations", []):
        allowed.add(corp["id"])
    for private in game.get("privates", []):
        allowed.add(private["id"])
        for t in texts(private.get("name")):
            allowed.update(words(t))
    for train in game.get("trains", []):
        # a kind the data names («желтый трамвай») is never called by its
        # card's code (Y1, O2)
        if "label" in train.get("extra", {}):
            continue
        allowed.update([train["id"], train.get("name", "")])
        for variant in train.get("variants", []):
            allowed.add(variant.get("name", ""))
    for phase in game.get("phases", []):
        allowed.add(str(phase.get("name", "")))
    for hexdef in board.get("hexes", []):
        allowed.add(hexdef["id"])
        for t in texts(hexdef.get("name")):
            allowed.update(words(t))
    tile_list = tiles.get("tiles", tiles) if isinstance(tiles, dict) else tiles
    for tile in tile_list if isinstance(tile_list, list) else []:
        if isinstance(tile, dict) and "id" in tile:
            allowed.add(str(tile["id"]))
    return allowed


def russian_env():
    env = dict(os.environ)
    env["LANGUAGE"] = "ru"
    env.pop("LC_MESSAGES", None)
    try:
        locale.setlocale(locale.LC_ALL, "ru_RU.UTF-8")
        env["LC_ALL"] = "ru_RU.UTF-8"
    except locale.Error:
        # no Russian locale installed: gettext still follows LANGUAGE
        # under any locale but "C"
        env["LC_ALL"] = "C.UTF-8"
    finally:
        locale.setlocale(locale.LC_ALL, "C")
    return env


def english_env():
    env = dict(os.environ)
    env["LC_ALL"] = "C.UTF-8"
    env.pop("LANGUAGE", None)
    return env


def read_log(cli, path, env, log=True):
    run = subprocess.run([cli, "replay", path] + (["--log"] if log else []), env=env, capture_output=True,
                         encoding="utf-8", errors="replace")
    return run.returncode, run.stdout, run.stderr


def problems(log, title, allowed, players):
    found = []
    pattern = ABBREVIATIONS[title]
    for n, line in enumerate(log.splitlines(), 1):
        bad = [w for w in FORBIDDEN + OTHER_TITLE[title] if w in line]
        rest = line
        # names of several words, or with signs («DT K&C», players)
        for name in players + sorted((a for a in allowed if re.search(r"\W", a)), key=len, reverse=True):
            rest = rest.replace(name, " ")
        for w in words(rest):
            if re.search(r"[A-Za-z]", w) and w not in allowed and not pattern.match(w):
                bad.append(w)
        if bad:
            found.append("line %d: %s  [%s]" % (n, line, ", ".join(sorted(set(bad)))))
    return found


def check_russian(cli, path, title, allowed, players, what):
    status, log, err = read_log(cli, path, russian_env())
    ok(status == 0 and log.count("\n") > 50, what + ": the log is read", err)
    if status != 0:
        return
    found = problems(log, title, allowed, players)
    ok(not found, what + ": the Russian log speaks the rulebook's words",
       "\n".join(found[:40]) + ("\n… %d lines in all" % len(found) if len(found) > 40 else ""))
    # the CLI's summary (round, phase, scores) too: once «Раунд: Operating Round»
    status, summary, err = read_log(cli, path, russian_env(), log=False)
    found = problems(summary, title, allowed, players)
    ok(status == 0 and not found, what + ": the Russian summary speaks the rulebook's words",
       err + "\n".join(found))


def record_players(path):
    with open(path, encoding="utf-8") as f:
        return [p["name"] for p in json.load(f).get("players", [])]


def main():
    sys.stdout.reconfigure(encoding="utf-8")
    root = sys.argv[1]
    cli = os.environ["KOLEYA_CLI"]
    fixtures = os.path.join(os.path.dirname(root), "shared", "fixtures", "18xx.games")
    allowed = {t: allowed_words(root, t) for t in ("1840", "1849")}

    records = sorted(os.listdir(fixtures)) if os.path.isdir(fixtures) else []
    for name in records:
        title = name.split("-", 1)[0]
        if name.endswith(".json") and title in allowed:
            path = os.path.join(fixtures, name)
            check_russian(cli, path, title, allowed[title], record_players(path), name)

    with tempfile.TemporaryDirectory(prefix="koleya-russian-log-") as tmp:
        for title, (players, seed) in SELF_PLAY.items():
            save = os.path.join(tmp, title + ".koleya")
            run = subprocess.run([cli, "selfplay", title, "--players", players, "--seed", seed,
                                  "--save", save], env=russian_env(), capture_output=True, encoding="utf-8", errors="replace")
            ok(run.returncode == 0 and os.path.exists(save), title + ": a self-played game is saved",
               run.stdout + run.stderr)
            if run.returncode != 0:
                continue
            what = "self-played " + title
            # the players are named as the app names them: «Игрок 1»
            names = ["Игрок %d" % (i + 1) for i in range(int(players))]
            check_russian(cli, save, title, allowed[title], names, what)
            status, log, err = read_log(cli, save, english_env())
            cyrillic = [line for line in log.splitlines()
                        if re.search(r"[А-Яа-яЁё]", re.sub(r"Игрок [0-9]", "", line))]
            ok(status == 0 and not cyrillic, what + ": the English log has no Russian",
               err + "\n".join(cyrillic[:20]))

    if not records:
        print("# no recorded games in %s: only the self-played ones were read" % fixtures)
    print("1..%d" % tests)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
