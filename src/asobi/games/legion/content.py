"""The authored content of パラレルレギオン, read from ``data/*.toml`` through schemas.

Every value except the code-card composition (1.3) and the card counts (1.4–1.6) is our
reconstruction: the printed maps and cards were never published as data. A user with the
physical game may replace the files; a broken file is refused with an error naming the file, the
entry and the field (:class:`asobi.core.errors.BadDataError`).

:class:`Tables` are what the rules derive once from the (immutable) content, so the hot path only
looks things up: the agenda tasks and stack items that squares, attacks and cards always produce,
the ship's destination square for each direction, and which army cards are strategies. Every
entry equals what the rules would otherwise build on each use. Every state shares them (a field
of the state, so they are defined here, below the state's types).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from asobi.core.data import read_toml, validate
from asobi.core.errors import BadDataError

from .effects import check_effect

PACKAGE = "asobi.games.legion.data"
ALPHABETS = ("α", "β", "γ")
DIRECTION_STEP = {"north": (-1, 0), "south": (1, 0), "east": (0, 1), "west": (0, -1)}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EffectModel(_Strict):
    verb: str
    params: dict[str, int | str] = Field(default_factory=dict)


def _check(effect: EffectModel, use: str) -> EffectModel:
    check_effect(effect.verb, effect.params, use)
    return effect


class ColourModel(_Strict):
    ja: str
    en: str


class SpaceMapModel(_Strict):
    north: Literal["up"]
    ship_start: tuple[int, int]
    rows: list[str] = Field(min_length=2)
    colours: dict[str, ColourModel]

    @model_validator(mode="after")
    def _shape(self) -> SpaceMapModel:
        width = len(self.rows[0])
        if width < 2 or any(len(r) != width for r in self.rows):
            raise ValueError("every row must have the same length (at least 2)")
        for r in self.rows:
            for ch in r:
                if ch not in self.colours:
                    raise ValueError(f"colour {ch!r} is not in [colours]")
        row, col = self.ship_start
        if not (0 <= row < len(self.rows) and 0 <= col < width):
            raise ValueError("ship_start is off the map")
        return self


class SquareModel(_Strict):
    id: str
    code: str
    to: Literal["north", "south", "east", "west", "none"]
    effects: list[EffectModel]
    text_ja: str
    text_en: str

    @field_validator("code")
    @classmethod
    def _code(cls, v: str) -> str:
        if len(v) != 2 or v[0] not in ALPHABETS or v[1] not in "123":
            raise ValueError("a code is an alphabet α/β/γ and a number 1–3, like β2")
        return v

    @field_validator("effects")
    @classmethod
    def _effects(cls, v: list[EffectModel]) -> list[EffectModel]:
        return [_check(e, "square") for e in v]


class EnemyMapModel(_Strict):
    barrier_core: str
    squares: list[SquareModel] = Field(min_length=4)

    @model_validator(mode="after")
    def _core(self) -> EnemyMapModel:
        ids = [s.id for s in self.squares]
        if len(set(ids)) != len(ids):
            raise ValueError("square ids must be distinct")
        if self.barrier_core not in ids:
            raise ValueError(f"barrier_core {self.barrier_core!r} is not a square id")
        return self


class CodeCardsModel(_Strict):
    alphabets: tuple[str, str, str]
    numbers: tuple[int, int, int]
    copies: int = Field(ge=1, le=9)

    @model_validator(mode="after")
    def _fixed(self) -> CodeCardsModel:
        if self.alphabets != ALPHABETS or self.numbers != (1, 2, 3):
            raise ValueError("the code cards are α/β/γ × 1/2/3 (1.3)")
        return self


class WeaponEffectModel(_Strict):
    timing: Literal["activate", "trigger", "persistent"]
    trigger: Literal["placed", "ship_adjacent"] | None = None
    verb: str
    params: dict[str, int | str] = Field(default_factory=dict)
    spent: bool = False

    @model_validator(mode="after")
    def _verb(self) -> WeaponEffectModel:
        check_effect(self.verb, self.params, "weapon")
        from .effects import ACTIVATE_VERBS, PERSISTENT_VERBS

        if self.timing == "trigger" and self.trigger is None:
            raise ValueError("a trigger effect needs a trigger")
        if self.timing != "trigger" and self.trigger is not None:
            raise ValueError("only a trigger effect has a trigger")
        if (self.timing == "persistent") != (self.verb in PERSISTENT_VERBS):
            raise ValueError(f"verb {self.verb!r} does not fit timing {self.timing!r}")
        if self.timing == "activate" and self.verb not in ACTIVATE_VERBS:
            raise ValueError(f"verb {self.verb!r} cannot be activated")
        return self


class StrategyModel(_Strict):
    alpha: EffectModel
    beta: EffectModel
    gamma: EffectModel

    @model_validator(mode="after")
    def _verbs(self) -> StrategyModel:
        for e in (self.alpha, self.beta, self.gamma):
            _check(e, "strategy")
        return self


class ArmyCardModel(_Strict):
    id: str
    type: Literal["weapon", "strategy"]
    copies: int = Field(ge=1, le=4)
    name_ja: str
    name_en: str
    weapon: WeaponEffectModel | None = None
    strategy: StrategyModel | None = None
    text_ja: str
    text_en: str

    @model_validator(mode="after")
    def _kind(self) -> ArmyCardModel:
        if self.type == "weapon" and (self.weapon is None or self.strategy is not None):
            raise ValueError("a weapon card has a weapon effect and no strategy")
        if self.type == "strategy" and (self.strategy is None or self.weapon is not None):
            raise ValueError("a strategy card has strategy effects and no weapon effect")
        return self


class ArmyCardsModel(_Strict):
    cards: list[ArmyCardModel] = Field(min_length=1)


class PartCardModel(_Strict):
    id: str
    name_ja: str
    name_en: str
    parts: list[EffectModel] = Field(min_length=1)
    text_ja: str
    text_en: str

    @field_validator("parts")
    @classmethod
    def _parts(cls, v: list[EffectModel]) -> list[EffectModel]:
        return [_check(e, "card") for e in v]


class PartCardsModel(_Strict):
    cards: list[PartCardModel] = Field(min_length=1)


class PresetModel(_Strict):
    id: str
    space_life: dict[int, int]
    enemy_life: int = Field(ge=1, le=6)
    event_count: int = Field(ge=1, le=3)
    round_limit: int = Field(ge=1, le=200)

    @field_validator("space_life")
    @classmethod
    def _lives(cls, v: dict[int, int]) -> dict[int, int]:
        if sorted(v) != [2, 3, 4, 5]:
            raise ValueError("give a starting Space life for 2, 3, 4 and 5 players")
        if any(not 1 <= life <= 40 for life in v.values()):
            raise ValueError("a starting Space life is 1..40")
        return v


class PresetsModel(_Strict):
    presets: list[PresetModel] = Field(min_length=1)


@dataclass(frozen=True)
class Effect:
    verb: str
    params: tuple[tuple[str, Any], ...]

    def get(self, name: str) -> Any:
        for k, v in self.params:
            if k == name:
                return v
        raise KeyError(name)


@dataclass(frozen=True)
class Content:
    """The compiled content: plain tuples indexed by the ints the state uses."""

    rows: int
    cols: int
    colour: tuple[str, ...]
    colour_names: dict[str, tuple[str, str]]
    ship_start: int
    square_ids: tuple[str, ...]
    square_code: tuple[int, ...]
    square_to: tuple[str, ...]
    square_effects: tuple[tuple[Effect, ...], ...]
    square_text: tuple[tuple[str, str], ...]
    barrier_core: int
    code_copies: int
    army_ids: tuple[str, ...]
    army_index: dict[str, int]
    army_names: tuple[tuple[str, str], ...]
    army_text: tuple[tuple[str, str], ...]
    army_copies: tuple[int, ...]
    is_weapon: tuple[bool, ...]
    weapon_effect: tuple[WeaponEffectModel | None, ...]
    strategy_effects: tuple[tuple[Effect, Effect, Effect] | None, ...]
    enemy_ids: tuple[str, ...]
    enemy_names: tuple[tuple[str, str], ...]
    enemy_parts: tuple[tuple[Effect, ...], ...]
    enemy_text: tuple[tuple[str, str], ...]
    event_ids: tuple[str, ...]
    event_names: tuple[tuple[str, str], ...]
    event_parts: tuple[tuple[Effect, ...], ...]
    event_text: tuple[tuple[str, str], ...]
    presets: dict[str, PresetModel]
    orthogonal: tuple[tuple[int, ...], ...]
    """The squares next to each square, north, south, east, west (those on the map)."""
    king: tuple[tuple[tuple[int, ...], ...], ...]
    """``king[reach][square]``: the squares within ``reach`` king steps (reach 0..3)."""


def code_index(code: str) -> int:
    """α1 → 0 … γ3 → 8."""
    return ALPHABETS.index(code[0]) * 3 + int(code[1]) - 1


CODE_NAMES = tuple(f"{ALPHABETS[kind // 3]}{kind % 3 + 1}" for kind in range(9))
"""0 → α1 … 8 → γ3."""


def code_name(kind: int) -> str:
    return CODE_NAMES[kind]


def _effect(e: EffectModel) -> Effect:
    return Effect(e.verb, tuple(sorted(e.params.items())))


def _load(model: type[Any], filename: str, directory: Path | None) -> Any:
    if directory is None:
        name, data = read_toml(filename, PACKAGE)
    else:
        name, data = read_toml(directory / filename)
    return validate(model, data, name)


def load_content(directory: Path | None = None) -> Content:
    """Read and check every data file (from ``directory``, or the package's own ``data/``).

    :raises BadDataError: naming the file, the entry and the field at fault.
    """
    space: SpaceMapModel = _load(SpaceMapModel, "space_map.toml", directory)
    enemy: EnemyMapModel = _load(EnemyMapModel, "enemy_map.toml", directory)
    codes: CodeCardsModel = _load(CodeCardsModel, "code_cards.toml", directory)
    army: ArmyCardsModel = _load(ArmyCardsModel, "army_cards.toml", directory)
    enemy_cards: PartCardsModel = _load(PartCardsModel, "enemy_cards.toml", directory)
    event_cards: PartCardsModel = _load(PartCardsModel, "event_cards.toml", directory)
    presets: PresetsModel = _load(PresetsModel, "difficulty.toml", directory)
    where = str(directory) + "/" if directory is not None else PACKAGE.replace(".", "/") + "/"
    for fname, model in (
        ("army_cards.toml", army),
        ("enemy_cards.toml", enemy_cards),
        ("event_cards.toml", event_cards),
    ):
        ids = [c.id for c in model.cards]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise BadDataError(where + fname, f"cards[{sorted(dup)[0]}]", "id", "card ids must be distinct")
    cols = len(space.rows[0])
    return Content(
        rows=len(space.rows),
        cols=cols,
        colour=tuple(ch for r in space.rows for ch in r),
        colour_names={k: (v.ja, v.en) for k, v in space.colours.items()},
        ship_start=space.ship_start[0] * cols + space.ship_start[1],
        square_ids=tuple(s.id for s in enemy.squares),
        square_code=tuple(code_index(s.code) for s in enemy.squares),
        square_to=tuple(s.to for s in enemy.squares),
        square_effects=tuple(tuple(_effect(e) for e in s.effects) for s in enemy.squares),
        square_text=tuple((s.text_ja, s.text_en) for s in enemy.squares),
        barrier_core=[s.id for s in enemy.squares].index(enemy.barrier_core),
        code_copies=codes.copies,
        army_ids=tuple(c.id for c in army.cards),
        army_index={c.id: i for i, c in enumerate(army.cards)},
        army_names=tuple((c.name_ja, c.name_en) for c in army.cards),
        army_text=tuple((c.text_ja, c.text_en) for c in army.cards),
        army_copies=tuple(c.copies for c in army.cards),
        is_weapon=tuple(c.type == "weapon" for c in army.cards),
        weapon_effect=tuple(c.weapon for c in army.cards),
        strategy_effects=tuple(
            (_effect(c.strategy.alpha), _effect(c.strategy.beta), _effect(c.strategy.gamma))
            if c.strategy
            else None
            for c in army.cards
        ),
        enemy_ids=tuple(c.id for c in enemy_cards.cards),
        enemy_names=tuple((c.name_ja, c.name_en) for c in enemy_cards.cards),
        enemy_parts=tuple(tuple(_effect(e) for e in c.parts) for c in enemy_cards.cards),
        enemy_text=tuple((c.text_ja, c.text_en) for c in enemy_cards.cards),
        event_ids=tuple(c.id for c in event_cards.cards),
        event_names=tuple((c.name_ja, c.name_en) for c in event_cards.cards),
        event_parts=tuple(tuple(_effect(e) for e in c.parts) for c in event_cards.cards),
        event_text=tuple((c.text_ja, c.text_en) for c in event_cards.cards),
        presets={p.id: p for p in presets.presets},
        orthogonal=_orthogonal(len(space.rows), cols),
        king=tuple(_king(len(space.rows), cols, reach) for reach in range(4)),
    )


def _orthogonal(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(rows * cols):
        r, c = divmod(sq, cols)
        steps = [(r + dr, c + dc) for dr, dc in DIRECTION_STEP.values()]
        out.append(tuple(rr * cols + cc for rr, cc in steps if 0 <= rr < rows and 0 <= cc < cols))
    return tuple(out)


def _king(rows: int, cols: int, reach: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(rows * cols):
        r0, c0 = divmod(sq, cols)
        out.append(
            tuple(
                r * cols + c
                for r in range(max(0, r0 - reach), min(rows, r0 + reach + 1))
                for c in range(max(0, c0 - reach), min(cols, c0 + reach + 1))
                if (r, c) != (r0, c0)
            )
        )
    return tuple(out)


@cache
def content() -> Content:
    """The package's own content, read once (it never changes while running)."""
    return load_content()


# ---- tables the rules derive once from the content -------------------------------------------
Task = tuple[Any, ...]


class Tables:
    """Lookups the rules make on every step, worked out once from a :class:`Content`."""

    __slots__ = (
        "activate_verb",
        "activates",
        "attack_tasks",
        "card_tasks",
        "code_bit",
        "code_value",
        "develop_discount",
        "develop_value",
        "develop_value_at",
        "distance",
        "hand_bonus",
        "is_strategy",
        "persistent",
        "shield_bonus",
        "square_bit",
        "square_tasks",
        "square_value",
        "step",
    )

    def __init__(self, c: Content) -> None:
        rows, cols = c.rows, c.cols
        self.distance: tuple[tuple[int, ...], ...] = tuple(
            tuple(abs(a // cols - b // cols) + abs(a % cols - b % cols) for b in range(rows * cols))
            for a in range(rows * cols)
        )
        """``distance[a][b]``: the orthogonal steps between squares ``a`` and ``b`` (as
        ``weapons.ship_distance`` counts them)."""
        self.step: dict[str, tuple[int, ...]] = {}
        """``step[direction][square]``: the square one step that way, or -1 off the map."""
        for direction, (dr, dc) in DIRECTION_STEP.items():
            targets = []
            for sq in range(rows * cols):
                r, col = divmod(sq, cols)
                r, col = r + dr, col + dc
                targets.append(r * cols + col if 0 <= r < rows and 0 <= col < cols else -1)
            self.step[direction] = tuple(targets)
        self.square_tasks: tuple[tuple[Task, ...], ...] = tuple(
            (
                *(
                    (("announce", ("move", c.square_ids[pos], "ship_move", (("direction", to),), -1, False)),)
                    if to != "none"
                    else ()
                ),
                *(("announce", ("square", c.square_ids[pos], e.verb, e.params, -1, False)) for e in effects),
            )
            for pos, (to, effects) in enumerate(zip(c.square_to, c.square_effects, strict=True))
        )
        """7.2, 7.4: the announce tasks of each enemy square: its "to〜" ship move first (L-23: on the
        stack so strategies can answer it in time, but not an effect a strategy can negate), then
        its effects in printed order."""
        self.attack_tasks: tuple[tuple[Task, ...], ...] = tuple(
            tuple(
                ("announce", ("attack", f"piece{piece + 1}", "attack", (("code", code),), -1, False))
                for code in range(9)
            )
            for piece in range(3)
        )
        """7.5: ``attack_tasks[piece][code]``: the announce task of a piece's attack."""
        self.card_tasks: dict[str, tuple[tuple[Task, ...], ...]] = {
            deck: tuple(
                (
                    *(
                        ("announce", ("card", f"{ids[card]}({k + 1})", e.verb, e.params, -1, False))
                        for k, e in enumerate(parts[card])
                    ),
                    ("card_bottom", deck, card),
                )
                for card in range(len(ids))
            )
            for deck, ids, parts in (
                ("enemy", c.enemy_ids, c.enemy_parts),
                ("event", c.event_ids, c.event_parts),
            )
        }
        """6.6, 7.7, 3.2: the tasks a played card runs: each numbered part, then to the bottom."""
        self.is_strategy: tuple[bool, ...] = tuple(not w for w in c.is_weapon)
        """Which army cards are strategies (the others are weapons)."""
        self.activates: tuple[bool, ...] = tuple(e is not None and e.timing == "activate" for e in c.weapon_effect)
        """Which army cards are weapons with a 起動 effect (5.5: what 操作 may activate)."""
        self.activate_verb: tuple[str | None, ...] = tuple(
            e.verb if e is not None and e.timing == "activate" else None for e in c.weapon_effect
        )
        """The verb of each army card's 起動 effect, or ``None`` (a strategy, or a weapon without one)."""
        self.code_bit: tuple[int, ...] = tuple(1 << (code // 3) for code in range(9))
        """A code card's alphabet as a bit (1.3: A, B, C; codes are ``alphabet * 3 + number - 1``)."""
        self.code_value: tuple[int, ...] = tuple(code % 3 + 1 for code in range(9))
        """A code card's number, 1 to 3 (what it counts for in development, 5.7)."""
        self.develop_value: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.code_value[code] if alphas & self.code_bit[code] else 0 for code in range(9))
            for alphas in range(8)
        )
        """``develop_value[alphabets][code]``: what a code counts for in development when the enemy
        pieces show ``alphabets`` (bits, as ``code_bit``): its number, or 0 for another alphabet (5.8)."""
        self.square_bit: tuple[int, ...] = (*(self.code_bit[code] for code in c.square_code), 0)
        """The alphabet of each enemy square's code, as a bit (5.8); index -1 (a piece not on the
        map) reads 0, so a sum over the three pieces needs no test."""
        bit = self.square_bit
        self.develop_value_at: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
            tuple(tuple(self.develop_value[bit[p1] | bit[p2] | bit[p3]] for p3 in range(len(bit))) for p2 in range(len(bit)))
            for p1 in range(len(bit))
        )
        """``develop_value_at[p1][p2][p3]``: ``develop_value`` for the alphabets of the enemy pieces on
        squares ``p1``, ``p2`` and ``p3`` (5.8; -1, a piece not on the map, shows none), looked up
        where the main and develop listings would OR three bits (a generic operation) each time."""
        self.square_value: tuple[int, ...] = (*(self.code_value[code] for code in c.square_code), 0)
        """The number of each enemy square's code (5.7); index -1 (a piece not on the map) reads 0."""
        verbs = {e.verb for e in c.weapon_effect if e is not None and "amount" in e.params}
        self.persistent: dict[str, tuple[int, ...]] = {
            verb: tuple(
                int(e.params["amount"]) if e is not None and e.verb == verb else 0 for e in c.weapon_effect
            )
            for verb in verbs
        }
        """``persistent[verb][card]``: the amount of army card ``card``'s persistent (永続) effect
        ``verb`` (0 for a card without one), for the verbs that take an amount."""
        none = (0,) * len(c.weapon_effect)
        self.develop_discount: tuple[int, ...] = self.persistent.get("develop_discount", none)
        """``persistent["develop_discount"]`` (5.7: lowers the development threshold), or zeros."""
        self.shield_bonus: tuple[int, ...] = self.persistent.get("shield_limit", none)
        """``persistent["shield_limit"]`` (4.3: raises the shield's limit), or zeros."""
        self.hand_bonus: tuple[int, ...] = self.persistent.get("hand_limit", none)
        """``persistent["hand_limit"]`` (4.1: raises the owner's hand limit), or zeros."""


_BY_CONTENT: dict[int, tuple[Content, Tables]] = {}


def tables(c: Content) -> Tables:
    """The tables of ``c``, made on first use."""
    hit = _BY_CONTENT.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1]
    t = Tables(c)
    _BY_CONTENT[id(c)] = (c, t)
    return t
