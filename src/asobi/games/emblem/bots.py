"""The rule-based bot: it decides from its seat's observation only (its view and legal actions).

It plays the race the winning rules set up (C-23, C-24): advance on the enemy 出撃マス, kill what
threatens its own, keep its 出撃マス guarded and its units fed with chips. Card numbers come from
the public card pool; everything about the position comes from the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core import Action, Agent
from asobi.core.agent import Observation

from .cards import GUARDIAN, ITEM, LAND, MAGIC, UNIT, WEAPON, CardInfo, pool
from .rules.field import COLS, MOVES, REACH_SQUARES, ROWS, SORTIE_ROW

MOVE_CODES = {"infantry": 0, "cavalry": 1, "flier": 2}
ATTACK_CODES = {"direct": 0, "indirect": 1, "magic": 2, "healing": 3}
RESERVE = 2
"""Unused chips the bot keeps back for weapon costs and the opponent's 国力 phase."""


def row_of(sq: int) -> int:
    return sq // COLS


class RuleBot(Agent):
    """Greedy, one decision at a time, by a score per legal action."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.cards = pool()

    # ---- reading the view ----------------------------------------------------------------------
    def card(self, card_id: str) -> CardInfo:
        return self.cards.by_id[card_id]

    def home_row(self, seat: int) -> int:
        return SORTIE_ROW[seat]

    def progress(self, seat: int, sq: int) -> int:
        """Rows travelled from ``seat``'s own 出撃マス towards the enemy's (0..3)."""
        r = row_of(sq)
        return r if seat == 0 else ROWS - 1 - r

    def damage_of(self, view: dict[str, Any], a: dict[str, Any], t: dict[str, Any]) -> int:
        """Roughly the damage ``a`` deals to ``t`` (its printed value, weapon if affordable, bane)."""
        card = self.card(a["card"])
        atk = a["attack"]
        strikes = card.strikes
        eq_id = a["weapon"] if card.attack_type in (0, 1) else a["magic"]
        target_move = MOVE_CODES[t["move"]]
        if card.bane_move == target_move:
            atk += card.bane_amount
        if eq_id is not None:
            eq = self.card(eq_id)
            if eq.cost <= view["players"][a["owner"]]["unused"]:
                atk += eq.bonus
                strikes = max(strikes, eq.strikes)
                if eq.bane_move == target_move:
                    atk += eq.bane_amount
        return max(0, atk) * strikes

    def reaches(self, u: dict[str, Any], src: int, dst: int) -> bool:
        atype = ATTACK_CODES[u["attack_type"]]
        return atype != 3 and dst in REACH_SQUARES[atype][src]

    def threat_to(self, view: dict[str, Any], sq: int, me: dict[str, Any]) -> int:
        """The most damage one enemy could deal to a unit standing on ``sq`` next enemy turn."""
        worst = 0
        field = view["field"]
        for e_sq, e in enumerate(field):
            if e is None or e["owner"] == self.seat or ATTACK_CODES[e["attack_type"]] == 3:
                continue
            starts = [e_sq, *MOVES[MOVE_CODES[e["move"]]][e["owner"]][e_sq]]
            if any(self.reaches(e, s, sq) for s in starts if s in (e_sq, sq) or field[s] is None):
                worst = max(worst, self.damage_of(view, e, me))
        return worst

    def danger_squares(self, view: dict[str, Any]) -> set[int]:
        """Own 出撃マス squares an enemy unit could step onto next turn (and so win, C-23)."""
        out: set[int] = set()
        home = self.home_row(self.seat)
        for e_sq, e in enumerate(view["field"]):
            if e is None or e["owner"] == self.seat:
                continue
            for d in MOVES[MOVE_CODES[e["move"]]][e["owner"]][e_sq]:
                if row_of(d) == home and view["field"][d] is None:
                    out.add(d)
        return out

    # ---- deciding --------------------------------------------------------------------------------
    def act(self, obs: Observation) -> Action:
        view = obs.view
        legal = obs.legal
        best = legal[0]
        best_score = float("-inf")
        for action in legal:
            score = self.score(view, action)
            if score > best_score:
                best, best_score = action, score
        return best

    def score(self, view: dict[str, Any], action: Action) -> float:
        verb = action[0]
        method = getattr(self, f"score_{verb}", None)
        if method is None:
            return 0.0
        return float(method(view, action))

    # mulligan and the next-step button
    def score_mulligan(self, view: dict[str, Any], action: Action) -> float:
        return 1.0

    def score_keep(self, view: dict[str, Any], action: Action) -> float:
        return 0.0

    def score_next(self, view: dict[str, Any], action: Action) -> float:
        return 0.0

    # unit step
    def score_deploy(self, view: dict[str, Any], action: Action) -> float:
        card = self.card(action[1])
        mine = sum(1 for u in view["field"] if u is not None and u["owner"] == self.seat)
        strength = card.attack * 2 + card.counter + card.morale + (2 if card.move == 2 else 0)
        need = 30 if mine < 3 else 8
        return need + strength

    def score_square(self, view: dict[str, Any], action: Action) -> float:
        return 25.0 if action[1] in self.danger_squares(view) else 1.0 + action[1] % 3 * 0.1

    def score_cancel(self, view: dict[str, Any], action: Action) -> float:
        return -100.0

    def score_chips(self, view: dict[str, Any], action: Action) -> float:
        n = action[1]
        me = view["players"][self.seat]
        if view["deploying"] is not None:
            card = self.card(view["deploying"][0])
            mine = sum(1 for u in view["field"] if u is not None and u["owner"] == self.seat)
            # a lone unit must survive the enemy's first blow, or the game is lost to a wipe-out (C-24)
            want = card.morale if mine <= 1 else min(card.morale, max(1, me["unused"] - RESERVE))
            return -abs(n - want) * 3.0
        # "up to" effects (C-35): fill, keeping one chip back when there are few
        amount = view["amount"]
        keep = (
            1 if amount is not None and amount["verb"] in ("succeed", "inherit") and me["unused"] <= 3 else 0
        )
        return -abs(n - max(amount["least"] if amount else 0, (amount["most"] if amount else n) - keep))

    def score_capture(self, view: dict[str, Any], action: Action) -> float:
        return 3.0

    def score_poison(self, view: dict[str, Any], action: Action) -> float:
        return 1.0

    def score_land(self, view: dict[str, Any], action: Action) -> float:
        # the land before the poison it may save; on the units with most room, then the poisoned
        score = 2.0
        for sq in action[1]:
            u = view["field"][sq]
            if u is not None:
                score += 0.1 * (u["max"] - u["chips"]) + (1.0 if u["poison"] else 0.0)
        return score

    def score_chip(self, view: dict[str, Any], action: Action) -> float:
        u = view["field"][action[1]]
        me = view["players"][self.seat]
        if me["unused"] <= 1:
            return -1.0
        room = u["max"] - u["chips"]
        return 5 + room + self.progress(self.seat, action[1])

    # item step
    def score_equip(self, view: dict[str, Any], action: Action) -> float:
        card = self.card(action[1])
        target = view["field"][action[2]]
        if card.enemy_only:
            return 4 + target["attack"] + target["counter"]
        return 6 + card.bonus + target["attack"]

    def score_place(self, view: dict[str, Any], action: Action) -> float:
        me = view["players"][self.seat]
        card = self.card(action[1])
        if card.kind == LAND and me["land"] is None:
            return 5.0
        if card.kind == GUARDIAN and me["guardian"] is None:
            return 5.0
        return -1.0

    def score_shed(self, view: dict[str, Any], action: Action) -> float:
        return 3.0

    def score_unequip(self, view: dict[str, Any], action: Action) -> float:
        return -5.0

    # invasion
    def score_activate(self, view: dict[str, Any], action: Action) -> float:
        sq = action[1]
        u = view["field"][sq]
        moves = MOVES[MOVE_CODES[u["move"]]][self.seat][sq]
        enemy_home = self.home_row(1 - self.seat)
        if any(row_of(d) == enemy_home and view["field"][d] is None for d in moves):
            return 1000.0
        return 10 + self.progress(self.seat, sq) * 2 + u["attack"]

    def score_move(self, view: dict[str, Any], action: Action) -> float:
        src = view["active"]
        return self.place_value(view, src, action[1]) - self.place_value(view, src, src)

    def place_value(self, view: dict[str, Any], src: int, sq: int) -> float:
        """How good it is for the active unit to stand on ``sq`` after its move."""
        u = view["field"][src]
        if row_of(sq) == self.home_row(1 - self.seat):
            return 10_000.0
        value = self.progress(self.seat, sq) * 6.0
        field = view["field"]
        best_attack = 0.0
        for t_sq, t in enumerate(field):
            if t is not None and t["owner"] != self.seat and self.reaches(u, sq, t_sq):
                best_attack = max(best_attack, self.attack_value(view, u, sq, t, t_sq))
        value += best_attack * 0.8
        threat = self.threat_to(view, sq, u)
        if threat >= u["chips"]:
            value -= 14
        elif threat:
            value -= threat * 1.5
        # a unit on its own 出撃マS keeps it shut while enemies are near
        if row_of(src) == self.home_row(self.seat) and sq == src and self.enemies_near_home(view):
            value += 12
        return value

    def enemies_near_home(self, view: dict[str, Any]) -> bool:
        return any(
            u is not None and u["owner"] != self.seat and self.progress(1 - self.seat, i) >= 2
            for i, u in enumerate(view["field"])
        )

    def attack_value(
        self, view: dict[str, Any], a: dict[str, Any], a_sq: int, t: dict[str, Any], t_sq: int
    ) -> float:
        dmg = self.damage_of(view, a, t)
        kill = dmg >= t["chips"]
        value = min(dmg, t["chips"]) * 8.0
        if kill:
            value += 40 + t["max"] * 2
        elif self.reaches(t, t_sq, a_sq):
            back = t["counter"]
            value -= back * 6
            if back >= a["chips"]:
                value -= 40
        # enemies close to our 出撃マス are the ones that win games
        value += self.progress(1 - self.seat, t_sq) * 6
        return value

    def score_attack(self, view: dict[str, Any], action: Action) -> float:
        a_sq = view["active"]
        a = view["field"][a_sq]
        t = view["field"][action[1]]
        return self.attack_value(view, a, a_sq, t, action[1])

    def score_heal(self, view: dict[str, Any], action: Action) -> float:
        t = view["field"][action[1]]
        return 5 + (t["max"] - t["chips"]) * 4

    def score_equipment(self, view: dict[str, Any], action: Action) -> float:
        return float(action[1])

    # end phase
    def score_rally(self, view: dict[str, Any], action: Action) -> float:
        u = view["field"][action[1]]
        return 1 + u["max"] - u["chips"]

    def score_symbol(self, view: dict[str, Any], action: Action) -> float:
        field = view["field"]
        return 4.0 + 0.1 * sum(field[t]["max"] - field[t]["chips"] for t in action[2] if field[t] is not None)

    def score_training(self, view: dict[str, Any], action: Action) -> float:
        return 4.0

    def score_honing(self, view: dict[str, Any], action: Action) -> float:
        return 2.0 if view["players"][self.seat]["unused"] >= 4 else -1.0

    def score_legacy(self, view: dict[str, Any], action: Action) -> float:
        return -1.0

    def score_succeed(self, view: dict[str, Any], action: Action) -> float:
        return 6.0

    def score_inherit(self, view: dict[str, Any], action: Action) -> float:
        return 5.0

    def score_discard(self, view: dict[str, Any], action: Action) -> float:
        """Keep units and usable equipment; throw away what the army cannot use."""
        card = self.card(action[1])
        me = view["players"][self.seat]
        hand = me["hand"] or []
        if card.kind == UNIT:
            return -(card.attack * 2 + card.morale + card.counter)
        if card.kind in (LAND, GUARDIAN):
            owned = me["land"] if card.kind == LAND else me["guardian"]
            return 5.0 if owned is not None or hand.count(card.id) > 1 else -3.0
        if card.kind in (WEAPON, MAGIC, ITEM):
            return 2.0 - card.bonus
        return 0.0


def rule_bot(seat: int, seed: int, options: Mapping[str, Any]) -> Agent:
    """``factory(seat, seed, options)`` for the game's bot registry."""
    return RuleBot(seat, seed)


__all__ = ["RuleBot", "rule_bot"]
