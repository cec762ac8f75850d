"""The shared event log: copies independent both ways, cheap however long the log, reads since an index."""

from __future__ import annotations

from asobi.core.events import Event
from asobi.core.log import CHUNK, EventLog


def ev(i: int) -> Event:
    return Event("1.1", "n", (("i", i),))


def test_forks_are_independent_both_ways_and_share_what_is_sealed():
    log = EventLog()
    for i in range(3 * CHUNK + 5):
        log.append(ev(i))
    copy = log.fork()
    log.append(ev(-1))
    copy.append(ev(-2))
    assert len(log) == len(copy) == 3 * CHUNK + 6
    assert log.since(3 * CHUNK + 5) == [ev(-1)] and copy.since(3 * CHUNK + 5) == [ev(-2)]
    assert log.since(0)[: 3 * CHUNK + 5] == copy.since(0)[: 3 * CHUNK + 5] == [ev(i) for i in range(3 * CHUNK + 5)]
    assert log != copy and log.digest() != copy.digest()


def test_reads_since_an_index_cross_chunks():
    log = EventLog()
    for i in range(5 * CHUNK):
        log.append(ev(i))
        if i % 7 == 0:
            log = log.fork()
    for start in (0, 1, CHUNK - 1, CHUNK, 2 * CHUNK + 3, 5 * CHUNK - 1, 5 * CHUNK, 5 * CHUNK + 9):
        assert log.since(start) == [ev(i) for i in range(start, 5 * CHUNK)]
    assert log.to_json() == EventLog.from_json(log.to_json()).to_json()


def test_digest_is_that_of_the_events_however_they_are_chunked():
    a, b = EventLog(), EventLog()
    for i in range(200):
        a.append(ev(i))
        b.append(ev(i))
        if i % 5 == 0:
            a = a.fork()
    assert a.digest() == b.digest() == EventLog([ev(i) for i in range(200)]).digest()


def test_a_fork_copies_at_most_one_chunk_however_long_the_log():
    log = EventLog()
    for i in range(100_000):
        log.append(ev(i))
        if i % 1000 == 0:
            log = log.fork()
    copy = log.fork()
    assert copy._sealed is log._sealed and len(copy._tail) < CHUNK
    assert len(copy) == 100_000


def test_plain_tuples_appended_are_read_back_as_events_with_the_same_digest():
    # The rules append an event's fields as a plain tuple (cheaper to make than the named tuple);
    # every read hands out Event objects, and the digest (fingerprints) does not tell them apart.
    plain, named = EventLog(), EventLog()
    for i in range(2 * CHUNK + 3):
        plain.append(("1.1", "n", (("i", i),), None if i % 2 else (1,)))
        named.append(Event("1.1", "n", (("i", i),), None if i % 2 else (1,)))
        if i % 5 == 0:
            plain = plain.fork()
    for read in (plain.since(0), plain.since(CHUNK + 1), list(plain), [plain[0], plain[-1]], plain.to_list()):
        assert read and all(type(e) is Event for e in read)
    assert plain[-1].key == "n" and plain[-1].args == (("i", 2 * CHUNK + 2),) and plain[0].seats == (1,)
    assert plain[0].visible_to(1) and not plain[0].visible_to(0)
    assert plain == named and plain.digest() == named.digest()
    assert plain.to_json() == named.to_json()
