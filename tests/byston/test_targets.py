"""What each choice names on the browser's map (``present/targets.py``): the hex or counter, and a
moving ship's reach with its MP — checked against the movement rules themselves by trying every
way the engine lets the ship go (17.4–17.6, 17.12–17.14)."""

from __future__ import annotations

from asobi.core.agent import Observation
from asobi.core.bots import make_bot
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.core.state import TERMINAL
from asobi.games.byston.board import static
from asobi.games.byston.present.targets import COUNTER, targets
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
