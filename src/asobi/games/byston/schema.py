"""The shapes of the byston data files, as pydantic models: types, required fields, ranges.

Only the shape of each file is checked here; what the files must say about each other and about
the printed rules is checked in :mod:`.tables`, which reads the files through these models.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class PlaceModel(_Strict):
    id: str = Field(min_length=1)
    ja: str = Field(min_length=1)
    en: str = Field(min_length=1)
    hexes: list[str] = Field(min_length=1)
    nation: str
    clauses: list[str] = Field(default_factory=list)
    note: str = ""


class IncomeModel(_Strict):
    hex: str
    gp: int = Field(ge=1)


class MapModel(_Strict):
    width: int = Field(ge=1, le=99)
    height: int = Field(ge=1, le=99)
    terrain_codes: dict[str, str]
    nation_codes: dict[str, str]
    terrain: list[str]
    nations: list[str]
    places: list[PlaceModel]
    income: list[IncomeModel]


class SideModel(_Strict):
    air: int | None = Field(default=None, ge=0, le=6)
    bomb: int | None = Field(default=None, ge=0, le=6)
    aa_guns: int | None = Field(default=None, ge=0)
    aa: int | None = Field(default=None, ge=0, le=6)
    guns: int | None = Field(default=None, ge=0)
    gun: int | None = Field(default=None, ge=0, le=6)
    defence: int = Field(ge=1)


class MachineModel(_Strict):
    id: str = Field(min_length=1)
    ja: str = Field(min_length=1)
    en: str = Field(min_length=1)
    kind: Literal["AB", "AS", "ABS"]
    air: int | None = Field(default=None, ge=0, le=6)
    bomb: int | None = Field(default=None, ge=0, le=6)
    aa_guns: int | None = Field(default=None, ge=0)
    aa: int | None = Field(default=None, ge=0, le=6)
    guns: int | None = Field(default=None, ge=0)
    gun: int | None = Field(default=None, ge=0, le=6)
    defence: int = Field(ge=1)
    capacity: int | None = Field(default=None, ge=1)
    gp: int | None = Field(default=None, ge=0)
    tl: int = Field(ge=0)
    extra_gp: int | None = Field(default=None, ge=0)
    repair_gp: int = Field(ge=0)
    flipped: SideModel


class BuildingModel(_Strict):
    id: Literal["castle", "fort"]
    ja: str = Field(min_length=1)
    en: str = Field(min_length=1)
    aa_guns: int = Field(ge=0)
    aa: int = Field(ge=0, le=6)
    guns: int = Field(ge=0)
    gun: int = Field(ge=0, le=6)
    defence: int = Field(ge=1)
    gp: int = Field(ge=0)
    repair_gp: int = Field(ge=0)
    flipped: SideModel


class UnitsModel(_Strict):
    machines: list[MachineModel] = Field(min_length=1)
    buildings: list[BuildingModel] = Field(min_length=2, max_length=2)


class CounterModel(_Strict):
    count: int = Field(ge=1)
    upgrade_to: str | None = None
    upgrade_gp: int | None = Field(default=None, ge=0)


class SheetModel(_Strict):
    gp_max: int = Field(ge=1)
    tl_max: int = Field(ge=1)


class CountryModel(_Strict):
    id: str
    ja: str = Field(min_length=1)
    en: str = Field(min_length=1)
    camp: Literal["drake", "sheela"]
    order: int = Field(ge=1)
    runner: str
    state: Literal["neutral", "armed", "war"]
    gp: int | None = Field(default=None, ge=0)
    tl: int | None = Field(default=None, ge=0)
    chit_limit: int | None = Field(default=None, ge=0)
    counters: dict[str, CounterModel]


class CountriesModel(_Strict):
    sheet: SheetModel
    countries: list[CountryModel]


class StartModel(_Strict):
    buildings: dict[str, Literal["castle", "fort"]]
    units: dict[str, dict[str, int]]
    factory: dict[str, int]


class SetupModel(_Strict):
    start: dict[str, StartModel]


class SurvivalModel(_Strict):
    flipped: str = Field(min_length=6, max_length=6)
    removed: str = Field(min_length=6, max_length=6)


class CharacterModel(_Strict):
    id: str = Field(min_length=1)
    ja: str = Field(min_length=1)
    en: str = Field(min_length=1)
    country: str
    version: int = Field(ge=0, le=3)
    grows_to: str | None = None
    ab: tuple[int, int, int]
    as_: tuple[int, int, int] = Field(alias="as")
    survival: SurvivalModel
    enters: str
    start_hex: str | None = None
    leaves_on_d: bool = False
    note: str = ""


class CharactersModel(_Strict):
    characters: list[CharacterModel] = Field(min_length=1)


class ChitModel(_Strict):
    id: str = Field(min_length=1)
    ja: str = Field(min_length=1)
    en: str = Field(min_length=1)
    kind: Literal["AS", "ABS", "zelana", "shot", "surprise"]
    country: str
    producers: list[str] | None = None
    count: int = Field(ge=1)
    gp: int = Field(ge=0)


class ChitsModel(_Strict):
    chits: list[ChitModel] = Field(min_length=1)
