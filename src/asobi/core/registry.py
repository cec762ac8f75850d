"""The registry of games. Each game package registers its :class:`GameSpec` on import."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import AsobiError
from .events import Event, Localizer, render_event
from .options import Option, validate_options

if TYPE_CHECKING:
    from .actions import Action
    from .agent import Agent
    from .spaces import ActionSpace
    from .state import GameState

BotFactory = Callable[[int, int, Mapping[str, Any]], "Agent"]
"""``factory(seat, seed, options)`` makes a bot for one seat."""


@dataclass(frozen=True)
class StopHooks:
    """A game's windows where a seat may play but usually passes, named for clients' *stops*.

    A stop is a client setting — where a person wants to be asked — that the engine never reads:
    the client passes for its person at a window that is not one of their stops, deciding from
    the seat's own view and legal actions like any answer the person gives.

    :ivar names: the stop names a client may choose from (``all``: every window, even one with
        nothing the seat may play).
    :ivar default: the stops a client starts with.
    :ivar window: ``window(view, legal)``: for a decision that is such a window, its stop name
        and whether the seat holds something it may play there; ``None`` for any other decision.
    :ivar pass_action: the action a client takes to pass.
    :ivar descriptions: per stop name, what its windows are, ``(日本語, English)``, for help texts.
    """

    names: tuple[str, ...]
    default: frozenset[str]
    window: Callable[[Mapping[str, Any], Sequence[Action]], tuple[str, bool] | None]
    pass_action: Action
    descriptions: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def auto_answer(self, view: Mapping[str, Any], legal: Sequence[Action], stops: frozenset[str],
                    public_only: bool = False) -> Action | None:
        """The pass a client gives for its person at this decision, or ``None`` to ask them.
        ``public_only`` (several people at one screen): decide on the window's kind alone, never
        on what the seat may play, since the others see whether the screen is handed over."""
        found = self.window(view, legal)
        if found is None or "all" in stops:
            return None
        stop, playable = found
        if not public_only and not playable:
            return self.pass_action  # nothing to play: only "all" shows such a window
        return None if stop in stops else self.pass_action


@dataclass(frozen=True)
class StudyHooks:
    """What a balance study (``asobi study``) reads of a game besides its outcome and metrics.

    :ivar progress: ``progress(state)``: the game's own figures now (Space life, chips on the
        field…), its clock first (``round``, ``turn``); a study samples them when the clock moves
        on and at the end, so they give the figures over time.
    :ivar content: ``content(event)``: ``(seat, content id, played)`` when the event puts a piece of
        content (a card, a unit) into a seat's hand (``played`` false: drawn) or into play (true),
        else ``None``. A study reads it from the log to tell how often each is played and how
        the games went when it was.
    :ivar first_seat: ``first_seat(state)``: the seat that took the first turn, where the rules
        choose it by chance (``None`` where the same seat always starts).
    """

    progress: Callable[[GameState], Mapping[str, float]]
    content: Callable[[Event], tuple[int | None, str, bool] | None]
    first_seat: Callable[[GameState], int | None]


UTILITY_KINDS = ("zero_sum", "constant_sum", "identical", "general_sum")


@dataclass(frozen=True)
class Utility:
    """How the seats' scores relate, declared by the game (OpenSpiel's ``GameType.utility``).

    :ivar kind: ``zero_sum``, ``constant_sum`` (the scores always add up to ``total``),
        ``identical`` (a co-operative game: every seat scores the same) or ``general_sum``.
    :ivar minimum: the lowest score a seat can get.
    :ivar maximum: the highest.
    :ivar total: the sum of the scores (``zero_sum`` and ``constant_sum`` only).
    """

    kind: str
    minimum: float = 0.0
    maximum: float = 1.0
    total: float | None = None

    def __post_init__(self) -> None:
        if self.kind not in UTILITY_KINDS:
            raise AsobiError(f"utility kind must be one of {', '.join(UTILITY_KINDS)}, not {self.kind!r}")
        if (self.total is not None) != (self.kind in ("zero_sum", "constant_sum")):
            raise AsobiError(f"a {self.kind} utility {'needs' if self.total is None else 'has no'} total")


GENERAL_SUM = Utility("general_sum")
"""Scores in [0, 1] with no fixed relation: what a game that declares nothing is taken to be."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the rest of asobi knows about one game.

    :ivar id: short id used on the command line and in records (``legion``).
    :ivar rules_version: bumped whenever a rule change would change a replay.
    :ivar options: the options schema.
    :ivar seat_names: the seat names for given (validated) options.
    :ivar new_state: the initial state for given (validated) options.
    :ivar state_class: the class whose ``from_json`` reads a saved state.
    :ivar messages: message key → (日本語, English) templates for events and outcomes.
    :ivar localize: turns an event argument into text (a card id into its name).
    :ivar render: draws a seat's view as text for the terminal.
    :ivar bots: bot name → factory; ``random`` is always available.
    :ivar clauses: clause id → clause text, printed and completion rules alike.
    :ivar conformance_options: the option sets the conformance harness plays.
    :ivar max_steps: no game lasts more steps than this (the harness checks it).
    :ivar prepare_options: turns options a local user gave (a deck file's path…) into what a record
        holds (the deck's contents); records and remote clients go through ``validate_options``
        only, which never reads a file.
    :ivar action_space: the declared action space for given options (fixed integer ids).
    :ivar chance_space: the declared space of chance outcomes for given options.
    :ivar observation_shape: the shape of ``state.observation_tensor(seat)`` for given options.
    :ivar data_hash: a hash of the game's data files, carried by records.
    :ivar heuristic: ``heuristic(state, seat)``: a quick estimate in [0, 1] of how well ``seat``
        stands (its expected score), for search agents that stop short of the end.
    :ivar reveals: the message keys of events that show, by the rules, something hidden until then
        (a card played face up, a hand shown): where such an event is the first thing two branches
        the harness follows differ in, the difference was revealed, not leaked.
    :ivar study: what ``asobi study`` reads of the game over time (:class:`StudyHooks`).
    :ivar older_options: ``older_options(rules_version, options)``: the options of a record made
        under an older rules version, as this version names them — an option added since, whose
        default plays differently, set to what those rules did — so that old games still replay.
    :ivar stops: the game's windows that clients' stops may pass (:class:`StopHooks`).
    :ivar utility: how the seats' scores relate (:class:`Utility`): ladders rate a co-operative
        (``identical``) game's table against the game, and adapters declare it.
    :ivar teams: ``teams(options)``: each seat's side (seats of one side always score alike, as
        byston's camps); by default each seat is its own side (every seat one side when the
        utility is ``identical``).
    :ivar margin: ``margin(metrics, clause, options)``: each seat's margin at the end of a game, on
        a finer scale than its outcome (byston: its camp's lead in GP, 27.2, where nearly every
        game is a draw), from the finished game's :meth:`~GameState.metrics` and the clause that
        ended it; ``None`` when the metrics do not hold it. Ladders report it beside the points.
    :ivar margin_name: what the margin is, in a few words (a ladder's table heading).
    :ivar exploration: UCT's exploration constant for a search bot whose name gives no ``c``: 1 suits
        values that differ a lot between moves (a game played to the end); a game whose heuristic
        moves little per move (byston's: 0.02–0.1 for a hex) wants a smaller one.
    :ivar public_views: every seat's view and a spectator's are one and the same (the game hides
        nothing in its views, as byston): a server makes it once a state for all its sockets. The
        conformance harness checks the claim at every state it looks at.
    """

    id: str
    title_ja: str
    title_en: str
    rules_version: str
    options: tuple[Option, ...]
    seat_names: Callable[[Mapping[str, Any]], tuple[str, ...]]
    new_state: Callable[[Mapping[str, Any]], GameState]
    state_class: type[GameState]
    messages: Mapping[str, tuple[str, str]]
    render: Callable[[dict[str, Any], int | None, str], str]
    clauses: Callable[[], Mapping[str, str]]
    localize: Localizer | None = None
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    conformance_options: tuple[Mapping[str, Any], ...] = ({},)
    max_steps: int = 100_000
    prepare_options: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    action_space: Callable[[Mapping[str, Any]], ActionSpace] | None = None
    chance_space: Callable[[Mapping[str, Any]], ActionSpace] | None = None
    observation_shape: Callable[[Mapping[str, Any]], tuple[int, ...]] | None = None
    data_hash: Callable[[], str] | None = None
    reveals: frozenset[str] = frozenset()
    heuristic: Callable[[GameState, int], float] | None = None
    study: StudyHooks | None = None
    older_options: Callable[[str, Mapping[str, Any]], dict[str, Any]] | None = None
    stops: StopHooks | None = None
    utility: Utility = GENERAL_SUM
    teams: Callable[[Mapping[str, Any]], tuple[int, ...]] | None = None
    public_views: bool = False
    margin: Callable[[Mapping[str, float], str, Mapping[str, Any]], tuple[float, ...] | None] | None = None
    margin_name: str = ""
    exploration: float = 1.0

    def sides(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """Each seat's side for these (validated) options (:attr:`teams`)."""
        if self.teams is not None:
            return self.teams(options)
        n_seats = len(self.seat_names(options))
        return (0,) * n_seats if self.utility.kind == "identical" else tuple(range(n_seats))

    def validate_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        return validate_options(self.id, self.options, raw)

    def local_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options a local user gave, checked and turned into what a record holds
        (:attr:`prepare_options`)."""
        options = self.validate_options(raw)
        return self.prepare_options(options) if self.prepare_options is not None else options

    def new_game(self, raw_options: Mapping[str, Any] | None = None) -> GameState:
        """A new game with options checked against the schema.

        :raises BadOptionsError: if the options are refused.
        """
        return self.new_state(self.validate_options(raw_options))

    def event_text(self, event: Event, lang: str = "en") -> str:
        """An event as text in ``lang``, from this game's catalogue, prefixed by its clause id."""
        return render_event(event, self.messages, lang, self.localize)

    def bot_names(self) -> list[str]:
        return sorted({"random", *self.bots})


class UnknownGameError(AsobiError):
    """No game is registered under this id."""


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Register a game; called once by each game package on import."""
    if spec.id in _REGISTRY and _REGISTRY[spec.id] is not spec:
        raise AsobiError(f"game id {spec.id!r} is registered twice")
    _REGISTRY[spec.id] = spec
    return spec


GAMES_PACKAGE = "asobi.games"
"""Where game packages live; found by name, so the engine imports no game (games import it)."""


def _load_games() -> None:
    pkg = importlib.import_module(GAMES_PACKAGE)
    for info in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(f"{GAMES_PACKAGE}.{info.name}")


def all_games() -> list[GameSpec]:
    """Every registered game, sorted by id."""
    _load_games()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def get_game(game_id: str) -> GameSpec:
    """The game registered as ``game_id``.

    :raises UnknownGameError: naming the games that exist.
    """
    _load_games()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise UnknownGameError(f"no game {game_id!r}; the games are: {', '.join(sorted(_REGISTRY))}") from None
