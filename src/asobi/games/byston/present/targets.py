"""What each legal choice names on the browser's map (:attr:`Presentation.targets`): the hex it is
taken on, the counter it names, and for the choices that start or go on with a ship's move, every
hex the ship may still reach this move with the movement points it would spend.

The reach is worked out with the movement rules' own tests — :func:`..rules.move.may_enter`
(17.12, 17.13, 17.14.1, 28.4, 34.6) and :func:`..rules.move.hostile` (17.6: a hex holding the
other camp costs 2 MP, any other 1, 17.5), 3 MP a move (17.4), the Kustanga hills ending it
(17.14.3) — so the browser shows the engine's costs and never works them out itself. Nothing here
changes a state.

Each choice's targets, as JSON: ``squares`` (the board's ``data-square`` values it is taken on: a
hex's index, or :data:`COUNTER` + a counter's number for a unit in a battle), ``hex`` (the hex's
printed id), ``tag`` (the counter it names as the view's stacks name it, ``country:unit`` with
``*`` when flipped), ``box`` (a factory box's counter kind, ``country:unit``, for 増産 and 換装),
``country`` (a country's id, the one war is declared on), ``character`` (a character's id, one
that goes aboard the moving ship: 17.15.9), ``cost`` (a step's MP), and ``reach``: ``[[square, hex id, MP, first], …]``,
each hex the ship may end its move on with the fewest MP spent getting there and the square of
the first step on the way (the hex it stands on comes with 0 MP).

Bombing (22.1) and the other ABs sortieing (20.1) name the battle's hex, the secret factory
(30.6.1) the Rian coast; the choices in :data:`NAMES_NOTHING` name no place or unit and stay
buttons only.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..board import static
from ..rules.move import MOVEMENT_POINTS, may_enter
from ..rules.move import _hostile as hostile

if TYPE_CHECKING:
    from ..state import BystonState

COUNTER = 10000
"""A unit in a battle is drawn as its own row, ``data-square`` ``COUNTER`` + its counter's
number, so that it never meets a hex's index (``board.js`` uses the same number)."""

HEX_AT = {"make": 2, "repair": 3, "destroy": 2, "raze": 1, "build": 2, "place": 1, "ship": 2, "step": 1,
          "fight": 1}
"""The place of the hex in each verb's action that names one."""


NAMES_NOTHING = frozenset({
    "pass",  # 5.1: no war declared
    "share",  # 6.7: GP shared among allies
    "develop",  # 7.2–7.6: a development
    "chit",  # 8.11: an action chit produced (it goes into the cup)
    "done",  # the end of producing, repairing, building, a ship's loading or moving
    "surprise", "draw",  # 16.3: Drake's surprise attack, or not
    "act", "wait",  # 15.3, 15.4: a joint operation, or not
    "no_bomb",  # 22.1: not bombing
    "search", "no_search",  # 30.6.5, 30.6.6: the GP spent searching for the secret factory
})
"""The choices that name no hex, counter, factory box or country: the browser offers them as
buttons only (every other player's choice also has its place on the map, as :func:`targets`
gives it)."""


def reach(s: BystonState, country: int, unit: int, start: int, mp: int) -> list[list[Any]]:
    """Every hex a ship of ``country`` (of unit ``unit``) on hex ``start`` with ``mp`` movement
    points may end its move on: ``[square, hex id, MP spent, square of the first step]``, the
    fewest MP first (``start`` itself with 0)."""
    grid = static().t.map.grid
    kustanga = static().kustanga
    adjacency = grid.adjacency
    best: dict[int, tuple[int, int]] = {start: (0, start)}
    queue: list[tuple[int, int, int]] = [(0, start, start)]
    while queue:
        spent, h, first = heapq.heappop(queue)
        if best[h][0] < spent or (h in kustanga and h != start):
            continue  # 17.14.3: entering the Kustanga hills ends the move
        around = [n for n in adjacency[h] if may_enter(s, country, unit, n)]
        enemy = hostile(s, country, around)
        for n in around:
            cost = spent + (2 if n in enemy else 1)
            if cost > mp or (n in best and best[n][0] <= cost):
                continue
            best[n] = (cost, n if h == start else first)
            heapq.heappush(queue, (cost, n, best[n][1]))
    return [[h, grid.hex_id(h), cost, first] for h, (cost, first) in sorted(best.items(), key=lambda e: (e[1][0], e[0]))]


def _tag(country: int, unit: int, flipped: int) -> str:
    st = static()
    return f"{st.country_ids[country]}:{st.unit_ids[unit]}{'*' if flipped else ''}"


def _counter_tag(s: BystonState, i: int) -> str:
    st = static()
    return _tag(s.owner[i], st.counter_unit[i], s.flipped[i])


def targets(s: BystonState, actions: Sequence[tuple[Any, ...]]) -> list[dict[str, Any] | None]:
    """For each of ``actions`` (the legal ones, in order), what it names on the map, or ``None``."""
    st = static()
    grid = st.t.map.grid
    pending = s.pending
    kind = pending[0] if pending is not None else None
    out: list[dict[str, Any] | None] = []
    moving = s.ship >= 0
    ship_hex = s.where[s.ship] if moving else -1
    for action in actions:
        verb = action[0] if action else None
        found: dict[str, Any] | None = None
        if verb in HEX_AT:
            h = action[HEX_AT[verb]]
            found = {"squares": [h], "hex": grid.hex_id(h)}
            if verb == "ship":  # the ship to move: where it may go with all its points (17.4)
                country = pending[2] if pending is not None else s.owner[0]
                found["tag"] = _tag(country, action[1], action[3])
                found["reach"] = reach(s, country, action[1], h, MOVEMENT_POINTS)
            elif verb == "step":
                found["cost"] = 2 if hostile(s, s.owner[s.ship], [h]) else 1
            elif verb == "destroy" and pending is not None:
                found["tag"] = _tag(pending[2], action[1], action[3])
            elif verb == "repair":
                found["tag"] = _tag(action[1], action[2], 1)
        elif verb in ("load", "board") and moving:  # aboard the moving ship, in its hex
            found = {"squares": [ship_hex], "hex": grid.hex_id(ship_hex)}
            if verb == "load":
                found["tag"] = _tag(action[1], action[2], action[3])
            else:  # a character of the ship's hex (its gold counter in the opened stack)
                found["character"] = st.char_ids[action[1]]
        elif verb in ("go", "stop") and moving and kind in ("load", "step"):  # the rest of the move
            found = {"squares": [ship_hex], "hex": grid.hex_id(ship_hex),
                     "reach": reach(s, s.owner[s.ship], st.counter_unit[s.ship], ship_hex, s.mp)}
        elif verb in ("extra", "convert") and pending is not None:  # a counter kind of the factory box
            found = {"squares": [], "box": f"{st.country_ids[pending[2]]}:{st.unit_ids[action[1]]}"}
        elif verb == "declare":  # the country war is declared on: its row of the management sheet
            found = {"squares": [], "country": st.country_ids[action[1]]}
        elif verb == "secret":  # 30.6.1: the secret factory is built on the Rian coast
            found = {"squares": [st.rian_coast], "hex": grid.hex_id(st.rian_coast)}
        elif verb in ("bomb", "sortie_all") and s.fight is not None:  # 22.1, 20.1: the battle's hex
            found = {"squares": [s.fight[1]], "hex": grid.hex_id(s.fight[1])}
        elif verb in ("hit", "stow", "mount") and s.fight is not None:
            i = action[1]
            found = {"squares": [COUNTER + i], "hex": grid.hex_id(s.fight[1]), "tag": _counter_tag(s, i),
                     "counter": i}
            if verb == "stow":
                found["into"] = action[2]
        out.append(found)
    return out
