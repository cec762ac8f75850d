"""The spec of パラレルレギオン (Parallel Legion), the co-operative defence of the Universe for 2–5
players: what asobi knows of the game (the ``asobi.games`` entry point ``legion``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from asobi.core import GameInfo, GameSpec, GameState, Option, RecordHooks, SearchHooks, Spaces, Utility
from asobi.core.data import package_hash
from asobi.core.hooks import Level, Levels

from .bots import make_rule_bot
from .content import PACKAGE
from .messages import MESSAGES, WORDS, localize
from .metrics import STUDY
from .present import PRESENTATION
from .space import action_space, chance_space
from .state import SEATS, LegionState
from .stops import STOPS
from .tensor import information_state_shape, observation_shape, write_information_state, write_observation

_FRESH: dict[tuple[Any, ...], LegionState] = {}
"""A new game of each option set, made once (a memo table): the setup draws nothing before the
first draw's chance node, so every new game with those options is this state until then, and a
clone of it costs about a quarter of running the setup again (a search starts many games)."""


def _new_state(options: Mapping[str, Any]) -> LegionState:
    key = (
        options["players"],
        options["difficulty"],
        options["open_hands"],
        options["empty_hand_cap"],
        options["own_weapons_only"],
        options["timing"],
    )
    fresh = _FRESH.get(key)
    if fresh is None:
        fresh = _FRESH[key] = LegionState(*key)
    state: LegionState = fresh.clone()
    return state


def heuristic(state: GameState, seat: int) -> float:
    """A rough estimate of the table's chances for search that stops short of the end: half how far
    the enemy's life has fallen, half how much Space life is left (every seat shares it)."""
    assert isinstance(state, LegionState)
    return 0.5 * (6 - state.enemy_life) / 6 + 0.5 * state.space_life / max(1, state.max_space)


def older_options(rules_version: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """A game made before rules version 6 played the simple strategy timing (L-16, L-20): it
    replays with ``timing=simple`` unless its options say otherwise."""
    older = rules_version.isdigit() and int(rules_version) < 6
    return {"timing": "simple", **options} if older else dict(options)


@cache
def data_hash() -> str:
    return package_hash(PACKAGE)


LEVELS = Levels(
    easy=Level("mistakes:rate=0.3", 1.0, 23.3),
    normal=Level("rule", 1.0, 55.3),
    hard=Level("ismcts:iters=200:time=2", 2.0, 98.3),
    expert=Level("ismcts:iters=1800:time=10", 10.0, 100.0),
    ladder="asobi ladder legion --bots easy,normal -n 150 --seed 1 --jobs 1 --difficulty normal "
    "--results docs/legion/strength-results-levels.jsonl --doc docs/legion/strength-levels.md; "
    "asobi ladder legion --bots hard -n 60 --seed 1 --jobs 1 --mode team --difficulty normal "
    "--results docs/legion/strength-results-levels-hard.jsonl --doc docs/legion/strength-levels-hard.md; "
    "asobi ladder legion --bots expert:iters=1800:time=60 -n 40 --seed 1 --jobs 1 --mode team --difficulty normal "
    "--results docs/legion/strength-results-levels-expert-1800.jsonl --doc docs/legion/strength-levels-expert-1800.md",
    rating_kind="win_rate",
)
"""The levels a person may pick, each rated by the win rate of a table of three holding every
seat against the game at the normal difficulty (docs/legion/strength.md, "The levels"): the
search's other parameters are the game's (``search`` below). 200 iterations take about 0.03 s of
CPU a searched decision, expert's 1800 about 0.3 s; expert raises the table's win rate at the hard
difficulty over hard's (a paired run, docs/legion/strength.md)."""


SPEC = GameSpec(
    id="legion",
    title_ja="パラレルレギオン",
    title_en="Parallel Legion",
    rules_version="6",
    options=(
        Option(
            "players", int, 3, "number of players (seats A–E)", "プレイヤー数（A〜E）", minimum=2, maximum=5,
            label=("人数", "Players"),
        ),
        Option(
            "difficulty", str, "normal", "difficulty preset: the Space life the game starts with (1.1; our values)",
            "難易度：開始時のスペースライフ（1.1、本作で定めた値）", choices=("easy", "normal", "hard"),
            label=("難易度", "Difficulty"),
            choice_labels=(("easy", "やさしい", "easy"), ("normal", "ふつう", "normal"), ("hard", "むずかしい", "hard")),
        ),
        Option("open_hands", bool, False, "show every hand to every seat", "全員の手札を公開する",
               label=("手札を公開", "Open hands")),
        Option(
            "empty_hand_cap",
            bool,
            False,
            "L-15 narrowing: the 8 − players hand cap also limits an empty hand's 3 cards",
            "L-15の狭い読み：手札0枚の3枚ドローにも「8−プレイヤー数」の上限を適用する",
            label=("手札0枚でも上限", "Hand cap on an empty hand"),
        ),
        Option(
            "own_weapons_only",
            bool,
            False,
            "L-26 narrowing: Operate (5.5) activates only your own weapons",
            "L-26の狭い読み：操作で起動できるのは自分のウェポンのみ",
            label=("操作は自分のウェポンのみ", "Operate your own weapons only"),
        ),
        Option(
            "timing",
            str,
            "printed",
            "when strategies may be played (L-28): as printed, at any time (6.4) and against any effect (6.5); "
            "simple, in your own main phase and in answer to enemy and event effects only (L-16, faster)",
            "ストラテジーのタイミング（L-28）：印刷どおりなら、いつでも（6.4）・あらゆる効果に（6.5）。"
            "簡略なら、自分のメインフェイズとエネミー・イベントの効果への応答のみ（L-16、高速）",
            choices=("printed", "simple"),
            label=("ストラテジーのタイミング", "Strategy timing"),
            choice_labels=(("printed", "印刷どおり", "as printed"), ("simple", "簡略", "simple")),
        ),
    ),
    seat_names=lambda options: tuple(SEATS[: options["players"]]),
    new_state=_new_state,
    state_class=LegionState,
    rule_book="asobi.games.legion.rules",
    words=WORDS,
    messages=MESSAGES,
    present=PRESENTATION,
    localize=localize,
    bots={"rule": make_rule_bot},
    conformance_options=(
        *({"players": p, "difficulty": "normal"} for p in (2, 3, 4, 5)),
        {"players": 3, "difficulty": "hard", "open_hands": True},
        {"players": 5, "difficulty": "easy"},
        {"players": 5, "difficulty": "normal", "empty_hand_cap": True, "own_weapons_only": True},
        {"players": 3, "difficulty": "normal", "timing": "simple"},
    ),
    info=GameInfo(
        utility=Utility("identical", 0.0, 1.0),  # co-operative: the table wins or loses together
        max_steps=60_000,
    ),
    spaces=Spaces(
        actions=action_space,
        chance=chance_space,
        observation_shape=observation_shape,
        write_observation=write_observation,
        information_state_shape=information_state_shape,
        write_information_state=write_information_state,
    ),
    records=RecordHooks(data_hash=data_hash, older_options=older_options),
    study=STUDY,
    # the ladder's best: the rule bot as prior, 20 random steps then the heuristic (docs/legion/strength.md)
    search=SearchHooks(heuristic=heuristic, prior="rule", depth=20),
    levels=LEVELS,
    stops=STOPS,
)
