"""A saved game keeps the language it is played in; `asobi resume` speaks it unless told otherwise.
Databases from before the language was kept still open, their games in English."""

from __future__ import annotations

import sqlite3

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core.errors import BadRecordError
from asobi.core.record import GameRecord
from asobi.core.registry import get_game
from asobi.store import GameStore, StoreError
from asobi.store.sqlite import MIGRATIONS, SCHEMA_VERSION


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def _new_game(store: GameStore) -> int:
    spec = get_game("legion")
    return store.create(GameRecord.new(spec, spec.validate_options({}), ["human", "bot:rule", "bot:rule"], 1))


def test_the_language_is_kept_and_read_back(tmp_path):
    with GameStore(tmp_path / "g.sqlite3") as store:
        gid = _new_game(store)
        assert store.language(gid) is None  # none kept yet
        store.set_language(gid, "ja")
        assert store.language(gid) == "ja"
        store.set_language(gid, "en")
        assert store.language(gid) == "en"


def test_a_bad_language_or_game_is_refused_and_nothing_changes(tmp_path):
    with GameStore(tmp_path / "g.sqlite3") as store:
        gid = _new_game(store)
        store.set_language(gid, "ja")
        with pytest.raises(StoreError, match="one of en, ja"):
            store.set_language(gid, "fr")
        assert store.language(gid) == "ja"
        with pytest.raises(BadRecordError, match="no such saved game"):
            store.set_language(gid + 1, "en")
        with pytest.raises(BadRecordError, match="no such saved game"):
            store.language(gid + 1)


def test_a_database_from_before_the_language_opens_and_its_games_have_none(tmp_path):
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    for migration in MIGRATIONS[:2]:  # the schema as it was (version 2)
        for statement in migration.split(";"):
            if statement.strip():
                db.execute(statement)
    db.execute("PRAGMA user_version = 2")
    db.execute("INSERT INTO games (game, rules_version, options, seats, seed, created, updated) VALUES"
               " ('legion', ?, '{}', '[\"human\", \"bot:rule\", \"bot:rule\"]', 1, 'then', 'then')",
               (get_game("legion").rules_version,))
    db.close()
    with GameStore(path) as store:
        assert store.schema_version() == SCHEMA_VERSION
        assert store.load(1).seats == ["human", "bot:rule", "bot:rule"]
        assert store.language(1) is None
        store.set_language(1, "ja")
        assert store.language(1) == "ja"


JAPANESE = "スペースライフ"
ENGLISH = "Space life"


def test_resume_speaks_the_games_language_unless_told(db):
    played = run("play", "legion", "--seats", "human,bot,bot", "--seed", "1", "--lang", "ja", input="q\n").output
    assert JAPANESE in played
    assert GameStore(db).language(1) == "ja"
    again = run("resume", "1", input="q\n").output
    assert JAPANESE in again and ENGLISH not in again
    assert "--lang ja" in again  # the quit line's resume hint names it too
    told = run("resume", "1", "--lang", "en", input="q\n").output
    assert ENGLISH in told and JAPANESE not in told
    assert GameStore(db).language(1) == "en"  # the language last chosen is kept
    assert ENGLISH in run("resume", "1", input="q\n").output


def test_a_game_without_a_kept_language_resumes_in_english(db):
    with GameStore(db) as store:
        gid = _new_game(store)
        assert store.language(gid) is None
    out = run("resume", str(gid), input="q\n").output
    assert ENGLISH in out and JAPANESE not in out
