"""Stored logs, rules changes under saved games, undo and its audit trail, old files upgraded."""

from __future__ import annotations

import sqlite3

import pytest

from asobi.core import AsobiError, BadRecordError, GameRecord, replay
from asobi.core.match import Match
from asobi.store import GameStore, ReadOnlyGameError
from asobi.store.listener import StoreListener
from asobi.store.sqlite import MIGRATIONS, SCHEMA_VERSION
from support.toygame import SPEC, registered


@pytest.fixture(autouse=True)
def toy():
    registered()


def played(store: GameStore, seats=("human", "bot:random"), seed=3) -> tuple[int, Match]:
    """A toy game saved through a match: dealt, then waiting for seat A."""
    match = Match(SPEC, {"copies": 2}, list(seats), seed=seed)
    gid = store.create(match.record())
    match.listeners.append(StoreListener(store, gid))
    match.play()
    return gid, match


def age(store: GameStore, gid: int, version: str = "0") -> None:
    """Pretend the game was saved under an older rules version."""
    store.db.execute("UPDATE games SET rules_version = ? WHERE id = ?", (version, gid))


def test_each_action_keeps_its_seat_and_events(tmp_path):
    with GameStore(tmp_path / "g.sqlite3") as store:
        gid, match = played(store)
        log = store.stored_log(gid)
        assert [a.action for a in log.actions] == match.actions
        assert {a.seat for a in log.actions} == {-1}
        assert [e for a in log.actions for e in a.events or ()] == match.state.log
        assert log.read_only is None


def test_older_rules_that_allow_every_action_migrate_when_opened_for_play(tmp_path):
    with GameStore(tmp_path / "g.sqlite3") as store:
        gid, _ = played(store)
        age(store, gid)
        listed = {g.id: g for g in store.list()}[gid]
        assert listed.status == "playing" and "rules 0 → 1: migrates when resumed" in listed.note
        assert store.load(gid).migrated_from == "0"  # reading writes nothing
        assert store.db.execute("SELECT rules_version FROM games").fetchone()[0] == "0"
        with store.open_game(gid) as record:
            assert record.rules_version == SPEC.rules_version and record.migrated_from == "0"
            assert "rules version '0'" in record.warnings[0]
        assert store.db.execute("SELECT rules_version, migrated_from FROM games").fetchone() == ("1", "0")
        listed = {g.id: g for g in store.list()}[gid]
        assert listed.note == "migrated from rules 0"
        again = store.load_for_play(gid)
        assert again.migrated_from == "0" and again.warnings == []
        store.db.execute("UPDATE actions SET events = NULL, seat = NULL")  # as saved by an older asobi
        age(store, gid)
        store.load_for_play(gid)  # the migration stores each action's events under the new rules
        log = store.stored_log(gid)
        assert [e for a in log.actions for e in a.events or ()] == replay(log.record).log
        assert {a.seat for a in log.actions} == {-1}


def test_older_rules_that_refuse_an_action_leave_the_game_read_only(tmp_path):
    with GameStore(tmp_path / "g.sqlite3") as store:
        gid, match = played(store)
        hand = match.state.hands[0]
        match.submit(0, ("play", hand[0]))
        age(store, gid)
        # under the "new" rules, the person's play is refused: pretend they played a card never dealt
        missing = next(c for c in (1, 2, 3, 4) if c not in hand)
        store.db.execute("UPDATE actions SET action = ? WHERE game_id = ? AND idx = 4", (f'["play", {missing}]', gid))
        why = "rules version '0'; under version '1' its action 4 is refused by rule T.2"
        with pytest.raises(ReadOnlyGameError, match=why) as info:
            store.load_for_play(gid)
        assert info.value.game_id == gid and "asobi replay" in str(info.value)
        with pytest.raises(ReadOnlyGameError), store.open_game(gid):
            pass
        store.lease(gid)  # the failed open released its lease
        assert store.db.execute("SELECT rules_version FROM games").fetchone()[0] == "0"
        listed = {g.id: g for g in store.list()}[gid]
        assert listed.status == "read-only" and "action 4 is refused by rule T.2" in listed.note
        log = store.stored_log(gid)
        assert log.read_only is not None and "action 4" in log.read_only
        assert log.record.rules_version == "0" and len(log.actions) == 5
        everything = "\n".join(log.render(None))
        seat_b = "\n".join(log.render(1))
        assert f'["play", {missing}]' in everything and "seat 0 gets" in everything
        assert "seat 0 gets" not in seat_b and "seat 1 gets" in seat_b and '["play"' not in seat_b
        assert "[A] …" in seat_b and "[chance] …" in seat_b


def test_games_saved_without_events_are_still_viewable(tmp_path):
    with GameStore(tmp_path / "g.sqlite3") as store:
        gid = store.create(GameRecord(SPEC.id, SPEC.rules_version, {"copies": 2}, ["human", "human"]))
        store.append(gid, 0, ("deal", 9))
        age(store, gid)
        log = store.stored_log(gid)
        assert log.read_only is not None
        assert log.render(None) == ["[?] [\"deal\", 9]", "  (no log was stored for this action)"]


def test_undo_moves_actions_to_the_audit_trail(tmp_path):
    path = tmp_path / "g.sqlite3"
    with GameStore(path) as store:
        gid = store.create(GameRecord(SPEC.id, SPEC.rules_version, {"copies": 2}, ["human", "human"]))
        for i, card in enumerate((1, 2, 3, 4)):
            store.append(gid, i, ("deal", card), seat=-1)
        store.finish(gid, {"winners": [], "scores": [0.5, 0.5], "reason": "draw", "clause": "T.3"}, "f")
        undone = store.undo(gid, 2, seat=1)
        assert [(a.index, a.action) for a in undone] == [(2, ("deal", 3)), (3, ("deal", 4))]
        assert store.load(gid).actions == [("deal", 1), ("deal", 2)]
        assert store.load(gid).outcome is None and store.list()[0].status == "playing"
        store.append(gid, 2, ("deal", 4), seat=-1)
        store.undo(gid, 1)
        trail = store.audit(gid)
        assert [(e.undo, e.index, e.action, e.undone_by) for e in trail] == [
            (1, 2, ("deal", 3), 1), (1, 3, ("deal", 4), 1), (2, 2, ("deal", 4), None)]
        with pytest.raises(AsobiError, match="only 2 actions are saved; cannot take back 3"):
            store.undo(gid, 3)
        with pytest.raises(BadRecordError, match="no such saved game"):
            store.undo(99, 1)
        assert "audit" not in store.load(gid).dumps()


def test_a_match_undo_reaches_the_audit_trail(tmp_path):
    with GameStore(tmp_path / "g.sqlite3") as store:
        gid, match = played(store)
        action = match.state.legal_actions()[0]
        match.submit(0, action)
        match.undo(0)
        assert store.load(gid).actions == match.actions
        (entry,) = store.audit(gid)
        assert (entry.action, entry.seat, entry.undone_by) == (action, 0, 0)
        assert entry.events is not None and entry.events[0].key == "play"


def test_an_old_schema_is_upgraded_and_its_games_kept(tmp_path):
    path = tmp_path / "g.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    for statement in MIGRATIONS[0].split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO games (game, rules_version, options, seats, seed, created, updated)"
               " VALUES ('toy-highcard', '1', '{\"copies\": 2}', '[\"human\", \"human\"]', 4, 'then', 'then')")
    db.execute("INSERT INTO actions VALUES (1, 0, '[\"deal\", 2]')")
    db.close()
    with GameStore(path) as store:
        assert store.schema_version() == SCHEMA_VERSION
        record = store.load(1)
        assert record.actions == [("deal", 2)] and record.seed == 4
        assert store.stored_log(1).actions[0].events is None
        store.append(1, 1, ("deal", 3), seat=-1, events=[])
        assert store.stored_log(1).actions[1].events == ()


@pytest.mark.parametrize(("column", "value", "why"), [
    ("options", "[" * 1200 + "]" * 1200, "options nests deeper than 32"),
    ("seats", '["human", 5]', "seat 1 is 5"),
    ("outcome", '{"reason": 1}', "field 'outcome'"),
    ("rules_version", "x" * 500, "longer than 200"),
])
def test_hostile_rows_give_bad_record_errors(tmp_path, column, value, why):
    with GameStore(tmp_path / "g.sqlite3") as store:
        gid = store.create(GameRecord(SPEC.id, SPEC.rules_version, {"copies": 2}, ["human", "human"]))
        store.db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, gid))
        with pytest.raises(BadRecordError, match=why):
            store.load(gid)
        assert store.list()[0].status == "damaged"


def test_hostile_action_and_event_rows(tmp_path):
    with GameStore(tmp_path / "g.sqlite3") as store:
        gid = store.create(GameRecord(SPEC.id, SPEC.rules_version, {"copies": 2}, ["human", "human"]))
        store.append(gid, 0, ("deal", 1), seat=-1, events=[])
        store.db.execute("UPDATE actions SET action = ?", ("[" * 1200 + "]" * 1200,))
        with pytest.raises(BadRecordError, match="action 0 nests deeper"):
            store.load(gid)
        store.db.execute("UPDATE actions SET action = ?", ('["deal", ' + "[" * 10 + "1" + "]" * 10 + "]",))
        with pytest.raises(BadRecordError, match="action 0: actions nest at most 4 deep"):
            store.load(gid)
        store.db.execute("UPDATE actions SET action = '[\"deal\", 1]', events = ?", ("[" * 1200 + "]" * 1200,))
        with pytest.raises(BadRecordError, match="the events of action 0 nests deeper"):
            store.stored_log(gid)
        store.db.execute("UPDATE actions SET events = '[[\"T.1\", \"deal\", 5, null]]'")
        with pytest.raises(BadRecordError, match="the events of action 0 are damaged"):
            store.stored_log(gid)


def test_an_event_citing_further_clauses_is_kept_and_read_back(tmp_path):
    from asobi.core.events import Event

    with GameStore(tmp_path / "g.sqlite3") as store:
        gid = store.create(GameRecord(SPEC.id, SPEC.rules_version, {"copies": 2}, ["human", "human"]))
        cited = Event("T.1", "deal", (("n", 1),), None, ("T.2", "T.3"))
        store.append(gid, 0, ("deal", 1), seat=-1, events=[cited, Event("T.1", "deal", (("n", 2),), None)])
        (stored,) = store.stored_log(gid).actions
        assert [e.clauses for e in stored.events] == [("T.1", "T.2", "T.3"), ("T.1",)]
        for damaged in ('[["T.1", "deal", [], null, []]]', '[["T.1", "deal", [], null, [2]]]',
                        '[["T.1", "deal", [], null, "T.2"]]', '[["T.1", "deal", [], null, ["T.2"], 0]]'):
            store.db.execute("UPDATE actions SET events = ?", (damaged,))
            with pytest.raises(BadRecordError, match="the events of action 0 are damaged"):
                store.stored_log(gid)
