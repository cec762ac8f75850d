"""Game records: everything needed to replay a game exactly, here or elsewhere.

A record is (game id, rules version, data hash, options, seats, actions, and once the game is over
its outcome and final fingerprint). The actions include every chance outcome, so a replay needs no
generator. A seeded game (bots, tests) may carry its seed; a record of a game still being played by
people never does (it would let anyone predict the chance outcomes to come).

Records come from files and other machines, so reading one is bounded and checked field by field:
JSON nests at most :data:`MAX_JSON_DEPTH` deep, actions as :mod:`asobi.core.actions` allows, and a
record that is wrong in any way gives one :class:`BadRecordError` naming the field.

A record made under another rules version than the engine's is re-applied under the engine's
rules by :func:`asobi.core.replay.read_record`: if every action is still legal it is replayed
under them (the record is *migrated*, with a warning); if not, a ``RulesVersionError`` names the
first refused action and the rule. A record made with other data files (another :attr:`GameRecord.data_hash`) replays with a warning.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, action_from_json, action_to_json, summary
from .errors import AsobiError, BadRecordError
from .registry import get_game
from .spec import GameSpec

RECORD_FORMAT = 1
MAX_JSON_DEPTH = 32
"""How deep arrays and objects nest in a record or a saved row; deeper is refused unread."""
MAX_JSON_CHARS = 256 * 1024 * 1024
"""The longest JSON text read as a record or a saved row."""
MAX_TEXT = 200
"""The longest game id, rules version, seat kind, fingerprint or hash a record may hold."""
MAX_SEED = 2**63
FIELDS = ("format", "game", "rules_version", "data_hash", "migrated_from", "options", "seats", "seed",
          "actions", "outcome", "fingerprint")
"""The fields a record may have; any other is refused."""


@dataclass
class GameRecord:
    """A game as a list of actions.

    :ivar seats: who sat in each seat: ``human`` or ``bot:NAME``.
    :ivar seed: the seed of a reproducible game, else ``None``; written out only once the game is
        over or when no person plays in it.
    :ivar outcome: the outcome's JSON once the game is over.
    :ivar fingerprint: the final state's fingerprint, checked by ``replay --verify``.
    :ivar data_hash: the hash of the game's data files it was played with (``spec.records.data_hash()``).
    :ivar migrated_from: the rules version it was made under, when it has been re-applied under
        the engine's newer rules.
    :ivar warnings: what a reader should be told (other data files, migrated); not written out.
    """

    game: str
    rules_version: str
    options: dict[str, Any]
    seats: list[str]
    seed: int | None = None
    actions: list[Action] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    fingerprint: str | None = None
    data_hash: str | None = None
    migrated_from: str | None = None
    warnings: list[str] = field(default_factory=list, compare=False)

    @classmethod
    def new(cls, spec: GameSpec, options: dict[str, Any], seats: list[str], seed: int | None = None) -> GameRecord:
        """The record of a game about to start under the engine's rules and data."""
        return cls(spec.id, spec.rules_version, options, list(seats), seed, data_hash=data_hash_of(spec))

    @property
    def seed_is_public(self) -> bool:
        """Whether the seed may be written out: the game is over, or only bots play it."""
        return self.outcome is not None or all(kind != "human" for kind in self.seats)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
        }
        if self.data_hash is not None:
            data["data_hash"] = self.data_hash
        if self.migrated_from is not None:
            data["migrated_from"] = self.migrated_from
        data["options"] = self.options
        data["seats"] = self.seats
        if self.seed is not None and self.seed_is_public:
            data["seed"] = self.seed
        data["actions"] = [action_to_json(a) for a in self.actions]
        data["outcome"] = self.outcome
        data["fingerprint"] = self.fingerprint
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data: Any, where: str = "record") -> GameRecord:
        """Read a record as written, checking every field and its data hash; its
        ``rules_version`` says whether the engine's rules made it (``asobi.core.replay.read_record``
        also re-applies one of another version under the engine's rules).

        :raises BadRecordError: naming the field that is wrong.
        """
        return parse_record(data, where)

    @classmethod
    def loads(cls, text: str, where: str = "record") -> GameRecord:
        return cls.from_json(load_json(text, where), where)

    @property
    def spec(self) -> GameSpec:
        return get_game(self.game)

    def migrate(self) -> None:
        """Mark the record as re-applied under the engine's rules (after ``replay.recheck``)."""
        spec = self.spec
        if self.rules_version == spec.rules_version:
            return
        self.warnings.append(
            f"made under {spec.id} rules version {self.rules_version!r}; all its {len(self.actions)} actions "
            f"are legal under version {spec.rules_version!r}, so it is replayed under those rules "
            "(what the actions cause may differ from the game as played)"
        )
        self.migrated_from = self.rules_version
        self.rules_version = spec.rules_version


def data_hash_of(spec: GameSpec) -> str | None:
    """The hash of the game's data files (``spec.records.data_hash()``), or ``None`` if it has none."""
    made = spec.records.data_hash
    return made() if made is not None else None


# ---- bounded reading ---------------------------------------------------------------------------
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


def load_json(text: str, where: str, what: str = "", max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` that refuses, with :class:`BadRecordError`, text nested deeper than
    ``max_depth`` (before parsing it) and anything else it cannot read.

    ``what`` names the part being read (``"action 3"``) in the message.
    """
    prefix = f"{what} " if what else ""
    if not isinstance(text, str):
        raise BadRecordError(where, f"{prefix}is not text")
    if len(text) > MAX_JSON_CHARS:
        raise BadRecordError(where, f"{prefix}is longer than {MAX_JSON_CHARS} characters")
    if _text_depth(text) > max_depth:
        raise BadRecordError(where, f"{prefix}nests deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except RecursionError:
        raise BadRecordError(where, f"{prefix}nests too deeply") from None
    except ValueError as e:  # JSONDecodeError, and ints of more digits than Python converts
        kind = "not JSON" if not what else "is damaged"
        raise BadRecordError(where, f"{prefix}{kind} ({_short(str(e))})") from None


def _text_depth(text: str) -> int:
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def value_depth(value: Any, limit: int = MAX_JSON_DEPTH) -> int:
    """How deep lists, tuples and dicts nest in ``value`` (counted without recursion, stopping just
    past ``limit``)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, list | tuple | dict):
            deepest = max(deepest, depth)
            if depth > limit:
                return depth
            stack.extend((item, depth + 1) for item in (x.values() if isinstance(x, dict) else x))
    return deepest


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _text(data: dict[str, Any], key: str, where: str, *, optional: bool = False) -> str | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise BadRecordError(where, f"field {key!r} is {'missing' if key not in data else 'not a string'}")
    if len(value) > MAX_TEXT:
        raise BadRecordError(where, f"field {key!r} is longer than {MAX_TEXT} characters")
    return value


def parse_record(data: Any, where: str = "record") -> GameRecord:
    """The record ``data`` holds, every field checked, its rules version as written.

    :raises BadRecordError: naming the first field that is wrong.
    """
    if not isinstance(data, dict):
        raise BadRecordError(where, "a record is a JSON object")
    if value_depth(data) > MAX_JSON_DEPTH:
        raise BadRecordError(where, f"nests deeper than {MAX_JSON_DEPTH} levels")
    unknown = [str(k) for k in data if k not in FIELDS]
    if unknown:
        names = ", ".join(repr(_short(k, 40)) for k in unknown[:5])
        raise BadRecordError(where, f"unknown field {names} (a record has {', '.join(FIELDS)})")
    fmt = data.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT or isinstance(fmt, bool):
        raise BadRecordError(where, f"record format {summary(fmt)} is not {RECORD_FORMAT}")
    game = _text(data, "game", where)
    rules_version = _text(data, "rules_version", where)
    assert game is not None and rules_version is not None
    data_hash = _text(data, "data_hash", where, optional=True)
    migrated_from = _text(data, "migrated_from", where, optional=True)
    fingerprint = _text(data, "fingerprint", where, optional=True)
    for key, kind in (("options", dict), ("seats", list), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise BadRecordError(where, f"field {key!r} is missing or not a {'object' if kind is dict else 'list'}")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not -MAX_SEED <= seed < MAX_SEED):
        raise BadRecordError(where, "field 'seed' is not a 64-bit integer")
    try:
        spec = get_game(game)
    except AsobiError as e:
        raise BadRecordError(where, str(e)) from None
    for name, value in data["options"].items():
        if len(name) > MAX_TEXT:
            raise BadRecordError(where, f"options: an option name is longer than {MAX_TEXT} characters")
        if isinstance(value, int) and not -MAX_SEED <= value < MAX_SEED:
            raise BadRecordError(where, f"options: option {name!r} is a number too large")
    raw_options = data["options"]
    if rules_version != spec.rules_version and spec.records.older_options is not None:
        raw_options = spec.records.older_options(rules_version, raw_options)
    try:
        options = spec.validate_options(raw_options)
    except AsobiError as e:
        raise BadRecordError(where, f"options: {_short(str(e))}") from None
    except (TypeError, ValueError, OverflowError) as e:  # a game's own checks meeting a hostile value
        raise BadRecordError(where, f"options: not valid for {spec.id} ({_short(str(e))})") from None
    seats = data["seats"]
    try:
        n_seats = len(spec.seat_names(options))
    except (AsobiError, TypeError, ValueError, KeyError) as e:
        raise BadRecordError(where, f"options: not valid for {spec.id} ({_short(str(e))})") from None
    if len(seats) != n_seats:
        raise BadRecordError(where, f"field 'seats' names {len(seats)} seats, but these options have {n_seats}")
    for i, kind in enumerate(seats):
        if not isinstance(kind, str) or not (kind == "human" or kind.startswith("bot:")) or len(kind) > MAX_TEXT:
            raise BadRecordError(where, f"seat {i} is {summary(kind)}, not \"human\" or \"bot:NAME\"")
    if len(data["actions"]) > spec.info.max_steps:
        raise BadRecordError(where, f"{len(data['actions'])} actions: no {spec.id} game lasts more than {spec.info.max_steps}")
    actions = []
    for i, a in enumerate(data["actions"]):
        try:
            actions.append(action_from_json(a))
        except AsobiError as e:
            raise BadRecordError(f"{where}, action {i}", str(e)) from None
    outcome = data.get("outcome")
    if outcome is not None:
        _check_outcome(outcome, n_seats, where)
    record = GameRecord(game, rules_version, options, [str(s) for s in seats], seed, actions, outcome, fingerprint,
                        data_hash, migrated_from)
    current = data_hash_of(spec)
    if data_hash is not None and current is not None and data_hash != current:
        record.warnings.append(
            f"made with other {spec.id} data files (hash {data_hash[:12]}, this asobi has {current[:12]}); "
            "the replay may differ from the game as played"
        )
    return record


def _check_outcome(outcome: Any, n_seats: int, where: str) -> None:
    def bad(why: str) -> BadRecordError:
        return BadRecordError(where, f"field 'outcome': {why}")

    if not isinstance(outcome, dict):
        raise bad("not an object")
    extra = [str(k) for k in outcome if k not in ("winners", "scores", "reason", "clause", "args")]
    if extra:
        raise bad(f"unknown field {_short(extra[0], 40)!r}")
    winners, scores = outcome.get("winners"), outcome.get("scores")
    if not isinstance(winners, list) or not all(
        isinstance(w, int) and not isinstance(w, bool) and 0 <= w < n_seats for w in winners
    ):
        raise bad("'winners' is not a list of seat numbers")
    if not isinstance(scores, list) or len(scores) != n_seats or not all(
        isinstance(s, int | float) and not isinstance(s, bool) and abs(s) < 1e12 for s in scores
    ):
        raise bad(f"'scores' is not a list of {n_seats} numbers")
    for key in ("reason", "clause"):
        if not isinstance(outcome.get(key), str) or len(outcome[key]) > MAX_TEXT:
            raise bad(f"{key!r} is not a short string")
    args = outcome.get("args", [])
    if not isinstance(args, list) or not all(
        isinstance(a, list) and len(a) == 2 and isinstance(a[0], str) for a in args
    ):
        raise bad("'args' is not a list of [name, value] pairs")
