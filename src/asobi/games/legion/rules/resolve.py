"""Carrying out an effect verb once its stack item resolves, and the choices some verbs ask for.

7.3: when an effect makes the players discard, the players choose the card; with no card to
discard the effect misses. L-4: a choice that belongs to no one seat (which shield code, which
blackout an event removes) is made by seat A; a strategy's choices by the seat that played it.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from ..cards import ARMY
from ..content import content
from .blackout import black_out, blackout_target, clear_blackout
from .lives import damage_enemy, damage_space, heal_enemy, heal_space, queue_draws
from .log import event_table
from .negate import cancel
from .ship import move_ship, ship_directions
from .weapons import destroy_weapon, move_weapon, moves_of, resolve_weapon_item, shield_limit
from .window import SEAT_BIT, sync_answerer

if TYPE_CHECKING:
    from ..types import State

_DRAW_ENEMY = ("draw_ordered", "enemy")
_ATTACK_HITS = {f"piece{piece}": event_table("7.5", "attack_hits", piece=(str(piece),), code=range(9))[0] for piece in (1, 2, 3)}
"""7.5: ``_ATTACK_HITS[label][code]``: the event of a piece's attack hitting, made once."""
ATTACK_SHIELDED = event_table("7.6", "attack_shielded", piece=(1, 2, 3), code=range(9))
"""7.6: ``ATTACK_SHIELDED[piece][code]``: the event of a piece's attack negated by the shield, made once."""
_DISCARDED_CODE = event_table("7.3", "discarded", seat=range(5), card=range(9))
_DISCARDED_ARMY = event_table("7.3", "discarded", seat=range(5), card=content().army_ids)
_SHIELD_DISCARDED = event_table("7.3", "shield_discarded", code=range(9))
"""7.3's events of a card discarded from a hand or the shield, made once."""
TABLE_SEAT = 0
"""L-4: seat A makes the choices that belong to the whole table."""


def _params_table() -> dict[tuple[tuple[str, Any], ...], dict[str, Any]]:
    """Each effect's parameters in the package's content as a dictionary, by their pairs."""
    c = content()
    effects = [e for effects in (*c.square_effects, *c.enemy_parts, *c.event_parts) for e in effects]
    effects += [e for effects in c.strategy_effects if effects is not None for e in effects]
    return {e.params: dict(e.params) for e in effects}


_PARAMS = _params_table()
"""The parameters of the content's effects as dictionaries, made once and only read (a dictionary
made from the pairs at each resolution cost more than the rest of most resolutions)."""


_CLAUSE = {"move": "7.2", "square": "7.4", "card": "6.6", "attack": "7.5", "strategy": "6.4", "weapon": "6.1"}
"""The clause an effect resolves under, by stack item kind."""


def resolve(s: State, item: tuple[Any, ...]) -> None:
    kind, label, verb, params, controller, _ = item
    if verb == "attack":
        code = params[0][1]
        if code in s.shield:
            # 7.6: the shield is looked at again when the attack resolves, so a code put into it
            # in answer to the attack (a strategy on the stack above it) still negates it.
            s.log_tail.append(ATTACK_SHIELDED[int(label[5:]) - 1][code])
            return
        s.log_tail.append(_ATTACK_HITS[label][code])
        damage_space(s, 1, "7.5")
        return
    if kind == "move":  # a square's "to〜" (7.2, L-23), the most frequent item after attacks
        move_ship(s, params[0][1], "7.2")
        return
    if kind == "weapon":  # L-29 (printed timing): a weapon's 起動 or 誘発 effect
        resolve_weapon_item(s, item)
        return
    p = _PARAMS.get(params)
    if p is None:  # (an effect of other content)
        p = dict(params)
    clause = _CLAUSE[kind]
    chooser = controller if controller >= 0 else TABLE_SEAT
    if verb == "blackout":
        sq = blackout_target(s, p["target"])
        if sq is None:
            s.say("L-2", "blackout_off_map", target=p["target"])
        else:
            black_out(s, sq)
    elif verb == "ship_move":
        move_ship(s, p["direction"], clause)
    elif verb == "discard_hand":
        s.push(*[("ask_discard", seat) for seat in range(s.n)])
    elif verb == "discard_shield":
        s.push(*[("ask_unshield", TABLE_SEAT)] * p["count"])
    elif verb == "enemy_card":
        s.agenda.append(_DRAW_ENEMY)  # s.push(("draw_ordered", "enemy"))
    elif verb == "heal_enemy":
        heal_enemy(s, p["amount"], clause)
    elif verb == "damage_enemy":
        damage_enemy(s, p["amount"], clause)
    elif verb == "damage_space":
        damage_space(s, p["amount"], clause)
    elif verb == "heal_space":
        heal_space(s, p["amount"], clause)
    elif verb == "destroy_weapons":
        cols = s.content.cols
        r, c = divmod(s.ship, cols)
        for w in list(s.weapons):
            wr, wc = divmod(w[0], cols)
            if (p["line"] == "row" and wr == r) or (p["line"] == "column" and wc == c):
                destroy_weapon(s, w, clause)
    elif verb in ("draw_codes", "draw_army"):
        seats = list(range(s.n)) if p["who"] == "each" else [chooser]
        queue_draws(s, "draw_code" if verb == "draw_codes" else "draw_army", p["count"], seats, clause)
    elif verb == "remove_blackout":
        s.push(*[("ask_clear", chooser, clause)] * p["count"])
    elif verb == "move_weapon":
        if moves_of(s, chooser):
            s.ask("move_weapon", chooser, clause)
        else:
            s.say(clause, "no_effect", label=label)
    elif verb == "ship_push":
        s.ask("push", chooser, clause)
    elif verb == "shield_from_hand":
        if len(s.shield) < shield_limit(s) and any(c < ARMY for c in s.hands[chooser]):
            s.ask("to_shield", chooser, clause)
        else:
            s.say(clause, "no_effect", label=label)
    elif verb == "cancel":
        cancel(s, p["kind"], label)
    else:  # pragma: no cover - data validation refuses unknown verbs
        raise AssertionError(verb)


# ---- choices asked by effects ---------------------------------------------------------------
def task_ask_discard(s: State, seat: int) -> None:
    if not s.hands[seat]:
        s.say("7.3", "miss_hand", seat=seat)
        return
    s.pending = ("discard", seat)  # s.ask("discard", seat)
    s.legal_cache = None


def legal_discard(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    return [("discard", c) for c in sorted(set(s.hands[s.pending[1]]))]


def discard_card(s: State, seat: int, card: int) -> None:
    hand = s.hands[seat]
    hand.remove(card)
    # window.sync_answerer, written out (a discard can only clear the bit)
    if not hand or hand[-1] < ARMY or hand[0] >= ARMY:
        s.answerers &= ~SEAT_BIT[seat]
    if card >= ARMY:
        s.army_discard[card - ARMY] += 1
    else:
        s.code_discard[card] += 1


def apply_discard(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    seat = pend[1]
    discard_card(s, seat, action[1])
    card = action[1]
    s.log_tail.append(_DISCARDED_CODE[seat][card] if card < ARMY else _DISCARDED_ARMY[seat][card - ARMY])


def task_ask_unshield(s: State, seat: int) -> None:
    if not s.shield:
        s.say("7.3", "miss_shield")
        return
    s.pending = ("unshield", seat)  # s.ask("unshield", seat)
    s.legal_cache = None


def legal_unshield(s: State) -> list[tuple[Any, ...]]:
    return [("unshield", c) for c in sorted(set(s.shield))]


def apply_unshield(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    s.shield.remove(action[1])
    s.code_discard[action[1]] += 1
    s.log_tail.append(_SHIELD_DISCARDED[action[1]])


def task_ask_clear(s: State, seat: int, clause: str) -> None:
    squares = tuple(sq for sq, b in enumerate(s.black) if b)
    if not squares:
        s.say(clause, "no_blackout")
        return
    s.ask("clear", seat, squares, clause)


def legal_clear(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    return [("clear", sq) for sq in s.pending[2]]


def apply_clear(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    clear_blackout(s, action[1], pend[3])


def legal_move_weapon(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    return [("move", zone, to) for zone, to in moves_of(s, s.pending[1])]


def apply_move_weapon(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    move_weapon(s, pend[1], action[1], action[2], pend[2])


def legal_push(s: State) -> list[tuple[Any, ...]]:
    return [("push", d) for d in ship_directions(s)]


def apply_push(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    move_ship(s, action[1], pend[2])


def legal_to_shield(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    return [("shield", c) for c in sorted({c for c in s.hands[s.pending[1]] if c < ARMY})]


def apply_to_shield(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    seat = pend[1]
    s.hands[seat].remove(action[1])
    sync_answerer(s, seat)
    insort(s.shield, action[1])
    s.say(pend[2], "shielded", seat=seat, code=action[1])
