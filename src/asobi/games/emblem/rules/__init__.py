"""The rules of emblem, one module per section of the rulebook (and one per completion topic).

This module declares the flow's steps as data (:data:`flow.STEPS`): which clause defines each,
its ★ work on arrival, the decisions it offers and how they apply.
"""

from __future__ import annotations

from . import combat, end_phase, flow, invasion, kokuryoku, setup
from .flow import Step

flow.STEPS[:] = [
    Step("first", "先攻・後攻の決定", "deciding who goes first", "2.1.2"),
    Step("deal", "手札を引く", "drawing the opening hand", "2.1.3"),
    Step("mulligan", "マリガン", "mulligan", "2.1.4", None, setup.legal_mulligan, setup.act_mulligan),
    Step("start", "国力フェイズ開始ステップ", "start step", "2.3.3", kokuryoku.enter_start),
    Step("draw", "ドローステップ", "draw step", "2.3.5", kokuryoku.enter_draw),
    Step(
        "unit",
        "ユニットステップ",
        "unit step",
        "2.3.6",
        kokuryoku.enter_unit,
        kokuryoku.legal_unit,
        kokuryoku.act_unit,
        kokuryoku.idle_unit,
    ),
    Step(
        "item",
        "アイテムステップ",
        "item step",
        "2.3.10",
        kokuryoku.enter_item,
        kokuryoku.legal_item,
        kokuryoku.act_item,
        kokuryoku.idle_item,
    ),
    Step("ready", "行動準備ステップ", "ready step", "2.4.2", invasion.enter_ready),
    Step(
        "select",
        "行動するユニットの選択",
        "choosing a unit to act",
        "2.4.1",
        None,
        invasion.legal_select,
        invasion.act_select,
        invasion.idle_select,
    ),
    Step(
        "move",
        "移動ステップ",
        "move step",
        "2.4.3",
        None,
        invasion.legal_move,
        invasion.act_move,
        invasion.idle_move,
    ),
    Step(
        "act",
        "行動ステップ",
        "action step",
        "2.4.4",
        None,
        invasion.legal_act,
        invasion.act_act,
        invasion.idle_act,
    ),
    Step(
        "attack_equipment",
        "攻撃側の装備の選択",
        "attacker's equipment",
        "C-5",
        None,
        combat.legal_equipment,
        combat.act_attack_equipment,
    ),
    Step(
        "counter_equipment",
        "防御側の装備の選択",
        "defender's equipment",
        "C-5",
        None,
        combat.legal_equipment,
        combat.act_counter_equipment,
    ),
    Step(
        "end_start",
        "エンドフェイズ開始時",
        "start of the end phase",
        "2.5.2",
        None,
        end_phase.legal_end_start,
        end_phase.act_end_start,
        end_phase.idle_end_start,
    ),
    Step(
        "effects",
        "効果の使用",
        "use of effects",
        "2.5.3",
        None,
        end_phase.legal_effects,
        end_phase.act_effects,
        end_phase.idle_effects,
    ),
    Step(
        "discard",
        "手札の整理",
        "discard to seven",
        "2.5.6",
        end_phase.enter_discard,
        end_phase.legal_discard,
        end_phase.act_discard,
    ),
    Step("over", "ゲーム終了", "game over", "C-23"),
]
assert [s.key for s in flow.STEPS][flow.OVER] == "over"
flow.index_hooks()
