"""``Match.updates`` starts at ``since`` in the journal instead of scanning it whole: along whole
games with people, undos and every viewer, it answers exactly what the whole-journal scan did."""

from __future__ import annotations

from random import Random

import pytest

from asobi.core.match import HUMAN, Match, Update
from asobi.core.registry import get_game


def scanned_updates(match: Match, seat: int | None, since: int, lang: str) -> list[Update]:
    """The former ``Match.updates``: every journal entry tested against ``since``, and the log read
    from its start when nothing new was found."""
    journal = match._journal
    assert journal is not None
    entries = [e for e in journal if e.state_id > since and not e.withdrawn]
    first = min((e.log_start for e in entries if e.action is not None), default=0)
    log = match.state.events_since(first)
    viewer = len(match.seats) if seat is None else seat
    out = []
    for entry in entries:
        if entry.action is None:
            out.append(Update(entry.state_id, entry.actor, None, "", (), entry.undone))
            continue
        action, labels = entry.seen[viewer]
        events = tuple(e for e in log[entry.log_start - first : entry.log_end - first] if e.visible_to(seat))
        out.append(Update(entry.state_id, entry.actor, action, labels.get(lang, ""), events))
    return out


def _compare(match: Match, rng: Random) -> int:
    """Compare both ways for every viewer at a few ``since`` values (the start, recent ids, now,
    beyond now, the client's ``-1``); the number of comparisons."""
    now = match.state_id
    sinces = {-1, 0, now, now + 3, max(0, now - 1), max(0, now - 5), rng.randint(0, max(now, 0))}
    compared = 0
    for seat in [None, *range(len(match.seats))]:
        for since in sinces:
            for lang in ("en", "ja"):
                assert match.updates(seat, since, lang) == scanned_updates(match, seat, since, lang), (seat, since)
                compared += 1
    return compared


@pytest.mark.parametrize(("game", "options", "seed"), [("legion", {"players": 3}, 1), ("emblem", {}, 2),
                                                       ("legion", {"players": 2}, 5)])
def test_updates_equal_the_whole_scan_along_whole_games_with_undos(game, options, seed):
    spec = get_game(game)
    options = spec.validate_options(options)
    match = Match(spec, options, [HUMAN] * len(spec.seat_names(options)), seed=seed)
    rng = Random(seed)
    compared = undos = steps = 0
    while not match.is_over() and steps < 3000:
        seat = match.play()
        if seat is None:
            break
        if match.can_undo(seat) and rng.random() < 0.15:
            match.undo(seat)
            undos += 1
        else:
            match.submit(seat, rng.choice(match.state.legal_actions()))
        steps += 1
        if steps % 25 == 0 or rng.random() < 0.05:
            compared += _compare(match, rng)
    compared += _compare(match, rng)
    assert undos > 0 and compared > 100
    assert match.updates(None, match.state_id) == []  # nothing since now


def test_the_index_is_the_state_id_order_of_the_journal():
    spec = get_game("legion")
    match = Match(spec, spec.validate_options({"players": 2}), [HUMAN, HUMAN], seed=3)
    match.play()
    ids = [u.state_id for u in match.updates(0, 0)]
    assert ids == sorted(ids) and ids[-1] == match.state_id
    assert [u.state_id for u in match.updates(0, ids[-3])] == ids[-2:]
