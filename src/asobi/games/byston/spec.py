"""The GameSpec of ドレイクの野望, built but **not registered**: the package's ``__init__`` does not
import this module, so the registry (which imports every game package) does not find byston until
the whole game exists. ``spec()`` builds it for tests and for the step that registers it."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from asobi.core import GameSpec, Option

from . import clauses
from .labels import localize
from .messages import MESSAGES
from .state import SEATINGS, ZELANA_RUNNERS, BystonState
from .tables import data_hash


def _new_state(options: Mapping[str, Any]) -> BystonState:
    return BystonState(options["players"], options["zelana_runner"])


def _render(view: dict[str, Any], seat: int | None, lang: str) -> str:
    lines = [f"turn {view['turn']}"]
    for cid, sheet in view["countries"].items():
        lines.append(f"{cid}: {sheet['state']} GP {sheet['gp']} TL {sheet['tl']} (seat {sheet['seat']})")
    for hex_id, stack in sorted(view["map"].items()):
        lines.append(f"{hex_id}: {' '.join(stack)}")
    return "\n".join(lines)


@cache
def spec() -> GameSpec:
    made = GameSpec(
        id="byston",
        title_ja="ドレイクの野望",
        title_en="Drake's Ambition",
        rules_version="0",
        options=(
            Option("players", int, 4, "number of players (1.2)", "プレイヤー数（1.2）", minimum=2, maximum=4),
            Option(
                "zelana_runner",
                str,
                "follow",
                "who runs the Zelana: follow (Rau, then Na once Na is at war), rau or na (B-1)",
                "ゼラーナ隊を扱う国：follow（ナの国参戦まではラウ、以後ナ）、rau、na（B-1）",
                choices=ZELANA_RUNNERS,
            ),
        ),
        seat_names=lambda options: SEATINGS[options["players"]][0],
        new_state=_new_state,
        state_class=BystonState,
        messages=MESSAGES,
        render=_render,
        clauses=clauses,
        localize=localize,
        conformance_options=tuple({"players": p} for p in (2, 3, 4)),
        max_steps=20_000,
        data_hash=data_hash,
    )
    BystonState.spec = made
    return made
