"""What a choice would do, beside its label: the battle forecast (the weapon, its cost, the damage
each way and who retreats), so that no combat choice is made blind — as text for the terminal and
as JSON for the browser's board. It reads only what every seat sees (:mod:`..forecast`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from asobi.core.actions import Action
from asobi.core.state import GameState

from ..forecast import Exchange, for_action
from ..messages import card_name


def forecast_json(state: GameState, action: Action) -> dict[str, Any] | None:
    """The forecast ``action`` leads to, as JSON (``None`` for an action that starts no battle)."""
    found = for_action(state, action)  # type: ignore[arg-type]
    if found is None:
        return None
    out = dataclasses.asdict(found)
    out["exchanges"] = list(out["exchanges"])  # as it comes back from JSON
    return out


def annotate(state: Any, action: Action, lang: str) -> str | None:
    """The forecast ``action`` leads to, as a short text in ``lang`` (``None``: no battle)."""
    f = for_action(state, action)
    if f is None:
        return None
    ja = lang == "ja"

    def weapon_name(card: str | None, cost: int) -> str:
        name = card_name(card, lang) if card else ""
        return f"{name}（コスト{cost}）" if ja else f"{name} (cost {cost})"

    def hit(e: Exchange) -> str:
        if ja:
            text = f"{e.damage}ダメージ" + ("→撤退" if e.defender_retreats else f"（気力残り{e.defender_left}）")
            return text + ("、毒" if e.poisons_defender else "")
        text = f"deals {e.damage}" + (" → retreats" if e.defender_retreats else f" ({e.defender_left} 気力 left)")
        return text + (", poisons" if e.poisons_defender else "")

    def back(e: Exchange) -> str:
        if e.counter is None:
            return "反撃なし" if ja else "no counter"
        if ja:
            return f"反撃{e.counter}" + ("→撤退" if e.attacker_retreats else f"（残り{e.attacker_left}）")
        return f"takes {e.counter} back" + (" → retreats" if e.attacker_retreats else f" ({e.attacker_left} left)")

    if state.pending is not None and state.pending[0] == "counter_equipment":
        # The defender decides: its own side first (the attacker's choice is made).
        (e,) = f.exchanges
        if ja:
            took = f"被ダメージ{e.damage}" + ("→撤退" if e.defender_retreats else f"（気力残り{e.defender_left}）")
            hit_back = "反撃なし" if e.counter is None else (
                f"反撃{e.counter}" + ("→相手は撤退" if e.attacker_retreats else f"（相手の残り{e.attacker_left}）"))
            return f"⇒ {took}、{hit_back}"
        took = f"you take {e.damage}" + (" → retreat" if e.defender_retreats else f" ({e.defender_left} 気力 left)")
        hit_back = "no counter" if e.counter is None else (
            f"counter {e.counter}" + (" → they retreat" if e.attacker_retreats else f" ({e.attacker_left} left)"))
        return f"⇒ {took}, {hit_back}"

    parts = []
    choices = sorted({e.attacker_uses for e in f.exchanges}, reverse=True)
    for uses in choices:
        group = [e for e in f.exchanges if e.attacker_uses == uses]
        plain = next(e for e in group if not e.defender_uses)
        text = f"{hit(plain)}、{back(plain)}" if ja else f"{hit(plain)}, {back(plain)}"
        armed = [e for e in group if e.defender_uses]
        if armed and back(armed[0]) != back(plain):  # the defender's own weapon changes the counter
            theirs = weapon_name(f.counter_weapon, f.counter_cost)
            text += (f"（相手が{theirs}を使えば{back(armed[0])}）" if ja
                     else f"; if they use {theirs}: {back(armed[0])}")
        if uses:
            head = weapon_name(f.weapon, f.cost) + ("使用：" if ja else ": ")
        elif len(choices) > 1:
            head = "使わない：" if ja else "without: "
        else:
            head = ""
        parts.append(head + text)
    return "⇒ " + " | ".join(parts)
