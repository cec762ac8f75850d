"""The lookahead with a learned leaf: a playout cut short is valued by a model of the final
margin (``asobi train --target margin``); a model made for other rules, data or another target is
refused, and the bot then plays the hard level's bot and says so."""

from __future__ import annotations

import json
import math
import warnings
from random import Random

import pytest

from asobi.agents.learned import MODEL_FORMAT, ModelError, load_model, model_json
from asobi.agents.lookahead import BaseBot, LookaheadAgent
from asobi.agents.names import LearnedValueWarning
from asobi.core.bots import BotNameError, check_bot_name, make_bot
from asobi.core.registry import get_game
from asobi.core.state import CHANCE
from asobi.sim.batch import run_batch

SPEC = get_game("byston")
OPTIONS = SPEC.validate_options({"players": 4})


def write_model(tmp_path, bias: float = 7.0, name: str = "margin.json", heuristic: float = 0.0, **changes) -> str:
    """A margin model with every observation weight 0: its value is ``bias`` plus ``heuristic``
    times the game's heuristic, for both camps."""
    size = math.prod(SPEC.spaces.observation_shape(OPTIONS)) + 1
    data = {
        "format": MODEL_FORMAT, "game": SPEC.id, "rules_version": SPEC.rules_version,
        "data_hash": SPEC.records.data_hash(), "records_sha256": "0" * 16,
        "command": "asobi train byston games.jsonl --out margin.json --target margin", "library": "test",
        "options": OPTIONS, "features": {"kind": "observation+heuristic", "size": size, "sides": 2, "target": "margin"},
        "metrics": {},
    }
    data.update(changes)
    path = tmp_path / name
    path.write_text(model_json(data, bias, ([0.0] * (size - 1) + [heuristic]) * 2), encoding="utf-8")
    return str(path)


def a_decision(seed: int = 3, steps: int = 40):
    """A byston position some steps in, hard's bot on every seat, at a seat's decision."""
    state = SPEC.new_game(OPTIONS)
    rng = Random(seed)
    bots = [make_bot(SPEC, "hard", seat, seed, OPTIONS) for seat in range(4)]
    for _ in range(steps):
        seat = state.current_seat
        state.apply(state.sample_chance(rng) if seat == CHANCE else bots[seat].act(SPEC.observe(state, seat)))
    while state.current_seat == CHANCE:
        state.apply(state.sample_chance(rng))
    return state


def test_value_needs_a_depth_and_a_name():
    with pytest.raises(BotNameError, match="give a depth"):
        check_bot_name(SPEC, "lookahead:value=learned")
    with pytest.raises(BotNameError, match="parameter 'value=' is not name=value"):
        check_bot_name(SPEC, "lookahead:depth=10:value=")


def test_a_playout_cut_short_is_valued_by_the_model(tmp_path):
    path = write_model(tmp_path, bias=7.0, heuristic=10.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        agent = make_bot(SPEC, f"lookahead:depth=5:value={path}", 0, 1, OPTIONS)
        plain = make_bot(SPEC, "lookahead:depth=5", 0, 1, OPTIONS)
    assert isinstance(agent, LookaheadAgent) and agent.leaf is not None
    assert isinstance(plain, LookaheadAgent) and plain.leaf is None
    state = a_decision()
    seat = state.current_seat
    cut = state.clone()
    valued = agent.play_out(cut, 11, seat)
    assert cut.outcome() is None
    # the model's value where the playout stopped: 7 + 10 × the heuristic there
    assert valued == pytest.approx(7.0 + 10.0 * SPEC.search.heuristic(cut, seat))
    assert plain.play_out(state.clone(), 11, seat) != pytest.approx(valued)  # the margin as it stands


def test_a_finished_playout_is_valued_by_its_final_margin_not_the_model(tmp_path):
    path = write_model(tmp_path, bias=1000.0)
    agent = make_bot(SPEC, f"lookahead:depth=20000:value={path}", 0, 1, OPTIONS)
    assert isinstance(agent, LookaheadAgent)
    state = a_decision()
    found = agent.play_out(state, 2, state.current_seat)
    assert state.outcome() is not None and abs(found) < 100


@pytest.mark.parametrize(("change", "says"), [
    ({"rules_version": "0"}, "made for byston rules version '0'"),
    ({"data_hash": "feedfeed"}, "data files of hash 'feedfeed'"),
])
def test_a_model_for_other_rules_or_data_makes_it_play_hard_saying_so(tmp_path, change, says):
    path = write_model(tmp_path, **change)
    with pytest.warns(LearnedValueWarning, match="plays the hard level") as said:
        agent = make_bot(SPEC, f"lookahead:depth=50:value={path}", 0, 1, OPTIONS)
    assert says in str(said[0].message) and "asobi train byston" in str(said[0].message)
    assert isinstance(agent, BaseBot) and agent.name == "bold" and says in agent.fallback
    hard = make_bot(SPEC, "hard", 0, 1, OPTIONS)
    state = SPEC.new_game(OPTIONS)
    rng = Random(4)
    for _ in range(300):  # it plays hard's moves
        seat = state.current_seat
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        obs = SPEC.observe(state, seat)
        action = hard.act(obs) if seat == 0 else make_bot(SPEC, "hard", seat, 1, OPTIONS).act(obs)
        if seat == 0:
            assert agent.act(obs) == action
        state.apply(action)


def test_a_score_model_is_refused_by_the_lookahead_and_a_margin_model_by_the_search(tmp_path):
    score = write_model(tmp_path, name="score.json", features={
        "kind": "observation+heuristic", "size": math.prod(SPEC.spaces.observation_shape(OPTIONS)) + 1,
        "sides": 2, "target": "outcome"})
    with pytest.warns(LearnedValueWarning, match="its target is 'outcome'; a lookahead's playout cut short needs "
                                                 "a model of margin"):
        assert isinstance(make_bot(SPEC, f"lookahead:depth=50:value={score}", 0, 1, OPTIONS), BaseBot)
    margin = write_model(tmp_path)
    with pytest.warns(LearnedValueWarning, match="its target is 'margin'; a search's leaf needs a model of outcome"):
        bot = make_bot(SPEC, f"mcts:iters=2:value={margin}", 0, 1, OPTIONS)
    assert "margin" in bot.fallback


def test_a_margin_model_gives_each_camp_its_own_margin(tmp_path):
    model = load_model(SPEC, write_model(tmp_path, bias=0.0, heuristic=50.0), OPTIONS)
    state = a_decision()
    values = model.values(SPEC, OPTIONS)(state)
    assert values == [pytest.approx(50.0 * SPEC.search.heuristic(state, seat)) for seat in range(4)]


def test_train_learns_the_final_margin_better_than_the_margin_as_it_stands(tmp_path):
    pytest.importorskip("sklearn")
    from asobi.sim.train import train_model

    records = tmp_path / "games.jsonl"
    with records.open("w", encoding="utf-8") as sink:
        run_batch("byston", OPTIONS, ["hard"] * 4, 12, 8, 1, lambda r: sink.write(json.dumps(r.to_line()) + "\n"),
                  record=True)
    out = tmp_path / "margin.json"
    made = train_model(SPEC, [str(records)], str(out), "asobi train byston games.jsonl --target margin",
                       positions=12, seed=1, holdout=3, c=0.05, target="margin")
    metrics = made["metrics"]
    assert made["features"]["target"] == "margin" and made["library"].startswith("scikit-learn")
    assert metrics["heldout_games"] == 4 and metrics["heldout_positions"] == 4 * 12 * 2
    assert metrics["r2_constant"] <= 0.0 < metrics["r2_model"]
    assert metrics["mse_model"] < metrics["mse_constant"]
    bands = metrics["mse_by_steps_left"]
    assert sum(band["positions"] for band in bands) == metrics["heldout_positions"]
    model = load_model(SPEC, str(out), OPTIONS)
    assert model.header["features"]["target"] == "margin"


def test_a_margin_target_wants_a_game_with_a_margin(tmp_path):
    pytest.importorskip("sklearn")
    from asobi.core.errors import AsobiError
    from asobi.sim.train import train_model

    emblem = get_game("emblem")
    records = tmp_path / "games.jsonl"
    with records.open("w", encoding="utf-8") as sink:
        run_batch("emblem", emblem.validate_options({}), ["rule", "rule"], 2, 5, 1,
                  lambda r: sink.write(json.dumps(r.to_line()) + "\n"), record=True)
    with pytest.raises(AsobiError, match="declares no margin"):
        train_model(emblem, [str(records)], str(tmp_path / "m.json"), "x", target="margin")


def test_model_error_is_what_a_bad_margin_file_raises(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(ModelError, match="not JSON"):
        load_model(SPEC, str(bad), OPTIONS)


def test_byston_expert_uses_the_shipped_margin_model_or_plays_hard_saying_so():
    from dataclasses import replace

    assert "value=learned" in SPEC.levels.expert.bot
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the shipped model is for these rules and data: no fallback
        bot = make_bot(SPEC, "expert", 0, 1, OPTIONS)
    assert isinstance(bot, LookaheadAgent) and bot.leaf is not None and not hasattr(bot, "fallback")
    model = load_model(SPEC, "learned", OPTIONS)
    assert model.header["features"]["target"] == "margin"
    assert model.header["command"].startswith("asobi train byston ") and "--target margin" in model.header["command"]
    state = a_decision()
    assert bot.act(SPEC.observe(state, state.current_seat)) in state.legal_actions()
    for other in (replace(SPEC, rules_version="0"), replace(SPEC, records=replace(SPEC.records, data_hash=lambda: "x"))):
        with pytest.warns(LearnedValueWarning, match="plays the hard level") as said:
            fallen = make_bot(other, "expert", 0, 1, OPTIONS)
        assert isinstance(fallen, BaseBot) and fallen.name == "bold"
        assert "rules version" in str(said[0].message) or "data files of hash" in str(said[0].message)
