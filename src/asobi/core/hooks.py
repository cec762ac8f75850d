"""The small typed hook groups a game's spec declares besides its rules.

Each group is read by one part of asobi: :class:`Presentation` by the terminal and the browser,
:class:`StudyHooks` by studies and ladders, :class:`StopHooks` by clients that pass for a person,
:class:`SearchHooks` by the search bots, :class:`Levels` by whatever seats a bot (the bot each
level is), :class:`Utility` by ladders and adapters. A game that has
nothing of a kind leaves the group at its default; every hook in a group is optional unless
marked otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import AsobiError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from .actions import Action
    from .events import Event
    from .state import GameState


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

    def parse(self, text: str) -> frozenset[str]:
        """Stops a person wrote, separated by commas or spaces (``none``: no stop).

        :raises AsobiError: naming an unknown stop and the ones there are.
        """
        items = {t.strip() for t in text.replace(" ", ",").split(",") if t.strip()}
        if items == {"none"}:
            return frozenset()
        unknown = sorted(items.difference(self.names))
        if unknown or not items:
            raise AsobiError(f"unknown stop {', '.join(unknown) or '(none given)'}: "
                             f"choose from {', '.join(self.names)} or none")
        return frozenset(items)


@dataclass(frozen=True)
class StudyHooks:
    """What studies (``asobi study``) and ladders read of a game besides its outcome and metrics.

    :ivar progress: ``progress(state)``: the game's own figures now (Space life, chips on the
        field…), its clock first (``round``, ``turn``); a study samples them when the clock moves
        on and at the end, so they give the figures over time.
    :ivar content: ``content(event)``: ``(seat, content id, played)`` when the event puts a piece of
        content (a card, a unit) into a seat's hand (``played`` false: drawn) or into play (true),
        else ``None``. A study reads it from the log to tell how often each is played and how
        the games went when it was.
    :ivar first_seat: ``first_seat(state)``: the seat that took the first turn, where the rules
        choose it by chance (``None`` where the same seat always starts).
    :ivar margin: ``margin(metrics, clause, options)``: each seat's margin at the end of a game, on
        a finer scale than its outcome (a camp's lead in points where nearly every game is a
        draw), from the finished game's :meth:`~GameState.metrics` and the clause that
        ended it; ``None`` when the metrics do not hold it. Ladders report it beside the points.
    :ivar margin_name: what the margin is, in a few words (a ladder's table heading).
    """

    progress: Callable[[GameState], Mapping[str, float]] | None = None
    content: Callable[[Event], tuple[int | None, str, bool] | None] | None = None
    first_seat: Callable[[GameState], int | None] | None = None
    margin: Callable[[Mapping[str, float], str, Mapping[str, Any]], tuple[float, ...] | None] | None = None
    margin_name: str = ""


@dataclass(frozen=True)
class SearchHooks:
    """What the game-independent search bots read of a game.

    :ivar heuristic: ``heuristic(state, seat)``: a quick estimate in [0, 1] of how well ``seat``
        stands (its expected score), for search agents that stop short of the end.
    :ivar exploration: UCT's exploration constant for a search bot whose name gives no ``c``: 1 suits
        values that differ a lot between moves (a game played to the end); a game whose heuristic
        moves little per move (0.02–0.1 for a hex of a wargame's map) wants a smaller one.
    :ivar prior: the ``prior`` of a search bot whose name gives none: ``none``, or ``rule`` (the
        game's rule bot's choice tried first and favoured while a node knows little), or another
        of the game's own bots (a key of ``bots``) or a level whose bot is one (``hard``).
    :ivar rollout: the ``rollout`` of a search bot whose name gives none: ``random``, ``rule``
        (the game's rule bot plays every seat), ``heuristic`` (the estimate at the leaf), or
        another of the game's own bots or a level whose bot is one, playing every seat.
    :ivar depth: the ``depth`` of a search bot whose name gives none (at most this many rollout
        steps, then the heuristic); ``None``: rollouts to the end. A name that sets
        ``rollout=heuristic`` drops it.
    :ivar value_model: the game's shipped learned value (:mod:`asobi.agents.learned`), a file in
        one of its packages as ``package:file`` (``asobi.games.x:models/value.json``), which a
        search bot named with ``value=learned`` reads; ``None``: the game ships none.

    A game declares here the parameters its strength ladder measured best (its
    ``docs/<game>/strength.md``), so that a bare ``mcts`` or ``ismcts`` plays as well as the game
    knows how; a parameter the bot's name gives still wins.
    """

    heuristic: Callable[[GameState, int], float] | None = None
    exploration: float = 1.0
    prior: str = "none"
    rollout: str = "random"
    depth: int | None = None
    value_model: str | None = None


LEVELS = ("easy", "normal", "hard", "expert")
"""The levels every game offers, weakest first."""
LEVEL_NAMES: Mapping[str, tuple[str, str]] = {
    "easy": ("かんたん", "easy"),
    "normal": ("ふつう", "normal"),
    "hard": ("むずかしい", "hard"),
    "expert": ("達人", "expert"),
}
"""Each level's name, ``(日本語, English)``."""


RATING_KINDS: Mapping[str, tuple[str, str]] = {
    "elo": ("レーティング", "Elo"),
    "win_rate": ("勝率", "wins"),
    "margin": ("ふつうとの差", "margin over normal"),
}
"""The scales a game's levels are rated on (:attr:`Levels.rating_kind`), each with the word the
lobby puts before a rating, ``(日本語, English)``."""


@dataclass(frozen=True)
class Level:
    """One level of bot a person may pick: a bot the game names, and what it costs.

    :ivar bot: the bot it is, as a seat names one: ``random``, one of the game's own bots
        (``rule``), or a kind with its parameters (``mistakes:rate=0.3``,
        ``ismcts:iters=100:time=2``; a search takes the game's :class:`SearchHooks` for the
        parameters it does not give).
    :ivar seconds: the most it takes to decide, in seconds of this machine class (2 cores), as
        the lobby and ``asobi games`` tell a person: the search's ``time`` where it has one.
    :ivar rating: its rating on the game's ladder of its levels (``docs/<game>/strength.md``), on
        the scale its :class:`Levels` name (``rating_kind``), or ``None`` before one was run; the
        lobby and ``asobi games`` show it.
    """

    bot: str
    seconds: float
    rating: float | None = None


@dataclass(frozen=True)
class Levels:
    """The levels a game offers (:data:`LEVELS`), each a :class:`Level`; a level left ``None``
    is the engine's default for it (:func:`asobi.core.bots.game_level`): ``random`` for easy, the
    game's ``rule`` bot (else ``random``) for normal, an information-set search of 1 and 5 seconds
    for hard and expert.

    :ivar ladder: the command that rated them (for ``asobi games`` and the lobby's tooltip).
    :ivar rating_kind: what a level's ``rating`` is (:data:`RATING_KINDS`): ``elo``, Elo points
        from its points share against ``normal`` head to head, ``normal`` at 1500 (a game of
        rivals); ``win_rate``, the percentage of games its table wins, every seat that level,
        against the game (a co-operative game); ``margin``, its mean lead by the game's margin
        (``spec.study.margin``) against ``normal`` head to head, ``normal`` at 0 (a game of
        rivals that ends in a draw too often for a points share to tell levels apart).
    """

    easy: Level | None = None
    normal: Level | None = None
    hard: Level | None = None
    expert: Level | None = None
    ladder: str = ""
    rating_kind: str = "elo"

    def __post_init__(self) -> None:
        if self.rating_kind not in RATING_KINDS:
            raise ValueError(f"rating_kind is one of {', '.join(RATING_KINDS)}, not {self.rating_kind!r}")

    def rating_text(self, level: Level, lang: str = "en") -> str:
        """``level``'s rating as the lobby and ``asobi games`` show it ("Elo 1620", "wins 55%"),
        in ``lang`` (``ja`` or ``en``); "—" before it was rated."""
        if level.rating is None:
            return "—"
        ja, en = RATING_KINDS[self.rating_kind]
        word = ja if lang == "ja" else en
        if self.rating_kind == "margin":
            return f"{word} {level.rating:+.1f}"
        return f"{word} {level.rating:.0f}{'%' if self.rating_kind == 'win_rate' else ''}"


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
class Item:
    """One thing on the table a player may read (the terminal's ``i KEY``).

    :ivar key: what the player types to read it (a square ``b3``, a piece ``A1``, ``hb2``…).
    :ivar title: one line naming it.
    :ivar lines: its full text.
    """

    key: str
    title: str
    lines: list[str]


@dataclass(frozen=True)
class Shortcut:
    """Several decisions in a row a person may take at once at the terminal by typing a key: a
    wargame's ship moved to a hex some steps away, each step one decision of the same seat.

    :ivar key: what the person types (a hex id ``1216``): never a number the choices could have.
    :ivar actions: the decisions, in order; the terminal submits each while it is still the same
        seat's and legal, and stops (saying so) where one is not.
    :ivar label: what taking it costs or does, in a few words (``3 MP``).
    """

    key: str
    actions: tuple[Action, ...]
    label: str


CatalogueEntry = dict[str, Any]
"""``{"id", "kind", "name_ja", "name_en", "text_ja", "text_en", "facts": {label: value}}``."""


def catalogue_entry(entry_id: str, kind: str, names: tuple[str, str], texts: tuple[str, str],
                    facts: Mapping[str, Any] | None = None) -> CatalogueEntry:
    """One entry of a game's catalogue: a component's names and text in both languages."""
    return {"id": entry_id, "kind": kind, "name_ja": names[0], "name_en": names[1],
            "text_ja": texts[0], "text_en": texts[1], "facts": dict(facts or {})}


@dataclass(frozen=True)
class GameCommand:
    """A command of the ``asobi`` tool that only some games have (a wargame's combat ``odds``).

    The tool offers it as ``asobi NAME GAME [ARGS]`` for every game that declares it.

    :ivar name: the command's name.
    :ivar help: one line on what it does.
    :ivar command: a ``click.Command`` taking the rest of the command line.
    """

    name: str
    help: str
    command: Any


@dataclass(frozen=True)
class Presentation:
    """What the front ends draw for one game; only :attr:`render` is required.

    Everything here reads a seat's view, the public content, or a state for public facts only;
    none of it decides anything.

    :ivar render: ``render(view, seat, lang)``: the seat's view as text for the terminal.
    :ivar items: ``items(view, lang)``: what a seat may read on the table in full (``i KEY``),
        from its view alone.
    :ivar glossary: ``glossary(lang)``: the game's terms explained, a line each.
    :ivar annotate: ``annotate(state, action, lang)``: what a choice would do, as a short text
        after its label in the terminal (a battle forecast), from public facts only.
    :ivar forecast: ``forecast(state, action)``: the same as JSON for the browser's board.
    :ivar targets: ``targets(state, actions)``: for each of the legal ``actions`` (in their order),
        what on the board it names, as JSON the game's board module reads, or ``None``: the
        ``squares`` it is taken on (the board's ``data-square`` values: a hex, a counter), and
        whatever else the game's module shows with it (where a moving piece may go and at what
        cost); from public facts only, so the browser draws the rules' own answer.
    :ivar catalogue: ``catalogue()``: every component's texts by id (:func:`catalogue_entry`), the
        same for every seat; the browser's inspector opens entries by id.
    :ivar board_script: the browser board module (a JavaScript file in the game's package), or
        ``None`` for the plain text board.
    :ivar board_data: ``board_data()``: the printed board the module draws on (a hex map…).
    :ivar view_extras: ``view_extras(state)``: public facts the game's rules derive from the state
        (who controls a hex), sent with every view as ``board``; only for a game whose extras read
        nothing hidden.
    :ivar commands: commands of the ``asobi`` tool only this game has (:class:`GameCommand`).
    :ivar choice_group: ``choice_group(state, action, lang)``: the group a choice belongs to in
        the terminal's menus, ``(key, label)``, or ``None`` for a choice listed on its own. The
        terminal lists the groups first (each by its label, where it has two choices or more)
        and a group's choices when the person picks it: a wargame's stacks, then a stack's ships.
        Public facts only, as :attr:`annotate`.

    :ivar shortcuts: ``shortcuts(state, lang)``: decisions in a row the person to decide may take
        at once by typing a key (:class:`Shortcut`), listed after the choices; public facts
        only, as :attr:`annotate`.

    :attr:`render` may return a :class:`asobi.core.text.Styled` text: the terminal draws its
    spans in colour where it shows colour, and every other reader takes it as its plain text.
    """

    render: Callable[[dict[str, Any], int | None, str], str]
    items: Callable[[dict[str, Any], str], list[Item]] | None = None
    glossary: Callable[[str], list[str]] | None = None
    annotate: Callable[[GameState, Action, str], str | None] | None = None
    forecast: Callable[[GameState, Action], dict[str, Any] | None] | None = None
    targets: Callable[[GameState, Sequence[Action]], Sequence[dict[str, Any] | None]] | None = None
    catalogue: Callable[[], dict[str, CatalogueEntry]] | None = None
    board_script: Traversable | None = None
    board_data: Callable[[], dict[str, Any]] | None = None
    view_extras: Callable[[GameState], dict[str, Any]] | None = None
    commands: tuple[GameCommand, ...] = ()
    choice_group: Callable[[GameState, Action, str], tuple[str, str] | None] | None = None
    shortcuts: Callable[[GameState, str], list[Shortcut]] | None = None
