"""Batches of simulated games: full records that replay, and results independent of the processes."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from asobi.cli import main
from asobi.core.record import GameRecord
from asobi.core.replay import replay
from asobi.sim.batch import read_record_line, run_batch


def run(*args):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def test_every_line_of_out_is_a_record_that_replays_to_the_same_end(tmp_path):
    out = tmp_path / "games.jsonl"
    summary = json.loads(run("simulate", "legion", "-n", "4", "--seed", "9", "--jobs", "2", "--json",
                             "--out", str(out)).output)
    lines = [json.loads(t) for t in out.read_text(encoding="utf-8").splitlines()]
    assert [line["index"] for line in lines] == [0, 1, 2, 3]
    reasons = {(r["reason"], r["clause"]): r["games"] for r in summary["reasons"]}
    assert sum(reasons.values()) == 4
    for i, line in enumerate(lines):
        record = GameRecord.from_json(line["record"], where=f"line {i + 1}")
        assert record.seats == ["bot:normal"] * 3 and len(record.actions) == line["steps"]
        assert record.seed == line["seed"]
        state = replay(record)  # every action checked, chance outcomes included
        outcome = state.outcome()
        assert outcome is not None and outcome.to_json() == record.outcome
        assert (outcome.reason, outcome.clause) == (line["reason"], line["clause"])
        assert list(outcome.winners) == line["winners"] and state.fingerprint() == record.fingerprint
        assert state.metrics() == line["metrics"]
    assert read_record_line(out, 3) == GameRecord.from_json(lines[2]["record"])
    # A line's record, on its own, is what `asobi replay` reads.
    game = tmp_path / "game3.json"
    game.write_text(json.dumps(lines[2]["record"]), encoding="utf-8")
    verified = run("replay", str(game), "--verify").output
    assert "verified" in verified and f"{lines[2]['steps']} actions" in verified


def test_results_and_records_do_not_depend_on_the_number_of_processes():
    records: list[list[dict]] = [[], []]
    one = run_batch("emblem", {}, ["rule", "random"], 6, 4, 1, lambda r: records[0].append(r.to_line()), record=True)
    two = run_batch("emblem", {}, ["rule", "random"], 6, 4, 2, lambda r: records[1].append(r.to_line()), record=True)
    assert one == two and records[0] == records[1]
    assert all(r.record is None for r in one)  # records go to on_result, not into the returned list


def test_read_record_line_names_a_missing_line(tmp_path):
    out = tmp_path / "games.jsonl"
    run("simulate", "legion", "-n", "1", "--jobs", "1", "--out", str(out))
    from asobi.core.errors import BadRecordError

    for bad in (0, 2):
        try:
            read_record_line(out, bad)
        except BadRecordError as e:
            assert f"games.jsonl:{bad}" in str(e) and "no such line" in str(e)
        else:
            raise AssertionError(f"line {bad} was read")


def test_ray_is_imported_only_for_a_cluster():
    code = (
        "import sys; from click.testing import CliRunner; from asobi.cli import main;"
        "r = CliRunner().invoke(main, ['simulate', 'legion', '-n', '2', '--jobs', '1', '--json']);"
        "assert r.exit_code == 0, r.output; print('ray' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_missing_ray_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    result = CliRunner().invoke(main, ["simulate", "legion", "-n", "2", "--cluster", "local", "--json"])
    assert result.exit_code == 2
    assert "--cluster needs Ray" in result.output and "pip install 'asobi[cluster]'" in result.output


def test_a_batch_game_is_played_with_fewer_young_collections_and_the_thresholds_put_back(monkeypatch):
    import gc

    from asobi.sim import batch

    seen = []
    play = batch._play
    monkeypatch.setattr(batch, "_play", lambda job: (seen.append(gc.get_threshold()), play(job))[1])
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, *before[1:])
        (job,) = batch.make_jobs("emblem", {}, ["rule"] * 2, 1, 5)
        result = batch.play_job(job)
        assert result.steps > 0 and seen == [(batch.YOUNG_AFTER, *before[1:])]
        assert gc.get_threshold() == (700, *before[1:])
    finally:
        gc.set_threshold(*before)
