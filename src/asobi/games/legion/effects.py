"""Card and square effects: named verbs with typed parameters, in one registry.

Data files name a verb and give its parameters; :data:`VERBS` says which parameters each verb
takes and of what type, so a data file with an unknown verb or a wrong parameter is refused on
load. The functions that carry a verb out are bound in :mod:`.rules.resolve`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

BLACKOUT_TARGETS = ("ship", "ship_north", "ship_south", "ship_east", "ship_west", "centre")
DIRECTIONS = ("north", "south", "east", "west")
CANCEL_KINDS = ("any", "attack", "blackout", "card", "square", "strategy")


@dataclass(frozen=True)
class Param:
    """One parameter of a verb: its type and, for text, the allowed values."""

    kind: type
    choices: tuple[str, ...] | None = None
    minimum: int | None = None


@dataclass(frozen=True)
class Verb:
    """An effect verb.

    :ivar uses: where the verb may appear: ``square``, ``card`` (enemy and event cards),
        ``strategy``, ``weapon``.
    """

    name: str
    params: Mapping[str, Param]
    uses: frozenset[str]
    text_en: str
    text_ja: str


_ALL = frozenset({"square", "card", "strategy", "weapon"})
_COUNT = Param(int, minimum=1)
_WHO = Param(str, choices=("owner", "each"))

ATTACK = Verb(
    "attack", {}, frozenset(), "attack: 1 damage to the Space", "アタック：スペースライフに1ダメージ"
)

VERBS: dict[str, Verb] = {
    v.name: v
    for v in (
        Verb(
            "blackout",
            {"target": Param(str, BLACKOUT_TARGETS)},
            frozenset({"square", "card"}),
            "black out a square",
            "ブラックアウト",
        ),
        Verb(
            "ship_move",
            {"direction": Param(str, DIRECTIONS)},
            frozenset({"square", "card"}),
            "move the enemy ship",
            "エネミーシップ移動",
        ),
        Verb(
            "discard_hand",
            {},
            frozenset({"square", "card"}),
            "each player discards 1 card from hand",
            "各プレイヤー手札1枚破棄",
        ),
        Verb(
            "discard_shield",
            {"count": _COUNT},
            frozenset({"square", "card"}),
            "discard shield codes",
            "シールドコード破棄",
        ),
        Verb("enemy_card", {}, frozenset({"square"}), "an enemy card is played", "カード発動"),
        Verb(
            "heal_enemy",
            {"amount": _COUNT},
            frozenset({"square", "card"}),
            "the enemy heals",
            "エネミーライフ回復",
        ),
        Verb(
            "damage_space",
            {"amount": _COUNT},
            frozenset({"square", "card"}),
            "damage to the Space",
            "スペースライフにダメージ",
        ),
        Verb(
            "destroy_weapons",
            {"line": Param(str, ("row", "column"))},
            frozenset({"square", "card"}),
            "destroy weapons in the ship's line",
            "エネミーシップの列のウェポン破棄",
        ),
        Verb("damage_enemy", {"amount": _COUNT}, _ALL, "damage to the enemy", "エネミーライフにダメージ"),
        Verb("heal_space", {"amount": _COUNT}, _ALL, "the Space heals", "スペースライフ回復"),
        Verb("draw_codes", {"count": _COUNT, "who": _WHO}, _ALL, "draw code cards", "コードカードをドロー"),
        Verb("draw_army", {"count": _COUNT, "who": _WHO}, _ALL, "draw army cards", "アーミーカードをドロー"),
        Verb(
            "remove_blackout",
            {"count": _COUNT},
            frozenset({"card", "strategy"}),
            "remove blackouts",
            "ブラックアウト消去",
        ),
        Verb("move_weapon", {}, frozenset({"strategy"}), "move one of your weapons", "自分のウェポンを移動"),
        Verb(
            "ship_push",
            {},
            frozenset({"strategy", "weapon"}),
            "move the enemy ship where you choose",
            "エネミーシップを好きな方向へ移動",
        ),
        Verb(
            "shield_from_hand",
            {},
            frozenset({"strategy"}),
            "put a code from hand into the shield",
            "手札のコードをシールドへ",
        ),
        Verb(
            "cancel",
            {"kind": Param(str, CANCEL_KINDS)},
            frozenset({"strategy"}),
            "negate the effect answered",
            "効果を無効化",
        ),
        Verb(
            "strike_in_range",
            {},
            frozenset({"weapon"}),
            "1 damage to the enemy if the ship is in range",
            "射程内ならエネミーにダメージ",
        ),
        Verb(
            "strike_adjacent",
            {},
            frozenset({"weapon"}),
            "1 damage to the enemy if the ship is adjacent",
            "隣接ならエネミーにダメージ",
        ),
        Verb(
            "repair_near",
            {},
            frozenset({"weapon"}),
            "remove a blackout near the weapon",
            "近くのブラックアウト消去",
        ),
        Verb(
            "hand_limit",
            {"amount": _COUNT},
            frozenset({"weapon"}),
            "owner's hand limit is higher",
            "手札上限増加",
        ),
        Verb(
            "shield_limit",
            {"amount": _COUNT},
            frozenset({"weapon"}),
            "the shield holds more codes",
            "シールド上限増加",
        ),
        Verb(
            "develop_discount",
            {"amount": _COUNT},
            frozenset({"weapon"}),
            "development needs less",
            "開発の必要値減少",
        ),
    )
}

PERSISTENT_VERBS = frozenset({"hand_limit", "shield_limit", "develop_discount"})
ACTIVATE_VERBS = frozenset({"strike_in_range", "strike_adjacent", "repair_near", "heal_space", "ship_push"})


def check_effect(verb: str, params: Mapping[str, Any], use: str) -> None:
    """Refuse a verb unknown, used where it may not be, or given wrong parameters.

    :raises ValueError: saying what is wrong (pydantic turns it into a data error with the field).
    """
    spec = VERBS.get(verb)
    if spec is None:
        raise ValueError(f"unknown effect verb {verb!r} (known: {', '.join(sorted(VERBS))})")
    if use not in spec.uses:
        raise ValueError(f"effect verb {verb!r} cannot be used on a {use}")
    for name in params:
        if name not in spec.params:
            raise ValueError(f"effect verb {verb!r} takes no parameter {name!r}")
    for name, p in spec.params.items():
        if name not in params:
            raise ValueError(f"effect verb {verb!r} needs parameter {name!r}")
        value = params[name]
        if isinstance(value, bool) or not isinstance(value, p.kind):
            raise ValueError(f"parameter {name!r} of {verb!r} must be {p.kind.__name__}")
        if p.choices is not None and value not in p.choices:
            raise ValueError(f"parameter {name!r} of {verb!r} must be one of {', '.join(p.choices)}")
        if p.minimum is not None and isinstance(value, int) and value < p.minimum:
            raise ValueError(f"parameter {name!r} of {verb!r} must be at least {p.minimum}")
