"""Every component of a game with its full text in Japanese and English, for the client's inspector.

The texts are the game's printed (or authored) data, the same for every game and every seat:
knowing what a card says tells nothing about where any card is. The client asks for the whole
catalogue once and opens the entries of the ids it is shown. A game declares its catalogue in
its presentation (``spec.present.catalogue``); a game without one has an empty catalogue (its
board is still drawn, nothing can be opened).
"""

from __future__ import annotations

from functools import cache

from ..core.errors import AsobiError
from ..core.hooks import CatalogueEntry
from ..core.registry import get_game
from .errors import ServerError


@cache
def card_catalogue(game: str) -> dict[str, CatalogueEntry]:
    """Card id → its entry, for game ``game`` (empty for a game without cards here).

    :raises ServerError: if the game's card data cannot be read.
    """
    builder = get_game(game).present.catalogue
    if builder is None:
        return {}
    try:
        return builder()
    except Exception as e:  # a broken data file: said plainly, not a traceback
        raise ServerError(f"{game}: the card texts cannot be read ({e})", status=500) from None


@cache
def card_name_table(game: str, lang: str) -> dict[str, str]:
    """Card id → the name the game's localizer gives it in ``lang``, for every card of the
    catalogue it names (what the boards draw with). Public, the same in every game: a socket is
    sent it once instead of the names of the cards in each view. Not to be changed (it is kept).
    """
    localize = get_game(game).localize
    table: dict[str, str] = {}
    if localize is None:
        return table
    for card_id in card_catalogue(game):
        try:
            said = localize("card", card_id, lang)
        except (AsobiError, KeyError, IndexError, TypeError, ValueError, AttributeError):
            continue
        if said is not None and said != card_id:
            table[card_id] = said
    return table
