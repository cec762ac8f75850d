"""Why an action is refused: the clause it breaks, for the error message (never for play)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import UNIT
from . import flow
from .field import SORTIE_SQUARES

if TYPE_CHECKING:
    from ..types import State

# The verbs each step accepts, and the clause that defines the step.
VERBS_BY_STEP = {
    flow.MULLIGAN: ({"keep", "mulligan"}, "2.1.4"),
    flow.UNIT: ({"deploy", "chip", "next"}, "2.3.6"),
    flow.START_EFFECTS: ({"capture", "poison", "land"}, "2.3.4"),
    flow.AMOUNT: ({"chips"}, "C-35"),
    flow.DEPLOY_SQUARE: ({"square", "cancel"}, "C-36"),
    flow.DEPLOY_CHIPS: ({"chips", "cancel"}, "C-36"),
    flow.ITEM: ({"unequip", "equip", "shed", "place", "next"}, "2.3.10"),
    flow.SELECT: ({"activate", "next"}, "2.4.1"),
    flow.MOVE: ({"move", "next"}, "2.4.3"),
    flow.ACT: ({"attack", "heal", "next"}, "2.4.4"),
    flow.ATTACK_EQUIPMENT: ({"equipment"}, "C-5"),
    flow.COUNTER_EQUIPMENT: ({"equipment"}, "C-5"),
    flow.END_START: ({"rally", "next"}, "2.5.2"),
    flow.END_EFFECTS: ({"symbol", "training", "legacy", "honing", "succeed", "inherit", "next"}, "2.5.3"),
    flow.DISCARD: ({"discard"}, "2.5.6"),
}


def why_illegal(s: State, action: tuple[Any, ...]) -> tuple[str | None, str]:
    step = flow.STEPS[s.step]
    verb = action[0]
    allowed = VERBS_BY_STEP.get(s.step)
    if s.step in flow.CHANCE_STEPS:
        return (
            step.clause,
            f"not a possible outcome of the {step.name_en} (a chance node: the outcome is a card left in the deck or a seat)",
        )
    if allowed is None:
        return step.clause, f"no player decides in the {step.name_en}"
    verbs, clause = allowed
    if verb not in verbs:
        return (
            clause,
            f"{verb!r} is not something to do in the {step.name_en} (it allows: {', '.join(sorted(verbs))})",
        )
    seat = s.actor
    if verb == "mulligan":
        return "2.1.4", "a mulligan is allowed once, and only for a hand without a unit card"
    if verb == "deploy":
        return _why_not_deploy(s, seat, action)
    if verb in ("capture", "poison", "land"):
        return (
            "2.3.4",
            "one of the start-of-turn effects still to resolve (the land: as many units as it can take)",
        )
    if verb == "chips" and s.step == flow.AMOUNT:
        return "C-35", "a number of chips between the effect's least and what the unit and unused chips allow"
    if verb == "chips":
        return "C-2", "1 up to the unit's maximum 気力 chips, from unused chips"
    if verb == "square":
        return "C-2", "a unit is deployed on an empty square of your own 出撃マス"
    if verb == "chip":
        if s.chips_added >= 3:
            return "2.3.8", "at most 3 more 気力 chips in one unit step"
        return "2.3.8", "chips go on your own unit, below its maximum 気力, from unused chips"
    if verb == "equip":
        return (
            "2.3.10",
            "one card per unit per step, no two of a kind, and the unit's type and weapon level (C-8) must allow it",
        )
    if verb == "unequip":
        return "2.3.9", "only a card on your own unit, and not one that says how it is removed (C-32)"
    if verb == "place":
        return "2.3.12", "land and guardian cards only in your own turn, one per turn"
    if verb == "move":
        return "C-3", "a unit moves one square as its movement type allows, into an empty square"
    if verb in ("attack", "heal"):
        return "C-4", "the target must be in the attack type's reach"
    if verb in ("succeed", "inherit"):
        return (
            "2.5.4" if verb == "succeed" else "2.5.5",
            "世代交代 needs the parent or child card in hand and a unit of the other generation on the field",
        )
    if verb == "discard":
        return "2.5.6", "discard only cards in your hand, down to 7"
    return clause, "not a legal action now"


def _why_not_deploy(s: State, seat: int, action: tuple[Any, ...]) -> tuple[str, str]:
    if len(action) != 2:
        return "C-36", "deploy takes a card (then a square, then a number of chips)"
    card_id = action[1]
    info = s.cards.by_id.get(card_id) if isinstance(card_id, str) else None
    if info is None or info.index not in s.hand[seat] or info.kind != UNIT:
        return "2.3.6", "only a unit card from your hand is deployed"
    if s.deployed:
        return "2.3.6", "one unit per unit step"
    if all(s.field[sq] is not None for sq in SORTIE_SQUARES[seat]):
        return "C-2", "a unit is deployed on an empty square of your own 出撃マス"
    if s.unused[seat] < 1:
        return "2.3.6", "a unit is deployed with at least one 気力 chip"
    return "C-27", "a unit of the same character is already on your field"
