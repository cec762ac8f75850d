"""Every registered game, with each of its conformance option sets, passes the harness: 20 random
games per option set by default (byston 4, emblem 10), 200 with ``./scripts/test --deep`` (byston
24; :mod:`support.depth`)."""

from __future__ import annotations

import pytest

from asobi.core import all_games
from asobi.core.conformance import check_game
from support import depth

SEEDS = depth.CONFORMANCE_SEEDS
SEEDS_FOR = {"byston": depth.BYSTON_CONFORMANCE_SEEDS, "emblem": depth.EMBLEM_CONFORMANCE_SEEDS}
HIDES_NOTHING = {"byston": lambda options: True, "legion": lambda options: bool(options.get("open_hands"))}
"""The option sets in which no seat holds anything another cannot see (byston's views are public;
legion's open hands show every hand), so the harness has no hidden variant to compare."""

CASES = [
    pytest.param(spec, options, id=f"{spec.id}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'default'}")
    for spec in all_games()
    for options in spec.conformance_options
]


@pytest.mark.parametrize(("spec", "options"), CASES)
def test_game_conforms(spec, options):
    seeds = SEEDS_FOR.get(spec.id, SEEDS)
    stats = check_game(spec, options, range(seeds))
    assert stats.games == seeds
    assert stats.sampled_states > 0
    assert sum(stats.outcomes.values()) == seeds
    if HIDES_NOTHING.get(spec.id, lambda options: False)(options):
        assert stats.views_compared == 0
    else:  # the secrecy check ran: variants that differ from the true state gave the same views
        assert stats.hidden_variants_differing > 0
