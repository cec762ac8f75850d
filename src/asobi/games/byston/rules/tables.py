"""Tables the rules derive once from the authored data, so the hot paths (the production, building
and repair listings) only look things up and scan the few counters that can matter.

Everything here is a pure function of :func:`..board.static` (itself of the data files): which
counters are buildings or ships, what each of a country's counter kinds costs to make, to add
(増産) and to convert (換装), which chits it may produce, and which kinds each hex of its land
admits. Every listing built from these equals the one the rules would build
by walking the authored tables, so games, states and logs are unchanged
(``tests/byston/test_speed_paths.py`` checks it against the plain listings on random games).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..board import RAU, items_at, static
from ..tables import Terrain

BUILDINGS = ("castle", "fort")
NOT_FOR_BUILDING = frozenset({"zelana", "spriggan"})
"""12.8: these ships do not let their country build outside its land."""

NEVER = 1 << 40
"""The cost of what cannot be bought: more GP than any country has."""

# Chit kinds, as small ints (the authored ``Chit.kind``).
CHIT_PLAIN, CHIT_SHOT, CHIT_ZELANA, CHIT_SURPRISE = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class Production:
    """One counter kind of a country's sheet, for 8.3–8.10, 9.1–9.5 and 10.1–10.6 (slots, which
    Python reads without a lookup, where a named tuple's fields are looked up at every read)."""

    unit: int
    lo: int
    hi: int
    """The country's counters of this unit: ``where[lo:hi]``."""
    make_gp: int
    """8.3: the production cost (``NEVER``: not produced, e.g. the Zelana's units)."""
    tl: int
    """8.4: the TL a production or an extra production needs."""
    is_ship: bool
    extra_gp: int
    """9.2: the 増産 cost (``NEVER``: none)."""
    upgrade_gp: int
    """10.3: the 換装 cost (``NEVER``: none)."""
    upgrade_unit: int
    upgrade_tl: int
    upgrade_lo: int
    upgrade_hi: int
    """The target's unit index (−1: none), its TL and the country's counters of it."""
    extra: tuple[Any, ...]
    convert: tuple[Any, ...]
    """The prebuilt ("extra", unit) and ("convert", unit) actions."""
    group: int
    upgrade_group: int
    """The groups of counters (``Static.groups``) of this unit and of the 換装 target (−1: none)."""


ChitRow = tuple[int, int, int, int, tuple[Any, ...]]
"""One chit type a country may produce: (its number, cost, how many exist (8.11.1), kind, the
prebuilt ("chit", number) action) — a plain tuple, which Python unpacks without an iterator (a
named tuple it does not)."""


SheetRows = tuple[tuple[tuple[Any, ...], ...], tuple[tuple[Any, ...], ...], tuple[tuple[Any, ...], ...]]
"""A country's purchases from its sheet at one TL and GP, looked up by the GP where a listing
would compare it with each row's cost: its rows it may convert (10.3, 10.4), produce as extras
(9.2–9.4) and make (8.3–8.5), in unit order, each as the few values the production listing
reads of it — (group, upgrade_group, convert), (group, extra) and (group, is_ship, make_action),
``make_action[hex]`` being the prebuilt ("make", unit, hex). A row whose purchase the TL does not
allow or that offers none (``NEVER``) is in none: the listing reads only rows it may buy."""


def _unit(p: Production) -> int:
    return p.unit


def _make_read(p: Production, tl: int, make_action: tuple[tuple[tuple[Any, ...], ...], ...]) -> tuple[int, tuple[Any, ...]]:
    return (p.make_gp if p.tl <= tl else NEVER), (p.group, p.is_ship, make_action[p.unit])


def _convert_read(p: Production, tl: int, _make_action: Any) -> tuple[int, tuple[Any, ...]]:
    return (p.upgrade_gp if p.upgrade_tl <= tl else NEVER), (p.group, p.upgrade_group, p.convert)


def _extra_read(p: Production, tl: int, _make_action: Any) -> tuple[int, tuple[Any, ...]]:
    return (p.extra_gp if p.tl <= tl else NEVER), (p.group, p.extra)


class Derived:
    """The derived tables (one instance per loaded data set, :func:`derived`)."""

    __slots__ = (
        "builder_ships",
        "builder_ships_of",
        "building_counters",
        "building_groups",
        "building_kinds",
        "building_rows",
        "buildings_of",
        "castle_group",
        "castles_of",
        "chit_gp",
        "chit_kind",
        "chit_limit",
        "chits_of",
        "counter_kind",
        "destroy_action",
        "destroy_rows",
        "fort_counters",
        "fort_group",
        "forts_of",
        "land_site_actions",
        "land_site_list",
        "land_site_set",
        "land_site_stacks",
        "land_sites",
        "production",
        "production_of",
        "repair_gp",
        "sheet_rows",
        "ship_counters",
        "site_action",
        "site_kinds",
        "spriggan_group",
        "zelana_ships",
    )

    def __init__(self) -> None:
        st = static()
        t = st.t
        n = len(st.counter_unit)
        self.counter_kind: tuple[str, ...] = tuple(st.unit_kind[u] for u in st.counter_unit)
        """Each counter's kind: "AB", "AS", "ABS", "castle" or "fort"."""
        self.building_counters: tuple[int, ...] = tuple(
            i for i in range(n) if self.counter_kind[i] in ("castle", "fort")
        )
        """Every castle and fort counter of every country (a fifth of the counters)."""
        self.fort_counters: frozenset[int] = frozenset(
            i for i in self.building_counters if self.counter_kind[i] == "fort"
        )
        self.ship_counters: tuple[int, ...] = tuple(
            i for i in range(n) if self.counter_kind[i] in ("AS", "ABS")
        )
        self.repair_gp: tuple[int, ...] = tuple(t.unit(st.unit_id(i)).repair_gp for i in range(n))

        production: list[tuple[Production, ...]] = []
        chits_of: list[tuple[ChitRow, ...]] = []
        chit_limit: list[int] = []
        kind_code = {"shot": CHIT_SHOT, "zelana": CHIT_ZELANA, "surprise": CHIT_SURPRISE}
        for c, cid in enumerate(st.country_ids):
            country = t.countries[cid]
            rows = []
            for unit_id, kind in country.counters.items():
                m = t.machines.get(unit_id)
                if m is None:
                    continue  # a building: the building phase makes these (12)
                u = st.unit_number[unit_id]
                own = st.ranges[(c, u)]
                upgrade_unit, upgrade_tl, up, upgrade_group = -1, 0, range(0), -1
                if kind.upgrade_to is not None:
                    upgrade_unit = st.unit_number[kind.upgrade_to]
                    upgrade_tl = t.machines[kind.upgrade_to].tl
                    up = st.counters_of(c, kind.upgrade_to)
                    upgrade_group = st.group_number.get((c, upgrade_unit), -1)
                make_gp = NEVER if m.gp is None else m.gp
                extra_gp = NEVER if m.extra_gp is None else m.extra_gp
                upgrade_gp = (
                    NEVER
                    if kind.upgrade_gp is None or upgrade_group < 0  # no target counters: never
                    else kind.upgrade_gp
                )
                rows.append(
                    Production(
                        unit=u,
                        lo=own.start,
                        hi=own.stop,
                        make_gp=make_gp,
                        tl=m.tl,
                        is_ship=m.is_ship,
                        extra_gp=extra_gp,
                        upgrade_gp=upgrade_gp,
                        upgrade_unit=upgrade_unit,
                        upgrade_tl=upgrade_tl,
                        upgrade_lo=up.start,
                        upgrade_hi=up.stop,
                        extra=("extra", u),
                        convert=("convert", u),
                        group=st.group_number[(c, u)],
                        upgrade_group=upgrade_group,
                    )
                )
            production.append(tuple(sorted(rows, key=_unit)))
            chits_of.append(
                tuple(
                    (k, chit.gp, chit.count, kind_code.get(chit.kind, CHIT_PLAIN), ("chit", k))
                    for k, chit in enumerate(t.chits.values())
                    if cid in chit.producers
                )
            )
            chit_limit.append(country.chit_limit or 0)
        self.production: tuple[tuple[Production, ...], ...] = tuple(production)
        """Per country: its machine kinds, by unit index (so the listings come out sorted)."""
        n_hexes = len(t.map.terrain_of)
        units = range(len(st.unit_ids))
        make_action = tuple(tuple(("make", u, h) for h in range(n_hexes)) for u in units)
        self.destroy_action: tuple[tuple[tuple[Any, ...], ...], ...] = tuple(
            tuple(("destroy", u, h, face) for h in range(n_hexes) for face in (0, 1)) for u in units
        )
        """``destroy_action[unit][2 * hex + face]``: the prebuilt ("destroy", unit, hex, face)."""
        def by_gp(sheet: tuple[Production, ...], tl: int) -> tuple[SheetRows, ...]:
            """The rows of ``sheet`` it may buy at ``tl``, per GP from 0 to the dearest."""
            converts = [_convert_read(p, tl, make_action) for p in sheet]
            extras = [_extra_read(p, tl, make_action) for p in sheet]
            makes = [_make_read(p, tl, make_action) for p in sheet]
            top = max((cost for rows in (converts, extras, makes) for cost, _ in rows if cost < NEVER), default=0)

            def upto(rows: list[tuple[int, tuple[Any, ...]]], gp: int) -> tuple[tuple[Any, ...], ...]:
                return tuple(read for cost, read in rows if cost <= gp)

            return tuple((upto(converts, gp), upto(extras, gp), upto(makes, gp)) for gp in range(top + 1))

        self.sheet_rows: tuple[tuple[tuple[SheetRows, ...], ...], ...] = tuple(
            tuple(by_gp(sheet, tl) for tl in range(t.tl_max + 1)) for sheet in production
        )
        """Per country and TL (0 to the top of the track), per GP from 0 to its dearest row's cost
        (a GP above reads the last): its rows it may buy, as :data:`SheetRows`."""
        destroy_rows = []
        for c, sheet in enumerate(production):
            by_group = {p.group: p for p in sheet}
            groups = st.groups_of[c]
            aligned = tuple(by_group.get(g) for g in groups)
            in_order = [p.unit for p in aligned if p is not None] == [p.unit for p in sheet]
            destroy_rows.append((groups.start, groups.stop, aligned, in_order))
        self.destroy_rows: tuple[tuple[int, int, tuple[Production | None, ...], bool], ...] = tuple(destroy_rows)
        """Per country: its groups of counters (``start``, ``stop``), for each group its sheet row
        (``None``: a building), and whether the groups' order is the rows' (unit) order."""
        self.castle_group: tuple[int, ...] = tuple(
            st.group_number.get((c, st.unit_number["castle"]), -1) for c in range(len(st.country_ids))
        )
        self.fort_group: tuple[int, ...] = tuple(
            st.group_number.get((c, st.unit_number["fort"]), -1) for c in range(len(st.country_ids))
        )
        """Per country: the groups of its castle and of its fort counters (−1: none)."""
        self.building_groups: tuple[tuple[int, ...], ...] = tuple(
            tuple(g for g in (castle, fort) if g >= 0) for castle, fort in zip(self.castle_group, self.fort_group, strict=True)
        )
        """The same without the −1s: the groups of all its buildings."""
        self.production_of: tuple[dict[int, Production], ...] = tuple(
            {p.unit: p for p in rows} for rows in production
        )
        self.chit_gp: tuple[int, ...] = tuple(chit.gp for chit in t.chits.values())
        self.chit_kind: tuple[int, ...] = tuple(
            kind_code.get(chit.kind, CHIT_PLAIN) for chit in t.chits.values()
        )
        self.chits_of: tuple[tuple[ChitRow, ...], ...] = tuple(chits_of)
        """Per country: the chits it may produce (8.11.1–8.11.4, 16.1), in chit order."""
        self.chit_limit: tuple[int, ...] = tuple(chit_limit)
        self.spriggan_group: int = st.group_number[(0, st.unit_number["spriggan"])]
        self.castles_of: tuple[range, ...] = tuple(st.counters_of(c, "castle") for c in range(len(st.country_ids)))
        self.forts_of: tuple[range, ...] = tuple(st.counters_of(c, "fort") for c in range(len(st.country_ids)))
        """Per country: its own castle counters, its own fort counters."""

        self.buildings_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i in self.building_counters if st.counter_country[i] == c)
            for c in range(len(st.country_ids))
        )
        """Per country: its own castle and fort counters."""
        self.building_rows: tuple[tuple[tuple[str, int, int, int], ...], ...] = tuple(
            tuple(
                (kind, r.start, r.stop, t.buildings[kind].gp)
                for kind in BUILDINGS
                for r in (st.counters_of(c, kind),)
                if len(r)
            )
            for c in range(len(st.country_ids))
        )
        """Per country: (kind, its counters' range, cost) for castle then fort (12.2)."""
        self.building_kinds: tuple[tuple[tuple[str, int, int], ...], ...] = tuple(
            tuple((kind, st.group_number[(c, st.unit_number[kind])], cost) for kind, _, _, cost in rows)
            for c, rows in enumerate(self.building_rows)
        )
        """The same as (kind, its group of counters, cost): whether one is in the factory box is a
        state's ``in_box_n[group]``."""
        self.builder_ships: tuple[int, ...] = tuple(
            i for i in self.ship_counters if st.unit_id(i) not in NOT_FOR_BUILDING
        )
        """12.8: ship counters that let their country build where they are."""
        self.builder_ships_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i in self.builder_ships if st.counter_country[i] == c) for c in range(len(st.country_ids))
        )
        """The same, per country whose colour they are printed in."""
        self.zelana_ships: tuple[int, ...] = tuple(i for i in self.ship_counters if st.unit_id(i) == "zelana")
        self.site_action: dict[str, tuple[tuple[Any, ...], ...]] = {
            kind: tuple(("build", kind, h) for h in range(len(t.map.terrain_of))) for kind in BUILDINGS
        }
        """The prebuilt ("build", kind, hex) actions."""

        terrain = t.map.terrain_of
        site_kinds = []
        for c in range(len(st.country_ids)):
            per_hex: list[tuple[str, ...]] = []
            for h, ground in enumerate(terrain):
                if ground is Terrain.PLAIN:
                    per_hex.append(("castle", "fort"))  # 12.3
                elif ground is Terrain.HIGHLAND:
                    per_hex.append(("fort",))  # 12.4
                elif c == RAU and h in st.karakara:
                    per_hex.append(("fort",))  # 30.4 (otherwise 12.5)
                else:
                    per_hex.append(())
            site_kinds.append(tuple(per_hex))
        self.site_kinds: tuple[tuple[tuple[str, ...], ...], ...] = tuple(site_kinds)
        """``site_kinds[country][hex]``: the buildings the ground admits (12.3–12.5, 30.4)."""
        self.land_sites: tuple[dict[str, tuple[int, ...]], ...] = tuple(
            {
                kind: tuple(h for h in range(len(terrain)) if st.nation[h] == c and kind in site_kinds[c][h])
                for kind in BUILDINGS
            }
            for c in range(len(st.country_ids))
        )
        """Per country and building kind: the hexes of its land whose ground admits it, in order."""
        self.land_site_set: tuple[dict[str | bool, frozenset[int]], ...] = tuple(
            {
                "castle": frozenset(sites["castle"]),
                "fort": frozenset(sites["fort"]),
                False: frozenset(sites["castle"]) | frozenset(sites["fort"]),
            }
            for sites in self.land_sites
        )
        """The same as sets, and (key ``False``) both kinds together."""
        self.land_site_list: tuple[dict[str | bool, tuple[int, ...]], ...] = tuple(
            {key: tuple(sorted(hexes)) for key, hexes in sets.items()} for sets in self.land_site_set
        )
        """The same as sorted tuples."""
        self.land_site_stacks: tuple[dict[str | bool, Callable[[list[Any]], tuple[Any, ...]]], ...] = tuple(
            {key: items_at(hexes) for key, hexes in sites.items()} for sites in self.land_site_list
        )
        """The same, as functions giving a state's stacks (``s.stacks``) of those hexes."""
        self.land_site_actions: tuple[dict[str, tuple[tuple[Any, ...], ...]], ...] = tuple(
            {kind: tuple(self.site_action[kind][h] for h in sites[kind]) for kind in BUILDINGS}
            for sites in self.land_sites
        )
        """Per country and building kind: the prebuilt ("build", kind, hex) of its land sites."""


@cache
def derived() -> Derived:
    return Derived()
