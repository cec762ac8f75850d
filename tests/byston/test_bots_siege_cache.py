"""The rule bot keeps its siege odds from game to game (``BotMemo.odds`` and the tables beside
it), by keys that leave out what cannot change the answer. A key that left out too much would
hand one group's odds to another: every odds the bots ask for in whole games must be what a
working-out from empty tables gives."""

from __future__ import annotations

from typing import Any

import pytest

from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.games.byston import bots
from asobi.sim.batch import game_seed


@pytest.mark.parametrize(("level", "players", "seed"), [("normal", 4, 0), ("hard", 2, 7)])
def test_kept_siege_odds_are_those_worked_out_afresh(monkeypatch, level, players, seed):
    wrong = siege_odds_against_fresh(monkeypatch, level, players, seed)
    assert wrong == []


def siege_odds_against_fresh(monkeypatch, level, players, seed, fresh_patch=None) -> list[Any]:
    """Play 3 whole games of ``level`` with every siege odds the bots ask for worked out again
    from empty tables (with ``fresh_patch(on)`` called around that working-out) and compared;
    the odds that differ."""
    kept = bots.RuleBot._siege_odds
    asked: list[int] = []
    wrong: list[Any] = []

    def checked(self, s, country, counters, chars, target):
        got = kept(self, s, country, counters, chars, target)
        memo = self.memo
        self.memo = bots.BotMemo()
        if fresh_patch is not None:
            fresh_patch(True)
        try:
            fresh = kept(self, s, country, counters, chars, target)
        finally:
            if fresh_patch is not None:
                fresh_patch(False)
            self.memo = memo
        asked.append(1)
        if got != fresh:
            wrong.append((country, counters, chars, target, got, fresh))
        return got

    monkeypatch.setattr(bots.RuleBot, "_siege_odds", checked)
    spec = get_game("byston")
    options = spec.validate_options({"players": players})
    for i in range(3):
        Match(
            spec, options, [f"bot:{level}"] * players, seed=game_seed(seed, i), journal=False, checked=False
        ).play()
    assert len(asked) > 50
    return wrong


def test_kept_collecting_camps_are_those_worked_out_afresh(monkeypatch):
    """The camps collecting each income hex are kept while the stacks of the income hexes, the
    countries' states and the owners stand (``bots._collecting_camps``): in whole games every
    answer kept is the one the rules give afresh."""
    from asobi.games.byston.board import static
    from asobi.games.byston.control import all_collectors

    kept = bots._collecting_camps
    asked: list[bool] = []

    def checked(s, memo=None):
        got = kept(s, memo)
        fresh = {h: static().camp[who[0]] for h, who in all_collectors(s) if who}
        asked.append(got == fresh)
        return got

    monkeypatch.setattr(bots, "_collecting_camps", checked)
    spec = get_game("byston")
    options = spec.validate_options({"players": 4})
    for i in range(3):
        Match(spec, options, ["bot:normal"] * 4, seed=game_seed(0, i), journal=False, checked=False).play()
    assert len(asked) > 50
    assert all(asked)


@pytest.mark.parametrize(("level", "players", "seed"), [("normal", 4, 0), ("hard", 2, 7)])
def test_a_force_s_fire_read_off_it_is_the_rules_dice_on_a_copy(monkeypatch, level, players, seed):
    """A besieging force's hits in bombing and shelling are read off the force itself
    (``bots._force_fires``); every siege odds the bots ask for in whole games must be what the
    rules' own dice give on a copy of the position with the force moved in (``bots._fire``),
    worked out from empty tables."""
    read_off = bots._force_fires

    def the_copy_decides(on: bool) -> None:
        bots._force_fires = (lambda force: None) if on else read_off

    wrong = siege_odds_against_fresh(monkeypatch, level, players, seed, the_copy_decides)
    assert wrong == []
