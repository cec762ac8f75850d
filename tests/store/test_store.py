"""Saved games: written action by action, migrated, and damage kept to the damaged game."""

from __future__ import annotations

import sqlite3

import pytest

from asobi.core import BadRecordError, GameRecord
from asobi.store import GameStore
from asobi.store.sqlite import SCHEMA_VERSION, StoreError
from support.toygame import SPEC, registered


@pytest.fixture(autouse=True)
def toy():
    registered()


def new_record() -> GameRecord:
    return GameRecord(SPEC.id, SPEC.rules_version, {"copies": 2}, ["human", "bot:random"], 7)


def test_actions_are_saved_one_by_one(tmp_path):
    path = tmp_path / "g.sqlite3"
    with GameStore(path) as store:
        gid = store.create(new_record())
        store.append(gid, 0, ("deal", 1))
        store.append(gid, 1, ("deal", 2))
    with GameStore(path) as again:  # a new connection, as after a crash
        record = again.load(gid)
    assert record.actions == [("deal", 1), ("deal", 2)]
    assert record.seed == 7 and record.seats == ["human", "bot:random"]


def test_schema_is_versioned(tmp_path):
    path = tmp_path / "g.sqlite3"
    GameStore(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer than this asobi knows"):
        GameStore(path)


def test_not_a_database(tmp_path):
    path = tmp_path / "g.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="not a usable asobi database"):
        GameStore(path)
    assert path.read_bytes().startswith(b"this is not sqlite")


def test_a_damaged_game_leaves_the_others_readable(tmp_path):
    with GameStore(tmp_path / "g.sqlite3") as store:
        good = store.create(new_record())
        bad = store.create(new_record())
        store.append(bad, 0, ("deal", 1))
        store.db.execute("UPDATE actions SET action = '[\"deal\", 1' WHERE game_id = ?", (bad,))
        with pytest.raises(BadRecordError, match=f"saved game {bad}.*action 0 is damaged"):
            store.load(bad)
        assert store.load(good).actions == []
        store.db.execute("UPDATE actions SET action = '[\"deal\", 1]' WHERE game_id = ?", (bad,))
        assert store.load(bad).actions == [("deal", 1)]
        store.db.execute("UPDATE games SET rules_version = 'old' WHERE id = ?", (bad,))
        assert store.load(bad).migrated_from == "old"  # older rules that still allow every action
        store.db.execute("UPDATE actions SET action = '[\"deal\", 9]' WHERE game_id = ?", (bad,))
        with pytest.raises(BadRecordError, match=r"rules version 'old'.*action 0 is refused"):
            store.load(bad)
        store.db.execute("UPDATE games SET seats = 'garbage' WHERE id = ?", (bad,))
        statuses = {g.id: g.status for g in store.list()}
        assert statuses == {good: "playing", bad: "damaged"}


def test_missing_game(tmp_path):
    with GameStore(tmp_path / "g.sqlite3") as store, pytest.raises(BadRecordError, match="no such saved game"):
        store.load(42)
