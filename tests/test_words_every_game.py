"""Every id a game shows people has people's words, in English and Japanese.

A game declares its words (``GameSpec.words``: its seats, outcomes, the steps a view names, and
groups of its own), its options' names and choices (``Option.label``, ``Option.choice_labels``)
and its message catalogue; the lobby, the terminal, help texts and study reports read them there.
These tests walk every message key, every option and every word of every installed game, and
find each in both languages — and English texts free of Japanese, but for the terms the game's
English glossary keeps and explains.
"""

from __future__ import annotations

import random
import re
import string

import pytest

from asobi.core import all_games
from asobi.core.spec import GameSpec

CASES = [pytest.param(spec, id=spec.id) for spec in all_games()]

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]+")
"""A run of kana or kanji (punctuation such as 【】 is shared by both languages' texts)."""


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def option_sets(spec: GameSpec) -> list[dict]:
    return [spec.validate_options({}), *(spec.validate_options(dict(o)) for o in spec.conformance_options)]


def problems(spec: GameSpec) -> list[str]:
    """Every id of ``spec`` without words in both languages, and every English text with Japanese
    its glossary does not keep."""
    out = []
    for key, (ja, en) in spec.messages.items():
        if not ja or not en:
            out.append(f"message {key!r} lacks a language: {ja!r} / {en!r}")
        elif fields(ja) != fields(en):
            out.append(f"message {key!r}: the languages fill different fields: {ja!r} / {en!r}")
    for o in spec.options:
        ja, en = o.label
        if not ja or not en:
            out.append(f"option {o.name!r} has no label in both languages: {o.label!r}")
        if not o.help_ja or not o.help_en:
            out.append(f"option {o.name!r} has no help in both languages")
        labelled = {v for v, _, _ in o.choice_labels}
        if o.choices is not None and o.kind is str:
            for value in o.choices:
                if value not in labelled:
                    out.append(f"option {o.name!r}: the choice {value!r} has no label")
        for value, ja, en in o.choice_labels:
            if o.choices is None or value not in o.choices:
                out.append(f"option {o.name!r} labels {value!r}, which is not one of its choices")
            if not ja or not en:
                out.append(f"option {o.name!r}: the choice {value!r} lacks a language: {ja!r} / {en!r}")
    for group in ("seat", "outcome"):
        if group not in spec.words:
            out.append(f"no words for the group {group!r}")
    for group, words in spec.words.items():
        for key, (ja, en) in words.items():
            if not ja or not en:
                out.append(f"word {group}:{key} lacks a language: {ja!r} / {en!r}")
    for options in option_sets(spec):
        for name in spec.seat_names(options):
            if name not in spec.words.get("seat", {}):
                out.append(f"the seat {name!r} has no words")
    for reason in spec.words.get("outcome", {}):
        if reason not in spec.messages:
            out.append(f"the outcome {reason!r} is no message key (an Outcome's reason is one)")
    flow = getattr(spec.state_class, "flow", None)
    for decision in getattr(flow, "decisions", {}):
        if decision not in spec.words.get("step", {}):
            out.append(f"the decision {decision!r} has no words (group 'step')")
    glossary = spec.present.glossary
    if glossary is not None:
        for lang in ("en", "ja"):
            if not glossary(lang):
                out.append(f"the glossary has no terms in {lang}")
    kept = kept_terms(spec)
    english = [f"message {k!r}: {en}" for k, (_, en) in spec.messages.items()]
    english += [f"word {g}:{k}: {en}" for g, words in spec.words.items() for k, (_, en) in words.items()]
    english += [f"option {o.name!r}: {o.label[1]} — {o.help_en}" for o in spec.options]
    english += [f"option {o.name!r}: {en}" for o in spec.options for _, _, en in o.choice_labels]
    english += [f"label of {a!r}: {state.action_label(a, 'en')}" for state, a in first_actions(spec)]
    for text in english:
        foreign = [run for run in JAPANESE.findall(text) if not any(run in term for term in kept)]
        if foreign:
            out.append(f"{text} — Japanese the English glossary does not keep: {foreign}")
    return out


def first_actions(spec: GameSpec):
    """The first action of each verb of the game's spaces, with a new game to label it."""
    options = spec.validate_options(dict(spec.conformance_options[0]))
    state = spec.new_game(options)
    for space in (spec.spaces.actions(options), spec.spaces.chance(options)):
        for verb in space.verbs if space is not None else ():
            yield state, space.decode(space.offsets[verb.name])


def kept_terms(spec: GameSpec) -> list[str]:
    """The Japanese terms the game's English keeps: those its English glossary explains (the part
    of a line before ``: ``)."""
    glossary = spec.present.glossary
    if glossary is None:
        return []
    return [run for line in glossary("en") for run in JAPANESE.findall(line.split(": ", 1)[0])]


@pytest.mark.parametrize("spec", CASES)
def test_every_message_option_and_word_has_both_languages(spec):
    assert problems(spec) == []


@pytest.mark.parametrize("spec", CASES)
def test_the_games_that_end_by_chance_end_with_a_reason_that_has_words(spec):
    """Random games to the end: each reason is in the words' ``outcome`` group."""
    for seed in range(3):
        rng = random.Random(seed)
        state = spec.new_game(spec.conformance_options[0])
        while state.outcome() is None:
            if state.is_chance():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_unchecked(action)
        reason = state.outcome().reason
        assert reason in spec.words["outcome"], f"{spec.id}: the outcome {reason!r} has no words"
        assert spec.outcome_title(reason, "ja") != reason and spec.outcome_title(reason, "en") != reason


def with_option(spec, option):
    import dataclasses

    return dataclasses.replace(spec, options=tuple(option if o.name == option.name else o for o in spec.options))


def _drop(mapping, key):
    return {k: v for k, v in mapping.items() if k != key}


def test_the_check_finds_what_is_missing():
    """The check fails for each kind of gap: it is not a test that cannot fail."""
    import dataclasses

    spec = next(s for s in all_games() if s.id == "legion")
    assert problems(spec) == []
    option = spec.options[1]
    cases = {
        "message": dataclasses.replace(spec, messages={**spec.messages, "won": ("宇宙は守られた", "")}),
        "fields": dataclasses.replace(spec, messages={**spec.messages, "won": ("{round}", "saved")}),
        "option label": with_option(spec, dataclasses.replace(option, label=("難易度", ""))),
        "choice": with_option(spec, dataclasses.replace(option, choice_labels=option.choice_labels[1:])),
        "option help": with_option(spec, dataclasses.replace(option, help_ja="")),
        "seat": dataclasses.replace(spec, words={**spec.words, "seat": _drop(spec.words["seat"], "C")}),
        "step": dataclasses.replace(spec, words={**spec.words, "step": _drop(spec.words["step"], "shield")}),
        "outcome": dataclasses.replace(spec, words=_drop(spec.words, "outcome")),
        "glossary": dataclasses.replace(
            spec, present=dataclasses.replace(spec.present, glossary=lambda lang: [] if lang == "ja" else ["x: y"])),
        "japanese": dataclasses.replace(spec, messages={**spec.messages, "won": ("練磨", "uses 【練磨】")}),
    }
    for what, broken in cases.items():
        assert problems(broken), f"the check misses a missing {what}"


def test_the_emblem_log_says_its_keywords_in_english():
    """The log line of 【練磨】 (C-20) reads as its action does: 【Honing】, attack +1."""
    spec = next(s for s in all_games() if s.id == "emblem")
    en = spec.messages["honing"][1]
    assert "【Honing】" in en and not JAPANESE.search(en)
    assert "練磨" not in " ".join(kept_terms(spec))
