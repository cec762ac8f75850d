"""Finding games: every game is a Python entry point in the group ``asobi.games``.

A distribution declares its games in its ``pyproject.toml``::

    [project.entry-points."asobi.games"]
    mygame = "mygame.spec:SPEC"

The entry point's name is the game's id; its object is a :class:`~.spec.GameSpec` or a function
of no arguments that returns one. asobi's own three games are found the same way as a game in a
distribution of its own, so every front end reaches every game through its spec and names none.
A game is imported only when it is first asked for.
"""

from __future__ import annotations

import importlib.metadata
from functools import cache

from .errors import AsobiError
from .spec import GameSpec

ENTRY_POINT_GROUP = "asobi.games"


class UnknownGameError(AsobiError):
    """No game is installed under this id."""


class BadGameError(AsobiError):
    """An installed game cannot be loaded, or is not what its entry point says."""


@cache
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        other = found.get(point.name)
        if other is not None and other.value != point.value:
            raise BadGameError(f"game id {point.name!r} is declared twice: by {other.value} and by {point.value}")
        found[point.name] = point
    return found


def game_ids() -> list[str]:
    """The ids of every installed game, sorted, without importing any of them."""
    return sorted(_entry_points())


@cache
def _load(game_id: str) -> GameSpec:
    point = _entry_points()[game_id]
    try:
        made = point.load()
        spec = made() if callable(made) and not isinstance(made, GameSpec) else made
    except AsobiError:
        raise
    except Exception as e:  # a game's own import failing: said with the entry point, not a traceback
        raise BadGameError(f"game {game_id!r} ({point.value}) cannot be loaded: {type(e).__name__}: {e}") from e
    if not isinstance(spec, GameSpec):
        raise BadGameError(f"game {game_id!r} ({point.value}) gives a {type(spec).__name__}, not a GameSpec")
    if spec.id != game_id:
        raise BadGameError(f"the entry point {game_id!r} ({point.value}) gives the game {spec.id!r}")
    return spec


def get_game(game_id: str) -> GameSpec:
    """The game installed as ``game_id``.

    :raises UnknownGameError: naming the games that exist.
    :raises BadGameError: if the game is installed but cannot be loaded.
    """
    if game_id not in _entry_points():
        raise UnknownGameError(f"no game {game_id!r}; the games are: {', '.join(game_ids())}")
    return _load(game_id)


def all_games() -> list[GameSpec]:
    """Every installed game, sorted by id."""
    return [get_game(game_id) for game_id in game_ids()]


def rescan() -> None:
    """Look for installed games again (after ``sys.path`` changed: a test that puts a
    distribution on it, say)."""
    importlib.invalidate_caches()
    _entry_points.cache_clear()
    _load.cache_clear()
