"""Voluntary destruction (8.11, 8.12, 12.11, B-51), characters left without a unit (B-15, B-23)
and the collapse of Ah and Mi with their castles (32.4, 33.4, 35.1, 35.2, B-35)."""

from __future__ import annotations

from asobi.games.byston.board import BOX, COLLAPSED, DEAD, GONE, static
from support.scenario import rule

from .helpers import C, ch, chit, clear, destroy, events, game, h, phase, put, turn_of, u, units_at


def counter(s, country: str, unit: str, hex_id: str) -> int:
    return next(i for i in static().counters_of(C[country], unit) if s.where[i] == h(hex_id))


@rule("8.11")
def test_an_own_machine_may_be_destroyed_back_to_the_box_and_used_at_once():
    s = game()
    s.gp = [3] + [0] * 6
    i = counter(s, "drake", "drumlo", "1114")
    s.flipped[i] = 1
    phase(s, "produce_phase")
    before = sum(1 for j in static().counters_of(C["drake"], "drumlo") if s.where[j] == BOX)
    s.apply(destroy(s, i))
    assert s.where[i] == BOX and not s.flipped[i]
    assert events(s, "destroyed")[0].clause == "8.11"
    assert sum(1 for j in static().counters_of(C["drake"], "drumlo") if s.where[j] == BOX) == before + 1
    s.apply(("make", u("drumlo"), h("0916")))  # at once
    assert s.gp[C["drake"]] == 0


@rule("8.12", "B-51")
def test_characters_left_without_a_unit_go_anywhere_with_an_own_unit():
    s = game()
    s.gp = [0] * 7
    phase(s, "produce_phase")
    # Garalia is alone with two Drumlo and the fort at 1114: take the fort away, destroy both
    clear_fort = counter(s, "drake", "fort", "1114")
    s.set_where(clear_fort, BOX)
    first = counter(s, "drake", "drumlo", "1114")
    s.apply(destroy(s, first))
    assert s.char_at[ch("garalia")] == h("1114")  # a Drumlo is still there
    s.apply(destroy(s, counter(s, "drake", "drumlo", "1114")))
    # Only 0916 has Drake's units now: she goes there without a question
    assert s.char_at[ch("garalia")] == h("0916") and events(s, "placed")[0].clause == "8.12"


@rule("B-51")
def test_the_last_counter_on_the_map_is_never_destroyed():
    s = game()
    s.gp = [10] + [0] * 6
    for hx in ("0916", "1114"):
        clear(s, hx)
    keep = put(s, "drake", "namwan", "1017")
    for k in range(len(s.char_at)):
        if static().char_country[k] == C["drake"] and s.char_at[k] >= 0:
            s.char_at[k] = h("1017")
    phase(s, "produce_phase")
    assert s.pending == ("produce", 0, C["drake"]) and destroy(s, keep) not in s.legal_actions()
    other = put(s, "drake", "drumlo", "1017")
    s.legal_cache = None
    assert {destroy(s, keep), destroy(s, other)} <= set(s.legal_actions())


@rule("12.11", "B-15", "B-23")
def test_an_own_building_may_be_pulled_down_and_its_characters_go_to_the_nearest_own_unit():
    s = game()
    s.gp = [0] * 7
    s.set_where(counter(s, "drake", "drumlo", "1114"), BOX)
    s.set_where(counter(s, "drake", "drumlo", "1114"), BOX)
    put(s, "drake", "namwan", "1017")
    phase(s, "build_phase")
    assert s.pending == ("build", 0, C["drake"])
    assert ("raze", h("1114")) in s.legal_actions() and ("raze", h("0916")) in s.legal_actions()
    s.apply(("raze", h("1114")))
    assert units_at(s, "1114") == [] and events(s, "razed")[0].clause == "12.11"
    # Garalia was at 1114: Rase Wau and the Namwan at 1017 are both 3 steps away, she chooses
    assert s.pending == ("place", 0, ch("garalia"), "B-15", (h("0916"), h("1017")))
    s.apply(("place", h("1017")))
    assert s.char_at[ch("garalia")] == h("1017") and events(s, "placed")[0].clause == "B-15"
    s.gp[C["drake"]] = 6
    s.legal_cache = None
    s.apply(("build", "fort", h("1114")))  # 12.11: to build again
    assert "drake:fort" in units_at(s, "1114")


@rule("33.4", "35.1", "35.2", "B-35")
def test_ah_collapses_with_the_elf_castle_and_leaves_the_game():
    s = game()
    s.gp = [0] * 7
    s.chit_cup[chit("ah_as")] = 1
    turn_of(phase(s, "build_phase"), "build", "ah")
    s.apply(("raze", h("1209")))
    assert s.status[C["ah"]] == COLLAPSED
    assert [e.clause for e in events(s, "collapsed")] == ["33.4"]
    assert events(s, "left_the_game")[0].clause == "35.2"
    ah = [i for i in range(len(s.where)) if s.owner[i] == C["ah"]]
    assert all(s.where[i] in (GONE, -1) for i in ah)  # the map and the box are empty; the supply stays
    assert s.char_at[ch("fraon")] == DEAD and s.chit_cup[chit("ah_as")] == 0


@rule("32.4")
def test_mi_collapses_with_the_kiron_castle_and_pinegan_goes_with_it():
    s = game()
    s.gp = [0] * 7
    turn_of(phase(s, "build_phase"), "build", "mi")
    s.apply(("raze", h("2009")))
    assert s.status[C["mi"]] == COLLAPSED and s.char_at[ch("pinegan")] == DEAD
    assert [e.clause for e in events(s, "collapsed")] == ["32.4"]


@rule("8.11", "30.5", "B-35", "B-51")
def test_destroying_the_goraon_collapses_rau_at_once_and_rau_is_asked_nothing_more():
    s = game()
    s.gp = [0, 0, 10, 0, 0, 0, 0]  # Rau could still pay for chits
    # the rest of 30.5 holds: Foizon out of play, Elle never entered, no Rau castle in Rau's land
    s.char_at[ch("foizon")] = DEAD
    for i in static().counters_of(C["rau"], "castle"):
        if s.where[i] >= 0 and static().nation[s.where[i]] == C["rau"]:
            s.where[i] = BOX
    goraon = put(s, "rau", "goraon", "1206")
    turn_of(phase(s, "produce_phase"), "produce", "rau")
    assert s.status[C["rau"]] != COLLAPSED
    s.apply(destroy(s, goraon))
    assert s.status[C["rau"]] == COLLAPSED  # B-35: checked at once, as after a building is pulled down
    assert [e.clause for e in events(s, "collapsed")] == ["30.5"]
    assert s.where[goraon] == GONE  # 35.3: its factory box, where the Goraon went, leaves the game
    assert s.pending is not None and s.pending[:3] == ("produce", 3, C["na"])  # Rau is not asked again


@rule("8.11")
def test_a_machine_on_hex_0101_may_be_destroyed_like_any_other():
    s = game()
    s.gp = [0] * 7
    clear(s, "0101")  # hex number 0, a hex like any other
    a = put(s, "drake", "drumlo", "0101")
    put(s, "drake", "drumlo", "1017", flipped=True)  # the Drumlo on the map: not all face up
    phase(s, "produce_phase")
    assert destroy(s, a) in s.legal_actions()
