"""Hex-grid geometry of the Byston Well map: adjacency, distance, 最寄り, reach and paths.

The map is a rectangle of pointy-top hexes in rows, north up, with rows 1, 3, 5 … (counting from
0) shifted half a hex east ("odd-r" offset). A hex is an integer index ``row * width + col`` for
speed, and a printed id ``CCRR`` (column, then row, both from 01) for people and data files:
index 0 is ``0101``. Distances and neighbours go through axial coordinates. Nothing here knows
the rules; callers pass the rules in as cost and stop functions (17.5, 17.6, 17.14.3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from asobi.core.errors import AsobiError

AXIAL_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""East, north-east, north-west, west, south-west, south-east: the order neighbours are listed."""


class BadHexError(AsobiError):
    """A hex id or index that is not on the map."""


def offset_to_axial(col: int, row: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    return q + (r - (r & 1)) // 2, r


@dataclass(frozen=True)
class Grid:
    """A ``width`` × ``height`` map of hexes with its adjacency worked out once."""

    width: int
    height: int
    adjacency: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1 or self.width > 99 or self.height > 99:
            raise BadHexError(f"a map is 1–99 hexes each way, not {self.width} × {self.height}")
        adjacency = []
        for index in range(self.width * self.height):
            col, row = self.position(index)
            q, r = offset_to_axial(col, row)
            around = []
            for dq, dr in AXIAL_DIRECTIONS:
                c, rr = axial_to_offset(q + dq, r + dr)
                if 0 <= c < self.width and 0 <= rr < self.height:
                    around.append(rr * self.width + c)
            adjacency.append(tuple(around))
        object.__setattr__(self, "adjacency", tuple(adjacency))

    @property
    def size(self) -> int:
        return self.width * self.height

    def position(self, index: int) -> tuple[int, int]:
        """(column, row) from 0 of a hex index."""
        return index % self.width, index // self.width

    def index(self, col: int, row: int) -> int:
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise BadHexError(f"column {col + 1}, row {row + 1} is off the {self.width} × {self.height} map")
        return row * self.width + col

    def hex_id(self, index: int) -> str:
        """The printed id ``CCRR`` of a hex index."""
        if not 0 <= index < self.size:
            raise BadHexError(f"hex index {index} is off the map")
        col, row = self.position(index)
        return f"{col + 1:02d}{row + 1:02d}"

    def parse(self, hex_id: str) -> int:
        """The index of a printed id ``CCRR``.

        :raises BadHexError: if the id is malformed or off the map.
        """
        if len(hex_id) != 4 or not hex_id.isdigit() or not hex_id.isascii():
            raise BadHexError(f"{hex_id!r} is not a hex id (four digits CCRR, like 0916)")
        return self.index(int(hex_id[:2]) - 1, int(hex_id[2:]) - 1)

    def neighbours(self, index: int) -> tuple[int, ...]:
        """The hexes next to ``index`` (fewer than six at the map's edge), east first, anticlockwise."""
        return self.adjacency[index]

    def distance(self, a: int, b: int) -> int:
        """The number of hex steps from ``a`` to ``b``, whatever lies between."""
        aq, ar = offset_to_axial(*self.position(a))
        bq, br = offset_to_axial(*self.position(b))
        dq, dr = aq - bq, ar - br
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def within(self, origin: int, radius: int) -> tuple[int, ...]:
        """Every hex at distance ``radius`` or less from ``origin``, in index order."""
        return tuple(h for h in range(self.size) if self.distance(origin, h) <= radius)

    def nearest(self, origin: int, candidates: Iterable[int]) -> tuple[int, ...]:
        """最寄り (B-23): the candidates at the least hex distance from ``origin``, in index order.

        Distance counts hex steps over any terrain and any border; when several candidates tie,
        all are returned and the owner of what is moved chooses. An empty tuple means there is
        no candidate at all.
        """
        best: list[int] = []
        least = -1
        for h in candidates:
            d = self.distance(origin, h)
            if least < 0 or d < least:
                best, least = [h], d
            elif d == least:
                best.append(h)
        return tuple(sorted(set(best)))

    def reach(
        self,
        start: int,
        points: int,
        enter_cost: Callable[[int], int | None],
        stops: Callable[[int], bool] = lambda h: False,
    ) -> dict[int, int]:
        """Every hex a mover at ``start`` with ``points`` movement can end in, and the least cost.

        ``enter_cost(h)`` is what entering ``h`` costs (17.5: 1; 17.6: 2 where the enemy is), or
        ``None`` where it may not enter (17.12, 17.13, 17.14.1). A hex where ``stops(h)`` holds ends
        the move on entering it (17.14.3): it is reached but not passed through. ``start`` is in
        the result at cost 0.
        """
        best = {start: 0}
        frontier = [start]
        while frontier:
            # Costs are small integers, so relaxing in rounds until nothing improves is enough.
            nxt: list[int] = []
            for here in frontier:
                spent = best[here]
                if here != start and stops(here):
                    continue
                for there in self.adjacency[here]:
                    cost = enter_cost(there)
                    if cost is None:
                        continue
                    total = spent + cost
                    if total <= points and total < best.get(there, points + 1):
                        best[there] = total
                        nxt.append(there)
            frontier = nxt
        return best

    def path(
        self,
        start: int,
        goal: int,
        points: int,
        enter_cost: Callable[[int], int | None],
        stops: Callable[[int], bool] = lambda h: False,
    ) -> tuple[int, ...] | None:
        """A cheapest path from ``start`` to ``goal`` within ``points`` (both ends included), or
        ``None`` if ``goal`` cannot be reached. Among equally cheap paths, the one that prefers
        lower hex indices step by step, so the answer is stable."""
        costs = self.reach(start, points, enter_cost, stops)
        if goal not in costs:
            return None
        route = [goal]
        here = goal
        while here != start:
            remaining = costs[here] - (enter_cost(here) or 0)
            here = min(
                h for h in self.adjacency[here] if costs.get(h) == remaining and (h == start or not stops(h))
            )
            route.append(here)
        return tuple(reversed(route))

    def components(self, hexes: Iterable[int]) -> list[frozenset[int]]:
        """The connected groups of ``hexes`` (adjacent through ``hexes`` only), largest first,
        ties by lowest index."""
        left = set(hexes)
        groups: list[frozenset[int]] = []
        while left:
            seed = min(left)
            group = {seed}
            todo = [seed]
            while todo:
                h = todo.pop()
                for n in self.adjacency[h]:
                    if n in left and n not in group:
                        group.add(n)
                        todo.append(n)
            left -= group
            groups.append(frozenset(group))
        groups.sort(key=lambda g: (-len(g), min(g)))
        return groups
