"""自ターン開始時 effects that have stopped applying (2.3.4, C-34: a capture whose capturer is gone,
a land with nothing to put) and the end-phase keywords' record (象徴 C-17's count, 伝承 C-19 of
an item that raised the giver's 気力)."""

from __future__ import annotations

from asobi.games.emblem.rules import flow
from asobi.games.emblem.rules.end_phase import begin_end_phase
from asobi.games.emblem.units import SLOTS, U_ITEM, U_POISON
from support.scenario import rule

from .helpers import arrive, at, chips, draw_any, empty_hand, events, opening, place, settled
from .test_keyword_rules import args_of, turn_start


# ---- 自ターン開始時 (2.3.4, C-34) ----------------------------------------------------------------
@rule("C-34", "C-21", "C-22")
def test_a_capturer_driven_off_by_its_poison_drops_its_capture_and_the_other_captures_alone():
    # Goran (1 chip, poisoned) and Valka both reach B's one-chip brute on b3; order matters
    units = [
        (4, "cr-goran", 0, 1, "poison"),
        (8, "cr-valka", 0, 2),
        (7, "cr-brute", 1, 1),
        (10, "cr-brute", 1, 2),
    ]
    s = turn_start(units)
    assert s.step == flow.START_EFFECTS
    assert list(s.legal_actions()) == [("capture", 4), ("capture", 8), ("poison", 4)]
    s.apply(("poison", 4))  # Goran retreats: his capture is gone, Valka's is the only one left
    assert s.field[4] is None
    assert s.step == flow.DRAW  # nothing left to choose
    assert s.field[7] is None and args_of(s, "capture") == [
        {"card": "cr-valka", "target": "cr-brute", "sq": 7}
    ]
    settled(s)


@rule("C-34", "C-15", "C-22")
def test_a_land_without_unused_chips_does_not_wait_for_a_poison_on_its_squares():
    # Royal Fort's squares hold a poisoned soldier, but A has no unused chip: the land can put
    # nothing on, before or after the poison, so the poison resolves without a question
    s = turn_start([(1, "az-soldier", 0, 2, "poison"), (10, "cr-brute", 1, 2)], land="l-fort", unused=0)
    assert s.step == flow.DRAW
    assert chips(s, 1) == 1 and s.field[1][U_POISON] == 0
    assert ("2.3.4", "land_chip") not in events(s)
    settled(s)


@rule("C-34", "C-15", "C-21")
def test_a_land_with_no_unit_to_reach_is_not_offered_beside_a_choice_of_captures():
    # two capturers share B's one-chip brute, so A chooses; the Fort has chips but its only unit
    # on the 出撃マス (Goran, capturing from a2) is at his maximum and no poison can lower him
    units = [
        (1, "cr-goran", 0, 6),
        (7, "cr-valka", 0, 2),
        (4, "cr-brute", 1, 1),
        (10, "cr-brute", 1, 2),
    ]
    s = turn_start(units, land="l-fort")
    assert s.step == flow.START_EFFECTS
    assert list(s.legal_actions()) == [("capture", 1), ("capture", 7)]


# ---- end-phase keywords ----------------------------------------------------------------------------
def effects_of_a(*units):
    """A's end phase, at its effects step, with ``units`` = [(sq, card, owner, chips, slots?)]."""
    s = opening()
    draw_any(s)
    for sq, card, owner, n, *rest in units:
        place(s, sq, card, owner, chips=n, **(rest[0] if rest else {}))
    empty_hand(s, 0)  # (no 世代交代 to offer)
    at(s, "discard")
    arrive(s, begin_end_phase)
    assert s.step == flow.END_EFFECTS
    return s


@rule("C-17")
def test_symbol_logs_the_number_of_chips_it_put_on():
    s = effects_of_a(
        (4, "az-albert", 0, 3), (1, "az-soldier", 0, 1), (3, "az-soldier", 0, 1), (10, "cr-brute", 1, 2)
    )
    mark = len(s.log)
    s.apply(("symbol", 4, (1, 3)))
    assert chips(s, 1) == 2 and chips(s, 3) == 2
    assert args_of(s, "symbol")[-1] == {"card": "az-albert", "sq": 4, "n": 2}
    assert ("C-17", "symbol") in events(s, mark)


@rule("C-19", "C-33", "C-10")
def test_legacy_of_a_ring_leaves_the_giver_one_chip_over_its_maximum_and_that_chip_goes_to_used():
    # Merva's 気力 is 4, 5 with the Ring (C-33); she passes the Ring on holding 5 chips: one above
    # her maximum without it, which goes to her owner's used chips as when an item is removed
    s = effects_of_a(
        (4, "az-merva", 0, 5, {"item": "i-ring"}), (1, "az-soldier", 0, 1), (10, "cr-brute", 1, 2)
    )
    slot = SLOTS.index(U_ITEM)
    assert ("legacy", 4, 1, slot) in s.legal_actions()
    used, mark = s.used[0], len(s.log)
    s.apply(("legacy", 4, 1, slot))
    assert s.field[1][U_ITEM] == s.cards.index("i-ring")
    assert chips(s, 4) == 4 and s.used[0] == used + 1
    # logged as when an item is removed: the legacy, then the chip over (C-10)
    assert [e for e in events(s, mark) if e[0] in ("C-19", "C-10")] == [("C-19", "legacy"), ("C-10", "chips_over")]
    over = [e for e in s.log.since(mark) if e.key == "chips_over"]
    assert dict(over[0].args) == {"card": "az-merva", "n": 1}
    settled(s)
