"""Hidden information: hidden variants and determinization.

Only the other seat's hand is hidden (with it the contents of its deck, drawn lazily: no hidden
order exists) and the card and square of a deploy it is choosing (C-36); everything else is public.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any, TypeVar

from asobi.core.actions import HIDDEN
from asobi.core.log import EventLog

from .cards import UNIT
from .pairs import with_seat
from .rules import flow, kokuryoku
from .rules.args import ONLY_SEAT
from .rules.field import SORTIE_SQUARES

if TYPE_CHECKING:
    from .types import State

S = TypeVar("S", bound="State")
"""The state's own class: a determinization or a variant is a state of the same class."""


def unseen_cards(s: State, other: int) -> list[int]:
    """The cards of ``other``'s deck list that nobody else has seen, one entry per copy in pool
    order: its undrawn deck and its hand (the deck list less field, 戦場外, 国外, land, guardian,
    the mulligan reveal — every card that went public)."""
    counts = list(s.deck[other])
    for c in s.hand[other]:
        counts[c] += 1
    return [c for c, n in enumerate(counts) for _ in range(n)]


def _deploying_hidden(s: State, seat: int) -> bool:
    """Whether the other seat is in the middle of a deploy ``seat`` cannot see (C-36)."""
    return bool(s.deploying) and s.phase_seat != seat


def _with_hand(s: S, other: int, hand: list[int], unseen: list[int]) -> S:
    """A clone whose ``other`` hand is ``hand`` and whose ``other`` deck is ``unseen`` less it."""
    v = s.clone()
    counts = [0] * len(s.deck[other])
    for c in unseen:
        counts[c] += 1
    for c in hand:
        counts[c] -= 1
    v.deck = with_seat(v.deck, other, tuple(counts))
    v.hand[other] = hand
    v.legal_cache = None
    v.chance_cache = None
    v.unit_kept = None
    v.item_kept = None
    return v


def hidden_variants(s: S, seat: int, rng: Random) -> list[S]:
    """States that differ only in what ``seat`` may not see: the other seat's whole hand drawn
    anew from its unseen cards (its hand and undrawn deck), in several ways.

    Only a card being deployed stays (the other seat has chosen it, C-36; it is shown when
    placed). Whatever else is later shown by rule — the card of a deploy chosen face down, a
    hand shown for a mulligan — is in ``SPEC.reveals``.
    """
    other = 1 - seat
    hand = s.hand[other]
    if not hand:
        return []
    unseen = unseen_cards(s, other)
    keep: list[int] = []
    if _deploying_hidden(s, seat):
        keep.append(s.deploying[0])
    free = list(unseen)
    for c in keep:
        free.remove(c)
    n = len(hand) - len(keep)
    out: list[S] = []
    seen = {tuple(sorted(hand))}
    for _ in range(12):
        new = keep + rng.sample(free, n)
        rng.shuffle(new)
        key = tuple(sorted(new))
        if key in seen:
            continue
        seen.add(key)
        out.append(_with_hand(s, other, new, unseen))
        if len(out) == 4:
            break
    return out


def determinize(s: S, seat: int, rng: Random) -> S:
    """A full state ``seat`` cannot tell from this one, the other seat's hidden cards sampled.

    The other hand is drawn uniformly from that seat's unseen cards (its deck list less every
    card that went public); its hand size is public. A deploy it is choosing gets a card drawn
    from the unseen units it may deploy, and a square from its empty 出撃マス. Its private log
    lines (the cards it drew) name a hidden card. ``seat``'s own deck has no hidden order
    (decks are drawn lazily), so nothing else is sampled. Approximations: see rules notes C-38.
    """
    other = 1 - seat
    unseen = unseen_cards(s, other)
    free = list(unseen)
    hand: list[int] = []
    v_deploying = s.deploying
    if _deploying_hidden(s, seat):
        chars = kokuryoku.characters_on_field(s, other)
        cards = s.cards.cards
        units = [c for c in free if cards[c].kind == UNIT and cards[c].character not in chars]
        card = units[rng.randrange(len(units))]
        free.remove(card)
        hand.append(card)
        v_deploying = (card,)
        if s.step == flow.DEPLOY_CHIPS:
            empty = [sq for sq in SORTIE_SQUARES[other] if s.field[sq] is None]
            v_deploying = (card, empty[rng.randrange(len(empty))])
    hand += rng.sample(free, len(s.hand[other]) - len(hand))
    rng.shuffle(hand)
    v = _with_hand(s, other, hand, unseen)
    v.deploying = v_deploying
    v.log = EventLog(
        (e.clause, e.key, tuple(_hide_card(a) for a in e.args), e.seats)
        if e.seats == ONLY_SEAT[other]
        else e
        for e in s.log
    )
    return v


def _hide_card(arg: tuple[str, Any]) -> tuple[str, Any]:
    """An event argument with a card replaced by HIDDEN (for a determinized private log line)."""
    return (arg[0], HIDDEN) if arg[0] in ("card", "cards") else arg
