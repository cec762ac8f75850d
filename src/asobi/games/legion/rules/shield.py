"""The shield phase (4.3, 4.4): place codes from hand into the shared shield (at most 3, 4.3) and
swap shield codes for hand codes sharing their alphabet or number (4.4)."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from ..cards import ARMY
from .weapons import shield_limit

if TYPE_CHECKING:
    from ..state import LegionState


def task_shield_phase(s: LegionState, seat: int) -> None:
    s.shield_new = []
    s.ask("shield", seat)
    hand = s.hands[seat]
    if hand and hand[0] < ARMY and len(s.shield) < shield_limit(s):
        return  # a code card can go into the shield
    s.legal_cache = legal_shield(s)
    if len(s.legal_cache) == 1:
        s.pending = None
        s.legal_cache = None


def same_alphabet_or_number(a: int, b: int) -> bool:
    return a != b and (a // 3 == b // 3 or a % 3 == b % 3)


def legal_shield(s: LegionState) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    seat = s.pending[1]
    codes = sorted({c for c in s.hands[seat] if c < ARMY})
    acts: list[tuple[Any, ...]] = [("end",)]
    if len(s.shield) < shield_limit(s):
        acts += [("shield", c) for c in codes]
    for sc in sorted(set(s.shield)):
        # L-11: a code put into the shield this phase stays there until the phase ends.
        if s.shield.count(sc) > s.shield_new.count(sc):
            acts += [("swap", sc, hc) for hc in codes if same_alphabet_or_number(sc, hc)]
    acts.sort()
    return acts


def apply_shield(s: LegionState, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    seat = pend[1]
    verb = action[0]
    if verb == "end":
        s.shield_new = []
        s.say("4.3", "shield_end", seat=seat)
        return
    if verb == "shield":
        code = action[1]
        s.hands[seat].remove(code)
        insort(s.shield, code)
        s.shield_new.append(code)
        s.say("4.3", "shielded", seat=seat, code=code)
    else:
        old, new = action[1], action[2]
        s.shield.remove(old)
        s.hands[seat].remove(new)
        insort(s.shield, new)
        s.add_to_hand(seat, old)
        s.shield_new.append(new)
        s.say("4.4", "shield_swapped", seat=seat, old=old, new=new)
    s.ask("shield", seat)
