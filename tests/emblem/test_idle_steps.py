"""The invasion phase's steps (2.4.1–2.4.5) and when each passes by itself (C-30): what the ready
step counts, what activating logs, and the idle checks of the select, move and act steps, called
on the positions where the rule decides them (they are the checks ``rules.IDLE`` declares)."""

from __future__ import annotations

from asobi.games.emblem.rules import IDLE
from asobi.games.emblem.units import U_ACTED, U_CHIPS
from support.scenario import rule

from .helpers import arrive, draw_any, opening, place


def _invasion_of_a(*units: tuple) -> object:
    """A's invasion phase from its ready step, with units placed as (sq, card, owner, chips, ready)."""
    s = opening()
    draw_any(s)
    for sq, card, owner, n, ready in units:
        place(s, sq, card, owner, chips=n, ready=ready)
    s.turn_player = 0
    s.koku = 1
    return s


@rule("2.4.2")
def test_the_ready_step_readies_the_units_in_standby_counts_them_and_clears_what_they_did():
    s = _invasion_of_a(
        (1, "az-soldier", 0, 2, False),
        (4, "az-cavalier", 0, 2, True),
        (2, "az-nina", 0, 2, False),
        (10, "cr-brute", 1, 2, False),
    )
    s.field[2][U_ACTED] = 1  # Nina moved or acted in A's last turn
    arrive(s, "begin_invasion")
    ready = [dict(e.args) for e in s.log if e.key == "units_ready"]
    assert ready[-1] == {"seat": 0, "n": 2}  # the soldier and Nina; the cavalier was ready already
    assert [s.field[sq][U_ACTED] for sq in (1, 2, 4)] == [0, 0, 0]
    assert s.field[10][3] == 0  # B's brute stays in standby


@rule("2.4.1")
def test_activating_a_unit_names_the_seat_the_card_and_the_square():
    s = arrive(
        _invasion_of_a((4, "az-cavalier", 0, 2, False), (10, "cr-brute", 1, 2, False)), "begin_invasion"
    )
    s.apply(("activate", 4))
    last = [e for e in s.log if e.key == "activate"][-1]
    assert (last.clause, dict(last.args)) == ("2.4.1", {"seat": 0, "card": "az-cavalier", "sq": 4})
    s.apply(("move", 7))  # to b3, next to the brute
    assert s.field[7][U_ACTED] == 1  # a unit that moved is marked so (2.5's training reads it)


@rule("2.4.1", "C-30")
def test_with_no_unit_of_its_own_the_turn_players_invasion_passes_even_if_the_others_are_ready():
    s = _invasion_of_a((10, "cr-brute", 1, 2, True))
    arrive(s, "begin_invasion")
    assert ("2.5.1", "end_phase") in [(e.clause, e.key) for e in s.log]
    assert s.pending is None or s.pending[0] != "select"
    s.pending = ("select", 0)
    assert IDLE["select"](s) is True


@rule("2.4.3", "C-30")
def test_the_move_step_is_idle_exactly_when_every_square_one_move_reaches_is_taken():
    # A's soldier on a1 (歩兵: b1 and a2 reach), boxed in by its own units
    s = arrive(
        _invasion_of_a(
            (0, "az-soldier", 0, 2, False), (1, "az-cavalier", 0, 2, False), (3, "az-nina", 0, 2, False)
        ),
        "begin_invasion",
    )
    s.apply(("activate", 0))
    assert s.pending is None or s.pending[0] != "move"  # passed by itself
    s.active = 0
    assert IDLE["move"](s) is True
    s.field[3] = None  # a2 empties
    assert IDLE["move"](s) is False


@rule("2.4.4", "C-11", "C-30")
def test_a_healers_act_step_is_idle_without_unused_chips_and_offers_only_friends_below_their_maximum():
    # Mira (healing, reach 1–2) on b2; a wounded soldier on b1 and a full cavalier on b3
    s = arrive(
        _invasion_of_a(
            (4, "az-mira", 0, 2, False), (1, "az-soldier", 0, 1, False), (7, "az-cavalier", 0, 3, False)
        ),
        "begin_invasion",
    )
    assert s.field[7][U_CHIPS] == s.max_morale(s.field[7]) and s.field[1][U_CHIPS] < s.max_morale(s.field[1])
    s.apply(("activate", 4))
    s.apply(("next",))  # stays on b2
    s.unused[0] = 1  # one chip left to heal with is enough
    s.legal_cache = None
    assert list(s.legal_actions()) == [("heal", 1), ("next",)]
    assert IDLE["act"](s) is False
    s.unused[0] = 0  # none left: nothing to heal with (C-11), so the step has nothing to decide
    assert IDLE["act"](s) is True
    # the unit that moved or acted is marked so (2.4.5, and 2.5's training reads it)
    s.unused[0] = 1
    s.legal_cache = None
    s.apply(("heal", 1))
    assert s.field[4][U_ACTED] == 1
