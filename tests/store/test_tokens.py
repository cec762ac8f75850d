"""Seat tokens kept beside the saved games: issued once per game, only their hashes on disk, each
opening its own seat of its own game, gone with the game."""

from __future__ import annotations

import hashlib

import pytest

from asobi.core.record import GameRecord
from asobi.core.registry import get_game
from asobi.store import GameStore, LinksHandedOutError, SeatTokens, StoreError


def _game(store: GameStore) -> int:
    spec = get_game("toy-highcard")
    options = spec.validate_options({})
    return store.create(GameRecord.new(spec, options, ["human"] * len(spec.seat_names(options)), 1))


def test_tokens_open_their_own_seat_and_are_kept_only_as_hashes(tmp_path):
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        first, second = _game(store), _game(store)
        tokens = SeatTokens(store.path)
        try:
            issued = tokens.issue(first, [0, 1])
            assert sorted(issued) == [0, 1] and issued[0] != issued[1]
            assert tokens.seat_of(first, issued[1]) == 1 and tokens.seat_of(first, issued[0]) == 0
            assert tokens.seat_of(second, issued[0]) is None  # another game's token opens nothing
            assert tokens.seat_of(first, issued[0] + "x") is None
            assert tokens.has_links(first) and not tokens.has_links(second)
            stored = {row[0] for row in tokens.db.execute("SELECT token_hash FROM server_seat_tokens")}
            assert hashlib.sha256(issued[0].encode()).hexdigest() in stored
        finally:
            tokens.close()
    assert issued[0].encode() not in path.read_bytes()


def test_links_are_handed_out_once_and_a_refusal_changes_nothing(tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as store:
        game_id = _game(store)
        tokens = SeatTokens(store.path)
        try:
            issued = tokens.issue(game_id, [0])
            with pytest.raises(LinksHandedOutError, match="handed out already"):
                tokens.issue(game_id, [0, 1])
            assert tokens.seat_of(game_id, issued[0]) == 0
            assert tokens.db.execute("SELECT count(*) FROM server_seat_tokens").fetchone()[0] == 2  # seat 0, mark
            no_people = _game(store)
            assert tokens.issue(no_people, []) == {} and tokens.has_links(no_people)  # marked as handed out
        finally:
            tokens.close()


def test_a_deleted_game_takes_its_tokens_with_it(tmp_path):
    with GameStore(tmp_path / "games.sqlite3") as store:
        game_id = _game(store)
        tokens = SeatTokens(store.path)
        try:
            issued = tokens.issue(game_id, [0])
            store.delete(game_id)
            assert tokens.seat_of(game_id, issued[0]) is None and not tokens.has_links(game_id)
        finally:
            tokens.close()


def test_a_file_that_cannot_hold_tokens_is_a_store_error(tmp_path):
    path = tmp_path / "not-a-database.sqlite3"
    path.write_bytes(b"this is not SQLite " * 100)
    with pytest.raises(StoreError, match="cannot keep seat tokens"):
        SeatTokens(path)
