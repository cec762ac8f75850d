"""The kinds of bot asobi offers every game (:class:`~asobi.core.bots.BotKind`, declared in the
``asobi.bots`` entry point group): the searches ``mcts`` and ``ismcts`` with their parameters, and
``py``, a user's own agent class.

A search bot is named ``mcts`` or ``ismcts`` followed by ``:name=value`` parameters (colons, since
seat lists are separated by commas): ``mcts:iters=2000``, ``ismcts:time=0.5:rollout=rule``.

========== ================================================================================
parameter  meaning
========== ================================================================================
iters      iterations (samples) per decision; with only this budget, a seeded search repeats
time       seconds per decision (wall clock; default 0.5 when no budget is given)
rollout    ``random``, ``rule`` (the game's rule bot plays every seat) or ``heuristic`` (the
           game's estimate at the leaf, no rollout); or another of the game's own bots
           (``spec.bots``), or a level whose bot is one of them (``hard``), playing every seat
depth      at most this many rollout steps, then the game's heuristic; ``end``: to the end
c          the exploration constant of UCT
prior      ``rule``: the searching seat tries the game's rule bot's choice first and favours it
           while a node knows little (progressive bias); another of the game's own bots, or a
           level whose bot is one of them (``prior=hard``), in the rule bot's place; ``none``
reuse      ``yes`` (default) or ``no``: whether ``mcts`` starts a decision from the subtree of the
           position reached, kept from its last search (``ismcts`` keeps no tree)
value      ``learned`` (the game's shipped model) or a model file's path (``asobi train``):
           positions the search stops at (after the rollout's ``depth`` steps, or at once with
           ``rollout=heuristic``) are valued by that learned model instead of the game's
           heuristic (:mod:`.learned`). A model made for other rules or data is refused, and the
           bot plays the game's ``hard`` level instead, saying so (a warning)
========== ================================================================================

A parameter the name does not give is the game's (:class:`~asobi.core.hooks.SearchHooks`: its
``rollout``, ``depth``, ``exploration`` and ``prior``, the best its strength ladder measured;
``random``, to the end, 1.0 and ``none`` for a game that declares none), except that
``rollout=heuristic`` in the name drops the game's ``depth``.
"""

from __future__ import annotations

import importlib
import math
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..core.agent import Agent
from ..core.bots import BotKind, BotNameError, bot_parameters, game_level
from ..core.hooks import LEVELS
from ..core.spec import GameSpec
from .evaluate import (
    ROLLOUTS,
    Evaluator,
    Leaf,
    heuristic_value,
    random_rollout,
    rule_policy,
    rule_rollout,
)
from .learned import SCORE_TARGETS, SHIPPED, ModelError, fallback_note, load_model, require_target
from .search import Budget, ISMCTSAgent, MCTSAgent

SEARCHES = {"mcts": MCTSAgent, "ismcts": ISMCTSAgent}
"""The game-independent search bots, by name."""
PARAMETERS = ("iters", "time", "rollout", "depth", "c", "prior", "reuse", "value")
PRIORS = ("none", "rule")
"""The priors every game with a rule bot has a name for; a prior may also name another of the
game's own bots, or a level whose bot is one (:func:`game_bot`)."""
REUSE = {"yes": True, "no": False}
DEFAULT_SECONDS = 0.5


@dataclass(frozen=True)
class SearchSettings:
    """A search bot's parameters, checked."""

    kind: str
    budget: Budget
    rollout: str = "random"
    depth: int | None = None
    exploration: float = 1.0
    prior: str = "none"
    reuse: bool = True
    value: str | None = None
    """``learned`` or a model file's path: the learned value at the leaves (``None``: the heuristic)."""
    budget_given: bool = False
    """Whether the name gave the budget (``iters`` or ``time``), which a fallback keeps."""


def parse_search(spec: GameSpec, name: str) -> SearchSettings | None:
    """The settings of search bot ``name``, or ``None`` if ``name`` is not a search bot.

    :raises BotNameError: naming the parameter that is wrong and why.
    """
    kind = name.split(":", 1)[0]
    if kind not in SEARCHES:
        return None
    values = bot_parameters(name, PARAMETERS, f"{kind}:time=0.5")
    where = f"bot {name!r}"
    iterations = positive_int(values, "iters", where)
    seconds = positive_float(values, "time", where)
    if iterations is None and seconds is None:
        seconds = DEFAULT_SECONDS
    game = spec.search
    rollout = values.get("rollout", game.rollout)
    if rollout == "rule" and "rule" not in spec.bots:
        raise BotNameError(f"{where}: {spec.id} has no rule bot to roll out with")
    if rollout not in ROLLOUTS:
        rollout = game_bot(spec, rollout, "rollout", ROLLOUTS, where)
    prior = values.get("prior", game.prior)
    if prior == "rule" and "rule" not in spec.bots:
        raise BotNameError(f"{where}: {spec.id} has no rule bot to take as a prior")
    if prior not in PRIORS:
        prior = game_bot(spec, prior, "prior", PRIORS, where)
    if values.get("depth") == "end":
        depth = None
    elif "depth" in values:
        depth = positive_int(values, "depth", where, allow_zero=True)
    else:
        depth = None if rollout == "heuristic" else game.depth
    if (rollout == "heuristic" or depth is not None) and spec.search.heuristic is None:
        raise BotNameError(f"{where}: {spec.id} declares no heuristic to value an unfinished game "
                           f"(use a rollout to the end: rollout=random or rule, without depth)")
    if rollout == "heuristic" and depth is not None:
        raise BotNameError(f"{where}: rollout=heuristic plays no steps; depth goes with rollout=random or rule")
    exploration = positive_float(values, "c", where, allow_zero=True)
    reuse = values.get("reuse", "yes")
    if reuse not in REUSE:
        raise BotNameError(f"{where}: reuse must be yes or no, not {reuse!r}")
    if kind == "ismcts" and "reuse" in values:
        raise BotNameError(f"{where}: ismcts keeps no tree between decisions; reuse goes with mcts")
    value = values.get("value")
    if value is not None:
        if spec.search.heuristic is None or spec.spaces.write_observation is None:
            raise BotNameError(f"{where}: {spec.id} declares no heuristic and observation tensor to learn a value from")
        if rollout != "heuristic" and depth is None:
            raise BotNameError(f"{where}: a learned value values the position a rollout stops at; give a depth "
                               f"or rollout=heuristic")
    return SearchSettings(kind, Budget(iterations, seconds), rollout, depth,
                          game.exploration if exploration is None else exploration, prior, REUSE[reuse], value,
                          budget_given="iters" in values or "time" in values)


def game_bot(spec: GameSpec, name: str, key: str, known: tuple[str, ...], where: str) -> str:
    """The game's own bot (a key of ``spec.bots``) that a search's ``prior`` or ``rollout``
    (``key``) names: that bot's name, or a level whose bot is one of the game's own (``hard``).

    :raises BotNameError: for any other name, listing those ``key`` may take.
    """
    bot = name
    if name in LEVELS:
        bot = game_level(spec, name).bot
    if bot in spec.bots:
        return bot
    levels = [level for level in LEVELS if game_level(spec, level).bot in spec.bots]
    choices = ", ".join(dict.fromkeys([*known, *sorted(spec.bots), *levels]))
    if name in LEVELS:
        raise BotNameError(f"{where}: {key}={name}: {spec.id}'s {name} level is the bot {bot!r}, not one of "
                           f"its own bots; {key} must be one of {choices}")
    raise BotNameError(f"{where}: {key} must be one of {choices}, not {name!r}")


def search_defaults(spec: GameSpec) -> str:
    """The parameters a bare ``mcts`` or ``ismcts`` takes from ``spec``, as a name writes them
    (``prior=rule:rollout=rule:depth=20:c=1``)."""
    game = spec.search
    depth = "end" if game.depth is None or game.rollout == "heuristic" else str(game.depth)
    return f"prior={game.prior}:rollout={game.rollout}:depth={depth}:c={game.exploration:g}"


def positive_int(values: Mapping[str, str], key: str, where: str, allow_zero: bool = False) -> int | None:
    """Parameter ``key`` of a bot's name as a whole number ≥ 1 (≥ 0 with ``allow_zero``), or
    ``None`` if not given.

    :raises BotNameError: naming the parameter, what it must be and what it was."""
    text = values.get(key)
    if text is None:
        return None
    try:
        number = int(text)
    except ValueError:
        number = -1
    if number < 0 or (number == 0 and not allow_zero):
        bound = "a whole number ≥ 0" if allow_zero else "a whole number ≥ 1"
        if key == "depth":
            bound += " or end"
        raise BotNameError(f"{where}: {key} must be {bound}, not {text!r}")
    return number


def positive_float(values: Mapping[str, str], key: str, where: str, allow_zero: bool = False) -> float | None:
    """Parameter ``key`` of a bot's name as a finite number > 0 (≥ 0 with ``allow_zero``), or
    ``None`` if not given.

    :raises BotNameError: naming the parameter, what it must be and what it was."""
    text = values.get(key)
    if text is None:
        return None
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not math.isfinite(number) or number < 0 or (number == 0 and not allow_zero):
        bound = "a number ≥ 0" if allow_zero else "a number of seconds > 0" if key == "time" else "a number > 0"
        raise BotNameError(f"{where}: {key} must be {bound}, not {text!r}")
    return number


USER_PREFIX = "py:"
"""A bot that is a user's own class: ``py:MODULE:CLASS`` (MODULE importable, e.g. ``my_bots``)."""


def user_agent_class(name: str) -> type[Agent]:
    """The class ``py:MODULE:CLASS`` names: an :class:`~asobi.core.agent.Agent` subclass, made as
    ``CLASS(seed)`` (an int, for its own ``random.Random``) and asked ``act(observation)``.

    :raises BotNameError: if the module does not import or the class is not an Agent.
    """
    module_name, _, class_name = name.removeprefix(USER_PREFIX).partition(":")
    if not module_name or not class_name:
        raise BotNameError(f"bot {name!r}: a user's bot is py:MODULE:CLASS, e.g. py:my_bots:Greedy")
    try:
        module = importlib.import_module(module_name)
    except Exception as e:  # whatever the user's module raises on import is reported, not a traceback
        raise BotNameError(f"bot {name!r}: module {module_name!r} does not import: {type(e).__name__}: {e}") from None
    cls = getattr(module, class_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise BotNameError(f"bot {name!r}: {module_name}.{class_name} is not an asobi.core.agent.Agent subclass")
    return cls


def make_search(spec: GameSpec, settings: SearchSettings, seed: int, options: Mapping[str, Any]) -> Agent:
    """The search bot ``settings`` describe. One whose learned value cannot be used (a model made
    for other rules or data, a file that cannot be read) is the game's ``hard`` level instead: a
    warning says so, and the bot's ``fallback`` holds what was said."""
    leaf: Leaf | None = None
    if settings.value is not None:
        try:
            checked = spec.validate_options(options)
            model = load_model(spec, settings.value, checked)
            require_target(model, SCORE_TARGETS, "a search's leaf")
            leaf = model.values(spec, checked)
        except ModelError as e:
            return _fallback(spec, settings, seed, options, e)
    evaluator: Evaluator
    limit = settings.depth if settings.depth is not None else spec.info.max_steps
    if settings.rollout == "heuristic":
        evaluator = heuristic_value(spec, leaf)
    elif settings.rollout == "random":
        evaluator = random_rollout(limit, heuristic=spec.search.heuristic, leaf=leaf)
    else:  # rule, or another of the game's own bots
        evaluator = rule_rollout(spec, options, seed, limit, leaf=leaf, bot=settings.rollout)
    prior = None if settings.prior == "none" else rule_policy(spec, options, seed, bot=settings.prior)
    return SEARCHES[settings.kind](seed, settings.budget, evaluator, settings.exploration, prior, settings.reuse)


def _fallback(spec: GameSpec, settings: SearchSettings, seed: int, options: Mapping[str, Any],
              error: ModelError) -> Agent:
    """The game's hard level in place of a search whose learned value was refused (where hard is
    not a search bot without a model, the same search with the game's heuristic), at the budget
    the name gave, if it gave one (as ``hard:iters=N`` would be)."""
    hard = game_level(spec, "hard").bot
    found = parse_search(spec, hard)
    if found is None or found.value is not None:  # hard is no search bot (made without a seat) or needs a model
        found = replace(settings, value=None)
        hard = "the same search with the game's heuristic"
    elif settings.budget_given:
        found = replace(found, budget=settings.budget)
        hard = f"{hard}, at the budget asked for: {_budget_text(settings.budget)}"
    agent, instead = make_search(spec, found, seed, options), hard
    note = fallback_note(spec, f"{settings.kind}:value={settings.value}", error, instead)
    warnings.warn(note, LearnedValueWarning, stacklevel=2)
    agent.fallback = note  # type: ignore[attr-defined]
    return agent


def _budget_text(budget: Budget) -> str:
    parts = [f"iters={budget.iterations}"] if budget.iterations is not None else []
    return ":".join(parts + ([f"time={budget.seconds:g}"] if budget.seconds is not None else []))


class LearnedValueWarning(UserWarning):
    """A search bot could not use its learned value and plays another bot (the warning says which)."""


def _make_search(spec: GameSpec, name: str, seed: int, options: Mapping[str, Any]) -> Agent:
    settings = parse_search(spec, name)
    assert settings is not None  # the kind's own name
    return make_search(spec, settings, seed, options)


def _check_search(spec: GameSpec, name: str) -> None:
    settings = parse_search(spec, name)
    assert settings is not None  # the kind's own name
    check_model_file(name, settings.value)


def check_model_file(name: str, value: str | None) -> None:
    """That a model named by its path (``value=PATH``) is a file: a path that names nothing is a
    mistake in the bot's name, said before the game starts. (A model that is there but made for
    other rules or data is refused when the bot is made, and the bot plays ``hard``, saying so.)

    :raises BotNameError: naming the path.
    """
    if value is not None and value != SHIPPED and not Path(value).is_file():
        raise BotNameError(f"bot {name!r}: value={value}: no model file there (give the path of one "
                           f"`asobi train` made, or {SHIPPED}: the game's own)")


def _make_user_agent(spec: GameSpec, name: str, seed: int, options: Mapping[str, Any]) -> Agent:
    return user_agent_class(name)(seed)  # type: ignore[call-arg]


def _check_user_agent(spec: GameSpec, name: str) -> None:
    user_agent_class(name)


MCTS = BotKind(_make_search, _check_search, "mcts:time=0.5")
ISMCTS = BotKind(_make_search, _check_search, "ismcts:iters=2000:rollout=rule")
USER_AGENT = BotKind(_make_user_agent, _check_user_agent, "py:MODULE:CLASS")
"""The kinds, named by the ``asobi.bots`` entry points in asobi's ``pyproject.toml``."""
