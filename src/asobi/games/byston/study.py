"""The balance figures of ドレイクの野望 from the games ``asobi simulate byston --out FILE`` wrote.

Each game's record is replayed with its rules checks (:func:`asobi.core.record.replay`) and read
at the start of every turn and at the end: each country's GP, TL and state, and each camp's income
as 27.2 would count it then. From these come what ``docs/byston/balance.md`` reports: the 27.2 bands
and how often 27.3 (Drake removed) ended the game, the game length, the GP and TL curves, which
countries entered the war and in which turn, and the share of decisive results each camp took,
with Wilson intervals.

Run: ``asobi camps byston games.jsonl [more.jsonl …] [--plot curves.png]``.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from asobi.core.errors import AsobiError
from asobi.core.record import GameRecord
from asobi.core.replay import replaying
from asobi.core.state import GameState
from asobi.core.stats import wilson

from .board import STATE_NAMES, WAR, WAR_SINCE
from .control import camp_income
from .state import BystonState
from .tables import COUNTRIES

BANDS = ("drake_complete", "drake_ahead", "draw", "sheela_ahead", "sheela_complete")
"""27.2's five results, Drake's camp's best first."""


@dataclass
class GameFacts:
    """What one game tells the study."""

    band: str
    clause: str
    turns: int
    actions: int
    difference: int
    by_turn: list[dict[str, Any]] = field(default_factory=list)
    """At the start of each turn: ``gp``, ``tl``, ``state`` per country, ``income`` per camp."""
    war_turn: dict[str, int] = field(default_factory=dict)
    """Country → the turn it was first at war (0: from the start); absent if never."""


def _snapshot(s: BystonState) -> dict[str, Any]:
    drake, sheela = camp_income(s)
    return {
        "turn": s.turn,
        "gp": list(s.gp),
        "tl": list(s.tl),
        "state": [STATE_NAMES[x] for x in s.status],
        "income": [drake, sheela],
    }


def read_game(line: dict[str, Any], where: str) -> GameFacts:
    """Replay one ``simulate --out`` line and read its facts.

    :raises AsobiError: for a line without a byston record, or whose replay ends otherwise.
    """
    raw = line.get("record")
    if not isinstance(raw, dict) or raw.get("game") != "byston":
        raise AsobiError(f"{where}: not a byston game written by `asobi simulate byston --out`")
    record = GameRecord.from_json(raw, where=where)
    by_turn: list[dict[str, Any]] = []

    final: GameState | None = None
    for match in replaying(record, where=where):  # sampled before each action
        final = match.state
        assert isinstance(final, BystonState)
        if len(match.actions) < len(record.actions) and final.turn >= 1 and (
            not by_turn or by_turn[-1]["turn"] != final.turn
        ):
            by_turn.append(_snapshot(final))
    assert isinstance(final, BystonState)
    outcome = final.outcome()
    if outcome is None:
        raise AsobiError(f"{where}: the game did not end")
    if list(outcome.winners) != list(line.get("winners", outcome.winners)):
        raise AsobiError(f"{where}: the replay ends with other winners than the game did")
    drake, sheela = camp_income(final)
    war_turn = {
        COUNTRIES[c]: final.marks[WAR_SINCE + c]
        for c in range(len(COUNTRIES))
        if final.status[c] == WAR or final.marks[WAR_SINCE + c]
    }
    return GameFacts(
        band=str(outcome.reason),
        clause=str(outcome.clause),
        turns=final.turn,
        actions=len(record.actions),
        difference=drake - sheela,
        by_turn=by_turn,
        war_turn=war_turn,
    )


def read_files(paths: Sequence[Path]) -> dict[int, list[GameFacts]]:
    """Every game of the files, by number of players."""
    out: dict[int, list[GameFacts]] = {}
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise AsobiError(f"{path}: cannot read it ({e})") from None
        for n, raw in enumerate(text.splitlines(), 1):
            if not raw.strip():
                continue
            try:
                line = json.loads(raw)
            except json.JSONDecodeError as e:
                raise AsobiError(f"{path}:{n}: not JSON ({e.msg})") from None
            players = int(line.get("record", {}).get("options", {}).get("players", 0))
            out.setdefault(players, []).append(read_game(line, f"{path}:{n}"))
    return out


def _mean(values: Iterable[float]) -> float:
    v = list(values)
    return sum(v) / len(v) if v else float("nan")


def summarize(games: Sequence[GameFacts]) -> dict[str, Any]:
    """The figures of one seating's games (JSON-ready)."""
    n = len(games)
    bands = Counter(g.band for g in games)
    ended_273 = sum(1 for g in games if g.clause == "27.3")
    drake_wins = bands["drake_complete"] + bands["drake_ahead"]
    sheela_wins = bands["sheela_complete"] + bands["sheela_ahead"]
    decisive = drake_wins + sheela_wins
    last = max((len(g.by_turn) for g in games), default=0)
    curves = []
    for t in range(last):
        rows = [g.by_turn[t] for g in games if len(g.by_turn) > t]
        curves.append(
            {
                "turn": rows[0]["turn"],
                "games": len(rows),
                "gp": {c: _mean(r["gp"][i] for r in rows) for i, c in enumerate(COUNTRIES)},
                "tl": {c: _mean(r["tl"][i] for r in rows) for i, c in enumerate(COUNTRIES)},
                "at_war": {
                    c: sum(r["state"][i] == "war" for r in rows) / len(rows) for i, c in enumerate(COUNTRIES)
                },
                "income": [_mean(r["income"][k] for r in rows) for k in (0, 1)],
            }
        )
    war = {}
    for c in COUNTRIES:
        turns = [g.war_turn[c] for g in games if c in g.war_turn]
        war[c] = {
            "share": len(turns) / n if n else 0.0,
            "mean_turn": _mean(turns),
            "by_turn": dict(sorted(Counter(turns).items())),
        }
    return {
        "games": n,
        "bands": {b: bands[b] for b in BANDS},
        "ended_by_27_3": ended_273,
        "decisive": decisive,
        "drake_share_of_decisive": drake_wins / decisive if decisive else None,
        "drake_share_ci": wilson(drake_wins, decisive) if decisive else None,
        "decisive_ci": wilson(decisive, n) if n else None,
        "difference": {
            "mean": _mean(g.difference for g in games),
            "counts": dict(sorted(Counter(g.difference for g in games).items())),
        },
        "turns": {
            "mean": _mean(g.turns for g in games),
            "counts": dict(sorted(Counter(g.turns for g in games).items())),
        },
        "actions": {
            "mean": _mean(g.actions for g in games),
            "max": max((g.actions for g in games), default=0),
        },
        "curves": curves,
        "war": war,
    }


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def markdown(players: int, s: dict[str, Any]) -> str:
    """The seating's figures as the Markdown of ``docs/byston/balance.md``."""
    n = s["games"]
    out = [f"### {players} players — {n} games", ""]
    out.append("| band (27.2) | games | share |")
    out.append("|---|---|---|")
    for b in BANDS:
        out.append(f"| {b} | {s['bands'][b]} | {_pct(s['bands'][b] / n)} |")
    out.append("")
    dci = s["decisive_ci"]
    out.append(
        f"Ended by 27.3 (Drake removed): {s['ended_by_27_3']} ({_pct(s['ended_by_27_3'] / n)}). "
        f"Decisive: {s['decisive']} ({_pct(s['decisive'] / n)}, 95% CI {_pct(dci[0])}–{_pct(dci[1])})."
    )
    if s["decisive"]:
        lo, hi = s["drake_share_ci"]
        out.append(
            f"Drake's camp's share of the decisive results: **{_pct(s['drake_share_of_decisive'])}** "
            f"(95% Wilson {_pct(lo)}–{_pct(hi)})."
        )
    out.append(
        f"Final income difference (Drake − Sheela): mean {s['difference']['mean']:.1f}; "
        f"game length {s['turns']['mean']:.2f} turns, {s['actions']['mean']:.0f} actions on average "
        f"(max {s['actions']['max']})."
    )
    out.append("")
    names = [c for c in COUNTRIES if c != "zelana"]
    out.append(
        "| turn | games | "
        + " | ".join(f"GP {c}" for c in names)
        + " | "
        + " | ".join(f"TL {c}" for c in names)
        + " | income D / S |"
    )
    out.append("|" + "---|" * (3 + 2 * len(names)))
    for row in s["curves"]:
        gp = " | ".join(f"{row['gp'][c]:.1f}" for c in names)
        tl = " | ".join(f"{row['tl'][c]:.1f}" for c in names)
        out.append(
            f"| {row['turn']} | {row['games']} | {gp} | {tl} | {row['income'][0]:.1f} / {row['income'][1]:.1f} |"
        )
    out.append("")
    out.append("| country | went to war | mean turn of entry (0: from the start) | games by turn of entry |")
    out.append("|---|---|---|---|")
    for c, w in s["war"].items():
        turns = ", ".join(f"{t}: {k}" for t, k in w["by_turn"].items()) or "–"
        mean = "–" if w["share"] == 0 else f"{w['mean_turn']:.1f}"
        out.append(f"| {c} | {_pct(w['share'])} | {mean} | {turns} |")
    out.append("")
    return "\n".join(out)


def curves_png(summaries: Mapping[int, dict[str, Any]]) -> bytes:
    """GP, TL, each camp's income and the share of games each country is at war, by turn: one
    row of four plots per seating (drawn on a :class:`Figure`, never through ``pyplot``)."""
    from matplotlib import colormaps
    from matplotlib.figure import Figure

    names = [c for c in COUNTRIES if c != "zelana"]
    palette = colormaps["tab10"]  # a listed colormap: an integer picks a colour
    colours = [palette(i) for i in range(len(names))]
    rows = sorted(summaries)
    fig = Figure(figsize=(16, 3.4 * len(rows)))
    axes = fig.subplots(len(rows), 4, squeeze=False)
    for r, players in enumerate(rows):
        curves = summaries[players]["curves"]
        turns = [row["turn"] for row in curves]
        for key, ax, title in (("gp", axes[r][0], "GP at the start of the turn"), ("tl", axes[r][1], "TL")):
            for c, colour in zip(names, colours, strict=True):
                ax.plot(turns, [row[key][c] for row in curves], label=c, color=colour)
            ax.set_title(f"{players} players: {title}")
        ax = axes[r][2]
        ax.plot(turns, [row["income"][0] for row in curves], label="Drake's camp", color="tab:red")
        ax.plot(turns, [row["income"][1] for row in curves], label="Sheela's camp", color="tab:blue")
        ax.set_title(f"{players} players: income as 27.2 counts it")
        ax.legend(fontsize="small")
        ax = axes[r][3]
        for c, colour in zip(names, colours, strict=True):
            ax.plot(turns, [100 * row["at_war"][c] for row in curves], label=c, color=colour)
        ax.set_title(f"{players} players: games at war (%)")
        axes[r][0].legend(fontsize="small", ncol=2)
        for ax in axes[r]:
            ax.set_xlabel("turn")
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=100, metadata={"Software": None})
    return out.getvalue()
