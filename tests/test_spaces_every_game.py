"""Every game's declared action spaces hold every action its random games offer.

For each game and each of its conformance option sets, random games are played to the end; at
every decision the legal actions, and at every chance node the outcomes, go through
:func:`asobi.core.spaces.check_space` (in the space, ids round-trip and follow action order, no
more at once than ``max_legal``). A redacted action (what another seat sees) is in no space.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from asobi.core import CHANCE, TERMINAL, get_game
from asobi.core.spaces import ActionSpace, check_space
from asobi.games.byston import space as byston_space
from asobi.games.emblem import space as emblem_space
from asobi.games.legion import space as legion_space
from support.play import random_action, random_playout

SpaceFn = Callable[[Mapping[str, Any]], ActionSpace]
SPACES: dict[str, tuple[SpaceFn, SpaceFn]] = {
    "legion": (legion_space.action_space, legion_space.chance_space),
    "emblem": (emblem_space.action_space, emblem_space.chance_space),
    "byston": (byston_space.action_space, byston_space.chance_space),
}
GAMES_PER_GAME = 30
GAMES_FOR = {"byston": 9}
"""byston's games are long (about 500 decisions): three per seating."""


def _cases() -> list[tuple[str, int, int]]:
    """(game, option set, seed): 30 games per game, spread over its conformance option sets."""
    out = []
    for game in SPACES:
        sets = len(get_game(game).conformance_options)
        out += [(game, i % sets, i) for i in range(GAMES_FOR.get(game, GAMES_PER_GAME))]
    return out


def play_and_check(game: str, options_index: int, seed: int) -> None:
    spec = get_game(game)
    options = spec.validate_options(dict(spec.conformance_options[options_index]))
    actions_fn, chance_fn = SPACES[game]
    space, chance = actions_fn(options), chance_fn(options)
    state = spec.new_game(options)
    seats = state.n_seats
    rng = random.Random(seed)
    for step in range(spec.info.max_steps):
        seat = state.current_seat
        if seat == TERMINAL:
            return
        where = f"{game} {dict(options)} seed {seed} step {step}"
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            check_space(chance, [a for a, _ in outcomes], where + " (chance)")
            action = random_action(state, rng)
            for other in range(seats):
                seen = state.redact(action, other)
                if seen != action:
                    assert not chance.contains(seen), f"{where}: redacted {seen!r} is in the chance space"
        else:
            legal = state.legal_actions()
            check_space(space, legal, f"{where} (seat {seat})")
            action = random_action(state, rng)
            for other in range(seats):
                seen = state.redact(action, other)
                if seen != action:
                    assert not space.contains(seen), f"{where}: redacted {seen!r} is in the action space"
        state.apply_unchecked(action)
    raise AssertionError(f"{game} seed {seed}: no end within {spec.info.max_steps} steps")


@pytest.mark.parametrize(("game", "options_index", "seed"), _cases(), ids=lambda x: str(x))
def test_random_games_stay_in_the_declared_spaces(game, options_index, seed):
    play_and_check(game, options_index, seed)


@pytest.mark.parametrize("game", list(SPACES))
def test_the_ids_do_not_depend_on_the_options(game):
    spec = get_game(game)
    actions_fn, chance_fn = SPACES[game]
    spaces = [actions_fn(spec.validate_options(dict(o))) for o in spec.conformance_options]
    chances = [chance_fn(spec.validate_options(dict(o))) for o in spec.conformance_options]
    for s in (*spaces, *chances):
        assert 1 <= s.max_legal <= s.size
    assert len({s.verbs for s in spaces}) == 1
    assert len({s.verbs for s in chances}) == 1


@pytest.mark.parametrize("game", list(SPACES))
def test_every_id_of_a_game_round_trips_in_order(game):
    spec = get_game(game)
    actions_fn, chance_fn = SPACES[game]
    options = spec.validate_options({})
    for space in (actions_fn(options), chance_fn(options)):
        actions = [space.decode(i) for i in range(space.size)]
        assert actions == sorted(actions)
        assert [space.encode(a) for a in actions] == list(range(space.size))
        state = spec.new_game(options)
        for a in actions[:: max(1, space.size // 50)]:
            assert space.label(a, "en", state) and space.label(a, "ja", state)


def test_a_bound_that_is_too_small_fails():
    """The check can fail: the same games against a space whose max_legal is 1."""
    spec = get_game("legion")
    options = spec.validate_options({})
    real = legion_space.action_space(options)
    tight = ActionSpace(real.verbs, 1)
    state = spec.new_game(options)
    with pytest.raises(AssertionError, match="max_legal 1"):
        for _ in random_playout(state, random.Random(1), 2000, unchecked=True):
            if state.current_seat >= 0:
                check_space(tight, state.legal_actions(), "tight")
