"""Count 世代交代 and the end-phase land in emblem games written by `asobi simulate --out` or
`asobi study --out` (its games.jsonl), for balance.md:

    asobi simulate emblem -n 200 --seed 0 --jobs 1 --out games.jsonl
    python docs/emblem/succession_counts.py games.jsonl

Each game is replayed from its record (so the data files must be the ones it was played with).
Printed: games; 2.5.4 changes made (`succeed`) and the (end phase, unit) pairs in which one was
offered; the same for 2.5.5 (`inherit`); C-31 chips lost; 2.5.2 land chips (`rally`); then the
count per parent → child and per land or guardian card placed.
"""

from __future__ import annotations

import json
import sys
from collections import Counter

from asobi.core import GameRecord, GameState
from asobi.core.replay import replaying

FAMILY = ("succeed", "inherit")


def replay_noting_offers(record: GameRecord) -> tuple[GameState, set[tuple[str, int, int, int]]]:
    """The final state, and each (verb, turn, seat, square) in which 世代交代 was a legal action."""
    offered: set[tuple[str, int, int, int]] = set()
    state = None
    for match in replaying(record):  # before the first action, then after each
        state = match.state
        seat = state.current_seat
        if seat >= 0:
            for a in state.legal_actions():
                if a[0] in FAMILY:
                    offered.add((a[0], state.turn, seat, a[1]))
    assert state is not None
    return state, offered


def count(path: str) -> tuple[int, Counter[str], Counter[tuple[str, ...]]]:
    totals: Counter[str] = Counter()
    detail: Counter[tuple[str, ...]] = Counter()
    games = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            data = json.loads(line)
            final, offered = replay_noting_offers(GameRecord.from_json(data.get("record", data)))
            games += 1
            for verb in FAMILY:
                totals[f"{verb} offered"] += sum(1 for o in offered if o[0] == verb)
            keys = {e.key for e in final.log}
            totals["games with 2.5.4"] += "succeed" in keys
            totals["games with 2.5.2"] += "rally" in keys
            for e in final.log:
                if e.key in (*FAMILY, "rally", "chips_over", "place"):
                    totals[e.key] += 1
                    args = dict(e.args)
                    detail[(e.key, str(args["card"]), str(args.get("child", "")))] += 1
    return games, totals, detail


def main() -> None:
    for path in sys.argv[1:]:
        games, totals, detail = count(path)
        print(f"{path}: {games} games")
        for verb in FAMILY:
            print(f"  {verb}: {totals[verb]} made of {totals[verb + ' offered']} offered (end phase × unit)")
        with_change, with_land = totals["games with 2.5.4"], totals["games with 2.5.2"]
        print(f"  games with a 2.5.4 change: {with_change}; with 2.5.2 land chips: {with_land}")
        print(f"  chips_over (C-31): {totals['chips_over']}; rally (2.5.2): {totals['rally']}")
        for key, n in sorted(detail.items()):
            print("   ", " ".join(k for k in key if k), n)


if __name__ == "__main__":
    main()
