"""A small game on the flow kernel and declared fields, for testing them: "blind duel".

Each of two seats is dealt two cards from a deck of 1..5 (two copies each). For three rounds,
each seat in turn plays a card face down (hidden from the other seat until both have played); then
both are shown, the higher wins the round, and each seat draws one card. Most rounds won wins.

:class:`SeatedDuel` is the same game on the kernel's other options: ``current_seat`` kept in a
slot, an end check between tasks (D.4: two rounds won end the duel at once) and chance outcomes
checked without listing them.
"""

from __future__ import annotations

import dataclasses
from bisect import insort
from random import Random
from typing import Any

from asobi.core import Event, GameInfo, GameSpec, Option, Outcome, Presentation, get_game
from asobi.core.actions import HIDDEN
from asobi.core.clauses import ClauseBook
from asobi.core.fields import Cache, DeclaredState, Fields, List, Lists, Log, Value
from asobi.core.flow import Flow, FlowState
from asobi.core.log import EventLog

RANKS = (1, 2, 3, 4, 5)
ROUNDS = 3
FLOW = Flow()

FIELDS = Fields(
    deck=List(int),
    hands=Lists(int),
    down=List(int),
    wins=List(int),
    round=Value(int),
    agenda=List(tuple),
    pending=Value(tuple, optional=True),
    chance=Value(tuple, optional=True),
    ended=Value(str, optional=True),
    legal_cache=Cache(),
    log=Log(),
)


class Duel(FlowState, DeclaredState):
    __slots__ = FIELDS.slots
    flow = FLOW

    def __init__(self, copies: int = 2) -> None:
        self.deck = [copies] * len(RANKS)
        self.hands: list[list[int]] = [[], []]
        self.down = [0, 0]
        self.wins = [0, 0]
        self.round = 0
        self.agenda = [("round",), *[("draw", seat) for seat in (1, 0, 1, 0)]]
        self.pending = None
        self.chance = None
        self.ended = None
        self.legal_cache = None
        self.log = EventLog()
        self.run()

    def say(self, clause: str, key: str, seats: tuple[int, ...] | None = None, **args: Any) -> None:
        self.log.append(Event(clause, key, tuple(args.items()), seats))

    @property
    def n_seats(self) -> int:
        return 2

    def chance_outcomes(self) -> tuple[tuple[tuple[Any, ...], float], ...]:
        if self.chance is None:
            return ()
        total = sum(self.deck)
        return tuple((("draw", r), n / total) for r, n in zip(RANKS, self.deck, strict=True) if n)

    def apply_chance(self, action: tuple[Any, ...]) -> None:
        seat = self.chance[1]
        self.chance = None
        self.deck[action[1] - 1] -= 1
        insort(self.hands[seat], action[1])
        self.say("D.1", "drew", seat=seat)
        self.say("D.1", "drew_card", (seat,), seat=seat, card=action[1])

    def redact(self, action: tuple[Any, ...], seat: int | None) -> tuple[Any, ...]:
        if seat is None:
            return action
        owner = self.chance[1] if self.chance is not None else self.current_seat
        return action if owner == seat else (action[0], HIDDEN)

    def action_label(self, action: tuple[Any, ...], lang: str = "en") -> str:
        card = ("カード" if lang == "ja" else "a card") if action[1] == HIDDEN else str(action[1])
        if action[0] == "draw":
            return f"{card}を引く" if lang == "ja" else f"draw {card}"
        return f"{card}を伏せて出す" if lang == "ja" else f"play {card} face down"

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hands": [h if seat in (None, i) else len(h) for i, h in enumerate(self.hands)],
            "down": [bool(d) if seat not in (None, i) else d for i, d in enumerate(self.down)],
            "wins": self.wins,
            "round": self.round,
            "deck": sum(self.deck),
        }

    def outcome(self) -> Outcome | None:
        if self.ended is None:
            return None
        a, b = self.wins
        if a == b:
            return Outcome((), (0.5, 0.5), "draw", "D.3")
        w = 0 if a > b else 1
        return Outcome((w,), (1.0 - w, float(w)), "won", "D.3", (("seat", w),))

    def hidden_variants(self, seat: int, rng: Random) -> list[Duel]:
        other = 1 - seat
        out = []
        for i, card in enumerate(self.hands[other]):
            options = [r for r in RANKS if r != card and self.deck[r - 1]]
            if options:
                r = rng.choice(options)
                v = self.clone()
                v.legal_cache = None
                v.deck[r - 1] -= 1
                v.deck[card - 1] += 1
                v.hands[other][i] = r
                v.hands[other].sort()
                out.append(v)
        return out

    def determinize(self, seat: int, rng: Random) -> Duel:
        other = 1 - seat
        d = self.clone()
        pool = sorted([r for r, n in zip(RANKS, self.deck, strict=True) for _ in range(n)] + self.hands[other])
        if self.down[other]:
            pool.append(self.down[other])
            pool.sort()
            d.down[other] = pool.pop(rng.randrange(len(pool)))
        hand = sorted(rng.sample(pool, len(self.hands[other])))
        for r in hand:
            pool.remove(r)
        d.hands[other] = hand
        d.deck = [pool.count(r) for r in RANKS]
        d.log = EventLog(
            e._replace(args=(("seat", other), ("card", HIDDEN))) if e.seats == (other,) else e for e in self.log
        )
        d.legal_cache = None
        return d


FIELDS.install(Duel)


@FLOW.task("draw")
def task_draw(s: Duel, seat: int) -> None:
    s.chance = ("draw", seat)


@FLOW.task("round")
def task_round(s: Duel) -> None:
    if s.round == ROUNDS:
        s.say("D.3", "over")
        s.ended = "over"
        return
    s.round += 1
    s.push(("play", 0), ("play", 1), ("show",), ("draw", 0), ("draw", 1), ("round",))


@FLOW.task("play")
def task_play(s: Duel, seat: int) -> None:
    s.ask("play", seat)


@FLOW.decision("play", clause="D.2")
def legal_play(s: Duel) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    return [("play", c) for c in sorted(set(s.hands[s.pending[1]]))]


@legal_play.apply
def apply_play(s: Duel, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    seat = pending[1]
    s.hands[seat].remove(action[1])
    s.down[seat] = action[1]
    s.say("D.2", "played", seat=seat)


@FLOW.task("show")
def task_show(s: Duel) -> None:
    a, b = s.down
    s.say("D.2", "shown", a=a, b=b)
    if a != b:
        s.wins[0 if a > b else 1] += 1
    s.down = [0, 0]


FLOW.check()

MESSAGES = {
    "drew": ("{seat}が1枚引く", "seat {seat} draws a card"),
    "drew_card": ("{seat}が{card}を引く", "seat {seat} draws {card}"),
    "played": ("{seat}がカードを伏せる", "seat {seat} plays a card face down"),
    "shown": ("公開：{a}と{b}", "shown: {a} and {b}"),
    "over": ("終了", "the duel is over"),
    "won": ("{seat}の勝利", "seat {seat} wins"),
    "draw": ("引き分け", "a draw"),
}

SPEC = GameSpec(
    id="toy-duel",
    title_ja="ブラインドデュエル",
    title_en="Blind duel (test game)",
    rules_version="1",
    options=(Option("copies", int, 2, "copies of each rank", minimum=2, maximum=4),),
    seat_names=lambda options: ("A", "B"),
    new_state=lambda options: Duel(options["copies"]),
    state_class=Duel,
    messages=MESSAGES,
    present=Presentation(render=lambda view, seat, lang: repr(view)),
    rule_book=ClauseBook({}, {"D.1": "draw", "D.2": "play face down, then show", "D.3": "most rounds wins"}, None),
    info=GameInfo(reveals=frozenset({"shown"})),
)


SEATED_FIELDS = Fields(**FIELDS.kinds, current_seat=Cache())


class SeatedDuel(Duel):
    __slots__ = ("current_seat",)
    flow = FLOW
    stop_test = "self.wins[0] >= 2 or self.wins[1] >= 2"

    def stopped(self) -> bool:
        """D.4: a seat with two rounds won has won at once (its last round is not drawn for)."""
        self.say("D.4", "over")
        self.ended = "two rounds won"
        self.pending = self.chance = None
        self.agenda.clear()
        return True

    def is_legal_chance(self, action: Any) -> bool:
        return (
            isinstance(action, tuple)
            and len(action) == 2
            and action[0] == "draw"
            and action[1] in RANKS
            and self.deck[action[1] - 1] > 0
        )


SEATED_FIELDS.install(SeatedDuel)
SEATED_SPEC = dataclasses.replace(
    SPEC,
    id="toy-duel-seated",
    new_state=lambda options: SeatedDuel(options["copies"]),
    state_class=SeatedDuel,
    rule_book=ClauseBook({}, {**SPEC.rule_book.own, "D.4": "two rounds won end the duel"}, None),
)


def registered() -> GameSpec:
    """The game as the registry finds it (tests/conftest.py installs it for the session)."""
    return get_game(SPEC.id)
