"""What a game declares about itself: :class:`GameSpec`, the one border between a game and asobi.

Everything the rest of asobi knows of a game it reads here: the engine facts at the top (its id,
rules version, options, seats, how to make a state, its clauses and messages, its bots), and the
hook groups of :mod:`.hooks` for each part that reads more (the front ends, studies, clients'
stops, search). A game package builds one spec and names it in the ``asobi.games`` entry point
group (:mod:`.registry`); no state class refers back to it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, MutableSequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .agent import Agent, Observation
from .clauses import ClauseBook, read_clauses
from .events import Event, Localizer, render_event
from .hooks import GENERAL_SUM, Levels, Presentation, SearchHooks, StopHooks, StudyHooks, Utility
from .options import Option, validate_options

if TYPE_CHECKING:
    from .actions import Action
    from .spaces import ActionSpace
    from .state import GameState, Outcome

BotFactory = Callable[[int, int, Mapping[str, Any]], Agent]
"""``factory(seat, seed, options)`` makes a bot for one seat."""


@dataclass(frozen=True)
class GameInfo:
    """Facts about how the game plays, for simulations, ladders, adapters and the harness
    (OpenSpiel's ``GameType`` and ``GameInfo``).

    :ivar utility: how the seats' scores relate (:class:`~.hooks.Utility`).
    :ivar teams: ``teams(options)``: each seat's side (seats of one side always score alike, as
        a wargame's camps); by default each seat is its own side (every seat one side when the
        utility is ``identical``).
    :ivar public_views: every seat's view and a spectator's are one and the same (the game hides
        nothing in its views): a server makes it once a state for all its sockets. The
        conformance harness checks the claim at every state it looks at.
    :ivar reveals: the message keys of events that show, by the rules, something hidden until then
        (a card played face up, a hand shown): where such an event is the first thing two branches
        the harness follows differ in, the difference was revealed, not leaked.
    :ivar max_steps: no game lasts more actions than this (the harness checks it).
    """

    utility: Utility = GENERAL_SUM
    teams: Callable[[Mapping[str, Any]], tuple[int, ...]] | None = None
    public_views: bool = False
    reveals: frozenset[str] = frozenset()
    max_steps: int = 100_000


TensorWriter = Callable[[Any, int, MutableSequence[float]], None]
"""``write(state, seat, out)``: writes a seat's tensor of a state of the game's own class into
``out``, a flat buffer of zeros of the tensor's size (a list, or the ``float32`` memoryview of an
array an adapter fills in place), setting only the entries that are not zero, one at a time
(``out[i] = x``, ``out[i] += x``: a memoryview takes no slice of a list)."""


@dataclass(frozen=True)
class Spaces:
    """The game's declared spaces (:mod:`.spaces`) and tensors, for adapters, clients and search.

    :ivar actions: ``actions(options)``: the action space (fixed integer ids).
    :ivar chance: ``chance(options)``: the space of chance outcomes.
    :ivar observation_shape: ``observation_shape(options)``: the shape of
        ``state.observation_tensor(seat)``.
    :ivar write_observation: the observation tensor as a :data:`TensorWriter`, so an adapter fills
        a preallocated array without a list of floats in between; the harness checks it writes
        exactly ``state.observation_tensor(seat)``.
    :ivar information_state_shape: ``information_state_shape(options)``: the shape of the seat's
        information-state tensor, where the game's information state fits one (``None``: it does
        not; the game's docs say why).
    :ivar write_information_state: that tensor as a :data:`TensorWriter`: what the seat knows, its
        observation and what it has seen that still matters (what ``determinize`` keeps). The
        harness checks that states a seat cannot tell apart (hidden variants, determinizations)
        give it equal tensors.
    """

    actions: Callable[[Mapping[str, Any]], ActionSpace] | None = None
    chance: Callable[[Mapping[str, Any]], ActionSpace] | None = None
    observation_shape: Callable[[Mapping[str, Any]], tuple[int, ...]] | None = None
    write_observation: TensorWriter | None = None
    information_state_shape: Callable[[Mapping[str, Any]], tuple[int, ...]] | None = None
    write_information_state: TensorWriter | None = None

    def information_state_tensor(self, state: GameState, seat: int, options: Mapping[str, Any]) -> list[float]:
        """The seat's information-state tensor as a flat list of floats.

        :raises NotImplementedError: if the game declares none.
        """
        if self.information_state_shape is None or self.write_information_state is None:
            raise NotImplementedError("the game declares no information-state tensor")
        out = [0.0] * math.prod(self.information_state_shape(options))
        self.write_information_state(state, seat, out)
        return out


@dataclass(frozen=True)
class RecordHooks:
    """How the game's records are made and read across versions.

    :ivar data_hash: ``data_hash()``: a hash of the game's data files, carried by records.
    :ivar prepare_options: turns options a local user gave (a deck file's path…) into what a record
        holds (the deck's contents); records and remote clients go through ``validate_options``
        only, which never reads a file.
    :ivar older_options: ``older_options(rules_version, options)``: the options of a record made
        under an older rules version, as this version names them — an option added since, whose
        default plays differently, set to what those rules did — so that old games still replay.
    """

    data_hash: Callable[[], str] | None = None
    prepare_options: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    older_options: Callable[[str, Mapping[str, Any]], dict[str, Any]] | None = None


@dataclass(frozen=True)
class GameSpec:
    """Everything the rest of asobi knows about one game.

    :ivar id: short id used on the command line and in records (lower case, ``[a-z0-9_]``).
    :ivar rules_version: bumped whenever a rule change would change a replay.
    :ivar options: the options schema.
    :ivar seat_names: the seat names for given (validated) options.
    :ivar new_state: the initial state for given (validated) options.
    :ivar state_class: the class whose ``from_json`` reads a saved state.
    :ivar rule_book: the package holding the game's clause files (:mod:`.clauses`), by its dotted
        name, or a :class:`~.clauses.ClauseBook` made in code (a small game written in one module).
    :ivar messages: message key → (日本語, English) templates for events and outcomes.
    :ivar present: what the front ends draw (:class:`~.hooks.Presentation`).
    :ivar localize: turns an event argument into text (a card id into its name).
    :ivar bots: bot name → factory; ``random`` is always available. None may be named as a level
        (``easy``…): those names are the levels'.
    :ivar levels: the bot each level a person may pick is (:class:`~.hooks.Levels`).
    :ivar conformance_options: the option sets the conformance harness plays.
    :ivar words: the ids a game's seats, views and outcomes carry, as people say them: group →
        id → ``(日本語, English)``. The groups every front end reads: ``seat`` (every seat name the
        game may give), ``outcome`` (every ``Outcome.reason``, in a few words without its
        arguments), ``step`` (every step or decision a view names as the one being decided);
        a game adds groups of its own (a country's state). Every entry has both languages
        (``tests/test_words_every_game.py``).
    """

    id: str
    title_ja: str
    title_en: str
    rules_version: str
    options: tuple[Option, ...]
    seat_names: Callable[[Mapping[str, Any]], tuple[str, ...]]
    new_state: Callable[[Mapping[str, Any]], GameState]
    state_class: type[GameState]
    rule_book: str | ClauseBook
    messages: Mapping[str, tuple[str, str]]
    present: Presentation
    localize: Localizer | None = None
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    conformance_options: tuple[Mapping[str, Any], ...] = ({},)
    info: GameInfo = field(default_factory=GameInfo)
    spaces: Spaces = field(default_factory=Spaces)
    records: RecordHooks = field(default_factory=RecordHooks)
    study: StudyHooks = field(default_factory=StudyHooks)
    search: SearchHooks = field(default_factory=SearchHooks)
    levels: Levels = field(default_factory=Levels)
    stops: StopHooks | None = None
    words: Mapping[str, Mapping[str, tuple[str, str]]] = field(default_factory=dict)

    def word(self, group: str, key: str, lang: str = "en") -> str:
        """``key`` of the words' ``group`` as people say it in ``lang`` (the key itself where the
        game declares no word for it: the words test finds those)."""
        said = self.words.get(group, {}).get(key)
        return said[0 if lang == "ja" else 1] if said else key

    def seat_title(self, name: str, lang: str = "en") -> str:
        """A seat's name as people say it (``drake`` → Drake's army)."""
        return self.word("seat", name, lang)

    def outcome_title(self, reason: str, lang: str = "en") -> str:
        """An outcome's reason in a few words (``sheela_complete`` → Sheela's camp's complete
        victory)."""
        return self.word("outcome", reason, lang)

    def sides(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """Each seat's side for these (validated) options (:attr:`GameInfo.teams`)."""
        if self.info.teams is not None:
            return self.info.teams(options)
        n_seats = len(self.seat_names(options))
        return (0,) * n_seats if self.info.utility.kind == "identical" else tuple(range(n_seats))

    def validate_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        return validate_options(self.id, self.options, raw)

    def local_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options a local user gave, checked and turned into what a record holds
        (:attr:`RecordHooks.prepare_options`)."""
        options = self.validate_options(raw)
        prepare = self.records.prepare_options
        return prepare(options) if prepare is not None else options

    def new_game(self, raw_options: Mapping[str, Any] | None = None) -> GameState:
        """A new game with options checked against the schema.

        :raises BadOptionsError: if the options are refused.
        """
        return self.new_state(self.validate_options(raw_options))

    def clause_book(self) -> ClauseBook:
        """The game's clauses: the print, our own rules and our translation (read once)."""
        return self.rule_book if isinstance(self.rule_book, ClauseBook) else read_clauses(self.rule_book)

    def clauses(self) -> dict[str, str]:
        """Clause id → text, printed clauses and our own rules alike."""
        return self.clause_book().all

    def event_text(self, event: Event, lang: str = "en") -> str:
        """An event as text in ``lang``, from this game's catalogue, prefixed by its clause id."""
        return render_event(event, self.messages, lang, self.localize)

    def log_texts(self, state: GameState, seat: int | None, lang: str = "en", start: int = 0) -> list[str]:
        """The events of ``state``'s log from ``start`` that ``seat`` may see, as text."""
        return [self.event_text(e, lang) for e in state.visible_log(seat, start)]

    def outcome_text(self, outcome: Outcome, lang: str = "en") -> str:
        """How the game ended, as text in ``lang``."""
        return outcome.render(self, lang)

    def bot_names(self) -> list[str]:
        return sorted({"random", *self.bots})

    def observe(self, state: GameState, seat: int, legal: tuple[Action, ...] | None = None) -> Observation:
        """What ``seat`` may know of ``state`` when it must decide, with the game's search hooks."""
        return Observation(state, seat, legal, self.search, self.stops)
