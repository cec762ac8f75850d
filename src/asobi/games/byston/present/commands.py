"""The ``asobi`` commands only ドレイクの野望 has: ``asobi odds byston`` (exact combat odds of a
hand-made battle) and ``asobi camps byston`` (the balance figures of simulated games)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from asobi.core.errors import AsobiError
from asobi.core.hooks import GameCommand

from .. import forecast, study


@click.command(name="odds")
@click.option("-a", "--attacker", required=True, metavar="SIDE",
              help="The acting camp's units: 'COUNTRY: [N] UNIT [flipped] [bombing] [+CHARACTER …], …; COUNTRY: …'.")
@click.option("-d", "--defender", required=True, metavar="SIDE", help="The other camp's units, written the same way.")
@click.option("--hex", "hex_id", default="1017", show_default=True,
              help="Where the battle is (terrain plays no part in combat; the hex is emptied first).")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON, probabilities as exact fractions.")
@click.option("--lang", type=click.Choice(["en", "ja"]), default="en", show_default=True)
def odds(attacker: str, defender: str, hex_id: str, as_json: bool, lang: str) -> None:
    """Exact combat odds for a hand-made battle: for each step — air 21, AA 22, bombing 23,
    shelling 24 — each camp's distribution of hits and the losses it would cause, from the rules'
    own code (not a simulation).

    ABs sortie unless marked bombing; each camp hits the other's units in the order they are listed,
    each taken down before the next (B-30). Example:

    asobi odds byston -a 'drake: 3 drumlo, drumlo bombing, bull_beggar +drake' -d 'na: 2 botune, gran_garan +sheela'
    """
    state, orders = forecast.situation(forecast.parse_side(attacker), forecast.parse_side(defender), hex_id)
    result = forecast.forecast(state, orders)
    if as_json:
        click.echo(json.dumps(forecast.to_json(state, result), ensure_ascii=False, indent=1))
    else:
        for line in forecast.text(state, result, lang):
            click.echo(line)


@click.command(name="camps")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path),
              help="Also draw GP, TL, income and war entry by turn as a PNG.")
def camps(files: tuple[Path, ...], plot: Path | None) -> None:
    """The balance figures of the games `asobi simulate byston --out FILE` wrote: 27.2's bands and
    27.3's removals, game length, GP and TL curves, war entry, each camp's share of decisive
    results with Wilson intervals — as the Markdown of docs/byston/balance.md.
    """
    by_players = study.read_files(list(files))
    summaries = {players: study.summarize(by_players[players]) for players in sorted(by_players)}
    for players, summary in summaries.items():
        click.echo(study.markdown(players, summary))
    if plot is not None:
        try:
            plot.write_bytes(study.curves_png(summaries))
        except OSError as e:
            raise AsobiError(f"--plot {plot}: cannot write it ({e})") from None


COMMANDS = (
    GameCommand("odds", "Exact combat odds of a hand-made battle.", odds),
    GameCommand("camps", "The camps' balance figures from simulated games.", camps),
)
