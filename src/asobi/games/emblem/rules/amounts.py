"""How many chips: the sub-decision after an effect that puts "up to" a number of chips (C-35).

Healing (C-11), 【修練】 (C-18), the end-phase land (2.5.2) and both forms of 世代交代 (2.5.4, 2.5.5)
put unused chips on a unit *up to* a number. The number is the player's: a unit filled to the
top leaves no unused chip for a counter-attack's cost or a deploy in the opponent's turn. The
effect is chosen first; then, when more than one number is possible, the player picks it. What
comes after the effect is on the agenda already (its caller scheduled it), so the number's
decision ends with the effect applied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.core.flow import Pending

from ..units import U_CARD, U_CHIPS, U_ITEM
from .tables import MOST

if TYPE_CHECKING:
    from ..types import State


CHIPS_ACTIONS = tuple(("chips", n) for n in range(21))

LEAST = {"heal": 1, "training": 1, "rally": 1, "succeed": 0, "inherit": 1}
"""The smallest number for each effect: 世代交代 by the parent leaving (2.5.4) may add none, since
its point is the new unit; the others exist only to put chips on."""


def room(s: State, sq: int, most: int) -> int:
    """How many chips the unit on ``sq`` could take now: at most ``most``, its room below its
    maximum 気力, and its owner's unused chips."""
    u = s.field[sq]
    assert u is not None
    owner = u[1]
    return max(0, min(most, MOST[u[U_CARD]][u[U_ITEM]] - u[U_CHIPS], s.unused[owner]))


def put(s: State, verb: str, sq: int, other: int, most: int) -> None:
    """Put chips for ``verb`` on the unit on ``sq`` (``other``: the healer's square, or the parent
    card); ask the turn player how many when there is a choice (the chips go on when they answer)."""
    hi = room(s, sq, most)
    lo = min(LEAST[verb], hi)
    if hi > lo:
        s.amount = (verb, sq, other, lo, hi)
        s.ask("amount", s.turn_player)
        return
    apply(s, verb, sq, other, hi)


def legal_amount(s: State) -> list[tuple[Any, ...]]:
    _, _, _, lo, hi = s.amount
    return list(CHIPS_ACTIONS[lo : hi + 1])


def act_amount(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    verb, sq, other, _, _ = s.amount
    s.amount = ()
    apply(s, verb, sq, other, action[1])


def apply(s: State, verb: str, sq: int, other: int, n: int) -> None:
    """Put ``n`` unused chips on the unit on ``sq`` and log the effect."""
    u = s.own_unit(sq)
    owner = u[1]
    s.unused[owner] -= n
    u[U_CHIPS] += n
    unit = s.card_id(u[U_CARD])
    if verb == "heal":
        h = s.field[other]
        assert h is not None
        s.emit("C-11", "heal", (("card", s.card_id(h[U_CARD])), ("target", unit), ("sq", sq), ("n", n)))
    elif verb == "training":
        s.emit("C-18", "training", (("card", unit), ("sq", sq), ("n", n)), also=("2.5.3",))
    elif verb == "rally":
        card = s.card_id(s.land[owner])
        s.emit("2.5.2", "rally", (("card", card), ("target", unit), ("sq", sq), ("n", n)))
    elif verb == "succeed":
        args = (("seat", owner), ("card", s.card_id(other)), ("child", unit), ("sq", sq), ("n", n))
        s.emit("2.5.4", "succeed", args, also=("2.5.3",))
    else:
        args = (("seat", owner), ("card", s.card_id(other)), ("child", unit), ("sq", sq), ("n", n))
        s.emit("2.5.5", "inherit", args, also=("2.5.3",))
