"""The terminal screen: writing lines (in colour on a real terminal), the status line, and clearing it.

Colour comes from rich, which asobi depends on: a highlighter marks the things a player scans
the board for (seat letters, lives and chips, clause ids, blackouts and the enemy ship), and a
game's drawing may carry colours of its own (a :class:`~asobi.core.text.Styled` text: a map's
countries and camps), drawn over the highlighter's. Output that is not a terminal (a pipe, a
file, a test) gets the same text without escape codes, and so does a terminal when the
environment sets ``NO_COLOR`` (https://no-color.org).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from rich.console import Console
from rich.highlighter import RegexHighlighter
from rich.text import Text
from rich.theme import Theme

from ..core.text import Styled


class BoardHighlighter(RegexHighlighter):
    """What stands out on a board or in a log line, in every game's text drawing."""

    base_style = "asobi."
    highlights = [  # noqa: RUF012 — rich reads the class attribute
        r"(?P<clause>^\s*· [A-Z]?-?[0-9][0-9.]*:)",
        r"(?P<clause>^\s*· [A-Z]-[0-9]+:)",
        r"(?P<seat>\[[A-E]\])",
        r"(?P<danger>##|\bS\b|毒|psn|retreats|撤退|damage|ダメージ)",
        r"(?P<life>(Space life|Enemy life|スペースライフ|エネミーライフ|気力?) ?[0-9]+(/[0-9]+)?)",
        r"(?P<number>^\s+[0-9]+\.)",
        r"(?P<title>^— .* —$)",
        r"(?P<forecast>⇒[^|]*)",
    ]


THEME = Theme(
    {
        "asobi.clause": "dim cyan",
        "asobi.seat": "bold magenta",
        "asobi.danger": "bold red",
        "asobi.life": "bold green",
        "asobi.number": "bold yellow",
        "asobi.title": "bold",
        "asobi.forecast": "cyan",
    }
)

ERASE_LINE = "\r\033[2K"
"""Back to the line's start, and erase it (the status line is written over this way)."""
CLEAR = "\033[H\033[2J\033[3J"
"""Home, clear the screen, and clear the scrollback too: a terminal keeps a cleared screen in its
scrollback, where the next seat at a hot-seat hand-over could scroll up to the last hand."""


@dataclass
class Screen:
    """Where a terminal session writes. ``write`` prints one block of text; ``clear`` empties the
    screen (on a terminal; elsewhere it writes a visible rule so that a transcript shows where
    the screen was cleared).

    :ivar file: the output (default: standard output at the time of writing).
    :ivar colour: ``None``: colour when ``file`` is a terminal and ``NO_COLOR`` is not set;
        ``True``/``False`` to force (whatever ``NO_COLOR`` says).
    """

    file: TextIO | None = None
    colour: bool | None = None
    _console: Console | None = field(default=None, repr=False)

    def _out(self) -> TextIO:
        return self.file if self.file is not None else sys.stdout

    def console(self) -> Console:
        out = self._out()
        if self._console is None or self._console.file is not out:
            # no_color None (colour not forced either way): rich reads NO_COLOR from the environment
            no_color = None if self.colour is None else not self.colour
            self._console = Console(file=out, force_terminal=self.colour, no_color=no_color,
                                    highlighter=BoardHighlighter(), theme=THEME, soft_wrap=True)
        return self._console

    @property
    def is_terminal(self) -> bool:
        return self.console().is_terminal

    def write(self, text: str) -> None:
        console = self.console()
        if console.is_terminal and not console.no_color:
            if isinstance(text, Styled) and text.spans:
                drawn = Text(str(text))
                highlighter = console.highlighter
                if isinstance(highlighter, BoardHighlighter):
                    highlighter.highlight(drawn)
                for start, end, style in text.spans:
                    drawn.stylize(style, start, end)
                console.print(drawn, emoji=False, soft_wrap=True)
            else:
                console.print(text, markup=False, emoji=False, highlight=True, soft_wrap=True)
        else:
            out = self._out()
            out.write(text + "\n")
            out.flush()

    def status_line(self) -> Callable[[str], None] | None:
        """A writer of the status line (who is thinking), or ``None`` when the output is not a
        terminal: a pipe, a file or a test gets no status lines at all. Each text replaces the last
        on the same line (cut to the terminal's width, so it never wraps); ``""`` erases it."""
        if not self.is_terminal:
            return None

        def status(text: str) -> None:
            out = self._out()
            width = max(1, self.console().width - 1)
            out.write(ERASE_LINE + (f"\033[2m{text[:width]}\033[0m" if text else ""))
            out.flush()

        return status

    def clear(self) -> None:
        out = self._out()
        if self.is_terminal:
            out.write(CLEAR)
        else:
            out.write("\n" + "─" * 40 + " (screen cleared)\n")
        out.flush()

