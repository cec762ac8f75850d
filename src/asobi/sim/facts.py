"""What a study reads of a game beyond its result, sampled while the game is played.

A batch worker that plays a study's game hands its match a :class:`FactSampler` as ``on_step``:
the game's :class:`~asobi.core.hooks.StudyHooks` read its figures before each action — kept each
time the clock (round, turn) moves on — and at the end, then the content drawn and played from its
log, and who went first. So a study plays each game once and reads it as it goes.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.match import Match
from ..core.spec import GameSpec
from ..core.state import GameState

TABLE = "table"
"""The key of content events that name no seat."""


class FactSampler:
    """Reads a study's figures from one match as it is played (``match.play(on_step=sampler)``,
    after :meth:`start`), and its facts once it is over (:meth:`facts`)."""

    def __init__(self, spec: GameSpec) -> None:
        self.hooks = spec.study
        self.names: list[str] = []
        self.starts: list[list[float]] = []

    def _sample(self, state: GameState) -> None:
        progress = self.hooks.progress
        if progress is None:
            return
        figures = progress(state)
        if not self.names:
            self.names.extend(figures)
        values = [float(figures[k]) for k in self.names]
        if not self.starts or self.starts[-1][0] != values[0]:
            self.starts.append(values)

    def start(self, match: Match) -> None:
        """Read the game before its first action."""
        self._sample(match.state)

    def __call__(self, match: Match) -> None:
        """After each action: the state before the next one (the end is read by :meth:`facts`)."""
        if not match.is_over():
            self._sample(match.state)

    def facts(self, final: GameState) -> dict[str, Any]:
        """The facts of the finished game (empty for a game without study hooks)."""
        hooks = self.hooks
        if hooks.progress is None:
            return {}
        end = hooks.progress(final)
        if not self.names:
            self.names.extend(end)
        held: dict[str, set[str]] = {}
        played: dict[str, Counter[str]] = {}
        content = hooks.content
        if content is not None:
            for event in final.events_since(0):
                mark = content(event)
                if mark is None:
                    continue
                seat, item, was_played = mark
                key = TABLE if seat is None else str(seat)
                held.setdefault(key, set()).add(item)
                if was_played:
                    played.setdefault(key, Counter())[item] += 1
        return {
            "first_seat": hooks.first_seat(final) if hooks.first_seat is not None else None,
            "progress": {"names": self.names, "start": self.starts, "end": [float(end[k]) for k in self.names]},
            "content": {
                "held": {k: sorted(v) for k, v in sorted(held.items())},
                "played": {k: dict(sorted(v.items())) for k, v in sorted(played.items())},
            },
        }
