"""A study's figures, from its games' lines: what the HTML, the plots and ``--compare`` show.

The result is plain JSON (``study.json`` beside the report). Per setting (one cell of the
``--vary`` grid): win rates with their 95% Wilson interval (one for the table in a co-operative
game, else per seat), how games ended, the length (actions, and the game's clock: rounds or
turns) with a bootstrap interval of its mean, the first player's and seat A's advantage, the game's
figures at the start of every round or turn (mean and bootstrap interval over the games still
running), and per piece of content how often it was played and how the games went when it was.
Across settings: the win rates of every two settings that differ in one value compared, with
Holm-adjusted p-values.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ...core.seeding import derive_seed
from ...core.spec import GameSpec
from ..balance import Cell
from ..facts import TABLE
from .stats import binomial_test, bootstrap_mean, compare_rates, holm, wilson

FORMAT = "asobi-study 1"
MIN_RUNNING = 5
"""A round or turn is plotted while at least this many games (and 2% of them) are still running."""


def rate(k: int, n: int) -> dict[str, float | int]:
    low, high = wilson(k, n)
    return {"k": k, "n": n, "rate": k / n if n else 0.0, "low": low, "high": high}


def mean_json(values: Sequence[float], seed: int) -> dict[str, float]:
    mean, low, high = bootstrap_mean(values, seed)
    ordered = sorted(values)
    return {
        "mean": mean, "low": low, "high": high,
        "median": statistics.median(ordered),
        "p90": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))],
        "max": ordered[-1],
        "sd": statistics.stdev(ordered) if len(ordered) > 1 else 0.0,
        "n": len(ordered),
    }


def label_of(settings: Mapping[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in settings.items()) or "all games"


def co_operative(lines: Sequence[Mapping[str, Any]], seat_counts: Sequence[int]) -> bool:
    """True when in every game the seats won or lost together."""
    return all(len(g["winners"]) in (0, seat_counts[g["cell"]]) for g in lines)


def build_report(
    spec: GameSpec,
    cells: Sequence[Cell],
    lines: Sequence[Mapping[str, Any]],
    meta: Mapping[str, Any],
    seed: int,
) -> dict[str, Any]:
    """The study's figures (JSON) from its cells and its games' lines (records not needed).

    :param meta: how the study was made (command, seed…), kept whole; its ``rules_version`` and
        ``data_hash``, read from the games' records, are preferred to the spec's own.
    """
    co_op = co_operative(lines, [len(c.seat_names) for c in cells])
    by_cell: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    for g in lines:
        by_cell[g["cell"]].append(g)
    settings = [
        _setting(spec, i, cell, by_cell[i], co_op, derive_seed(seed, "study", i)) for i, cell in enumerate(cells)
    ]
    clock = next((g["progress"]["names"][0] for g in lines if g.get("progress")), None)
    return {
        "format": FORMAT,
        **meta,  # the command, seeds…: how to make it again
        "game": spec.id,
        "title": f"{spec.title_ja} / {spec.title_en}",
        "rules_version": meta.get("rules_version", spec.rules_version),
        "data_hash": meta.get("data_hash", spec.records.data_hash() if spec.records.data_hash else None),
        "co_operative": co_op,
        "clock": clock,
        "settings": settings,
        "differences": differences(settings, co_op),
    }


def _setting(
    spec: GameSpec, index: int, cell: Cell, games: Sequence[Mapping[str, Any]], co_op: bool, seed: int
) -> dict[str, Any]:
    n = len(games)
    seats = list(cell.seat_names)
    wins = Counter(w for g in games for w in g["winners"])
    out: dict[str, Any] = {
        "index": index,
        "label": label_of(dict(cell.settings)),
        "settings": dict(cell.settings),
        "options": dict(cell.options),
        "bots": list(cell.bots),
        "seat_names": seats,
        "seat_titles": [spec.seat_title(name) for name in seats],  # as people call them (GameSpec.words)
        "games": n,
        "unfinished": sum(1 for g in games if g["reason"] == "unfinished"),
        "draws": sum(1 for g in games if not g["winners"] and g["reason"] != "unfinished")
        if not co_op else 0,
        "win": rate(sum(1 for g in games if g["winners"]), n),
        "seat_wins": [{"seat": s, **rate(wins[i], n)} for i, s in enumerate(seats)],
        "reasons": [
            {"reason": r, "said": spec.outcome_title(r) if r != "unfinished" else "unfinished", "clause": c, "games": k}
            for (r, c), k in Counter((g["reason"], g["clause"]) for g in games).most_common()
        ],
    }
    out["length"] = _length(games, seed)
    out["first_player"], out["seat_advantage"] = _advantage(games, seats, co_op)
    out["progress"] = _progress(games, seed)
    out["content"] = _content(spec, games, co_op)
    return out


def _length(games: Sequence[Mapping[str, Any]], seed: int) -> dict[str, Any]:
    length: dict[str, Any] = {"actions": mean_json([g["steps"] for g in games], derive_seed(seed, "actions"))}
    clocks = [g["progress"]["end"][0] for g in games if g.get("progress")]
    if clocks:
        length["clock"] = mean_json(clocks, derive_seed(seed, "clock"))
        length["clock_counts"] = {f"{v:g}": k for v, k in sorted(Counter(clocks).items())}
    return length


def _advantage(
    games: Sequence[Mapping[str, Any]], seats: Sequence[str], co_op: bool
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The first player's wins among decided games where the rules chose who began, and (two
    seats) seat A's wins among decided games, each with its exact test against 50%."""
    if co_op:
        return None, None
    decided = [g for g in games if g["winners"]]
    chosen = [g for g in decided if g.get("first_seat") is not None]
    first = None
    if chosen:
        k = sum(1 for g in chosen if g["first_seat"] in g["winners"])
        first = {**rate(k, len(chosen)), "p": binomial_test(k, len(chosen))}
    seat = None
    if len(seats) == 2 and decided:
        k = sum(1 for g in decided if 0 in g["winners"])
        seat = {"seat": seats[0], **rate(k, len(decided)), "p": binomial_test(k, len(decided))}
    return first, seat


def _progress(games: Sequence[Mapping[str, Any]], seed: int) -> dict[str, Any] | None:
    played = [g["progress"] for g in games if g.get("progress")]
    if not played:
        return None
    names = played[0]["names"]
    at: dict[float, list[list[float]]] = defaultdict(list)
    for p in played:
        for values in p["start"]:
            at[values[0]].append(values)
    floor = max(MIN_RUNNING, 0.02 * len(played))
    clock = [t for t in sorted(at) if len(at[t]) >= floor]
    figures: dict[str, dict[str, list[float]]] = {}
    for j, name in enumerate(names[1:], start=1):
        series: dict[str, list[float]] = {"mean": [], "low": [], "high": []}
        for t in clock:
            mean, low, high = bootstrap_mean([v[j] for v in at[t]], derive_seed(seed, "progress", name, t), 500)
            series["mean"].append(mean)
            series["low"].append(low)
            series["high"].append(high)
        figures[name] = series
    end = {
        name: dict(zip(("mean", "low", "high"),
                       bootstrap_mean([p["end"][j] for p in played], derive_seed(seed, "end", name)), strict=True))
        for j, name in enumerate(names[1:], start=1)
    }
    return {"clock": clock, "running": [len(at[t]) for t in clock], "figures": figures, "end": end}


def _content(spec: GameSpec, games: Sequence[Mapping[str, Any]], co_op: bool) -> list[dict[str, Any]]:
    """Per content id: in how many units (a game for a co-operative game, else a seat in a game)
    it was held and played, its plays, and the units' win rates when played and when held but not
    played (a correlation: a card played in won games may be played because the game went well)."""
    held: Counter[str] = Counter()
    played: Counter[str] = Counter()
    plays: Counter[str] = Counter()
    won_played: Counter[str] = Counter()
    won_held: Counter[str] = Counter()
    units = 0
    for g in games:
        facts = g.get("content")
        if not facts:
            continue
        seats = [TABLE] if co_op else [k for k in {*facts["held"], *facts["played"]} if k != TABLE]
        for key in seats:
            units += 1
            if co_op:
                h = {c for cs in facts["held"].values() for c in cs}
                p: Counter[str] = Counter()
                for counts in facts["played"].values():
                    p.update(counts)
                won = bool(g["winners"])
            else:
                h = set(facts["held"].get(key, ()))
                p = Counter(facts["played"].get(key, {}))
                won = int(key) in g["winners"]
            h |= set(p)
            for c in h:
                held[c] += 1
                if c in p:
                    played[c] += 1
                    plays[c] += p[c]
                    won_played[c] += won
                else:
                    won_held[c] += won
    rows = []
    for c in sorted(held):
        not_played = held[c] - played[c]
        row: dict[str, Any] = {
            "id": c,
            "name": _name(spec, c),
            "held": held[c],
            "played": played[c],
            "plays": plays[c],
            "play_rate": played[c] / held[c],
            "units": units,
            "win_played": rate(won_played[c], played[c]),
            "win_not_played": rate(won_held[c], not_played),
        }
        if played[c] and not_played:
            row["difference"] = compare_rates(won_played[c], played[c], won_held[c], not_played).to_json()
        rows.append(row)
    return rows


def _name(spec: GameSpec, content: str) -> str:
    if spec.localize is None:
        return content
    try:
        return spec.localize("card", content, "en")
    except (KeyError, ValueError, IndexError):
        return content


def differences(settings: Sequence[Mapping[str, Any]], co_op: bool) -> list[dict[str, Any]]:
    """The win rates (each seat's, in a competitive game) of every two settings that differ in one
    ``--vary`` value only (on a grid: along one axis, the others held), compared; p-values
    Holm-adjusted over the whole list."""
    if len(settings) < 2:
        return []
    pairs = [
        (i, j) for i, j in combinations(range(len(settings)), 2)
        if sum(settings[i]["settings"][k] != settings[j]["settings"][k] for k in settings[i]["settings"]) == 1
    ]
    rows = []
    for i, j in pairs:
        a, b = settings[i], settings[j]
        if co_op:
            measures = [("win rate", a["win"], b["win"])]
        else:
            seats_b = {s["seat"]: s for s in b["seat_wins"]}
            measures = [(f"{s['seat']} wins", s, seats_b[s["seat"]]) for s in a["seat_wins"] if s["seat"] in seats_b]
        for what, ra, rb in measures:
            d = compare_rates(ra["k"], ra["n"], rb["k"], rb["n"])
            rows.append({"a": a["label"], "b": b["label"], "what": what, **d.to_json()})
    for row, adjusted in zip(rows, holm([r["p"] for r in rows]), strict=True):
        row["p_holm"] = adjusted
    return rows
