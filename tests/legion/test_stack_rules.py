"""The stack and its windows (6.4, 6.5, L-5): what is announced, what a pass says, and strategies
that have nothing to act on (written against the survivors of scripts/mutate.py)."""

from __future__ import annotations

from asobi.games.legion.rules.stack import playable_strategies
from support.scenario import rule

from .helpers import events, kind, position, run


def attack_position(**fields):
    fields.setdefault("pieces", ["s1", None, None])
    s = position(3, **fields)
    return run(s, ("attack", 0))


@rule("7.5", "6.5")
def test_an_item_put_on_the_stack_is_announced_with_its_kind_label_and_verb():
    s = attack_position(hands=[["S05", "α1"]], space_life=5)
    assert [(e.clause, e.args) for e in events(s, "announced")] == [
        ("7.5", (("kind", "attack"), ("label", "piece1"), ("verb", "attack")))
    ]
    s.apply(("strategy", kind("S05"), 0))  # α: negate an attack
    assert [(e.clause, e.args) for e in events(s, "announced")][1] == (
        "6.5",
        (("kind", "strategy"), ("label", "S05"), ("verb", "cancel")),
    )


@rule("6.5", "L-5")
def test_a_pass_and_an_auto_pass_are_logged_with_the_seat():
    s = attack_position(hands=[["S05", "α1"], ["S01", "β2"]], space_life=5)
    s.apply(("pass",))
    s.apply(("autopass", 1))
    assert [(e.clause, dict(e.args)) for e in events(s, "passed")] == [("6.5", {"seat": 0})]
    assert [(e.clause, dict(e.args)) for e in events(s, "autopass_on")] == [("L-5", {"seat": 1})]
    assert s.space_life == 4


@rule("6.4", "4.3")
def test_a_strategy_filling_the_shield_is_not_offered_when_the_shield_is_full():
    # S04 α puts a code into the shield; with 3 shield codes it has nothing to do (β still can)
    s = attack_position(hands=[["S04", "α1", "β1"]], shield=["γ1", "γ2", "γ3"], space_life=5)
    assert playable_strategies(s, 0) == [("strategy", kind("S04"), 1)]
    s = attack_position(hands=[["S04", "α1", "β1"]], shield=["γ1", "γ2"], space_life=5)
    assert playable_strategies(s, 0) == [("strategy", kind("S04"), 0), ("strategy", kind("S04"), 1)]


@rule("6.4", "L-6")
def test_a_strategy_healing_the_space_is_not_offered_at_full_life():
    # S09 α heals the Space; γ draws a code card
    s = position(3, hands=[["S09", "α1", "γ1"]])
    s.space_life = s.max_space
    run(s, ("main", 0), then=("shield_phase", 0))
    assert [a for a in s.legal_actions() if a[0] == "strategy"] == [("strategy", kind("S09"), 2)]
    s = position(3, hands=[["S09", "α1", "γ1"]])
    s.space_life = s.max_space - 1
    run(s, ("main", 0), then=("shield_phase", 0))
    assert [a for a in s.legal_actions() if a[0] == "strategy"] == [
        ("strategy", kind("S09"), 0),
        ("strategy", kind("S09"), 2),
    ]
