"""The one replay: a record's actions applied again through the match loop, each with its check.

Everything that plays a recorded game again goes through :func:`replaying` — resuming a saved
game (``Match(actions=…)`` steps the same way), re-checking a record under the engine's rules,
``asobi replay`` and its pager, the server's replay page, studies that read a game's figures:

    for match in replaying(record):   # before the first action, then after each
        ...                           # match.state, match.updates(seat, since), match.view(seat)

No bot is made and nothing is drawn at random: the record says what every seat and chance did.
An action the rules refuse stops the replay with a :class:`~.match.ReplayError` naming it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .agent import Agent, Observation
from .errors import AsobiError, RulesVersionError
from .events import Event
from .match import Match, ReplayError
from .record import GameRecord, load_json
from .state import GameState


class Recorded(Agent):
    """Sits in every seat of a replay: the record says what each seat did, so it is never asked,
    and no seat is waited for (``match.waiting_for()`` is ``None``: no legal actions to list)."""

    def act(self, obs: Observation) -> Action:
        raise AsobiError("a replay's seats are played from the record")


def replaying(record: GameRecord, *, upto: int | None = None, journal: bool = False,
              where: str = "record") -> Iterator[Match]:
    """The record played again: the match before its first action, then after each of its first
    ``upto`` actions (all by default). With ``journal`` the match keeps what each seat saw
    (``match.updates``), as live play does.

    :raises BadRecordError: if the record's options are refused.
    :raises ReplayError: naming the first action the rules refuse.
    """
    match = Match(record.spec, record.options, record.seats, seed=record.seed,
                  agents=[Recorded()] * len(record.seats), journal=journal, where=where)
    yield match
    for action in record.actions[:upto]:
        match.replay_step(action)
        yield match


def replay(record: GameRecord, *, upto: int | None = None, where: str = "record") -> GameState:
    """The state after the record's first ``upto`` actions (all by default), each checked.

    :raises ReplayError: naming the first action the rules refuse.
    """
    *_, last = replaying(record, upto=upto, where=where)
    return last.state


@dataclass
class RulesCheck:
    """The result of re-applying a record's actions under the engine's rules.

    :ivar failed_at: the index of the first action refused, or ``None`` if all are legal.
    :ivar clause: the rule clause that refused it, when the rules name one.
    :ivar reason: why, as a sentence naming the versions, the action and the rule.
    :ivar state: the state after every action, when all are legal.
    :ivar steps: with ``keep_steps``, per action the seat that took it (``CHANCE`` for chance) and
        the events it caused under the engine's rules.
    """

    ok: bool
    failed_at: int | None = None
    action: Action | None = None
    clause: str | None = None
    reason: str = ""
    state: GameState | None = None
    steps: list[tuple[int, list[Event]]] | None = None


def recheck(record: GameRecord, where: str = "record", *, keep_steps: bool = False) -> RulesCheck:
    """Re-apply every action of ``record`` (made under any rules version) under the engine's rules."""
    spec = record.spec
    old, new = record.rules_version, spec.rules_version
    made = f"made under {spec.id} rules version {old!r}"
    steps: list[tuple[int, list[Event]]] | None = [] if keep_steps else None
    seat = 0
    try:
        for match in replaying(record, where=where):
            if steps is not None and match.actions:
                steps.append((seat, match.last_events()))
            seat = match.current_seat
    except ReplayError as e:
        return RulesCheck(
            False, e.index, e.action, e.clause,
            f"{made}; under version {new!r} its action {e.index} "
            + (f"is refused{f' by rule {e.clause}' if e.clause else ''}: {_short(e.reason, 300)}" if e.refused
               else f"fails: {_short(e.reason)}"),
        )
    except AsobiError as e:
        return RulesCheck(False, reason=f"{made}; its options are refused by version {new!r}: {_short(str(e))}")
    return RulesCheck(True, state=match.state, steps=steps)


def read_record(data: Any, where: str = "record") -> GameRecord:
    """A record from its JSON (a text or what ``json.loads`` made), checked field by field, and
    re-applied under the engine's rules when it was made under another rules version.

    :raises BadRecordError: naming the field that is wrong.
    :raises RulesVersionError: if the record was made under other rules and its actions are not
        all legal under the engine's.
    """
    record = GameRecord.from_json(load_json(data, where) if isinstance(data, str) else data, where)
    if record.rules_version != record.spec.rules_version:
        check = recheck(record, where)
        if not check.ok:
            raise RulesVersionError(where, check.reason)
        record.migrate()
    return record


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
