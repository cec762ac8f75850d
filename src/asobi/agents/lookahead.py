"""A bot that plays one of the game's own bots but looks ahead where a choice is few and matters.

``lookahead:base=hard:verbs=declare+develop:options=4:rollouts=8`` plays the base bot (one of the
game's own bots, or a level whose bot is one: ``hard``) at every decision, except a decision whose
legal actions are at most ``options`` and include one whose verb (the action's first item) is one
of ``verbs``. There it values each legal action by ``rollouts`` playouts: the action applied to a
copy of the position (a determinization: :meth:`~asobi.core.agent.Observation.determinize`), then
the base bot on every seat (a fresh bot each playout, as in a game just begun with it) and chance
by its probabilities, for ``depth`` steps or to the end. A playout's value is the game's margin
(``spec.study.margin``, a finer score than the outcome, such as a team's lead in points) for the
deciding seat, read from the game's metrics where the playout stops: at the end, the final margin;
cut short, the margin as it stands, or, with ``value``, a learned model's estimate of the final
margin from that position (:mod:`asobi.agents.learned`, a model of the target ``margin``:
``asobi train GAME --target margin``). Every action is played out with the same seeds (common random
numbers: the same bots' seeds and the same chance generator for the playout of each index), so
the luck of the dice weighs alike on each and the comparison sees the choice, not the dice. The
base bot's choice stands unless another action's mean is higher by more than ``lead`` (in the
margin's units) and by more than ``z`` standard errors of the difference (from the differences
playout by playout, the pairs common random numbers make); of those, the highest mean (ties: the
first in the legal order).

========== ================================================================================
parameter  meaning
========== ================================================================================
base       the bot played at every decision and in the playouts: one of the game's own bots
           (``spec.bots``) or a level whose bot is one (default ``hard``)
verbs      the verbs of the decisions looked at, joined by ``+`` (``declare+develop``); ``any``
           (default): every decision with at most ``options`` legal actions
options    the most legal actions a decision may have to be looked at (default 4, at least 2)
rollouts   playouts per legal action (default 8)
depth      at most this many steps a playout (decisions and chance outcomes); ``end`` (default):
           to the end of the game
lead       how much better by the margin's mean another action must be to replace the base
           bot's choice (default 0.5; 0: any better mean)
z          how many standard errors of the paired difference it must be better by as well
           (default 2; 0: no such test; with one playout there is no standard error, and only
           ``lead`` counts)
screen     ``yes`` (default): every action is played out the first half of the playouts, and
           only those whose mean then leads the base bot's choice's (with that choice) the
           second half; where none does, the base's choice stands at half the cost. ``no``:
           every action all the playouts
value      with ``depth``: a playout cut short is valued by a learned model of the final margin
           (``learned``: the game's shipped model; or a model file's path) instead of the
           margin as it stands. A model made for other rules, data or a target other than
           ``margin`` is refused: the bot then plays the game's ``hard`` level's bot (or, if
           that is none of the game's own bots, the base bot) and a warning says so
time       seconds of wall-clock time a looked-at decision may take (default: no limit): the
           playouts go in rounds (the playout of each index for every action in turn), and no
           round starts once the time is up; the actions are compared on the rounds played
           (at least one). A limit the playouts do not reach changes nothing
========== ================================================================================

It is deterministic for a given seed (unless ``time`` cuts a decision's playouts short): the playouts' seeds come from the bot's seed and the count
of decisions it has looked at. It reads nothing but its observation (its playouts start from a
determinization of it), so it plays fair in a game that hides something, though it then plays
out one sample of what it cannot see.
"""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from ..core.actions import Action
from ..core.agent import Agent, Observation
from ..core.bots import BotKind, BotNameError, bot_parameters, game_level
from ..core.seeding import derive_seed
from ..core.spec import GameSpec
from ..core.state import GameState
from .evaluate import margins, mute_log, play_by_bots
from .learned import ModelError, fallback_note, load_model, require_target
from .names import LearnedValueWarning, check_model_file, game_bot, positive_float, positive_int

KIND = "lookahead"
"""The kind's name (its ``asobi.bots`` entry point)."""
PARAMETERS = ("base", "verbs", "options", "rollouts", "depth", "lead", "z", "screen", "time", "value")
SCREEN = {"yes": True, "no": False}
EXAMPLE = "lookahead:rollouts=8"


@dataclass(frozen=True)
class LookaheadSettings:
    """A lookahead bot's parameters, checked."""

    base: str = "hard"
    """The game's own bot it plays (a key of ``spec.bots``, a level already resolved)."""
    verbs: frozenset[str] | None = None
    """The verbs of the decisions it looks at; ``None``: any."""
    options: int = 4
    rollouts: int = 8
    depth: int | None = None
    """At most this many steps a playout; ``None``: to the end."""
    lead: float = 0.5
    z: float = 2.0
    screen: bool = True
    seconds: float | None = None
    """No round of playouts starts after this many seconds of a decision; ``None``: no limit."""
    value: str | None = None
    """The learned model valuing a playout cut short (``learned`` or a path); ``None``: the margin as it stands."""


def plays(spec: GameSpec) -> bool:
    """Whether the lookahead can play ``spec``: a game that declares a margin to value a playout by."""
    return spec.study.margin is not None


def parse_lookahead(spec: GameSpec, name: str) -> LookaheadSettings:
    """The settings of ``lookahead:…``.

    :raises BotNameError: naming the parameter that is wrong and why.
    """
    values = bot_parameters(name, PARAMETERS, EXAMPLE)
    where = f"bot {name!r}"
    if not plays(spec):
        raise BotNameError(f"{where}: lookahead cannot play {spec.id}, which has no margin to value a playout by "
                           "(its spec.study.margin)")
    base = game_bot(spec, values.get("base", "hard"), "base", (), where)
    verbs: frozenset[str] | None = None
    text = values.get("verbs", "any")
    if text != "any":
        items = text.split("+")
        if any(not item for item in items):
            raise BotNameError(f"{where}: verbs must be verbs joined by + (e.g. declare+develop) or any, not {text!r}")
        verbs = frozenset(items)
    options = positive_int(values, "options", where)
    if options == 1:
        raise BotNameError(f"{where}: options must be a whole number ≥ 2, not {values['options']!r}")
    rollouts = positive_int(values, "rollouts", where)
    depth = positive_int(values, "depth", where) if values.get("depth", "end") != "end" else None
    lead = positive_float(values, "lead", where, allow_zero=True)
    z = positive_float(values, "z", where, allow_zero=True)
    screen = values.get("screen", "yes")
    if screen not in SCREEN:
        raise BotNameError(f"{where}: screen must be yes or no, not {screen!r}")
    seconds = positive_float(values, "time", where)
    value = values.get("value")
    if value is not None and depth is None:
        raise BotNameError(f"{where}: value={value} values a playout cut short: give a depth (depth=500)")
    return LookaheadSettings(base, verbs, options or 4, rollouts or 8, depth, 0.5 if lead is None else lead,
                             2.0 if z is None else z, SCREEN[screen], seconds, value)


class BaseBot(Agent):
    """One of the game's own bots (``spec.bots[name]``), made for its seat at its first decision."""

    def __init__(self, spec: GameSpec, name: str, seed: int, options: Mapping[str, Any]) -> None:
        self.factory = spec.bots[name]
        self.name = name
        self.seed = seed
        self.options = options
        self.bot: Agent | None = None

    def act(self, obs: Observation) -> Action:
        if self.bot is None:
            self.bot = self.factory(obs.seat, derive_seed(self.seed, "base"), self.options)
        return self.bot.act(obs)


class LookaheadAgent(Agent):
    """Plays ``spec.bots[settings.base]`` for its seat, looking ahead at the decisions the settings
    name (see the module's description)."""

    def __init__(self, spec: GameSpec, settings: LookaheadSettings, seed: int, options: Mapping[str, Any],
                 leaf: Callable[[GameState], list[float]] | None = None) -> None:
        self.spec = spec
        self.leaf = leaf
        """The learned model's margins for a playout cut short (``settings.value``), or ``None``."""
        self.settings = settings
        self.seed = seed
        self.options = options
        self.factory = spec.bots[settings.base]
        self.base = BaseBot(spec, settings.base, seed, options)
        self.looked = 0
        """Decisions looked at so far (each one's playouts take their seeds from its number)."""
        self.last: dict[Action, float] | None = None
        """The last decision looked at: each legal action's mean margin (for tests and the curious)."""

    def act(self, obs: Observation) -> Action:
        choice = self.base.act(obs)
        legal = obs.legal
        if not self.looks_at(legal):
            return choice
        self.looked += 1
        seconds = self.settings.seconds
        deadline = time.perf_counter() + seconds if seconds is not None else math.inf
        rollouts = self.settings.rollouts
        first = (rollouts + 1) // 2 if self.settings.screen else rollouts
        values: dict[Action, list[float]] = {action: [] for action in legal}
        self.rounds(obs, values, 0, first, deadline)
        if first < rollouts and len(values[choice]) == first:
            # the second half only for the actions that lead the base's choice so far
            ahead = [a for a in legal if a == choice or _mean(values[a]) > _mean(values[choice])]
            values = {action: values[action] for action in ahead}
            if len(ahead) > 1:
                self.rounds(obs, values, first, rollouts, deadline)
        means = {action: _mean(found) for action, found in values.items()}
        self.last = means
        best = max(values, key=lambda action: means[action])  # the first of equal means
        return best if best != choice and self.better(values[best], values[choice]) else choice

    def better(self, found: list[float], base: list[float]) -> bool:
        """Whether playouts ``found`` beat the base bot's choice's ``base`` (the same seeds, pair
        by pair) by more than ``lead`` and by more than ``z`` standard errors."""
        differences = [a - b for a, b in zip(found, base, strict=True)]
        n = len(differences)
        mean = sum(differences) / n
        if mean <= self.settings.lead:
            return False
        if n < 2 or self.settings.z == 0:
            return True
        variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
        return mean > self.settings.z * math.sqrt(variance / n)

    def looks_at(self, legal: tuple[Action, ...]) -> bool:
        """Whether a decision with these legal actions is played out."""
        if not 1 < len(legal) <= self.settings.options:
            return False
        verbs = self.settings.verbs
        return verbs is None or any(action[0] in verbs for action in legal)

    def rounds(self, obs: Observation, values: dict[Action, list[float]], start: int, stop: int,
               deadline: float) -> None:
        """Add to each action's ``values`` its margin for the deciding seat in the decision's
        playouts ``start`` to ``stop`` (their indices, which give their seeds), a round (one
        index, every action) at a time; no round starts after ``deadline``, but the first."""
        for index in range(start, stop):
            if index > 0 and time.perf_counter() >= deadline:
                return
            seed = derive_seed(self.seed, "playout", self.looked, index)
            for action, found in values.items():
                state = obs.determinize(Random(derive_seed(seed, "sample")))
                mute_log(state)
                state.apply_unchecked(action)
                found.append(self.play_out(state, seed, obs.seat))

    def play_out(self, state: GameState, seed: int, seat: int) -> float:
        """The base bot on every seat from ``state`` for the playout seeded ``seed``; ``seat``'s
        margin where it stops."""
        spec = self.spec
        limit = self.settings.depth if self.settings.depth is not None else spec.info.max_steps

        def make(mover: int) -> Agent:
            return self.factory(mover, derive_seed(seed, "bot", mover), self.options)

        play_by_bots(spec, state, Random(derive_seed(seed, "chance")), {}, make, limit)
        if self.leaf is not None and state.outcome() is None:
            return self.leaf(state)[seat]
        return margins(spec, state, self.options)[seat]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _make(spec: GameSpec, name: str, seed: int, options: Mapping[str, Any]) -> Agent:
    settings = parse_lookahead(spec, name)
    checked = spec.validate_options(options)
    leaf = None
    if settings.value is not None:
        try:
            model = load_model(spec, settings.value, checked)
            require_target(model, ("margin",), "a lookahead's playout cut short")
        except ModelError as e:
            return _fallback(spec, settings, seed, checked, e)
        leaf = model.values(spec, checked)
    return LookaheadAgent(spec, settings, seed, checked, leaf)


def _fallback(spec: GameSpec, settings: LookaheadSettings, seed: int, options: Mapping[str, Any],
              error: ModelError) -> Agent:
    """The game's ``hard`` level's bot (or the base bot, if ``hard`` is none of the game's own
    bots) in place of a lookahead whose learned value was refused: a warning says so."""
    hard = game_level(spec, "hard").bot
    name = hard if hard in spec.bots else settings.base
    agent = BaseBot(spec, name, seed, options)
    note = fallback_note(spec, f"{KIND}:value={settings.value}", error, name)
    warnings.warn(note, LearnedValueWarning, stacklevel=2)
    agent.fallback = note  # type: ignore[attr-defined]
    return agent


def _check(spec: GameSpec, name: str) -> None:
    check_model_file(name, parse_lookahead(spec, name).value)


LOOKAHEAD = BotKind(_make, _check, EXAMPLE, plays=plays)
"""The kind, named by the ``asobi.bots`` entry point ``lookahead`` in asobi's ``pyproject.toml``."""
