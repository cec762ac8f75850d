"""Terminal play: people and bots at one table, through the one match loop, saved action by action.

A person's turn shows what their seat may see: the board (drawn again when others have played
since, not after each of one's own decisions), what happened since they last looked — other
seats' actions as their seat may see them, and the log lines it may read, with their clause ids —
and the numbered legal actions, with what a combat choice would do where the game forecasts it.
Bots and chance act on their own. A person's own decision and what it caused are shown at once,
and each bot's move as it is made; while a bot thinks, a status line (on a terminal only) says who
is thinking and for how long, and is erased when it moves. Every applied action is saved before
the next one is chosen, so quitting (``q``, end of input, or Ctrl-C at a prompt or while a bot
thinks) loses nothing; ``asobi resume ID`` goes on from there.

With several people at one keyboard (hot-seat) the screen is cleared and the terminal handed over
before a seat's private information is shown, so no seat sees another's hand.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..agents import parse_search
from ..core.actions import Action
from ..core.agent import Observation
from ..core.bots import BOT_PREFIX, check_bot_name, make_bot, seat_kind
from ..core.errors import AsobiError
from ..core.events import Event
from ..core.hooks import LEVEL_NAMES, Shortcut
from ..core.match import HUMAN, Match
from ..core.record import GameRecord
from ..core.spec import GameSpec
from ..core.state import CHANCE
from ..core.text import pad, width
from ..store import GameStore, issue_host_secret
from ..store.listener import StoreListener
from .stops import auto_answer, default_stops, parse_stops
from .table import MenuEntry, choice_menu, choice_notes, find, glossary, typed_shortcuts, visible_items

HELP = {
    "en": "Type the number of an action (Enter alone takes a single forced choice); a number marked "
    "'— N choices' opens that group (a stack, say), whose numbers then choose, N.M chooses M in group N at once, "
    "and b goes back; a key listed after 'Or type' (a hex to move to) takes its decisions at once. Other commands: "
    "v = board again, l = whole log, i [KEY] = read a card, unit or square (i alone lists them), "
    "t = terms explained, r CLAUSE = a rule, h = hint (the game's bot's choice, or --hint-bot's), "
    "u = undo your last decision (also to back out of a choice made by mistake), "
    "{stops}q = quit (the game is saved).",
    "ja": "行動の番号を入力してください（選択肢が1つだけのときは Enter でも選べます）。「（N件）」の付いた番号はそのグループ"
    "（スタックなど）を開き、その中の番号で選びます。N.M でグループ N の M を直接選べます。b で戻ります。"
    "「または入力」の後のキー（移動先のヘックスなど）を入力すると、その選択をまとめて行います。v = 盤面の再表示、l = ログ全体、"
    "i [キー] = カード・ユニット・マスを読む（i だけで一覧）、t = 用語の説明、r 条項 = ルール、h = ヒント（ボットの選択）、"
    "u = 直前の自分の選択を取り消す（誤って選んだときの取り消しにも）、"
    "{stops}q = 終了（ゲームは保存されます）。",
}
"""The prompt's help; ``{stops}`` is :func:`stops_help` (nothing for a game without stops)."""


def stops_help(spec: GameSpec, lang: str) -> str:
    """The help's line for ``s``: the game's stop names, each with what its windows are."""
    hooks = spec.stops
    if hooks is None:
        return ""
    ja = lang == "ja"
    names = []
    for n in hooks.names:
        described = hooks.descriptions.get(n)
        if described is None:
            names.append(n)
        else:
            names.append(f"{n}（{described[0]}）" if ja else f"{n} ({described[1]})")
    if ja:
        return f"s [一覧] = 止まるストラテジーの機会: {'、'.join(names)} か none、"
    return f"s [LIST] = the strategy windows you stop at: {', '.join(names)} or none, "


STATUS_AFTER = 0.3
"""Seconds a bot thinks before the status line says so (a rule bot answers long before)."""
STATUS_EVERY = 0.5
"""Seconds between updates of the status line."""


def hint_bot_name(spec: GameSpec, text: str | None) -> str:
    """The bot that gives hints, from ``--hint-bot`` (``rule``, ``ismcts:iters=500``…); without
    one, the ``normal`` level.

    :raises AsobiError: for an unknown bot or a bad parameter.
    """
    if not text:
        return seat_kind(spec, "bot").removeprefix("bot:")
    return check_bot_name(spec, text.strip().removeprefix("bot:"))


def hint(spec: GameSpec, bot_name: str, obs: Observation, seed_text: str, options: dict) -> Action:
    """What bot ``bot_name`` would do in ``obs.seat``'s place. It sees only the observation (a
    search samples the hidden parts from it), and its seed comes from ``seed_text`` alone, so
    positions the seat cannot tell apart get the same hint, and asking again gives it again."""
    rng = random.Random(seed_text)
    bot = make_bot(spec, bot_name, obs.seat, rng.randrange(2**63), options)
    return bot.act(obs)


def parse_seats(spec: GameSpec, text: str | None, n_seats: int) -> list[str]:
    """Seat kinds from ``human,bot,bot:hard,bot:random,…``: ``human`` or ``bot:NAME``.

    ``bot`` means the ``normal`` level; ``bot:easy``, ``bot:hard``, ``bot:expert`` the others. Search
    bots take parameters: ``bot:ismcts:time=0.5``. Without ``text``, the first seat is a person and
    the others are bots.

    :raises AsobiError: for a wrong number of seats or an unknown bot.
    """
    items = [s.strip() for s in text.split(",")] if text else [HUMAN] + ["bot"] * (n_seats - 1)
    if len(items) != n_seats:
        raise AsobiError(f"{spec.id}: --seats names {len(items)} seats, but this game has {n_seats}")
    return [seat_kind(spec, item) for item in items]


def _is_number(answer: str) -> bool:
    """``N`` or ``N.M``."""
    first, dot, second = answer.partition(".")
    return first.isdigit() and (not dot or second.isdigit())


class Quit(Exception):
    """The person asked to stop (the game is saved)."""


@dataclass
class TerminalGame:
    """One game being played at the terminal, saved as it goes.

    :ivar read: asks for a line (``EOFError``: end of input).
    :ivar write: shows a block of text.
    :ivar clear: empties the screen (hot-seat hand-overs); default: a rule line through ``write``.
    :ivar resume_hint: the command that resumes this game, shown when the person quits.
    :ivar hint_bot: the bot whose choice ``h`` shows (checked: :func:`hint_bot_name`); empty: the
        game's normal level.
    :ivar status: writes the status line over the last one (``""`` erases it); ``None`` where there
        is none (output that is not a terminal: no status lines, and bots think in the foreground).
    """

    spec: GameSpec
    match: Match
    game_id: int
    store: GameStore
    lang: str = "en"
    read: Callable[[str], str] = input
    write: Callable[[str], None] = print
    clear: Callable[[], None] | None = None
    status: Callable[[str], None] | None = None
    resume_hint: str = ""
    hint_bot: str = ""
    resumed: int = 0
    seen: dict[int, int] = field(default_factory=dict)
    """Per person's seat, the state id up to which it has been shown what happened."""
    drawn: dict[int, int] = field(default_factory=dict)
    """Per person's seat, the state id at which its board was last drawn."""
    facing: int | None = None
    """The seat whose private view is on the screen now (hot-seat)."""
    stops: frozenset[str] | None = None
    """The strategy windows the people are asked in (``stops.py``; ``None``: the game's default);
    the terminal passes for them at the others."""
    host_secret: str | None = None
    """The game's host secret, when this session gave it one (shown when the person quits)."""
    auto_passed: set[int] = field(default_factory=set)
    """How many actions had been taken when the terminal passed for a person (undo skips them)."""
    moved: set[int] = field(default_factory=set)
    """The people's seats shown others' moves since their board was last drawn."""

    @classmethod
    def start(
        cls, spec: GameSpec, options: dict, seats: Sequence[str], seed: int | None, store: GameStore, **kw
    ) -> TerminalGame:
        """A new game; ``seed`` ``None`` draws chance from a secret source (nothing to show)."""
        match = Match(spec, options, seats, seed=seed)  # options checked before saving
        game_id = store.create(GameRecord.new(spec, match.options, list(seats), seed),
                               to_move=match.state.current_seat)
        store.lease(game_id)
        return cls._attach(spec, match, game_id, store, **kw)

    @classmethod
    def resume(cls, store: GameStore, game_id: int, seats: Sequence[str] | None = None, **kw) -> TerminalGame:
        """Go on with a saved game; the caller holds its lease (``store.open_game``).

        ``seats`` seats this session anew (a person hands a seat to a bot); the saved seating is
        kept for the next time.

        :raises ReadOnlyGameError: if its actions no longer stand under the engine's rules.
        """
        record = store.load_for_play(game_id)
        match = Match(record.spec, record.options, list(seats) if seats is not None else record.seats,
                      seed=record.seed, actions=record.actions, where=f"saved game {game_id}")
        game = cls._attach(record.spec, match, game_id, store, **kw)
        for warning in record.warnings:
            game.write(f"({warning})")
        game.resumed = len(record.actions)
        for seat in game.humans:
            game.seen[seat] = match.state_id
        return game

    @classmethod
    def _attach(cls, spec: GameSpec, match: Match, game_id: int, store: GameStore, **kw) -> TerminalGame:
        match.listeners.append(StoreListener(store, game_id))
        game = cls(spec, match, game_id, store, **kw)
        game.host_secret = issue_host_secret(store, game_id)  # once per game: told when the person quits
        if not game.resume_hint:
            game.resume_hint = f"asobi resume {game_id}"
        return game

    @property
    def humans(self) -> list[int]:
        return [i for i, kind in enumerate(self.match.seats) if kind == HUMAN]

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The seats as people call them, in the session's language (``drake_camp`` → Drake's camp)."""
        return tuple(self.spec.seat_title(n, self.lang) for n in self.spec.seat_names(self.match.options))

    def run(self) -> Match:
        """Play until the game ends or a person quits; return the match."""
        match = self.match
        if self.resumed:
            self.write(self._t(f"Resumed game {self.game_id} after {self.resumed} actions.",
                               f"ゲーム {self.game_id} を {self.resumed} 手目から再開します。"))
        if not self.humans:
            for event in match.opening_events(None):
                self.write("  · " + self._render(event))
        try:
            while True:
                seat = self._play_others()
                if seat is None:
                    break
                if self._auto_pass(seat):
                    continue
                self._face(seat)
                if self._decide(seat):
                    self._show_updates(seat, own=True)  # the decision and what it caused, at once
        except Quit:
            self.write(self._t(f"Saved. Resume with: {self.resume_hint}", f"保存しました。再開: {self.resume_hint}"))
            self.tell_host_secret()
            return match
        observer = self.facing if self.facing is not None else (self.humans[0] if self.humans else None)
        if observer is not None:
            self._show_updates(observer)
        outcome = match.state.outcome()
        assert outcome is not None
        self.write(self.spec.present.render(match.view(observer), observer, self.lang))
        self.write(self._t("Game over: ", "ゲーム終了: ") + self.spec.outcome_text(outcome, self.lang))
        return match

    # ---- chance and bots -----------------------------------------------------------------------
    def _play_others(self) -> int | None:
        """Let chance and the bots play until a person must decide (their seat) or the game ends
        (``None``), as :meth:`Match.play` does; each move is shown at once to the person whose
        view is on the screen."""
        match = self.match
        for _ in range(self.spec.info.max_steps):
            if match.play_chance():
                self._show_progress()  # what chance did, before a bot thinks on it
            seat = match.bot_to_decide()
            if seat is None:
                break
            action = self._think(seat)
            if action is None:
                break
            match.advance(action)
            self._show_progress()
        return match.waiting_for()

    def _show_progress(self) -> None:
        """What happened since, to the person whose view is on the screen (if any)."""
        if self.facing is not None and self._show_updates(self.facing):
            self.moved.add(self.facing)

    def _think(self, seat: int) -> Action | None:
        """The bot in ``seat``'s decision. With a status line, the bot thinks in a thread of its own
        while the line says who is thinking and for how long (erased when it has decided); Ctrl-C
        meanwhile interrupts the wait, the game saved up to the bot's move."""
        status = self.status
        if status is None:
            return self.match.decide()
        answer: list[Action | None] = []
        failed: list[BaseException] = []
        done = threading.Event()

        def decide() -> None:
            try:
                answer.append(self.match.decide())
            except BaseException as e:  # raised again in the session's thread
                failed.append(e)
            finally:
                done.set()

        started = time.monotonic()
        # a daemon: a person who quits while it thinks does not wait for it to finish
        threading.Thread(target=decide, name=f"asobi bot {seat}", daemon=True).start()
        shown = False
        try:
            while not done.wait(STATUS_EVERY if shown else STATUS_AFTER):
                status(self._thinking(seat, time.monotonic() - started))
                shown = True
        finally:
            if shown:
                status("")
        if failed:
            raise failed[0]
        return answer[0]

    def _thinking(self, seat: int, seconds: float) -> str:
        """The status line while the bot in ``seat`` thinks: its seat, its bot and for how long."""
        bot = self.match.seats[seat].removeprefix(BOT_PREFIX)
        level = LEVEL_NAMES.get(bot.split(":")[0])
        name = self.seat_names[seat]
        if self.lang == "ja":
            return f"{name}（{level[0] if level else bot}）が考えています… {seconds:.0f}秒"
        return f"{name} ({level[1] if level else bot}) is thinking… {seconds:.0f} s"

    # ---- hot-seat ---------------------------------------------------------------------------
    def _face(self, seat: int) -> None:
        """Make sure the screen shows ``seat``'s side only: with another person's view on it, clear
        it and wait until the terminal is handed over."""
        if self.facing == seat:
            return
        if len(self.humans) > 1:  # hot-seat: hand over before anything private is shown
            if self.facing is not None:
                self._clear()
            name = self.seat_names[seat]
            self._prompt_line(self._t(f"Hand the terminal to seat {name}. {name}: press Enter when only you "
                                      "can see the screen (q quits) > ",
                                      f"{name}の席に交代してください。{name}だけが画面を見ている状態で Enter（q で終了）> "))
            self._clear()
        first = seat not in self.seen
        self.facing = seat
        if first:  # a new game: this seat has seen nothing yet, the setup first
            for event in self.match.opening_events(seat):
                self.write("  · " + self._render(event))
            self.seen[seat] = 0
        self.drawn.pop(seat, None)  # a seat coming to the screen sees its board

    def _clear(self) -> None:
        if self.clear is not None:
            self.clear()
        else:
            self.write("─" * 40 + self._t(" (screen cleared)", "（画面を消去）"))

    def _prompt_line(self, prompt: str) -> str:
        try:
            answer = self.read(prompt).strip().lower()
        except EOFError:
            raise Quit from None
        if answer in ("q", "quit", "exit"):
            raise Quit
        return answer

    # ---- one decision -----------------------------------------------------------------------
    def _auto_pass(self, seat: int) -> bool:
        """Pass for the person at a strategy window that is not one of their stops (from their
        own view and choices only); whether it did."""
        if self.spec.stops is None:
            return False
        state = self.match.state
        stops = self.stops if self.stops is not None else default_stops(self.spec)
        # hot-seat: whether the terminal is handed over must not tell the others what a hand holds
        action = auto_answer(self.spec, state.view(seat), state.legal_actions(), stops, len(self.humans) > 1)
        if action is None:
            return False
        self.auto_passed.add(len(self.match.actions))
        self.match.submit(seat, action)
        return True

    def _show_updates(self, seat: int, own: bool = False) -> bool:
        """What ``seat`` has not yet been shown: actions as it may see them (``own``: its own
        too), and its log lines. Whether anyone else (not chance) acted or took back a decision
        in that time."""
        others = False
        for update in self.match.updates(seat, self.seen.get(seat, 0), self.lang):
            if update.action is None:
                who = self.seat_names[update.actor]
                self.write(self._t(f"  [{who}] takes back {update.undone} action(s)",
                                   f"  [{who}] {update.undone}手を取り消す"))
                others = others or update.actor != seat
                continue
            if update.actor != CHANCE and (own or update.actor != seat):
                others = others or update.actor != seat
                self.write(f"  [{self.seat_names[update.actor]}] {update.label}")
            for event in update.events:
                self.write("  · " + self._render(event))
        self.seen[seat] = self.match.state_id
        return others

    def _render(self, event: Event) -> str:
        return self.spec.event_text(event, self.lang)

    def _board(self, seat: int) -> None:
        self.write("")
        self.write(self.spec.present.render(self.match.state.view(seat), seat, self.lang))
        self.drawn[seat] = self.match.state_id
        self.moved.discard(seat)

    def _choices(self, seat: int, legal: Sequence[Action], menu: list[MenuEntry] | None = None,
                 opened: MenuEntry | None = None, shortcuts: dict[str, Shortcut] | None = None) -> None:
        """The numbered choices: every legal action, or with a menu its top level (choices and
        groups), or the choices of the group ``opened``; at the top, the shortcuts after them."""
        state = self.match.state
        notes = choice_notes(self.spec, state, legal, self.lang)
        name = self.seat_names[seat]
        if opened is not None:
            self.write(self._t(f"— {name} to decide: {opened.label} —", f"— {name} の選択：{opened.label} —"))
        else:
            self.write(self._t(f"— {name} to decide —", f"— {name} の選択 —"))
        for n, entry in enumerate(self._level(legal, menu, opened), 1):
            if isinstance(entry, MenuEntry):
                count = len(entry.members)
                self.write(f"  {n:>3}. {entry.label}" + self._t(f" — {count} choices", f"（{count}件）"))
                continue
            note = f"  {notes[entry]}" if entry in notes else ""
            self.write(f"  {n:>3}. {state.action_label(legal[entry], self.lang)}{note}")
        if opened is None and shortcuts:
            items = [f"{cut.key} ({cut.label})" if self.lang != "ja" else f"{cut.key}（{cut.label}）"
                     for cut in shortcuts.values()]
            self.write(self._t("  Or type: ", "  または入力：") + self._t(", ", "、").join(items))

    @staticmethod
    def _level(legal: Sequence[Action], menu: list[MenuEntry] | None,
               opened: MenuEntry | None) -> list[int | MenuEntry]:
        """What the numbers choose at this level: an index into ``legal``, or a group to open."""
        if opened is not None:
            return list(opened.members)
        if menu is None:
            return list(range(len(legal)))
        return [entry if entry.is_group else entry.members[0] for entry in menu]

    def _decide(self, seat: int) -> bool:
        """Take one decision from the person in ``seat``: whether they decided (else they took
        back their last decision).

        Where the game groups its choices (``spec.present.choice_group``: a stack, then its
        ships), a number at the top opens a group, whose own numbers choose (``N.M`` does both at
        once); ``b`` (or ``c``) goes back to the top. Where it lists shortcuts
        (``spec.present.shortcuts``: a hex some steps away), typing one's key takes its decisions.

        :raises Quit: if they quit.
        """
        match = self.match
        others = self._show_updates(seat) or seat in self.moved
        if others or seat not in self.drawn:
            self._board(seat)
        legal = match.state.legal_actions()
        menu = choice_menu(self.spec, match.state, legal, self.lang)
        shortcuts = typed_shortcuts(self.spec, match.state, self.lang)
        opened: MenuEntry | None = None
        self._choices(seat, legal, menu, shortcuts=shortcuts)
        single = len(legal) == 1
        while True:
            level = self._level(legal, menu, opened)
            if opened is not None:
                prompt = self._t(f"[1-{len(level)}, b back, ? help] > ", f"[1-{len(level)}、b 戻る、? ヘルプ] > ")
            elif single:
                prompt = self._t("[1 or Enter, ? help] > ", "[1 か Enter、? ヘルプ] > ")
            else:
                prompt = self._t(f"[1-{len(level)}, ? help] > ", f"[1-{len(level)}、? ヘルプ] > ")
            answer = self._prompt_line(prompt)
            command, _, rest = answer.partition(" ")
            if answer == "":
                if single:
                    match.submit(seat, legal[0])
                    return True
                continue  # Enter on an empty line asks again
            if opened is not None and answer in ("b", "back", "c", "cancel"):
                opened = None
                self._choices(seat, legal, menu, shortcuts=shortcuts)
            elif answer in ("?", "help"):
                self.write(HELP[self.lang].format(stops=stops_help(self.spec, self.lang)))
            elif answer == "v":
                self._board(seat)
                self._choices(seat, legal, menu, opened, shortcuts)
            elif answer == "l":
                for line in self.spec.log_texts(match.state, seat, self.lang):
                    self.write("  · " + line)
            elif command in ("i", "inspect"):
                self._inspect(seat, rest)
            elif answer in ("t", "terms"):
                self._terms()
            elif command in ("r", "rule"):
                self._rule(rest)
            elif answer in ("h", "hint"):
                self._hint(seat, legal, menu)
            elif command in ("s", "stops"):
                self._stops(rest)
            elif answer in ("u", "undo", "c", "cancel"):
                try:
                    match.undo(seat)
                except AsobiError as e:
                    self.write(str(e))
                    continue
                while len(match.actions) in self.auto_passed and match.can_undo(seat):
                    match.undo(seat)  # the terminal's own passes go back with the decision before
                self.write(self._t("Taken back.", "取り消しました。"))
                self.seen[seat] = match.state_id
                self.drawn.pop(seat, None)  # the board as it was before
                return False
            elif answer in shortcuts:
                if self._take(seat, shortcuts[answer]):
                    return True
            elif _is_number(answer):
                picked = self._pick(answer, legal, menu, opened)
                if isinstance(picked, MenuEntry):
                    opened = picked
                    self._choices(seat, legal, menu, opened)
                elif picked is not None:
                    match.submit(seat, legal[picked])
                    return True
            else:
                self.write(self._t(f"Not a command: {answer!r} (? lists the commands).",
                                   f"コマンドではありません: {answer!r}（? でコマンド一覧）。"))

    def _take(self, seat: int, shortcut: Shortcut) -> bool:
        """Submit a shortcut's decisions one by one while each is still ``seat``'s and legal;
        whether any was taken (where one is not, stop there and say so)."""
        match = self.match
        for k, action in enumerate(shortcut.actions):
            if match.waiting_for() != seat or not match.state.is_legal(action):
                label = match.state.action_label(action, self.lang)
                self.write(self._t(f"Stopped before {label!r}: it is no longer a choice here.",
                                   f"{label!r} の前で止めました（ここではもう選べません）。"))
                return k > 0
            match.submit(seat, action)
        return True

    def _pick(self, answer: str, legal: Sequence[Action], menu: list[MenuEntry] | None,
              opened: MenuEntry | None) -> int | MenuEntry | None:
        """What a number (``N``, or ``N.M``: choice M of group N) picks at this level: an index into
        ``legal``, a group to open, or ``None`` after saying there is no such choice."""
        first, _, second = answer.partition(".")
        level = self._level(legal, menu, opened)
        n = int(first)
        if not 1 <= n <= len(level):
            self.write(self._t(f"There is no action {n}: choose 1 to {len(level)}.",
                               f"{n}番の行動はありません。1〜{len(level)}から選んでください。"))
            return None
        picked = level[n - 1]
        if not second:
            return picked
        if not isinstance(picked, MenuEntry):
            self.write(self._t(f"Choice {n} is not a group: type {n} alone.",
                               f"{n}番はグループではありません。{n} だけを入力してください。"))
            return None
        m = int(second)
        if not 1 <= m <= len(picked.members):
            self.write(self._t(f"There is no choice {n}.{m}: choose {n}.1 to {n}.{len(picked.members)}.",
                               f"{n}.{m}番の選択肢はありません。{n}.1〜{n}.{len(picked.members)}から選んでください。"))
            return None
        return picked.members[m - 1]

    # ---- reading the table ------------------------------------------------------------------
    def _inspect(self, seat: int, query: str) -> None:
        items = visible_items(self.spec, self.match.state.view(seat), self.lang)
        if not items:
            self.write(self._t("This game has nothing to inspect here.", "このゲームでは読めるものがありません。"))
            return
        found = find(items, query) if query else []
        if len(found) == 1:
            self.write("\n".join(found[0].lines))
            return
        if query and not found:
            self.write(self._t(f"Nothing visible is called {query!r}.", f"{query!r} という見えるものはありません。"))
        shown = found or items
        self.write(self._t("Read one with i KEY:", "i キー で読めます:"))
        for it in shown:
            self.write(f"  {pad(it.key, max(6, width(it.key)), '>')}  {it.title}")

    def _stops(self, text: str) -> None:
        """Show the stops, or set them from ``answer,turn…`` / ``none``."""
        if self.spec.stops is None:
            self.write(self._t("This game has no strategy windows to stop at.", "このゲームには止まる機会がありません。"))
            return
        if text:
            try:
                self.stops = parse_stops(self.spec, text)
            except AsobiError as e:
                self.write(str(e))
                return
        stops = self.stops if self.stops is not None else default_stops(self.spec)
        shown = ",".join(n for n in self.spec.stops.names if n in stops) or "none"
        every = ",".join(self.spec.stops.names)
        self.write(self._t(f"Stops: {shown} (set with s {every} or s none; ? explains them)",
                           f"止まる機会: {shown}（s {every} か s none で変更。? で説明）"))

    def _terms(self) -> None:
        lines = glossary(self.spec, self.lang)
        if not lines:
            self.write(self._t("No terms to explain for this game.", "用語の説明はありません。"))
        for line in lines:
            self.write("  " + line)

    def _rule(self, clause_id: str) -> None:
        clauses = self.spec.clauses()
        if clause_id not in clauses:
            self.write(self._t(f"No clause {clause_id!r} (`asobi rules {self.spec.id}` lists them).",
                               f"条項 {clause_id!r} はありません（`asobi rules {self.spec.id}` で一覧）。"))
            return
        self.write(f"{clause_id}: {self.spec.clause_book().text(clause_id, self.lang)}")

    def _hint(self, seat: int, legal: Sequence[Action], menu: list[MenuEntry] | None = None) -> None:
        """What the hint bot would do in ``seat``'s place, from what the seat may know (numbered as
        the top of the menu numbers it: ``N.M`` for a choice in a group)."""
        name = self.hint_bot or hint_bot_name(self.spec, None)
        if parse_search(self.spec, name) is not None:  # a search takes its budget: say so first
            self.write(self._t(f"(thinking: {name}…)", f"（考え中: {name}…）"))
        # A generator of its own per position: the same hint each time it is asked, no shared state.
        choice = hint(self.spec, name, self.spec.observe(self.match.state, seat),
                      f"hint {self.game_id} {self.match.state_id} {seat}", self.match.options)
        n: int | str | None = legal.index(choice) + 1 if choice in legal else None
        if n is not None and menu is not None:
            index = legal.index(choice)
            for k, entry in enumerate(menu, 1):
                if index in entry.members:
                    n = f"{k}.{entry.members.index(index) + 1}" if entry.is_group else k
        label = self.match.state.action_label(choice, self.lang)
        self.write(self._t(f"Hint ({name} bot): {n}. {label}", f"ヒント（{name} ボット）: {n}. {label}"))

    def tell_host_secret(self) -> None:
        """The host secret this session gave the game, told once, as the person leaves it."""
        if self.host_secret:
            self.write(self._t(f"Its host secret (`asobi serve`'s lobby asks for it to hand out join links; "
                               f"shown once, keep it private): {self.host_secret}",
                               f"ホスト秘密鍵（asobi serve のロビーで参加リンクを配るときに必要です。表示は一度だけ、"
                               f"他人に見せないでください）: {self.host_secret}"))
            self.host_secret = None

    def _t(self, en: str, ja: str) -> str:
        return ja if self.lang == "ja" else en
