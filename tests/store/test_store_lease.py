"""Two programs on one saved game: the second is told the game is in use."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from asobi.core import GameRecord
from asobi.store import GameInUseError, GameStore
from support.toygame import SPEC, registered

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(autouse=True)
def toy():
    registered()


def new_game(path) -> int:
    with GameStore(path) as store:
        return store.create(GameRecord(SPEC.id, SPEC.rules_version, {"copies": 2}, ["human", "human"]))


def test_two_stores_in_one_process(tmp_path):
    path = tmp_path / "g.sqlite3"
    gid = new_game(path)
    with GameStore(path) as one, GameStore(path) as two:
        with one.open_game(gid) as record:
            assert record.actions == []
            with pytest.raises(GameInUseError, match=f"saved game {gid} is in use by another asobi"), \
                    two.open_game(gid):
                pass
            with one.open_game(gid):  # the holder may open it again
                pass
            with pytest.raises(GameInUseError):  # and still holds it
                two.lease(gid)
        with two.open_game(gid), pytest.raises(GameInUseError):  # released on leaving the block
            one.lease(gid)
        one.lease(gid)
    with GameStore(path) as three:  # closing a store releases its leases
        three.lease(gid)
        three.release(gid)


def test_force_takes_over(tmp_path):
    path = tmp_path / "g.sqlite3"
    gid = new_game(path)
    with GameStore(path) as one, GameStore(path) as two:
        one.lease(gid)
        two.lease(gid, force=True)
        with pytest.raises(GameInUseError):
            one.lease(gid)


HOLDER = textwrap.dedent("""
    import sys
    sys.path.insert(0, {tests!r})
    import pathlib, tempfile
    from conftest import TEST_GAMES, install_games
    from asobi.store import GameStore
    install_games(pathlib.Path(tempfile.mkdtemp()), TEST_GAMES)
    store = GameStore({path!r})
    store.lease({gid})
    print("leased", flush=True)
    sys.stdin.readline()
""")


def test_another_process_and_its_stale_lease(tmp_path):
    path = tmp_path / "g.sqlite3"
    gid = new_game(path)
    code = HOLDER.format(tests=os.path.join(ROOT, "tests"), path=str(path), gid=gid)
    holder = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "leased"
        with GameStore(path) as store:
            with pytest.raises(GameInUseError, match=f"process {holder.pid} on .*finish or quit it there first"), \
                    store.open_game(gid):
                pass
            holder.kill()  # dies without releasing its lease
            holder.wait()
            with store.open_game(gid) as record:  # a dead process's lease on this host is taken over
                assert record.game == SPEC.id
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()


@pytest.mark.parametrize("pid", [2**63 - 1, -1, 0, "abc", 1.5])
def test_a_lease_row_whose_pid_names_no_process_is_taken_over(tmp_path, pid):
    """A lease row of this host edited to a pid no process has (past the system's range, 0 or
    less — ``os.kill(-1, 0)`` would say yes —, not a number) holds nothing: the game opens,
    rather than failing with an OverflowError or staying in use for ever."""
    import socket

    path = tmp_path / "g.sqlite3"
    gid = new_game(path)
    with GameStore(path) as store:
        store.db.execute("INSERT INTO leases (game_id, pid, host, token, started) VALUES (?, ?, ?, 'x', 'x')",
                         (gid, pid, socket.gethostname()))
        with store.open_game(gid) as record:
            assert record.actions == []
