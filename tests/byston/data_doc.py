"""Writes the generated half of ``docs/byston/data.md`` (the tables and the map) from the data.

``python -m tests.byston.data_doc`` rewrites everything after the "## The tables (as shipped)"
heading; ``test_map`` checks the document is up to date.
"""

from __future__ import annotations

from pathlib import Path

from asobi.games.byston.present.render import render_map
from asobi.games.byston.tables import Tables, tables

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs/byston/data.md"
HEADING = "## The tables (as shipped)\n\nGenerated from the data files; the files are the source.\n"
STATE_JA = {"war": "参戦", "armed": "軍備", "neutral": "静観"}


def _n(value: int | None) -> str:
    return "–" if value is None else str(value)


def generated(t: Tables) -> str:
    g = t.map.grid
    out = ["### Machines", ""]
    out.append(
        "| machine | kind | air | bomb | AA guns×value | guns×value | defence | back (flipped) | capacity "
        "| GP | TL | 増産 GP | 修理 GP |"
    )
    out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for m in t.machines.values():
        f, b = m.front, m.back
        if m.kind == "AB":
            back = f"air {b.air}, bomb {b.bomb}, def {b.defence}"
            cells = [str(f.air), str(f.bomb), "–", "–"]
        else:
            back = f"AA {b.aa_guns}×{b.aa}, guns {b.guns}×{b.gun}, def {b.defence}"
            cells = ["–", "–", f"{f.aa_guns}×{f.aa}", f"{f.guns}×{f.gun}"]
        capacity = "–" if m.kind == "AB" else ("any" if m.capacity is None else str(m.capacity))
        out.append(
            f"| {m.ja} {m.en} | {m.kind} | {' | '.join(cells)} | {f.defence} | {back} | {capacity} "
            f"| {_n(m.gp)} | {m.tl} | {_n(m.extra_gp)} | {m.repair_gp} |"
        )
    out += ["", "### Buildings", ""]
    out.append("| building | AA guns×value | guns×value | defence | back | build GP | 修理 GP |")
    out.append("|---|---|---|---|---|---|---|")
    for bld in t.buildings.values():
        f, k = bld.front, bld.back
        out.append(
            f"| {bld.ja} {bld.en} | {f.aa_guns}×{f.aa} | {f.guns}×{f.gun} | {f.defence} "
            f"| AA {k.aa_guns}×{k.aa}, guns {k.guns}×{k.gun} | {bld.gp} | {bld.repair_gp} |"
        )
    out += ["", "### Counter mix and conversions", ""]
    out += ["| country | counters (how many exist; → 換装 target for GP) |", "|---|---|"]
    for c in t.countries.values():
        parts = []
        for unit, kind in c.counters.items():
            upgrade = (
                f" (→ {t.machines[kind.upgrade_to].ja}, {kind.upgrade_gp} GP)" if kind.upgrade_to else ""
            )
            parts.append(f"{t.unit(unit).ja} {kind.count}{upgrade}")
        out.append(f"| {c.ja} | {', '.join(parts)} |")
    out += ["", "### Start", ""]
    out += ["| country | state | GP | TL | buildings | units on the map | factory box |"]
    out += ["|---|---|---|---|---|---|---|"]
    for cid, c in t.countries.items():
        s = t.starts[cid]
        buildings = ", ".join(f"{g.hex_id(i)} {t.buildings[k].ja}" for i, k in s.buildings.items()) or "–"
        units = "; ".join(
            f"{g.hex_id(i)}: " + ", ".join(f"{t.machines[u].ja} {n}" for u, n in stack.items())
            for i, stack in s.units.items()
        )
        box = ", ".join(f"{t.unit(u).ja} {n}" for u, n in s.factory.items()) or "–"
        out.append(
            f"| {c.ja} | {STATE_JA[c.state]} | {_n(c.gp)} | {_n(c.tl)} | {buildings} | {units} | {box} |"
        )
    out += ["", "### Characters", ""]
    out.append(
        "| character | country | AB atk/def/cmd | AS atk/def/cmd | survival 1–6 (flipped / removed) "
        "| grows to | enters |"
    )
    out.append("|---|---|---|---|---|---|---|")
    for ch in t.characters.values():
        enters = f"start {g.hex_id(ch.start_hex)}" if ch.start_hex is not None else ch.enters
        grows = t.characters[ch.grows_to].ja if ch.grows_to else "–"
        leave = " (D = leave)" if ch.leaves_on_d else ""
        out.append(
            f"| {ch.ja} {ch.en} | {t.countries[ch.country].ja} "
            f"| {ch.ab_attack}/{ch.ab_defence}/{ch.ab_command} | {ch.as_attack}/{ch.as_defence}/{ch.as_command} "
            f"| `{ch.survival_flipped}` / `{ch.survival_removed}` | {grows} | {enters}{leave} |"
        )
    out += ["", "### Action chits", ""]
    out += ["| chit | kind | country | paid by | how many | GP |", "|---|---|---|---|---|---|"]
    for chit in t.chits.values():
        payers = ", ".join(t.countries[p].ja for p in chit.producers)
        out.append(
            f"| {chit.ja} | {chit.kind} | {t.countries[chit.country].ja} | {payers} | {chit.count} | {chit.gp} |"
        )
    out += ["", "### The map", "", "```"]
    out.append(render_map(t).rstrip("\n"))
    out.append("```")
    return "\n".join(out) + "\n"


def document(text: str, t: Tables) -> str:
    """``text`` with everything after the generated-part heading replaced."""
    head, found, _ = text.partition(HEADING)
    if not found:
        raise ValueError(f"{DOC} has no {HEADING.splitlines()[0]!r} heading")
    return head + HEADING + "\n" + generated(t)


if __name__ == "__main__":
    DOC.write_text(document(DOC.read_text(encoding="utf-8"), tables()), encoding="utf-8")
    print(f"wrote {DOC}")
