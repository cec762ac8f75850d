"""What each choice names on the browser's map (``present/targets.py``): the hex or counter, and a
moving ship's reach with its MP — checked against the movement rules themselves by trying every
way the engine lets the ship go (17.4–17.6, 17.12–17.14)."""

from __future__ import annotations

from typing import Any

from asobi.core.agent import Observation
from asobi.core.bots import make_bot
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.core.state import TERMINAL
from asobi.games.byston.board import static
from asobi.games.byston.present.targets import COUNTER, targets
from asobi.games.byston.space import action_space
from support.scenario import rule

from .helpers import game, h, put
from .test_move import draw, start


def _reach_of(s, verb: str) -> dict[str, tuple[int, str]]:
    found = targets(s, s.legal_actions())
    item = next(t for a, t in zip(s.legal_actions(), found, strict=True) if a[0] == verb)
    grid = static().t.map.grid
    return {hex_id: (cost, grid.hex_id(first)) for _sq, hex_id, cost, first in item["reach"]}


def _engine_reach(s) -> dict[str, int]:
    """Every hex the moving ship can end on, with the fewest MP the engine charges to get there:
    each legal step tried on a clone, the MP left read from the state or, once the move has ended
    by itself, from the step's own log line."""
    grid = static().t.map.grid
    ship, mp0 = s.ship, s.mp
    best = {grid.hex_id(s.where[ship]): 0}
    todo = [s]
    while todo:
        here = todo.pop()
        for action in here.legal_actions():
            if action[0] != "step":
                continue
            c = here.clone()
            c.apply(action)
            left = c.mp if c.ship == ship else dict([e for e in c.log if e.key == "step"][-1].args)["mp"]
            spent, to = mp0 - left, grid.hex_id(action[1])
            if to in best and best[to] <= spent:
                continue
            best[to] = spent
            if c.ship == ship and c.pending is not None and c.pending[0] == "step":
                todo.append(c)
    return best


@rule("17.4", "17.5", "17.6")
def test_a_ships_reach_costs_what_the_engine_charges():
    s = game()
    put(s, "rau", "bozune", "1116")  # the other camp: 2 MP to enter (17.6)
    draw(s, "drake_as")
    reach = _reach_of(s, "ship")
    assert reach["0916"] == (0, "0916") and reach["1016"][0] == 1 and reach["1116"][0] == 3
    start(s, "namwan", "0916")
    assert {k: v[0] for k, v in _reach_of(s, "stop").items()} == _engine_reach(s)
    s.apply(("step", h("1016")))
    reach = _reach_of(s, "stop")
    assert reach["1116"] == (2, "1116") and reach["1016"] == (0, "1016")
    assert {k: v[0] for k, v in reach.items()} == _engine_reach(s)
    named = dict(zip(s.legal_actions(), targets(s, s.legal_actions()), strict=True))
    assert named[("step", h("1116"))]["cost"] == 2 and named[("step", h("1117"))]["cost"] == 1


def test_the_reach_is_the_engines_in_played_games_and_each_choice_names_its_place():
    spec = get_game("byston")
    options = spec.validate_options({"players": 4})
    checked = {"step": 0, "load": 0, "hit": 0}
    for seed in (2, 5):
        match = Match(spec, options, ["human"] * 4, seed=seed)
        bots = [make_bot(spec, "rule", seat, seed, options) for seat in range(4)]
        while match.current_seat != TERMINAL and min(checked.values()) < 3:
            seat = match.current_seat
            if seat < 0:
                match.step()
                continue
            s = match.state
            actions = s.legal_actions()
            found = targets(s, actions)
            assert len(found) == len(actions)
            kind = s.pending[0]
            if kind == "step":
                assert {k: v[0] for k, v in _reach_of(s, "stop").items()} == _engine_reach(s)
                checked["step"] += 1
            elif kind == "load":
                go = s.clone()
                go.apply(("go",))
                if go.pending is not None and go.pending[0] == "step" and go.ship == s.ship:
                    assert {k: v[0] for k, v in _reach_of(s, "go").items()} == _engine_reach(go)
                    checked["load"] += 1
            for action, named in zip(actions, found, strict=True):
                if action[0] in ("make", "step", "fight", "place", "ship"):
                    assert named is not None and action[-1 if action[0] != "ship" else 2] in named["squares"]
                if action[0] in ("extra", "convert"):  # a kind of the deciding country's factory box
                    st = static()
                    assert named["box"] == f"{st.country_ids[s.pending[2]]}:{st.unit_ids[action[1]]}"
                    checked["box"] = checked.get("box", 0) + 1
                if action[0] == "hit":
                    assert named["squares"] == [COUNTER + action[1]]
                    checked["hit"] += 1
            match.submit(seat, bots[seat].act(Observation(s, seat)))
    assert min(checked.values()) >= 3 and len(checked) == 4, checked


def _named(s) -> dict[tuple[Any, ...], Any]:
    return dict(zip(s.legal_actions(), targets(s, s.legal_actions()), strict=True))


@rule("20.1", "22.1")
def test_bombing_and_the_other_abs_sortieing_are_chosen_on_the_battles_hex():
    from .test_combat import HEX, bombing_scene, fight

    s = bombing_scene()[0]
    fight(s)
    assert s.pending[0] == "bomb"
    named = _named(s)
    assert named[("bomb",)] == {"squares": [h(HEX)], "hex": HEX}
    assert named[("no_bomb",)] is None  # declining names no place: a button only
    s = game()
    ship = put(s, "drake", "namwan", HEX)
    ab = put(s, "drake", "drumlo", HEX)
    put(s, "rau", "bozune", HEX)
    fight(s)
    assert s.pending[0] == "sortie"
    named = _named(s)
    assert named[("sortie_all",)] == {"squares": [h(HEX)], "hex": HEX}
    stow = named[("stow", ab, ship)]  # stowing: the AB's counter in the battle
    assert stow["squares"] == [COUNTER + ab] and stow["hex"] == HEX and stow["into"] == ship


@rule("30.6.1")
def test_the_secret_factory_is_chosen_on_the_rian_coast():
    from asobi.games.byston.rules.build import SECRET

    st = static()
    s = game()
    named = targets(s, [SECRET])[0]
    assert named == {"squares": [st.rian_coast], "hex": st.t.map.grid.hex_id(st.rian_coast)}


def test_every_choice_names_its_place_on_the_map_or_is_one_that_names_none():
    """In played games, each legal choice of a person has targets unless its verb is one of
    NAMES_NOTHING; and every verb of the action space is one or the other."""
    from asobi.games.byston.present.targets import NAMES_NOTHING

    spec = get_game("byston")
    options = spec.validate_options({"players": 4})
    seen: dict[str, bool] = {}
    for seed in (1, 4):
        match = Match(spec, options, ["human"] * 4, seed=seed)
        bots = [make_bot(spec, "rule", seat, seed, options) for seat in range(4)]
        for _ in range(3000):
            seat = match.current_seat
            if seat == TERMINAL:
                break
            if seat < 0:
                match.step()
                continue
            s = match.state
            for action, named in zip(s.legal_actions(), targets(s, s.legal_actions()), strict=True):
                assert (named is None) == (action[0] in NAMES_NOTHING), (action, named)
                seen[action[0]] = named is not None
                if action[0] == "board":  # a character aboard the moving ship: its counter in the ship's hex
                    assert named["character"] == static().char_ids[action[1]] and named["squares"] == [s.where[s.ship]]
            match.submit(seat, bots[seat].act(Observation(s, seat)))
    assert {"make", "fight", "hit", "ship", "step", "sortie_all", "bomb", "board"} <= {v for v, on in seen.items() if on}, seen
    assert set(ON_MAP) | NAMES_NOTHING == {v.name for v in action_space(options).verbs}
    assert not set(ON_MAP) & NAMES_NOTHING


ON_MAP = {
    "declare": "the management sheet's row of the country war is declared on (5.1)",
    "make": "the hex of the building produced into (8.2)",
    "extra": "the factory box's counter kind (9.1)", "convert": "the factory box's counter kind (10.1)",
    "destroy": "the counter in its hex (8.12)", "repair": "the counter in its hex (11.2)",
    "build": "the hex (12.1)", "raze": "the building's hex (12.11)", "secret": "the Rian coast (30.6.1)",
    "place": "the hex a character is placed on (13.2, 14.10)",
    "ship": "the ship's counter in its hex, then the hex it is sent to (17.1)",
    "load": "the AB's counter in the ship's hex (17.15.1)", "board": "the character's counter (17.15.9)",
    "go": "a hex of the ship's reach (17.15)", "step": "the hex entered (17.5)", "stop": "the ship's hex (17.5)",
    "fight": "the battle's hex (B-25)", "sortie_all": "the battle's hex (20.1)",
    "stow": "the AB's counter in the battle (20.1)", "mount": "the counter boarded (20.4)",
    "bomb": "the battle's hex (22.1)", "hit": "the counter hit (25.3)",
}
"""Every choice a person makes that the map or the sheet takes, and where (docs/server.md lists
the same); the rest are NAMES_NOTHING."""
