"""Every registered game through the `asobi` command: play, quit, resume, list, replay, simulate, bench."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from asobi.core import all_games
from asobi.store import GameStore

SPECS = all_games()


def run(*args, input=None):
    from asobi.cli import main

    result = CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_person_quits_and_bots_finish_after_resume(spec, db):
    names = spec.seat_names(spec.validate_options({}))
    seats = ",".join(["human"] + ["bot"] * (len(names) - 1))
    first = run("play", spec.id, "--seats", seats, "--seed", "11", input="1\nq\n")
    said = spec.seat_title(names[0])  # the seat as people call it (drake: Drake's army)
    assert f"— {said} to decide —" in first.output and "asobi resume 1" in first.output
    saved = GameStore(db).load(1)
    assert saved.actions, "the person's first action was saved"
    # The person hands their seat to a bot, which plays the game to its end.
    finished = run("resume", "1", "--seats", ",".join(["bot:random"] * len(saved.seats)))
    assert "Game over" in finished.output
    listed = run("list").output
    assert "finished" in listed and spec.id in listed
    verified = run("replay", "1", "--verify").output
    assert "verified" in verified


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_simulate_and_bench(spec):
    summary = json.loads(run("simulate", spec.id, "-n", "6", "--jobs", "2", "--json").output)
    assert summary["games"] == 6 and sum(r["games"] for r in summary["reasons"]) == 6
    assert all(r["reason"] != "unfinished" for r in summary["reasons"])
    figures = json.loads(run("bench", spec.id, "--runs", "1", "--states", "40", "--json").output)[0]
    assert figures["step_us"] > 0 and figures["clone_us"] > 0 and figures["games_per_s"] > 0


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_play_in_japanese(spec, db):
    result = run("play", spec.id, "--lang", "ja", "--seed", "3", input="q\n")
    assert "の選択" in result.output and "保存しました" in result.output
