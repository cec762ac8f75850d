"""The card pool and decks: schema, loading, validation and the flattened card table.

Cards and decks are TOML files under ``data/``. :func:`pool` reads and checks the card pool once
(it is immutable afterwards); :func:`load_deck` reads a deck file and checks it against the deck
construction rules (2.1.1, C-26), naming the card and the rule a bad deck breaks.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from asobi.core.data import load, read_toml, validate
from asobi.core.errors import BadDataError

from .effects import CardKind, MoveType, check_effect
from .limits import DECK_SIZE

PACKAGE = "asobi.games.emblem.data"
MAX_COPIES = 4
"""C-26: at most four copies of one card in a deck."""

KINDS = ("unit", "weapon", "magic", "item", "land", "guardian")
UNIT, WEAPON, MAGIC, ITEM, LAND, GUARDIAN = range(6)
MOVES = ("infantry", "cavalry", "flier")
INFANTRY, CAVALRY, FLIER = range(3)
ATTACK_TYPES = ("direct", "indirect", "magic", "healing")
DIRECT, INDIRECT, MAGIC_ATTACK, HEALING = range(4)

AttackType = Literal["direct", "indirect", "magic", "healing"]


def _unit_field(value: Any, info: ValidationInfo) -> Any:
    kind = info.data.get("kind")
    if kind == "unit" and value is None:
        raise ValueError("a unit card needs this field")
    if kind != "unit" and value is not None:
        raise ValueError(f"only unit cards have this field (this is a {kind} card)")
    return value


class CardModel(BaseModel):
    """One card of the pool, as written in ``cards.toml``."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    kind: CardKind
    name_ja: str = Field(min_length=1)
    name_en: str = Field(min_length=1)
    text_ja: str = Field(min_length=1)
    text_en: str = Field(min_length=1)
    character: str | None = Field(default=None, validate_default=True)
    morale: int | None = Field(default=None, ge=1, le=6, validate_default=True)
    attack: int | None = Field(default=None, ge=0, le=5, validate_default=True)
    counter: int | None = Field(default=None, ge=0, le=5, validate_default=True)
    level: int = Field(default=1, ge=1, le=3)
    move: MoveType | None = Field(default=None, validate_default=True)
    attack_type: AttackType | None = Field(default=None, validate_default=True)
    strikes: int = Field(default=1, ge=1, le=2)
    parent: str | None = None
    weapon_type: Literal["direct", "indirect"] | None = Field(default=None, validate_default=True)
    bonus: int = Field(default=0, ge=0, le=4)
    cost: int = Field(default=0, ge=0, le=3)
    effects: list[dict[str, Any]] = Field(default_factory=list)

    @field_validator("morale", "attack", "counter", "move", "attack_type")
    @classmethod
    def _unit_only(cls, value: Any, info: ValidationInfo) -> Any:
        return _unit_field(value, info)

    @field_validator("character")
    @classmethod
    def _character(cls, value: Any, info: ValidationInfo) -> Any:
        if value is not None and info.data.get("kind") != "unit":
            raise ValueError("only unit cards have a character")
        return value

    @field_validator("weapon_type")
    @classmethod
    def _weapon_type(cls, value: Any, info: ValidationInfo) -> Any:
        kind = info.data.get("kind")
        if kind == "weapon" and value is None:
            raise ValueError("a weapon card needs weapon_type (direct or indirect)")
        if kind != "weapon" and value is not None:
            raise ValueError("only weapon cards have weapon_type")
        return value

    @field_validator("effects")
    @classmethod
    def _effects(cls, value: list[dict[str, Any]], info: ValidationInfo) -> list[dict[str, Any]]:
        kind = info.data.get("kind", "")
        for effect in value:
            check_effect(kind, effect)
        return value


class PoolModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    cards: list[CardModel] = Field(min_length=1)

    @model_validator(mode="after")
    def _links(self) -> PoolModel:
        ids = [c.id for c in self.cards]
        seen: set[str] = set()
        for card_id in ids:
            if card_id in seen:
                raise ValueError(f"card id {card_id!r} appears twice")
            seen.add(card_id)
        by_id = {c.id: c for c in self.cards}
        for c in self.cards:
            if c.parent is not None:
                parent = by_id.get(c.parent)
                if c.kind != "unit" or parent is None or parent.kind != "unit":
                    raise ValueError(f"card {c.id!r}: parent {c.parent!r} must be a unit card of the pool")
        return self


class DeckModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name_ja: str = Field(min_length=1)
    name_en: str = Field(min_length=1)
    style_en: str = ""
    cards: dict[str, int]


class CardInfo:
    """One card, flattened into plain numbers for the rules' hot paths."""

    __slots__ = (
        "army_attack",
        "army_counter",
        "attack",
        "attack_bonus",
        "attack_type",
        "bane_amount",
        "bane_move",
        "bonus",
        "capture",
        "character",
        "children",
        "cost",
        "counter",
        "counter_bonus",
        "end_start_chips",
        "enemy_only",
        "heal_bonus",
        "honing",
        "id",
        "index",
        "kind",
        "legacy",
        "level",
        "model",
        "morale",
        "morale_bonus",
        "move",
        "name_en",
        "name_ja",
        "parent",
        "poison",
        "shed_kind",
        "sortie_guard",
        "strikes",
        "symbol",
        "training",
        "turn_start_chips",
        "weapon_type",
    )

    def __init__(self, index: int, m: CardModel) -> None:
        self.index = index
        self.model = m
        self.id = m.id
        self.kind = KINDS.index(m.kind)
        self.name_ja = m.name_ja
        self.name_en = m.name_en
        self.character = m.character or ""
        self.morale = m.morale or 0
        self.attack = m.attack or 0
        self.counter = m.counter or 0
        self.level = m.level
        self.move = MOVES.index(m.move) if m.move else -1
        self.attack_type = ATTACK_TYPES.index(m.attack_type) if m.attack_type else -1
        self.strikes = m.strikes
        self.weapon_type = ATTACK_TYPES.index(m.weapon_type) if m.weapon_type else -1
        self.bonus = m.bonus
        self.cost = m.cost
        self.parent = -1
        self.children: tuple[int, ...] = ()
        self.poison = self.capture = self.legacy = self.enemy_only = False
        self.symbol = self.training = self.honing = 0
        self.bane_move, self.bane_amount = -1, 0
        self.attack_bonus = self.counter_bonus = self.morale_bonus = self.heal_bonus = 0
        self.shed_kind = -1
        self.turn_start_chips = self.end_start_chips = self.sortie_guard = 0
        self.army_attack: tuple[int, int] = (0, -1)
        self.army_counter: tuple[int, int] = (0, -1)
        for effect in m.effects:
            self._apply_effect(effect)

    def _apply_effect(self, e: dict[str, Any]) -> None:
        verb = e["verb"]
        amount = int(e.get("amount", 0))
        move = MOVES.index(e["move"]) if e.get("move") else -1
        if verb in ("poison", "capture", "legacy", "enemy_only"):
            setattr(self, verb, True)
        elif verb in (
            "symbol",
            "training",
            "honing",
            "attack_bonus",
            "counter_bonus",
            "morale_bonus",
            "heal_bonus",
        ) or verb in ("turn_start_chips", "end_start_chips", "sortie_guard"):
            setattr(self, verb, amount)
        elif verb == "bane":
            self.bane_move, self.bane_amount = move, amount
        elif verb == "shed_by_discard":
            self.shed_kind = KINDS.index(e["discard"])
        elif verb in ("army_attack", "army_counter"):
            setattr(self, verb, (amount, move))

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en

    @property
    def named(self) -> bool:
        """A named unit has a character: at most one of it on its owner's field (C-27)."""
        return bool(self.character)


class CardPool:
    """The cards, indexed by their position in id order (so draws list outcomes sorted)."""

    __slots__ = (
        "by_id",
        "card_args",
        "cards",
        "end_keyword",
        "file",
        "ids",
        "index_of",
        "morale",
        "morale_bonus",
    )

    def __init__(self, model: PoolModel, file: str) -> None:
        ordered = sorted(model.cards, key=lambda c: c.id)
        self.file = file
        self.cards = tuple(CardInfo(i, m) for i, m in enumerate(ordered))
        self.by_id = {c.id: c for c in self.cards}
        for c in self.cards:
            if c.model.parent is not None:
                c.parent = self.by_id[c.model.parent].index
        for c in self.cards:
            c.children = tuple(k.index for k in self.cards if k.parent == c.index)
        # Per-index tables of the immutable card data, for the rules' hot paths.
        self.ids = tuple(c.id for c in self.cards)
        self.index_of = {c.id: c.index for c in self.cards}
        self.morale = tuple(c.morale for c in self.cards)
        self.morale_bonus = tuple(c.morale_bonus for c in self.cards)
        self.card_args = tuple(("card", c.id) for c in self.cards)
        """``("card", id)``: the event argument naming each card, built once."""
        self.end_keyword = tuple(bool(c.symbol or c.training or c.legacy or c.honing) for c in self.cards)
        """Whether a unit card has an end-phase keyword (象徴, 修練, 伝承, 練磨)."""

    def __len__(self) -> int:
        return len(self.cards)

    def index(self, card_id: str) -> int:
        return self.index_of[card_id]


@cache
def pool() -> CardPool:
    """The card pool shipped in ``data/cards.toml`` (read and checked once)."""
    return CardPool(load(PoolModel, "cards.toml", PACKAGE), f"{PACKAGE.replace('.', '/')}/cards.toml")


def load_pool(path: str | Path) -> CardPool:
    """A card pool from another file (a user's replacement), checked like the shipped one.

    :raises BadDataError: naming the file, the card and the field.
    """
    return CardPool(load(PoolModel, path), str(path))


DECKS = ("azure", "crimson")
"""The preconstructed decks in ``data/decks/``."""


class Deck:
    """A checked deck: its names and a count per pool index."""

    __slots__ = ("counts", "key", "name_en", "name_ja", "style_en")

    def __init__(self, key: str, model: DeckModel, counts: list[int]) -> None:
        self.key = key
        self.name_ja = model.name_ja
        self.name_en = model.name_en
        self.style_en = model.style_en
        self.counts = counts


def check_deck(model: DeckModel, file: str, cards: CardPool) -> list[int]:
    """The counts per pool index of a deck that keeps the construction rules.

    :raises BadDataError: naming the file, the card and the rule it breaks.
    """
    counts = [0] * len(cards)
    for card_id, n in model.cards.items():
        info = cards.by_id.get(card_id)
        if info is None:
            raise BadDataError(
                file, card_id, "id", "no such card in the pool (rule C-26: only cards of the pool)"
            )
        if n < 1:
            raise BadDataError(
                file, card_id, "count", f"{n} copies; a listed card needs at least 1 (rule C-26)"
            )
        if n > MAX_COPIES:
            raise BadDataError(
                file, card_id, "count", f"{n} copies; at most {MAX_COPIES} of one card (rule C-26)"
            )
        counts[info.index] = n
    total = sum(counts)
    if total != DECK_SIZE:
        raise BadDataError(
            file, "deck", "cards", f"{total} cards; a deck is exactly {DECK_SIZE} (rules 2.1.1, C-26)"
        )
    return counts


@cache
def preconstructed(key: str) -> Deck:
    """One of the decks in :data:`DECKS`."""
    name, data = read_toml(f"decks/{key}.toml", PACKAGE)
    model = validate(DeckModel, data, name)
    return Deck(key, model, check_deck(model, name, pool()))


def load_deck(path: str | Path) -> Deck:
    """A player's own deck file, checked against the pool and the construction rules.

    :raises BadDataError: naming the file, the card and the rule it breaks.
    """
    name, data = read_toml(Path(path))
    model = validate(DeckModel, data, name)
    return Deck(str(path), model, check_deck(model, name, pool()))
