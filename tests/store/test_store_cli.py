"""`asobi list` and `asobi replay` on games saved under older rules, and records from elsewhere."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core.match import Match
from asobi.store import GameStore
from asobi.store.listener import StoreListener
from support.toygame import SPEC, registered


@pytest.fixture(autouse=True)
def toy():
    return registered()


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def saved_game(db, seats=("human", "bot:random")) -> tuple[int, Match]:
    with GameStore(db) as store:
        match = Match(SPEC, {"copies": 2}, list(seats), seed=3)
        gid = store.create(match.record())
        match.listeners.append(StoreListener(store, gid))
        match.play()
        match.submit(0, ("play", match.state.hands[0][0]))
        match.play()
        return gid, match


def read_only_game(db) -> int:
    """A saved game whose action 4 the engine's rules refuse (made under "rules version 0")."""
    gid, match = saved_game(db)
    missing = next(c for c in (1, 2, 3, 4) if c not in match.state.hands[0] and c != match.actions[4][1])
    with GameStore(db) as store:
        store.db.execute("UPDATE games SET rules_version = '0'")
        store.db.execute("UPDATE actions SET action = ? WHERE idx = 4", (f'["play", {missing}]',))
    return gid


def test_a_game_older_rules_refuse_is_listed_and_replayed_read_only(db):
    gid = read_only_game(db)
    listed = run("list")
    assert "read-only" in listed.output and "T.2" in listed.output
    shown = CliRunner().invoke(main, ["replay", str(gid)])
    assert shown.exit_code == 0, shown.output
    assert f"saved game {gid} is read-only" in shown.output and "action 4 is refused by rule T.2" in shown.output
    assert "showing what seat A saw" in shown.output
    assert "seat 0 gets" in shown.output and "seat 1 gets" not in shown.output
    seat_b = run("replay", str(gid), "--seat", "1")
    assert "seat 1 gets" in seat_b.output and "seat 0 gets" not in seat_b.output
    verify = CliRunner().invoke(main, ["replay", str(gid), "--verify"])
    assert verify.exit_code == 2 and "read-only" in verify.output


def test_a_read_only_game_pages_step_by_step_and_stops_on_q(db):
    gid = read_only_game(db)
    with GameStore(db) as store:
        total = len(store.stored_log(gid).actions)
    first = CliRunner().invoke(main, ["replay", str(gid), "--step"], input="\nq\n")
    assert first.exit_code == 0, first.output
    assert "(1/" in first.output and "(2/" in first.output and "(3/" not in first.output
    assert "(stopped)" in first.output
    # a number skips ahead; e runs to the end, showing every action once
    to_end = CliRunner().invoke(main, ["replay", str(gid), "--step", "--seat", "B"], input="2\ne\n")
    assert to_end.exit_code == 0, to_end.output
    assert "(1/" in to_end.output and "(3/" in to_end.output and "(2/" not in to_end.output
    assert to_end.output.count("[") - to_end.output.count("[Enter") >= total
    assert "seat 1 gets" in to_end.output and "seat 0 gets" not in to_end.output
    assert "(stopped)" not in to_end.output


def test_a_game_older_rules_allow_is_noted_and_replays(db):
    gid, _ = saved_game(db)
    with GameStore(db) as store:
        store.db.execute("UPDATE games SET rules_version = '0'")
    listed = run("list")
    assert "playing" in listed.output and "migrates when" in listed.output
    shown = run("replay", str(gid), "--seat", "0")
    assert shown.exit_code == 0 and "warning: made under toy-highcard rules version '0'" in shown.output


def test_a_running_game_exports_only_what_one_seat_saw(db, tmp_path):
    gid, _ = saved_game(db)
    out = tmp_path / "g.json"
    refused = CliRunner().invoke(main, ["replay", str(gid), "--export", str(out)])
    assert refused.exit_code == 2 and "every hidden card" in refused.output and not out.exists()
    assert run("replay", str(gid), "--export", str(out), "--seat", "0").exit_code == 0
    data = json.loads(out.read_text())
    assert "seed" not in data and "actions" not in data and data["seat"] == 0
    theirs = [u for u in data["updates"] if u["actor"] == -1 and u["action"][1] == "?"]
    assert len(theirs) == 2 and all(u["label"] == "deal a card" for u in theirs)
    assert not any("seat 1 gets" in line for u in data["updates"] for line in u["events"])


def test_a_seats_export_reads_back_as_that_seats_game(db, tmp_path):
    """``replay N --seat 0 --export FILE`` then ``replay FILE``: the game as seat 0 saw it — its
    actions and events, the other seat's cards hidden as they were — and its board."""
    gid, match = saved_game(db)
    out = tmp_path / "g.json"
    assert run("replay", str(gid), "--export", str(out), "--seat", "0").exit_code == 0
    shown = CliRunner().invoke(main, ["replay", str(out)])
    assert shown.exit_code == 0, shown.output
    direct = run("replay", str(gid), "--seat", "0").output  # the same game read from the store
    lines = shown.output.splitlines()
    assert lines[0] == f"(the game as seat {SPEC.seat_names(match.options)[0]} saw it: {out})"
    assert lines[1:] == direct.splitlines()
    assert "seat 1 gets" not in shown.output and lines[-1] == "(not finished)"
    refused = CliRunner().invoke(main, ["replay", str(out), "--verify"])
    assert refused.exit_code == 2 and "can only be shown" in refused.output


@pytest.mark.parametrize(("change", "said"), [
    (lambda d: d.pop("updates"), "it lacks updates"),
    (lambda d: d.update(game="nosuch"), "its game 'nosuch' is not installed"),
    (lambda d: d.update(rules_version="0"), "rules version"),
    (lambda d: d.update(seat="A"), "its seat 'A' is not one of the game's seats"),
    (lambda d: d.update(seat=7), "its seat 7 is not one of the game's seats"),
    (lambda d: d.update(opening="text"), "opening is not a list of texts"),
    (lambda d: d.update(updates={}), "updates is not a list"),
    (lambda d: d["updates"].append(3), "is not an object"),
    (lambda d: d["updates"][0].update(actor=9), "its actor 9 is not a seat or chance"),
    (lambda d: d["updates"][0].update(events=[1]), "its events are not a list of texts"),
    (lambda d: d["updates"][0].update(label=["x"]), "its label is not text"),
    (lambda d: d.update(view=[]), "its view is not an object"),
    (lambda d: d.update(seat_names="AB"), "seat_names is not a list of names"),
    (lambda d: d.update(outcome=3), "its outcome is not text"),
])
def test_a_broken_seat_export_is_refused_naming_the_field(db, tmp_path, change, said):
    gid, _ = saved_game(db)
    out = tmp_path / "g.json"
    assert run("replay", str(gid), "--export", str(out), "--seat", "0").exit_code == 0
    data = json.loads(out.read_text())
    change(data)
    out.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["replay", str(out)])
    assert result.exit_code == 2 and f"{out}: a seat's export, but" in result.output and said in result.output, (
        result.output)
    assert "Traceback" not in result.output


def test_a_seat_export_whose_view_does_not_fit_its_game_is_refused(tmp_path):
    from asobi.core import get_game

    spec = get_game("emblem")
    out = tmp_path / "e.json"
    out.write_text(json.dumps({"format": "asobi seat export 1", "game": "emblem", "rules_version": spec.rules_version,
                               "seat": 0, "seat_names": ["A", "B"], "opening": [], "updates": [],
                               "view": {"field": 5}}))
    result = CliRunner().invoke(main, ["replay", str(out)])
    assert result.exit_code == 2 and "a seat's export, but its view does not fit emblem's board" in result.output
    assert "Traceback" not in result.output


def test_hostile_record_files(db, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[" * 1200 + "]" * 1200)
    result = CliRunner().invoke(main, ["replay", str(bad)])
    assert result.exit_code == 2 and "nests deeper than 32" in result.output
