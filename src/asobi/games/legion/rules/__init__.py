"""The rules of パラレルレギオン, one module per section, and the tables the state runs them by.

``TASKS`` maps a task name to the function that runs it; ``DECISIONS`` maps a pending decision's
kind to (its legal actions, applying one, the clause an illegal choice breaks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from asobi.core.flow import Flow

from . import draw, enemy_turn, event_time, main_phase, resolve, shield, stack, turn, weapons

TASKS: dict[str, Callable[..., None]] = {
    "round": turn.task_round,
    "turn": turn.task_turn,
    "end_turn": turn.task_end_turn,
    "window_end_turn": turn.task_window_end_turn,
    "draw_phase": draw.task_draw_phase,
    "draw_code": draw.task_draw_code,
    "draw_army": draw.task_draw_army,
    "draw_ordered": draw.task_draw_ordered,
    "card_bottom": draw.task_card_bottom,
    "main": main_phase.task_main,
    "window_main": main_phase.task_main,
    "shield_phase": shield.task_shield_phase,
    "enemy_turn": enemy_turn.task_enemy_turn,
    "square": enemy_turn.task_square,
    "attack": enemy_turn.task_attack,
    "event_time": event_time.task_event_time,
    "announce": stack.task_announce,
    "settle": stack.task_settle,
    "priority": stack.task_priority,
    "weapon_effect": weapons.task_weapon_effect,
    "ask_discard": resolve.task_ask_discard,
    "ask_unshield": resolve.task_ask_unshield,
    "ask_clear": resolve.task_ask_clear,
}

Legal = Callable[[Any], Sequence[tuple[Any, ...]]]
Apply = Callable[[Any, tuple[Any, ...], tuple[Any, ...]], None]

DECISIONS: dict[str, tuple[Legal, Apply, str]] = {
    "draw_count": (draw.legal_draw_count, draw.apply_draw_count, "4.1"),
    "main": (main_phase.legal_main, main_phase.apply_main, "4.2"),
    "place": (main_phase.legal_place, main_phase.apply_place, "5.3"),
    "repair": (main_phase.legal_repair, main_phase.apply_repair, "5.6"),
    "develop": (main_phase.legal_develop, main_phase.apply_develop, "5.8"),
    "shield": (shield.legal_shield, shield.apply_shield, "4.3"),
    "respond": (stack.legal_respond, stack.apply_respond, "6.5"),
    "priority": (stack.legal_respond, stack.apply_priority, "6.4"),
    "discard": (resolve.legal_discard, resolve.apply_discard, "7.3"),
    "unshield": (resolve.legal_unshield, resolve.apply_unshield, "7.3"),
    "clear": (resolve.legal_clear, resolve.apply_clear, "5.6"),
    "move_weapon": (resolve.legal_move_weapon, resolve.apply_move_weapon, "5.5"),
    "push": (resolve.legal_push, resolve.apply_push, "7.2"),
    "to_shield": (resolve.legal_to_shield, resolve.apply_to_shield, "4.3"),
}


FLOW = Flow.from_tables(TASKS, {kind: (legal, apply, clause) for kind, (legal, apply, clause) in DECISIONS.items()})
"""The same tasks and decisions as the core flow kernel's table (the state runs by it)."""
FLOW.decisions["main"].is_legal(main_phase.is_legal_main)  # (the main phase's listing is the slowest)
FLOW.decisions["shield"].is_legal(shield.is_legal_shield)
