"""The replay of a finished game as one seat saw it (or as a spectator), frame by frame.

The record is played again from the start; after each action the frame is the very message live
play would have sent that viewer then, built by the same :class:`~asobi.server.messages.StateMessages`
(naming the cards each frame shows): its view, its text drawing, and what it saw happen (other
seats' hidden choices redacted, only the log lines it could see). So a seat's replay shows what that seat could know at each moment and
nothing more, even though the game is over.
"""

from __future__ import annotations

from typing import Any

from ..core.record import GameRecord
from ..core.replay import replaying
from .errors import ServerError
from .messages import Reader, StateMessages

FRAME_KEYS = ("state_id", "to_move", "to_move_name", "over", "outcome", "view", "text", "names", "updates")
"""What a frame keeps of a state message (the seats, title and so on are said once)."""


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
    reader = Reader(seat, lang, epoch="replay")
    messages: StateMessages | None = None
    frames = []
    first: dict[str, Any] = {}
    for match in replaying(record, journal=True, where=f"saved game {game_id}"):
        if messages is None:
            messages = StateMessages(record.spec, match.options, game_id, epoch="replay", names_from_views=True)
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
        "seats": [{"seat": s["seat"], "name": s["name"], "kind": s["kind"], "kind_name": s["kind_name"]}
                  for s in first["seats"]],
        "opening": first["opening"],
        "frames": frames,
    }
