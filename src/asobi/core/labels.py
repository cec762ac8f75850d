"""Action labels, written as events are: a catalogue of templates, filled through the game's localize.

A game lists its labels' templates, key → (日本語, English), and names each verb's parameters; the
label of ``("supply", 3)`` is the template ``supply`` filled with ``code=3`` made text by the
game's ``localize``, exactly as an event's message is (:func:`asobi.core.events.render_message`).
So a label is said once per language in one table, and its words come from the same place as the
log's. A verb whose label reads the state or comes in more than one form names a function giving
the template's key and arguments; a redacted action (an item :data:`~asobi.core.actions.HIDDEN`)
takes its verb's template for the redacted form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .actions import HIDDEN
from .events import Localizer, render_message

LabelArgs = tuple[tuple[str, Any], ...]
"""A template's arguments: ``(name, value)`` pairs, as an event's."""

Form = Callable[[Any, tuple[Any, ...]], tuple[str, LabelArgs]]
"""``form(state, action)``: the key of the template that labels ``action`` and its arguments."""

_NONE: Mapping[str, Any] = {}


class ActionLabels:
    """One game's action labels.

    :param templates: key → (日本語, English) templates; a verb's key is the verb itself.
    :param localize: the game's ``localize(name, value, lang)``, the one its events use.
    :param params: verb → the names of its parameters, in order (a verb not named takes none).
    :param forms: verb → a :data:`Form`, for a label that reads the state or has several forms.
    :param hidden: verb → (日本語, English) of the verb's redacted form (an item ``HIDDEN``).
    """

    __slots__ = ("forms", "hidden", "localize", "params", "templates")

    def __init__(
        self,
        templates: Mapping[str, tuple[str, str]],
        localize: Localizer,
        params: Mapping[str, tuple[str, ...]] = _NONE,
        forms: Mapping[str, Form] = _NONE,
        hidden: Mapping[str, tuple[str, str]] = _NONE,
    ) -> None:
        self.templates = templates
        self.localize = localize
        self.params = params
        self.forms = forms
        self.hidden = hidden

    def label(self, state: Any, action: tuple[Any, ...], lang: str = "en") -> str:
        """The label of ``action`` in ``lang`` (``state`` is where it is chosen); an action of a
        verb the catalogue lacks reads as its items."""
        verb = action[0]
        if verb in self.hidden and HIDDEN in action[1:]:
            return render_message(verb, (), self.hidden, lang)
        form = self.forms.get(verb)
        if form is not None:
            key, args = form(state, action)
        elif verb in self.templates:
            key, args = verb, tuple(zip(self.params.get(verb, ()), action[1:], strict=False))
        else:
            return " ".join(str(x) for x in action)
        return render_message(key, args, self.templates, lang, self.localize)
