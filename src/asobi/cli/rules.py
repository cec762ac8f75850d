"""``asobi rules``: a game's rule clauses, as its log cites them."""

from __future__ import annotations

import click

from ..core.errors import AsobiError
from ..core.registry import get_game
from .common import LANGS


@click.command()
@click.argument("game")
@click.argument("clause_ids", nargs=-1)
@click.option("--lang", type=LANGS, default="en", show_default=True,
              help="ja: the printed Japanese; en: our English translation of it (marked as ours).")
def rules(game: str, clause_ids: tuple[str, ...], lang: str) -> None:
    """Show GAME's rule clauses (all, or the CLAUSE_IDS given), as the log cites them."""
    spec = get_game(game)
    book = spec.clause_book()
    clauses = book.all
    missing = [c for c in clause_ids if c not in clauses]
    if missing:
        raise AsobiError(f"{spec.id}: no clause {', '.join(missing)} (`asobi rules {spec.id}` lists them)")
    shown = clause_ids or tuple(clauses)
    ours = book.notice(lang, shown)
    if ours:
        click.echo(f"# {ours}")
    for cid in shown:
        click.echo(f"{cid}\t{book.text(cid, lang)}")
