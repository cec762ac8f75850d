"""Record files and deck files as a careless or hostile user hands them over: truncated, nested,
huge, wrong-typed, or not regular files at all (``/dev/zero``, a FIFO without a writer, a
folder). Each is refused quickly with the one documented error (``BadRecordError`` for a record,
``BadDataError`` for a deck file), and reading never holds much more than the size limit.

Fuzzed by hypothesis; ``ASOBI_FUZZ_EXAMPLES`` sets how many values per test (default 60)."""

from __future__ import annotations

import json
import os
import signal
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi.core.data import MAX_DATA_BYTES
from asobi.core.errors import AsobiError, BadDataError, BadRecordError
from asobi.core.match import Match
from asobi.core.record import ENV_MAX_RECORD, MAX_JSON_ITEMS, MAX_RECORD_BYTES, GameRecord, read_record_file
from asobi.core.registry import get_game
from asobi.core.replay import read_record, replay
from asobi.sim.batch import read_record_line

EXAMPLES = int(os.environ.get("ASOBI_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.fixture(scope="module")
def record_text() -> str:
    """A whole emblem game between random bots, as ``replay --export`` writes it."""
    spec = get_game("emblem")
    match = Match(spec, spec.validate_options({}), ["bot:random", "bot:random"], seed=11)
    match.play()
    record = GameRecord.new(spec, match.options, list(match.seats), 11)
    record.actions = list(match.actions)
    state = match.state
    outcome = state.outcome()
    record.outcome = outcome.to_json() if outcome is not None else None
    record.fingerprint = state.fingerprint()
    return record.dumps()


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail (rather than hang) if the block takes longer than ``seconds``."""
    def late(*_: Any) -> None:
        raise AssertionError(f"took longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def read(path: Path | str, limit: int | None = None) -> GameRecord:
    """What ``asobi replay FILE`` does with a file: read it with bounds, check it, replay it."""
    record = read_record(read_record_file(path, limit), where=str(path))
    replay(record, where=str(path))
    return record


def test_the_record_read_back_is_the_game(tmp_path, record_text):
    path = tmp_path / "game.json"
    path.write_text(record_text, encoding="utf-8")
    assert read(path).to_json() == json.loads(record_text)
    assert len(record_text.encode()) < MAX_RECORD_BYTES // 100  # the limit leaves room


# ---- not regular files -----------------------------------------------------------------------------
def test_devices_fifos_and_folders_are_refused_without_reading_or_waiting(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # no writer: opening it for reading would wait for ever
    for path, kind in (("/dev/zero", "a device"), ("/dev/urandom", "a device"), (fifo, "a FIFO"),
                       (tmp_path, "a folder")):
        with within(2), pytest.raises(BadRecordError, match=f"{kind}, not a regular file"):
            read(path)
        with within(2), pytest.raises(BadRecordError, match=f"{kind}, not a regular file"):
            read_record_line(path, 1)
    with pytest.raises(BadRecordError, match="cannot read"):
        read(tmp_path / "missing.json")


def test_deck_files_are_bounded_and_regular_too(tmp_path):
    from asobi.games.emblem.cards import load_deck

    fifo = tmp_path / "deck-pipe"
    os.mkfifo(fifo)
    for path in ("/dev/zero", fifo, tmp_path):
        with within(2), pytest.raises(BadDataError, match="not a regular file"):
            load_deck(path)
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:
        f.truncate(MAX_DATA_BYTES + 1)  # sparse: nothing is written, and nothing is read
    with within(2), pytest.raises(BadDataError, match="larger than"):
        load_deck(big)


def test_a_record_naming_a_deck_file_is_a_bad_record(tmp_path, record_text):
    """A record holds a deck's contents, never a path: one naming a file (of the machine that
    replays it) is a fault of the record like any other, and no file is opened."""
    data = json.loads(record_text)
    data["options"]["deck_file_a"] = "/etc/passwd"
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BadRecordError, match="deck_file_a") as refused:
        read(path)
    assert "root:" not in str(refused.value)


# ---- too big ---------------------------------------------------------------------------------------
def test_a_file_over_the_limit_is_refused_by_its_size_unread(tmp_path, monkeypatch):
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(50 * 1024 * 1024 * 1024)  # 50 GB, sparse
    tracemalloc.start()
    try:
        with within(2), pytest.raises(BadRecordError, match=f"larger than {MAX_RECORD_BYTES} bytes"):
            read(huge)
        with within(2), pytest.raises(BadRecordError, match="larger than 1000 bytes"):
            read(huge, limit=1000)
        monkeypatch.setenv(ENV_MAX_RECORD, "2000")
        with within(2), pytest.raises(BadRecordError, match="larger than 2000 bytes"):
            read(huge)
        assert tracemalloc.get_traced_memory()[1] < 1024 * 1024
    finally:
        tracemalloc.stop()
    monkeypatch.setenv(ENV_MAX_RECORD, "lots")
    with pytest.raises(BadRecordError, match="size in bytes"):
        read(huge)


def test_a_line_of_a_batch_over_the_limit_is_refused_and_lines_before_it_are_not_held(tmp_path, record_text,
                                                                                        monkeypatch):
    line = json.dumps({"record": json.loads(record_text)})
    batch = tmp_path / "games.jsonl"
    batch.write_text("x" * 300_000 + "\n" + line + "\n" + "[" * 5000 + "\n", encoding="utf-8")
    monkeypatch.setenv(ENV_MAX_RECORD, "200000")
    assert read_record_line(batch, 2).actions == GameRecord.loads(record_text).actions  # line 1 skipped
    with pytest.raises(BadRecordError, match="longer than 200000 bytes"):
        read_record_line(batch, 1)
    with pytest.raises(BadRecordError, match="nests deeper"):
        read_record_line(batch, 3)
    with pytest.raises(BadRecordError, match="no such line"):
        read_record_line(batch, 9)


@pytest.mark.parametrize("kind", ["lists", "numbers", "string", "deep"])
def test_hostile_records_under_the_limit_are_refused_quickly_with_memory_bounded(tmp_path, record_text, kind):
    """Just under the limit, each shape that once cost seconds or gigabytes: a million tiny
    lists, a million numbers in one action, one string of 15 MB, brackets nested 100,000 deep."""
    budget = MAX_RECORD_BYTES - 100_000
    data = json.loads(record_text)
    head = json.dumps(data).replace('"actions": [', '"actions": [@,', 1)
    filler = {
        "lists": "[0]," * (MAX_JSON_ITEMS + 10),
        "numbers": "[" + "1," * (MAX_JSON_ITEMS + 10) + "1],",
        "string": '"' + "a" * (budget - len(head)) + '",',
        "deep": "[" * 100_000 + "]" * 100_000 + ",",
    }[kind]
    path = tmp_path / "hostile.json"
    path.write_text(head.replace("@,", filler, 1), encoding="utf-8")
    assert path.stat().st_size <= MAX_RECORD_BYTES
    tracemalloc.start()
    began = time.perf_counter()
    try:
        with within(10), pytest.raises(BadRecordError):
            read(path)
        took = time.perf_counter() - began
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert took < 5, took
    assert peak < 8 * MAX_RECORD_BYTES, f"{peak / 2**20:.0f} MB held reading {path.stat().st_size / 2**20:.0f} MB"


# ---- fuzzed ----------------------------------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def refused_or_read(path: Path) -> None:
    """The file is read as a record, or refused with a BadRecordError: nothing else escapes."""
    try:
        read(path)
    except BadRecordError:
        pass
    except AsobiError as e:  # any other documented error is the wrong kind for a record
        raise AssertionError(f"{type(e).__name__} instead of BadRecordError: {e}") from e


def test_truncated_records_are_refused(tmp_path, record_text):
    data = record_text.encode()
    path = tmp_path / "cut.json"

    @FUZZ
    @given(st.integers(0, len(data) - 2))
    def cut(at: int) -> None:
        path.write_bytes(data[:at])
        with pytest.raises(BadRecordError):
            read(path)

    cut()


def test_fields_of_any_type_are_refused_or_read(tmp_path, record_text):
    fields = ["format", "game", "rules_version", "data_hash", "options", "seats", "seed", "actions", "outcome",
              "fingerprint", "unknown"]
    path = tmp_path / "typed.json"

    @FUZZ
    @given(st.sampled_from(fields), JSON)
    def change(field: str, value: Any) -> None:
        data = json.loads(record_text)
        data[field] = value
        path.write_text(json.dumps(data), encoding="utf-8")
        refused_or_read(path)

    change()


def test_actions_and_options_of_any_shape_are_refused_or_read(tmp_path, record_text):
    path = tmp_path / "shaped.json"
    n_actions = len(json.loads(record_text)["actions"])

    @FUZZ
    @given(st.integers(0, n_actions - 1), JSON, st.sampled_from(["", "deck_a", "deck_list_b", "deck_file_b",
                                                                 "wipeout_at_once"]), JSON)
    def change(index: int, action: Any, option: str, value: Any) -> None:
        data = json.loads(record_text)
        data["actions"][index] = action
        if option:
            data["options"][option] = value
        path.write_text(json.dumps(data), encoding="utf-8")
        refused_or_read(path)

    change()


def test_bytes_that_are_not_utf8_or_not_json_are_refused(tmp_path):
    path = tmp_path / "bytes.json"

    @FUZZ
    @given(st.binary(max_size=200))
    def noise(raw: bytes) -> None:
        path.write_bytes(raw)
        with pytest.raises(BadRecordError):
            read(path)

    noise()
