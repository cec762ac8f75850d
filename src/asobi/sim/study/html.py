"""The study's report as one self-contained HTML page: its plots are embedded (base64 PNG), so it
opens from a file with no server and nothing else beside it."""

from __future__ import annotations

import base64
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 0.6rem 0 1.2rem; font-size: 0.9rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f2f2f2; }
code, pre { background: #f6f6f6; padding: 0.1rem 0.3rem; }
pre { padding: 0.6rem; overflow-x: auto; white-space: pre-wrap; }
img { max-width: 100%; }
.note { color: #555; font-size: 0.9rem; }
.sig { font-weight: bold; }
table.text td, table.text th { text-align: left; }
"""

SIGNIFICANT = 0.05


def pct(r: Mapping[str, Any]) -> str:
    """A rate and its interval: ``44.9% (41.8–48.0)``."""
    if not r["n"]:
        return "–"
    return f"{100 * r['rate']:.1f}% ({100 * r['low']:.1f}–{100 * r['high']:.1f})"


def p_text(p: float) -> str:
    return "&lt; 0.001" if p < 0.001 else f"{p:.3g}"


def mean_text(m: Mapping[str, Any]) -> str:
    return f"{m['mean']:.2f} ({m['low']:.2f}–{m['high']:.2f})"


def table(header: Sequence[str], rows: Iterable[Sequence[Any]], css: str = "") -> str:
    """A table; ``rows`` hold HTML already (escape text before)."""
    head = "".join(f"<th>{escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    attr = f' class="{css}"' if css else ""
    return f"<table{attr}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def image(name: str, png: bytes | None, alt: str) -> str:
    if png is None:
        return ""
    data = base64.b64encode(png).decode("ascii")
    return f'<p><img src="data:image/png;base64,{data}" alt="{escape(alt)}" title="{escape(name)}"></p>'


def render(report: Mapping[str, Any], figures: Mapping[str, bytes]) -> str:
    """The whole page."""
    settings = report["settings"]
    co_op = report["co_operative"]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>asobi study: {escape(report['game'])}</title><style>{STYLE}</style></head><body>",
        f"<h1>Balance study: {escape(report['title'])}</h1>",
        f"<p>{len(settings)} setting(s) × {report['games_per_setting']} games, bots "
        f"{escape(', '.join(sorted({'/'.join(s['bots']) for s in settings})))}; "
        + ("a co-operative game: the seats win or lose together." if co_op else "a competitive game.") + "</p>",
        _rerun(report),
        _outcomes(report, figures),
        _differences(report),
        _advantage(report),
        _reasons(report),
        _length(report, figures),
        _progress(report, figures),
        _content(report, figures),
        "</body></html>",
    ]
    return "\n".join(p for p in parts if p)


def _rerun(report: Mapping[str, Any]) -> str:
    rows = [
        ("command", f"<code>{escape(report['command'])}</code>"),
        ("batch seed", str(report["seed"])),
        ("games", f"{report['games_per_setting']} per setting; game <i>i</i> of every setting is played from the "
                  "seed the batch seed derives for game <i>i</i> (as <code>asobi simulate</code> does)"),
        ("rules version", escape(str(report["rules_version"]))),
        ("data hash", f"<code>{escape(str(report['data_hash']))}</code>"),
        ("asobi version", escape(str(report.get("asobi_version", "")))),
        ("made", escape(f"{report.get('made', '')} in {report.get('elapsed_s', 0):.0f} s "
                        f"({report.get('where', '')})")),
        ("every game", "<code>games.jsonl</code> beside this page: one line per game with its whole record "
                       "(<code>asobi replay games.jsonl:N</code> replays line N) and what the study read of it"),
    ]
    return "<h2>How to rerun</h2>" + table(("what", "value"), rows, "text") + (
        '<p class="note">The same command gives the same games and the same figures, whatever '
        "<code>--jobs</code> or <code>--cluster</code>.</p>"
    )


def _outcomes(report: Mapping[str, Any], figures: Mapping[str, bytes]) -> str:
    settings = report["settings"]
    if report["co_operative"]:
        header = ["setting", "games", "table wins (95% CI)", "unfinished"]
        rows = [(escape(s["label"]), s["games"], pct(s["win"]), s["unfinished"]) for s in settings]
    else:
        seats = settings[0].get("seat_titles", settings[0]["seat_names"])
        header = ["setting", "games", *(f"{seat} wins (95% CI)" for seat in seats), "draws", "unfinished"]
        rows = [
            (escape(s["label"]), s["games"], *(pct(w) for w in s["seat_wins"]), s["draws"], s["unfinished"])
            for s in settings
        ]
    return (
        "<h2>Outcomes</h2><p>Win rates with their 95% Wilson score interval.</p>" + table(header, rows)
        + image("outcomes.png", figures.get("outcomes.png"), "win rates by setting")
    )


def _differences(report: Mapping[str, Any]) -> str:
    rows = report["differences"]
    if not rows:
        return ""
    body = [
        (
            escape(r["a"]), escape(r["b"]), escape(r["what"]), f"{100 * r['k1'] / r['n1']:.1f}%",
            f"{100 * r['k2'] / r['n2']:.1f}%", f"{100 * r['delta']:+.1f}", "Fisher exact" if r["test"] == "fisher"
            else "two-proportion z", p_text(r["p"]),
            f'<span class="sig">{p_text(r["p_holm"])}</span>' if r["p_holm"] < SIGNIFICANT else p_text(r["p_holm"]),
        )
        for r in rows
    ]
    return (
        "<h2>Do the settings differ?</h2><p>The win rates of every two settings that differ in one value, tested (Fisher's exact test "
        "where a cell of the 2×2 table is expected to hold under 5 games, else the two-proportion z-test); "
        f"the last column adjusts the p-values for the {len(rows)} comparisons (Holm), bold under "
        f"{SIGNIFICANT}. Every setting plays the same seeds, so the games are paired by seed; the tests treat "
        "them as independent samples.</p>"
        + table(("setting A", "setting B", "rate", "A", "B", "A − B (points)", "test", "p", "p (Holm)"), body)
    )


def _advantage(report: Mapping[str, Any]) -> str:
    if report["co_operative"]:
        return ("<h2>Seat and first-player advantage</h2><p>None to measure: in a co-operative game every seat "
                "wins or loses with the table.</p>")
    rows = []
    for s in report["settings"]:
        first, seat = s["first_player"], s["seat_advantage"]
        rows.append((
            escape(s["label"]),
            f"{pct(first)}, p = {p_text(first['p'])}" if first else "– (not chosen by chance)",
            f"{escape(_seat_title(s, seat['seat']))}: {pct(seat)}, p = {p_text(seat['p'])}" if seat else "–",
        ))
    return (
        "<h2>Seat and first-player advantage</h2><p>Among games someone won: how often the player who went "
        "first won, and how often the first seat won, each with its exact binomial test against 50%.</p>"
        + table(("setting", "first player wins (95% CI)", "first seat wins (95% CI)"), rows)
    )


def _seat_title(setting: Mapping[str, Any], name: str) -> str:
    """A seat of a setting as people call it (its name where the report keeps no titles)."""
    titles = dict(zip(setting["seat_names"], setting.get("seat_titles", setting["seat_names"]), strict=True))
    return str(titles.get(name, name))


def _reasons(report: Mapping[str, Any]) -> str:
    columns: list[tuple[str, str]] = []
    said: dict[str, str] = {}  # each reason as people say it (a report made before they were kept: its id)
    for s in report["settings"]:
        for r in s["reasons"]:
            said.setdefault(r["reason"], r.get("said", r["reason"]))
            if (r["reason"], r["clause"]) not in columns:
                columns.append((r["reason"], r["clause"]))
    rows = []
    for s in report["settings"]:
        counts = {(r["reason"], r["clause"]): r["games"] for r in s["reasons"]}
        rows.append((escape(s["label"]), *(f"{100 * counts.get(c, 0) / s['games']:.1f}%" for c in columns)))
    return "<h2>How games ended</h2>" + table(("setting", *(f"{said[r]} ({c})" for r, c in columns)), rows)


def _length(report: Mapping[str, Any], figures: Mapping[str, bytes]) -> str:
    clock = report.get("clock")
    header = ["setting", "actions mean (95% CI)", "median", "90th pct", "max"]
    if clock:
        header += [f"{clock}s mean (95% CI)", "median", "90th pct", "max"]
    rows = []
    for s in report["settings"]:
        a = s["length"]["actions"]
        row = [escape(s["label"]), mean_text(a), f"{a['median']:g}", f"{a['p90']:g}", f"{a['max']:g}"]
        if clock and "clock" in s["length"]:
            c = s["length"]["clock"]
            row += [mean_text(c), f"{c['median']:g}", f"{c['p90']:g}", f"{c['max']:g}"]
        rows.append(row)
    return (
        f"<h2>Game length</h2><p>Means with their 95% bootstrap interval.{' The ' + clock + ' counts the one in which the game ended.' if clock else ''}</p>"
        + table(header, rows) + image("length.png", figures.get("length.png"), "game length distribution")
    )


def _progress(report: Mapping[str, Any], figures: Mapping[str, bytes]) -> str:
    settings = [s for s in report["settings"] if s.get("progress")]
    if not settings:
        return ""
    names = list(settings[0]["progress"]["end"])
    rows = [(escape(s["label"]), *(mean_text(s["progress"]["end"][n]) for n in names)) for s in settings]
    clock = report.get("clock")
    return (
        f"<h2>The game's figures over time</h2><p>At the start of each {clock}: the mean over the games still "
        f"running then (the band: its 95% bootstrap interval), while at least 2% of the games (and 5) run. Later "
        f"{clock}s hold only the longer games, so a curve mixes the figure's course with which games last.</p>"
        + image("progress.png", figures.get("progress.png"), "figures over time")
        + "<p>At the end of the game (mean, 95% bootstrap interval):</p>"
        + table(("setting", *(n.replace("_", " ") for n in names)), rows)
    )


def _content(report: Mapping[str, Any], figures: Mapping[str, bytes]) -> str:
    settings = [s for s in report["settings"] if s["content"]]
    if not settings:
        return ""
    unit = "game" if report["co_operative"] else "seat in a game"
    parts = [
        "<h2>Content: how often each piece is played, and how the games went</h2>",
        f"<p>Per card, over the units (a {unit}) that held it (drew it, or played it): how many played it, how "
        "often in all, and the win rate of the units that played it against those that held it and did not, "
        "with the difference tested. <b>This is a correlation, not an effect</b>: a card may be played more in "
        "games that were going well (or badly) anyway, or in longer games. Sorted by p, the clearest first.</p>",
    ]
    for s in settings:
        rows = sorted(s["content"], key=lambda r: (r["difference"]["p"], r["id"]) if "difference" in r else (2.0, r["id"]))
        body = []
        for r in rows:
            d = r.get("difference")
            body.append((
                escape(f"{r['name']} ({r['id']})" if r["name"] != r["id"] else r["id"]), r["held"],
                f"{100 * r['play_rate']:.0f}%", r["plays"], pct(r["win_played"]), pct(r["win_not_played"]),
                f"{100 * d['delta']:+.1f}" if d else "–",
                (f'<span class="sig">{p_text(d["p"])}</span>' if d["p"] < SIGNIFICANT else p_text(d["p"])) if d else "–",
            ))
        parts.append(f"<h3>{escape(s['label'])}</h3>")
        parts.append(table(("content", "held in", "played when held", "plays", "win when played",
                            "win when held, not played", "difference (points)", "p"), body))
        parts.append(image(f"content-{s['index'] + 1}.png", figures.get(f"content-{s['index'] + 1}.png"),
                           f"content impact, {s['label']}"))
    parts.append(f'<p class="note">With {sum(len(s["content"]) for s in settings)} rows, about one in twenty '
                 "shows p &lt; 0.05 by chance alone.</p>")
    return "\n".join(parts)
