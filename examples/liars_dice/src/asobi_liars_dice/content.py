"""The game's authored data, read from ``data/*.toml`` through a schema (:mod:`asobi.core.data`).

Liar's Dice has no cards or boards; its one data file holds the rule bots' temperaments
(``data/bots.toml``), which are our own authored values.
"""

from __future__ import annotations

from functools import cache

from asobi.core.data import load, package_hash
from pydantic import BaseModel, ConfigDict, Field, field_validator

PACKAGE = "asobi_liars_dice.data"


class Temperament(BaseModel):
    """How one rule bot plays (see ``bots.py``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    bluff: float = Field(ge=0.0, le=1.0)
    doubt: float = Field(ge=-1.0, le=1.0)
    ja: str
    en: str


class BotsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    bots: tuple[Temperament, ...] = Field(min_length=1)

    @field_validator("bots")
    @classmethod
    def _distinct(cls, bots: tuple[Temperament, ...]) -> tuple[Temperament, ...]:
        ids = [b.id for b in bots]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"bot {twice[0]!r} is defined twice")
        return bots


@cache
def temperaments() -> dict[str, Temperament]:
    """Bot name → its temperament, from ``data/bots.toml``.

    :raises BadDataError: naming the file, the bot and the field, if the file fails its schema.
    """
    return {t.id: t for t in load(BotsFile, "bots.toml", PACKAGE).bots}


@cache
def data_hash() -> str:
    """A hash of the data files (records carry it)."""
    return package_hash(PACKAGE)
