"""A learned value for search: a model of a seat's final score from what it sees, read from a file.

``asobi train GAME`` (:mod:`asobi.sim.train`) fits the model on positions of recorded games and
writes it in the format below; a search bot named with ``value=learned`` (the game's shipped model,
:attr:`~asobi.core.hooks.SearchHooks.value_model`) or ``value=PATH`` values the positions it stops
at with it instead of the game's heuristic.

**The features** of a position for a seat are the seat's observation tensor
(``spec.spaces.write_observation``: what the seat may know of it, the same tensor the interop
adapters give a learning agent) followed by one more, the game's heuristic for that seat: ``size``
numbers. They are placed in the block of the seat's side (``spec.sides(options)``: a camp of a
wargame, each seat of a duel, the one table of a co-operative game), so each side has weights of
its own — a tensor that shows the board the same to every seat (not from the seat's own side) is
read for each side the right way round. A side is valued once, from its first seat
(:func:`side_seats`: every seat of a side scores alike). The tensor is written into a sparse buffer (a dict of its
non-zero entries), so a leaf costs the writer's time plus one multiply-add per non-zero entry.

**The model** is logistic: ``p = 1 / (1 + exp(-(bias + Σ wᵢ xᵢ)))``, scaled to the game's
utility range (``minimum + p · (maximum − minimum)``). What it estimates is its ``target``:
``outcome``, the seat's final score; or ``heuristic``, the game's heuristic at the end of the game
(for a game whose outcomes are mostly draws, where the heuristic's scale, a wargame's lead, says
more than the score). A model of the target ``margin`` is linear instead: ``bias + Σ wᵢ xᵢ`` is
the seat's final margin (``spec.study.margin``, such as a camp's lead in points), in the margin's
own units, not a score; it values where a lookahead's playout stops (``lookahead:…:value=…``,
:mod:`asobi.agents.lookahead`), and a search bot refuses it (:func:`require_target`). Its numbers are kept
as JSON with a header, so a model loads and evaluates with the standard library alone (no
training library at play time):

=================== ==================================================================
``format``          :data:`MODEL_FORMAT`
``game``            the game's id
``rules_version``   the rules version of the records it learned from (must be the engine's)
``data_hash``       the game's data-file hash (``spec.records.data_hash()``; must match)
``records_sha256``  a hash of the training records (which games it learned from)
``command``         the command that made it (it makes the same file again)
``library``         the library that fitted it, with its version
``options``         the game options of the records (their observation size must match)
``features``        ``{"kind": "observation+heuristic", "size": N, "sides": S, "target": T}``
``metrics``         held-out figures measured when it was made
``bias``, ``weights`` the fitted numbers: ``weights`` has ``size × sides`` entries
=================== ==================================================================

A model made for another game, rules version, data files or observation size is refused with a
:class:`ModelError` naming what differs; a search bot given such a model falls back to the game's
``hard`` level and says so (:func:`fallback_note`).
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, cast

from ..core.data import read_bounded
from ..core.errors import AsobiError
from ..core.spec import GameSpec
from ..core.state import GameState

MODEL_FORMAT = "asobi-value/1"
FEATURE_KIND = "observation+heuristic"
MAX_MODEL_BYTES = 8 * 1024 * 1024
"""The largest model file read (a model holds one number per feature: a few hundred kB)."""
SHIPPED = "learned"
"""``value=learned``: the game's shipped model (its ``SearchHooks.value_model``)."""
HEADER = ("format", "game", "rules_version", "data_hash", "records_sha256", "command", "library",
          "options", "features", "metrics", "bias", "weights")


class ModelError(AsobiError):
    """A value model that cannot be used: unreadable, malformed, or made for other rules or data."""

    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"value model {where}: {why}")
        self.where = where
        self.why = why

    def __reduce__(self) -> tuple[Any, ...]:
        return (ModelError, (self.where, self.why))


class _Sparse(dict[int, float]):
    """A tensor buffer holding only what a writer sets (its entries start at zero)."""

    def __missing__(self, key: int) -> float:
        return 0.0


TARGETS = ("outcome", "heuristic", "margin")
SCORE_TARGETS = ("outcome", "heuristic")
"""The targets whose model is a score in the game's utility range (a search's leaf)."""


def features(spec: GameSpec, state: GameState, seat: int, size: int, side: int = 0,
             viewer: int | None = None) -> dict[int, float]:
    """The features of ``state`` for ``seat`` (see the module's description), as index → value of
    the entries that are not zero, in the block of ``side`` (offset ``side × size``); ``size`` is
    the observation tensor's length plus one, the heuristic's place being the block's last. The
    tensor is ``viewer``'s (default: ``seat``'s; :func:`side_seats`)."""
    writer = spec.spaces.write_observation
    heuristic = spec.search.heuristic
    if writer is None or heuristic is None:
        raise AsobiError(f"{spec.id} declares no observation tensor and heuristic to learn a value from")
    out = _Sparse()
    writer(state, seat if viewer is None else viewer, cast(Any, out))
    value = heuristic(state, seat)
    if value:
        out[size - 1] = value
    if not side:
        return out
    offset = side * size
    return {offset + i: v for i, v in out.items()}


@dataclass(frozen=True)
class ValueModel:
    """A loaded model (see the module's description)."""

    header: Mapping[str, Any]
    bias: float
    weights: tuple[float, ...]
    low: float
    high: float
    where: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)

    def probability(self, x: Mapping[int, float]) -> float:
        """The model's p for features ``x`` (index → value)."""
        w = self.weights
        z = self.bias
        for i, v in x.items():
            z += w[i] * v
        if z < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))

    def values(self, spec: GameSpec, options: Mapping[str, Any]) -> Callable[[GameState], list[float]]:
        """The model as a leaf's values for games of ``options``: ``values(state)``, one per seat
        (scores in the utility range; for a ``margin`` model, each seat's expected final margin).

        Seats of one side always score alike (:attr:`~asobi.core.spec.GameInfo.teams`), so each
        side is valued once, from its first seat (:func:`side_seats`), and its value given to all
        its seats: a wargame's two camps of two seats cost two evaluations, a co-operative
        table one; where every seat sees the same, one tensor serves every side."""
        low, span = self.low, self.high - self.low
        writer = spec.spaces.write_observation
        game_heuristic = spec.search.heuristic
        assert writer is not None and game_heuristic is not None
        size = int(self.header["features"]["size"])
        sides = spec.sides(options)
        # per side: the seat its heuristic is for, the seat whose tensor it reads, its weights
        plan = [(side, seat, viewer, self.weights[side * size:(side + 1) * size])
                for side, (seat, viewer) in side_seats(spec, options).items()]
        shared = len({viewer for _, _, viewer, _ in plan}) == 1
        linear = self.header["features"]["target"] not in SCORE_TARGETS
        bias = self.bias
        exp = math.exp
        mul = operator.mul

        def values(state: GameState) -> list[float]:
            by_side: dict[int, float] = {}
            out = _Sparse()
            written = -1
            for side, seat, viewer, w in plan:
                if written != viewer or not shared:
                    out = _Sparse()
                    writer(state, viewer, cast(Any, out))
                    written = viewer
                z = bias + w[-1] * game_heuristic(state, seat) + sum(map(mul, map(w.__getitem__, out), out.values()))
                by_side[side] = z if linear else low + span * (0.0 if z < -30.0 else 1.0 / (1.0 + exp(-z)))
            return [by_side[side] for side in sides]

        return values


def side_seats(spec: GameSpec, options: Mapping[str, Any]) -> dict[int, tuple[int, int]]:
    """Per side (``spec.sides(options)``), in the order of the seats: the seat it is valued for
    (its first) and the seat whose observation tensor its features are (its first; seat 0 for
    every side of a game whose views are public, :attr:`~asobi.core.spec.GameInfo.public_views`,
    where one tensor then serves them all). Training and play read the same seats."""
    out: dict[int, tuple[int, int]] = {}
    for seat, side in enumerate(spec.sides(options)):
        if side not in out:
            out[side] = (seat, 0 if spec.info.public_views else seat)
    return out


def check_model(spec: GameSpec, header: Mapping[str, Any], where: str, options: Mapping[str, Any] | None = None) -> None:
    """Refuse a model header made for another game, rules version, data files or tensor size.

    :raises ModelError: naming what differs and what to do.
    """
    remake = f"make one for these with: {header.get('command') or f'asobi train {spec.id} …'}"
    if header.get("format") != MODEL_FORMAT:
        raise ModelError(where, f"format {header.get('format')!r} is not {MODEL_FORMAT!r}")
    if header.get("game") != spec.id:
        raise ModelError(where, f"made for the game {header.get('game')!r}, not {spec.id!r}")
    if header.get("rules_version") != spec.rules_version:
        raise ModelError(where, f"made for {spec.id} rules version {header.get('rules_version')!r}; these rules are "
                                f"version {spec.rules_version!r} ({remake})")
    data_hash = spec.records.data_hash() if spec.records.data_hash is not None else None
    if header.get("data_hash") != data_hash:
        raise ModelError(where, f"made with {spec.id} data files of hash {header.get('data_hash')!r}; these data "
                                f"files hash to {data_hash!r} ({remake})")
    described = header.get("features")
    if not isinstance(described, dict) or described.get("kind") != FEATURE_KIND:
        kind = described.get("kind") if isinstance(described, dict) else None
        raise ModelError(where, f"features {kind!r} are not {FEATURE_KIND!r}")
    for key in ("size", "sides"):
        if not (isinstance(described.get(key), int) and described[key] >= 1):
            raise ModelError(where, f"features.{key} must be a whole number ≥ 1")
    if described.get("target") not in TARGETS:
        raise ModelError(where, f"features.target must be one of {', '.join(TARGETS)}")
    if options is not None and spec.spaces.observation_shape is not None:
        size = math.prod(spec.spaces.observation_shape(options)) + 1
        if described["size"] != size:
            raise ModelError(where, f"made for {described['size']} features; these game options give "
                                    f"{size} (the model's options: {header.get('options')})")
        sides = max(spec.sides(options)) + 1
        if described["sides"] < sides:
            raise ModelError(where, f"made for {described['sides']} side(s); these game options have {sides}")


def parse_model(spec: GameSpec, data: Any, where: str, options: Mapping[str, Any] | None = None) -> ValueModel:
    """A model from its JSON (what ``json.loads`` made), checked against ``spec`` (and ``options``).

    :raises ModelError: naming the field that is wrong, or what the model was made for.
    """
    if not isinstance(data, dict):
        raise ModelError(where, "not a JSON object")
    missing = [key for key in HEADER if key not in data]
    if missing:
        raise ModelError(where, f"no field {missing[0]!r} (a model has {', '.join(HEADER)})")
    check_model(spec, data, where, options)
    weights = data["weights"]
    size = data["features"]["size"] * data["features"]["sides"]
    if not isinstance(weights, list) or len(weights) != size:
        raise ModelError(where, f"weights must be a list of {size} numbers (size × sides)")
    numbers = [*weights, data["bias"]]
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in numbers):
        raise ModelError(where, "bias and weights must be finite numbers")
    utility = spec.info.utility
    return ValueModel({k: data[k] for k in HEADER if k not in ("weights", "bias")}, float(data["bias"]),
                      tuple(float(x) for x in weights), utility.minimum, utility.maximum, where,
                      dict(data["options"]) if isinstance(data["options"], dict) else {})


def model_json(model_header: Mapping[str, Any], bias: float, weights: list[float]) -> str:
    """A model file's text: its header, then its numbers (rounded to 7 significant digits)."""
    data = {**model_header, "bias": float(f"{bias:.7g}"), "weights": [float(f"{w:.7g}") for w in weights]}
    return json.dumps({k: data[k] for k in HEADER}, ensure_ascii=False, separators=(",", ":")) + "\n"


def shipped_path(spec: GameSpec) -> str | None:
    """Where the game's shipped model is (``SearchHooks.value_model``, a file inside its package),
    or ``None`` when it ships none."""
    name = spec.search.value_model
    if not name:
        return None
    package, _, file = name.partition(":")
    return str(resources.files(package).joinpath(file))


def load_model(spec: GameSpec, where: str, options: Mapping[str, Any] | None = None) -> ValueModel:
    """The model ``where`` names (``learned``: the game's shipped one; else a file's path), checked.

    :raises ModelError: for a file that cannot be read or a model made for other rules or data.
    """
    path = shipped_path(spec) if where == SHIPPED else where
    if path is None:
        raise ModelError(SHIPPED, f"{spec.id} ships no learned value model")
    model = _load_file(spec.id, path, _mtime(path))
    check_model(spec, model.header, path, options)
    return model


def _mtime(path: str) -> float:
    try:
        return Path(path).stat().st_mtime
    except OSError:
        return 0.0


@lru_cache(maxsize=16)
def _load_file(game: str, path: str, mtime: float) -> ValueModel:
    """A model file read once per change (a ladder makes its bots for every game)."""
    from ..core.registry import get_game

    raw = read_bounded(path, MAX_MODEL_BYTES, path, lambda where, why: ModelError(where, why))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ModelError(path, f"not JSON ({e})") from None
    return parse_model(get_game(game), data, path)


def require_target(model: ValueModel, targets: tuple[str, ...], user: str) -> None:
    """Refuse a model whose target is not one of ``targets`` (what ``user``, a kind of bot, reads).

    :raises ModelError: naming the model's target and the ones wanted.
    """
    target = model.header["features"]["target"]
    if target not in targets:
        raise ModelError(model.where, f"its target is {target!r}; {user} needs a model of {' or '.join(targets)} "
                                      f"(asobi train --target {targets[0]})")


def fallback_note(spec: GameSpec, name: str, error: ModelError, instead: str) -> str:
    """What a person is told when bot ``name`` cannot use its model and plays ``instead``."""
    return f"{spec.id}: bot {name!r} cannot use its learned value ({error}); it plays the hard level ({instead}) instead"
