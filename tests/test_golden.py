"""Golden playthroughs: each recorded full game replays to the same log, state and outcome."""

from __future__ import annotations

from pathlib import Path

import pytest

from asobi.core import GameRecord, replay

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.record.json"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.name.removesuffix(".record.json") for p in RECORDS])
def test_golden_game_replays_to_its_log(path):
    record = GameRecord.loads(path.read_text(encoding="utf-8"), where=str(path))
    state = replay(record, where=str(path))
    stem = path.name.removesuffix(".record.json")
    for lang in ("en", "ja"):
        expected = (GOLDEN / f"{stem}.log.{lang}.txt").read_text(encoding="utf-8").splitlines()
        assert record.spec.log_texts(state, None, lang) == expected
    assert state.fingerprint() == record.fingerprint
    outcome = state.outcome()
    assert outcome is not None and outcome.to_json() == record.outcome
