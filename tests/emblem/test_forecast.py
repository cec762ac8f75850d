"""Emblem's battle forecast: what it says each choice does is what the rules then do."""

from __future__ import annotations

import pytest

from asobi.core.match import Match
from asobi.games.emblem.forecast import for_action, forecast
from asobi.games.emblem.spec import SPEC
from asobi.games.emblem.units import U_CHIPS

from .helpers import invasion


def attack_position():
    """Gard (4 気力, steel sword: +2 攻, cost 1) activated next to Goran (6 気力, iron sword: cost 0)."""
    s = invasion([(4, "az-gard", 0, 4, {"weapon": "w-steel-sword"}),
                  (7, "cr-goran", 1, 6, {"weapon": "w-iron-sword"})])
    s.apply(("activate", 4))
    s.apply(("next",))
    return s


def test_the_forecast_names_the_weapons_costs_and_every_exchange():
    s = attack_position()
    f = forecast(s, 4, 7)
    assert (f.weapon, f.cost, f.weapon_usable) == ("w-steel-sword", 1, True)
    assert (f.counter_weapon, f.counter_cost, f.counter_usable, f.can_counter) == ("w-iron-sword", 0, True, True)
    assert len(f.exchanges) == 4
    with_sword = f.exchange(True, False)
    assert (with_sword.damage, with_sword.defender_left, with_sword.counter, with_sword.attacker_left) == (5, 1, 3, 1)
    assert f.exchange(False, False).damage == 3
    assert f.exchange(True, True).attacker_retreats  # Goran's sword makes the counter 4: Gard falls
    assert for_action(s, ("attack", 7)) == f
    assert for_action(s, ("next",)) is None


def test_a_choice_already_made_is_fixed_in_the_forecast():
    s = attack_position()
    s.apply(("attack", 7))
    mine = for_action(s, ("equipment", 1))
    assert mine is not None and {e.attacker_uses for e in mine.exchanges} == {True}
    s.apply(("equipment", 1))
    theirs = for_action(s, ("equipment", 0))
    assert theirs is not None and [(e.attacker_uses, e.defender_uses) for e in theirs.exchanges] == [(True, False)]
    with pytest.raises(KeyError):
        theirs.exchange(True, True)


def test_an_unpayable_weapon_is_forecast_as_not_used():
    s = attack_position()
    s.used[0] += s.unused[0]
    s.unused[0] = 0
    f = forecast(s, 4, 7)
    assert not f.weapon_usable and {e.attacker_uses for e in f.exchanges} == {False}


def test_no_unit_on_a_square_is_refused():
    with pytest.raises(ValueError, match="no unit"):
        forecast(attack_position(), 4, 0)


def play_choices(state, attack, uses, cuses):
    s = state.clone()
    s.apply(attack)
    if s.pending is not None and s.pending[0] == "attack_equipment":
        s.apply(("equipment", int(uses)))
    if s.pending is not None and s.pending[0] == "counter_equipment":
        s.apply(("equipment", int(cuses)))
    return s


def test_every_forecast_in_random_games_is_what_the_rules_do():
    """Each exchange of each attack offered in random games, played out on a copy."""
    checked = 0
    for seed in range(12):
        match = Match(SPEC, {}, ["bot:random", "bot:random"], seed=seed, journal=False)
        steps = 0
        while not match.is_over() and steps < 3000:
            s = match.state
            if s.current_seat >= 0:
                for action in s.legal_actions():
                    if action[0] != "attack":
                        continue
                    f = forecast(s, s.active, action[1])
                    for e in f.exchanges:
                        after = play_choices(s, action, e.attacker_uses, e.defender_uses)
                        d, a = after.field[f.target_sq], after.field[f.attacker_sq]
                        assert (0 if d is None else d[U_CHIPS]) == e.defender_left, (seed, steps, e)
                        assert (0 if a is None else a[U_CHIPS]) == e.attacker_left, (seed, steps, e)
                        checked += 1
            match.step()
            steps += 1
    assert checked > 50
