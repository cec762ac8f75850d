"""Text on the terminal: columns counted as a terminal draws them (a Japanese character takes two),
a game's own colours drawn on a terminal, and plain text for a pipe or under NO_COLOR."""

from __future__ import annotations

import io

import pytest

from asobi.core.text import Styled, StyledBuilder, cut, pad, width
from asobi.terminal.screen import Screen


def test_a_japanese_character_takes_two_columns():
    assert width("ドレイク軍") == 10 and width("Drake") == 5 and width("ＡＢ") == 4
    assert width("ショウ①") == 7  # ① is of ambiguous width: one column, as most terminals draw it
    assert pad("クの国", 10) == "クの国    " and width(pad("クの国", 10)) == 10
    assert pad("参戦", 6, ">") == "  参戦" and pad("GP", 5, "^") == " GP  "
    assert cut("ドレイク軍", 5) == "ドレ" and pad("ドレイク軍", 5) == "ドレ "  # never half a character
    with pytest.raises(ValueError, match="align"):
        pad("x", 3, "=")


def test_styled_text_is_its_plain_text_with_spans():
    out = StyledBuilder()
    out.add("D", "red").add(".").line()
    out.add(Styled("ab", ((0, 1, "bold"),)))
    out.line()
    text = out.build()
    assert text == "D.\nab" and isinstance(text, Styled)
    assert text.spans == ((0, 1, "red"), (3, 4, "bold"))
    with pytest.raises(ValueError, match="bad span"):
        Styled("ab", ((1, 5, "red"),))


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_games_colours_are_drawn_on_a_terminal_over_the_highlighter():
    text = Styled("  · 17.5: go to D", ((16, 17, "bold red"),))
    out = Tty()
    Screen(file=out).write(text)
    drawn = out.getvalue()
    assert drawn.endswith("\x1b[1;31mD\x1b[0m\n")
    assert "\x1b[2;36m  · 17.5:\x1b[0m" in drawn  # the clause, as the highlighter colours any log line


def test_no_color_and_output_that_is_not_a_terminal_get_plain_text(monkeypatch):
    text = Styled("D. · 17.5: go", ((0, 1, "bold red"),))
    piped = io.StringIO()
    Screen(file=piped).write(text)
    assert piped.getvalue() == "D. · 17.5: go\n"
    monkeypatch.setenv("NO_COLOR", "1")
    out = Tty()
    Screen(file=out).write(text)
    Screen(file=out).write("  · 17.5: a log line")
    assert out.getvalue() == "D. · 17.5: go\n  · 17.5: a log line\n"
    forced = Tty()
    Screen(file=forced, colour=True).write(text)  # forced colour (as tests force it) still colours
    assert "\x1b[" in forced.getvalue()
