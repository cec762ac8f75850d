"""What one client may cost the server: games made a minute and open at once per address, the
bots a remote client may seat and how long they may think, and how many searches think at once.

Whoever runs the server sets them (``create_app(limits=Limits(...))``; ``asobi serve
--max-bot-seconds``); docs/server.md lists the defaults.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..agents.learned import SHIPPED
from ..agents.lookahead import KIND as LOOKAHEAD_KIND
from ..agents.lookahead import parse_lookahead
from ..agents.lookahead import plays as lookahead_plays
from ..agents.names import SEARCHES, parse_search
from ..core.bots import (
    BOT_PREFIX,
    DEFAULT_LEVEL,
    HUMAN,
    BotNameError,
    bot_kinds,
    check_bot_name,
    is_level,
    resolve_bot,
)
from ..core.errors import summary
from ..core.hooks import LEVELS
from ..core.spec import GameSpec
from .errors import LimitError, ServerError

CHEAP_KINDS = ("mistakes",)
"""Kinds of bot a remote client may seat as they are: they load no code and think no longer than
the game's own bots (the game's rule bot with random slips)."""


@dataclass(frozen=True)
class Limits:
    """The server's limits on one client.

    :ivar games_per_minute: games one address may make in any 60 seconds.
    :ivar open_games: games made by one address (since the server started) not yet finished.
    :ivar max_bot_seconds: the longest a search bot a remote client seats may think per decision;
        a search asked for without ``time`` is given this one.
    :ivar max_bot_iters: the most ``iters`` such a search may ask for.
    :ivar max_bot_depth: the deepest rollout (``depth``) it may ask for.
    :ivar searches_at_once: searches thinking at once on the server (the others wait their turn),
        so that one room of heavy bots cannot take every core from the rooms of people.
    :ivar body_bytes: the longest HTTP request body read.
    :ivar sockets_per_address: WebSockets open at once from one address (the next is closed with
        4429).
    :ivar spectators_per_game: sockets a game's room takes in before it turns spectators away
        (4429); a seat's socket is let in past it, up to ``sockets_per_seat``.
    :ivar sockets_per_seat: sockets open at once with one seat's token (several tabs, a reconnect
        before the old socket is noticed gone).
    :ivar socket_backlog: characters sent to one socket that may wait unread before the socket is
        dropped (closed with 4008) rather than buffered for (docs/server.md: what a state message
        sent whole may weigh).
    """

    games_per_minute: int = 10
    open_games: int = 20
    max_bot_seconds: float = 2.0
    max_bot_iters: int = 20_000
    max_bot_depth: int = 200
    searches_at_once: int = 1
    body_bytes: int = 64 * 1024
    sockets_per_address: int = 32
    spectators_per_game: int = 64
    sockets_per_seat: int = 4
    socket_backlog: int = 4 * 1024 * 1024


def remote_seat_kind(spec: GameSpec, item: str, limits: Limits) -> str:
    """A seat kind a remote client asks for, within the limits, before anything loads it:
    ``human``, ``bot``, a level (``bot:hard``) whose bot is within the ceilings, one of the game's
    own bots (or one of them with mistakes), or a search (``mcts``, ``ismcts``) whose ``iters``,
    ``time`` and ``depth`` are under the ceilings; a search without ``time`` gets
    ``time=max_bot_seconds``. A bot kind that loads code (``py:MODULE:CLASS``) is refused.

    :raises ServerError: naming the level this server cannot seat, the parameter over its ceiling,
        or the kind refused.
    """
    if not isinstance(item, str) or item == HUMAN:
        return item
    name = item.removeprefix(BOT_PREFIX)
    if name == "bot":
        name = DEFAULT_LEVEL
    if is_level(name):
        try:
            bot = remote_bot(spec, resolve_bot(spec, name), limits)
        except (BotNameError, ServerError) as e:
            seated = ", ".join(level for level, why in seatable_levels(spec, limits).items() if why is None)
            raise ServerError(f"{spec.id}: this server cannot seat the {summary(name)} level: {e} "
                              f"(the levels it seats: {seated or 'none'})") from None
        return item if bot == resolve_bot(spec, name) else BOT_PREFIX + bot
    return BOT_PREFIX + remote_bot(spec, name, limits)


def remote_bot(spec: GameSpec, name: str, limits: Limits) -> str:
    """Bot ``name`` (not a level) if a remote client may seat it, with ``time`` added to a search
    that has none.

    :raises ServerError: naming the parameter over its ceiling or the kind refused.
    """
    if name in spec.bot_names():
        return name
    kind = name.split(":")[0]
    if kind in CHEAP_KINDS:
        try:
            check_bot_name(spec, name)
        except BotNameError as e:
            raise ServerError(str(e)) from None
        return name
    if kind == LOOKAHEAD_KIND:
        return _remote_lookahead(spec, name, limits)
    if kind not in SEARCHES:
        cheap = [*CHEAP_KINDS, *([LOOKAHEAD_KIND] if lookahead_plays(spec) else [])]
        raise ServerError(f"{spec.id}: no seat kind {summary(name)} on this server: it seats human, bot, the levels "
                          f"({', '.join(LEVELS)}), the game's own bots ({', '.join(spec.bot_names())}), "
                          f"{', '.join(cheap)} and the searches {', '.join(SEARCHES)}")
    try:
        settings = parse_search(spec, name)
    except BotNameError as e:
        raise ServerError(str(e)) from None
    assert settings is not None
    _shipped_model_only(spec, name, settings.value)
    budget = settings.budget
    return _held(spec, name, budget.seconds, limits, (budget.iterations, limits.max_bot_iters, "iters"),
                 (settings.depth, limits.max_bot_depth, "depth"))


def _remote_lookahead(spec: GameSpec, name: str, limits: Limits) -> str:
    """A ``lookahead`` bot within the ceilings: its ``time`` at most ``max_bot_seconds`` (given
    that if it has none: its playouts to the end of a game have no other bound) and its playouts a
    decision (``rollouts`` × ``options``) at most ``max_bot_iters``. Its ``depth`` is not held to
    ``max_bot_depth`` (a search's rollout depth): a playout without one runs to the end of the
    game, so a depth only shortens it, and the time ceiling bounds it either way."""
    try:
        settings = parse_lookahead(spec, name)
    except BotNameError as e:
        raise ServerError(str(e)) from None
    _shipped_model_only(spec, name, settings.value)
    return _held(spec, name, settings.seconds, limits,
                 (settings.rollouts * settings.options, limits.max_bot_iters, "rollouts × options"))


def _shipped_model_only(spec: GameSpec, name: str, value: str | None) -> None:
    """A remote client's bot may value positions by the game's shipped model (``value=learned``),
    never by a file of the server's it names (the server would read any path it was given).

    :raises ServerError: for ``value=PATH``.
    """
    if value is not None and value != SHIPPED:
        raise ServerError(f"{spec.id}: bot {summary(name)}: value is {SHIPPED} (the game's own model) on this "
                          "server, not a file's path")


def _held(spec: GameSpec, name: str, seconds: float | None, limits: Limits,
          *ceilings: tuple[float | None, float, str]) -> str:
    """Bot ``name`` if its ``seconds`` and each ``(value, ceiling, parameter)`` are within the
    server's ceilings, with ``time=max_bot_seconds`` added if it has no time of its own (iterations
    or playouts alone take as long as the game makes them).

    :raises ServerError: naming the first parameter over its ceiling, and its value where the bot's
        name does not give it (a default of the game's).
    """
    for value, ceiling, key in ((seconds, limits.max_bot_seconds, "time"), *ceilings):
        if value is not None and value > ceiling:
            given = f":{key}=" in name or " " in key  # a product of parameters is never a default
            raise ServerError(f"{spec.id}: bot {name[:80]!r}: {key} is at most {ceiling:g} on this server"
                              + ("" if given else f" (the game's {key} is {value:g}: give a smaller one)"))
    if seconds is None:
        name += f":time={limits.max_bot_seconds:g}"
    return name


def seatable_bots(spec: GameSpec, limits: Limits) -> list[str]:
    """The bots and kinds a remote client may seat here by their bare names (the lobby's menu
    after the levels): the game's own bots, ``mistakes`` and the searches, not ``py``."""
    out = []
    for name in sorted({*spec.bot_names(), *bot_kinds()}):
        try:
            remote_bot(spec, name, limits)
        except ServerError:
            continue
        out.append(name)
    return out


def seatable_levels(spec: GameSpec, limits: Limits) -> dict[str, str | None]:
    """Per level, ``None`` if a remote client may seat it here, else why not (for the lobby)."""
    out: dict[str, str | None] = {}
    for level in LEVELS:
        try:
            remote_bot(spec, resolve_bot(spec, level), limits)
            out[level] = None
        except (BotNameError, ServerError) as e:
            out[level] = str(e)
    return out


@dataclass
class ClientLimits:
    """The games each address made, to hold it to :class:`Limits` (kept while the server runs)."""

    limits: Limits
    clock: Callable[[], float] = time.monotonic
    made_at: dict[str, deque[float]] = field(default_factory=dict)
    made: dict[str, set[int]] = field(default_factory=dict)

    def check(self, address: str, still_open: Callable[[Iterable[int]], set[int]]) -> None:
        """Whether ``address`` may make a game now.

        :param still_open: which of the given game ids are not finished yet (the store's answer).
        :raises LimitError: if it made too many this minute, or has too many open.
        """
        now = self.clock()
        times = self.made_at.get(address)
        if times is not None:
            while times and times[0] <= now - 60:
                times.popleft()
            if len(times) >= self.limits.games_per_minute:
                wait = max(1, int(times[0] + 60 - now) + 1)
                raise LimitError(f"at most {self.limits.games_per_minute} games a minute from one address; "
                                 f"try again in {wait} s")
        mine = self.made.get(address)
        if mine:
            mine &= still_open(mine)
            if len(mine) >= self.limits.open_games:
                raise LimitError(f"at most {self.limits.open_games} unfinished games made from one address; "
                                 "finish or delete one first")

    def record(self, address: str, game_id: int) -> None:
        """``address`` made game ``game_id``."""
        self.made_at.setdefault(address, deque()).append(self.clock())
        self.made.setdefault(address, set()).add(game_id)

    def forget(self, game_id: int) -> None:
        """The game is gone (deleted)."""
        for mine in self.made.values():
            mine.discard(game_id)


def is_search(spec: GameSpec, kind: str) -> bool:
    """Whether a seat of this kind (``bot:mcts:…``, a level that is a search or a lookahead)
    thinks for long: a search or a lookahead, not a rule bot."""
    found = resolve_bot(spec, kind.removeprefix(BOT_PREFIX)).split(":")[0]
    return found in SEARCHES or found == LOOKAHEAD_KIND


def search_slots(limits: Limits) -> asyncio.Semaphore:
    """The searches that may think at once (made on the server's event loop)."""
    return asyncio.Semaphore(max(1, limits.searches_at_once))

