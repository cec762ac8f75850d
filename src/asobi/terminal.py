"""Terminal play: people and bots at one table, through the one match loop, saved action by action.

A person's turn shows what their seat may see (the game's own text drawing of the view), what
happened since they last looked — other seats' actions as their seat may see them, and the log
lines it may read, with their clause ids — and the numbered legal actions. Bots and chance act on
their own. Every applied action is saved before the next one is chosen, so quitting (``q``, end
of input or Ctrl-C) loses nothing; ``asobi resume ID`` goes on from there. ``u`` takes back the
person's own last decision while nothing has been revealed since.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .agents import make_bot, seat_kind
from .core.actions import Action
from .core.errors import AsobiError
from .core.events import Event
from .core.match import HUMAN, Match
from .core.record import GameRecord
from .core.registry import GameSpec
from .core.state import CHANCE
from .store import GameStore
from .store.listener import StoreListener

HELP = {
    "en": "Type the number of an action. Other commands: v = view again, l = whole log, u = undo your last "
    "decision, q = quit (the game is saved).",
    "ja": "行動の番号を入力してください。v = 盤面の再表示、l = ログ全体、u = 直前の自分の選択を取り消す、"
    "q = 終了（ゲームは保存されます）。",
}


def parse_seats(spec: GameSpec, text: str | None, n_seats: int) -> list[str]:
    """Seat kinds from ``human,bot,bot:random,…``: ``human`` or ``bot:NAME``.

    ``bot`` means the game's best bot. Search bots take parameters: ``bot:ismcts:time=0.5``.
    Without ``text``, the first seat is a person and the others are bots.

    :raises AsobiError: for a wrong number of seats or an unknown bot.
    """
    items = [s.strip() for s in text.split(",")] if text else [HUMAN] + ["bot"] * (n_seats - 1)
    if len(items) != n_seats:
        raise AsobiError(f"{spec.id}: --seats names {len(items)} seats, but this game has {n_seats}")
    seats = [seat_kind(spec, item) for item in items]
    return seats


@dataclass
class TerminalGame:
    """One game being played at the terminal, saved as it goes."""

    spec: GameSpec
    match: Match
    game_id: int
    store: GameStore
    lang: str = "en"
    read: Callable[[str], str] = input
    write: Callable[[str], None] = print
    resumed: int = 0
    shown: int = 0

    @classmethod
    def start(
        cls, spec: GameSpec, options: dict, seats: Sequence[str], seed: int | None, store: GameStore, **kw
    ) -> TerminalGame:
        """A new game; ``seed`` ``None`` draws chance from a secret source (nothing to show)."""
        match = Match(spec, options, seats, seed=seed, bot_maker=make_bot)  # options checked before saving
        game_id = store.create(GameRecord.new(spec, match.options, list(seats), seed))
        store.lease(game_id)
        return cls._attach(spec, match, game_id, store, **kw)

    @classmethod
    def resume(cls, store: GameStore, game_id: int, seats: Sequence[str] | None = None, **kw) -> TerminalGame:
        """Go on with a saved game; the caller holds its lease (``store.open_game``).

        :raises ReadOnlyGameError: if its actions no longer stand under the engine's rules.
        """
        record = store.load_for_play(game_id)
        if seats is not None:
            store.set_seats(game_id, list(seats))
            record.seats = list(seats)
        match = Match(record.spec, record.options, record.seats, seed=record.seed, actions=record.actions,
                      where=f"saved game {game_id}", bot_maker=make_bot)
        game = cls._attach(record.spec, match, game_id, store, **kw)
        for warning in record.warnings:
            game.write(f"({warning})")
        game.resumed = len(record.actions)
        game.shown = match.state_id
        return game

    @classmethod
    def _attach(cls, spec: GameSpec, match: Match, game_id: int, store: GameStore, **kw) -> TerminalGame:
        match.listeners.append(StoreListener(store, game_id))
        return cls(spec, match, game_id, store, **kw)

    @property
    def humans(self) -> list[int]:
        return [i for i, kind in enumerate(self.match.seats) if kind == HUMAN]

    @property
    def seat_names(self) -> tuple[str, ...]:
        return self.spec.seat_names(self.match.options)

    def run(self) -> Match:
        """Play until the game ends or a person quits; return the match."""
        match = self.match
        if self.resumed:
            self.write(self._t(f"Resumed game {self.game_id} after {self.resumed} actions.",
                               f"ゲーム {self.game_id} を {self.resumed} 手目から再開します。"))
        observer = self.humans[0] if self.humans else None
        if not self.resumed:
            for event in match.opening_events(observer):
                self.write("  · " + self._render(event))
        while True:
            seat = match.play()
            if seat is None:
                break
            observer = seat
            self._show_updates(seat)
            if not self._ask(seat):
                self.write(self._t(f"Saved. Resume with: asobi resume {self.game_id}",
                                   f"保存しました。再開: asobi resume {self.game_id}"))
                return match
        self._show_updates(observer)
        outcome = match.state.outcome()
        assert outcome is not None
        self.write(self.spec.render(match.view(observer), observer, self.lang))
        self.write(self._t("Game over: ", "ゲーム終了: ") + outcome.render(self.spec, self.lang))
        return match

    def _show_updates(self, seat: int | None) -> None:
        """What ``seat`` has not yet been shown: actions as it may see them, and its log lines."""
        for update in self.match.updates(seat, self.shown, self.lang):
            if update.action is None:
                who = self.seat_names[update.actor]
                self.write(self._t(f"  [{who}] takes back {update.undone} action(s)",
                                   f"  [{who}] {update.undone}手を取り消す"))
                continue
            if update.actor != CHANCE and update.actor != seat:
                self.write(f"  [{self.seat_names[update.actor]}] {update.label}")
            for event in update.events:
                self.write("  · " + self._render(event))
        self.shown = self.match.state_id

    def _render(self, event: Event) -> str:
        return self.spec.event_text(event, self.lang)

    def _show(self, seat: int, legal: Sequence[Action]) -> None:
        state = self.match.state
        self.write("")
        self.write(self.spec.render(state.view(seat), seat, self.lang))
        self.write(self._t(f"— {self.seat_names[seat]} to decide —", f"— {self.seat_names[seat]} の選択 —"))
        for i, action in enumerate(legal, 1):
            self.write(f"  {i:>3}. {state.action_label(action, self.lang)}")

    def _ask(self, seat: int) -> bool:
        """Take one decision from the person in ``seat``; ``False`` if they quit."""
        match = self.match
        legal = match.state.legal_actions()
        self._show(seat, legal)
        while True:
            try:
                answer = self.read(f"[1-{len(legal)}, ?] > ").strip().lower()
            except EOFError:
                return False
            if answer in ("q", "quit", "exit"):
                return False
            if answer in ("?", "h", "help"):
                self.write(HELP[self.lang])
            elif answer == "v":
                self._show(seat, legal)
            elif answer == "l":
                for line in match.state.render_log(seat, self.lang):
                    self.write("  · " + line)
            elif answer == "u":
                try:
                    match.undo(seat)
                except AsobiError as e:
                    self.write(str(e))
                    continue
                self.write(self._t("Taken back.", "取り消しました。"))
                self.shown = match.state_id
                return True
            elif answer.isdigit() and 1 <= int(answer) <= len(legal):
                match.submit(seat, legal[int(answer) - 1])
                return True
            else:
                self.write(self._t(f"Not an action number: {answer!r}. {HELP['en']}",
                                   f"番号ではありません: {answer!r}。{HELP['ja']}"))

    def _t(self, en: str, ja: str) -> str:
        return ja if self.lang == "ja" else en
