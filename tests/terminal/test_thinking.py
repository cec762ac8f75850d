"""A bot that says it is thinking: the status line on a terminal (and nowhere else), a person's own
decision shown at once, and Ctrl-C while a bot thinks saving the game as it does at a prompt."""

from __future__ import annotations

import io
import os
import signal
import threading
import time

import pytest

from asobi.core.actions import Action
from asobi.core.agent import Agent, Observation
from asobi.games.emblem.spec import SPEC as EMBLEM
from asobi.store import GameStore
from asobi.terminal import TerminalGame
from asobi.terminal.screen import ERASE_LINE, Screen
from asobi.terminal.session import STATUS_AFTER


class Slow(Agent):
    """The seat's own bot, taking ``seconds`` over each of its first ``times`` decisions; ``then``
    (if given) is called in the thread that thinks, once, as it starts."""

    def __init__(self, inner: Agent, seconds: float, times: int = 1, then=None) -> None:
        self.inner, self.seconds, self.times, self.then = inner, seconds, times, then
        self.calls = 0

    def act(self, obs: Observation) -> Action:
        self.calls += 1
        if self.calls <= self.times:
            if self.then is not None:
                then, self.then = self.then, None
                then()
            time.sleep(self.seconds)
        return self.inner.act(obs)


def start(store, screen: Screen | None, lines: list[str], answers: list[str], slow: float, **kw) -> TerminalGame:
    """Emblem, a person in seat A against the normal level in B (which plays first with seed 3),
    whose bot is slowed down; the session writes to ``screen`` (and to ``lines``)."""
    replies = iter(answers)

    def write(text: str) -> None:
        lines.append(text)
        if screen is not None:
            screen.write(text)

    session = TerminalGame.start(EMBLEM, {}, ["human", "bot:normal"], 3, store, read=lambda p: next(replies), write=write,
                                 status=screen.status_line() if screen is not None else None)
    bot = session.match.agents[1]
    assert bot is not None and session.match.seats[1] == "bot:normal"
    session.match.agents[1] = Slow(bot, slow, **kw)
    return session


def test_a_terminal_shows_who_is_thinking_and_erases_it_when_the_bot_moves(db):
    out = io.StringIO()
    screen = Screen(file=out, colour=True)  # a terminal
    with GameStore(db) as store:
        start(store, screen, [], ["q"], slow=STATUS_AFTER + 0.9).run()
    text = out.getvalue()
    assert f"{ERASE_LINE}\033[2mB (normal) is thinking… 0 s" in text
    assert "B (normal) is thinking… 1 s" in text  # updated while it thinks
    last = text.rindex("is thinking…")
    erased = text.index(ERASE_LINE, last)
    assert not text[erased + len(ERASE_LINE):].startswith("\033[2m")  # erased, no status after it
    assert "[B]" in text[erased:]  # the bot's move, shown as it is made


def test_the_thinking_line_speaks_the_sessions_language(db):
    out = io.StringIO()
    with GameStore(db) as store:
        session = start(store, Screen(file=out, colour=True), [], ["q"], slow=STATUS_AFTER + 0.3)
        session.lang = "ja"
        session.run()
    assert "B（ふつう）が考えています… 0秒" in out.getvalue()


def test_plain_output_has_no_thinking_line(db):
    out = io.StringIO()
    screen = Screen(file=out)  # not a terminal: a pipe, a file, a test
    assert screen.status_line() is None
    with GameStore(db) as store:
        start(store, screen, [], ["q"], slow=STATUS_AFTER + 0.3).run()
    text = out.getvalue()
    assert "thinking" not in text and "\r" not in text and "\033" not in text
    assert "[B]" in text


def test_a_persons_own_decision_is_shown_before_the_next_bot_thinks(db):
    lines: list[str] = []
    with GameStore(db) as store:
        session = start(store, None, lines, ["1", "1", "q"], slow=0.0, times=10**6)
        agent = session.match.agents[1]
        assert isinstance(agent, Slow)
        seen_when_asked: list[int] = []
        inner = agent.inner

        class Watch(Agent):
            def act(self, obs: Observation) -> Action:
                seen_when_asked.append(len(lines))
                return inner.act(obs)

        agent.inner = Watch()
        session.run()
    own = [i for i, line in enumerate(lines) if line.startswith("  [A] ")]
    assert own, lines
    # After A's first decision the bot was asked again: A's decision was on the screen by then.
    later = [n for n in seen_when_asked if n > own[0]]
    assert later, (own, seen_when_asked)


@pytest.fixture
def interruptible():
    """Ctrl-C as Python's default: a KeyboardInterrupt in the main thread."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_ctrl_c_while_a_bot_thinks_saves_the_game_and_leaves_at_once(db, interruptible):
    out = io.StringIO()
    lines: list[str] = []
    with GameStore(db) as store:
        session = start(store, Screen(file=out, colour=True), lines, ["q"], slow=5.0,
                        then=lambda: threading.Timer(STATUS_AFTER + 0.4, os.kill, (os.getpid(), signal.SIGINT)).start())
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            session.run()
        assert time.monotonic() - started < 3.0  # it did not wait for the bot's 5 s
        played = list(session.match.actions)
        saved = store.load(session.game_id)
        assert saved.actions == played and saved.outcome is None
        assert session.match.bot_to_decide() == 1  # the bot's move was never made
    text = out.getvalue()
    assert ERASE_LINE in text[text.rindex("is thinking…"):]  # the line said so, and was erased on leaving
    with GameStore(db) as store:  # and it goes on from there
        resumed = TerminalGame.resume(store, session.game_id, read=lambda p: "q", write=lines.append)
        assert list(resumed.match.actions) == played


def test_ctrl_c_while_a_bot_thinks_without_a_status_line_saves_too(db):
    class Interrupted(Agent):
        def act(self, obs: Observation) -> Action:
            raise KeyboardInterrupt

    with GameStore(db) as store:
        session = TerminalGame.start(EMBLEM, {}, ["human", "bot:normal"], 3, store, read=lambda p: "q", write=lambda t: None)
        session.match.agents[1] = Interrupted()
        with pytest.raises(KeyboardInterrupt):
            session.run()
        assert store.load(session.game_id).actions == list(session.match.actions)


def test_ctrl_c_says_the_game_is_saved_before_the_host_secret(db, capsys):
    """As at a prompt's q: "Saved. Resume with: …" first, then the secret, told once."""
    from asobi.cli.play import _run_session

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    with GameStore(db) as store:
        session = TerminalGame.start(EMBLEM, {}, ["human", "human"], 3, store, read=interrupted, write=print)
        secret = session.host_secret
        assert secret
        with pytest.raises(SystemExit) as left:
            _run_session(session)
    assert left.value.code == 130
    out = capsys.readouterr().out
    assert out.index("Saved. Resume with:") < out.index(secret) and out.count(secret) == 1
