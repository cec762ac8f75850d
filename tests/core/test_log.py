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


def test_a_state_keeps_its_log_in_two_slots_a_clone_shares_what_is_sealed_and_copies_the_rest():
    from .flowgame import Duel

    s = Duel()
    start = s.log_length()
    assert start == len(s.log) and s.events_since(0) == list(s.log)
    for i in range(CHUNK + 2):  # as the rules append: to the open tail, a plain list
        s.log_tail.append(("1.1", "n", (("i", i),), None))
    view = s.log  # a live view: later appends show in it
    c = s.clone()
    assert c.log_sealed is s.log_sealed is not None  # the clone sealed the long tail first, once, for both
    assert type(c.log_tail) is list and c.log_tail is not s.log_tail and len(c.log_tail) < CHUNK
    s.log_tail.append(ev(-1))
    c.log_tail.append(ev(-2))
    assert len(view) == s.log_length() == c.log_length() == start + CHUNK + 3
    assert view.since(start + CHUNK + 2) == [ev(-1)] and c.events_since(start + CHUNK + 2) == [ev(-2)]
    assert s.log.since(0)[:-1] == c.log.since(0)[:-1] and s.log != c.log
    assert s.log.digest() == EventLog(list(s.log)).digest()
    back = Duel.from_json(s.to_json())
    assert back.log == s.log and back.fingerprint() == s.fingerprint() and not back.field_errors()
    c.log = EventLog([ev(1), ev(2)])  # set from any log: a copy of it
    assert list(c.log) == [ev(1), ev(2)] and c.log_sealed is None
    c.log_tail = ("not", "a", "list")  # type: ignore[assignment]
    assert c.field_errors() == ["field log has an open tail that is not a list"]


def test_the_log_is_declared_as_the_field_log():
    import pytest

    from asobi.core.fields import Fields, Log

    with pytest.raises(ValueError, match="'log', not 'events'"):
        Fields(events=Log())


def test_a_tail_read_once_keeps_logging_after_the_log_is_read_or_cloned():
    # rules may read ``tail = s.log_tail`` once and append several times; sealing empties the
    # same list rather than replacing it, so nothing appended through ``tail`` is lost
    from .flowgame import Duel

    s = Duel()
    tail = s.log_tail
    for i in range(CHUNK):
        tail.append(ev(i))
    start = s.log_length() - CHUNK
    s.log.digest()  # a read seals the tail
    s.clone()
    tail.append(ev(-1))
    assert s.events_since(start) == [ev(i) for i in range(CHUNK)] + [ev(-1)]


def test_an_event_citing_several_clauses_is_stored_read_and_written_beside_one_citing_one():
    from asobi.core.events import render_event

    log = EventLog()
    log.append(("6.2", "income", (("gp", 5),), None))
    log.append(("6.2", "income", (("gp", 5),), None, ("6.4", "6.5")))
    one, several = log.since(0)
    assert one.also == () and one.clauses == ("6.2",) and one == ("6.2", "income", (("gp", 5),), None)
    assert several.clauses == ("6.2", "6.4", "6.5") and one != several
    assert hash(one) == hash(("6.2", "income", (("gp", 5),), None))
    # JSON: four items as before for one clause, a fifth (the further clauses) for several
    assert [len(e) for e in log.to_json()] == [4, 5] and log.to_json()[1][4] == ["6.4", "6.5"]
    back = EventLog.from_json(log.to_json())
    assert back == log and back.digest() == log.digest()
    assert EventLog.from_json([["6.2", "income", [["gp", 5]], None]]).since(0) == [one]  # an older record
    messages = {"income": ("{gp} GP", "{gp} GP")}
    assert render_event(one, messages) == "6.2: 5 GP"
    assert render_event(several, messages, "ja") == "6.2: 5 GP [6.4, 6.5]"


def test_an_event_of_six_items_is_refused():
    import pytest

    with pytest.raises(ValueError, match="four or five items"):
        Event.from_json(["6.2", "income", [], None, [], []])
    with pytest.raises(ValueError, match="further clause ids"):
        Event.from_json(["6.2", "income", [], None, 6])
