"""Characters left behind by a voluntary destruction (8.12, 12.11, B-15) may stay with the units
of any country they may be with: Rau, Na and the Zelana with any of the three (B-42, B-54)."""

from __future__ import annotations

from asobi.games.byston.board import BOX, CUP, static
from support.scenario import rule

from .helpers import C, ch, chit, clear, destroy, events, game, h, phase, put


def _ask_rau(s) -> None:
    """Pass the countries before Rau in the order of play (2.9) until Rau is asked."""
    while s.pending is not None and s.pending[2] != C["rau"]:
        s.apply(("done",))
    assert s.pending is not None and s.pending[2] == C["rau"]


@rule("8.12", "B-42", "B-54", "B-15")
def test_a_rau_character_stays_with_a_na_unit_when_its_own_unit_is_destroyed():
    s = game()
    s.gp = [0] * 7
    foizon = ch("foizon")
    here = s.char_at[foizon]
    hex_id = static().t.map.grid.hex_id(here)
    clear(s, hex_id)
    mine = put(s, "rau", "bozune", hex_id)
    put(s, "na", "bozune", hex_id)
    phase(s, "produce_phase", only=True)
    _ask_rau(s)
    s.apply(destroy(s, mine))
    assert s.where[mine] == BOX
    # A Na unit is still in the hex: Foizon may be with it (B-42), so 8.12 does not move him.
    assert s.char_at[foizon] == here
    assert not events(s, "placed") and s.pending is not None and s.pending[0] == "produce"


@rule("8.12", "B-15")
def test_a_rau_character_with_no_unit_it_may_be_with_still_goes():
    s = game()
    s.gp = [0] * 7
    foizon = ch("foizon")
    here = s.char_at[foizon]
    hex_id = static().t.map.grid.hex_id(here)
    clear(s, hex_id)
    mine = put(s, "rau", "bozune", hex_id)
    put(s, "drake", "drumlo", hex_id)  # an enemy unit is no host
    phase(s, "produce_phase", only=True)
    _ask_rau(s)
    s.apply(destroy(s, mine))
    # The Drake AB is no host: Rau's runner places him anywhere with a Rau unit (8.12).
    assert s.pending is not None and s.pending[:4] == ("place", s.seat_of(C["rau"]), foizon, "8.12")
    assert here not in s.pending[4]


@rule("12.11", "B-42", "B-54", "B-15")
def test_a_zelana_character_stays_with_a_na_unit_when_rau_pulls_down_its_fort():
    s = game()
    s.gp = [0] * 7
    show = ch("show1")
    here = h("0912")
    clear(s, "0912")
    put(s, "rau", "fort", "0912")
    put(s, "na", "botune", "0912")
    for k, at in enumerate(s.char_at):
        if at == here and k != show:
            s.char_at[k] = s.char_at[ch("sheela")]
    s.char_at[show] = here
    phase(s, "build_phase", only=True)
    _ask_rau(s)
    s.apply(("raze", here))
    # Show (the Zelana's) may be with Na's AB (B-42): the B-15 sweep after 12.11 leaves him there.
    assert s.char_at[show] == here and not events(s, "placed")


def _run(s, *tasks) -> None:
    """Run ``tasks``, then stop at the draw of a Drake chit waiting in the cup."""
    s.chit_cup[chit("drake_as")] = 1
    s.agenda = [("next_draw",), *reversed(tasks)]
    s.pending = None
    s.chance = None
    s.legal_cache = None
    s.run()


@rule("B-15", "B-23")
def test_the_only_character_on_the_map_on_hex_0101_still_goes_to_its_own_units():
    from asobi.games.byston.board import DEAD

    s = game()
    sheela = ch("sheela")
    for k in range(len(s.char_at)):
        if s.char_at[k] >= 0:
            s.char_at[k] = CUP  # every other character off the map
    corner = h("0101")  # hex number 0, a hex like any other
    clear(s, "0101")
    s.char_at[sheela] = corner  # no Na, Rau or Zelana unit there
    _run(s, ("stranded", "B-15"))
    # to the nearest hex with a unit it may be with: at once, or its runner choosing among ties
    moved = s.char_at[sheela] not in (corner, DEAD)
    asked = s.pending is not None and s.pending[0] == "place" and s.pending[2] == sheela
    assert moved or asked


@rule("B-23")
def test_a_character_with_no_own_unit_anywhere_leaves_the_game_and_it_is_logged():
    from asobi.games.byston.board import DEAD

    s = game()
    sheela = ch("sheela")
    for i in range(len(s.where)):
        if s.owner[i] == C["na"] and s.where[i] >= 0:
            s.set_where(i, BOX)
    _run(s, ("place_char", sheela, "13.2"))
    assert s.char_at[sheela] == DEAD
    assert [dict(e.args) for e in events(s, "no_place")] == [{"char": sheela}]
