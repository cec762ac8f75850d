"""Action labels, worded through the message catalogue (``messages.LABELS``) as events are."""

from __future__ import annotations

from typing import Any

from asobi.core.actions import HIDDEN

from .messages import LABEL_ARGS, LABELS, localize


def action_label(action: tuple[Any, ...], lang: str = "en") -> str:
    """A call or a roll as a person reads it; a redacted roll (``("roll", "?")``) says no face.

    It reads nothing but the action, so it is the same whatever is hidden."""
    verb = action[0]
    key = "roll_hidden" if verb == "roll" and action[1:] == (HIDDEN,) else verb
    templates = LABELS.get(key)
    if templates is None:
        return " ".join(map(str, action))
    args = {name: localize(name, value, lang) for name, value in zip(LABEL_ARGS.get(key, ()), action[1:], strict=False)}
    return templates[0 if lang == "ja" else 1].format(**args)
