"""The shield phase (4.3, 4.4): place codes from hand into the shared shield (at most 3, 4.3) and
swap shield codes for hand codes sharing their alphabet or number (4.4)."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from ..cards import ARMY, WITH_CODE, is_index
from .log import event_table, seat_events
from .weapons import BASE_SHIELD_LIMIT, shield_limit
from .window import SEAT_BIT

if TYPE_CHECKING:
    from ..types import State


_SHIELD_END = seat_events("4.3", "shield_end")
_SHIELDED = event_table("4.3", "shielded", seat=range(5), code=range(9))
_SWAPPED = event_table("4.4", "shield_swapped", seat=range(5), old=range(9), new=range(9))
SHIELD_PHASE = tuple(("shield_phase", seat) for seat in range(5))
"""Each seat's shield-phase task, made once (a turn's tasks hold these very tuples)."""
_ASK_SHIELD = tuple(("shield", seat) for seat in range(5))
"""Each seat's shield-phase decision, made once."""


def task_shield_phase(s: State, seat: int) -> None:
    if s.shield_new:
        s.shield_new = ()
    s.pending = _ASK_SHIELD[seat]  # s.ask("shield", seat)
    s.legal_cache = None
    hand = s.hands[seat]
    if not hand or hand[0] >= ARMY:
        # L-25: a hand with no code card (its code count is public, L-17) can neither shield nor
        # swap: the phase ends by itself. A hand with a code card is asked, even when the shield
        # is full and none of its codes can swap ("end" its only choice): which codes it holds is
        # hidden, so skipping the question would tell the table.
        s.pending = None


def same_alphabet_or_number(a: int, b: int) -> bool:
    return a != b and (a // 3 == b // 3 or a % 3 == b % 3)


_SWAPS = tuple(
    tuple(("swap", sc, hc) if same_alphabet_or_number(sc, hc) else None for hc in range(9)) for sc in range(9)
)
"""``_SWAPS[shield code][hand code]``: the swap action (4.4), or ``None`` when they may not swap."""
_SHIELD = tuple(("shield", c) for c in range(9))
_END = ("end",)
_SHIELD_FOR = tuple(tuple(_SHIELD[c] for c in range(9) if codes >> c & 1) for codes in range(512))
"""``_SHIELD_FOR[codes]``: the shield actions (4.3) of a hand holding the code kinds ``codes``
(bit ``c`` for code ``c``), in order."""
_SWAPS_FOR = tuple(
    tuple(
        tuple(swap for hc in range(9) if codes >> hc & 1 and (swap := _SWAPS[sc][hc]) is not None)
        for codes in range(512)
    )
    for sc in range(9)
)
"""``_SWAPS_FOR[shield code][codes]``: the swaps (4.4) of that shield code with a hand holding the
code kinds ``codes``, in order."""


def legal_shield(s: State) -> list[tuple[Any, ...]]:
    """The shield-phase actions, sorted (end, then shield, then swap, each in order)."""
    assert s.pending is not None
    codes = 0  # the hand's code kinds as bits (the hand is sorted: codes, then army cards)
    for c in s.hands[s.pending[1]]:
        if c >= ARMY:
            break
        codes = WITH_CODE[codes][c]
    acts: list[tuple[Any, ...]] = [_END]
    if not codes:
        return acts
    shield = s.shield
    # (a weapon only raises the limit, by an amount of at least 1: under 3 codes there is room)
    if len(shield) < BASE_SHIELD_LIMIT or (s.weapons and len(shield) < shield_limit(s)):
        acts += _SHIELD_FOR[codes]
    new = s.shield_new
    last = -1
    for sc in shield:  # each distinct code once: the shield is sorted
        if sc != last:
            last = sc
            # L-11: a code put into the shield this phase stays there until the phase ends.
            if not new or shield.count(sc) > new.count(sc):
                acts += _SWAPS_FOR[sc][codes]
    return acts


def is_legal_shield(s: State, a: tuple[Any, ...]) -> bool:
    """Whether ``a`` is in :func:`legal_shield`, without listing the actions (4.3, 4.4)."""
    assert s.pending is not None
    if not isinstance(a, tuple) or not a:
        return False  # the listing holds only non-empty tuples
    hand = s.hands[s.pending[1]]
    verb = a[0]
    size = len(a)
    if verb == "end":
        return size == 1
    if verb == "shield":
        return (
            size == 2
            and is_index(a[1], 9)
            and a[1] in hand
            and len(s.shield) < shield_limit(s)
        )
    if verb == "swap":
        if size != 3 or not is_index(a[1], 9) or not is_index(a[2], 9):
            return False
        sc, hc = a[1], a[2]
        shield, new = s.shield, s.shield_new
        return (
            _SWAPS[sc][hc] is not None
            and hc in hand
            and sc in shield
            # L-11: a code put into the shield this phase stays there until the phase ends.
            and (not new or shield.count(sc) > new.count(sc))
        )
    return False


def apply_shield(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    seat = pend[1]
    verb = action[0]
    if verb == "end":
        s.shield_new = ()
        s.log_tail.append(_SHIELD_END[seat])
        return
    if verb == "shield":
        code = action[1]
        hand = s.hands[seat]
        hand.remove(code)
        # (window.sync_answerer written out for a card given up, which can only clear the bit)
        if not hand or hand[0] >= ARMY:
            s.answerers &= ~SEAT_BIT[seat]
        insort(s.shield, code)
        s.shield_new += (code,)
        s.log_tail.append(_SHIELDED[seat][code])
    else:
        old, new = action[1], action[2]
        s.shield.remove(old)
        hand = s.hands[seat]
        hand.remove(new)
        insort(s.shield, new)
        insort(hand, old)  # (a code for a code: who a window asks, L-16, stays the same)
        s.shield_new += (new,)
        s.log_tail.append(_SWAPPED[seat][old][new])
    s.pending = _ASK_SHIELD[seat]  # s.ask("shield", seat)
    s.legal_cache = None
