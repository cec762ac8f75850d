"""What a seat may see, action labels and invariants (hidden variants and determinization: hidden.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.core.actions import HIDDEN

from .cards import ARMY, SEATS
from .content import CODE_NAMES, code_name
from .effects import ATTACK, VERBS
from .messages import card_name, localize
from .rules.draw import hand_limit
from .rules.level import develop_alphabets, develop_threshold
from .rules.lives import enemy_level
from .rules.main_phase import ACTIVATE, DEVELOP, LAUNCH, MOVE, REPAIR, SUPPLY
from .rules.weapons import shield_limit, weapon_limit, weapon_of
from .rules.window import answerers

if TYPE_CHECKING:
    from .state import LegionState

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


def card_text(s: LegionState, card: int) -> str:
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


def make_view(s: LegionState, seat: int | None) -> dict[str, Any]:
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


_CANCEL_KINDS = {
    "any": ("どれでも", "any"),
    "attack": ("アタック", "an attack"),
    "blackout": ("ブラックアウト", "a blackout"),
    "card": ("カードの効果", "a card's effect"),
    "square": ("マスの効果", "a square's effect"),
    "strategy": ("ストラテジー", "a strategy"),
}


def _sq(s: LegionState, sq: int) -> str:
    r, col = divmod(sq, s.content.cols)
    return f"{'abcdefgh'[col]}{r + 1}"


def _weapon_label(s: LegionState, owner: int, zone: int, template: str, ja: bool) -> str:
    """A weapon piece as a player names it: the piece (A1), its card and its square."""
    w = weapon_of(s, owner, zone)
    piece = f"{SEATS[owner]}{zone + 1}"
    if w is None:
        return template.format(piece)
    card = card_name(s.content.army_ids[w[2]], "ja" if ja else "en")
    return template.format(f"{piece} {card}（{_sq(s, w[0])}）" if ja else f"{piece} {card} on {_sq(s, w[0])}")


def _weapon_move_label(s: LegionState, seat: int, zone: int, to: int, ja: bool) -> str:
    return _weapon_label(s, seat, zone, "操作：{}→" + _sq(s, to) if ja else "move {} → " + _sq(s, to), ja)


def action_label(s: LegionState, a: tuple[Any, ...], lang: str = "en") -> str:
    c = s.content
    ja = lang == "ja"
    verb = a[0]

    def army(k: int) -> str:
        return c.army_names[k][0 if ja else 1]

    if verb in ("code", "army", "enemy", "event"):
        if a[1] == HIDDEN:  # a card drawn into a hand the viewer does not see (redacted)
            if verb == "code":
                return "コードカードを1枚引く" if ja else "draw a code card"
            return "アーミーカードを1枚引く" if ja else "draw an army card"
        if verb == "code":
            name = code_name(a[1])
        elif verb == "army":
            name = army(a[1])
        elif verb == "enemy":
            name = c.enemy_names[a[1]][0 if ja else 1]
        else:
            name = c.event_names[a[1]][0 if ja else 1]
        return f"{name}を引く" if ja else f"draw {name}"
    table: dict[str, tuple[str, str]] = {
        "end": ("終了", "end"),
        "done": ("終わる", "done"),
        "pass": ("パス", "pass"),
        "develop": ("開発", "develop"),
    }
    if verb in table:
        return table[verb][0 if ja else 1]
    if verb == "draw":
        return f"{a[1]}枚ドロー" if ja else f"draw {a[1]}"
    if verb == "supply":
        return f"補給（{code_name(a[1])}を破棄）" if ja else f"supply (discard {code_name(a[1])})"
    if verb == "launch":
        return (
            f"起動：{army(a[1])}＋{code_name(a[2])}" if ja else f"launch {army(a[1])} with {code_name(a[2])}"
        )
    if verb == "place":
        return f"{_sq(s, a[1])}に置く" if ja else f"place on {_sq(s, a[1])}"
    if verb == "move":
        seat = s.pending[1] if s.pending is not None else 0
        return _weapon_move_label(s, seat, a[1], a[2], ja)
    if verb == "activate":
        return _weapon_label(s, a[1], a[2], "起動効果：{}" if ja else "activate {}", ja)
    if verb == "repair":
        card = code_name(a[2]) if a[2] < ARMY else army(a[2] - ARMY)
        return f"修復 {_sq(s, a[1])}（{card}を破棄）" if ja else f"repair {_sq(s, a[1])} (discard {card})"
    if verb == "dev":
        src = ("シールド" if ja else "shield") if a[1] else ("手札" if ja else "hand")
        return f"開発に{src}の{code_name(a[2])}" if ja else f"develop with {code_name(a[2])} from {src}"
    if verb == "strategy":
        effects = c.strategy_effects[a[1]]
        effect = effects[a[2]] if effects else None
        what = localize("verb", effect.verb, lang) if effect else ""
        if effect is not None and effect.verb == "cancel":
            what += f" [{_CANCEL_KINDS[effect.get('kind')][0 if ja else 1]}]"
        alpha = "αβγ"[a[2]]
        return (
            f"ストラテジー {army(a[1])}（{alpha}：{what}）"
            if ja
            else f"strategy {army(a[1])} ({alpha}: {what})"
        )
    if verb == "autopass":
        if a[1]:
            return "パス（以後自動でパス）" if ja else "pass, and pass unless I choose otherwise"
        return "自動パスを解除" if ja else "stop passing automatically"
    if verb == "shield":
        return f"{code_name(a[1])}をシールドへ" if ja else f"shield {code_name(a[1])}"
    if verb == "swap":
        return (
            f"シールド{code_name(a[1])}を{code_name(a[2])}と交換"
            if ja
            else f"swap shield {code_name(a[1])} for {code_name(a[2])}"
        )
    if verb == "discard":
        card = code_name(a[1]) if a[1] < ARMY else army(a[1] - ARMY)
        return f"{card}を破棄" if ja else f"discard {card}"
    if verb == "unshield":
        return f"シールド{code_name(a[1])}を破棄" if ja else f"discard shield {code_name(a[1])}"
    if verb == "clear":
        return f"{_sq(s, a[1])}のブラックアウトを消去" if ja else f"clear the blackout on {_sq(s, a[1])}"
    if verb == "push":
        names = {
            "north": ("北", "north"),
            "south": ("南", "south"),
            "east": ("東", "east"),
            "west": ("西", "west"),
        }
        return f"エネミーシップを{names[a[1]][0]}へ" if ja else f"move the enemy ship {names[a[1]][1]}"
    return " ".join(str(x) for x in a)


def invariant_errors(s: LegionState) -> list[str]:
    errs: list[str] = []
    c = s.content
    launching = 1 if s.pending is not None and s.pending[0] == "place" else 0
    codes = sum(s.code_deck) + sum(s.code_discard) + len(s.shield) + len(s.weapons) + launching
    codes += sum(1 for h in s.hands for x in h if x < ARMY)
    if codes != 9 * c.code_copies:
        errs.append(f"{codes} code cards instead of {9 * c.code_copies}")
    army = sum(s.army_deck) + sum(s.army_discard) + len(s.weapons) + launching
    army += sum(1 for it in s.stack if it[0] == "strategy")
    army += sum(1 for h in s.hands for x in h if x >= ARMY)
    if army != sum(c.army_copies):
        errs.append(f"{army} army cards instead of {sum(c.army_copies)}")
    if min(s.code_deck + s.code_discard + s.army_deck + s.army_discard) < 0:
        errs.append("a negative card count")
    pieces = [(w[1], w[4]) for w in s.weapons]
    if len(set(pieces)) != len(pieces) or any(not 0 <= z < weapon_limit(s.n) for _, z in pieces):
        errs.append("two weapons from one weapon zone, or a zone 6.3 does not give")
    for w in s.weapons:
        if s.black[w[0]] or w[0] == s.ship:
            errs.append(f"a weapon on a blackout or under the ship at {w[0]}")
    for seat in range(s.n):
        if sum(1 for w in s.weapons if w[1] == seat) > weapon_limit(s.n):
            errs.append(f"seat {SEATS[seat]} has more weapons than 6.3 allows")
    if not 0 <= s.enemy_life <= 6 or not 0 <= s.space_life <= s.max_space:
        errs.append("a life track out of range")
    if sum(s.enemy_unseen) + len(s.enemy_queue) + _in_use(s, "enemy") != len(c.enemy_ids):
        errs.append("enemy deck count wrong")
    if len(s.shield) > 3 + 2:
        errs.append("shield too large")
    if s.answerers != answerers(s):
        errs.append("the seats a window asks (answerers) are not those the hands and auto-pass give")
    return errs


def _in_use(s: LegionState, deck: str) -> int:
    return sum(1 for t in s.agenda if t[0] == "card_bottom" and t[1] == deck)


def static_board() -> dict[str, Any]:
    """What the browser's board draws besides a view, the same in every game: each effect a stack
    item can carry (its ``verb``), said in 日本語 and English."""
    return {"effects": {name: {"ja": localize("verb", name, "ja"), "en": localize("verb", name, "en")}
                        for name in (ATTACK.name, *VERBS)}}
