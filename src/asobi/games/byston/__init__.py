"""byston: ドレイクの野望, the strategic wargame of the Byston Well war (2–4 players).

The authored data and its checks (``tables.py``), the hex geometry (``hexes.py``), the state
(``state.py``) and the whole turn (``rules/``), the declared spaces (``space.py``), the observation
tensor (``tensor.py``), the rule bot (``bots.py``) and the terminal drawing (``render.py``);
``spec.py`` builds the GameSpec, registered on import below. The printed rules are
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


def _register() -> None:
    # After ``clauses`` exists: the spec module imports it from this package.
    from asobi.core import register

    from .spec import spec

    register(spec())


_register()
