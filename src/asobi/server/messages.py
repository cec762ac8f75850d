"""The ``state`` messages a seat or a spectator is sent, built by one :class:`StateMessages` per room.

Everything a viewer receives is built here from the match's public API, for one viewer at a time:
a seat gets its own view (``state.view(seat)``), the updates it may see (``Match.updates``) and,
when it must decide, the legal actions with labels; a spectator gets only what every seat may
see. What the viewers of one game are sent alike is made once for all of them by the room's
builder: each event's text per language, the board extras and the shared view of each state (also
encoded), the game's seat names and stops. See docs/server.md for the message protocol.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from ..core.actions import HIDDEN, Action, action_to_json
from ..core.errors import AsobiError
from ..core.events import Event
from ..core.match import Match, Update
from ..core.spec import GameSpec
from ..core.state import CHANCE, TERMINAL
from .cards import card_name_table
from .protocol import encode, encoded


# ---- spectators: only what every seat may see ---------------------------------------------------
def common_part(values: Sequence[Any]) -> Any:
    """The part of JSON values that is the same in all of them; ``None`` where they differ.

    Applied to every seat's view, this is what all seats know: anything one seat may see and
    another may not differs between their views, so it is left out.
    """
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values) and all(v.keys() == first.keys() for v in values[1:]):
        return {k: common_part([v[k] for v in values]) for k in first}
    if all(isinstance(v, list) for v in values) and all(len(v) == len(first) for v in values[1:]):
        return [common_part([v[i] for v in values]) for i in range(len(first))]
    return None


def public_view(match: Match) -> dict[str, Any]:
    """The view a spectator gets: the common part of every seat's view (all of it with open hands;
    the one view of a game whose views are public)."""
    if match.spec.info.public_views:
        return match.view(None)
    view = common_part([match.view(seat) for seat in range(len(match.seats))])
    return view if isinstance(view, dict) else {}


def _has_hidden(value: Any) -> bool:
    if isinstance(value, tuple):
        return any(_has_hidden(v) for v in value)
    return value == HIDDEN


def public_updates(match: Match, since: int, lang: str) -> list[Update]:
    """What a spectator sees happen after ``since``: an action as every seat saw it when they all
    saw it alike, else its one redacted form (the form with ``HIDDEN`` items) if the seats who did
    not see it whole all saw that, else no action at all; and only the events every seat may see."""
    per_seat = [match.updates(seat, since, lang) for seat in range(len(match.seats))]
    out = []
    for items in zip(*per_seat, strict=True):
        first = items[0]
        if first.action is None:
            out.append(first)
            continue
        forms = {(u.action, u.label) for u in items}
        redacted = {f for f in forms if _has_hidden(f[0])}
        action: Action | None
        if len(forms) == 1:
            action, label = next(iter(forms))
        elif len(redacted) == 1:
            action, label = next(iter(redacted))
        else:
            action, label = None, ""
        events = tuple(e for e in first.events if e.seats is None)
        out.append(Update(first.state_id, first.actor, action, label, events))
    return out


# ---- parts of a message --------------------------------------------------------------------------
def card_names(match: Match, view: Any, lang: str, known: dict[tuple[str, str], str | None] | None = None) -> dict[str, str]:
    """Names for the ids in ``view`` that the game's localizer knows as cards (for drawing).

    :param known: (text, lang) → name or ``None``, what the localizer said before (a builder keeps
        one: asking it again for every string of every view is most of a message's cost).
    """
    localize = match.spec.localize
    names: dict[str, str] = {}
    if localize is None:
        return names
    if known is None:
        known = {}

    pending: list[Any] = [view]  # a loop, not recursion: this runs for every message
    while pending:
        value = pending.pop()
        kind = type(value)
        if kind is dict:
            pending.extend(value.values())
        elif kind is list:
            pending.extend(value)
        elif kind is str and value not in names and len(value) <= 40:
            key = (value, lang)
            if key in known:
                text = known[key]
            else:
                try:
                    said: str | None = localize("card", value, lang)
                except (AsobiError, KeyError, IndexError, TypeError, ValueError, AttributeError):
                    said = None
                known[key] = text = None if said == value else said
            if text is not None:
                names[value] = text
    return names


def board_extras(match: Match) -> dict[str, Any] | None:
    """The public facts the game's rules derive for its board now (the same for every seat and
    spectator), or ``None`` for a game without any."""
    extras = match.spec.present.view_extras
    return None if extras is None else extras(match.state)


EventTexts = dict[tuple[Event, str], dict[str, Any]]
"""(event, lang) → the event's JSON: a builder keeps one, since every seat is sent the same public
events and rendering one (its message template, its card names) is most of an update's cost."""

EVENT_TEXTS_KEPT = 4096
"""A builder's :data:`EventTexts` is emptied when it holds more than this many (a game's log only
grows; its recent events are the ones sent again)."""


# ---- who a message is for ------------------------------------------------------------------------
class Viewer(Protocol):
    """Who a state message is for (a room's socket, a replay's reader) and what it was sent."""

    seat: int | None
    """The seat, or ``None`` for a spectator."""
    lang: str
    text: bool
    """Whether to send the game's text drawing."""
    sent: int
    """The state id it was last sent (``-1``: nothing yet, or it must start over)."""
    epoch: str
    """The builder's epoch that state id belongs to."""
    named_lang: str
    """The language of the card names it was sent (``""``: none yet): the table goes once."""


@dataclass(eq=False)
class Reader:
    """A viewer that is no socket: a replay's, a test's."""

    seat: int | None
    lang: str = "en"
    text: bool = True
    sent: int = -1
    epoch: str = ""
    named_lang: str = ""


# ---- the builder ---------------------------------------------------------------------------------
class StateMessages:
    """The ``state`` messages of one game's viewers: what they are sent alike is made once.

    :param connected: the viewers connected now (a room's sockets, kept up to date by the room):
        the seats among them are shown as connected.
    :param epoch: names the match the state ids belong to (:meth:`new_epoch`): a viewer's state
        id of another epoch means nothing, so it is sent everything again.
    :param names_from_views: each message names the cards its view shows (a replay's frames);
        otherwise a viewer is sent the game's whole table of card names once per language
        (:func:`~asobi.server.cards.card_name_table`) and ``{}`` after that.
    """

    def __init__(self, spec: GameSpec, options: Mapping[str, Any], game_id: int, *,
                 connected: Collection[Viewer] = (), epoch: str = "", names_from_views: bool = False) -> None:
        self.game_id = game_id
        self.connected = connected
        self.epoch = epoch
        self.names_from_views = names_from_views
        self.event_texts: EventTexts = {}
        """Each event's JSON in each language (:meth:`event_json`)."""
        self._game = spec.id
        self._titles = {"ja": spec.title_ja, "en": spec.title_en}
        self._seat_names = list(spec.seat_names(options))
        stops = spec.stops
        self._stops = None if stops is None else {
            "names": list(stops.names), "default": [n for n in stops.names if n in stops.default],
            "pass": action_to_json(stops.pass_action),
        }
        self._known_names: dict[tuple[str, str], str | None] = {}
        self._shared: tuple[str, int, dict[str, Any] | None, dict[str, Any] | None, orjson.Fragment | None] = (
            "", -1, None, None, None
        )
        """What every viewer is sent alike at one state — (epoch, state id, board extras, the
        spectators' view, which is every seat's too in a game with public views, and that view
        with the extras as JSON) — made once."""

    def new_epoch(self, epoch: str) -> None:
        """The match was built anew (its state ids start a new count): what was shared is dropped."""
        self.epoch = epoch
        self._shared = ("", -1, None, None, None)

    # ---- the messages ---------------------------------------------------------------------------
    def message(self, match: Match, viewer: Viewer) -> dict[str, Any]:
        """The ``state`` message for ``viewer``: its view, what happened since the state id it was
        sent (all of it when it has none of this epoch: the client's log is replaced), and its
        legal actions when it must decide."""
        return self._build(match, viewer, False)

    def encoded(self, match: Match, viewer: Viewer) -> str:
        """:meth:`message` as the JSON text sent, the view shared by several viewers encoded once."""
        return encode(self._build(match, viewer, True))

    def _build(self, match: Match, viewer: Viewer, share_json: bool) -> dict[str, Any]:
        seat, lang = viewer.seat, viewer.lang
        since = viewer.sent if viewer.epoch == self.epoch else -1
        reset = since < 0
        updates = public_updates(match, max(since, 0), lang) if seat is None else match.updates(seat, max(since, 0), lang)
        if not reset and any(u.action is None for u in updates):  # an undo: events of undone actions are gone
            reset = True
            updates = public_updates(match, 0, lang) if seat is None else match.updates(seat, 0, lang)
        board, view, view_json = self._shared_parts(match, seat)
        if view is None:
            view = match.view(seat)  # a seat's own (a spectator's is shared)
        if not share_json:
            view_json = None
        if board is not None:  # public facts the game's rules derive for its board (docs/server.md)
            view = {**view, "board": board}
        text: str | None = None
        spec = match.spec
        if viewer.text:
            try:
                text = spec.present.render(view, seat, lang)
            except (AsobiError, KeyError, IndexError, TypeError, ValueError, AttributeError):
                text = ""  # a drawing that needs what a spectator may not see
        state = match.state
        current = state.current_seat
        legal: list[dict[str, Any]] = []
        window: dict[str, Any] | None = None
        if seat is not None and match.waiting_for() == seat:
            actions = state.legal_actions()
            legal = [{"action": action_to_json(a), "label": state.action_label(a, lang)} for a in actions]
            stops = spec.stops
            stop = stops.window(view, actions) if stops is not None else None
            if stop is not None:  # a window the client may pass by its person's stops
                window = {"stop": stop[0], "playable": stop[1]}
            forecast = spec.present.forecast
            if forecast is not None:  # what an attack would do, beside the choices that start one
                for item, action in zip(legal, actions, strict=True):
                    found = forecast(state, action)
                    if found is not None:
                        item["forecast"] = found
            targets = spec.present.targets
            if targets is not None:  # what each choice names on the board (a hex, a counter, a move's reach)
                for item, named in zip(legal, targets(state, actions), strict=True):
                    if named is not None:
                        item["targets"] = named
        outcome = state.outcome()
        opening = []
        if reset:
            events = match.opening_events(seat)
            opening = [self.event_json(match, e, lang) for e in events if seat is not None or e.seats is None]
        if self.names_from_views:
            names = card_names(match, view, lang, self._known_names)
        elif viewer.named_lang != lang:  # the first message, or a new language: every card's name
            names = dict(card_name_table(self._game, lang))
        else:
            names = {}
        connected = {c.seat for c in self.connected if c.seat is not None}
        seat_names = self._seat_names
        return {
            "type": "state",
            "game_id": self.game_id,
            "game": self._game,
            "title": self._titles["ja" if lang == "ja" else "en"],
            "epoch": self.epoch,
            "state_id": match.state_id,
            "actions": len(match.actions),
            "seat": seat,
            "lang": lang,
            "seats": [
                {"seat": i, "name": seat_names[i], "kind": kind, "connected": i in connected}
                for i, kind in enumerate(match.seats)
            ],
            "to_move": current if current >= 0 else None,
            "to_move_name": self.seat_name(current) if current >= 0 else None,
            "over": current == TERMINAL,
            "outcome": None if outcome is None else {**outcome.to_json(), "text": spec.outcome_text(outcome, lang)},
            "view": view if view_json is None else view_json,
            "text": text,
            "names": names,
            "legal": legal,
            "window": window,
            "stops": self._stops,
            "can_undo": match.can_undo(seat) if seat is not None else 0,
            "reset_log": reset,
            "opening": opening,
            "updates": [self.update_json(match, u, lang) for u in updates],
        }

    def _shared_parts(self, match: Match, seat: int | None) -> tuple[
            dict[str, Any] | None, dict[str, Any] | None, orjson.Fragment | None]:
        """The parts of ``seat``'s message that every viewer shares at this state, made at most once
        a state: the board extras, and the view (also encoded, extras included) when it is a
        spectator's or the game's views are public (else ``None`` for both)."""
        epoch, state_id, board, view, view_json = self._shared
        if (epoch, state_id) != (self.epoch, match.state_id):
            board, view, view_json = board_extras(match), None, None
        if not (seat is None or match.spec.info.public_views):
            self._shared = (self.epoch, match.state_id, board, view, view_json)
            return board, None, None
        if view is None:
            view = public_view(match)
            view_json = encoded(view if board is None else {**view, "board": board})
        self._shared = (self.epoch, match.state_id, board, view, view_json)
        return board, view, view_json

    # ---- updates and events ---------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        if seat == CHANCE:
            return "chance"
        names = self._seat_names
        return names[seat] if 0 <= seat < len(names) else str(seat)

    def event_json(self, match: Match, event: Event, lang: str) -> dict[str, Any]:
        """``{"clause", "text"}`` of ``event`` in ``lang``, made once per event and language for
        every viewer (the dict is shared by the messages it goes into: nobody changes it)."""
        texts = self.event_texts
        key = (event, lang)
        try:
            found = texts.get(key)
        except TypeError:  # an argument that cannot be hashed: rendered every time
            return {"clause": event.clause, "text": match.spec.event_text(event, lang)}
        if found is None:
            if len(texts) >= EVENT_TEXTS_KEPT:
                texts.clear()
            found = texts[key] = {"clause": event.clause, "text": match.spec.event_text(event, lang)}
        return found

    def update_json(self, match: Match, update: Update, lang: str) -> dict[str, Any]:
        return {
            "state_id": update.state_id,
            "actor": update.actor,
            "actor_name": self.seat_name(update.actor),
            "action": None if update.action is None else action_to_json(update.action),
            "label": update.label,
            "events": [self.event_json(match, e, lang) for e in update.events],
            "undone": update.undone,
        }
