"""Tiny games whose best move is known, for testing the searches (not registered)."""

from __future__ import annotations

from typing import Any, ClassVar

from asobi.core import CHANCE, TERMINAL, GameSpec, GameState, Outcome, Presentation
from asobi.core.clauses import ClauseBook


class _Toy(GameState):
    """What the three toys share: no hidden information, a list log, JSON as the fields."""

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.to_json()

    def action_label(self, action: tuple[Any, ...], lang: str = "en") -> str:
        return " ".join(map(str, action))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        raise NotImplementedError


class Nim(_Toy):
    """A pile of stones; each seat in turn takes 1–3; whoever takes the last stone wins. From 7,
    the first seat wins only by taking 3 (leaving a multiple of 4)."""

    def __init__(self, stones: int = 7) -> None:
        self.stones = stones
        self.turn = 0
        self.log: list[Any] = []

    @property
    def n_seats(self) -> int:
        return 2

    @property
    def current_seat(self) -> int:
        return TERMINAL if self.stones == 0 else self.turn % 2

    def legal_actions(self) -> tuple[tuple[Any, ...], ...]:
        return () if self.stones == 0 else tuple(("take", k) for k in (1, 2, 3) if k <= self.stones)

    def chance_outcomes(self) -> tuple[tuple[tuple[Any, ...], float], ...]:
        return ()

    def apply_unchecked(self, action: tuple[Any, ...]) -> None:
        self.stones -= action[1]
        self.turn += 1

    def clone(self) -> Nim:
        c = Nim(self.stones)
        c.turn = self.turn
        return c

    def outcome(self) -> Outcome | None:
        if self.stones:
            return None
        winner = (self.turn - 1) % 2
        return Outcome((winner,), (1.0 - winner, float(winner)), "won", "N")

    def to_json(self) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn}


class Gamble(_Toy):
    """One choice, then a draw. ``safe`` wins with probability 0.6 (one winning outcome of two);
    ``risky`` with 0.3 (three winning outcomes of four, each unlikely): a search that drew outcomes
    uniformly would take the risky one."""

    ODDS: ClassVar[dict[str, tuple[tuple[tuple[Any, ...], float], ...]]] = {
        "safe": ((("roll", 0), 0.4), (("roll", 1), 0.6)),
        "risky": ((("roll", 0), 0.7), (("roll", 1), 0.1), (("roll", 2), 0.1), (("roll", 3), 0.1)),
    }

    def __init__(self) -> None:
        self.choice: str | None = None
        self.roll: int | None = None
        self.log: list[Any] = []

    @property
    def n_seats(self) -> int:
        return 2

    @property
    def current_seat(self) -> int:
        return 0 if self.choice is None else CHANCE if self.roll is None else TERMINAL

    def legal_actions(self) -> tuple[tuple[Any, ...], ...]:
        return (("pick", "risky"), ("pick", "safe")) if self.choice is None else ()

    def chance_outcomes(self) -> tuple[tuple[tuple[Any, ...], float], ...]:
        return self.ODDS[self.choice] if self.current_seat == CHANCE and self.choice else ()

    def apply_unchecked(self, action: tuple[Any, ...]) -> None:
        if action[0] == "pick":
            self.choice = action[1]
        else:
            self.roll = action[1]

    def clone(self) -> Gamble:
        c = Gamble()
        c.choice, c.roll = self.choice, self.roll
        return c

    def outcome(self) -> Outcome | None:
        if self.roll is None:
            return None
        won = self.roll != 0
        return Outcome((0,) if won else (1,), (1.0, 0.0) if won else (0.0, 1.0), "end", "G")

    def to_json(self) -> dict[str, Any]:
        return {"choice": self.choice, "roll": self.roll}


class Kingmaker(_Toy):
    """Three seats. Seat A goes ``left`` (then B picks one of two endings) or ``right`` (then C
    picks). Each seat taking its own best ending, left gives A 0.9 and right 0.5; a search that
    took the others for A's enemies (a two-player minimax) would go right (0.4 against 0.1)."""

    ENDINGS: ClassVar[dict[str, tuple[tuple[float, float, float], ...]]] = {
        "left": ((0.9, 0.3, 0.0), (0.1, 0.2, 0.0)),
        "right": ((0.5, 0.0, 0.3), (0.4, 0.0, 0.2)),
    }

    def __init__(self) -> None:
        self.way: str | None = None
        self.ending: int | None = None
        self.log: list[Any] = []

    @property
    def n_seats(self) -> int:
        return 3

    @property
    def current_seat(self) -> int:
        if self.way is None:
            return 0
        if self.ending is None:
            return 1 if self.way == "left" else 2
        return TERMINAL

    def legal_actions(self) -> tuple[tuple[Any, ...], ...]:
        if self.way is None:
            return (("go", "left"), ("go", "right"))
        return (("end", 0), ("end", 1)) if self.ending is None else ()

    def chance_outcomes(self) -> tuple[tuple[tuple[Any, ...], float], ...]:
        return ()

    def apply_unchecked(self, action: tuple[Any, ...]) -> None:
        if action[0] == "go":
            self.way = action[1]
        else:
            self.ending = action[1]

    def clone(self) -> Kingmaker:
        c = Kingmaker()
        c.way, c.ending = self.way, self.ending
        return c

    def outcome(self) -> Outcome | None:
        if self.way is None or self.ending is None:
            return None
        return Outcome((), self.ENDINGS[self.way][self.ending], "end", "K")

    def to_json(self) -> dict[str, Any]:
        return {"way": self.way, "ending": self.ending}


def _spec(game_id: str, cls: type[GameState]) -> GameSpec:
    spec = GameSpec(
        id=game_id, title_ja=game_id, title_en=game_id, rules_version="1", options=(),
        seat_names=lambda options: ("A", "B", "C")[: cls().n_seats],  # type: ignore[call-arg]
        new_state=lambda options: cls(), state_class=cls, messages={},
        present=Presentation(render=lambda v, s, lang: repr(v)), rule_book=ClauseBook({}, {}, None),
    )
    return spec


NIM = _spec("toy-nim", Nim)
GAMBLE = _spec("toy-gamble", Gamble)
KINGMAKER = _spec("toy-kingmaker", Kingmaker)
