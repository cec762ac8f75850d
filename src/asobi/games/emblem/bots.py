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
from .rules.field import ADJACENT, COLS, MOVES, REACH_SQUARES, ROWS, SORTIE_ROW

MOVE_CODES = {"infantry": 0, "cavalry": 1, "flier": 2}
ATTACK_CODES = {"direct": 0, "indirect": 1, "magic": 2, "healing": 3}
RESERVE = 2
"""Unused chips the bot keeps back for weapon costs and the opponent's 国力 phase."""
MOVE_WORTH = (0.0, 1.5, 3.0)
"""What a movement type adds to a unit's worth (infantry, cavalry, flier): reaching the enemy
出撃マス first wins (C-23)."""
REACH_WORTH = (0.0, 1.0, 2.0, 0.0)
"""What an attack type's reach adds (direct 1; indirect 2; magic 1 or 2, countering at both)."""


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
        need = 30 if mine < 3 else 8
        return need + self.strength(card)

    @staticmethod
    def strength(card: CardInfo) -> float:
        """A unit card's printed strength, for choosing what to deploy."""
        return card.attack * card.strikes * 2 + card.counter + card.morale + (2 if card.move == 2 else 0)

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
        # the land before the poison it may save; on the units with most room, then the poisoned;
        # a land that finds no unit yet waits for the poison that makes room (C-34)
        if not action[1]:
            return 0.0
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
        """Place a land or guardian where there is none; replace one only by a clearly better one
        for the units on the field (a land's 攻 for fliers is worth little to an army of infantry)."""
        me = view["players"][self.seat]
        card = self.card(action[1])
        owned = me["land"] if card.kind == LAND else me["guardian"]
        if owned is None:
            return 5.0 + 0.1 * self.support_worth(view, card)
        if self.support_worth(view, card) > self.support_worth(view, self.card(owned)) + 2.0:
            return 3.0
        return -1.0

    def support_worth(self, view: dict[str, Any], card: CardInfo) -> float:
        """Roughly what a land or guardian card gives this army a turn, from the field."""
        mine = [(sq, u) for sq, u in enumerate(view["field"]) if u is not None and u["owner"] == self.seat]

        def of_move(move: int) -> int:
            return sum(1 for _, u in mine if move in (-1, MOVE_CODES[u["move"]]))

        worth = 0.0
        amount, move = card.army_attack
        worth += amount * 1.5 * of_move(move)
        amount, move = card.army_counter
        worth += amount * 1.0 * of_move(move)
        home = sum(1 for sq, _ in mine if row_of(sq) == self.home_row(self.seat))
        if card.turn_start_chips:
            worth += 1.2 * min(card.turn_start_chips, max(1, home))
        worth += card.sortie_guard * 1.0 * max(1, home)
        worth += card.end_start_chips * 1.1
        return worth

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

    # 世代交代 (2.5.4, 2.5.5): weighed, not taken whenever offered
    def score_succeed(self, view: dict[str, Any], action: Action) -> float:
        """Put the child on the parent when the child is worth more *here* than the parent plus
        the child card kept in hand (a unit of its own to deploy later): two cards become one unit."""
        sq = action[1]
        u = view["field"][sq]
        parent, child = self.card(u["card"]), self.card(action[2])
        unused = view["players"][self.seat]["unused"]
        child_max = u["max"] - parent.morale + child.morale
        kept = min(u["chips"], child_max)
        fill = max(0, min(child_max - kept, unused) - (1 if unused <= 3 else 0))
        gain = self.unit_worth(view, sq, u, child, kept + fill) - self.unit_worth(
            view, sq, u, parent, u["chips"]
        )
        return gain - fill * 1.0 - self.hold_worth(view, child)

    def score_inherit(self, view: dict[str, Any], action: Action) -> float:
        """Show the parent to fill the child (2.5.5) when the chips matter more than the parent
        card as a unit of its own."""
        sq = action[1]
        u = view["field"][sq]
        child = self.card(u["card"])
        unused = view["players"][self.seat]["unused"]
        fill = max(0, min(u["max"] - u["chips"], unused) - (1 if unused <= 3 else 0))
        gain = self.unit_worth(view, sq, u, child, u["chips"] + fill) - self.unit_worth(
            view, sq, u, child, u["chips"]
        )
        return gain - fill * 1.0 - self.hold_worth(view, self.card(action[2]))

    def hold_worth(self, view: dict[str, Any], card: CardInfo) -> float:
        """What a unit card in hand is worth as a later deploy: less when the field is full of
        friends, when the 出撃マス is blocked, or when the hand holds other units to deploy (one
        deploy a turn, 2.3.6: with three units in hand a fourth waits its turn)."""
        me = view["players"][self.seat]
        hand = me["hand"] or []
        field = view["field"]
        mine = sum(1 for u in field if u is not None and u["owner"] == self.seat)
        home = self.home_row(self.seat)
        free_home = sum(1 for c in range(COLS) if field[home * COLS + c] is None)
        others = sum(1 for c in hand if c != card.id and self.card(c).kind == UNIT)
        worth = 0.5 * self.strength(card)
        if mine >= 4 or not free_home:
            worth *= 0.5
        return worth / (1 + others)

    def unit_worth(
        self, view: dict[str, Any], sq: int, u: dict[str, Any], card: CardInfo, chips: int
    ) -> float:
        """What the unit on ``sq`` would be worth as ``card`` with ``chips`` 気力 chips: its blow,
        its counter, its chips against the threat it stands in, its movement and reach, and its
        keywords where they have something to work on."""
        base = self.card(u["card"])
        me = view["players"][self.seat]
        attack = (
            u["attack"]
            - base.attack
            + card.attack
            - self.army_bonus(me["land"], base)
            + self.army_bonus(me["land"], card)
        )
        counter = u["counter"] - base.counter + card.counter
        guardian = me["guardian"]
        if guardian is not None:
            amount, move = self.card(guardian).army_counter
            counter += amount * ((move in (-1, card.move)) - (move in (-1, base.move)))
        most = u["max"] - base.morale + card.morale
        eq_id = u["weapon"] if card.attack_type in (0, 1) else u["magic"]
        if eq_id is not None and self.card(eq_id).cost <= me["unused"] and card.attack_type != 3:
            eq = self.card(eq_id)
            attack += eq.bonus
            strikes = max(card.strikes, eq.strikes)
        else:
            strikes = card.strikes
        field = view["field"]
        enemies = [(t_sq, t) for t_sq, t in enumerate(field) if t is not None and t["owner"] != self.seat]
        front = self.progress(self.seat, sq) >= 2 or any(t_sq in REACH_SQUARES[2][sq] for t_sq, _ in enemies)
        worth = 0.0
        if card.attack_type != 3:
            worth += (max(0, attack) * strikes + (1 if card.poison else 0)) * (3.0 if front else 2.0)
            worth += max(0, counter) * (1.5 if front else 1.0)
        worth += min(chips, most) * 1.5 + most * 0.5
        threat = self.threat_to(view, sq, {**u, "move": ("infantry", "cavalry", "flier")[card.move]})
        if threat >= min(chips, most):
            worth -= 10.0
        worth += MOVE_WORTH[card.move] * (1.0 if self.progress(self.seat, sq) < ROWS - 2 else 0.5)
        worth += REACH_WORTH[card.attack_type]
        friends = sum(
            1
            for a in ADJACENT[sq]
            if (f := field[a]) is not None and f["owner"] == self.seat and f["chips"] < f["max"]
        )
        worth += 2.0 * min(card.symbol, friends)
        at_home = row_of(sq) == self.home_row(self.seat)
        worth += card.training * (1.0 if at_home and self.enemies_near_home(view) else 0.4)
        if card.capture:
            weak = any(
                (t := field[a]) is not None and t["owner"] != self.seat and t["chips"] <= 2
                for a in ADJACENT[sq]
            )
            worth += 3.0 if weak else 1.0
        worth += 0.5 * card.honing
        return worth

    def army_bonus(self, land: str | None, card: CardInfo) -> int:
        """The 攻 a land in play gives ``card`` (C-15)."""
        if land is None:
            return 0
        amount, move = self.card(land).army_attack
        return amount if move in (-1, card.move) else 0

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
