"""A co-operative rule-based bot that plays any seat of パラレルレギオン.

It decides only from its seat's observation: the view and the legal actions (and the public card
texts); it never samples hidden cards. In short:
it shields against the codes the enemy pieces are about to land on, develops whenever it can,
strikes with its weapons, launches weapons and keeps them away from the squares the enemy ship is
about to cross, repairs blackouts when it has cards to spare, and answers with strategies when
that saves life.

In the windows of the printed timing (L-28's steps, L-29's weapon effects, every announced item)
it plays a strategy only where that clearly helps: the damage that takes the enemy's last life (at
once, in any window); in a step window, a repair of a blackout on or next to the ship's coming
path; against an announced effect, a negation or a heal when it hurts, the attack's code into the
shield, a repair of the square a blackout aims at when that square is already black (9.3 would
black out its whole colour), and a move of its own weapon off a square the effect is about to
destroy. Otherwise it passes, keeping its strategies for its main phase and for the effects they
can stop; it never negates its own table's weapons or strategies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from asobi.core import Agent
from asobi.core.actions import Action
from asobi.core.agent import Observation

from .cards import ARMY, SEATS
from .content import code_index, content

STEP = {"north": (-1, 0), "south": (1, 0), "east": (0, 1), "west": (0, -1)}
LAUNCH_ORDER = ("W02", "W01", "W05", "W07", "W10", "W04", "W03", "W06", "W08", "W09")
STRIKE = {"W01", "W02", "W05"}


class RuleBot(Agent):
    """The rule-based co-operative bot."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Random(seed)
        self.c = content()

    # ---- reading the view ----------------------------------------------------------------------
    def _geometry(self, view: dict[str, Any]) -> tuple[int, int]:
        sm = view["space_map"]
        return len(sm["rows"]), sm["cols"]

    def _step(self, view: dict[str, Any], square: int, direction: str) -> int | None:
        rows, cols = self._geometry(view)
        r, c = divmod(square, cols)
        dr, dc = STEP[direction]
        r, c = r + dr, c + dc
        return r * cols + c if 0 <= r < rows and 0 <= c < cols else None

    def _ship_path(self, view: dict[str, Any], advanced: bool = False) -> list[int]:
        """The squares the ship will cross in the coming enemy turn; ``advanced``: in an enemy
        turn whose pieces have just advanced (7.1), the moves of the squares they stand on."""
        ship = view["space_map"]["ship"]
        path = [ship]
        moves = {sq["id"]: sq["to"] for sq in view["enemy_map"]["squares"]} if advanced else {}
        for p in view["enemy_map"]["pieces"]:
            to = (moves[p["square"]] if advanced else p["next_to"]) if p else "none"
            if to != "none":
                nxt = self._step(view, ship, to)
                if nxt is not None:
                    ship = nxt
                    path.append(ship)
        return path

    def _danger(self, view: dict[str, Any], advanced: bool | None = None) -> set[int]:
        """The ship's coming path and its neighbours (9.1, 9.2). ``advanced`` ``None``: outside an
        enemy turn the path of the pieces' next squares; while one may be under way (no seat's
        turn, 7.1–7.5) also that of the squares they stand on, since the view does not say which
        pieces have already moved the ship."""
        if advanced is None:
            if view["turn"] is None:
                return self._danger(view, False) | self._danger(view, True)
            advanced = False
        danger: set[int] = set()
        for sq in self._ship_path(view, advanced):
            danger.add(sq)
            for d in STEP:
                n = self._step(view, sq, d)
                if n is not None:
                    danger.add(n)
        return danger

    def _next_codes(self, view: dict[str, Any]) -> list[int]:
        return [code_index(p["next_code"]) for p in view["enemy_map"]["pieces"] if p]

    def _hand(self, view: dict[str, Any]) -> list[str]:
        return list(view["hands"][self.seat]["cards"] or [])

    def _distance(self, view: dict[str, Any], a: int, b: int) -> int:
        cols = view["space_map"]["cols"]
        return abs(a // cols - b // cols) + abs(a % cols - b % cols)

    def _card_value(self, view: dict[str, Any], card: int) -> float:
        """How much the bot wants to keep a card (higher keeps)."""
        if card >= ARMY:
            cid = self.c.army_ids[card - ARMY]
            return 3.0 if cid.startswith("S") else 2.0 + (1.0 if cid in STRIKE else 0.0)
        value = (card % 3 + 1) * 0.3
        alphas = {"αβγ".index(a) for a in view["develop_alphabets"]}
        if card // 3 in alphas:
            value += 1.0
        if card in self._next_codes(view) and self._shield_codes(view).count(card) == 0:
            value += 1.5
        return value

    def _shield_codes(self, view: dict[str, Any]) -> list[int]:
        return [code_index(x) for x in view["shield"]]

    # ---- deciding ----------------------------------------------------------------------------------
    def act(self, obs: Observation) -> Action:
        return self.decide(obs.view, obs.legal)

    def decide(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        """The choice from the seat's view and its legal actions (all the bot looks at)."""
        if view is None or view["pending"] is None:
            return legal[0]
        kind = view["pending"]["kind"]
        choose = getattr(self, f"_on_{kind}", None)
        action = choose(view, legal) if choose is not None else None
        if action is None or action not in legal:
            return self._fallback(legal)
        return tuple(action)

    def _fallback(self, legal: Sequence[Action]) -> Action:
        for quiet in (("end",), ("done",), ("pass",), ("draw", 2), ("draw", 1)):
            if quiet in legal:
                return quiet
        return legal[0]

    def _on_draw_count(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return max(legal)

    def _on_main(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        by_verb: dict[str, list[Action]] = {}
        for a in legal:
            by_verb.setdefault(a[0], []).append(a)
        # strategies that help now: damage the enemy, heal a hurt Space, draw cards
        for a in by_verb.get("strategy", []):
            e = self._strategy_effect(a)
            if e.verb == "damage_enemy":
                return a
            if e.verb == "heal_space" and view["space_life"] <= view["space_life_max"] - 2:
                return a
        # strike with weapons (move next to the ship first when that makes a beam reach it)
        for a in by_verb.get("activate", []):
            card = self._piece(view, SEATS[a[1]], a[2])["card"]
            if card in ("W01", "W02", "W03", "W08"):
                if card == "W08" and view["space_life"] > view["space_life_max"] - 2:
                    continue
                return a
        move = self._move_for_strike(view, by_verb.get("move", []))
        if move is not None and "activate" not in view["used"]:
            return move
        if ("develop",) in legal:
            return ("develop",)
        launch = self._choose_launch(view, by_verb.get("launch", []))
        if launch is not None:
            return launch
        move = self._move_to_safety(view, by_verb.get("move", []))
        if move is not None:
            return move
        repair = self._choose_repair(view, by_verb.get("repair", []))
        if repair is not None:
            return repair
        supply = self._choose_supply(view, by_verb.get("supply", []))
        if supply is not None:
            return supply
        for a in by_verb.get("strategy", []):
            e = self._strategy_effect(a)
            if e.verb in ("draw_codes", "draw_army") and len(self._hand(view)) <= 2:
                return a
        return ("end",)

    def _strategy_effect(self, a: Action) -> Any:
        effects = self.c.strategy_effects[a[1]]
        assert effects is not None
        return effects[a[2]]

    @staticmethod
    def _piece(view: dict[str, Any], owner: str, zone: int) -> dict[str, Any]:
        """The weapon piece ``owner`` + zone (A1 is A's zone 0) as the view shows it."""
        name = f"{owner}{zone + 1}"
        return next(w for w in view["space_map"]["weapons"] if w["piece"] == name)

    def _move_for_strike(self, view: dict[str, Any], moves: list[Action]) -> Action | None:
        ship = view["space_map"]["ship"]
        for a in moves:
            w = self._piece(view, view["seat"], a[1])
            if (
                w["card"] == "W02"
                and self._distance(view, w["square"], ship) > 1
                and self._distance(view, a[2], ship) == 1
            ):
                return a
        return None

    def _move_to_safety(self, view: dict[str, Any], moves: list[Action]) -> Action | None:
        danger = self._danger(view)
        for a in moves:
            if self._piece(view, view["seat"], a[1])["square"] in danger and a[2] not in danger:
                return a
        return None

    def _choose_launch(self, view: dict[str, Any], launches: list[Action]) -> Action | None:
        if not launches:
            return None
        order = {cid: i for i, cid in enumerate(LAUNCH_ORDER)}

        def score(a: Action) -> tuple[float, float]:
            cid = self.c.army_ids[a[1]]
            attached = a[2]
            # a torpedo's or a drone's reach is its attached number: attach a big one
            keep = -(attached % 3) if cid in ("W01", "W03") else self._card_value(view, attached)
            return (order.get(cid, 99), keep)

        return min(launches, key=score)

    def _choose_repair(self, view: dict[str, Any], repairs: list[Action]) -> Action | None:
        """Clear blackouts where the ship is about to black out again first: a blackout on a
        black square blacks out its whole colour (9.3)."""
        if not repairs:
            return None
        danger = self._danger(view)
        best = min(repairs, key=lambda a: (a[1] not in danger, self._card_value(view, a[2])))
        if self._card_value(view, best[2]) >= 2.5:
            return None
        hand = self._hand(view)
        if best[1] in danger or len(hand) >= 3 or len(view["space_map"]["blackouts"]) >= 3:
            return best
        return None

    def _choose_supply(self, view: dict[str, Any], supplies: list[Action]) -> Action | None:
        if not supplies:
            return None
        hand = self._hand(view)
        army = sum(1 for c in hand if c[0] in "WS")
        if army >= (1 if view["hand_limit"] <= 4 else 2):
            return None
        worst = min(supplies, key=lambda a: self._card_value(view, a[1]))
        limit = 1.8 if len(hand) >= 3 else 1.0
        if self._card_value(view, worst[1]) >= limit:
            return None
        return worst

    def _on_place(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        card = view["pending"]["card"]
        ship = view["space_map"]["ship"]
        danger = self._danger(view)
        path = self._ship_path(view)

        crowd: dict[int, int] = {}
        for w in view["space_map"]["weapons"]:
            crowd[w["square"]] = crowd.get(w["square"], 0) + 1

        def score(a: Action) -> tuple[int, int, int]:
            sq = a[1]
            unsafe = 1 if sq in danger else 0
            # weapons sharing a square (L-3) all go when it is hit: spread them
            if card in STRIKE:
                # close to where the ship ends up, but not where it passes
                reach = min(self._distance(view, sq, p) for p in path)
                return (unsafe, crowd.get(sq, 0), abs(reach - (1 if card != "W01" else 2)))
            return (unsafe, crowd.get(sq, 0), -self._distance(view, sq, ship))

        return min(legal, key=score)

    def _on_develop(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        need = view["pending"]["need"] - view["pending"]["total"]
        shield = self._shield_codes(view)
        next_codes = self._next_codes(view)

        def cost(a: Action) -> tuple[int, int, float]:
            number = a[2] % 3 + 1
            protected = 1 if a[1] == 1 and a[2] in next_codes and shield.count(a[2]) == 1 else 0
            overshoot = number - need if number >= need else 10 - number
            return (protected, overshoot, a[1])

        return min(legal, key=cost)

    def _on_shield(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        shield = self._shield_codes(view)
        next_codes = self._next_codes(view)
        wanted = [c for c in next_codes if c not in shield]
        for a in legal:
            if a[0] == "shield" and a[1] in wanted:
                return a
        for a in legal:
            if a[0] == "swap" and a[2] in wanted and a[1] not in next_codes:
                return a
        # pool codes of the enemy's alphabets in the shield, where every player can develop with them
        alphas = {"αβγ".index(a) for a in view["develop_alphabets"]}
        free = view["shield_limit"] - len(shield) - min(1, len(wanted))
        pool = [a for a in legal if a[0] == "shield" and a[1] // 3 in alphas]
        if free > 0 and pool:
            return max(pool, key=lambda a: a[1] % 3)
        return ("end",)

    def _on_respond(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        finisher = self._finishing_blow(view, legal)
        if finisher is not None:
            return finisher
        top = view["stack"][-1]
        if top["kind"] == "weapon" or (top["kind"] == "strategy" and top["by"] is not None):
            return ("pass",)  # the table's own weapons and strategies help it (L-29)
        harmful = self._harm(view, top)
        if top["verb"] == "attack" and ("shield", top["params"]["code"]) in self._hand_codes(view):
            # 7.6: the matching code put into the shield now still negates the attack
            for a in legal:
                if a[0] == "strategy" and self._strategy_effect(a).verb == "shield_from_hand":
                    return a
        if harmful:
            for a in legal:
                if a[0] == "strategy":
                    e = self._strategy_effect(a)
                    if e.verb == "cancel":
                        return a
            if top["verb"] == "attack" or top["verb"] == "damage_space":
                for a in legal:
                    if a[0] == "strategy" and self._strategy_effect(a).verb == "heal_space":
                        return a
        if top["verb"] == "blackout" and self._blackout_square(view, top) in view["space_map"]["blackouts"]:
            # 9.3: a blackout aimed at a blacked-out square blacks out its whole colour; cleared
            # first, it blacks out that one square only
            for a in legal:
                if a[0] == "strategy" and self._strategy_effect(a).verb == "remove_blackout":
                    return a
        if self._can_escape(view, self._hit_squares(view, top)):
            for a in legal:
                if a[0] == "strategy" and self._strategy_effect(a).verb == "move_weapon":
                    return a
        return ("pass",)

    def _on_priority(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """L-28's windows between steps, with the stack empty: the bot plays the blow that ends
        the game at once, and clears a blackout on or next to the ship's coming path (the
        blackouts the enemy squares aim there would black out whole colours, 9.3; each one
        raises the development total, 5.7); otherwise it keeps its strategies for its own main
        phase and for answering the effects they can stop (never auto-pass: it wants the windows
        on effects)."""
        finisher = self._finishing_blow(view, legal)
        if finisher is not None:
            return finisher
        blackouts = view["space_map"]["blackouts"]
        for a in legal:
            if blackouts and a[0] == "strategy" and self._strategy_effect(a).verb == "remove_blackout":
                danger = self._danger(view, advanced=view["pending"].get("step") == "7.1")
                return a if any(sq in danger for sq in blackouts) else ("pass",)
        return ("pass",)

    def _finishing_blow(self, view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
        """A strategy whose damage takes the enemy's last life (2.2: the game is won the moment
        it reaches 0, before anything else on the stack or in the round can hurt the Space)."""
        for a in legal:
            if a[0] == "strategy":
                e = self._strategy_effect(a)
                if e.verb == "damage_enemy" and e.get("amount") >= view["enemy_life"]:
                    return a
        return None

    def _my_weapons(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        return [w for w in view["space_map"]["weapons"] if w["owner"] == view["seat"]]

    def _can_escape(self, view: dict[str, Any], hit: set[int]) -> bool:
        """Whether one of the seat's weapons stands on a square in ``hit`` and may move out of it
        (5.5: to a square next to it without the ship or a blackout)."""
        blocked = {view["space_map"]["ship"], *view["space_map"]["blackouts"]} | hit
        for w in self._my_weapons(view):
            if w["square"] in hit:
                for d in STEP:
                    to = self._step(view, w["square"], d)
                    if to is not None and to not in blocked:
                        return True
        return False

    def _blackout_square(self, view: dict[str, Any], item: dict[str, Any]) -> int | None:
        """The square a blackout effect aims at (9.2), or ``None`` off the map (L-2)."""
        target = item["params"].get("target")
        ship = view["space_map"]["ship"]
        if target == "ship":
            return int(ship)
        if target == "centre":
            rows, cols = self._geometry(view)
            return (rows // 2) * cols + cols // 2
        if target and target.startswith("ship_"):
            return self._step(view, ship, target[5:])
        return None

    def _hit_squares(self, view: dict[str, Any], item: dict[str, Any]) -> set[int]:
        """The squares whose weapons ``item`` destroys when it resolves: the ship's new square
        (9.1), the blacked-out squares (9.2, 9.3), the ship's row or column."""
        ship = view["space_map"]["ship"]
        verb = item["verb"]
        if verb == "ship_move":
            to = self._step(view, ship, item["params"]["direction"])
            return set() if to is None else {to}
        if verb == "blackout":
            sq = self._blackout_square(view, item)
            if sq is None:
                return set()
            if sq not in view["space_map"]["blackouts"]:
                return {sq}
            colours = "".join(view["space_map"]["rows"])
            return {i for i, col in enumerate(colours) if col == colours[sq] and i != sq}
        if verb == "destroy_weapons":
            rows, cols = self._geometry(view)
            if item["params"]["line"] == "row":
                return {ship // cols * cols + c for c in range(cols)}
            return {r * cols + ship % cols for r in range(rows)}
        return set()

    def _harm(self, view: dict[str, Any], item: dict[str, Any]) -> bool:
        verb = item["verb"]
        if verb in ("attack", "damage_space", "heal_enemy"):
            return True
        if verb == "blackout":
            target = item["params"].get("target")
            ship = view["space_map"]["ship"]
            sq = ship if target == "ship" else None
            if target and target.startswith("ship_"):
                sq = self._step(view, ship, target[5:])
            weapons = {w["square"] for w in view["space_map"]["weapons"]}
            return sq is not None and (sq in view["space_map"]["blackouts"] or sq in weapons)
        if verb == "discard_shield":
            return bool(view["shield"])
        return False

    def _on_discard(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return min(legal, key=lambda a: self._card_value(view, a[1]))

    def _on_unshield(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        next_codes = self._next_codes(view)
        return min(legal, key=lambda a: (a[1] in next_codes, a[1] % 3))

    def _on_clear(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        danger = self._danger(view)
        stack = view["stack"]
        aimed = self._blackout_square(view, stack[-1]) if stack and stack[-1]["verb"] == "blackout" else None
        return min(legal, key=lambda a: (a[1] != aimed, a[1] not in danger, a[1]))

    def _on_move_weapon(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        danger = self._danger(view)
        hit = self._hit_squares(view, view["stack"][-1]) if view["stack"] else set()
        return min(
            legal,
            key=lambda a: (
                a[2] in hit,
                self._piece(view, view["seat"], a[1])["square"] not in hit,
                a[2] in danger,
                self._piece(view, view["seat"], a[1])["square"] not in danger,
            ),
        )

    def _on_push(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        weapons = {w["square"]: w["card"] for w in view["space_map"]["weapons"]}
        ship = view["space_map"]["ship"]

        def score(a: Action) -> int:
            to = self._step(view, ship, a[1])
            if to is None or to in weapons:
                return 10
            near = [weapons[n] for d in STEP if (n := self._step(view, to, d)) is not None and n in weapons]
            return -sum(1 for w in near if w in STRIKE)

        return min(legal, key=score)

    def _hand_codes(self, view: dict[str, Any]) -> set[Action]:
        return {("shield", code_index(c)) for c in self._hand(view) if c[0] in "αβγ"}

    def _on_to_shield(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        stack = view["stack"]
        if stack and stack[-1]["verb"] == "attack" and ("shield", stack[-1]["params"]["code"]) in legal:
            return ("shield", stack[-1]["params"]["code"])
        wanted = self._next_codes(view)
        for a in legal:
            if a[1] in wanted:
                return a
        return legal[0]


def make_rule_bot(seat: int, seed: int, options: Mapping[str, Any]) -> Agent:
    return RuleBot(seat, seed)
