"""Levels: every game offers easy, normal, hard and expert, each the bot its spec declares; ``bot``
is normal; a bare search takes the game's measured parameters; the bot with mistakes."""

from __future__ import annotations

import dataclasses
import time
from random import Random

import pytest
from click.testing import CliRunner

from asobi.agents import parse_search
from asobi.agents.lookahead import parse_lookahead
from asobi.agents.mistakes import MistakesAgent
from asobi.cli import main
from asobi.core.agent import Observation
from asobi.core.bots import (
    BotNameError,
    check_bot_name,
    game_level,
    make_bot,
    resolve_bot,
    seat_kind,
)
from asobi.core.hooks import LEVEL_NAMES, LEVELS, Level, Levels
from asobi.core.match import Match
from asobi.core.registry import all_games, get_game
from support.toygame import registered

from .test_search import midgame

GAMES = ("byston", "emblem", "legion")


@pytest.fixture(autouse=True)
def toy():
    return registered()


def test_the_levels_are_four_weakest_first_with_names_in_both_languages():
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert set(LEVEL_NAMES) == set(LEVELS)
    assert all(ja and en == level and ja != en for level, (ja, en) in LEVEL_NAMES.items())


@pytest.mark.parametrize("game", GAMES)
def test_each_level_is_the_bot_its_game_declares(game):
    spec = get_game(game)
    for level in LEVELS:
        declared = getattr(spec.levels, level)
        assert declared is not None, f"{game} leaves {level} to the engine"
        assert resolve_bot(spec, level) == declared.bot == game_level(spec, level).bot
        assert check_bot_name(spec, level) == level
        assert seat_kind(spec, f"bot:{level}") == f"bot:{level}" == seat_kind(spec, level)
        options = spec.validate_options({})
        bot = make_bot(spec, level, 0, 1, options)
        assert type(bot) is type(make_bot(spec, declared.bot, 0, 1, options))
    assert resolve_bot(spec, "normal") == "rule"
    assert parse_search(spec, resolve_bot(spec, "easy")) is None  # the rule bot with mistakes
    assert isinstance(make_bot(spec, "easy", 0, 1, spec.validate_options({})), MistakesAgent)


@pytest.mark.parametrize("game", GAMES)
def test_the_levels_time_per_decision_is_what_they_promise(game):
    spec = get_game(game)
    levels = [game_level(spec, level) for level in LEVELS]
    # expert may take longer than hard, never less
    assert levels[1].seconds <= 1.0 and levels[2].seconds <= 3.0 and levels[3].seconds >= levels[2].seconds
    for level in levels:
        search = parse_search(spec, level.bot)
        if search is not None:  # a search stops by its clock within what the level says
            assert search.budget.seconds is not None and search.budget.seconds <= level.seconds
    for level in ("hard", "expert"):
        bot = resolve_bot(spec, level)
        if bot in spec.bots:
            continue  # a bot of the game's own (byston's hard: a rule bot that beats normal)
        if bot.split(":")[0] == "lookahead":  # the game's own bot looking ahead (byston's expert)
            assert parse_lookahead(spec, bot).base in spec.bots
            continue
        search = parse_search(spec, bot)
        assert search is not None and (search.prior, search.rollout) == (spec.search.prior, spec.search.rollout)


@pytest.mark.parametrize("game", GAMES)
def test_normal_answers_within_a_second_per_decision(game):
    spec = get_game(game)
    options = spec.validate_options({})
    seats = ["bot:normal"] * len(spec.seat_names(options))
    match = Match(spec, options, seats, seed=5, journal=False)
    slowest, decisions = 0.0, 0
    while decisions < 300 and not match.is_over():
        seat = match.bot_to_decide()
        started = time.perf_counter()
        action = match.decide()
        if seat is not None:
            slowest = max(slowest, time.perf_counter() - started)
            decisions += 1
        assert action is not None
        match.advance(action)
    assert decisions > 50 and slowest < 1.0


def test_bot_is_the_normal_level_in_every_game():
    for spec in all_games():
        assert seat_kind(spec, "bot") == "bot:normal" == seat_kind(spec, "bot:bot")


def test_no_game_names_a_bot_of_its_own_as_a_level():
    for spec in all_games():
        assert not set(spec.bots) & set(LEVELS), spec.id
        for level in LEVELS:
            check_bot_name(spec, level)  # every level of every game resolves to a bot it may be given


def test_a_game_that_declares_no_levels_gets_the_engines():
    toy = get_game("toy-highcard")
    assert toy.levels == Levels()
    assert [resolve_bot(toy, level) for level in LEVELS] == ["random", "random", "ismcts:time=1", "ismcts:time=5"]
    with_rule = dataclasses.replace(toy, bots={"rule": toy.bots.get("rule") or (lambda s, seed, o: None)})
    assert resolve_bot(with_rule, "normal") == "rule"


def test_a_level_takes_its_searchs_parameters():
    spec = get_game("emblem")
    hard = resolve_bot(spec, "hard")
    assert resolve_bot(spec, "hard:iters=7") == hard.replace("iters=100", "iters=7")
    assert resolve_bot(spec, "hard:depth=end:c=0.5").endswith(":depth=end:c=0.5")
    settings = parse_search(spec, resolve_bot(spec, "hard:iters=7"))
    assert settings is not None and settings.budget.iterations == 7
    assert check_bot_name(spec, "expert:iters=3") == "expert:iters=3"
    with pytest.raises(BotNameError, match="level 'normal' is the bot 'rule', which takes no name=value parameters"):
        check_bot_name(spec, "normal:iters=3")
    with pytest.raises(BotNameError, match=r"level 'hard:iters=x' is the bot .*iters must be a whole number"):
        check_bot_name(spec, "hard:iters=x")


def test_a_level_may_not_be_another_level():
    spec = dataclasses.replace(get_game("emblem"), levels=Levels(easy=Level("easy", 1.0)))
    with pytest.raises(BotNameError, match="not another level"):
        check_bot_name(spec, "easy")


@pytest.mark.parametrize("game", GAMES)
def test_a_bare_search_takes_the_games_measured_parameters(game):
    spec = get_game(game)
    for kind in ("mcts", "ismcts"):
        bare = parse_search(spec, kind)
        assert bare is not None
        assert (bare.prior, bare.rollout, bare.exploration) == (spec.search.prior, spec.search.rollout,
                                                                spec.search.exploration)
        assert bare.depth == (None if spec.search.rollout == "heuristic" else spec.search.depth)
        # an explicit parameter still wins
        given = parse_search(spec, f"{kind}:prior=none:rollout=random:depth=end:c=2")
        assert given is not None
        assert (given.prior, given.rollout, given.depth, given.exploration) == ("none", "random", None, 2.0)
        own_depth = parse_search(spec, f"{kind}:rollout=random:depth=7")
        assert own_depth is not None and own_depth.depth == 7


def test_the_measured_parameters_are_the_strength_pages():
    emblem, legion, byston = (get_game(g).search for g in ("emblem", "legion", "byston"))
    assert (emblem.prior, emblem.rollout, emblem.depth) == ("rule", "rule", 20)
    assert (legion.prior, legion.rollout, legion.depth) == ("rule", "random", 20)
    assert (byston.prior, byston.rollout, byston.exploration) == ("rule", "heuristic", 0.05)
    emblem_heuristic = parse_search(get_game("emblem"), "ismcts:rollout=heuristic")
    assert emblem_heuristic is not None and emblem_heuristic.depth is None  # heuristic drops the game's depth


def test_a_game_without_those_parameters_searches_as_before():
    toy = get_game("toy-highcard")
    bare = parse_search(toy, "ismcts")
    assert bare is not None and (bare.prior, bare.rollout, bare.depth, bare.exploration) == ("none", "random", None, 1.0)


# ---- the bot with mistakes ---------------------------------------------------------------------------
def test_mistakes_at_rate_0_is_the_rule_bot_and_at_rate_1_any_legal_action():
    spec = get_game("emblem")
    options = spec.validate_options({})
    differs = 0
    for seed in range(6):
        state = midgame("emblem", options, seed, 30 + 10 * seed)
        if state.is_terminal():
            continue
        seat = state.current_seat
        rule = make_bot(spec, "rule", seat, seed, options).act(Observation(state, seat))
        never = make_bot(spec, "mistakes:rate=0", seat, seed, options).act(Observation(state, seat))
        assert never == rule
        legal = state.legal_actions()
        picks = {make_bot(spec, "mistakes:rate=1", seat, s, options).act(Observation(state, seat)) for s in range(30)}
        assert picks <= set(legal)
        if len(legal) > 2:
            differs += len(picks) > 1
    assert differs > 0  # at rate 1 it picks among the legal actions, not the rule bot's one


def test_mistakes_are_seeded_and_read_only_the_observation():
    spec = get_game("legion")
    options = spec.validate_options({"players": 3})
    for seed in range(3):
        state = midgame("legion", options, seed, 40)
        seat = state.current_seat
        if seat < 0:
            continue
        first = [make_bot(spec, "mistakes:rate=0.5", seat, seed, options).act(Observation(state, seat))]
        for variant in state.hidden_variants(seat, Random(seed)):  # what the seat cannot tell apart
            first.append(make_bot(spec, "mistakes:rate=0.5", seat, seed, options).act(Observation(variant, seat)))
        assert len(set(first)) == 1


def test_mistakes_weaken_the_rule_bot():
    spec = get_game("emblem")
    options = spec.validate_options({})
    easy_wins = 0
    for seed in range(16):
        seats = ["bot:easy", "bot:normal"] if seed % 2 else ["bot:normal", "bot:easy"]
        match = Match(spec, options, seats, seed=seed, journal=False)
        match.play()
        outcome = match.state.outcome()
        assert outcome is not None
        easy_wins += outcome.scores[seats.index("bot:easy")]
    assert easy_wins <= 5  # 30% slips lose most games to the rule bot (8% of 60 in `asobi simulate`)


@pytest.mark.parametrize(("name", "says"), [
    ("mistakes:rate=2", "rate must be a probability from 0 to 1, not '2'"),
    ("mistakes:rate=x", "rate must be a probability"),
    ("mistakes:bot=ismcts", "has no bot 'ismcts' of its own to play with mistakes"),
    ("mistakes:often=1", "mistakes has no parameter 'often'"),
    ("mistakes:rate", "parameter 'rate' is not name=value"),
])
def test_bad_mistakes_are_refused_clearly(name, says):
    with pytest.raises(BotNameError, match=says.replace("(", r"\(").replace(")", r"\)")):
        check_bot_name(get_game("emblem"), name)


# ---- the commands ---------------------------------------------------------------------------------
def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_asobi_games_lists_each_games_levels_with_their_bots():
    out = " ".join(run("games").output.split())  # as read, whatever the terminal's width wrapped
    for spec in all_games():
        for level in LEVELS:
            assert level in out and LEVEL_NAMES[level][0] in out
        assert game_level(spec, "hard").bot in out
    assert "this game's defaults: prior=rule:rollout=rule:depth=20:c=1" in out


def test_simulate_and_ladder_take_levels():
    result = run("simulate", "emblem", "--bots", "easy,normal", "-n", "2", "--jobs", "1", "--json")
    assert '"easy"' in result.output and '"normal"' in result.output
    ladder = run("ladder", "emblem", "--bots", "easy,normal", "-n", "2", "--jobs", "1", "--json")
    assert ladder.exit_code == 0, ladder.output
    assert '"levels": {\n  "easy": "mistakes:rate=0.3",\n  "normal": "rule"\n }' in ladder.output


@pytest.mark.parametrize("game", GAMES)
def test_the_rated_levels_rise_in_order_and_name_the_ladder_that_rated_them(game):
    spec = get_game(game)
    levels = spec.levels
    rated = [getattr(levels, level).rating for level in ("easy", "normal", "hard")]
    assert all(r is not None for r in rated), f"{game}: easy, normal and hard are rated"
    assert rated == sorted(rated) and len(set(rated)) == 3, rated
    assert levels.ladder.startswith(f"asobi ladder {game} ") and f"docs/{game}/" in levels.ladder
    if levels.expert is not None and levels.expert.rating is not None:  # never below hard
        assert levels.expert.rating >= levels.hard.rating  # type: ignore[union-attr,operator]


def test_a_rating_reads_in_both_languages_on_its_games_scale():
    elo = Levels(normal=Level("rule", 1.0, 1500.0))
    assert elo.rating_text(elo.normal) == "Elo 1500" and elo.rating_text(elo.normal, "ja") == "レーティング 1500"
    wins = Levels(normal=Level("rule", 1.0, 55.3), rating_kind="win_rate")
    assert wins.rating_text(wins.normal) == "wins 55%" and wins.rating_text(wins.normal, "ja") == "勝率 55%"
    assert wins.rating_text(Level("rule", 1.0)) == "—"
    margin = Levels(hard=Level("mcts", 2.0, 4.37), rating_kind="margin")
    assert margin.rating_text(margin.hard) == "margin over normal +4.4"  # type: ignore[arg-type]
    assert margin.rating_text(margin.hard, "ja") == "ふつうとの差 +4.4"  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rating_kind is one of elo, win_rate, margin, not 'stars'"):
        Levels(rating_kind="stars")


def test_asobi_games_shows_each_levels_rating_and_the_ladder():
    out = run("games").output
    spec = get_game("legion")
    assert spec.levels.rating_text(spec.levels.hard) in out  # type: ignore[arg-type]
    assert "rated by: asobi ladder legion" in out


def test_every_games_easy_normal_and_hard_are_rated_by_a_ladder_of_their_own():
    for game in GAMES:
        levels = get_game(game).levels
        assert all(getattr(levels, level).rating is not None for level in ("easy", "normal", "hard")), game
        assert levels.ladder.startswith(f"asobi ladder {game} "), game
    byston = get_game("byston").levels
    assert byston.easy.rating < byston.normal.rating < byston.hard.rating  # type: ignore[operator]
