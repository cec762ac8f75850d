"""The authored data of ドレイクの野望, read from ``data/*.toml`` and checked into frozen tables.

Nothing of the map, the counters, the characters, the chits or the start was published as text:
all of it is our reconstruction (``docs/byston/data.md``), and a user with the physical game may
replace the files. A file is first checked for shape by its model in :mod:`.schema` (missing
fields, wrong types, negative numbers), then against the other files and the printed rules (unknown terrain, hexes
that do not exist, a nation in two pieces, more counters than the mix has…). Any problem is a
:class:`BadDataError` naming the file, the entry and the field.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any, Literal

from asobi.core.data import package_hash, read_toml, validate
from asobi.core.errors import BadDataError

from .hexes import BadHexError, Grid
from .schema import (
    BuildingModel,
    CharactersModel,
    ChitsModel,
    CountriesModel,
    MachineModel,
    MapModel,
    SetupModel,
    SideModel,
    UnitsModel,
)

PACKAGE = "asobi.games.byston.data"
FILES = ("map.toml", "units.toml", "countries.toml", "setup.toml", "characters.toml", "chits.toml")

COUNTRIES = ("drake", "ku", "rau", "na", "ah", "mi", "zelana")
"""Every country the rules name (3.2, 3.3); the Zelana has no land (34.2)."""
LAND_COUNTRIES = ("drake", "ku", "rau", "na", "ah", "mi")
SEAT_COUNTRIES = ("drake", "ku", "rau", "na")
"""The countries a player runs (2.9); Ah and Mi are Na's (32.3, 33.3), the Zelana Rau's or Na's (34.8)."""

PRINTED_CAMP = {
    "drake": "drake",
    "ku": "drake",
    "rau": "sheela",
    "na": "sheela",
    "ah": "sheela",
    "mi": "sheela",
    "zelana": "sheela",
}
"""3.2, 3.3."""
PRINTED_START_STATE = {
    "drake": ("war", "28.1"),
    "ku": ("neutral", "29.1"),
    "rau": ("armed", "30.1"),
    "na": ("neutral", "31.1"),
    "mi": ("armed", "32.1"),
    "ah": ("neutral", "33.1"),
    "zelana": ("war", "34.1"),
}
PRINTED_CHIT_LIMIT = {
    "drake": (3, "8.11.1"),
    "ku": (3, "8.11.1"),
    "rau": (3, "8.11.1"),
    "na": (3, "8.11.1"),
    "ah": (1, "8.11.2"),
    "mi": (1, "8.11.2"),
}
PRINTED_RUNNER = {"ah": ("na", "33.3"), "mi": ("na", "32.3")}
PRINTED_CAPACITY = {
    "namwan": (6, "17.15.5"),
    "bull_beggar": (6, "17.15.5"),
    "spriggan": (6, "17.15.5"),
    "zelana": (4, "17.15.6"),
    "grimley": (10, "17.15.7"),
}

REQUIRED_PLACES = {
    # place id → (nation it must lie in or None for any, number of hexes or None for any, clause)
    "rase_wau": ("drake", 1, "13.3.5"),
    "elf_castle": ("ah", 1, "33.4"),
    "kiron_castle": ("mi", 1, "32.4"),
    "karakara": ("rau", None, "30.4"),
    "rian_coast": (None, 1, "30.6.1"),
    "kustanga": (None, 3, "17.14.1"),
    "taatara": ("rau", 1, "B-39"),
    "nabro": ("rau", 1, "B-39"),
}

REQUIRED_MACHINES = {
    # machine id → (kind, a country that must have its counters, clause)
    "will_wipps": ("ABS", "drake", "13.3.2"),
    "zwarth": ("AB", "drake", "13.3.3"),
    "vierres": ("AB", "ku", "13.3.4"),
    "bubuly": ("AB", "drake", "13.3.9"),
    "gea_gring": ("ABS", "ku", "29.3"),
    "goraon": ("ABS", "rau", "30.2"),
    "billbine": ("AB", "na", "31.3"),
    "gran_garan": ("ABS", "na", "31.5"),
    "spriggan": ("AS", "drake", "8.11.4"),
    "zelana": ("AS", "zelana", "17.9"),
    "namwan": ("AS", "drake", "17.15.5"),
    "bull_beggar": ("AS", "drake", "17.15.5"),
    "grimley": ("AS", "rau", "17.15.7"),
}
"""Machines the rules name, with their kind and an owner the rules (or the series) give them."""

ENTRY_CLAUSES = {
    "13.3.1": "rimmel",
    "13.3.2": "elle",
    "13.3.3": "black_knight1",
    "13.3.4": "todd2",
    "13.3.5": "allen1",
    "13.3.6": "jeril1",
    "13.3.7": "fei",
    "13.3.8": "musiy1",
    "13.3.9": "jabba",
}
"""Who enters by each 13.3 clause."""
REQUIRED_CHARACTERS = {
    "drake": "drake",
    "shot": "drake",
    "zet": "drake",
    "bern": "drake",
    "todd1": "drake",
    "bishot": "ku",
    "foizon": "rau",
    "abe": "rau",
    "elle": "rau",
    "sheela": "na",
    "pinegan": "mi",
    "nie1": "zelana",
    "rimmel": "zelana",
    "black_knight1": "drake",
    "todd2": "ku",
    "allen1": "drake",
    "jeril1": "drake",
    "fei": "drake",
    "musiy1": "drake",
    "jabba": "drake",
}
"""Characters the rules name, with the country the rules or the series give them."""
LEAVE_ON_D = frozenset({"bern", "todd1"})
"""26.2.5: for these two a D is a leave, not a death."""
SURVIVAL_RESULTS = frozenset("G-LHD")

_HEX_ID = re.compile(r"^\d{4}$")


class Terrain(StrEnum):
    PLAIN = "plain"
    HIGHLAND = "highland"
    MOUNTAIN = "mountain"


TERRAIN_JA = {Terrain.PLAIN: "平地", Terrain.HIGHLAND: "高地", Terrain.MOUNTAIN: "山岳"}


# --- the tables -------------------------------------------------------------------------------


class FrozenMap(Mapping[Any, Any]):
    """A read-only mapping that pickles and compares like a dict (tables travel to worker processes)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[Any, Any]) -> None:
        self._items = dict(items)

    def __getitem__(self, key: Any) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        return dict(self._items) == (dict(other) if isinstance(other, Mapping) else other)

    def __hash__(self) -> int:
        return hash(tuple(self._items.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return FrozenMap, (self._items,)


def _frozen(d: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return FrozenMap(d)


@dataclass(frozen=True)
class Hex:
    index: int
    id: str
    col: int
    row: int
    terrain: Terrain
    nation: str
    """The country whose 領地 it is (2.8), or "" for no nation's land."""
    income: int
    """GP it yields (6.2); 0 if it is not an income hex."""
    places: tuple[str, ...]


@dataclass(frozen=True)
class Place:
    id: str
    ja: str
    en: str
    hexes: tuple[int, ...]
    nation: str
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class MapTable:
    grid: Grid
    hexes: tuple[Hex, ...]
    places: Mapping[str, Place]
    nation_of: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """Each hex's nation by index, for rules that look at many hexes."""
    terrain_of: tuple[Terrain, ...] = field(init=False, repr=False, compare=False)
    income_of: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "nation_of", tuple(h.nation for h in self.hexes))
        object.__setattr__(self, "terrain_of", tuple(h.terrain for h in self.hexes))
        object.__setattr__(self, "income_of", tuple(h.income for h in self.hexes))

    def hex(self, hex_id: str) -> Hex:
        """The hex with printed id ``hex_id``.

        :raises BadHexError: if there is none.
        """
        return self.hexes[self.grid.parse(hex_id)]

    def land(self, nation: str) -> tuple[int, ...]:
        """The hexes of a nation's 領地 (2.8), in index order."""
        return tuple(h.index for h in self.hexes if h.nation == nation)

    def income_hexes(self) -> tuple[Hex, ...]:
        return tuple(h for h in self.hexes if h.income)

    def place_hexes(self, place_id: str) -> tuple[int, ...]:
        return self.places[place_id].hexes

    def place_hex(self, place_id: str) -> int:
        """The hex of a one-hex place (ラース・ワウ, エルフ城 …)."""
        (only,) = self.places[place_id].hexes
        return only


@dataclass(frozen=True)
class Side:
    """The combat values on one face of a counter (0 where the kind has none)."""

    air: int
    bomb: int
    aa_guns: int
    aa: int
    guns: int
    gun: int
    defence: int


@dataclass(frozen=True)
class Machine:
    """An aura machine counter type: an AB, an AS or an ABS (2.1–2.4)."""

    id: str
    ja: str
    en: str
    kind: Literal["AB", "AS", "ABS"]
    front: Side
    back: Side
    """The flipped (裏) face (25.4, B-10)."""
    capacity: int | None
    """AB counters it carries; ``None`` for an ABS (no limit, 17.15.8); 0 for an AB."""
    gp: int | None
    tl: int
    extra_gp: int | None
    repair_gp: int

    @property
    def is_ship(self) -> bool:
        return self.kind != "AB"

    def side(self, flipped: bool) -> Side:
        return self.back if flipped else self.front


@dataclass(frozen=True)
class Building:
    id: Literal["castle", "fort"]
    ja: str
    en: str
    front: Side
    back: Side
    gp: int
    repair_gp: int

    def side(self, flipped: bool) -> Side:
        return self.back if flipped else self.front


@dataclass(frozen=True)
class CounterKind:
    """How many counters of one machine or building a country has, and its 換装."""

    unit: str
    count: int
    upgrade_to: str | None
    upgrade_gp: int | None


@dataclass(frozen=True)
class Country:
    id: str
    ja: str
    en: str
    camp: Literal["drake", "sheela"]
    order: int
    runner: str
    state: Literal["neutral", "armed", "war"]
    gp: int | None
    tl: int | None
    chit_limit: int | None
    counters: Mapping[str, CounterKind]


@dataclass(frozen=True)
class Character:
    id: str
    ja: str
    en: str
    country: str
    person: str
    """The id shared by all versions of one person (``nie1``, ``nie2`` → ``nie``)."""
    version: int
    grows_to: str | None
    ab_attack: int
    ab_defence: int
    ab_command: int
    as_attack: int
    as_defence: int
    as_command: int
    survival_flipped: str
    survival_removed: str
    enters: str
    start_hex: int | None
    leaves_on_d: bool

    def survival(self, removed: bool, die: int) -> str:
        """The 26.2 result for a die 1–6: the lower row if its unit was removed, else the upper."""
        return (self.survival_removed if removed else self.survival_flipped)[die - 1]


@dataclass(frozen=True)
class Chit:
    id: str
    ja: str
    en: str
    kind: Literal["AS", "ABS", "zelana", "shot", "surprise"]
    country: str
    producers: tuple[str, ...]
    count: int
    gp: int


@dataclass(frozen=True)
class Start:
    country: str
    buildings: Mapping[int, str]
    units: Mapping[int, Mapping[str, int]]
    factory: Mapping[str, int]


@dataclass(frozen=True)
class Tables:
    """Everything the data files say, checked."""

    map: MapTable
    machines: Mapping[str, Machine]
    buildings: Mapping[str, Building]
    countries: Mapping[str, Country]
    characters: Mapping[str, Character]
    chits: Mapping[str, Chit]
    starts: Mapping[str, Start]
    gp_max: int
    tl_max: int

    def unit(self, unit_id: str) -> Machine | Building:
        return self.machines[unit_id] if unit_id in self.machines else self.buildings[unit_id]


# --- loading ----------------------------------------------------------------------------------


def _read(model: type[Any], filename: str, directory: Path | None) -> tuple[str, Any]:
    if directory is None:
        name, data = read_toml(filename, PACKAGE)
    else:
        name, data = read_toml(directory / filename)
    return name, validate(model, data, name)


def _unique(file: str, section: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise BadDataError(file, f"{section}[{i}]", "id", f"id {i!r} is used twice")
        seen.add(i)


def load_tables(directory: Path | None = None) -> Tables:
    """Read and check every data file, from ``directory`` or from the package's own ``data/``.

    :raises BadDataError: naming the file, the entry and the field of the first problem found.
    """
    names: dict[str, str] = {}
    models: dict[str, Any] = {}
    for filename, model in zip(
        FILES, (MapModel, UnitsModel, CountriesModel, SetupModel, CharactersModel, ChitsModel), strict=True
    ):
        names[filename], models[filename] = _read(model, filename, directory)
    countries, gp_max, tl_max = _countries(names["countries.toml"], models["countries.toml"])
    machines, buildings = _units(names["units.toml"], models["units.toml"])
    _check_required_machines(names["units.toml"], countries, machines)
    _check_counters(names["countries.toml"], countries, machines, buildings)
    game_map = _map(names["map.toml"], models["map.toml"], countries)
    starts = _setup(names["setup.toml"], models["setup.toml"], game_map, countries, machines)
    characters = _characters(names["characters.toml"], models["characters.toml"], game_map, countries, starts)
    chits = _chits(names["chits.toml"], models["chits.toml"], countries)
    return Tables(
        map=game_map,
        machines=_frozen(machines),
        buildings=_frozen(buildings),
        countries=_frozen(countries),
        characters=_frozen(characters),
        chits=_frozen(chits),
        starts=_frozen(starts),
        gp_max=gp_max,
        tl_max=tl_max,
    )


@cache
def tables() -> Tables:
    """The package's own data, loaded once."""
    return load_tables()


def data_hash() -> str:
    """A short hash of the package's data files, for records."""
    return package_hash(PACKAGE)


def _countries(file: str, model: CountriesModel) -> tuple[dict[str, Country], int, int]:
    _unique(file, "countries", [c.id for c in model.countries])
    found = {c.id for c in model.countries}
    for c in model.countries:
        entry = f"countries[{c.id}]"
        if c.id not in COUNTRIES:
            raise BadDataError(file, entry, "id", f"unknown country; the rules name {', '.join(COUNTRIES)}")
        if c.camp != PRINTED_CAMP[c.id]:
            clause = "3.2" if PRINTED_CAMP[c.id] == "drake" else "3.3"
            raise BadDataError(
                file, entry, "camp", f"{c.id} is in the {PRINTED_CAMP[c.id]} camp (rule {clause})"
            )
        state, clause = PRINTED_START_STATE[c.id]
        if c.state != state:
            raise BadDataError(file, entry, "state", f"{c.id} starts in state {state!r} (rule {clause})")
        if c.runner not in SEAT_COUNTRIES:
            raise BadDataError(
                file, entry, "runner", f"a country is run by one of {', '.join(SEAT_COUNTRIES)}"
            )
        if c.id in SEAT_COUNTRIES and c.runner != c.id:
            raise BadDataError(file, entry, "runner", f"{c.id} has its own player (2.9)")
        if c.id in PRINTED_RUNNER and c.runner != PRINTED_RUNNER[c.id][0]:
            runner, clause = PRINTED_RUNNER[c.id]
            raise BadDataError(file, entry, "runner", f"{c.id} is run by {runner}'s player (rule {clause})")
        if c.id == "zelana" and c.runner not in ("rau", "na"):
            raise BadDataError(file, entry, "runner", "the Zelana is run by Rau's or Na's player (rule 34.8)")
        if c.id == "zelana":
            for fld in ("gp", "tl", "chit_limit"):
                if getattr(c, fld) is not None:
                    raise BadDataError(
                        file, entry, fld, "the Zelana has no management sheet of its own (B-7)"
                    )
        else:
            for fld in ("gp", "tl", "chit_limit"):
                if getattr(c, fld) is None:
                    raise BadDataError(file, entry, fld, "field required")
            limit, clause = PRINTED_CHIT_LIMIT[c.id]
            if c.chit_limit != limit:
                raise BadDataError(
                    file, entry, "chit_limit", f"{c.id} produces at most {limit} (rule {clause})"
                )
            if c.tl is not None and c.tl > model.sheet.tl_max:
                raise BadDataError(file, entry, "tl", f"above the TL track's top ({model.sheet.tl_max})")
            if c.gp is not None and c.gp > model.sheet.gp_max:
                raise BadDataError(file, entry, "gp", f"above the GP track's top ({model.sheet.gp_max})")
    missing = [c for c in COUNTRIES if c not in found]
    if missing:
        raise BadDataError(file, "countries", "id", f"missing countries: {', '.join(missing)}")
    orders = [c.order for c in model.countries]
    if sorted(orders) != list(range(1, len(orders) + 1)):
        raise BadDataError(file, "countries", "order", "orders must be 1, 2, 3 … each used once")
    for seat, order in zip(SEAT_COUNTRIES, (1, 2, 3, 4), strict=True):
        if next(c.order for c in model.countries if c.id == seat) != order:
            raise BadDataError(file, f"countries[{seat}]", "order", f"{seat} plays {order}th (rule 2.9)")
    out = {
        c.id: Country(
            id=c.id,
            ja=c.ja,
            en=c.en,
            camp=c.camp,
            order=c.order,
            runner=c.runner,
            state=c.state,
            gp=c.gp,
            tl=c.tl,
            chit_limit=c.chit_limit,
            counters=_frozen(
                {u: CounterKind(u, k.count, k.upgrade_to, k.upgrade_gp) for u, k in c.counters.items()}
            ),
        )
        for c in sorted(model.countries, key=lambda c: c.order)
    }
    return out, model.sheet.gp_max, model.sheet.tl_max


def _units(file: str, model: UnitsModel) -> tuple[dict[str, Machine], dict[str, Building]]:
    _unique(file, "machines", [m.id for m in model.machines] + [b.id for b in model.buildings])
    machines: dict[str, Machine] = {}
    ab_fields = ("air", "bomb")
    ship_fields = ("aa_guns", "aa", "guns", "gun")
    for m in model.machines:
        entry = f"machines[{m.id}]"
        own, other = (ab_fields, ship_fields) if m.kind == "AB" else (ship_fields, ab_fields)
        for fld in own:
            if getattr(m, fld) is None:
                raise BadDataError(file, entry, fld, f"field required for an {m.kind}")
        for fld in (*other, "capacity") if m.kind == "AB" else other:
            if getattr(m, fld) is not None:
                raise BadDataError(file, entry, fld, f"an {m.kind} has no {fld}")
        if m.kind == "AS" and m.capacity is None:
            raise BadDataError(file, entry, "capacity", "field required for an AS (17.15.5–17.15.7)")
        if m.kind == "ABS" and m.capacity is not None:
            raise BadDataError(file, entry, "capacity", "an ABS carries any number of ABs (rule 17.15.8)")
        if m.id in PRINTED_CAPACITY and m.capacity != PRINTED_CAPACITY[m.id][0]:
            cap, clause = PRINTED_CAPACITY[m.id]
            raise BadDataError(file, entry, "capacity", f"{m.id} carries {cap} ABs (rule {clause})")
        for fld in own:
            if getattr(m.flipped, fld) is None:
                raise BadDataError(file, entry, f"flipped.{fld}", f"field required for an {m.kind}")
        for fld in other:
            if getattr(m.flipped, fld) is not None:
                raise BadDataError(file, entry, f"flipped.{fld}", f"an {m.kind} has no {fld}")
        machines[m.id] = Machine(
            id=m.id,
            ja=m.ja,
            en=m.en,
            kind=m.kind,
            front=_side(m),
            back=_side(m.flipped),
            capacity=0 if m.kind == "AB" else m.capacity,
            gp=m.gp,
            tl=m.tl,
            extra_gp=m.extra_gp,
            repair_gp=m.repair_gp,
        )
    if {b.id for b in model.buildings} != {"castle", "fort"}:
        raise BadDataError(
            file, "buildings", "id", "there are exactly two buildings, castle and fort (rule 2.5)"
        )
    for b in model.buildings:
        for fld in ("aa_guns", "aa", "guns", "gun"):
            if getattr(b.flipped, fld) is None:
                raise BadDataError(
                    file, f"buildings[{b.id}]", f"flipped.{fld}", "field required for a building"
                )
    buildings: dict[str, Building] = {
        b.id: Building(b.id, b.ja, b.en, _side(b), _side(b.flipped), b.gp, b.repair_gp)
        for b in model.buildings
    }
    return machines, buildings


def _check_required_machines(file: str, countries: dict[str, Country], machines: dict[str, Machine]) -> None:
    for unit, (kind, owner, clause) in REQUIRED_MACHINES.items():
        if unit not in machines:
            raise BadDataError(
                file, f"machines[{unit}]", "id", f"the rules name this machine (rule {clause})"
            )
        if machines[unit].kind != kind:
            raise BadDataError(file, f"machines[{unit}]", "kind", f"{unit} is an {kind} (rule {clause})")
        if unit not in countries[owner].counters:
            raise BadDataError(
                file, f"machines[{unit}]", "id", f"{owner} needs {unit} counters (rule {clause})"
            )


def _side(m: MachineModel | BuildingModel | SideModel) -> Side:
    return Side(
        air=getattr(m, "air", None) or 0,
        bomb=getattr(m, "bomb", None) or 0,
        aa_guns=m.aa_guns or 0,
        aa=m.aa or 0,
        guns=m.guns or 0,
        gun=m.gun or 0,
        defence=m.defence,
    )


def _check_counters(
    file: str, countries: dict[str, Country], machines: dict[str, Machine], buildings: dict[str, Building]
) -> None:
    for c in countries.values():
        entry = f"countries[{c.id}]"
        for unit, kind in c.counters.items():
            fld = f"counters.{unit}"
            if unit not in machines and unit not in buildings:
                raise BadDataError(file, entry, fld, f"no machine or building {unit!r} in units.toml")
            if (kind.upgrade_to is None) != (kind.upgrade_gp is None):
                raise BadDataError(file, entry, fld, "upgrade_to and upgrade_gp go together")
            if kind.upgrade_to is None:
                continue
            if unit not in machines or machines[unit].kind != "AB":
                raise BadDataError(file, entry, fld, "only AB counters are converted (rule 10.2)")
            target = machines.get(kind.upgrade_to)
            if target is None or target.kind != "AB":
                raise BadDataError(
                    file, entry, fld, f"upgrade_to {kind.upgrade_to!r} is not an AB (rule 10.2)"
                )
            if kind.upgrade_to not in c.counters:
                raise BadDataError(
                    file, entry, fld, f"{c.id} has no {kind.upgrade_to} counters to convert into"
                )
            if target.tl < machines[unit].tl:
                raise BadDataError(file, entry, fld, "a conversion goes to a higher machine (rule 10.1)")
        if c.id != "zelana":
            for unit in c.counters:
                if unit in machines and machines[unit].gp is None:
                    raise BadDataError(
                        file, entry, f"counters.{unit}", f"{unit} has no gp, so {c.id} cannot produce it"
                    )


def _grid_layer(
    file: str, layer: str, rows: list[str], width: int, height: int, codes: dict[str, str]
) -> list[str]:
    """A grid of one-character tokens, row by row, as the values of ``codes``."""
    if len(rows) != height:
        raise BadDataError(file, layer, "-", f"{len(rows)} rows; height is {height}")
    out: list[str] = []
    for r, text in enumerate(rows):
        tokens = text.split()
        if len(tokens) != width:
            raise BadDataError(file, layer, f"row {r + 1:02d}", f"{len(tokens)} hexes; width is {width}")
        for c, token in enumerate(tokens):
            if token not in codes:
                raise BadDataError(
                    file,
                    layer,
                    f"row {r + 1:02d}",
                    f"unknown code {token!r} at hex {c + 1:02d}{r + 1:02d} (known: {' '.join(codes)})",
                )
            out.append(codes[token])
    return out


def _hex(grid: Grid, file: str, entry: str, fld: str, hex_id: str) -> int:
    if not _HEX_ID.match(hex_id):
        raise BadDataError(file, entry, fld, f"{hex_id!r} is not a hex id (CCRR, like 0916)")
    try:
        return grid.parse(hex_id)
    except BadHexError:
        raise BadDataError(file, entry, fld, f"hex {hex_id} does not exist on the map") from None


def _map(file: str, model: MapModel, countries: dict[str, Country]) -> MapTable:
    grid = Grid(model.width, model.height)
    for code, name in model.terrain_codes.items():
        if name not in {t.value for t in Terrain}:
            raise BadDataError(
                file, "terrain_codes", code, f"unknown terrain {name!r} (plain, highland, mountain)"
            )
    for code, nation in model.nation_codes.items():
        if nation and nation not in LAND_COUNTRIES:
            raise BadDataError(
                file,
                "nation_codes",
                code,
                f"{nation!r} is not a country with land ({', '.join(LAND_COUNTRIES)})",
            )
    terrain = _grid_layer(file, "terrain", model.terrain, model.width, model.height, model.terrain_codes)
    nations = _grid_layer(file, "nations", model.nations, model.width, model.height, model.nation_codes)
    for nation in LAND_COUNTRIES:
        land = [i for i, n in enumerate(nations) if n == nation]
        if not land:
            raise BadDataError(file, "nations", "-", f"{nation} has no hexes")
        pieces = grid.components(land)
        if len(pieces) > 1:
            cut = grid.hex_id(min(pieces[1]))
            raise BadDataError(
                file,
                "nations",
                "-",
                f"{nation}'s land is in {len(pieces)} pieces: hex {cut} is cut off from the rest (B-38)",
            )
    _unique(file, "places", [p.id for p in model.places])
    places: dict[str, Place] = {}
    place_of: dict[int, list[str]] = {}
    for p in model.places:
        entry = f"places[{p.id}]"
        if p.nation and p.nation not in LAND_COUNTRIES:
            raise BadDataError(file, entry, "nation", f"{p.nation!r} is not a country with land")
        indices = [_hex(grid, file, entry, "hexes", h) for h in p.hexes]
        if len(set(indices)) != len(indices):
            raise BadDataError(file, entry, "hexes", "a hex is listed twice")
        for i in indices:
            if nations[i] != p.nation:
                where = nations[i] or "no nation"
                raise BadDataError(
                    file,
                    entry,
                    "hexes",
                    f"hex {grid.hex_id(i)} is {where}'s land, not {p.nation or 'no nation'}'s",
                )
            place_of.setdefault(i, []).append(p.id)
        if len(grid.components(indices)) > 1:
            raise BadDataError(file, entry, "hexes", "a place's hexes must touch one another")
        places[p.id] = Place(p.id, p.ja, p.en, tuple(indices), p.nation, tuple(p.clauses))
    for place_id, (must_lie, size, clause) in REQUIRED_PLACES.items():
        entry = f"places[{place_id}]"
        if place_id not in places:
            raise BadDataError(file, entry, "id", f"the rules need this place (rule {clause})")
        if must_lie is not None and places[place_id].nation != must_lie:
            raise BadDataError(file, entry, "nation", f"lies in {must_lie}'s land (rule {clause})")
        if size is not None and len(places[place_id].hexes) != size:
            raise BadDataError(
                file, entry, "hexes", f"is {size} hex{'es' if size > 1 else ''} (rule {clause})"
            )
    if any(nations[i] == "rau" for i in places["rian_coast"].hexes):
        raise BadDataError(
            file, "places[rian_coast]", "nation", "not Rau's own land (B-39: 30.6 is an exception)"
        )
    income: dict[int, int] = {}
    for k, row in enumerate(model.income):
        i = _hex(grid, file, f"income[{k}]", "hex", row.hex)
        if i in income:
            raise BadDataError(file, f"income[{k}]", "hex", f"hex {row.hex} is an income hex twice")
        income[i] = row.gp
    hexes = tuple(
        Hex(
            i,
            grid.hex_id(i),
            *grid.position(i),
            Terrain(terrain[i]),
            nations[i],
            income.get(i, 0),
            tuple(place_of.get(i, ())),
        )
        for i in range(grid.size)
    )
    return MapTable(grid, hexes, _frozen(places))


def _setup(
    file: str,
    model: SetupModel,
    game_map: MapTable,
    countries: dict[str, Country],
    machines: dict[str, Machine],
) -> dict[str, Start]:
    grid = game_map.grid
    for name in model.start:
        if name not in countries:
            raise BadDataError(file, f"start.{name}", "-", "unknown country")
    building_at: dict[int, str] = {}
    starts: dict[str, Start] = {}
    karakara = set(game_map.places["karakara"].hexes)
    for cid, country in countries.items():
        entry = f"start.{cid}"
        if cid not in model.start:
            raise BadDataError(file, entry, "-", "every country has a start")
        s = model.start[cid]
        used: dict[str, int] = {}
        buildings: dict[int, str] = {}
        for hex_id, kind in s.buildings.items():
            i = _hex(grid, file, entry, f"buildings.{hex_id}", hex_id)
            h = game_map.hexes[i]
            where = f"buildings.{hex_id}"
            if i in building_at:
                raise BadDataError(
                    file, entry, where, f"{building_at[i]} already has a building there (rule 12.6)"
                )
            if h.terrain is Terrain.MOUNTAIN and not (cid == "rau" and kind == "fort" and i in karakara):
                raise BadDataError(file, entry, where, "nothing is built on a mountain (rules 12.5, 30.4)")
            if h.terrain is Terrain.HIGHLAND and kind == "castle":
                raise BadDataError(file, entry, where, "only a fort is built on a highland (rule 12.4)")
            if h.nation != cid:
                raise BadDataError(file, entry, where, f"a start building stands in {cid}'s own land (12.7)")
            building_at[i] = cid
            buildings[i] = kind
            used[kind] = used.get(kind, 0) + 1
        units: dict[int, Mapping[str, int]] = {}
        for hex_id, stack in s.units.items():
            i = _hex(grid, file, entry, f"units.{hex_id}", hex_id)
            if country.state != "war" and game_map.hexes[i].nation != cid:
                raise BadDataError(
                    file, entry, f"units.{hex_id}", f"{cid} is not at war: it stays in its land (17.12)"
                )
            for unit, n in stack.items():
                fld = f"units.{hex_id}.{unit}"
                if unit not in machines:
                    raise BadDataError(file, entry, fld, f"no machine {unit!r} in units.toml")
                if n < 1:
                    raise BadDataError(file, entry, fld, "a stack holds at least one counter")
                used[unit] = used.get(unit, 0) + n
            units[i] = _frozen(stack)
        for unit, n in s.factory.items():
            fld = f"factory.{unit}"
            if n < 0:
                raise BadDataError(file, entry, fld, "a count cannot be negative")
            used[unit] = used.get(unit, 0) + n
        for unit, n in used.items():
            have = country.counters.get(unit)
            if have is None:
                raise BadDataError(file, entry, unit, f"{cid} has no {unit} counters (countries.toml)")
            if n > have.count:
                raise BadDataError(file, entry, unit, f"{n} used but only {have.count} exist (rule 9.5)")
        starts[cid] = Start(cid, _frozen(buildings), _frozen(units), _frozen(s.factory))
    return starts


def _person(character_id: str) -> str:
    return character_id.rstrip("0123456789") or character_id


def _characters(
    file: str,
    model: CharactersModel,
    game_map: MapTable,
    countries: dict[str, Country],
    starts: dict[str, Start],
) -> dict[str, Character]:
    _unique(file, "characters", [c.id for c in model.characters])
    by_id = {c.id: c for c in model.characters}
    out: dict[str, Character] = {}
    entries_seen: dict[str, str] = {}
    for c in model.characters:
        entry = f"characters[{c.id}]"
        if c.country not in countries:
            raise BadDataError(file, entry, "country", f"unknown country {c.country!r}")
        for row_name in ("flipped", "removed"):
            row = getattr(c.survival, row_name)
            bad = set(row) - SURVIVAL_RESULTS
            if bad:
                raise BadDataError(
                    file,
                    entry,
                    f"survival.{row_name}",
                    f"unknown result {sorted(bad)[0]!r} (G - L H D, rule 26.2)",
                )
            if "G" in row and c.grows_to is None:
                raise BadDataError(
                    file, entry, f"survival.{row_name}", "a G needs a counter to grow into (rule 26.2.1)"
                )
        if any(v < 0 for v in (*c.ab, *c.as_)):
            raise BadDataError(file, entry, "ab" if min(c.ab) < 0 else "as", "values cannot be negative")
        if c.grows_to is not None:
            nxt = by_id.get(c.grows_to)
            if nxt is None:
                raise BadDataError(file, entry, "grows_to", f"no character {c.grows_to!r}")
            if nxt.country != c.country or c.version == 0 or nxt.version != c.version + 1:
                raise BadDataError(
                    file, entry, "grows_to", "grows into the same country's next version (① → ② → ③, 26.2.1)"
                )
            if nxt.enters != "growth":
                raise BadDataError(file, entry, "grows_to", f"{nxt.id} must enter by growth")
        if c.leaves_on_d != (c.id in LEAVE_ON_D):
            raise BadDataError(file, entry, "leaves_on_d", "only Bern and Todd ① leave on a D (rule 26.2.5)")
        start_hex: int | None = None
        if c.enters == "start":
            if c.start_hex is None:
                raise BadDataError(file, entry, "start_hex", "a character who starts needs a start hex")
            start_hex = _hex(game_map.grid, file, entry, "start_hex", c.start_hex)
            s = starts[c.country]
            if start_hex not in s.units and start_hex not in s.buildings:
                raise BadDataError(file, entry, "start_hex", f"no {c.country} unit there (13.2)")
        else:
            if c.start_hex is not None:
                raise BadDataError(file, entry, "start_hex", "only a character who starts has a start hex")
            if c.enters == "growth":
                if not any(o.grows_to == c.id for o in model.characters):
                    raise BadDataError(file, entry, "enters", "nobody grows into this character")
            elif c.enters in ENTRY_CLAUSES:
                if ENTRY_CLAUSES[c.enters] != c.id:
                    raise BadDataError(
                        file, entry, "enters", f"rule {c.enters} brings in {ENTRY_CLAUSES[c.enters]}"
                    )
                entries_seen[c.enters] = c.id
            else:
                raise BadDataError(file, entry, "enters", '"start", "growth" or a 13.3.1–13.3.9 clause')
        out[c.id] = Character(
            id=c.id,
            ja=c.ja,
            en=c.en,
            country=c.country,
            person=_person(c.id),
            version=c.version,
            grows_to=c.grows_to,
            ab_attack=c.ab[0],
            ab_defence=c.ab[1],
            ab_command=c.ab[2],
            as_attack=c.as_[0],
            as_defence=c.as_[1],
            as_command=c.as_[2],
            survival_flipped=c.survival.flipped,
            survival_removed=c.survival.removed,
            enters=c.enters,
            start_hex=start_hex,
            leaves_on_d=c.leaves_on_d,
        )
    for clause, who in ENTRY_CLAUSES.items():
        if clause not in entries_seen:
            raise BadDataError(
                file, f"characters[{who}]", "enters", f"rule {clause} brings this character in"
            )
    for who, country in REQUIRED_CHARACTERS.items():
        if who not in out:
            raise BadDataError(file, f"characters[{who}]", "id", "the rules name this character")
        if out[who].country != country:
            raise BadDataError(file, f"characters[{who}]", "country", f"belongs to {country}")
    return out


def _chits(file: str, model: ChitsModel, countries: dict[str, Country]) -> dict[str, Chit]:
    _unique(file, "chits", [c.id for c in model.chits])
    out: dict[str, Chit] = {}
    for c in model.chits:
        entry = f"chits[{c.id}]"
        if c.country not in countries:
            raise BadDataError(file, entry, "country", f"unknown country {c.country!r}")
        if c.kind in ("surprise", "shot") and c.country != "drake":
            clause = "16.1" if c.kind == "surprise" else "8.11.4"
            raise BadDataError(file, entry, "country", f"only Drake's army has this chit (rule {clause})")
        if (c.kind == "zelana") != (c.country == "zelana"):
            raise BadDataError(
                file, entry, "kind", "the Zelana's chit is of kind zelana, and it has no other (17.9)"
            )
        producers = tuple(c.producers) if c.producers is not None else (c.country,)
        if c.kind == "zelana":
            if not producers or set(producers) - {"rau", "na"}:
                raise BadDataError(
                    file, entry, "producers", "Rau or Na produces the Zelana's chit (rule 8.11.3)"
                )
        elif producers != (c.country,):
            raise BadDataError(file, entry, "producers", "a country's chit is produced by that country")
        out[c.id] = Chit(c.id, c.ja, c.en, c.kind, c.country, producers, c.count, c.gp)
    for cid in LAND_COUNTRIES:
        if not any(ch.country == cid and ch.kind in ("AS", "ABS") for ch in out.values()):
            raise BadDataError(file, "chits", "country", f"{cid} has no action chit (rule 8.11.1)")
    if not any(ch.kind == "zelana" for ch in out.values()):
        raise BadDataError(file, "chits", "kind", "the Zelana's chit is missing (rule 8.11.3)")
    return out
