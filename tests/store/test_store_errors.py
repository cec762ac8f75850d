"""Every SQLite failure after opening becomes a clear StoreError, and leaves the file unchanged.

The files are real: a read-only file (opened with ``mode=ro``, since root ignores permissions), a
damaged page, a full disk (a small ``max_page_count``), a database locked by another connection.
"""

from __future__ import annotations

import sqlite3

import pytest

from asobi.core import Event, GameRecord
from asobi.store import GameStore, StoreError
from support.toygame import SPEC, registered


@pytest.fixture(autouse=True)
def toy():
    registered()


def saved(path, games: int = 1) -> list[int]:
    with GameStore(path) as store:
        ids = []
        for _ in range(games):
            gid = store.create(GameRecord(SPEC.id, SPEC.rules_version, {"copies": 2}, ["human", "bot:random"]))
            store.append(gid, 0, ("deal", 1), seat=-1, events=[Event("T.1", "deal", (("seat", 0),))])
            ids.append(gid)
    return ids


def test_read_only_file(tmp_path):
    path = tmp_path / "g.sqlite3"
    (gid,) = saved(path)
    before = path.read_bytes()
    with GameStore(path, read_only=True) as store:
        assert store.load(gid).actions == [("deal", 1)]  # reading works
        for change in (lambda: store.append(gid, 1, ("deal", 2)),
                       lambda: store.create(GameRecord(SPEC.id, SPEC.rules_version, {}, ["human", "human"])),
                       lambda: store.undo(gid, 1),
                       lambda: store.finish(gid, {}, "x")):
            with pytest.raises(StoreError, match=f"{path} is read-only.*make the file and its folder writable"):
                change()
        assert store.load(gid).actions == [("deal", 1)]
    assert path.read_bytes() == before


def test_damaged_page(tmp_path):
    path = tmp_path / "g.sqlite3"
    saved(path, games=60)
    data = bytearray(path.read_bytes())
    assert len(data) > 4 * 4096
    data[4096:len(data) - 4096] = b"\xa5" * (len(data) - 2 * 4096)  # every page but the first and the last
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match=f"{path}: .*(damaged|not a usable).*restore a backup") as info, \
            GameStore(path) as store:
        store.list()
        store.load(30)
    assert "Traceback" not in str(info.value)


def test_full_disk_changes_nothing(tmp_path):
    path = tmp_path / "g.sqlite3"
    (gid,) = saved(path)
    with GameStore(path) as store:
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
        store.db.execute(f"PRAGMA max_page_count = {pages}")
        big = [Event("T.1", "deal", (("seat", 0), ("text", "x" * 20_000)))]
        with pytest.raises(StoreError, match=f"no room to write {path}.*nothing of this change was saved"):
            store.append(gid, 1, ("deal", 2), seat=-1, events=big)
        with pytest.raises(StoreError, match="no room"):
            store.create(GameRecord(SPEC.id, SPEC.rules_version, {"copies": 2}, ["human", "human"],
                                    actions=[("deal", 1)] * 5000))
        assert store.load(gid).actions == [("deal", 1)]
        assert [g.id for g in store.list()] == [gid]
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        store.append(gid, 1, ("deal", 2))  # a small change still fits
    with GameStore(path) as again:
        assert again.load(gid).actions == [("deal", 1), ("deal", 2)]


def test_locked_database(tmp_path):
    path = tmp_path / "g.sqlite3"
    (gid,) = saved(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with GameStore(path, timeout=0.1) as store:
            with pytest.raises(StoreError, match=f"{path} is locked by another program.*try again"):
                store.append(gid, 1, ("deal", 2))
            with pytest.raises(StoreError, match="is locked"):
                store.undo(gid, 1)
    finally:
        other.execute("ROLLBACK")
        other.close()
    with GameStore(path) as store:
        assert store.load(gid).actions == [("deal", 1)]
        assert store.audit(gid) == []


def test_opening_a_locked_file_that_needs_migrating(tmp_path):
    path = tmp_path / "g.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (id INTEGER)")  # schema version 0: would need migrating
    db.commit()
    db.close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="is locked"):
            GameStore(path, timeout=0.1)
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_failed_change_is_rolled_back_whole(tmp_path):
    path = tmp_path / "g.sqlite3"
    (gid,) = saved(path)
    with GameStore(path) as store:
        store.append(gid, 1, ("deal", 2))
        store.db.execute("CREATE TRIGGER boom BEFORE INSERT ON audit WHEN NEW.idx = 1 BEGIN SELECT RAISE(ABORT, 'boom'); END")
        with pytest.raises(StoreError, match="boom"):
            store.undo(gid, 2)  # the second audit row fails: the first must not stay
        assert store.load(gid).actions == [("deal", 1), ("deal", 2)]
        assert store.audit(gid) == []
