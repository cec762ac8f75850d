"""Terminal play and reading: the session at the keyboard (:mod:`.session`), the screen
(:mod:`.screen`), reading the table and the forecasts after choices (:mod:`.table`), clients'
stops (:mod:`.stops`) and stepping through a replay (:mod:`.pager`). What is drawn comes from each
game's spec (``spec.present``); nothing here knows a game by name."""

from .session import HELP, TerminalGame, hint_bot_name, parse_seats

__all__ = ["HELP", "TerminalGame", "hint_bot_name", "parse_seats"]
