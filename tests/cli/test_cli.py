"""The `asobi` command end to end, on the small test game."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.store import GameStore
from support.toygame import registered


@pytest.fixture(autouse=True)
def toy():
    return registered()


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_games_lists_options():
    result = run("games")
    assert result.exit_code == 0
    assert "toy-highcard" in result.output and "--copies" in result.output


def test_play_quit_list_resume_and_finish(db):
    result = run("play", "toy-highcard", "--seats", "human,bot:random", "--seed", "3", "--copies", "3", input="q\n")
    assert result.exit_code == 0, result.output
    assert "1. play" in result.output and "asobi resume 1" in result.output
    listed = run("list")
    assert "toy-highcard" in listed.output and "playing" in listed.output
    saved = GameStore(db).load(1)
    assert saved.options == {"copies": 3} and len(saved.actions) == 4  # the deal, then the person's turn
    finished = run("resume", "1", input="1\n1\n")
    assert "Game over" in finished.output, finished.output
    assert "finished" in run("list").output
    verified = run("replay", "1", "--verify")
    assert verified.exit_code == 0 and "verified" in verified.output


def test_play_rejects_bad_options_and_seats(db):
    bad = CliRunner().invoke(main, ["play", "toy-highcard", "--copies", "9"])
    assert bad.exit_code == 2 and "Invalid value for '--copies'" in bad.output and "2<=x<=4" in bad.output
    unknown = CliRunner().invoke(main, ["play", "toy-highcard", "--colour", "red"])
    assert unknown.exit_code == 2 and "No such option" in unknown.output and "--colour" in unknown.output
    seats = CliRunner().invoke(main, ["play", "toy-highcard", "--seats", "human"])
    assert seats.exit_code == 2 and "names 1 seats" in seats.output
    nogame = CliRunner().invoke(main, ["play", "chess"])
    assert nogame.exit_code == 2 and "no game 'chess'" in nogame.output


def test_bad_input_at_the_prompt_is_explained(db):
    result = run("play", "toy-highcard", "--seats", "human,random", "--seed", "1", input="9\nzz\nq\n")
    assert "There is no action 9: choose 1 to" in result.output and "Not a command: 'zz'" in result.output


def test_simulate_is_reproducible_whatever_the_jobs(tmp_path):
    one = run("simulate", "toy-highcard", "-n", "40", "--seed", "5", "--jobs", "1", "--json")
    two = run("simulate", "toy-highcard", "-n", "40", "--seed", "5", "--jobs", "2", "--json")
    assert one.exit_code == 0, one.output
    assert json.loads(one.output) == json.loads(two.output)
    summary = json.loads(one.output)
    assert summary["games"] == 40 and sum(r["games"] for r in summary["reasons"]) == 40
    out = tmp_path / "games.jsonl"
    run("simulate", "toy-highcard", "-n", "5", "--jobs", "1", "--out", str(out))
    assert len(out.read_text().splitlines()) == 5


def test_bench_reports_figures():
    result = run("bench", "toy-highcard", "--runs", "2", "--states", "50", "--json")
    figures = json.loads(result.output)[0]
    assert figures["game"] == "toy-highcard" and figures["step_us"] > 0 and figures["clone_us"] > 0


def test_bench_gives_each_figure_as_a_ratio_to_the_reference_of_its_run():
    figures = json.loads(run("bench", "toy-highcard", "--runs", "1", "--states", "50", "--json").output)[0]
    reference = figures["reference_step_us"]
    assert reference > 0
    for name in ("playout_step_us", "step_us", "step_mean_us", "is_legal_us", "clone_us"):
        assert figures["per_reference"][name] == pytest.approx(figures[name] / reference)
    if figures["backgammon_step_us"] is not None:
        assert figures["per_backgammon"]["clone_us"] == pytest.approx(figures["clone_us"] / figures["backgammon_step_us"])
    table = run("bench", "toy-highcard", "--runs", "1", "--states", "50").output
    assert "built-in reference" in table and "÷ backgammon" in table


def test_the_reference_playout_is_a_whole_game_of_tic_tac_toe():
    from random import Random

    from asobi.sim.reference import tic_tac_toe_playout, us_per_step

    lengths = {tic_tac_toe_playout(Random(seed)) for seed in range(200)}
    assert min(lengths) == 5 and max(lengths) == 9
    assert tic_tac_toe_playout(Random(7)) == tic_tac_toe_playout(Random(7))
    assert us_per_step(tic_tac_toe_playout, 0.01, seed=1) > 0


def test_replay_file_and_damaged_records(db, tmp_path):
    run("play", "toy-highcard", "--seats", "random,random", "--seed", "2")
    exported = tmp_path / "g.json"
    assert run("replay", "1", "--export", str(exported)).exit_code == 0
    shown = run("replay", str(exported))
    assert "T.2:" in shown.output and "wins" in shown.output
    data = json.loads(exported.read_text())
    data["actions"][5] = ["play", 99]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["replay", str(broken), "--verify"])
    assert result.exit_code == 2 and "action 5" in result.output
    data["rules_version"] = "0"
    broken.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["replay", str(broken)])
    assert result.exit_code == 2 and "rules version '0'" in result.output


def test_rules_shows_clauses():
    assert run("rules", "toy-highcard", "T.2").output == "T.2\tplay\n"
    bad = CliRunner().invoke(main, ["rules", "toy-highcard", "9.9"])
    assert bad.exit_code == 2 and "no clause 9.9" in bad.output


def test_replay_of_an_unfinished_game_shows_only_the_persons_seat(db):
    run("play", "toy-highcard", "--seats", "random,human", "--seed", "4", input="q\n")
    shown = run("replay", "1")
    assert "showing what seat B sees" in shown.output
    assert "seat 0 gets" not in shown.output and "seat 1 gets" in shown.output
    everything = run("replay", "1", "--seat", "0")
    assert "seat 0 gets" in everything.output


def test_verify_of_a_record_made_under_older_rules_checks_the_actions_not_the_layout(db, tmp_path):
    # a record of rules version 1 of the toy game whose actions all stand under the current rules
    run("play", "toy-highcard", "--seats", "random,random", "--seed", "2")
    exported = tmp_path / "g.json"
    assert run("replay", "1", "--export", str(exported)).exit_code == 0
    data = json.loads(exported.read_text())
    data["fingerprint"] = "0" * 16  # another state layout's fingerprint
    exported.write_text(json.dumps(data))
    same_rules = CliRunner().invoke(main, ["replay", str(exported), "--verify"])
    assert same_rules.exit_code == 1 and "differs from the recorded" in same_rules.output
    older = dict(data, rules_version="older")
    exported.write_text(json.dumps(older))
    migrated = CliRunner().invoke(main, ["replay", str(exported), "--verify"])
    assert migrated.exit_code == 0, migrated.output
    assert "made under rules version older" in migrated.output and "not compared" in migrated.output
