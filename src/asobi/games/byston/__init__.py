"""byston: ドレイクの野望, the strategic wargame of the Byston Well war (2–4 players).

Not yet registered as a playable game: this package holds the authored data and its checks
(``tables.py``), the hex geometry (``hexes.py``), a text map (``render.py``) and the engine's first
part — the state (``state.py``) and the turn's management phases and chit cup (``rules/``), with
movement and combat still to come (``docs/byston/README.md``). ``spec.py`` builds the GameSpec;
this module does not import it, so the registry does not find the game yet. The printed rules are
``shared/rules/byston-wargame.ja.txt``; our decisions on their gaps are
``docs/byston/rules-notes.md`` (ids ``B-n``).
"""

from __future__ import annotations

import csv
from functools import cache
from importlib import resources


@cache
def clauses() -> dict[str, str]:
    """The printed clauses (``17.6``, ``25.9.1``) and our notes on their gaps (``B-n``), id → text.

    The withdrawn 20.2 is left out: there is nothing to enforce or test.
    """
    out: dict[str, str] = {}
    for name in ("clauses.tsv", "notes.tsv"):
        text = resources.files("asobi.games.byston.rules").joinpath(name).read_text(encoding="utf-8")
        for row in csv.DictReader(text.splitlines(), delimiter="\t"):
            if row["kind"] != "deleted":
                out[row["id"]] = row["text"]
    return out
