"""Write a golden game's logs and final fingerprint again from its recorded actions.

    python tests/golden/relog.py NAME [NAME ...]

For a change in what events cite or how they read that leaves every action standing: each
``tests/golden/NAME.record.json`` is replayed under the current rules (every action checked), its
outcome must be the one recorded, and then ``NAME.log.en.txt`` / ``NAME.log.ja.txt`` and the
record's fingerprint (which hashes the log) are written again; the actions are kept as they are.
A change that alters the game itself is re-recorded with ``make.py`` instead.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

from asobi.core import GameRecord, replay

HERE = Path(__file__).parent


def relog(stem: str) -> str:
    path = HERE / f"{stem}.record.json"
    record = GameRecord.loads(path.read_text(encoding="utf-8"), where=str(path))
    state = replay(record, where=str(path))
    outcome = state.outcome()
    if outcome is None or outcome.to_json() != record.outcome:
        raise SystemExit(f"{stem}: the replay ends otherwise than recorded; re-record it with make.py")
    for lang in ("en", "ja"):
        texts = record.spec.log_texts(state, None, lang)
        (HERE / f"{stem}.log.{lang}.txt").write_text("\n".join(texts) + "\n", encoding="utf-8")
    path.write_text(dataclasses.replace(record, fingerprint=state.fingerprint()).dumps() + "\n", encoding="utf-8")
    return f"{stem}: {len(record.actions)} actions replayed, {len(state.log)} events written"


if __name__ == "__main__":
    if len(sys.argv) < 2 or any(a.startswith("-") for a in sys.argv[1:]):
        raise SystemExit(__doc__)
    for name in sys.argv[1:]:
        print(relog(name))
