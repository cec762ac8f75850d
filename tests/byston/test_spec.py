"""byston registered as a game: the spec, the declared spaces, the observation tensor, open
information, the terminal drawing, and the general clauses (1.1, 1.3, 2.x) and the headings whose
sub-clauses the other files test one by one."""

from __future__ import annotations

import random

import pytest

from asobi.core import all_games, get_game
from asobi.core.spaces import check_space
from asobi.games.byston.board import BOX, MADE_BUBULY, NOT_ENTERED, WAR, static
from asobi.games.byston.present.render import render_view
from asobi.games.byston.rules.move import may_enter
from asobi.games.byston.space import action_space, chance_space, decision_bounds, most_hits
from asobi.games.byston.state import BystonState
from asobi.games.byston.tensor import observation_shape, size
from support.play import played, random_playout
from support.scenario import rule

from .helpers import C, ch, chit, game, phase, put, u

DRAKE, RAU, ZELANA = C["drake"], C["rau"], C["zelana"]


def play_random(players: int, seed: int, steps: int) -> BystonState:
    return played(BystonState(players), random.Random(seed), steps, unchecked=True)


@rule("1.1")
def test_the_game_is_registered_as_drakes_ambition():
    spec = get_game("byston")
    assert spec in all_games() and spec.title_ja == "ドレイクの野望"
    assert spec.rules_version != "0" and "rule" in spec.bot_names()
    for players in (2, 3, 4):
        options = spec.validate_options({"players": players})
        state = spec.new_game(options)
        assert state.n_seats == players == len(spec.seat_names(options))


@rule("1.3")
def test_the_cup_is_drawn_blind_each_item_alike():
    """A die is six outcomes; a draw from the cup is one outcome per chit type and character in it,
    weighted by how many are in — the cup is random, not a hidden order."""
    s = game()
    s.chit_cup[chit("drake_as")] = 2
    s.chit_cup[chit("rau_as")] = 1
    phase(s, "action_phases")
    outcomes = dict(s.chance_outcomes())
    assert outcomes == {
        ("chit", chit("drake_as")): pytest.approx(2 / 3),
        ("chit", chit("rau_as")): pytest.approx(1 / 3),
    }
    assert s.view(0)["cup"] == s.view(1)["cup"] == {"drake_as": 2, "rau_as": 1}


@rule("2.1", "2.2", "2.3", "2.4")
def test_machines_are_abs_aura_ships_and_battleships():
    st = static()
    kinds = {st.t.unit(uid).kind for uid in st.unit_ids if uid not in ("castle", "fort")}
    assert kinds == {"AB", "AS", "ABS"}
    doro = next(iter(st.counters_of(DRAKE, "doro")))
    namwan = next(iter(st.counters_of(DRAKE, "namwan")))
    assert st.kind(doro) == "AB" and not st.is_ship(doro)
    assert st.is_ship(namwan) and st.kind(namwan) == "AS"
    assert all(st.is_ship(i) for i in st.counters_of(DRAKE, "will_wipps"))  # an ABS is a ship (2.4)
    # the action space names them by these kinds: only ABs are loaded, only ships move
    space = action_space({})
    assert ("load", DRAKE, u("doro"), 0) in space and ("load", DRAKE, u("namwan"), 0) not in space
    assert ("ship", u("namwan"), 0, 0) in space and ("ship", u("doro"), 0, 0) not in space


@rule("2.6", "2.7")
def test_each_sheet_shows_gp_and_tl():
    s = game()
    s.gp[RAU], s.tl[RAU] = 17, 5
    sheet = s.view(2)["countries"]["rau"]
    assert (sheet["gp"], sheet["tl"], sheet["state"]) == (17, 5, "armed")
    text = render_view(s.view(2), 2, "en")
    assert any(line.split()[1:4] == ["armed", "17", "5"] for line in text.splitlines() if "Rau" in line)


@rule("2.10", "B-46")
def test_stacks_are_shown_by_counts():
    s = game()
    for _ in range(3):
        put(s, "drake", "drumlo", "1210")
    put(s, "drake", "drumlo", "1210", flipped=True)
    text = render_view(s.view(0), 0, "en")
    line = next(x for x in text.splitlines() if x.strip().startswith("1210:"))
    assert "Drumlo×3" in line and "Drumlo*" in line
    ja = render_view(s.view(0), 0, "ja")
    assert "1210:" in ja and "ターン" in ja


@rule("8.11h")
def test_the_production_phase_offers_action_chits():
    s = phase(game(gp=[30, 30, 30, 30, 30, 30, 0]), "produce_phase")
    assert s.pending[0] == "produce"
    assert {a for a in s.legal_actions() if a[0] == "chit"} >= {("chit", chit("drake_as"))}


@rule("13.3")
def test_characters_enter_by_their_conditions_in_the_character_phase():
    s = game()
    s.set_mark(MADE_BUBULY, 1)  # 13.3.9: the first Bubuly was made this turn
    phase(s, "character_phase", only=True)
    assert s.char_at[ch("jabba")] == s.char_at[ch("shot")] >= 0
    assert s.char_at[ch("rimmel")] == NOT_ENTERED  # 13.3.1: no Elf Castle yet


@rule("14.1")
def test_an_action_phase_moves_then_fights():
    s = game()
    s.chit_cup[chit("drake_as")] = 1
    phase(s, "action_phases")
    s.apply(("chit", chit("drake_as")))
    assert s.pending[0] == "move"
    tasks = [t[0] for t in s.agenda]
    # the agenda is a stack (its last task runs first): the battles come after the move, before
    # the phase ends
    assert tasks.index("battles") > tasks.index("action_end")


@rule("17.14", "17.15")
def test_kustanga_is_the_zelanas_and_ships_carry():
    st = static()
    s = game()
    s.status[DRAKE] = WAR
    hill = next(iter(st.kustanga))
    assert may_enter(s, ZELANA, u("zelana"), hill) and not may_enter(s, DRAKE, u("namwan"), hill)
    space = action_space({})
    assert ("load", DRAKE, u("drumlo"), 1) in space and ("board", ch("shot")) in space


@rule("30.6")
def test_the_secret_factory_is_an_action_of_the_building_phase():
    assert ("secret",) in action_space({})
    assert "secret_factory" in game().view(0)


def test_random_games_stay_in_the_spaces_and_bounds():
    space, chance = action_space({}), chance_space({})
    bounds = decision_bounds()
    for players in (2, 3, 4):
        s = BystonState(players)
        for _ in random_playout(s, random.Random(players), unchecked=True):
            if s.is_terminal():
                break
            if s.is_chance():
                check_space(chance, [a for a, _ in s.chance_outcomes()], "chance")
                continue
            legal = s.legal_actions()
            check_space(space, legal, f"{s.pending[0]}")
            assert len(legal) <= bounds[s.pending[0]], s.pending[0]


def test_every_decision_kind_has_a_bound_and_the_spaces_ignore_options():
    from asobi.games.byston.rules import DECISIONS

    assert set(decision_bounds()) == set(DECISIONS)
    assert action_space({"players": 2}).verbs == action_space({"players": 4}).verbs
    # a pool of every gun and AB of a camp in one hex plus its characters fits the chance space
    assert ("hits", most_hits()) in chance_space({}) and ("hits", most_hits() + 1) not in chance_space({})


@rule("6.7")
def test_a_share_has_one_shape_whatever_the_allies():
    """``share`` is padded to four amounts (Rau, Na, Ah, Mi at most) so the space has one verb."""
    assert ("share", 2, 0, 0, 0) in action_space({}) and ("share", 2, 0) not in action_space({})


def test_the_tensor_has_its_shape_and_follows_the_position():
    s = play_random(4, 3, 300)
    for seat in range(4):
        t = s.observation_tensor(seat)
        assert len(t) == size() == observation_shape({})[0]
        assert all(isinstance(x, float) for x in t)
    before = s.observation_tensor(0)
    i = next(i for i, at in enumerate(s.where) if at >= 0)
    s.set_where(i, BOX)
    assert s.observation_tensor(0) != before
    assert s.observation_tensor(0) != s.observation_tensor(1)  # the seat is part of it


def test_nothing_is_hidden_so_every_seat_sees_the_same():
    s = play_random(3, 5, 400)
    views = [s.view(seat) for seat in range(3)]
    assert views[0] == views[1] == views[2] == s.view(None)
    rng = random.Random(1)
    assert s.determinize(0, rng).fingerprint() == s.fingerprint()
    assert list(s.hidden_variants(0, rng)) == []


def test_the_drawing_shows_the_sheet_box_cup_and_who_decides():
    s = play_random(4, 2, 200)
    text = render_view(s.view(0), 0, "en")
    for part in ("Turn", "Management sheet", "Factory box", "Cup:", "Open box:"):
        assert part in text
    assert " to decide: " in text or s.current_seat < 0  # the seat is named by its countries
    assert "ターン" in render_view(s.view(0), 0, "ja")


def test_the_heuristic_is_a_score_for_each_seat():
    spec = get_game("byston")
    s = play_random(2, 4, 300)
    a, b = spec.search.heuristic(s, 0), spec.search.heuristic(s, 1)
    assert 0.0 <= a <= 1.0 and a + b == pytest.approx(1.0)
