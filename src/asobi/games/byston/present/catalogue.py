"""Every machine, building, character and chit of ドレイクの野望 with its numbers in Japanese and
English, for the browser's inspector: the counters' data (our reconstruction), the same for every
seat."""

from __future__ import annotations

from typing import Any

from asobi.core.hooks import CatalogueEntry as Entry
from asobi.core.hooks import catalogue_entry as _entry

from ..tables import tables as byston_tables


def _side(side: Any) -> str:
    return (f"air {side.air} · bomb {side.bomb} · AA {side.aa_guns}×{side.aa} · guns {side.guns}×{side.gun}"
            f" · defence {side.defence}")


def catalogue() -> dict[str, Entry]:
    """Every machine, building, character and chit (their counters and the board open to these)."""
    t = byston_tables()
    out: dict[str, Entry] = {}
    for m in t.machines.values():
        facts: dict[str, Any] = {"kind": m.kind, "GP": m.gp, "TL": m.tl, "front 表": _side(m.front), "back 裏": _side(m.back)}
        if m.capacity:
            facts["capacity 搭載"] = m.capacity
        out[m.id] = _entry(m.id, m.kind, (m.ja, m.en), (f"{m.kind}（生産 {m.gp} GP・TL {m.tl}・修理 {m.repair_gp} GP）",
                                                        f"{m.kind} (made for {m.gp} GP at TL {m.tl}, repaired for {m.repair_gp} GP)"), facts)
    for b in t.buildings.values():
        out[b.id] = _entry(b.id, "building", (b.ja, b.en), (f"建物（建築 {b.gp} GP・修理 {b.repair_gp} GP）",
                                                            f"building (built for {b.gp} GP, repaired for {b.repair_gp} GP)"),
                           {"front 表": _side(b.front), "back 裏": _side(b.back)})
    for c in t.characters.values():
        country = t.countries[c.country]
        facts = {"AB attack/defence/command": f"{c.ab_attack}/{c.ab_defence}/{c.ab_command}",
                 "AS attack/defence/command": f"{c.as_attack}/{c.as_defence}/{c.as_command}",
                 "survival (flipped)": c.survival_flipped, "survival (removed)": c.survival_removed}
        out[c.id] = _entry(c.id, "character", (c.ja, c.en), (f"{country.ja}のキャラクター", f"a character of {country.en}"), facts)
    for k in t.chits.values():
        country = t.countries[k.country]
        out[k.id] = _entry(k.id, "chit", (k.ja, k.en), (f"{country.ja}の{k.kind}チット（{k.gp} GP、{k.count}枚）",
                                                        f"{country.en}'s {k.kind} chit ({k.gp} GP, {k.count} made at most)"),
                           {"kind": k.kind, "GP": k.gp})
    return out
