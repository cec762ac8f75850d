"""The replay of a finished game as one seat saw it (or as a spectator), frame by frame.

The record is played again from the start; after each action the frame is the very message live
play would have sent that viewer then, built by the same :class:`~asobi.server.messages.StateMessages`
(naming the cards each frame shows): its view, its text drawing, and what it saw happen (other
seats' hidden choices redacted, only the log lines it could see). So a seat's replay shows what that seat could know at each moment and
nothing more, even though the game is over.
"""

from __future__ import annotations

from typing import Any

from ..core.actions import Action
from ..core.agent import Agent, Observation
from ..core.errors import AsobiError, BadRecordError
from ..core.match import Match
from ..core.record import GameRecord
from .errors import ServerError
from .messages import Reader, StateMessages

FRAME_KEYS = ("state_id", "to_move", "to_move_name", "over", "outcome", "view", "text", "names", "updates")
"""What a frame keeps of a state message (the seats, title and so on are said once)."""


class _FromRecord(Agent):
    """Sits in every seat of a replay: the record says what each seat did, so it is never asked
    (and, no seat being a person's, no legal actions are listed for the frames)."""

    def act(self, obs: Observation) -> Action:
        raise AsobiError("a replay's seats are played from the record")


def replay_message(record: GameRecord, game_id: int, seat: int | None, lang: str) -> dict[str, Any]:
    """Every frame of finished game ``game_id`` as ``seat`` (``None``: a spectator) saw it.

    Frame 0 is the setup (with its log lines in ``opening``); frame *k* follows action *k*, and
    its ``updates`` are what the viewer saw that action do.

    :raises ServerError: if the game is not over or the seat does not exist.
    :raises BadRecordError: if the record does not replay.
    """
    if record.outcome is None:
        raise ServerError(f"game {game_id} is still being played: only a finished game is replayed", status=403)
    n = len(record.seats)
    if seat is not None and not 0 <= seat < n:
        raise ServerError(f"game {game_id} has seats 0 to {n - 1}, not {seat}")
    # No bots are made: the record says what everyone did.
    match = Match(record.spec, record.options, record.seats, seed=record.seed, agents=[_FromRecord()] * n,
                  where=f"saved game {game_id}")
    messages = StateMessages(record.spec, match.options, game_id, epoch="replay", names_from_views=True)
    reader = Reader(seat, lang, epoch="replay")
    frames = []
    first: dict[str, Any] = {}
    for index in range(len(record.actions) + 1):
        if index:
            try:
                match.advance(record.actions[index - 1])
            except AsobiError as e:
                raise BadRecordError(f"saved game {game_id}, action {index - 1}", str(e)) from None
        message = messages.message(match, reader)
        if not first:
            first = message
        frames.append({key: message[key] for key in FRAME_KEYS})
        reader.sent = match.state_id
    return {
        "type": "replay",
        "game_id": game_id,
        "game": first["game"],
        "title": first["title"],
        "seat": seat,
        "lang": lang,
        "seats": [{"seat": s["seat"], "name": s["name"], "kind": s["kind"]} for s in first["seats"]],
        "opening": first["opening"],
        "frames": frames,
    }
