"""The hex geometry: ids, neighbours, distance, 最寄り (B-23), reach and paths (17.5, 17.6, 17.14.3)."""

from __future__ import annotations

import pytest

from asobi.games.byston.hexes import BadHexError, Grid
from support.scenario import rule

G = Grid(10, 8)


def h(hex_id: str) -> int:
    return G.parse(hex_id)


def ids(indices) -> list[str]:
    return sorted(G.hex_id(i) for i in indices)


def test_ids_round_trip_and_bad_ids_are_refused():
    assert G.hex_id(0) == "0101" and G.parse("0101") == 0
    assert all(G.parse(G.hex_id(i)) == i for i in range(G.size))
    for bad in ("0000", "1101", "0109", "12", "ab01", "０１０１"):
        with pytest.raises(BadHexError):
            G.parse(bad)
    with pytest.raises(BadHexError):
        Grid(0, 5)


def test_neighbours_follow_the_odd_r_offset():
    # Row 03 (index 2, not shifted): the row above and below lean west.
    assert ids(G.neighbours(h("0503"))) == ["0402", "0403", "0404", "0502", "0504", "0603"]
    # Row 04 (index 3, shifted east): the rows above and below lean east.
    assert ids(G.neighbours(h("0504"))) == ["0404", "0503", "0505", "0603", "0604", "0605"]
    assert ids(G.neighbours(h("0101"))) == ["0102", "0201"]
    for i in range(G.size):
        assert all(i in G.neighbours(n) for n in G.neighbours(i))
        assert all(G.distance(i, n) == 1 for n in G.neighbours(i))


def test_distance_is_a_metric_in_hex_steps():
    assert G.distance(h("0101"), h("0101")) == 0
    assert G.distance(h("0101"), h("1001")) == 9
    assert G.distance(h("0101"), h("0108")) == 7
    assert G.distance(h("0503"), h("0505")) == 2
    for a in range(0, G.size, 7):
        for b in range(0, G.size, 5):
            assert G.distance(a, b) == G.distance(b, a)
            # Breadth-first search over neighbours agrees with the formula.
    start = h("0404")
    steps = {start: 0}
    todo = [start]
    while todo:
        x = todo.pop(0)
        for n in G.neighbours(x):
            if n not in steps:
                steps[n] = steps[x] + 1
                todo.append(n)
    assert all(G.distance(start, x) == d for x, d in steps.items())
    assert ids(G.within(start, 1)) == ids([start, *G.neighbours(start)])


@rule("B-23")
def test_nearest_is_least_hex_distance_with_ties_left_to_the_owner():
    origin = h("0505")
    assert G.nearest(origin, [h("0105"), h("0508"), h("0905")]) == (h("0508"),)
    # Two at distance 2: both are offered, in index order.
    tied = G.nearest(origin, [h("0705"), h("0305"), h("0908")])
    assert tied == tuple(sorted((h("0705"), h("0305"))))
    assert G.nearest(origin, []) == ()


@rule("17.5")
def test_reach_spends_one_point_per_hex_whatever_the_terrain():
    got = G.reach(h("0505"), 3, lambda x: 1)
    assert set(got) == set(G.within(h("0505"), 3))
    assert all(cost == G.distance(h("0505"), x) for x, cost in got.items())


@rule("17.6")
def test_reach_pays_extra_to_enter_enemy_hexes():
    enemy = {h("0605")}
    got = G.reach(h("0505"), 3, lambda x: 2 if x in enemy else 1)
    assert got[h("0605")] == 2
    # Beyond it, going round (3 plain hexes) costs the same as going through (2 + 1).
    assert got[h("0705")] == 3
    assert G.path(h("0505"), h("0705"), 3, lambda x: 2 if x in enemy else 1) is not None


@rule("17.14.3")
def test_a_stop_hex_is_entered_but_not_passed_through():
    wall = {h(x) for x in ("0604", "0605", "0606")}
    got = G.reach(h("0505"), 5, lambda x: 1, stops=lambda x: x in wall)
    assert got[h("0605")] == 1
    assert got[h("0705")] == 5  # around the wall (2 steps through it would be shorter)
    assert G.distance(h("0505"), h("0705")) == 2
    only_via_wall = G.reach(
        h("0101"), 2, lambda x: 1 if x in (h("0201"), h("0301")) else None, stops=lambda x: x == h("0201")
    )
    assert set(only_via_wall) == {h("0101"), h("0201")}


def test_impassable_hexes_and_paths():
    blocked = {h("0604"), h("0605"), h("0606"), h("0504"), h("0506"), h("0405"), h("0404"), h("0406")}
    got = G.reach(h("0505"), 3, lambda x: None if x in blocked else 1)
    assert set(got) == {h("0505")}
    route = G.path(h("0101"), h("0401"), 3, lambda x: 1)
    assert route == (h("0101"), h("0201"), h("0301"), h("0401"))
    assert G.path(h("0101"), h("0501"), 3, lambda x: 1) is None
    assert G.path(h("0303"), h("0303"), 3, lambda x: 1) == (h("0303"),)


def test_components_split_unconnected_groups():
    groups = G.components([h("0101"), h("0201"), h("0505"), h("0506"), h("0908")])
    assert [ids(g) for g in groups] == [["0101", "0201"], ["0505", "0506"], ["0908"]]
