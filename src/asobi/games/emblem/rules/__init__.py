"""The rules of emblem, one module per section of the rulebook (and one per completion topic).

This module declares the game's flow for the core kernel (:data:`FLOW`): the tasks by name (a
section of the rules begins, a step is arrived at) and the decisions by kind — the key of the step
a player decides in — with the function listing their legal actions, the one applying an action,
and the clause that defines them. :data:`IDLE` lists, for each step that may pass by itself, the
check that decides it on public information only (C-30).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from asobi.core.flow import Flow

from . import amounts, combat, end_phase, flow, invasion, keywords, kokuryoku, setup

TASKS: dict[str, Callable[..., None]] = {
    "begin_turn": kokuryoku.begin_turn,
    "turn_start": keywords.turn_start,
    "draw": kokuryoku.draw_step,
    "begin_invasion": invasion.begin_invasion,
    "attack": combat.begin_attack,
    "heal": combat.heal,
    "process": invasion.process,
    "begin_end_phase": end_phase.begin_end_phase,
    "end_start": end_phase.end_start_step,
    "effects": end_phase.effects_step,
}
"""Task name → the function that runs it. Each is pushed by one section of the rules to go on
into another (:mod:`.flow` names them); a step arrived at from within its own section is entered
by a plain call."""

Legal = Callable[[Any], Sequence[tuple[Any, ...]]]
Apply = Callable[[Any, tuple[Any, ...], tuple[Any, ...]], None]

DECISIONS: dict[str, tuple[Legal, Apply]] = {
    "mulligan": (setup.legal_mulligan, setup.act_mulligan),
    "start_effects": (keywords.legal_start_effects, keywords.act_start_effects),
    "unit": (kokuryoku.legal_unit, kokuryoku.act_unit),
    "deploy_square": (kokuryoku.legal_deploy_square, kokuryoku.act_deploy_square),
    "deploy_chips": (kokuryoku.legal_deploy_chips, kokuryoku.act_deploy_chips),
    "item": (kokuryoku.legal_item, kokuryoku.act_item),
    "select": (invasion.legal_select, invasion.act_select),
    "move": (invasion.legal_move, invasion.act_move),
    "act": (invasion.legal_act, invasion.act_act),
    "attack_equipment": (combat.legal_equipment, combat.act_attack_equipment),
    "counter_equipment": (combat.legal_equipment, combat.act_counter_equipment),
    "amount": (amounts.legal_amount, amounts.act_amount),
    "end_start": (end_phase.legal_end_start, end_phase.act_end_start),
    "effects": (end_phase.legal_effects, end_phase.act_effects),
    "discard": (end_phase.legal_discard, end_phase.act_discard),
}
"""Decision kind (a step's key) → (its legal actions, sorted; applying one ``(state, action,
pending)``)."""

IDLE: dict[str, Callable[[Any], bool]] = {
    "unit": kokuryoku.idle_unit,
    "item": kokuryoku.idle_item,
    "select": invasion.idle_select,
    "move": invasion.idle_move,
    "act": invasion.idle_act,
    "end_start": end_phase.idle_end_start,
    "effects": end_phase.idle_effects,
}
"""The steps that pass by themselves when there is nothing to decide, and the check (on public
information only, C-30) the task arriving at the step makes before asking. Where a step's whole
listing is public (choosing the unit, the act step's targets), the arriving task lists it instead,
passes when it holds "next" alone — the same answer as the check — and keeps it as the decision's
legal actions."""

FLOW = Flow.from_tables(
    TASKS,
    {kind: (legal, act, flow.STEPS[flow.STEP_OF[kind]].clause) for kind, (legal, act) in DECISIONS.items()},
)
FLOW.check()
FLOW.decisions["unit"].is_legal(kokuryoku.is_legal_unit)
FLOW.decisions["item"].is_legal(kokuryoku.is_legal_item)
