"""Card effects: named verbs with typed parameters, in one registry.

A card lists its effects in the data file as ``{verb = "bane", move = "flier", amount = 2}``. The
verb names an entry of :data:`VERBS`; its parameters are checked by that entry's model, and the
entry says which kinds of card may carry it and which rule clause gives it meaning. The rules
modules read effects through the flattened numbers on :class:`asobi.games.emblem.cards.CardInfo`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MoveType = Literal["infantry", "cavalry", "flier"]
CardKind = Literal["unit", "weapon", "magic", "item", "land", "guardian"]


class NoParams(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Amount(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount: int = Field(ge=1, le=3)


class SignedAmount(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount: int = Field(ge=-3, le=3)


class MoveAmount(BaseModel):
    """An amount for the units of one movement type (all units when ``move`` is omitted)."""

    model_config = ConfigDict(extra="forbid")
    amount: int = Field(ge=1, le=3)
    move: MoveType | None = None


class Bane(BaseModel):
    """攻 bonus against units of one movement type (effectiveness)."""

    model_config = ConfigDict(extra="forbid")
    amount: int = Field(ge=1, le=3)
    move: MoveType


class Shed(BaseModel):
    """The kind of card the holder discards from hand to remove the item."""

    model_config = ConfigDict(extra="forbid")
    discard: Literal["unit", "weapon", "magic", "item", "land", "guardian"]


@dataclass(frozen=True)
class Verb:
    """One effect verb: where it may appear, its parameters, and the clause that defines it."""

    name: str
    kinds: frozenset[str]
    params: type[BaseModel]
    clause: str
    summary_en: str


def _verb(name: str, kinds: str, params: type[BaseModel], clause: str, summary: str) -> Verb:
    return Verb(name, frozenset(kinds.split()), params, clause, summary)


VERBS: dict[str, Verb] = {
    v.name: v
    for v in (
        _verb("poison", "unit weapon magic", NoParams, "C-22", "damage it deals poisons (【毒】)"),
        _verb("capture", "unit", NoParams, "C-21", "captures a weak adjacent enemy at turn start (【捕獲】)"),
        _verb("symbol", "unit", Amount, "C-17", "end phase: a chip on up to N adjacent friends (【象徴】)"),
        _verb("training", "unit", Amount, "C-18", "end phase: up to N chips if it stayed idle (【修練】)"),
        _verb(
            "legacy", "unit", NoParams, "C-19", "end phase: hand an attached card to a neighbour (【伝承】)"
        ),
        _verb("honing", "unit", Amount, "C-20", "end phase: pay 2 chips for +1 攻, up to +N (【練磨】)"),
        _verb("bane", "unit weapon magic", Bane, "C-33", "+N 攻 against one movement type"),
        _verb("heal_bonus", "magic", Amount, "C-11", "a healer holding it heals N more"),
        _verb("attack_bonus", "item", SignedAmount, "C-33", "the holder's 攻 changes by N"),
        _verb("counter_bonus", "item", SignedAmount, "C-33", "the holder's 反 changes by N"),
        _verb("morale_bonus", "item", Amount, "C-33", "the holder's maximum 気力 rises by N"),
        _verb("enemy_only", "item", NoParams, "2.3.11", "may be attached only to an enemy unit"),
        _verb(
            "shed_by_discard", "item", Shed, "2.3.11", "the holder may discard a card of a kind to remove it"
        ),
        _verb(
            "turn_start_chips", "land", Amount, "C-15", "turn start: a chip on up to N units on your 出撃マス"
        ),
        _verb("army_attack", "land", MoveAmount, "C-15", "your units (of a movement type) get +N 攻"),
        _verb(
            "end_start_chips", "land", Amount, "C-15", "end phase start: up to N chips on one of your units"
        ),
        _verb("army_counter", "guardian", MoveAmount, "C-16", "your units (of a movement type) get +N 反"),
        _verb("sortie_guard", "guardian", Amount, "C-16", "your units on your 出撃マス take N less damage"),
    )
}


def check_effect(kind: str, data: dict[str, Any]) -> tuple[str, BaseModel]:
    """The verb and its checked parameters for one effect entry of a card of ``kind``.

    :raises ValueError: naming the verb and what is wrong (pydantic reports it with the location).
    """
    verb_name = data.get("verb")
    if not isinstance(verb_name, str) or verb_name not in VERBS:
        raise ValueError(f"unknown effect verb {verb_name!r}; the verbs are: {', '.join(sorted(VERBS))}")
    verb = VERBS[verb_name]
    if kind not in verb.kinds:
        raise ValueError(
            f"effect {verb_name!r} is not allowed on a {kind} card (only on {', '.join(sorted(verb.kinds))})"
        )
    params = {k: v for k, v in data.items() if k != "verb"}
    return verb_name, verb.params.model_validate(params)
