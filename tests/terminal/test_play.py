"""Terminal play through the match loop: no seed shown, other seats' hidden cards redacted, undo."""

from __future__ import annotations

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


def test_live_play_shows_no_seed_and_keeps_none(db):
    result = run("play", "toy-highcard", "--seats", "human,bot:random", input="q\n")
    assert result.exit_code == 0, result.output
    assert "seed" not in result.output.lower()
    assert GameStore(db).load(1).seed is None


def test_the_other_seats_dealt_cards_are_not_shown(db):
    result = run("play", "toy-highcard", "--seats", "human,bot:random", "--seed", "3", input="q\n")
    lines = result.output.splitlines()
    dealt_to_b = [line for line in lines if "seat 1 gets" in line]
    assert dealt_to_b == [] and sum("seat 0 gets" in line for line in lines) == 2
    assert sum("a card is dealt to seat 1" in line for line in lines) == 2


def test_undo_at_the_prompt_takes_back_only_ones_own_decision(db):
    # Hot-seat: A plays; B cannot undo A's play; B plays (the round is scored); B, leading round 2,
    # takes its play back; B cannot take back A's play either. (Empty lines: the hand-overs to A, then B.)
    result = run("play", "toy-highcard", "--seats", "human,human", "--seed", "3", input="\n1\n\nu\n1\nu\nu\nq\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Taken back.") == 1
    assert result.output.count("nothing to take back") == 2
    store = GameStore(db)
    saved = store.load(1).actions
    assert len(saved) == 5 and saved[-1][0] == "play"  # the deal and A's play; B's is in the audit trail
    audit = store.audit(1)
    assert len(audit) == 1 and audit[0].action[0] == "play"


def test_a_game_open_elsewhere_is_refused(db):
    run("play", "toy-highcard", "--seats", "human,bot:random", "--seed", "3", input="q\n")
    store = GameStore(db)
    store.lease(1)
    result = CliRunner().invoke(main, ["resume", "1"], input="q\n")
    assert result.exit_code == 2 and "in use" in result.output
    store.release(1)
    assert run("resume", "1", input="q\n").exit_code == 0


def test_a_simulated_game_replays_from_its_line(tmp_path):
    out = tmp_path / "games.jsonl"
    assert run("simulate", "toy-highcard", "-n", "3", "--seed", "2", "--jobs", "1", "--out", str(out)).exit_code == 0
    verified = run("replay", f"{out}:2", "--verify")
    assert verified.exit_code == 0 and "verified" in verified.output
    missing = CliRunner().invoke(main, ["replay", f"{out}:9"])
    assert missing.exit_code == 2 and "line" in missing.output


def test_a_new_game_shows_its_setup_lines_first(db):
    from asobi.core.match import Match
    from core.flowgame import SPEC as DUEL
    from core.flowgame import registered as duel

    duel()
    match = Match(DUEL, {"copies": 2}, ["human", "human"], seed=1)
    assert match.opening == 0  # the duel logs nothing before its first draw
    result = run("play", "legion", "--seats", "human,bot,bot", "--seed", "1", input="q\n")
    lines = result.output.splitlines()
    assert lines[1] == "  · 1.9: 3 players, normal: Space life 6, enemy life 6" and lines[2] == "  · 2.1: round 1"


def test_replay_for_one_seat_shows_other_seats_hidden_cards_redacted(tmp_path):
    out = tmp_path / "games.jsonl"
    run("simulate", "toy-highcard", "-n", "1", "--seed", "4", "--jobs", "1", "--out", str(out))
    mine = run("replay", f"{out}:1", "--seat", "0").output
    assert mine.count("[chance] deal a card") == 2 and "seat 1 gets" not in mine
    assert sum(line.startswith("[chance] deal ") for line in mine.splitlines()) == 4
    everything = run("replay", f"{out}:1").output
    assert "deal a card" not in everything and everything.count("seat 1 gets") == 2
    bad = CliRunner().invoke(main, ["replay", f"{out}:1", "--seat", "5"])
    assert bad.exit_code == 2 and "no seat 5" in bad.output
