"""The spec of Liar's Dice: what asobi knows of the game, and the one object it reaches the game
through (the ``asobi.games`` entry point ``liars_dice``, declared in this distribution's
``pyproject.toml``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core import (
    GameInfo,
    GameSpec,
    GameState,
    Option,
    RecordHooks,
    SearchHooks,
    Spaces,
    StudyHooks,
    Utility,
)

from .bots import bot_factories
from .content import data_hash
from .messages import MESSAGES, localize
from .model import FACES, MOST_DICE, MOST_PLAYERS, SEATS
from .present import PRESENTATION
from .space import action_space, chance_space
from .state import LiarsDiceState
from .tensor import observation_shape

MOST_ON_TABLE = MOST_PLAYERS * MOST_DICE
MAX_STEPS = (MOST_ON_TABLE - 1) * (MOST_ON_TABLE + len(FACES) * MOST_ON_TABLE + 1)
"""No game lasts more steps. Every round takes at least one die for good (5.2, 5.3, 6.1), so a
game of at most 30 dice has at most 29 rounds; a round rolls at most 30 dice (2.1), and its bids
rise strictly (3.2, 4.3–4.5) through at most 6 × 30 distinct bids before the one call that ends
it. 29 × (30 + 180 + 1) = 6119."""


def _new_state(options: Mapping[str, Any]) -> LiarsDiceState:
    return LiarsDiceState(options["players"], options["dice"], options["wild_ones"], options["spot_on"])


def heuristic(state: GameState, seat: int) -> float:
    """For search cut short: the seat's share of the dice on the table (public, 2.1)."""
    assert isinstance(state, LiarsDiceState)
    return state.counts[seat] / max(1, sum(state.counts))


def progress(state: GameState) -> dict[str, float]:
    """For studies, each time the round moves on: the round, then the dice left on the table."""
    assert isinstance(state, LiarsDiceState)
    return {"round": float(state.round), "dice_left": float(sum(state.counts))}


SPEC = GameSpec(
    id="liars_dice",
    title_ja="ライアーズダイス",
    title_en="Liar's Dice",
    rules_version="1",
    options=(
        Option("players", int, 4, "number of players (1.1)", "プレイヤー数（1.1）", minimum=2, maximum=MOST_PLAYERS,
               label=("人数", "Players")),
        Option("dice", int, MOST_DICE, "dice each player starts with (1.1)", "最初のダイスの数（1.1）",
               minimum=1, maximum=MOST_DICE, label=("ダイスの数", "Dice")),
        Option("wild_ones", bool, True, "ones are wild (4.1–4.5)", "1をワイルドにする（4.1〜4.5）",
               label=("1はワイルド", "Wild ones")),
        Option("spot_on", bool, False, "a player may call the last bid exactly right (5.3)",
               "直前のビッドがぴったりと宣言できる（5.3）", label=("ぴったり宣言", "Spot on")),
    ),
    # the ids its seats, decisions and outcomes carry, as people say them (every front end reads them)
    words={
        "seat": {seat: (seat, seat) for seat in SEATS},
        "step": {"call": ("ビッドかチャレンジか", "bid or challenge")},
        "outcome": {"won": ("最後までダイスが残った", "the last player with dice wins")},
    },
    seat_names=lambda options: SEATS[: options["players"]],
    new_state=_new_state,
    state_class=LiarsDiceState,
    rule_book="asobi_liars_dice.rules",
    messages=MESSAGES,
    present=PRESENTATION,
    localize=localize,
    bots=bot_factories(),
    conformance_options=(
        {"players": 2},
        {"players": 4},
        {"players": 6, "spot_on": True},
        {"players": 3, "dice": 2, "wild_ones": False, "spot_on": True},
    ),
    info=GameInfo(
        utility=Utility("constant_sum", 0.0, 1.0, 1.0),  # one winner scores 1 (1.2)
        reveals=frozenset({"reveal"}),  # 5.1: every cup is lifted
        max_steps=MAX_STEPS,
    ),
    spaces=Spaces(actions=action_space, chance=chance_space, observation_shape=observation_shape),
    records=RecordHooks(data_hash=data_hash),
    study=StudyHooks(progress=progress),
    search=SearchHooks(heuristic=heuristic),
)
