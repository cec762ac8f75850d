"""The rule bots: they play the odds of their own cup, and play well enough to beat random play."""

from __future__ import annotations

from asobi.core.agent import Observation
from asobi.core.match import Match

from asobi_liars_dice.bots import RuleBot, chance_at_least, chance_exactly
from asobi_liars_dice.content import Temperament
from asobi_liars_dice.spec import SPEC

from .helpers import position

PLAIN = Temperament(id="plain", bluff=0.0, doubt=0.0, ja="試験用", en="for tests")


def choose(s, seat=None, temperament=PLAIN):
    seat = s.current_seat if seat is None else seat
    return RuleBot(seat, 1, temperament).act(Observation(s, seat))


def test_the_odds():
    assert chance_at_least(3, 0, 0.5) == 1.0 and chance_at_least(3, 4, 0.5) == 0.0
    assert abs(chance_at_least(3, 2, 0.5) - 0.5) < 1e-12
    assert abs(chance_exactly(2, 1, 1 / 3) - 4 / 9) < 1e-12


def test_it_opens_with_the_most_its_own_cup_makes_certain():
    s = position([[1, 5, 5, 2], [3, 3, 3, 3]], turn=0)  # 1 counts as a 5: three fives for sure
    assert choose(s) == ("bid", 3, 5)


def test_it_challenges_a_bid_that_cannot_stand():
    s = position([[5, 5, 5], [2, 2]], turn=0, bids=((6, 5, 1),))
    assert choose(s) == ("challenge",)


def test_it_raises_rather_than_challenge_a_likely_bid():
    s = position([[5, 5, 5], [2, 2]], turn=0, bids=((2, 5, 1),))
    assert choose(s)[0] == "bid"


def test_it_calls_spot_on_when_that_is_likeliest():
    # its own two fives make B's 2 × 5 stand for sure; one unseen die: exactly two with 2/3
    s = position([[5, 5], [4]], turn=0, bids=((2, 5, 1),), spot_on=True)
    assert choose(s) == ("spot_on",)


def test_doubt_makes_it_challenge_sooner():
    # B's 1 × 4 stands with 0.80 (four unseen dice, a third of them count); its own 2 × 3 too
    s = position([[2, 3], [4, 6], [2, 2]], turn=0, bids=((1, 4, 1),))
    assert choose(s) == ("bid", 2, 3)
    doubting = Temperament(id="doubting", bluff=0.0, doubt=0.7, ja="疑い深い", en="doubts")
    assert choose(s, temperament=doubting) == ("challenge",)


def test_the_rule_bot_beats_two_random_players():
    game = SPEC
    options = game.validate_options({"players": 3})
    wins = 0
    for seed in range(40):
        m = Match(game, options, ["bot:rule", "bot:random", "bot:random"], seed=seed, journal=False)
        m.play()
        outcome = m.state.outcome()
        assert outcome is not None
        wins += outcome.winners == (0,)
    assert wins >= 36  # (200 of 200 when measured; a third would be chance)


def test_every_temperament_in_the_data_is_a_bot():
    assert set(SPEC.bots) == {"rule", "bold"}
