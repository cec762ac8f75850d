"""The steps of the game (2.2) by name, and the tasks that go from one to the next.

The game runs on the core flow kernel (:mod:`asobi.core.flow`): an agenda of tasks and one pending
decision ``(kind, seat)`` at a time. Every step a player decides in is a decision whose kind is the
step's key (``"unit"``, ``"select"`` …); arriving at a step is a task of the same name that does the
step's ★ work and then either asks the seat or, when public information alone shows there is
nothing to decide (C-30), passes the step and goes on. A rules module goes on into another
section of the rules by pushing that section's task (:data:`BEGIN_TURN` …), never by calling it.
The chance steps (who goes first, a card dealt, a card drawn) are the state's ``chance``.

:data:`STEPS` names every step, in a fixed order: ``state.step`` (the number of the step the game
is at, derived from the pending decision, the chance node or the end) indexes it.
"""

from __future__ import annotations

from typing import NamedTuple

NEXT = ("next",)
"""End an optional step (or the invasion phase) without doing more (2.3.2, 2.4.3, 2.4.4)."""
CANCEL = ("cancel",)
"""Step back out of a deploy being chosen, before anything is applied (2.3.6)."""


class Step(NamedTuple):
    key: str
    name_ja: str
    name_en: str
    clause: str


STEPS: tuple[Step, ...] = (
    Step("first", "先攻・後攻の決定", "deciding who goes first", "2.1.2"),
    Step("deal", "手札を引く", "drawing the opening hand", "2.1.3"),
    Step("mulligan", "マリガン", "mulligan", "2.1.4"),
    Step("start", "国力フェイズ開始ステップ", "start step", "2.3.3"),
    Step("draw", "ドローステップ", "draw step", "2.3.5"),
    Step("unit", "ユニットステップ", "unit step", "2.3.6"),
    Step("item", "アイテムステップ", "item step", "2.3.10"),
    Step("ready", "行動準備ステップ", "ready step", "2.4.2"),
    Step("select", "行動するユニットの選択", "choosing a unit to act", "2.4.1"),
    Step("move", "移動ステップ", "move step", "2.4.3"),
    Step("act", "行動ステップ", "action step", "2.4.4"),
    Step("attack_equipment", "攻撃側の装備の選択", "attacker's equipment", "C-5"),
    Step("counter_equipment", "防御側の装備の選択", "defender's equipment", "C-5"),
    Step("end_start", "エンドフェイズ開始時", "start of the end phase", "2.5.2"),
    Step("effects", "効果の使用", "use of effects", "2.5.3"),
    Step("discard", "手札の整理", "discard to seven", "2.5.6"),
    Step("over", "ゲーム終了", "game over", "C-23"),
    Step("start_effects", "自ターン開始時の効果", "start-of-turn effects", "2.3.4"),
    Step("amount", "チップの枚数", "how many chips", "C-35"),
    Step("deploy_square", "配置するマス", "square to deploy on", "2.3.6"),
    Step("deploy_chips", "配置時の気力チップ", "chips to deploy with", "2.3.6"),
)

(
    FIRST,
    DEAL,
    MULLIGAN,
    START,
    DRAW,
    UNIT,
    ITEM,
    READY,
    SELECT,
    MOVE,
    ACT,
    ATTACK_EQUIPMENT,
    COUNTER_EQUIPMENT,
    END_START,
    END_EFFECTS,
    DISCARD,
    OVER,
    START_EFFECTS,
    AMOUNT,
    DEPLOY_SQUARE,
    DEPLOY_CHIPS,
) = range(len(STEPS))

STEP_OF = {row.key: i for i, row in enumerate(STEPS)}
"""A step's number from its key (a decision's or a chance node's kind)."""
CHANCE_STEPS = frozenset({FIRST, DEAL, DRAW})

# ---- the chance nodes (``state.chance``) ---------------------------------------------------------
CHANCE_FIRST = ("first",)
"""2.1.2: who goes first."""
CHANCE_DEAL = ("deal",)
"""2.1.3: a card of an opening hand, to the seat at the end of ``pending_deals``."""
CHANCE_DRAW = ("draw",)
"""2.3.5: the draw step's card, to ``phase_seat``."""

# ---- tasks one section of the rules schedules to go on into another -------------------------------
BEGIN_TURN = ("begin_turn",)
"""2.2.1: the turn player's turn begins (:mod:`.kokuryoku`)."""
TURN_START = ("turn_start",)
"""2.3.4: the 自ターン開始時 effects (:mod:`.keywords`)."""
ENTER_DRAW = ("draw",)
"""2.3.5: arrive at a draw step (:mod:`.kokuryoku`)."""
BEGIN_INVASION = ("begin_invasion",)
"""2.4.1: the invasion phase begins (:mod:`.invasion`)."""
PROCESS = ("process",)
"""2.4.5: the active unit goes to standby, and the next is chosen (:mod:`.invasion`)."""
BEGIN_END_PHASE = ("begin_end_phase",)
"""2.5.1: the end phase begins (:mod:`.end_phase`)."""
ENTER_END_START = ("end_start",)
"""2.5.2: arrive (again) at the start of the end phase: ask, or pass when idle (:mod:`.end_phase`)."""
ENTER_EFFECTS = ("effects",)
"""2.5.3: arrive (again) at the use of effects: ask, or pass when idle (:mod:`.end_phase`)."""

# ---- decisions asked on most turns, made once per seat (``s.pending = ASK_UNIT[seat]``) ---------------
# Setting ``pending`` to one of these is ``s.ask(kind, seat)`` without the call: the rules do it
# only while ``apply_unchecked`` runs, which has already dropped the cached legal actions.


def _asked(kind: str) -> tuple[tuple[str, int], tuple[str, int]]:
    return ((kind, 0), (kind, 1))


ASK_UNIT = _asked("unit")
ASK_DEPLOY_SQUARE = _asked("deploy_square")
ASK_DEPLOY_CHIPS = _asked("deploy_chips")
ASK_ITEM = _asked("item")
ASK_SELECT = _asked("select")
ASK_MOVE = _asked("move")
ASK_ACT = _asked("act")
ASK_EFFECTS = _asked("effects")
ASK_DISCARD = _asked("discard")
