"""A tiny game of hidden hands and chance for testing the engine itself: "high card".

Each of two seats is dealt two cards from a deck of 1..4 (two copies each); then, for two
rounds, the seats play a card each in turn (the first player alternates) and the higher card wins the
round (a tie scores for both). Dealt cards are hidden from the other seat.
"""

from __future__ import annotations

from random import Random
from typing import Any

from asobi.core import CHANCE, TERMINAL, Event, GameSpec, GameState, Option, Outcome, Presentation, get_game
from asobi.core.actions import HIDDEN
from asobi.core.clauses import ClauseBook
from asobi.core.errors import BadRecordError

RANKS = (1, 2, 3, 4)


class HighCard(GameState):
    __slots__ = ("deck", "hands", "log", "played", "turn", "wins")

    def __init__(self, copies: int = 2) -> None:
        self.deck = [copies] * len(RANKS)
        self.hands: list[list[int]] = [[], []]
        self.played: list[int] = []
        self.wins = [0, 0]
        self.turn = 0
        self.log: list[Event] = []

    @property
    def n_seats(self) -> int:
        return 2

    @property
    def current_seat(self) -> int:
        if self.turn == 2:
            return TERMINAL
        if len(self.hands[0]) + len(self.hands[1]) < 4 and self.turn == 0 and not self.played:
            return CHANCE
        return (self.turn + len(self.played)) % 2

    def _dealing_to(self) -> int:
        return 0 if len(self.hands[0]) <= len(self.hands[1]) else 1

    def legal_actions(self) -> tuple[tuple[Any, ...], ...]:
        seat = self.current_seat
        if seat < 0:
            return ()
        return tuple(sorted({("play", c) for c in self.hands[seat]}))

    def chance_outcomes(self) -> tuple[tuple[tuple[Any, ...], float], ...]:
        if self.current_seat != CHANCE:
            return ()
        total = sum(self.deck)
        return tuple((("deal", r), n / total) for r, n in zip(RANKS, self.deck, strict=True) if n)

    def redact(self, action: tuple[Any, ...], seat: int | None) -> tuple[Any, ...]:
        if action[0] == "deal" and seat is not None and seat != self._dealing_to():
            return ("deal", HIDDEN)
        return action

    def why_illegal(self, action: tuple[Any, ...]) -> tuple[str | None, str]:
        return "T.2", "you may play only a card in your hand"

    def apply_unchecked(self, action: tuple[Any, ...]) -> None:
        if action[0] == "deal":
            seat = self._dealing_to()
            self.deck[action[1] - 1] -= 1
            self.hands[seat].append(action[1])
            self.log.append(Event("T.1", "deal", (("seat", seat),)))
            self.log.append(Event("T.1", "dealt", (("seat", seat), ("card", action[1])), (seat,)))
            return
        seat = self.current_seat
        self.hands[seat].remove(action[1])
        self.played.append(action[1])
        self.log.append(Event("T.2", "play", (("seat", seat), ("card", action[1]))))
        if len(self.played) == 2:
            first = self.turn
            a, b = self.played
            if a != b:
                winner = first % 2 if a > b else 1 - first % 2
                self.wins[winner] += 1
                self.log.append(Event("T.3", "round", (("seat", winner),)))
            else:
                self.wins[0] += 1
                self.wins[1] += 1
                self.log.append(Event("T.3", "tie"))
            self.played = []
            self.turn += 1

    def clone(self) -> HighCard:
        c = HighCard.__new__(HighCard)
        c.deck = self.deck[:]
        c.hands = [self.hands[0][:], self.hands[1][:]]
        c.played = self.played[:]
        c.wins = self.wins[:]
        c.turn = self.turn
        c.log = self.log[:]
        return c

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "hands": [h if seat in (None, i) else len(h) for i, h in enumerate(self.hands)],
            "deck_left": sum(self.deck),
            "played": self.played,
            "wins": self.wins,
        }

    def outcome(self) -> Outcome | None:
        if self.current_seat != TERMINAL:
            return None
        a, b = self.wins
        if a == b:
            return Outcome((), (0.5, 0.5), "draw", "T.3")
        w = 0 if a > b else 1
        return Outcome((w,), (1.0 - w, float(w)), "won", "T.3", (("seat", w),))

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "hands": self.hands,
            "played": self.played,
            "wins": self.wins,
            "turn": self.turn,
            "log": [e.to_json() for e in self.log],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HighCard:
        try:
            s = cls.__new__(cls)
            s.deck, s.hands, s.played = list(data["deck"]), [list(h) for h in data["hands"]], list(data["played"])
            s.wins, s.turn = list(data["wins"]), int(data["turn"])
            s.log = [Event.from_json(e) for e in data["log"]]
        except (KeyError, TypeError, ValueError) as e:
            raise BadRecordError("state", f"not a high-card state ({e})") from None
        return s

    def action_label(self, action: tuple[Any, ...], lang: str = "en") -> str:
        if action[0] == "deal":
            card = "カード" if action[1] == HIDDEN and lang == "ja" else "a card" if action[1] == HIDDEN else action[1]
            return f"{card}が配られる" if lang == "ja" else f"deal {card}"
        return f"{action[1]}を出す" if lang == "ja" else f"play {action[1]}"

    def determinize(self, seat: int, rng: Random) -> HighCard:
        """The other hand drawn anew from the cards ``seat`` has not seen; the other seat's private
        log lines lose their card."""
        other = 1 - seat
        pool = sorted([r for r, n in zip(RANKS, self.deck, strict=True) for _ in range(n)] + self.hands[other])
        d = self.clone()
        hand = rng.sample(pool, len(self.hands[other]))
        for r in hand:
            pool.remove(r)
        d.hands[other] = hand
        d.deck = [pool.count(r) for r in RANKS]
        d.log = [e._replace(args=(("seat", other), ("card", HIDDEN))) if e.seats == (other,) else e for e in d.log]
        return d

    def hidden_variants(self, seat: int, rng: Random) -> list[HighCard]:
        other = 1 - seat
        variants = []
        for i, card in enumerate(self.hands[other]):
            for r in RANKS:
                if r != card and self.deck[r - 1]:
                    v = self.clone()
                    v.deck[r - 1] -= 1
                    v.deck[card - 1] += 1
                    v.hands[other][i] = r
                    v.log = [
                        e if e.key != "dealt" or e.seats != (other,) else e._replace(args=(("seat", other), ("card", 0)))
                        for e in v.log
                    ]
                    variants.append(v)
                    break
        return variants


MESSAGES = {
    "deal": ("{seat}にカードを配る", "a card is dealt to seat {seat}"),
    "dealt": ("{seat}に{card}", "seat {seat} gets {card}"),
    "play": ("{seat}が{card}を出す", "seat {seat} plays {card}"),
    "round": ("{seat}の勝ち", "seat {seat} wins the round"),
    "tie": ("引き分け", "a tie: both score"),
    "won": ("{seat}の勝利", "seat {seat} wins"),
    "draw": ("引き分け", "a draw"),
}

SPEC = GameSpec(
    id="toy-highcard",
    title_ja="ハイカード",
    title_en="High card (test game)",
    rules_version="1",
    options=(Option("copies", int, 2, "copies of each rank", minimum=2, maximum=4),),
    seat_names=lambda options: ("A", "B"),
    new_state=lambda options: HighCard(options["copies"]),
    state_class=HighCard,
    messages=MESSAGES,
    present=Presentation(render=lambda view, seat, lang: repr(view)),
    rule_book=ClauseBook({}, {"T.1": "deal", "T.2": "play", "T.3": "score"}, None),
)


def registered() -> GameSpec:
    """The game as the registry finds it (tests/conftest.py installs it for the session)."""
    return get_game(SPEC.id)
