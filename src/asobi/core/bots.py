"""Bots by name: the one maker of every bot a seat may be given.

A seat's bot is named by a level (``easy``, ``normal``, ``hard``, ``expert``: the bot its game
declares for it, :class:`~.hooks.Levels`), ``random``, one of its game's own bots (``spec.bots``:
``rule``…), or a kind of bot any game may be given, with ``:name=value`` parameters
(``mcts:iters=200``, ``ismcts:time=0.5:rollout=rule``, ``py:my_bots:Greedy``). A level takes the
parameters of the kind it is too (``hard:iters=50``: the game's hard search with 50 iterations).
Those kinds are found as games are: by entry points, in the group ``asobi.bots`` (asobi's own
searches and the user's-class kind are declared by asobi's ``pyproject.toml``), so the engine
imports one only when a name asks for it. Every front end, simulation and test makes bots here.

A bot is seeded from the game's seed and its seat, or from a secret source when the game has no
seed (live play: nothing shown can predict a bot).
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from .agent import Agent, RandomAgent
from .errors import AsobiError
from .hooks import LEVELS, Level
from .seeding import bot_seed

if TYPE_CHECKING:
    from .spec import GameSpec

BOT_KINDS_GROUP = "asobi.bots"
HUMAN = "human"
"""A seat a person plays (decided through ``Match.submit``)."""
BOT_PREFIX = "bot:"
DEFAULT_LEVEL = "normal"
"""The level a seat named just ``bot`` plays."""
ENGINE_LEVELS = {
    "easy": Level("random", 0.1),
    "hard": Level("ismcts:time=1", 1.0),
    "expert": Level("ismcts:time=5", 5.0),
}
"""The levels of a game that declares none of its own (normal: its rule bot, else ``random``)."""


class BotNameError(AsobiError):
    """A bot name or one of its parameters is not understood."""


def bot_parameters(name: str, known: tuple[str, ...], example: str) -> dict[str, str]:
    """The ``key=value`` parameters of bot ``name`` (``kind:key=value:…``), each known and given once.

    :raises BotNameError: naming the parameter that is wrong, with ``example`` as a right one.
    """
    kind, *params = name.split(":")
    values: dict[str, str] = {}
    for item in params:
        key, eq, value = (part.strip() for part in item.partition("="))
        if not eq or not key or not value:
            raise BotNameError(f"bot {name!r}: parameter {item!r} is not name=value (e.g. {example})")
        if key not in known:
            raise BotNameError(f"bot {name!r}: {kind} has no parameter {key!r} (its parameters: {', '.join(known)})")
        if key in values:
            raise BotNameError(f"bot {name!r}: parameter {key!r} is given twice")
        values[key] = value
    return values


@dataclass(frozen=True)
class BotKind:
    """A kind of bot any game may be given, named with its parameters (``mcts:iters=200``).

    :ivar make: ``make(spec, name, seed, options)``: the bot ``name`` names, from its own seed.
    :ivar check: ``check(spec, name)``: raises :class:`BotNameError` naming what is wrong with
        ``name`` for this game (a parameter, a hook the game lacks).
    :ivar example: a name to show in help texts (``mcts:time=0.5``).
    :ivar plays: ``plays(spec)``: whether the kind can play the game at all (a kind that needs a
        hook the game may lack says so, and is not offered for a game without it); ``None``: every
        game.
    """

    make: Callable[[GameSpec, str, int, Mapping[str, Any]], Agent]
    check: Callable[[GameSpec, str], None]
    example: str = ""
    plays: Callable[[GameSpec], bool] | None = None


@cache
def _kind_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {point.name: point for point in importlib.metadata.entry_points(group=BOT_KINDS_GROUP)}


@cache
def _kind(name: str) -> BotKind:
    point = _kind_points()[name]
    try:
        kind = point.load()
    except Exception as e:  # a plugin's own import failing: said with its entry point
        raise BotNameError(f"bot kind {name!r} ({point.value}) cannot be loaded: {type(e).__name__}: {e}") from e
    if not isinstance(kind, BotKind):
        raise BotNameError(f"bot kind {name!r} ({point.value}) is a {type(kind).__name__}, not a BotKind")
    return kind


def bot_kinds(spec: GameSpec | None = None) -> list[str]:
    """The kinds of bot (``mcts``, ``ismcts``, ``py``…); with ``spec``, those that can play it
    (:attr:`BotKind.plays`; a kind that cannot be loaded is listed, and says why when named)."""
    names = sorted(_kind_points())
    return names if spec is None else [name for name in names if _plays(spec, name)]


def _plays(spec: GameSpec, name: str) -> bool:
    try:
        plays = _kind(name).plays
    except BotNameError:
        return True
    return plays is None or plays(spec)


def bot_names(spec: GameSpec) -> list[str]:
    """Every bot a seat of ``spec`` may be given: the levels, weakest first, then the game's own
    bots and the kinds (which take parameters)."""
    return [*LEVELS, *sorted({*spec.bot_names(), *bot_kinds(spec)})]


def game_level(spec: GameSpec, level: str) -> Level:
    """The bot ``spec`` declares for ``level`` (:class:`~.hooks.Levels`), or the engine's default.

    :raises BotNameError: for a name that is no level.
    """
    if level not in LEVELS:
        raise BotNameError(f"no level {level!r}; the levels are {', '.join(LEVELS)}")
    declared: Level | None = getattr(spec.levels, level)
    if declared is not None:
        return declared
    if level == "normal":
        return Level("rule" if "rule" in spec.bots else "random", 1.0)
    return ENGINE_LEVELS[level]


def is_level(name: str) -> bool:
    """Whether bot ``name`` is a level (``hard``, or ``hard:iters=50`` with parameters)."""
    return name.split(":")[0] in LEVELS


def resolve_bot(spec: GameSpec, name: str) -> str:
    """The bot ``name`` plays: for a level, the bot its game declares for it, with the parameters
    ``name`` gives in place of the level's own (``hard:iters=50``); any other name as it is.

    :raises BotNameError: for parameters given to a level whose bot takes none.
    """
    level, _, given = name.partition(":")
    if level not in LEVELS:
        return name
    bot = game_level(spec, level).bot
    if not given:
        return bot
    kind, _, own = bot.partition(":")
    items = [item for item in own.split(":") if item]
    if kind not in _kind_points() or any("=" not in item for item in (*items, *given.split(":"))):
        raise BotNameError(f"{spec.id}: level {level!r} is the bot {bot!r}, which takes no name=value parameters")
    params = dict(item.partition("=")[::2] for item in items)
    params.update(item.partition("=")[::2] for item in given.split(":"))
    return ":".join([kind, *(f"{key}={value}" for key, value in params.items())])


def check_bot_name(spec: GameSpec, name: str) -> str:
    """``name`` if a seat of ``spec`` may be given that bot (a level: if its bot may be).

    :raises BotNameError: for an unknown bot or a bad parameter.
    """
    if is_level(name):
        bot = resolve_bot(spec, name)
        try:
            if is_level(bot):
                raise BotNameError("a level is a bot of the game's or a kind, not another level")
            check_bot_name(spec, bot)
        except BotNameError as e:
            raise BotNameError(f"{spec.id}: level {name!r} is the bot {bot!r}: {e}") from None
        return name
    own = spec.bot_names()
    if name in own:
        return name
    kind = name.split(":")[0]
    if kind in own:
        raise BotNameError(f"{spec.id}: bot {kind!r} takes no parameters (only {', '.join(bot_kinds(spec))} do)")
    if kind not in _kind_points():
        raise BotNameError(f"{spec.id}: no bot {name!r}; the bots are: {', '.join(bot_names(spec))}{_examples(spec)}")
    _kind(kind).check(spec, name)
    return name


def seat_kind(spec: GameSpec, item: str) -> str:
    """A seat as a record holds it, from what a person wrote: ``human``, or ``bot:NAME`` for
    ``bot`` (the ``normal`` level), ``NAME`` or ``bot:NAME`` (a level, a bot of the game's, a kind
    with its parameters). A level stays a level: the seat plays what its game declares for it.

    :raises BotNameError: for an unknown bot or a bad parameter.
    """
    if item == HUMAN:
        return item
    name = item.removeprefix(BOT_PREFIX)
    if name == "bot":
        name = DEFAULT_LEVEL
    if name.split(":")[0] not in bot_names(spec):
        raise BotNameError(f"{spec.id}: no seat kind {item!r}; use human, bot (the normal level) or bot:NAME "
                           f"({', '.join(bot_names(spec))}){_examples(spec)}")
    return BOT_PREFIX + check_bot_name(spec, name)


def _examples(spec: GameSpec) -> str:
    """How the kinds that play ``spec`` are written, for an error text (`` (e.g. mcts:time=0.5, …)``)."""
    examples = ", ".join(e for e in (_kind(k).example for k in bot_kinds(spec)) if e)
    return f" (e.g. {examples})" if examples else ""


def make_bot(spec: GameSpec, name: str, seat: int, seed: int | None, options: Mapping[str, Any]) -> Agent:
    """The bot ``name`` for ``seat``, seeded from the game's ``seed`` and the seat (or secretly).

    :raises BotNameError: for an unknown bot or a bad parameter.
    """
    check_bot_name(spec, name)
    name = resolve_bot(spec, name)
    agent_seed = bot_seed(seed, seat)
    if name == "random":
        return RandomAgent(agent_seed)
    factory = spec.bots.get(name)
    if factory is not None:
        return factory(seat, agent_seed, options)
    return _kind(name.split(":")[0]).make(spec, name, agent_seed, options)
