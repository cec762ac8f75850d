"""Terminal play: people and bots at one table, saved action by action.

A person's turn shows what their seat may see (the game's own text drawing of the view), the new
log lines with their clause ids, and the numbered legal actions. Bots and chance act on their own.
Every applied action is saved before the next one is chosen, so quitting (``q``, end of input or
Ctrl-C) loses nothing; ``asobi resume ID`` goes on from there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random

from .core.actions import Action
from .core.agent import Agent, derive_seed
from .core.errors import AsobiError
from .core.play import make_bot
from .core.record import GameRecord, replay
from .core.registry import GameSpec
from .core.state import CHANCE, GameState
from .store import GameStore

HUMAN = "human"

HELP = {
    "en": "Type the number of an action. Other commands: v = view again, l = whole log, q = quit (the game is saved).",
    "ja": "行動の番号を入力してください。v = 盤面の再表示、l = ログ全体、q = 終了（ゲームは保存されます）。",
}


def parse_seats(spec: GameSpec, text: str | None, n_seats: int) -> list[str]:
    """Seat kinds from ``human,bot,bot:random,…``: ``human`` or ``bot:NAME``.

    ``bot`` means the game's best bot. Without ``text``, the first seat is a person and the others
    are bots.

    :raises AsobiError: for a wrong number of seats or an unknown bot.
    """
    default_bot = "rule" if "rule" in spec.bots else "random"
    items = [s.strip() for s in text.split(",")] if text else [HUMAN] + ["bot"] * (n_seats - 1)
    if len(items) != n_seats:
        raise AsobiError(f"{spec.id}: --seats names {len(items)} seats, but this game has {n_seats}")
    seats = []
    for item in items:
        if item == HUMAN:
            seats.append(HUMAN)
            continue
        name = item.removeprefix("bot:") if item.startswith("bot:") else item
        name = default_bot if name == "bot" else name
        if name not in spec.bot_names():
            raise AsobiError(f"{spec.id}: no seat kind {item!r}; use human, bot or bot:NAME ({', '.join(spec.bot_names())})")
        seats.append(f"bot:{name}")
    return seats


@dataclass
class TerminalGame:
    """One game being played at the terminal, saved as it goes."""

    spec: GameSpec
    record: GameRecord
    game_id: int
    store: GameStore
    lang: str = "en"
    read: Callable[[str], str] = input
    write: Callable[[str], None] = print
    agents: list[Agent | None] = field(default_factory=list)
    state: GameState | None = None
    shown_log: int = 0

    @classmethod
    def start(cls, spec: GameSpec, options: dict, seats: Sequence[str], seed: int, store: GameStore, **kw) -> TerminalGame:
        spec.new_state(options)  # options checked when the game is built (deck files…) fail before saving
        record = GameRecord(spec.id, spec.rules_version, options, list(seats), seed)
        game_id = store.create(record)
        return cls(spec, record, game_id, store, **kw)

    @classmethod
    def resume(cls, store: GameStore, game_id: int, **kw) -> TerminalGame:
        record = store.load(game_id)
        return cls(record.spec, record, game_id, store, **kw)

    def _setup(self) -> GameState:
        state = replay(self.record, where=f"saved game {self.game_id}")
        self.agents = [
            None if kind == HUMAN else make_bot(self.spec, kind.removeprefix("bot:"), seat, self.record.seed or 0, self.record.options)
            for seat, kind in enumerate(self.record.seats)
        ]
        return state

    @property
    def humans(self) -> list[int]:
        return [i for i, kind in enumerate(self.record.seats) if kind == HUMAN]

    def run(self) -> GameState:
        """Play until the game ends or a person quits; return the state reached."""
        state = self.state = self._setup()
        # Chance in a resumed game continues from a generator seeded by the game's seed and the
        # number of actions already played, so it is reproducible from the saved record.
        rng = Random(derive_seed(self.record.seed or 0, "chance", len(self.record.actions)))
        self.shown_log = 0 if not self.record.actions else len(state.log)
        if self.record.actions:
            self.write(self._t(f"Resumed game {self.game_id} after {len(self.record.actions)} actions.",
                               f"ゲーム {self.game_id} を {len(self.record.actions)} 手目から再開します。"))
        observer = None if not self.humans else self.humans[0]
        while not state.is_terminal():
            seat = state.current_seat
            if seat == CHANCE:
                action = state.sample_chance(rng)
            elif self.agents[seat] is None:
                self._flush_log(state, seat)
                chosen = self._ask(state, seat)
                if chosen is None:
                    self.write(self._t(f"Saved. Resume with: asobi resume {self.game_id}",
                                       f"保存しました。再開: asobi resume {self.game_id}"))
                    return state
                action = chosen
                observer = seat
            else:
                agent = self.agents[seat]
                assert agent is not None
                action = agent.act(state.view(seat) if agent.uses_view else None, state.legal_actions())
                self.write(f"  [{self.spec.seat_names(self.record.options)[seat]}] {state.action_label(action, self.lang)}")
            self._apply(state, action)
            if not self.humans:
                self._flush_log(state, None)
        self._flush_log(state, observer)
        outcome = state.outcome()
        assert outcome is not None
        self.store.finish(self.game_id, outcome.to_json(), state.fingerprint())
        self.write(self.spec.render(state.view(observer), observer, self.lang))
        self.write(self._t("Game over: ", "ゲーム終了: ") + outcome.render(self.spec, self.lang))
        return state

    def _apply(self, state: GameState, action: Action) -> None:
        state.apply(action)
        self.store.append(self.game_id, len(self.record.actions), action)
        self.record.actions.append(action)

    def _flush_log(self, state: GameState, seat: int | None) -> None:
        for line in state.render_log(seat, self.lang, self.shown_log):
            self.write("  · " + line)
        self.shown_log = len(state.log)

    def _show(self, state: GameState, seat: int, legal: list[Action]) -> None:
        name = self.spec.seat_names(self.record.options)[seat]
        self.write("")
        self.write(self.spec.render(state.view(seat), seat, self.lang))
        self.write(self._t(f"— {name} to decide —", f"— {name} の選択 —"))
        for i, action in enumerate(legal, 1):
            self.write(f"  {i:>3}. {state.action_label(action, self.lang)}")

    def _ask(self, state: GameState, seat: int) -> Action | None:
        legal = state.legal_actions()
        self._show(state, seat, legal)
        while True:
            try:
                answer = self.read(f"[1-{len(legal)}, ?] > ").strip().lower()
            except EOFError:
                return None
            if answer in ("q", "quit", "exit"):
                return None
            if answer in ("?", "h", "help"):
                self.write(HELP[self.lang])
            elif answer == "v":
                self._show(state, seat, legal)
            elif answer == "l":
                for line in state.render_log(seat, self.lang):
                    self.write("  · " + line)
            elif answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            else:
                self.write(self._t(f"Not an action number: {answer!r}. {HELP['en']}",
                                   f"番号ではありません: {answer!r}。{HELP['ja']}"))

    def _t(self, en: str, ja: str) -> str:
        return ja if self.lang == "ja" else en
