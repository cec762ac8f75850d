"""``asobi study --compare A B``: what changed between two studies of one game.

Two studies made under different data (another ``data_hash``), rules or option sets are read
from their ``study.json`` and compared setting by setting (settings of the same name, or the one
setting of each): the win rates (tested as in a study), the mean length (Welch's z), and per card
its play rate and its win rate when played. The outcome and length tests are Holm-adjusted
together; the card rows are many, so they are listed by p-value, with how many would pass 5% by
chance.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ...core.errors import AsobiError
from .make import REPORT_FILE
from .report import FORMAT
from .stats import compare_rates, holm, mean_difference


def load_report(source: str) -> dict[str, Any]:
    """A study's report from its directory or its ``study.json``.

    :raises AsobiError: if there is none, or it is not a study's report.
    """
    path = Path(source)
    if path.is_dir():
        path = path / REPORT_FILE
    if not path.is_file():
        raise AsobiError(f"{source}: no study there (expected a study's directory or its {REPORT_FILE})")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise AsobiError(f"{path}: cannot read the study ({e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("settings"), list):
        raise AsobiError(f"{path}: not an asobi study report ({FORMAT})")
    return data


def pair_settings(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Settings of the same label, in A's order; or the single setting of each.

    :raises AsobiError: if the two studies share no setting.
    """
    by_label = {s["label"]: s for s in b["settings"]}
    pairs = [(s, by_label[s["label"]]) for s in a["settings"] if s["label"] in by_label]
    if not pairs and len(a["settings"]) == 1 and len(b["settings"]) == 1:
        pairs = [(a["settings"][0], b["settings"][0])]
    if not pairs:
        raise AsobiError(
            "the two studies share no setting: A has " + ", ".join(s["label"] for s in a["settings"])
            + "; B has " + ", ".join(s["label"] for s in b["settings"])
        )
    return pairs


def compare(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """What changed from study A to study B (JSON).

    :raises AsobiError: for studies of two games, or with no setting in common.
    """
    if a["game"] != b["game"]:
        raise AsobiError(f"study A is of {a['game']}, study B of {b['game']}: compare studies of one game")
    rows: list[dict[str, Any]] = []
    content: list[dict[str, Any]] = []
    for sa, sb in pair_settings(a, b):
        setting = sa["label"] if sa["label"] == sb["label"] else f"{sa['label']} → {sb['label']}"
        if a["co_operative"] and b["co_operative"]:
            measures = [("table win rate", sa["win"], sb["win"])]
        else:
            seats_b = {w["seat"]: w for w in sb["seat_wins"]}
            measures = [(f"{w['seat']} wins", w, seats_b[w["seat"]]) for w in sa["seat_wins"] if w["seat"] in seats_b]
        for what, ra, rb in measures:
            d = compare_rates(rb["k"], rb["n"], ra["k"], ra["n"])
            rows.append({"setting": setting, "what": what, "a": ra["rate"], "b": rb["rate"], "delta": d.delta,
                         "unit": "rate", "test": d.test, "p": d.p})
        for key, what in (("actions", "actions per game"), ("clock", f"{a.get('clock')}s per game")):
            ma, mb = sa["length"].get(key), sb["length"].get(key)
            if ma and mb:
                delta, p = mean_difference(mb["mean"], mb["sd"], mb["n"], ma["mean"], ma["sd"], ma["n"])
                rows.append({"setting": setting, "what": what, "a": ma["mean"], "b": mb["mean"], "delta": delta,
                             "unit": "mean", "test": "welch z", "p": p})
        content += _content_changes(setting, sa["content"], sb["content"])
    for row, adjusted in zip(rows, holm([r["p"] for r in rows]), strict=True):
        row["p_holm"] = adjusted
    content.sort(key=lambda r: r["p"])
    return {
        "game": a["game"],
        "a": _about(a),
        "b": _about(b),
        "changes": rows,
        "content": content,
    }


def _about(report: Mapping[str, Any]) -> dict[str, Any]:
    return {k: report.get(k) for k in ("command", "rules_version", "data_hash", "games_per_setting", "seed", "made")}


def _content_changes(
    setting: str, rows_a: Sequence[Mapping[str, Any]], rows_b: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    by_id = {r["id"]: r for r in rows_b}
    out = []
    for ra in rows_a:
        rb = by_id.get(ra["id"])
        if rb is None:
            continue
        d = compare_rates(rb["played"], rb["held"], ra["played"], ra["held"])
        out.append({"setting": setting, "id": ra["id"], "name": ra["name"], "what": "played when held",
                    "a": d.rate2, "b": d.rate1, "delta": d.delta, "test": d.test, "p": d.p})
        wa, wb = ra["win_played"], rb["win_played"]
        if wa["n"] and wb["n"]:
            d = compare_rates(wb["k"], wb["n"], wa["k"], wa["n"])
            out.append({"setting": setting, "id": ra["id"], "name": ra["name"], "what": "win when played",
                        "a": d.rate2, "b": d.rate1, "delta": d.delta, "test": d.test, "p": d.p})
    return out


def _value(row: Mapping[str, Any], key: str) -> str:
    return f"{100 * row[key]:.1f}%" if row.get("unit", "rate") == "rate" else f"{row[key]:.2f}"


def _delta(row: Mapping[str, Any]) -> str:
    return f"{100 * row['delta']:+.1f} pts" if row.get("unit", "rate") == "rate" else f"{row['delta']:+.2f}"


def markdown(result: Mapping[str, Any], content_rows: int = 15) -> str:
    """The comparison as Markdown tables (what ``--compare`` prints)."""
    a, b = result["a"], result["b"]
    lines = [
        f"# {result['game']}: study A → study B",
        "",
        f"- A: `{a['command']}` (rules {a['rules_version']}, data {a['data_hash']}, {a['games_per_setting']} games "
        "per setting)",
        f"- B: `{b['command']}` (rules {b['rules_version']}, data {b['data_hash']}, {b['games_per_setting']} games "
        "per setting)",
    ]
    if a["data_hash"] != b["data_hash"]:
        lines.append("- The data files differ (another data hash).")
    if a["rules_version"] != b["rules_version"]:
        lines.append("- The rules versions differ.")
    lines += ["", "| setting | figure | A | B | B − A | test | p | p (Holm) |", "|---|---|---|---|---|---|---|---|"]
    for r in result["changes"]:
        lines.append(f"| {r['setting']} | {r['what']} | {_value(r, 'a')} | {_value(r, 'b')} | {_delta(r)} | "
                     f"{r['test']} | {_p(r['p'])} | {_p(r['p_holm'])}{' *' if r['p_holm'] < 0.05 else ''} |")
    rows = result["content"]
    if rows:
        chance = sum(1 for r in rows if r["p"] < 0.05)
        lines += [
            "",
            f"Content: {len(rows)} rows, {chance} with p < 0.05 (about {0.05 * len(rows):.0f} expected by chance "
            f"alone); the {min(content_rows, len(rows))} smallest p:",
            "",
            "| setting | content | figure | A | B | B − A | test | p |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for r in rows[:content_rows]:
            name = r["name"] if r["name"] == r["id"] else f"{r['name']} ({r['id']})"
            lines.append(f"| {r['setting']} | {name} | {r['what']} | {_value(r, 'a')} | {_value(r, 'b')} | "
                         f"{_delta(r)} | {r['test']} | {_p(r['p'])} |")
    return "\n".join(lines)


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3g}"
