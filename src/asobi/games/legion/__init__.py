"""パラレルレギオン (Parallel Legion): the co-operative defence of the Universe, 2–5 players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core import GameSpec, Option, register

from .bots import make_rule_bot
from .messages import MESSAGES, localize
from .render import render
from .rules import all_clauses
from .state import SEATS, LegionState


def _new_state(options: Mapping[str, Any]) -> LegionState:
    return LegionState(options["players"], options["difficulty"], options["open_hands"])


SPEC = GameSpec(
    id="legion",
    title_ja="パラレルレギオン",
    title_en="Parallel Legion",
    rules_version="2",
    options=(
        Option(
            "players", int, 3, "number of players (seats A–E)", "プレイヤー数（A〜E）", minimum=2, maximum=5
        ),
        Option(
            "difficulty", str, "normal", "difficulty preset", "難易度", choices=("easy", "normal", "hard")
        ),
        Option("open_hands", bool, False, "show every hand to every seat", "全員の手札を公開する"),
    ),
    seat_names=lambda options: tuple(SEATS[: options["players"]]),
    new_state=_new_state,
    state_class=LegionState,
    messages={**MESSAGES},
    render=render,
    clauses=all_clauses,
    localize=localize,
    bots={"rule": make_rule_bot},
    conformance_options=(
        *({"players": p, "difficulty": "normal"} for p in (2, 3, 4, 5)),
        {"players": 3, "difficulty": "hard", "open_hands": True},
        {"players": 5, "difficulty": "easy"},
    ),
    max_steps=60_000,
)

LegionState.spec = SPEC
register(SPEC)
