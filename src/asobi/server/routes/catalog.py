"""The catalogue: the games, their options, seats, levels and bots, and what each game gives the
browser to draw with (its clauses, cards and printed board). The same for everyone; no game is
touched."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request

from ...core.bots import game_level
from ...core.errors import summary
from ...core.hooks import LEVEL_NAMES, LEVELS
from ...core.registry import all_games, get_game
from ...core.spec import GameSpec
from ..cards import card_catalogue
from ..errors import ServerError
from ..limits import seatable_bots, seatable_levels
from ..protocol import LANGS
from .hub import HubOf

router = APIRouter()


@router.get("/api/catalog", summary="The games, their options, seats, levels and bots")
async def catalog(hub: HubOf) -> list[dict[str, Any]]:
    out = []
    for spec in all_games():
        defaults = spec.validate_options({})
        refused = seatable_levels(spec, hub.limits)
        levels = []
        for name in LEVELS:
            level = game_level(spec, name)
            levels.append({"level": name, "name_ja": LEVEL_NAMES[name][0], "name_en": LEVEL_NAMES[name][1],
                           "bot": level.bot, "seconds": level.seconds, "rating": level.rating,
                           "rating_ja": spec.levels.rating_text(level, "ja"),
                           "rating_en": spec.levels.rating_text(level, "en"),
                           "refused": refused[name]})
        out.append({
            "id": spec.id, "title_ja": spec.title_ja, "title_en": spec.title_en,
            "options": [
                {"name": o.name, "kind": o.kind.__name__, "default": o.default, "choices": o.choices,
                 "minimum": o.minimum, "maximum": o.maximum, "help_en": o.help_en, "help_ja": o.help_ja,
                 "label_ja": o.title("ja"), "label_en": o.title("en"),
                 "choice_labels": [{"value": c, "ja": o.choice_title(c, "ja"), "en": o.choice_title(c, "en")}
                                   for c in o.choices or ()]}
                for o in spec.options
            ],
            "words": _words(spec),
            "seat_names": list(spec.seat_names(defaults)),
            "levels": levels,
            "rated_by": spec.levels.ladder,
            "rating_kind": spec.levels.rating_kind,
            "bots": seatable_bots(spec, hub.limits),
        })
    return out


def _words(spec: GameSpec) -> dict[str, dict[str, dict[str, str]]]:
    """The game's words (seats, outcomes, steps…): group → id → {"ja", "en"}."""
    return {group: {key: {"ja": ja, "en": en} for key, (ja, en) in words.items()}
            for group, words in spec.words.items()}


@router.get("/api/catalog/{game}/seats", summary="The seat names of a game with these options")
async def seat_names(game: str, request: Request) -> list[str]:
    spec = get_game(game)
    return list(spec.seat_names(spec.validate_options(dict(request.query_params))))


@router.get("/api/catalog/{game}/clauses",
            summary="Every clause id the game's log cites, with its text in the reader's language")
async def clauses(game: str, lang: str = Query(default="en", description="en or ja")) -> dict[str, str]:
    if lang not in LANGS:
        raise ServerError(f"lang is one of {', '.join(LANGS)}, not {summary(lang)!r}")
    return get_game(game).clause_book().texts(lang)


@router.get("/api/catalog/{game}/cards", summary="Every card of the game: name, full text and facts, in ja and en")
async def cards(game: str) -> dict[str, dict[str, Any]]:
    return card_catalogue(get_game(game).id)


@router.get("/api/catalog/{game}/board",
            summary="The game's printed board for drawing (a hex map and every name), its seats' names and "
                    "its words (outcomes, steps…) in ja and en")
async def board(game: str) -> dict[str, Any]:
    spec = get_game(game)
    made = spec.present.board_data
    data = made() if made is not None else {}
    words = _words(spec)
    return {**data, "seats": {**words.get("seat", {}), **data.get("seats", {})}, "words": words}
