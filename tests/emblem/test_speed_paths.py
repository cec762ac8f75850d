"""The fast paths of a playout step give what the plain definitions give: the sampled draw is the
base class's pick from the listed outcomes, and the ``current_seat`` slot is the seat the pending
decision, the chance node or the end names."""

from __future__ import annotations

import math
from itertools import accumulate
from random import Random

from asobi.core import CHANCE, TERMINAL, GameState
from asobi.games.emblem.rules import flow
from asobi.games.emblem.spec import SPEC
from asobi.games.emblem.state import EmblemState
from support.play import random_playout
from support.scenario import FixedRandom

EDGES = (0.0, 1e-12, 0.25, 0.5, 0.999999, 1 - 2**-53)
"""``random()`` values at and near both ends, where a running sum's rounding decides the card."""


def _seat_by_definition(s: EmblemState) -> int:
    if s.pending is not None:
        seat: int = s.pending[1]
        return seat
    return TERMINAL if s.ended is not None else CHANCE


def _random_games(n: int, options: dict[str, object]):
    rng = Random(3)
    for _ in range(n):
        s = SPEC.new_state(SPEC.validate_options(options))
        for _ in random_playout(s, rng, unchecked=True):
            yield s


def test_sampled_draw_is_the_base_class_pick_from_the_listed_outcomes():
    checked = 0
    for s in _random_games(4, {}):
        if s.current_seat != CHANCE or s.chance[0] == "first":
            continue
        outcomes = s.chance_outcomes()
        # each running count's boundary itself and the floats beside it, where the float sums'
        # rounding and the counts may disagree (the fast pick falls back to the sums there)
        seat = s.pending_deals[-1] if s.chance[0] == "deal" else s.phase_seat
        left = s.deck_left[seat]
        bounds = [n / left for n in accumulate(s.deck[seat]) if n < left]
        near = [math.nextafter(b, d) for b in bounds[::7] for d in (0.0, 1.0)]
        for r in (*EDGES, *bounds[::7], *near, Random(checked).random()):
            expected = GameState.sample_chance(s, FixedRandom(r))
            assert s.sample_chance(FixedRandom(r)) == expected, (r, outcomes)
        checked += 1
    assert checked > 100  # deals and draws of several games


def test_sampled_draw_of_a_one_card_deck_and_past_the_last_sum():
    s = SPEC.new_state({})
    s.apply_unchecked(("first", 0))
    assert s.chance[0] == "deal" and s.pending_deals[-1] == 0  # the first player is dealt first
    deck = list(s.deck[0])
    only = max(range(len(deck)), key=lambda c: deck[c])  # the card with the most copies
    s.deck = (tuple(n if c == only else 0 for c, n in enumerate(deck)), s.deck[1])
    s.deck_left[0] = deck[only]
    for r in EDGES:
        assert s.sample_chance(FixedRandom(r)) == ("draw", s.cards.ids[only])


def test_current_seat_slot_is_the_seat_the_state_names():
    steps = 0
    for s in _random_games(3, {"deck_a": "crimson", "deck_b": "azure", "wipeout_at_once": True}):
        assert s.current_seat == _seat_by_definition(s)
        if steps % 50 == 0:
            loaded = EmblemState.from_json(s.to_json())
            assert loaded.current_seat == s.current_seat
            assert s.clone().current_seat == s.current_seat
        steps += 1
    assert steps > 500


def test_the_events_and_asks_made_once_are_those_the_rules_would_make_each_time():
    # built when the modules are imported (a mutation of their builders is only seen by calling them)
    from asobi.core import Event
    from asobi.games.emblem.cards import pool
    from asobi.games.emblem.rules import events as premade

    for seat in (0, 1):
        assert premade._per_seat("2.4.1", "invasion_phase")[seat] == Event(
            "2.4.1", "invasion_phase", (("seat", seat),)
        )
        assert premade.INVASION_PHASE[seat] == Event("2.4.1", "invasion_phase", (("seat", seat),))
        drew = premade._drew("2.2.3")[seat]
        assert drew == tuple(
            Event("2.2.3", "drew", (("seat", seat), ("card", c.id)), (seat,)) for c in pool().cards
        )
        assert flow._asked("unit")[seat] == ("unit", seat) == flow.ASK_UNIT[seat]


def test_listings_kept_or_handed_on_are_the_plain_listings():
    # the choice of a unit to act is listed by the ready step's pass and handed on from one
    # choice to the next (rules.invasion); the unit step's listing is handed on by a chip and by
    # a deploy backed out of, the item step's by an equip, a removal or a placing (rules.kokuryoku):
    # every decision's legal actions are what its listing gives afresh, and a state read from
    # JSON (nothing kept) plays on the same
    from asobi.games.emblem.rules import FLOW

    steps = 0
    handed = {"select": 0, "unit": 0, "item": 0}
    for s in _random_games(6, {}):
        pending = s.pending
        if pending is None:
            continue
        kind = pending[0]
        if kind in handed and s.legal_cache is not None:
            handed[kind] += 1
        legal = s.legal_actions()
        kept = s.unit_kept, s.item_kept
        assert legal == tuple(FLOW.listings[kind](s)), pending
        s.unit_kept, s.item_kept = kept  # (the plain listing keeps its own: play on with what it had)
        if kind in ("unit", "item") and steps % 5 == 0:
            # the other seat's determinization gives the seat deciding another hand: its own listing
            d = s.determinize(1 - pending[1], Random(steps))
            assert d.unit_kept is None and d.item_kept is None
            assert d.legal_actions() == tuple(FLOW.listings[kind](d))
        if steps % 97 == 0:
            loaded = EmblemState.from_json(s.to_json())
            assert loaded.select_kept is None and loaded.unit_kept is None and loaded.item_kept is None
            assert loaded.legal_actions() == s.legal_actions()
        steps += 1
    assert steps > 2000 and min(handed.values()) > 300, handed


def test_observation_with_kept_unit_values_is_the_one_worked_out_afresh():
    # tensor.write_observation keeps each unit's entries by the unit (a unit is never changed in
    # place; a land or guardian placed or replaced, C-15, C-16, works them out again) and each
    # seat's 戦場外 counts by the pile (a tuple replaced on change)
    from asobi.games.emblem import tensor

    steps = kept = piles = 0
    for s in _random_games(3, {"deck_a": "crimson", "deck_b": "azure"}):
        seat = steps % 2
        before = len(s.unit_values or ())
        piles += any(k is not None and k[0] is p for k, p in zip(s.pile_counts, s.offfield, strict=True))
        written = tensor.observation_tensor(s, seat)
        assert all(type(x) is float for x in written)
        kept += before > 0
        fresh = s.clone()
        fresh.unit_values = None
        fresh.pile_counts = (None, None)
        assert written == tensor.observation_tensor(fresh, seat)
        steps += 1
    assert steps > 500 and kept > 400 and piles > 400
