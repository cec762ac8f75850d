"""Game options, declared as data and validated in one place.

The same declaration serves ``play``, ``simulate``, ``bench`` and the server: each option
becomes a ``--name`` flag, and values given as text are converted and checked here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import BadOptionsError


@dataclass(frozen=True)
class Option:
    """One game option.

    :ivar name: the option's name (``players``, ``difficulty``); ``--name`` on the command line.
    :ivar kind: ``int``, ``str`` or ``bool``.
    :ivar default: the value when the option is not given.
    :ivar choices: the allowed values, or ``None`` for any of ``kind``.
    :ivar minimum: the least allowed value of an ``int`` option.
    :ivar maximum: the greatest allowed value of an ``int`` option.
    :ivar help_en: what it does, in a sentence (``--help``, the lobby's tooltip).
    :ivar help_ja: the same in Japanese.
    :ivar label: its name as people say it, ``(日本語, English)`` (the lobby's field, help texts);
        every option of a game declares one (``tests/test_words_every_game.py``).
    :ivar choice_labels: each choice of a ``str`` option as people say it: ``(value, 日本語,
        English)``, one per choice.
    """

    name: str
    kind: type
    default: Any
    help_en: str
    help_ja: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    label: tuple[str, str] = ("", "")
    choice_labels: tuple[tuple[Any, str, str], ...] = ()

    def title(self, lang: str = "en") -> str:
        """The option's name in ``lang`` (its id where the game declares none)."""
        return self.label[0 if lang == "ja" else 1] or self.name

    def help(self, lang: str = "en") -> str:
        """What it does in ``lang``."""
        return (self.help_ja if lang == "ja" else "") or self.help_en

    def choice_title(self, value: Any, lang: str = "en") -> str:
        """A choice as people say it in ``lang`` (a number as it is; a choice without a label as
        its value)."""
        for v, ja, en in self.choice_labels:
            if v == value:
                return (ja if lang == "ja" else en) or str(value)
        return str(value)

    def full_help(self, lang: str = "en") -> str:
        """Its name, what it does and what each choice means, for help texts:
        ``Who runs the Zelana: … (follow: Rau until Na is at war, then Na; rau: …)``."""
        label = self.label[0 if lang == "ja" else 1]
        text = f"{label}: {self.help(lang)}" if label else self.help(lang)
        said = [(v, self.choice_title(v, lang)) for v in self.choices or () if self.choice_title(v, lang) != str(v)]
        if said:
            text += " (" + "; ".join(f"{v}: {t}" for v, t in said) + ")"
        return text

    def describe(self) -> str:
        if self.choices is not None:
            allowed = "|".join(str(c) for c in self.choices)
        elif self.minimum is not None or self.maximum is not None:
            allowed = f"{self.minimum}..{self.maximum}"
        else:
            allowed = self.kind.__name__
        return f"--{self.name.replace('_', '-')} {allowed} (default {self.default}): {self.title()}: {self.help_en}"


def convert_option(game: str, option: Option, value: Any) -> Any:
    """``value`` as the option's kind, checked against its bounds and choices.

    :raises BadOptionsError: naming the option and the value.
    """
    if option.kind is bool:
        if isinstance(value, bool):
            v: Any = value
        elif isinstance(value, str) and value.lower() in ("true", "yes", "1", "on", "false", "no", "0", "off"):
            v = value.lower() in ("true", "yes", "1", "on")
        else:
            raise BadOptionsError(game, option.name, value, "expected true or false")
    elif option.kind is int:
        if isinstance(value, bool):
            raise BadOptionsError(game, option.name, value, "expected an integer")
        try:
            v = int(value)
        except (TypeError, ValueError):
            raise BadOptionsError(game, option.name, value, "expected an integer") from None
        if option.minimum is not None and v < option.minimum:
            raise BadOptionsError(game, option.name, value, f"must be at least {option.minimum}")
        if option.maximum is not None and v > option.maximum:
            raise BadOptionsError(game, option.name, value, f"must be at most {option.maximum}")
    else:
        if not isinstance(value, str):
            raise BadOptionsError(game, option.name, value, "expected text")
        v = value
    if option.choices is not None and v not in option.choices:
        allowed = ", ".join(str(c) for c in option.choices)
        raise BadOptionsError(game, option.name, value, f"must be one of {allowed}")
    return v


def validate_options(game: str, schema: Sequence[Option], raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """The full, checked options of a game: defaults filled in, text converted.

    :raises BadOptionsError: for an unknown option or a value the schema refuses.
    """
    raw = dict(raw or {})
    by_name = {o.name: o for o in schema}
    for name in raw:
        if name not in by_name:
            known = ", ".join(by_name) or "none"
            raise BadOptionsError(game, name, raw[name], f"no such option (this game has: {known})")
    return {o.name: convert_option(game, o, raw.get(o.name, o.default)) for o in schema}
