"""Terminal play and reading: the session at the keyboard (:mod:`.session`), the screen
(:mod:`.screen`), reading cards on the table (:mod:`.items`), forecasts after choices
(:mod:`.annotate`), rule clauses in the reader's language (:mod:`.translations`) and stepping
through a replay (:mod:`.pager`)."""

from .session import HELP, TerminalGame, hint_bot_name, parse_seats

__all__ = ["HELP", "TerminalGame", "hint_bot_name", "parse_seats"]
