"""The study's plots, drawn from its report (``study.json``) as PNG bytes.

Drawn on :class:`matplotlib.figure.Figure` objects with the Agg canvas, never through ``pyplot``:
no display is needed and no global figure state is kept.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from matplotlib import colormaps
from matplotlib.figure import Figure

MAX_CONTENT_ROWS = 30
"""A content plot shows at most this many pieces, those held in the most units."""
MIN_UNITS = 5
"""A content plot shows a piece only if at least this many units played it, and as many did not."""


def _colours(n: int) -> list[Any]:
    """``n`` colours told apart: the default ten, or twenty for a larger grid."""
    if n > 20:
        return [None] * n  # matplotlib's cycle: repeats, but any more would not be told apart either
    palette = colormaps["tab10" if n <= 10 else "tab20"]  # listed colormaps: an integer picks a colour
    return [palette(i) for i in range(n)]


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None})
    return buf.getvalue()


def _rate_errors(rates: Sequence[Mapping[str, Any]]) -> list[list[float]]:
    # clamped: at 0% or 100% the interval's end may differ from the rate by a rounding error
    return [[max(0.0, 100 * (r["rate"] - r["low"])) for r in rates],
            [max(0.0, 100 * (r["high"] - r["rate"])) for r in rates]]


def outcomes(report: Mapping[str, Any]) -> bytes:
    """Win rate per setting (per seat in a competitive game), with 95% Wilson intervals."""
    settings = report["settings"]
    labels = [s["label"] for s in settings]
    fig = Figure(figsize=(min(11.0, max(7.0, 0.8 * len(settings) + 2)), 4.0), layout="constrained")
    ax = fig.add_subplot()
    x = list(range(len(settings)))
    if report["co_operative"]:
        rates = [s["win"] for s in settings]
        ax.bar(x, [100 * r["rate"] for r in rates], yerr=_rate_errors(rates), capsize=4, color="#4878a8")
        ax.set_ylabel("table win rate (%)")
    else:
        seats = settings[0]["seat_names"]
        titles = settings[0].get("seat_titles", seats)
        width = 0.8 / len(seats)
        for j, (seat, title) in enumerate(zip(seats, titles, strict=True)):
            rates = [next(w for w in s["seat_wins"] if w["seat"] == seat) for s in settings]
            ax.bar([i + (j - (len(seats) - 1) / 2) * width for i in x], [100 * r["rate"] for r in rates], width,
                   yerr=_rate_errors(rates), capsize=3, label=title)
        ax.axhline(50, color="grey", linewidth=0.8, linestyle=":")
        ax.set_ylabel("win rate (%)")
        ax.legend(loc="upper right", fontsize="small")
    ax.set_xticks(x, labels, rotation=30 if len(settings) > 3 else 0, ha="right" if len(settings) > 3 else "center")
    ax.set_ylim(0, 100)
    ax.set_title(f"{report['game']}: win rate, 95% Wilson intervals ({settings[0]['games']} games per setting)",
                 fontsize="medium")
    return _png(fig)


def length(report: Mapping[str, Any]) -> bytes:
    """The share of games ending at each round or turn (or the actions' spread without a clock)."""
    settings = report["settings"]
    fig = Figure(figsize=(7.0, 3.6), layout="constrained")
    ax = fig.add_subplot()
    clock = report.get("clock")
    if clock:
        ends = [float(k) for s in settings for k in s["length"]["clock_counts"]]
        xs = list(range(int(min(ends)), int(max(ends)) + 1))  # the clock counts whole rounds or turns
        for s, colour in zip(settings, _colours(len(settings)), strict=True):
            counts = {float(k): v for k, v in s["length"]["clock_counts"].items()}
            ax.plot(xs, [100 * counts.get(x, 0) / s["games"] for x in xs], marker=".", label=s["label"], color=colour)
        ax.set_xlabel(f"{clock} in which the game ended")
    else:
        for s in settings:
            a = s["length"]["actions"]
            ax.errorbar([s["label"]], [a["mean"]], yerr=[[a["mean"] - a["low"]], [a["high"] - a["mean"]]], fmt="o")
        ax.set_xlabel("setting")
    ax.set_ylabel("games (%)" if clock else "actions per game")
    ax.set_title(f"{report['game']}: game length")
    if clock and len(settings) > 1:
        ax.legend(fontsize="small")
    return _png(fig)


def progress(report: Mapping[str, Any]) -> bytes | None:
    """The game's own figures at the start of each round or turn: the mean over the games still
    running, with its 95% bootstrap interval; and how many games are still running."""
    settings = [s for s in report["settings"] if s.get("progress")]
    if not settings:
        return None
    names = list(settings[0]["progress"]["figures"])
    panels = [*names, "games still running"]
    cols = min(3, len(panels))
    rows = -(-len(panels) // cols)
    fig = Figure(figsize=(4.2 * cols, 3.0 * rows), layout="constrained")
    for k, name in enumerate(panels):
        ax = fig.add_subplot(rows, cols, k + 1)
        for s, colour in zip(settings, _colours(len(settings)), strict=True):
            p = s["progress"]
            if name in p["figures"]:
                f = p["figures"][name]
                (line,) = ax.plot(p["clock"], f["mean"], label=s["label"], color=colour)
                ax.fill_between(p["clock"], f["low"], f["high"], alpha=0.2, color=line.get_color())
            else:
                ax.plot(p["clock"], [100 * r / s["games"] for r in p["running"]], label=s["label"], color=colour)
        ax.set_title(name.replace("_", " ") + ("" if name in names else " (%)"), fontsize="medium")
        ax.set_xlabel(report.get("clock") or "")
    if len(settings) > 1:
        fig.axes[0].legend(fontsize="x-small")
    fig.suptitle(f"{report['game']}: figures at the start of each {report.get('clock')} (mean, 95% bootstrap band)")
    return _png(fig)


def content(report: Mapping[str, Any], setting: Mapping[str, Any]) -> bytes | None:
    """Per piece of content: the win rate of units that played it against units that held it and
    did not, each with its Wilson interval (a correlation, not an effect); ``None`` if no piece has
    :data:`MIN_UNITS` units either way."""
    rows = [r for r in setting["content"] if min(r["played"], r["held"] - r["played"]) >= MIN_UNITS]
    if not rows:
        return None
    rows = sorted(rows, key=lambda r: -r["held"])[:MAX_CONTENT_ROWS]
    rows.sort(key=lambda r: r["win_played"]["rate"] - r["win_not_played"]["rate"])
    fig = Figure(figsize=(7.5, 0.28 * len(rows) + 1.4), layout="constrained")
    ax = fig.add_subplot()
    y = list(range(len(rows)))
    for key, label, colour, shift in (("win_played", "played", "#c0504d", 0.15),
                                      ("win_not_played", "held, not played", "#4878a8", -0.15)):
        rates = [r[key] for r in rows]
        ax.errorbar([100 * r["rate"] for r in rates], [v + shift for v in y], xerr=_rate_errors(rates), fmt="o",
                    markersize=3, capsize=2, color=colour, label=label)
    ax.set_yticks(y, [f"{r['name']} ({r['id']})" if r["name"] != r["id"] else r["id"] for r in rows],
                  fontsize="small")
    ax.set_xlim(0, 100)
    ax.set_xlabel("win rate (%) — correlation, not cause")
    fig.legend(fontsize="small", loc="outside lower center", ncols=2)
    ax.set_title(f"{report['game']} {setting['label']}: win rate when played", fontsize="medium")
    return _png(fig)


def all_figures(report: Mapping[str, Any]) -> dict[str, bytes]:
    """Every plot of the report, by file name."""
    out = {"outcomes.png": outcomes(report), "length.png": length(report)}
    drawn = progress(report)
    if drawn is not None:
        out["progress.png"] = drawn
    for s in report["settings"]:
        drawn = content(report, s)
        if drawn is not None:
            out[f"content-{s['index'] + 1}.png"] = drawn
    return out
