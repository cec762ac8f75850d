"""Search bots by name: parameters checked with clear errors, and usable from every command that
seats bots (play, simulate, resume --seats)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from asobi.agents import ISMCTSAgent, MCTSAgent, parse_search
from asobi.cli import main
from asobi.core.bots import BotNameError, bot_kinds, check_bot_name, make_bot, seat_kind
from asobi.core.registry import get_game
from asobi.store import GameStore
from support.toygame import registered


@pytest.fixture(autouse=True)
def toy():
    return registered()


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_parameters_are_read():
    spec = get_game("emblem")
    settings = parse_search(spec, "ismcts:iters=200:time=0.25:rollout=rule:depth=40:c=0.7:prior=rule")
    assert settings is not None and settings.prior == "rule"
    assert (settings.kind, settings.budget.iterations, settings.budget.seconds) == ("ismcts", 200, 0.25)
    assert (settings.rollout, settings.depth, settings.exploration) == ("rule", 40, 0.7)
    default = parse_search(spec, "mcts")
    assert default is not None and default.budget.seconds == 0.5 and default.budget.iterations is None
    assert default.exploration == 1.0
    assert parse_search(spec, "rule") is None
    assert isinstance(make_bot(spec, "mcts:iters=5", 0, 1, {}), MCTSAgent)
    assert isinstance(make_bot(spec, "ismcts:iters=5", 1, None, {}), ISMCTSAgent)


def test_without_c_a_search_takes_the_games_exploration_constant():
    byston = get_game("byston")
    assert parse_search(byston, "mcts:iters=100:rollout=heuristic").exploration == byston.search.exploration == 0.05
    assert parse_search(byston, "mcts:iters=100:rollout=heuristic:c=1").exploration == 1.0
    assert parse_search(get_game("legion"), "ismcts:iters=10").exploration == 1.0


@pytest.mark.parametrize(("name", "says"), [
    ("mcts:time=abc", "time must be a number of seconds > 0, not 'abc'"),
    ("mcts:time=0", "time must be a number of seconds > 0, not '0'"),
    ("mcts:time=nan", "time must be"),
    ("ismcts:iters=-3", "iters must be a whole number ≥ 1, not '-3'"),
    ("ismcts:iters=1.5", "iters must be a whole number"),
    ("mcts:speed=3", "mcts has no parameter 'speed' (its parameters: iters, time, rollout, depth, c, prior, reuse, value)"),
    ("mcts:time", "parameter 'time' is not name=value"),
    ("mcts:iters=3:iters=4", "parameter 'iters' is given twice"),
    ("mcts:rollout=smart", "rollout must be one of random, rule, heuristic, normal, not 'smart'"),
    ("mcts:c=-1", "c must be a number ≥ 0"),
    ("mcts:depth=x", "depth must be a whole number ≥ 0"),
    ("mcts:rollout=heuristic:depth=3", "depth goes with rollout=random or rule"),
    ("rule:iters=3", "bot 'rule' takes no parameters"),
    ("ismcts:prior=oracle", "prior must be one of none, rule, normal, not 'oracle'"),
    ("alphazero", "no bot 'alphazero'"),
])
def test_bad_names_are_refused_clearly(name, says):
    with pytest.raises(BotNameError) as e:
        make_bot(get_game("emblem"), name, 0, 1, {})
    assert says in str(e.value)
    with pytest.raises(BotNameError):
        check_bot_name(get_game("emblem"), name)


def test_an_unknown_seat_kind_names_every_form_a_seat_may_take():
    # a user's own class written without its prefix is told the prefix
    with pytest.raises(BotNameError) as e:
        seat_kind(get_game("legion"), "my_bots:FirstChoice")
    said = str(e.value)
    # (no lookahead: legion has no margin to value a playout by)
    assert "'my_bots:FirstChoice'" in said and "py:MODULE:CLASS" in said and "bot:NAME (easy, normal, hard, expert, ismcts, mcts, mistakes, py, random, rule)" in said


def test_a_game_without_heuristic_or_rule_bot_says_so():
    spec = registered()
    with pytest.raises(BotNameError, match="declares no heuristic"):
        check_bot_name(spec, "mcts:rollout=heuristic")
    with pytest.raises(BotNameError, match="declares no heuristic"):
        check_bot_name(spec, "mcts:depth=4")
    with pytest.raises(BotNameError, match="no rule bot"):
        check_bot_name(spec, "ismcts:rollout=rule")
    with pytest.raises(BotNameError, match="no rule bot to take as a prior"):
        check_bot_name(spec, "ismcts:prior=rule")


def test_play_refuses_a_bad_parameter_before_anything_is_saved(db):
    result = run("play", "toy-highcard", "--seats", "human,bot:mcts:time=abc", input="q\n")
    assert result.exit_code == 2
    assert "error: bot 'mcts:time=abc': time must be a number of seconds > 0, not 'abc'" in result.output
    assert not db.exists() or GameStore(db).list() == []


def test_play_and_resume_with_search_seats(db):
    result = run("play", "toy-highcard", "--seats", "human,bot:ismcts:iters=30", "--seed", "2", input="q\n")
    assert result.exit_code == 0, result.output
    assert GameStore(db).load(1).seats == ["human", "bot:ismcts:iters=30"]
    finished = run("resume", "1", "--seats", "bot:mcts:iters=20,bot:ismcts:iters=20:c=2")
    assert finished.exit_code == 0, finished.output
    assert "Game over" in finished.output
    record = GameStore(db).load(1)
    # ``resume --seats`` seats one session; the saved seating stays as it was played
    assert record.seats == ["human", "bot:ismcts:iters=30"] and record.outcome is not None
    assert run("replay", "1", "--verify").exit_code == 0


def test_simulate_with_search_bots_is_reproducible():
    args = ("simulate", "toy-highcard", "--bots", "ismcts:iters=20,mcts:iters=20", "-n", "6", "--jobs", "1",
            "--seed", "4", "--json")
    first = run(*args)
    assert first.exit_code == 0, first.output
    assert run(*args).output == first.output
    assert '"ismcts:iters=20"' in first.output


def test_the_kinds_every_game_may_be_given_are_found_by_entry_point():
    assert {"mcts", "ismcts", "py"} <= set(bot_kinds())
    assert "mcts" in seat_kind(get_game("legion"), "mcts:iters=5")
    with pytest.raises(BotNameError, match="no bot 'alphazero:iters=5'"):
        check_bot_name(get_game("legion"), "alphazero:iters=5")
    with pytest.raises(BotNameError, match="takes no parameters"):
        check_bot_name(get_game("legion"), "rule:iters=5")
