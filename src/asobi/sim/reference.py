"""Reference playouts: work of a fixed size to time beside a game, so that a figure taken on a busy or
slow machine still means something as a ratio.

A machine (a shared VM above all) can run the same code 1.5× faster or slower from one hour to the
next; every µs figure moves alike, and a ratio to a reference timed in the same run does not.
Two references are played through the same loop as :func:`asobi.sim.bench.random_playout` (list the
legal moves, pick one with a single ``random()`` scaled to the list, apply):

- :func:`tic_tac_toe_playout`, built in: random tic-tac-toe written in plain Python, always there.
  It is a yardstick, not a game: changing it changes every ratio ever printed, so it stays as it is.
- :func:`spiel_playout` of OpenSpiel's backgammon (C++, chance at every turn, called through
  pybind), when the ``interop`` extra is installed (:func:`backgammon`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from random import Random
from typing import Any

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def tic_tac_toe_playout(rng: Random) -> int:
    """One random game of tic-tac-toe on a list of nine cells; its steps (moves)."""
    board = [0] * 9
    random = rng.random
    player = 1
    steps = 0
    while True:
        legal = [cell for cell in range(9) if board[cell] == 0]
        if not legal:
            return steps
        cell = legal[int(random() * len(legal))]
        board[cell] = player
        steps += 1
        if any(board[a] == board[b] == board[c] == player for a, b, c in _LINES):
            return steps
        player = 3 - player


def spiel_playout(game: Any, rng: Random) -> int:
    """One random game of a ``pyspiel`` game through the same loop (chance by its odds); its steps."""
    state = game.new_initial_state()
    random = rng.random
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            r = random()
            outcomes = state.chance_outcomes()
            action = outcomes[-1][0]
            for outcome, p in outcomes:
                r -= p
                if r < 0:
                    action = outcome
                    break
            state.apply_action(action)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(random() * len(legal))])
        steps += 1
    return steps


def backgammon() -> Callable[[Random], int] | None:
    """OpenSpiel's backgammon as a playout, or ``None`` where OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")
    return lambda rng: spiel_playout(game, rng)


def us_per_step(playout: Callable[[Random], int], seconds: float, seed: int) -> float:
    """Mean µs per step of whole playouts played for about ``seconds`` (new games included)."""
    rng = Random(seed)
    steps = 0
    t0 = time.perf_counter()
    while True:
        steps += playout(rng)
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return elapsed / steps * 1e6
