#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the seed corpus of the fuzz targets: small synthetic saves and
18xx.games records (never the shared recorded games), plus truncated and
mangled copies. Run from the repository root:

    tests/fuzz/make-corpus.py [KOLEYA_CLI]

Given the path of a built koleya-cli, it also writes games of legal moves
(valid-*.json), found by trying candidate actions one by one and keeping
the first that `koleya-cli replay` accepts."""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def action(type_, entity, id_=None, **fields):
    a = {"type": type_, "entity": entity,
         "entity_type": "player" if isinstance(entity, int) else "corporation"}
    if id_ is not None:
        a["id"] = id_
    a.update(fields)
    return a


ACTIONS_1849 = [
    action("bid", 1, 1, company="SCE", price=25),
    action("pass", 2, 2),
    action("pass", 3, 3, auto_actions=[action("pass", 1)]),
    action("par", 1, 4, corporation="AFG", share_price="100,3,5"),
    action("buy_shares", 2, 5, shares=["AFG_1"], percent=10),
    action("sell_shares", 2, 6, shares=["AFG_1"], percent=10),
    action("program_share_pass", 3, 7, unconditional=False, indefinite=False),
    action("lay_tile", "AFG", 8, hex="L12", tile="9-0", rotation=1),
    action("place_token", "AFG", 9, city="M9-0-0", slot=0, tokener="AFG"),
    action("run_routes", "AFG", 10, routes=[{"train": "4H-0", "connections": [["M13", "L12", "M11"]],
                                             "hexes": ["M13", "M11"], "revenue": 40,
                                             "revenue_str": "M13-M11", "nodes": ["M13-1", "M11-0"]}],
           extra_revenue=0, subsidy=0),
    action("dividend", "AFG", 11, kind="payout"),
    action("buy_train", "AFG", 12, train="4H-0", price=100, variant="4H"),
    {"type": "assign", "entity": "CNM", "entity_type": "company", "id": 13, "target": "A5", "target_type": "hex"},
    action("choose", "AFG", 14, choice="Close SMS"),
    action("bankrupt", "AFG", 15),
    action("message", 1, 16, message="hi"),
]

ACTIONS_1840 = [
    action("bid", 1, 1, company="SB", price=30),
    action("choose", 1, 2, choice=0),
    action("merge", "WT", 3, corporation="8"),
    action("reassign_trains", "WT", 4, assignments=[{"train": "Y1-0", "corporation": "8"}]),
    action("remove_token", "8", 5, city="D22-0-0", slot=0),
    action("scrap_train", "WT", 6, train="Y1-1"),
    {"type": "choose_ability", "entity": "KK", "entity_type": "company", "id": 7, "choice": {"type": "sell"}},
    action("program_buy_shares", 2, 8, corporation="D", until_condition=1, from_market=False,
           auto_pass_after=True, auto_actions=[action("program_disable", 2, reason="done")]),
    action("dividend", "WT", 9, kind="variable", amount=40),
    action("end_game", "8", 10),
]


def save(title, players, actions, options=(), redo=(), version=1, data_version=1):
    return {"format": "koleya-save", "version": version,
            "title": {"id": title, "data_version": data_version},
            "players": [{"id": i + 1, "name": n} for i, n in enumerate(players)],
            "options": list(options), "seed": 12345, "actions": actions, "redo": list(redo)}


def record(title, players, actions, rules=(), seed=1234, id_=999, created=1750000000):
    return {"id": id_, "title": title,
            "players": [{"id": i + 1, "name": n} for i, n in enumerate(players)],
            "settings": {"seed": seed, "optional_rules": list(rules)},
            "created_at": created, "result": {str(i + 1): 0 for i in range(len(players))},
            "actions": actions}


def with_undos(actions):
    out = []
    next_id = 100
    for a in actions:
        out.append(a)
        if a.get("id", 0) % 3 == 0:
            out.append({"type": "undo", "entity": 1, "entity_type": "player", "id": next_id})
            out.append({"type": "redo", "entity": 1, "entity_type": "player", "id": next_id + 1})
            next_id += 2
    out.append({"type": "undo", "entity": 1, "entity_type": "player", "id": next_id, "action_id": 2})
    return out


def write(kind, name, obj_or_text):
    folder = os.path.join(HERE, "corpus", kind)
    os.makedirs(folder, exist_ok=True)
    text = obj_or_text if isinstance(obj_or_text, str) else json.dumps(obj_or_text, ensure_ascii=False)
    with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
        f.write(text)
    return text


def candidates(title, n_players, corps, companies):
    """Actions to try at each step, simplest first."""
    out = []
    for p in range(1, n_players + 1):
        for c in companies:
            for price in (20, 30, 40, 50, 60, 80, 100, 130, 160):
                out.append(action("bid", p, company=c, price=price))
        for c in corps:
            for cell in PAR_CELLS[title]:
                out.append(action("par", p, corporation=c, share_price=cell))
            for k in range(1, 9):
                out.append(action("buy_shares", p, shares=["%s_%d" % (c, k)], percent=10))
    out += [action("pass", p) for p in range(1, n_players + 1)]
    out += [action("pass", c) for c in corps]
    return out


PAR_CELLS = {"1849": ["100,3,5", "90,3,4", "80,3,3", "70,3,2"], "1840": ["80,3,2", "70,4,2", "65,4,1"]}


def legal_game(cli, title, n_players, corps, companies, length):
    env = dict(os.environ, KOLEYA_DATA_DIR=os.path.join(HERE, "..", "..", "data", "games"))
    played = []
    for _ in range(length):
        for cand in candidates(title, n_players, corps, companies):
            doc = save(title, ["P%d" % (i + 1) for i in range(n_players)], played + [cand],
                       options=["compat_18xx_games"])
            with open("/tmp/koleya-corpus-try.json", "w") as f:
                json.dump(doc, f)
            res = subprocess.run([cli, "replay", "--json", "/tmp/koleya-corpus-try.json"],
                                 capture_output=True, text=True, env=env)
            if res.returncode == 0:
                played.append(cand)
                break
        else:
            break
    os.unlink("/tmp/koleya-corpus-try.json")
    return save(title, ["P%d" % (i + 1) for i in range(n_players)], played, options=["compat_18xx_games"])


def main():
    p3 = ["Anna", "Борис", "Vera"]
    p5 = ["A", "B", "C", "D", "E"]
    write("save", "empty-1849.json", save("1849", p3, []))
    full = write("save", "actions-1849.json", save("1849", p3, ACTIONS_1849, options=["delay_ift"],
                                                   redo=[action("pass", 1)]))
    write("save", "truncated-1849.json", full[: len(full) // 2])
    write("save", "actions-1840.json", save("1840", ["A", "B"], ACTIONS_1840))
    write("save", "newer-version.json", save("1849", p3, [], version=2))
    write("save", "unknown-title.json", save("1830", p3, []))
    write("save", "nested.json", '{"format":"koleya-save","version":1,"title":{"id":"1849"},"x":[[[[[[[]]]]]]]}')

    write("record", "empty-1849.json", record("1849", p3, []))
    rec = write("record", "undo-1849.json", record("1849", p3, with_undos(ACTIONS_1849), rules=["delay_ift"]))
    write("record", "truncated-1849.json", rec[: len(rec) // 3])
    write("record", "actions-1840.json", record("1840", p5, with_undos(ACTIONS_1840)))
    old = record("1849", p3, ACTIONS_1849[:3], created=1613341569)
    old["settings"] = {"seed": "", "unlisted": False}
    old["id"] = "hs_abcdefgh_1613341569"
    write("record", "hotseat-old.json", old)
    if len(sys.argv) > 1:
        write("save", "valid-1849.json", legal_game(sys.argv[1], "1849", 3, ["AFG", "ATA", "CTL", "IFT", "RCS", "SFA"],
                                                    ["SCE", "SMS", "CNM", "SIGI", "PR", "SFC"], 30))
    write("record", "skip-flags.json", record("1849", p3, [dict(a, skip=True) for a in ACTIONS_1849[:4]]
                                              + [{"type": "undo", "entity": 1, "id": 50, "skip": True}]))


if __name__ == "__main__":
    main()
