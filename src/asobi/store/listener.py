"""Saving a :class:`~asobi.core.match.Match` as it is played."""

from __future__ import annotations

from ..core.actions import Action
from ..core.match import Match, MatchListener
from .sqlite import GameStore


class StoreListener(MatchListener):
    """Saves every action of a match (with the seat that took it and the events it caused), every
    undo (into the audit trail) and the end.

    ``match.listeners.append(StoreListener(store, game_id))`` once the match holds the actions
    already saved.
    """

    def __init__(self, store: GameStore, game_id: int) -> None:
        self.store = store
        self.game_id = game_id

    def on_action(self, match: Match, index: int, actor: int, action: Action) -> None:
        self.store.append(self.game_id, index, action, seat=actor, events=match.last_events(),
                          to_move=match.state.current_seat)

    def on_undo(self, match: Match, seat: int, count: int) -> None:
        self.store.undo(self.game_id, count, seat, to_move=match.state.current_seat)

    def on_finish(self, match: Match) -> None:
        outcome = match.state.outcome()
        if outcome is not None:
            self.store.finish(self.game_id, outcome.to_json(), match.state.fingerprint())
