"""What a seat may see: its view of the state and of an action (redaction).

Hidden variants and determinization are in ``hidden.py``, action labels in ``labels.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.core.actions import HIDDEN

from .cards import ARMY, SEATS
from .content import CODE_NAMES, code_name
from .effects import ATTACK, VERBS
from .messages import localize
from .rules.draw import hand_limit
from .rules.level import develop_alphabets, develop_threshold
from .rules.lives import enemy_level
from .rules.main_phase import ACTIVATE, DEVELOP, LAUNCH, MOVE, REPAIR, SUPPLY
from .rules.weapons import shield_limit, weapon_limit

if TYPE_CHECKING:
    from .types import State

ACTION_NAMES = {
    SUPPLY: "supply",
    LAUNCH: "launch",
    MOVE: "move",
    ACTIVATE: "activate",
    REPAIR: "repair",
    DEVELOP: "develop",
}


SHIP_MOVES_JA = {"north": "北へ移動", "east": "東へ移動", "south": "南へ移動", "west": "西へ移動"}
"""A square's "to〜" (where it sends the enemy ship) in Japanese words."""


def square_text_ja(printed: str, to: str) -> str:
    """An enemy-map square's printed Japanese text, for the board's hover text in Japanese.

    The print writes the ship's move in English even in Japanese (``toNorth／…``); it is said in
    Japanese here (``北へ移動／…``) so that no English shows on a Japanese screen.
    """
    move = SHIP_MOVES_JA.get(to)
    if move is not None and "／" in printed:
        return f"{move}／{printed.split('／', 1)[1]}"
    return printed


def card_text(s: State, card: int) -> str:
    return CODE_NAMES[card] if card < ARMY else s.content.army_ids[card - ARMY]


_PRINTED: dict[int, tuple[Any, list[str], list[dict[str, Any]]]] = {}
"""Per game content (by identity, the content kept beside to pin it): the space map's rows and the
enemy map's squares as the view shows them. They never change during a game, and a rule bot
builds a view at every step of a rollout."""


def _printed(c: Any) -> tuple[list[str], list[dict[str, Any]]]:
    kept = _PRINTED.get(id(c))
    if kept is None or kept[0] is not c:
        rows = ["".join(c.colour[r * c.cols : (r + 1) * c.cols]) for r in range(c.rows)]
        squares = [
            {
                "id": c.square_ids[i],
                "code": code_name(c.square_code[i]),
                "to": c.square_to[i],
                "text": c.square_text[i][1],
                "text_ja": square_text_ja(c.square_text[i][0], c.square_to[i]),
            }
            for i in range(len(c.square_ids))
        ]
        kept = _PRINTED[id(c)] = (c, rows, squares)
    return kept[1], kept[2]


def make_view(s: State, seat: int | None) -> dict[str, Any]:
    c = s.content
    rows, squares = _printed(c)
    army_ids = c.army_ids
    length = len(c.square_ids)
    hands = []
    for i, hand in enumerate(s.hands):
        codes = sum(1 for x in hand if x < ARMY)
        shown = s.open_hands or seat is None or seat == i
        hands.append(
            {
                "seat": SEATS[i],
                "codes": codes,
                "army": len(hand) - codes,
                "cards": [CODE_NAMES[x] if x < ARMY else army_ids[x - ARMY] for x in hand] if shown else None,
            }
        )
    pieces: list[dict[str, Any] | None] = []
    for i, pos in enumerate(s.pieces):
        if pos < 0:
            pieces.append(None)
        else:
            nxt = (pos + i + 1) % length
            pieces.append(
                {
                    "piece": i + 1,
                    "square": c.square_ids[pos],
                    "code": code_name(c.square_code[pos]),
                    "next": c.square_ids[nxt],
                    "next_code": code_name(c.square_code[nxt]),
                    "next_to": c.square_to[nxt],
                }
            )
    pend = s.pending
    pending = None
    if pend is not None:
        pending = {"kind": pend[0], "seat": SEATS[pend[1]]}
        if pend[0] == "develop":
            pending.update(need=pend[2], total=pend[3])
        elif pend[0] == "draw_count":
            pending["most"] = pend[2]
        elif pend[0] == "priority":
            pending["step"] = pend[2]  # L-28: the step whose window this is
        elif pend[0] == "place":
            pending.update(card=c.army_ids[pend[2]], code=code_name(pend[3]))
    return {
        "seat": None if seat is None else SEATS[seat],
        "players": s.n,
        "difficulty": s.difficulty,
        "open_hands": s.open_hands,
        "round": s.round,
        "round_limit": s.round_limit,
        "turn": SEATS[s.turn] if s.turn >= 0 else None,
        "used": [name for bit, name in ACTION_NAMES.items() if s.used & bit],
        "space_life": s.space_life,
        "space_life_max": s.max_space,
        "enemy_life": s.enemy_life,
        "enemy_level": enemy_level(s.enemy_life),
        "event_count": s.event_count,
        "space_map": {
            "rows": rows.copy(),
            "cols": c.cols,
            "ship": s.ship,
            "blackouts": [sq for sq, b in enumerate(s.black) if b],
            "weapons": [
                {
                    "square": w[0],
                    "owner": SEATS[w[1]],
                    "piece": f"{SEATS[w[1]]}{w[4] + 1}",
                    "card": c.army_ids[w[2]],
                    "number": w[3] % 3 + 1,
                }
                for w in s.weapons
            ],
        },
        "enemy_map": {
            "squares": [square.copy() for square in squares],  # (each view its own dicts)
            "barrier_core": c.square_ids[c.barrier_core],
            "pieces": pieces,
        },
        "hands": hands,
        "shield": [CODE_NAMES[x] for x in s.shield],
        "shield_limit": shield_limit(s),
        "weapon_limit": weapon_limit(s.n),
        "hand_limit": None if seat is None else hand_limit(s, seat),
        "develop_need": develop_threshold(s),
        "develop_alphabets": sorted("αβγ"[a] for a in develop_alphabets(s)),
        "decks": {
            "code": sum(s.code_deck),
            "army": sum(s.army_deck),
            "enemy_unseen": sum(s.enemy_unseen),
            "enemy_used": [c.enemy_ids[i] for i in s.enemy_queue],
            "event_unseen": sum(s.event_unseen),
            "event_used": [c.event_ids[i] for i in s.event_queue],
        },
        "discards": {
            "code": {CODE_NAMES[k]: n for k, n in enumerate(s.code_discard) if n},
            "army": {c.army_ids[k]: n for k, n in enumerate(s.army_discard) if n},
        },
        "stack": [
            {
                "kind": it[0],
                "label": it[1],
                # the card it comes from (a card's part, "E10(1)", is of card E10), for its name
                "card": it[1].partition("(")[0] if it[0] in ("card", "strategy", "weapon") else None,
                "verb": it[2],
                "params": dict(it[3]),
                "by": SEATS[it[4]] if it[4] >= 0 else None,
                "negated": it[5],
            }
            for it in s.stack
        ],
        "pending": pending,
        "autopass": [bool(a) for a in s.autopass],
        "over": None if s.ended is None else s.ended[0],
    }


_HAND_DECKS = frozenset({"code", "army"})
"""The decks drawn into hands (the enemy and event decks are drawn face up)."""
_REDACTED = {"code": ("code", HIDDEN), "army": ("army", HIDDEN)}
"""A draw into a hand, as the other seats see it."""


def redact(s: State, action: tuple[Any, ...], seat: int | None) -> tuple[Any, ...]:
    """A code or army card drawn into a hidden hand is ``("code", "?")`` / ``("army", "?")``
    to the other seats (L-17: they see the card back); everything else in the game is public."""
    chance = s.chance
    if (
        chance is not None
        and seat is not None
        and chance[0] in _HAND_DECKS
        and seat != chance[1]
        and not s.open_hands
        and s.ended is None
        and action[:1] == chance[:1]
        and len(action) == 2
    ):
        return _REDACTED[chance[0]]
    return action


def static_board() -> dict[str, Any]:
    """What the browser's board draws besides a view, the same in every game: each effect a stack
    item can carry (its ``verb``), said in 日本語 and English."""
    return {"effects": {name: {"ja": localize("verb", name, "ja"), "en": localize("verb", name, "en")}
                        for name in (ATTACK.name, *VERBS)}}
