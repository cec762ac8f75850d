"""The spec of the emblem card battle: what asobi knows of the game (the ``asobi.games`` entry
point ``emblem``), and the deck options a game is made from (a preconstructed deck, a deck list, or
a local deck file read into a list)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic import ValidationError

from asobi.core import GameInfo, GameSpec, GameState, Option, RecordHooks, SearchHooks, Spaces, Utility
from asobi.core.data import package_hash
from asobi.core.errors import BadDataError, BadOptionsError
from asobi.core.hooks import Level, Levels

from .bots import rule_bot
from .cards import DECKS, Deck, DeckModel, check_deck, load_deck, pool, preconstructed
from .messages import DECK_WORDS, MESSAGES, OWN_DECK_NAME, SEAT_NAMES, WORDS, localize, remember_deck_name
from .metrics import STUDY
from .present import PRESENTATION
from .space import action_space, chance_space
from .state import EmblemState
from .tensor import information_state_shape, observation_shape, write_information_state, write_observation

MAX_STEPS = 16_000
"""No game lasts longer. Each player draws once a turn (2.3.1) from 53 undrawn cards, so C-25
ends every game by turn 54. A turn holds at most about 280 steps: the start-of-turn effects
(9 units, captures and poisons, and the land: 10, C-34); two 国力 phases of at most 5 (unit step)
+ 3 (a deploy in parts) + 8 (three cancelled deploys, C-36) + 37 (item step: 9 hand cards,
27 attached cards, next); an invasion of 9 units × 6 decisions (with a heal's number, C-35) + 1;
an end phase of 9 × 4 keywords + 9 【修練】 numbers + 9 世代交代 × 2 + 2 for the land + 9 discards
+ 3; and 2 draws — so 54 × 280 plus the setup stays under 16,000. Random games take about 830
steps."""


def deck_list(deck: Deck) -> str:
    """A checked deck's contents as a ``deck_list_*`` option: ``card-id:count,…`` in id order."""
    ids = pool().ids
    return ",".join(f"{ids[i]}:{n}" for i, n in enumerate(deck.counts) if n)


def parse_deck_list(text: str, option: str) -> Deck:
    """A deck from its contents, ``card-id:count,…``, checked against the construction rules.

    :raises BadOptionsError: naming the option, the card and the rule it breaks (C-26).
    """
    cards: dict[str, int] = {}
    for entry in text.split(","):
        card_id, sep, count = entry.strip().partition(":")
        card_id = card_id.strip()
        if not sep or not card_id or not count.strip().lstrip("-").isdigit():
            raise BadOptionsError(
                "emblem", option, text, f"entry {entry.strip()!r}: expected card-id:count (rule C-26)"
            )
        if card_id in cards:
            raise BadOptionsError("emblem", option, text, f"card {card_id!r} is listed twice (rule C-26)")
        cards[card_id] = int(count)
    try:
        model = DeckModel(name_en=OWN_DECK_NAME[0], name_ja=OWN_DECK_NAME[1], cards=cards)
        counts = check_deck(model, option, pool())
    except BadDataError as e:
        raise BadOptionsError(
            "emblem", option, text, f"card {e.entry!r}: {str(e).split(': ', 2)[-1]}"
        ) from None
    except ValidationError as e:
        raise BadOptionsError("emblem", option, text, f"not a deck list ({e.error_count()} errors)") from None
    return Deck(option, model, counts)


def prepare_options(options: dict[str, Any]) -> dict[str, Any]:
    """Options a LOCAL user gave, turned into what a record holds: a deck file's path
    (``deck_file_a``, the CLI's ``--deck-file-a PATH``) is read here, checked (C-26), and replaced
    by the deck's contents (``deck_list_a``). Records and servers never see a path.

    :raises BadDataError: naming the file, the card and the rule a deck file breaks.
    """
    out = dict(options)
    for seat in ("a", "b"):
        path = out.get(f"deck_file_{seat}", "")
        if path:
            out[f"deck_list_{seat}"] = deck_list(load_deck(path))
            out[f"deck_file_{seat}"] = ""
    return out


def deck_for(options: Mapping[str, Any], seat: str) -> Deck:
    """The deck a seat plays: its own list if given (checked, C-26), else a preconstructed deck.

    Never opens a file: a deck file is read by :func:`prepare_options` on the local user's side.

    :raises BadOptionsError: for a deck file path (a record must hold the deck's contents) or a
        deck list that breaks a construction rule.
    """
    path = options.get(f"deck_file_{seat}", "")
    if path:
        raise BadOptionsError(
            "emblem",
            f"deck_file_{seat}",
            path,
            f"a game is not made from a file path (records and servers never open files); the local "
            f"command line reads the file into deck_list_{seat} (prepare_options)",
        )
    listed = options.get(f"deck_list_{seat}", "")
    if listed:
        return parse_deck_list(listed, f"deck_list_{seat}")
    return preconstructed(options.get(f"deck_{seat}", DECKS[0 if seat == "a" else 1]))


def new_state(options: Mapping[str, Any]) -> EmblemState:
    """A new game; a deck list that breaks a rule raises ``BadOptionsError`` naming card and rule."""
    a, b = deck_for(options, "a"), deck_for(options, "b")
    remember_deck_name(a.name_en, a.name_ja)
    remember_deck_name(b.name_en, b.name_ja)
    return EmblemState((a.counts, b.counts), (a.name_en, b.name_en), options.get("wipeout_at_once", False))


REVEALS = frozenset({"deploy", "mulligan"})
"""Events that show, by rule, what was hidden until then: a deploy's card, chosen face down
(C-36, C-38), and a hand shown for a mulligan (2.1.4)."""


def heuristic(state: GameState, seat: int) -> float:
    """A rough estimate of ``seat``'s chances for search that stops short of the end: its share of
    the 気力 on the field (its units' chips, and half its unused chips)."""
    assert isinstance(state, EmblemState)
    strength = [0.5 * state.unused[0], 0.5 * state.unused[1]]
    for u in state.field:
        if u is not None:
            strength[u[1]] += u[2]
    total = strength[0] + strength[1]
    return 0.5 if total == 0 else strength[seat] / total


@cache
def data_hash() -> str:
    return package_hash("asobi.games.emblem.data")


LEVELS = Levels(
    easy=Level("mistakes:rate=0.3", 1.0, 948.0),
    normal=Level("rule", 1.0, 1500.0),
    hard=Level("ismcts:iters=100:time=2", 2.0, 1627.0),
    # against hard at the levels' own budgets, 28 of 40 (70.0%, 54.6-81.9%): chained from hard's 1627
    expert=Level("ismcts:iters=300:time=10:value=learned", 10.0, 1774.2),
    ladder="asobi ladder emblem --bots easy,normal -n 100 --seed 1 --jobs 1 "
    "--results docs/emblem/strength-results-levels.jsonl --doc docs/emblem/strength-levels.md; "
    "asobi ladder emblem --bots rule,ismcts:iters=100:prior=rule:rollout=rule:depth=20 -n 400 --seed 2 --jobs 2 "
    "--results docs/emblem/strength-results.jsonl --doc docs/emblem/strength-400.md; "
    "asobi ladder emblem --bots hard,expert -n 40 --seed 41 --jobs 1 "
    "--results docs/emblem/strength-results-expert-rating.jsonl --doc docs/emblem/strength-expert-rating.md",
)
"""The levels a person may pick, rated in Elo points from their points share against ``normal``
(docs/emblem/strength.md, "The levels"): the search's other parameters are the game's (``search``
below). 100 iterations took 0.2–0.3 s of CPU a decision. ``expert`` was played against ``hard``
(the level it must beat) at both levels' own budgets; its rating is chained from ``hard``'s by
its points share against it."""


SPEC = GameSpec(
    id="emblem",
    title_ja="ファイアーエムブレム TCG（ゲームの流れ）",
    title_en="Emblem card battle (Fire Emblem TCG flow)",
    rules_version="4",
    options=(
        Option("deck_a", str, DECKS[0], "seat A's preconstructed deck", "Aの構築済みデッキ", choices=DECKS,
               label=("Aのデッキ", "A's deck"), choice_labels=DECK_WORDS),
        Option("deck_b", str, DECKS[1], "seat B's preconstructed deck", "Bの構築済みデッキ", choices=DECKS,
               label=("Bのデッキ", "B's deck"), choice_labels=DECK_WORDS),
        Option(
            "deck_file_a",
            str,
            "",
            "seat A's own deck file (TOML), read on this computer into A's own deck list",
            "Aのデッキファイル（この端末で読み、Aの自作デッキにする）",
            label=("Aのデッキファイル", "A's deck file"),
        ),
        Option(
            "deck_file_b",
            str,
            "",
            "seat B's own deck file (TOML), read on this computer into B's own deck list",
            "Bのデッキファイル（この端末で読み、Bの自作デッキにする）",
            label=("Bのデッキファイル", "B's deck file"),
        ),
        Option(
            "deck_list_a",
            str,
            "",
            "seat A's own deck as card-id:count,… (60 cards, C-26); overrides A's preconstructed deck",
            "Aの自作デッキ（カードID:枚数,…、60枚、C-26）。Aの構築済みデッキに代わる",
            label=("Aの自作デッキ", "A's own deck list"),
        ),
        Option(
            "deck_list_b",
            str,
            "",
            "seat B's own deck as card-id:count,… (60 cards, C-26); overrides B's preconstructed deck",
            "Bの自作デッキ（カードID:枚数,…、60枚、C-26）。Bの構築済みデッキに代わる",
            label=("Bの自作デッキ", "B's own deck list"),
        ),
        Option(
            "wipeout_at_once",
            bool,
            False,
            "C-24 option: a player with no unit left loses at once (no unit step of grace)",
            "C-24の選択ルール：ユニットが1体もいなくなった時点で敗北（ユニットステップの猶予なし）",
            label=("全滅で即敗北", "Wiped out loses at once"),
        ),
    ),
    seat_names=lambda options: SEAT_NAMES,
    new_state=new_state,
    state_class=EmblemState,
    rule_book="asobi.games.emblem.rules",
    words=WORDS,
    messages=MESSAGES,
    present=PRESENTATION,
    localize=localize,
    bots={"rule": rule_bot},
    conformance_options=({}, {"deck_a": "crimson", "deck_b": "azure", "wipeout_at_once": True}),
    info=GameInfo(
        utility=Utility("constant_sum", 0.0, 1.0, total=1.0),  # a win 1, a loss 0, a draw ½ each
        reveals=REVEALS,
        max_steps=MAX_STEPS,
    ),
    spaces=Spaces(
        actions=action_space,
        chance=chance_space,
        observation_shape=observation_shape,
        write_observation=write_observation,
        information_state_shape=information_state_shape,
        write_information_state=write_information_state,
    ),
    records=RecordHooks(data_hash=data_hash, prepare_options=prepare_options),
    study=STUDY,
    # the ladder's best: the rule bot as prior and as 20-step rollouts (docs/emblem/strength.md)
    search=SearchHooks(heuristic=heuristic, prior="rule", rollout="rule", depth=20,
                       value_model="asobi.games.emblem:value.json"),  # asobi train (docs/emblem/strength.md)
    levels=LEVELS,
)
