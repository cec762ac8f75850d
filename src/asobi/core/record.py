"""Game records: everything needed to replay a game exactly.

A record is (game id, rules version, options, seats, seed, actions). The actions include every
chance outcome, so a replay needs no generator: the seed only picked outcomes in live play.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, action_from_json, action_to_json
from .errors import ActionError, AsobiError, BadRecordError, RulesVersionError
from .registry import GameSpec, get_game
from .state import GameState

RECORD_FORMAT = 1


@dataclass
class GameRecord:
    """A game as a list of actions.

    :ivar seats: who sat in each seat: ``human`` or ``bot:NAME``.
    :ivar outcome: the outcome's JSON once the game is over.
    :ivar fingerprint: the final state's fingerprint, checked by ``replay --verify``.
    """

    game: str
    rules_version: str
    options: dict[str, Any]
    seats: list[str]
    seed: int | None
    actions: list[Action] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    fingerprint: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "actions": [action_to_json(a) for a in self.actions],
            "outcome": self.outcome,
            "fingerprint": self.fingerprint,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data: Any, where: str = "record") -> GameRecord:
        """Read a record, checking its shape and its rules version.

        :raises BadRecordError: naming the field that is wrong.
        :raises RulesVersionError: if the record was made under other rules than the engine's.
        """
        if not isinstance(data, dict):
            raise BadRecordError(where, "a record is a JSON object")
        fmt = data.get("format", RECORD_FORMAT)
        if fmt != RECORD_FORMAT:
            raise BadRecordError(where, f"record format {fmt!r} is not {RECORD_FORMAT}")
        for key, kind in (("game", str), ("rules_version", str), ("options", dict), ("seats", list), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise BadRecordError(where, f"field {key!r} is missing or not a {kind.__name__}")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise BadRecordError(where, "field 'seed' is not an integer")
        try:
            spec = get_game(data["game"])
        except AsobiError as e:
            raise BadRecordError(where, str(e)) from None
        if data["rules_version"] != spec.rules_version:
            raise RulesVersionError(
                where,
                f"made under {spec.id} rules version {data['rules_version']!r}, but this engine plays "
                f"version {spec.rules_version!r}; it cannot be replayed faithfully",
            )
        try:
            options = spec.validate_options(data["options"])
        except AsobiError as e:
            raise BadRecordError(where, f"options: {e}") from None
        actions = []
        for i, a in enumerate(data["actions"]):
            try:
                actions.append(action_from_json(a))
            except AsobiError as e:
                raise BadRecordError(f"{where}, action {i}", str(e)) from None
        return cls(
            spec.id,
            spec.rules_version,
            options,
            [str(s) for s in data["seats"]],
            seed,
            actions,
            data.get("outcome"),
            data.get("fingerprint"),
        )

    @classmethod
    def loads(cls, text: str, where: str = "record") -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise BadRecordError(where, f"not JSON ({e})") from None
        return cls.from_json(data, where)

    @property
    def spec(self) -> GameSpec:
        return get_game(self.game)


def replay(
    record: GameRecord,
    *,
    upto: int | None = None,
    on_step: Callable[[GameState, Action], None] | None = None,
    where: str = "record",
) -> GameState:
    """The state after the record's first ``upto`` actions (all by default), each checked.

    :raises BadRecordError: naming the first action the rules refuse.
    """
    spec = record.spec
    state = spec.new_state(spec.validate_options(record.options))
    for i, action in enumerate(record.actions[:upto]):
        if on_step is not None:
            on_step(state, action)
        try:
            state.apply(action)
        except ActionError as e:
            raise BadRecordError(f"{where}, action {i}", str(e)) from None
    return state
