"""Text for the terminal: the width a string takes on screen, padding by it, and styled text.

A terminal gives each East Asian wide or full-width character (漢字, かな, full-width forms) two
columns, so ``str.ljust`` misaligns a column of Japanese names; :func:`width` counts columns as
:func:`unicodedata.east_asian_width` says a terminal draws them, and :func:`pad` pads (or cuts) a
text to a number of columns.

:class:`Styled` is a text with style spans: it is a ``str`` (everything that reads it as text reads
the plain text) that also carries, per span of characters, a terminal style (``"bold"``, ``"red"``,
``"#b3261e"``, ``"bold white on #2a5db0"``: a colour name or ``#rrggbb``, ``bold``, ``dim``,
``italic``, ``underline``, ``X on Y``). The terminal draws the spans in colour on a terminal that
shows colour, and the plain text anywhere else. :class:`StyledBuilder` makes one piece by piece.
"""

from __future__ import annotations

import unicodedata

WIDE = frozenset("WF")
"""The East Asian width classes a terminal draws two columns wide."""


def char_width(ch: str) -> int:
    """The columns one character takes: 2 for wide and full-width ones, 0 for combining marks."""
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in WIDE else 1


def width(text: str) -> int:
    """The columns ``text`` takes on a terminal."""
    if text.isascii():
        return len(text)
    return sum(char_width(ch) for ch in text)


def cut(text: str, columns: int) -> str:
    """The longest start of ``text`` that fits in ``columns``."""
    used = 0
    for k, ch in enumerate(text):
        used += char_width(ch)
        if used > columns:
            return text[:k]
    return text


def pad(text: str, columns: int, align: str = "<") -> str:
    """``text`` cut to ``columns`` and padded with spaces to exactly that many: ``<`` on the left
    (spaces after), ``>`` on the right (spaces before), ``^`` centred."""
    text = cut(text, columns)
    room = columns - width(text)
    if align == ">":
        return " " * room + text
    if align == "^":
        return " " * (room // 2) + text + " " * (room - room // 2)
    if align != "<":
        raise ValueError(f"align must be <, > or ^, not {align!r}")
    return text + " " * room


Span = tuple[int, int, str]
"""``(start, end, style)``: characters ``start`` to ``end`` (excluded) of a text in a style."""


class Styled(str):
    """A text with style spans (:data:`Span`). It is its own plain text; joining or slicing it
    gives a plain ``str`` (the spans are dropped), so build it whole with :class:`StyledBuilder`."""

    spans: tuple[Span, ...]

    def __new__(cls, text: str, spans: tuple[Span, ...] = ()) -> Styled:
        made = super().__new__(cls, text)
        for start, end, style in spans:
            if not (0 <= start <= end <= len(text)) or not style:
                raise ValueError(f"bad span {(start, end, style)!r} for a text of {len(text)} characters")
        made.spans = tuple(spans)
        return made


class StyledBuilder:
    """Builds a :class:`Styled` text: ``add`` pieces (each in a style or none), ``line`` to end a
    line; ``build`` joins the lines with newlines."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._spans: list[Span] = []
        self._length = 0

    def add(self, text: str, style: str | None = None) -> StyledBuilder:
        """Append ``text``, in ``style`` if given (a :class:`Styled` piece keeps its own spans)."""
        start = self._length
        if isinstance(text, Styled):
            self._spans.extend((start + a, start + b, s) for a, b, s in text.spans)
        self._parts.append(str(text))
        self._length += len(text)
        if style and text:
            self._spans.append((start, self._length, style))
        return self

    def line(self, text: str = "", style: str | None = None) -> StyledBuilder:
        """Append ``text`` (if any) and end the line."""
        if text:
            self.add(text, style)
        return self.add("\n")

    def build(self) -> Styled:
        """The text so far, without a final newline."""
        text = "".join(self._parts)
        spans = self._spans
        if text.endswith("\n"):
            text = text[:-1]
            spans = [(a, min(b, len(text)), s) for a, b, s in spans if a < len(text)]
        return Styled(text, tuple(spans))
