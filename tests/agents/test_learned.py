"""The learned value for search: its model file, the refusal of a model made for other rules or
data (the bot then plays hard and says so), and a small training run that must beat a constant
predictor on held-out games."""

from __future__ import annotations

import json
import math
import warnings

import pytest
from click.testing import CliRunner

from asobi.agents.learned import MODEL_FORMAT, ModelError, load_model, model_json, parse_model
from asobi.agents.names import LearnedValueWarning, parse_search
from asobi.agents.search import ISMCTSAgent
from asobi.cli import main
from asobi.core.bots import BotNameError, check_bot_name, make_bot
from asobi.core.registry import get_game
from asobi.sim.batch import run_batch


def header(spec, **changes):
    size = math.prod(spec.spaces.observation_shape(spec.validate_options({}))) + 1
    data = {
        "format": MODEL_FORMAT, "game": spec.id, "rules_version": spec.rules_version,
        "data_hash": spec.records.data_hash(), "records_sha256": "0" * 16,
        "command": f"asobi train {spec.id} games.jsonl --out value.json", "library": "test",
        "options": spec.validate_options({}), "features": {"kind": "observation+heuristic", "size": size, "sides": 2, "target": "outcome"},
        "metrics": {},
    }
    data.update(changes)
    return data, size


def write_model(tmp_path, spec, name="value.json", **changes):
    data, size = header(spec, **changes)
    path = tmp_path / name
    path.write_text(model_json(data, 0.0, ([0.0] * (size - 1) + [2.0]) * 2), encoding="utf-8")
    return str(path)


def test_a_model_made_here_loads_and_values_a_position(tmp_path):
    spec = get_game("emblem")
    model = load_model(spec, write_model(tmp_path, spec), spec.validate_options({}))
    state = spec.new_game({})
    values = model.values(spec, spec.validate_options({}))(state)
    # only the heuristic's weight is set: p = sigmoid(2 · heuristic)
    for seat in (0, 1):
        assert values[seat] == pytest.approx(1 / (1 + math.exp(-2 * spec.search.heuristic(state, seat))))


@pytest.mark.parametrize(("change", "says"), [
    ({"rules_version": "0"}, "made for emblem rules version '0'"),
    ({"data_hash": "feedfeed"}, "data files of hash 'feedfeed'"),
    ({"game": "legion"}, "made for the game 'legion'"),
    ({"format": "other/9"}, "format 'other/9'"),
])
def test_a_model_made_for_other_rules_or_data_is_refused_clearly(tmp_path, change, says):
    spec = get_game("emblem")
    path = write_model(tmp_path, spec, **change)
    with pytest.raises(ModelError, match=says.replace("(", r"\(")) as refused:
        load_model(spec, path)
    assert path in str(refused.value)
    if "rules_version" in change or "data_hash" in change:
        assert "asobi train emblem games.jsonl" in str(refused.value)  # how to make a right one


def test_a_malformed_model_is_refused_naming_the_field(tmp_path):
    spec = get_game("emblem")
    data, size = header(spec)
    with pytest.raises(ModelError, match="no field 'bias'"):
        parse_model(spec, {**data, "weights": [0.0] * size * 2}, "m.json")
    with pytest.raises(ModelError, match=rf"weights must be a list of {size * 2} numbers \(size × sides\)"):
        parse_model(spec, {**data, "bias": 0.0, "weights": [0.0]}, "m.json")
    with pytest.raises(ModelError, match="finite numbers"):
        parse_model(spec, {**data, "bias": float("nan"), "weights": [0.0] * size * 2}, "m.json")
    with pytest.raises(ModelError, match=r"features\.target must be one of outcome, heuristic"):
        parse_model(spec, {**data, "features": {**data["features"], "target": "x"}, "bias": 0.0,
                           "weights": [0.0] * size * 2}, "m.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ModelError, match="not JSON"):
        load_model(spec, str(bad))
    with pytest.raises(ModelError, match="cannot read"):
        load_model(spec, str(tmp_path / "missing.json"))


def test_a_model_for_another_tensor_size_is_refused(tmp_path):
    spec = get_game("byston")
    options = spec.validate_options({})
    data, size = header(spec)
    path = tmp_path / "other.json"
    data["features"] = {"kind": "observation+heuristic", "size": size + 5, "sides": 2, "target": "heuristic"}
    path.write_text(model_json(data, 0.0, [0.0] * (size + 5) * 2), encoding="utf-8")
    with pytest.raises(ModelError, match=f"made for {size + 5} features; these game options give {size}"):
        load_model(spec, str(path), options)


def test_each_side_reads_its_own_block_of_weights(tmp_path):
    spec = get_game("byston")
    options = spec.validate_options({})
    data, size = header(spec)
    path = tmp_path / "sides.json"
    # side 0's weights all zero; side 1's only on the heuristic
    path.write_text(model_json(data, 0.0, [0.0] * size + [0.0] * (size - 1) + [2.0]), encoding="utf-8")
    state = decision(spec)
    values = load_model(spec, str(path), options).values(spec, options)(state)
    sides = spec.sides(options)
    assert set(sides) == {0, 1}
    for seat, side in enumerate(sides):  # a side is valued once, from its first seat's observation
        first = sides.index(side)
        expected = 0.5 if side == 0 else 1 / (1 + math.exp(-2 * spec.search.heuristic(state, first)))
        assert values[seat] == pytest.approx(expected)


def decision(spec):
    """A state of ``spec`` where a seat chooses among several actions (the rule bots play to it)."""
    from random import Random

    options = spec.validate_options({})
    state = spec.new_state(options)
    rng = Random(0)
    while state.current_seat < 0 or len(state.legal_actions()) < 2:
        if state.current_seat < 0:
            state.apply(state.sample_chance(rng))
        else:
            seat = state.current_seat
            state.apply(spec.bots["rule"](seat, 0, options).act(spec.observe(state, seat)))
    return state


def test_a_refused_model_makes_the_bot_play_hard_and_say_so(tmp_path):
    spec = get_game("emblem")
    path = write_model(tmp_path, spec, rules_version="0")
    name = f"ismcts:iters=5:depth=2:value={path}"
    check_bot_name(spec, name)  # the name is right; the model is refused when the bot is made
    with pytest.warns(LearnedValueWarning, match="rules version '0'.*plays the hard level") as said:
        bot = make_bot(spec, name, 0, 1, {})
    # emblem's hard level, named, at the budget the name gave (as hard:iters=5 would be)
    assert "ismcts:iters=100:time=2, at the budget asked for: iters=5" in str(said[0].message)
    assert isinstance(bot, ISMCTSAgent) and bot.budget.iterations == 5 and bot.budget.seconds is None
    hard = parse_search(spec, spec.levels.hard.bot)
    assert hard is not None and bot.exploration == hard.exploration and bot.evaluator is not None
    with pytest.warns(LearnedValueWarning, match="plays the hard level"):  # no budget given: hard's own
        unbudgeted = make_bot(spec, f"ismcts:depth=2:value={path}", 0, 1, {})
    assert unbudgeted.budget == hard.budget
    assert "rules version '0'" in bot.fallback
    good = write_model(tmp_path, spec, name="good.json")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        bot = make_bot(spec, f"ismcts:iters=5:depth=2:value={good}", 0, 1, {})
    assert bot.budget.iterations == 5 and not hasattr(bot, "fallback")
    state = decision(spec)
    assert bot.act(spec.observe(state, state.current_seat)) in state.legal_actions()
    assert bot.stats.iterations == 5


def test_value_is_checked_as_a_search_parameter():
    spec = get_game("emblem")
    settings = parse_search(spec, "ismcts:iters=5:rollout=heuristic:value=learned")
    assert settings is not None and settings.value == "learned"
    with pytest.raises(BotNameError, match="give a depth or rollout=heuristic"):
        parse_search(spec, "ismcts:iters=5:rollout=rule:depth=end:value=learned")


def test_train_learns_from_records_and_beats_a_constant_on_held_out_games(tmp_path):
    pytest.importorskip("sklearn")
    from asobi.sim.train import train_model

    spec = get_game("emblem")
    records = tmp_path / "games.jsonl"
    with records.open("w", encoding="utf-8") as sink:
        run_batch("emblem", spec.validate_options({}), ["rule", "rule"], 30, 5, 1,
                  lambda r: sink.write(json.dumps(r.to_line()) + "\n"), record=True)
    out = tmp_path / "value.json"
    made = train_model(spec, [str(records)], str(out), "asobi train emblem games.jsonl", positions=16, seed=1,
                       holdout=3, c=0.1)
    metrics = made["metrics"]
    assert metrics["heldout_games"] == 10 and metrics["heldout_positions"] > 100
    assert metrics["logloss_model"] < metrics["logloss_constant"]
    assert metrics["brier_model"] < metrics["brier_constant"]
    model = load_model(spec, str(out), spec.validate_options({}))
    assert model.header["rules_version"] == spec.rules_version and model.header["records_sha256"]
    # the same command makes the same file
    again = tmp_path / "again.json"
    train_model(spec, [str(records)], str(again), "asobi train emblem games.jsonl", positions=16, seed=1,
                holdout=3, c=0.1)
    assert again.read_bytes() == out.read_bytes()


def test_train_refuses_bad_input_clearly(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["train", "emblem", str(tmp_path / "none.jsonl"), "--out", str(tmp_path / "m.json")])
    assert result.exit_code == 2 and "no such records file" in result.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"record": {"game": "emblem"}}\n', encoding="utf-8")
    result = runner.invoke(main, ["train", "emblem", str(bad), "--out", str(tmp_path / "m.json"), "--jobs", "1"])
    assert result.exit_code == 2 and "error:" in result.output and "Traceback" not in result.output


def test_every_shipped_model_loads_under_the_current_rules_and_data():
    from asobi.agents.learned import shipped_path
    from asobi.core.registry import all_games

    shipped = [spec for spec in all_games() if spec.search.value_model]
    assert shipped, "no game ships a learned value"
    for spec in shipped:
        options = spec.validate_options({})
        model = load_model(spec, "learned", options)  # refused after a rules or data change: retrain
        assert model.header["command"].startswith(f"asobi train {spec.id} ")
        assert shipped_path(spec).endswith(".json")
        state = decision(spec)
        values = model.values(spec, options)(state)
        assert len(values) == state.n_seats and all(math.isfinite(v) for v in values)
        if model.header["features"]["target"] != "margin":  # a score, not a margin in the game's units
            assert all(0.0 <= v <= 1.0 for v in values)


def test_train_plays_its_own_records_first(tmp_path):
    pytest.importorskip("sklearn")
    records, out = tmp_path / "games.jsonl", tmp_path / "value.json"
    args = ["train", "emblem", str(records), "--play", "6", "--bots", "rule", "--jobs", "1", "--positions", "8",
            "--holdout", "2", "--out", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert len(records.read_text(encoding="utf-8").splitlines()) == 6
    header = json.loads(out.read_text(encoding="utf-8"))
    assert header["command"].startswith(f"asobi train emblem {records} --out {out} --play 6 --bots rule")
    assert header["metrics"]["games"] == 6 and header["metrics"]["heldout_games"] == 3
    again = CliRunner().invoke(main, args)  # the records file exists now: --play refuses to overwrite it
    assert again.exit_code == 2 and "exists already" in again.output


def test_the_command_says_a_refused_model_in_one_warning_line(tmp_path):
    spec = get_game("emblem")
    path = write_model(tmp_path, spec, rules_version="0")
    result = CliRunner().invoke(main, ["simulate", "emblem", "-n", "1", "--seed", "3", "--jobs", "1",
                                       "--bots", f"ismcts:iters=2:depth=2:value={path},rule"])
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if "rules version '0'" in line]
    assert len(said) == 1 and said[0].startswith("warning: ") and "plays the hard level" in said[0]
    assert "names.py" not in result.stderr and "LearnedValueWarning" not in result.stderr


def learned_experts():
    from asobi.core.registry import all_games

    return [spec.id for spec in all_games()  # search bots (a lookahead's leaf: test_lookahead_value.py)
            if spec.levels.expert is not None and "value=learned" in spec.levels.expert.bot
            and parse_search(spec, spec.levels.expert.bot) is not None]


@pytest.mark.parametrize("game", learned_experts())
def test_an_expert_with_the_learned_value_uses_the_shipped_model_or_plays_hard_saying_so(game):
    from dataclasses import replace

    spec = get_game(game)
    assert spec.search.value_model, f"{game}'s expert names value=learned: the game ships a model"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the shipped model is for these rules: no fallback
        bot = make_bot(spec, "expert:iters=3", 0, 1, {})
    assert isinstance(bot, ISMCTSAgent) and bot.budget.iterations == 3 and not hasattr(bot, "fallback")
    state = decision(spec)
    assert bot.act(spec.observe(state, state.current_seat)) in state.legal_actions()
    other = replace(spec, rules_version=f"{spec.rules_version}-other")  # rules changed, model not remade
    with pytest.warns(LearnedValueWarning, match="plays the hard level"):
        fallen = make_bot(other, "expert", 0, 1, {})
    expert = parse_search(spec, spec.levels.expert.bot)  # hard's search at the budget of the level asked for
    assert expert is not None and fallen.budget == expert.budget and "rules version" in fallen.fallback


@pytest.mark.parametrize("game, name", [("emblem", "ismcts:iters=5:depth=2:value={path}"),
                                        ("emblem", "hard:value={path}"),
                                        ("byston", "lookahead:depth=5:value={path}")])
def test_a_model_path_that_names_no_file_is_a_mistake_in_the_name(tmp_path, game, name):
    missing = tmp_path / "missing.json"
    with pytest.raises(BotNameError, match=r"value=.*missing\.json: no model file there"):
        check_bot_name(get_game(game), name.format(path=missing))
    result = CliRunner().invoke(main, ["simulate", game, "-n", "1", "--jobs", "1", "--bots",
                                       ",".join([name.format(path=missing)] + ["rule"] * (3 if game == "byston" else 1))])
    assert result.exit_code == 2 and "no model file there" in result.output and "Traceback" not in result.output
