"""The fast paths of a ship's move equal the plain rules.

The hexes a ship may enter next to a hex are worked out once per country, ship (the Zelana or
not) and countries' states, with the step actions into them (``opening``); the plain listings of the ships that may move and
of a ship's steps below test every hex with the refusal clauses (``entry_refusal``). They agree
at every move and step decision of rule-bot and random games.

A ship's loading (17.15, B-20) lists its choices once, when it starts to move; each load or
boarding hands the listing on, less what it took, to the next choice (``load_kept``), and a load
takes the first counter of its kind that the listing found. The plain versions below list the
choices from the hex's counters and characters at every choice and look the loaded counter up
among all the counters of its unit, as the rules first did. At every loading choice of rule-bot
games (which load a ship one AB at a time) and of random games, the listing equals the plain one,
and every choice listed, applied to a clone (which shares what was kept) and to a state read
back from JSON (which has nothing kept), takes the counter the plain look-up finds and leaves a
listing equal to the plain one, and the two go on alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from random import Random
from typing import Any

import pytest

from asobi.core import TERMINAL
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.games.byston.board import ARMED, COLLAPSED, NEUTRAL, WAR, characters_in, static
from asobi.games.byston.rules import move
from asobi.games.byston.rules.collapse import serving_country
from asobi.games.byston.rules.move import riders
from asobi.games.byston.state import BystonState

from .helpers import game, h, random_step, u
from .test_move import draw

# ---- the plain rules -------------------------------------------------------------------------


def plain_load(s: BystonState) -> list[tuple[Any, ...]]:
    """B-20, 17.15.1–17.15.9: every AB (by its kind) and character the moving ship may take
    aboard in its hex, and ("go",)."""
    st = static()
    ship = s.ship
    here = s.where[ship]
    ok = riders(s.owner[ship])
    room = move._tables()[0][st.counter_unit[ship]]
    out: set[tuple[Any, ...]] = {("go",)}
    if room is None or len(s.cargo) < room:
        for i in range(len(s.where)):
            if (
                s.where[i] == here
                and st.unit_kind[st.counter_unit[i]] == "AB"
                and s.owner[i] in ok
                and i not in s.cargo
                and i not in s.moved
            ):
                out.add(("load", s.owner[i], st.counter_unit[i], s.flipped[i]))
    for k in characters_in(s.char_at, here):
        if serving_country(s, k) in ok and k not in s.crew and k not in s.chars_moved:
            out.add(("board", k))
    return sorted(out)


def plain_loaded(s: BystonState, action: tuple[Any, ...]) -> int:
    """The counter a load action takes: the first of its unit, owner and face in the ship's
    hex, not aboard nor moved this phase."""
    _verb, owner, unit, flipped = action
    here = s.where[s.ship]
    for i in range(len(s.where)):
        if (
            static().counter_unit[i] == unit
            and s.where[i] == here
            and s.owner[i] == owner
            and s.flipped[i] == flipped
            and i not in s.cargo
            and i not in s.moved
        ):
            return i
    raise AssertionError(action)


def check_load(s: BystonState, seen: Counter[str], read_back: bool = True) -> None:
    """At a loading choice: the listing is the plain one, and so is every choice's result, in a
    clone (what was kept, shared) and, with ``read_back``, in a state read back (nothing kept)."""
    listed = s.legal_actions()
    assert list(listed) == plain_load(s), s.pending
    seen["asked"] += 1
    for action in listed:
        if action[0] == "go":
            continue
        expected = plain_loaded(s, action) if action[0] == "load" else None
        both = [s.clone()]
        if read_back:
            both.append(BystonState.from_json(s.to_json()))
        for after in both:
            after.apply_unchecked(action)  # (a checked apply would list, and keep, first)
        if read_back:  # what was kept and the listing from scratch lead to the same game
            assert both[0].to_json() == both[1].to_json(), action
            assert both[0].legal_actions() == both[1].legal_actions(), action
        for after in both:
            if expected is not None:
                assert after.cargo[-1] == expected, action
                seen["loaded"] += 1
                seen["alike_left"] += bool(after.pending and after.pending[0] == "load" and action in plain_load(after))
            else:
                assert after.crew[-1] == action[1], action
                seen["boarded"] += 1
            if after.pending is not None and after.pending[0] == "load":
                assert list(after.legal_actions()) == plain_load(after), action
                seen["again"] += 1
                room = move._tables()[0][static().counter_unit[after.ship]]
                seen["full"] += room is not None and len(after.cargo) >= room
            else:
                seen["ended"] += 1
        assert s.load_kept is not None  # (the clones' choices left the state's own as it was)


def plain_enterable(s: BystonState, country: int, unit: int, h: int) -> bool:
    """17.12–17.14.2, 28.4, 34.6, B-3: whether a ship may enter ``h`` at all (no refusal)."""
    return move.entry_refusal(s, country, unit, h) is None


def plain_move(s: BystonState) -> list[tuple[Any, ...]]:
    """17.1, 17.7–17.11, B-53, B-57: ("done",) and every ship of the country the chit moves, not
    moved this phase, with a hex next to it that it may enter."""
    assert s.pending is not None
    country, kind = s.pending[2], s.pending[3]
    st = static()
    out: set[tuple[Any, ...]] = {("done",)}
    for i, at in enumerate(s.where):
        unit = st.counter_unit[i]
        if (
            at >= 0
            and s.owner[i] == country
            and i not in s.moved
            and st.unit_kind[unit] in ("AS", "ABS")
            and move.ship_allowed(kind, country, unit)
            and any(plain_enterable(s, country, unit, n) for n in st.t.map.grid.adjacency[at])
        ):
            out.add(("ship", unit, at, s.flipped[i]))
    return sorted(out)


def plain_step(s: BystonState) -> list[tuple[Any, ...]]:
    """17.4–17.6: each hex next to the ship that it may enter and that its points pay for (2 for
    a hex holding the other camp), and ("stop",)."""
    st = static()
    ship = s.ship
    country = s.owner[ship]
    out = [("stop",)]
    for n in st.t.map.grid.adjacency[s.where[ship]]:
        hostile = any(st.camp[s.owner[i]] != st.camp[country] for i in s.stacks[n])
        if plain_enterable(s, country, st.counter_unit[ship], n) and s.mp >= (2 if hostile else 1):
            out.append(("step", n))
    return sorted(out)


def play_checking(s: BystonState, step_once: Any, seen: Counter[str], read_back_every: int = 1) -> None:
    """Play to the end, checking each loading, move and step choice against the plain rules;
    the loading choices' results read back from JSON at every ``read_back_every``-th (a long
    game's log makes each read-back dear)."""
    while s.current_seat != TERMINAL:
        kind = s.pending[0] if s.pending is not None else None
        if kind == "load":
            check_load(s, seen, read_back=seen["asked"] % read_back_every == 0)
        elif kind == "move":
            assert list(s.legal_actions()) == plain_move(s), s.pending
            seen["move"] += 1
        elif kind == "step":
            assert list(s.legal_actions()) == plain_step(s), s.pending
            seen["step"] += 1
        step_once()


@pytest.mark.parametrize("seed", [5])
def test_loading_equals_the_plain_rules_in_rule_bot_games(seed: int) -> None:
    spec = get_game("byston")
    match = Match(spec, spec.validate_options({}), ["bot:normal"] * 4, seed=seed, journal=False, checked=False)
    state = match.state
    assert isinstance(state, BystonState)
    seen: Counter[str] = Counter()
    play_checking(state, match.step, seen, read_back_every=20)
    # the game loaded many ships, several ABs alike at once, and filled some
    assert seen["asked"] > 100 and seen["alike_left"] > 50 and seen["full"] > 3, seen
    assert seen["move"] > 100 and seen["step"] > 200, seen


def test_loading_equals_the_plain_rules_in_random_games() -> None:
    seen: Counter[str] = Counter()
    for g in range(4):
        rng = Random(g)
        s = BystonState(4)

        play_checking(s, random_step(s, rng), seen)
    assert seen["asked"] > 20 and seen["again"] > 20 and seen["move"] > 50 and seen["step"] > 50, seen


def test_loading_goes_on_with_no_character_left_to_board() -> None:
    """A ship whose hex has no character left to take on still loads AB after AB (what was kept
    holds no boarding then), as the plain rules have it."""
    s = draw(game(), "drake_as")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    while any(a[0] == "board" for a in s.legal_actions()):
        check_load(s, Counter())
        s.apply(next(a for a in s.legal_actions() if a[0] == "board"))
    seen: Counter[str] = Counter()
    while s.pending is not None and s.pending[0] == "load":
        check_load(s, seen)
        s.apply(next(a for a in s.legal_actions() if a[0] == "load"))
    assert seen["again"] >= 8 and len(s.cargo) == 6, (seen, s.cargo)  # the Namwan carries six (17.15.5)


def opened(hexes: Iterable[int]) -> move.Opening:
    """What ``move.opening`` should give for ``hexes``: them sorted, and a step into each, then stop."""
    around = tuple(sorted(hexes))
    return around, (*[("step", n) for n in around], ("stop",))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_hexes_open_around_every_hex_are_those_the_refusals_allow(seed: int) -> None:
    """For every country and hex, the Zelana and another ship (the Zelana alone enters the
    Kustanga hills, 17.14.1), with the countries' states drawn at random (B-3, 17.12, 17.13, 28.4,
    34.6 each read them): the hexes open around it are those no refusal clause forbids."""
    st = static()
    rng = Random(seed)
    s = BystonState(4)
    s.status = [rng.choice((NEUTRAL, ARMED, WAR, COLLAPSED)) for _ in s.status]
    status = tuple(s.status)
    zelana, other = st.unit_index("zelana"), st.unit_index("namwan")
    for country in range(7):
        for unit in (other, zelana):  # (the other first: the Zelana's may not be read from its table)
            for hex_, around in enumerate(st.t.map.grid.adjacency):
                expected = opened(n for n in around if plain_enterable(s, country, unit, n))
                assert move.opening(s, country, unit, status, hex_) == expected, (country, unit, hex_)


def test_the_open_hexes_stay_right_when_the_tables_are_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept to one table, every new key drops the others: the answers are made again, alike."""
    monkeypatch.setattr(move, "OPEN_TABLES", 1)
    st = static()
    s = BystonState(4)
    status = tuple(s.status)
    for _ in range(2):
        for country in range(7):
            for hex_, around in enumerate(st.t.map.grid.adjacency):
                expected = opened(n for n in around if plain_enterable(s, country, st.unit_index("namwan"), n))
                assert move.opening(s, country, st.unit_index("namwan"), status, hex_) == expected
    assert len(move._OPEN) == 1
