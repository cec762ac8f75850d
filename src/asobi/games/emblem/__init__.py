"""emblem: the 2-player card battle whose game flow is chapter 2 of the Fire Emblem TCG rules.

The printed chapter is enforced clause by clause; the rest of the game (the field, movement,
combat, keywords, winning, the card pool and decks) is this project's completion, written down in
``docs/emblem/rules-notes.md`` with ids ``C-n`` and kept apart from the printed ids.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from asobi.core import GameSpec, Option, register

from .cards import DECKS, Deck, load_deck, preconstructed
from .messages import MESSAGES, SEAT_NAMES, localize, remember_deck_name
from .render import render
from .state import EmblemState

MAX_STEPS = 16_000
"""No game lasts longer. Each player draws once a turn (2.3.1) from 53 undrawn cards, so C-25
ends every game by turn 54. A turn holds at most about 280 steps: the start-of-turn effects
(9 units, captures and poisons, and the land: 10, C-34); two 国力 phases of at most 5 (unit step)
+ 3 (a deploy in parts) + 8 (three cancelled deploys, C-36) + 37 (item step: 9 hand cards,
27 attached cards, next); an invasion of 9 units × 6 decisions (with a heal's number, C-35) + 1;
an end phase of 9 × 4 keywords + 9 【修練】 numbers + 9 世代交代 × 2 + 2 for the land + 9 discards
+ 3; and 2 draws — so 54 × 280 plus the setup stays under 16,000. Random games take about 830
steps."""


@cache
def clauses() -> dict[str, str]:
    """The printed clauses (2.x.y) and the completion rules (C-n), id → text."""
    out: dict[str, str] = {}
    for name in ("clauses.tsv", "completion.tsv"):
        text = resources.files("asobi.games.emblem.rules").joinpath(name).read_text(encoding="utf-8")
        for row in csv.DictReader(text.splitlines(), delimiter="\t"):
            out[row["id"]] = row["text"]
    return out


def deck_for(options: Mapping[str, Any], seat: str) -> Deck:
    """The deck a seat plays: its own file if given (checked, C-26), else a preconstructed deck."""
    path = options.get(f"deck_file_{seat}", "")
    if path:
        return load_deck(path)
    return preconstructed(options.get(f"deck_{seat}", DECKS[0 if seat == "a" else 1]))


def new_state(options: Mapping[str, Any]) -> EmblemState:
    """A new game; a deck file that breaks a rule raises ``BadDataError`` naming card and rule."""
    a, b = deck_for(options, "a"), deck_for(options, "b")
    remember_deck_name(a.name_en, a.name_ja)
    remember_deck_name(b.name_en, b.name_ja)
    return EmblemState((a.counts, b.counts), (a.name_en, b.name_en))


def _bots() -> dict[str, Any]:
    from .bots import rule_bot

    return {"rule": rule_bot}


SPEC = GameSpec(
    id="emblem",
    title_ja="ファイアーエムブレム TCG（ゲームの流れ）",
    title_en="Emblem card battle (Fire Emblem TCG flow)",
    rules_version="2",
    options=(
        Option("deck_a", str, DECKS[0], "seat A's preconstructed deck", "Aの構築済みデッキ", choices=DECKS),
        Option("deck_b", str, DECKS[1], "seat B's preconstructed deck", "Bの構築済みデッキ", choices=DECKS),
        Option(
            "deck_file_a", str, "", "seat A's own deck file (TOML); overrides deck_a", "Aのデッキファイル"
        ),
        Option(
            "deck_file_b", str, "", "seat B's own deck file (TOML); overrides deck_b", "Bのデッキファイル"
        ),
    ),
    seat_names=lambda options: SEAT_NAMES,
    new_state=new_state,
    state_class=EmblemState,
    messages=MESSAGES,
    render=render,
    clauses=clauses,
    localize=localize,
    bots=_bots(),
    conformance_options=({}, {"deck_a": "crimson", "deck_b": "azure"}),
    max_steps=MAX_STEPS,
)
EmblemState.spec = SPEC
register(SPEC)

__all__ = ["SPEC", "EmblemState"]
