"""A strength ladder: bots play each other round-robin, seats swapped, and are rated.

In a game of rivals, every pair of bots plays ``n`` games; a bot holds every seat of a side
(a team, where the game declares teams; elsewhere each seat is a side): game ``g`` of a pair gives the first bot the
sides of even rank (the side of seat 0 first) and the second the others, and the next game the
other way round, so each bot sits first as often as the other. In a co-operative game (the game
declares that every seat scores the same: ``spec.info.utility``) each bot plays ``n`` games
holding every seat, and is rated against the game itself (the ``table`` in the ratings).

Ratings are OpenSkill's Plackett–Luce ratings (``openskill``), computed over the games in order,
with the 95% interval mean ± 1.96 σ of OpenSkill's own uncertainty (a bootstrap over games was
tried first: it gives an interval of width zero whenever every game ended alike). Win shares (a
draw counting half) carry a 95% Wilson interval.

A game that declares a margin (``spec.study.margin``: a finer score than the outcome, such as a
team's lead in points where nearly every game is a draw) gets it reported too: each bot's mean margin
against each other bot (the mean of its means on each side it held), with a 95% interval of
± 1.96 standard errors from each side's own variance (:class:`MarginPairing`).

Game ``i`` is played from ``derive_seed(S, "ladder", i)``: the same command plays the same games
whatever ``--jobs``, as long as the bots' budgets are iterations, not time.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.bots import is_level, resolve_bot
from ..core.errors import AsobiError, BadRecordError
from ..core.seeding import derive_seed
from ..core.spec import GameSpec
from ..core.stats import wilson
from .batch import GameResult, Job, map_jobs

TABLE = "table"
"""The game itself, as the opponent of a co-operating table."""
Z95 = 1.96
"""The ladder's intervals are ± 1.96 σ (OpenSkill's) and Wilson intervals at the same z."""


def is_cooperative(spec: GameSpec) -> bool:
    """Whether the seats score together: the game declares an ``identical`` utility."""
    return spec.info.utility.kind == "identical"


def lineups(bots: Sequence[str], sides: Sequence[int], n: int, cooperative: bool) -> list[tuple[str, ...]]:
    """The seating of every game of the ladder, in order.

    ``sides`` is each seat's side (:meth:`GameSpec.sides`): a bot holds every seat of a side, so
    that a bot plays a whole team. Of two bots, the first holds the sides of even rank
    (the side of seat 0 first) in the even games and the others in the odd games."""
    n_seats = len(sides)
    if cooperative:
        return [(bot,) * n_seats for bot in bots for _ in range(n)]
    rank = {side: i for i, side in enumerate(dict.fromkeys(sides))}
    games = []
    for i, first in enumerate(bots):
        for second in bots[i + 1 :]:
            for g in range(n):
                a, b = (first, second) if g % 2 == 0 else (second, first)
                games.append(tuple(a if rank[side] % 2 == 0 else b for side in sides))
    return games


@dataclass(frozen=True)
class Rating:
    """A bot's rating: OpenSkill's mean with its 95% interval (± 1.96 σ), and how it did."""

    bot: str
    mu: float
    low: float
    high: float
    games: int
    score: float
    """Its share of the points (a win 1, a draw ½); for a co-operating table, its win rate."""


@dataclass(frozen=True)
class Pairing:
    """How one bot did against another (rivals), or against the game (a co-operating table)."""

    bot: str
    against: str
    games: int
    points: float

    @property
    def share(self) -> float:
        return self.points / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.points, self.games, Z95)


@dataclass(frozen=True)
class MarginPairing:
    """A bot's margin (``spec.study.margin``) over its games against another bot, kept apart
    by the seats it held (its side: where one side starts far behind, a bot's margins on the two
    sides differ by more than the bots do).

    The mean is the mean of the sides' means (the seatings alternate, so each side has as many
    games, give or take one), and its 95% interval is ± 1.96 standard errors of that mean, from
    each side's own variance: the difference between the sides, equal for both bots, is not
    counted as noise. With a side of a single game, the interval is that of all the margins
    pooled."""

    bot: str
    against: str
    by_side: tuple[tuple[float, ...], ...]
    """The bot's margins, one tuple per side it held."""

    @property
    def games(self) -> int:
        return sum(len(m) for m in self.by_side)

    @property
    def mean(self) -> float:
        return statistics.fmean(statistics.fmean(m) for m in self.by_side)

    def interval(self) -> tuple[float, float]:
        """mean ± 1.96 standard errors (the mean itself, twice, for a single game)."""
        mean = self.mean
        if all(len(m) >= 2 for m in self.by_side):
            error = sum(statistics.variance(m) / len(m) for m in self.by_side) ** 0.5 / len(self.by_side)
        else:
            pooled = [x for m in self.by_side for x in m]
            if len(pooled) < 2:
                return mean, mean
            error = statistics.stdev(pooled) / len(pooled) ** 0.5
        return mean - Z95 * error, mean + Z95 * error


@dataclass
class Ladder:
    """The games played and what they say."""

    game: str
    bots: list[str]
    cooperative: bool
    rules_version: str = ""
    results: list[tuple[tuple[str, ...], GameResult]] = field(default_factory=list)
    resumed: int = 0
    """How many of the games were read from a results file rather than played in this run."""
    margin_name: str = ""
    """What :attr:`margins` measure (``spec.study.margin_name``); empty when the game has no margin."""
    margins: list[dict[str, float] | None] = field(default_factory=list)
    """Per game (in :attr:`results`' order), each bot's mean margin over the seats it held;
    ``None`` for a game whose metrics do not hold the margin."""

    def margin_pairings(self) -> list[MarginPairing]:
        """Each bot's margin against each other bot (both ways), over the games that have one."""
        if not self.margins:
            return []  # the game has no margin
        found: dict[tuple[str, str], dict[tuple[int, ...], list[float]]] = {}
        for (seats, _), margins in zip(self.results, self.margins, strict=True):
            if margins is None:
                continue
            for bot, margin in margins.items():
                side = tuple(i for i, b in enumerate(seats) if b == bot)
                for other in margins:
                    if other != bot:
                        found.setdefault((bot, other), {}).setdefault(side, []).append(margin)
        return [MarginPairing(b, o, tuple(tuple(m) for _, m in sorted(sides.items())))
                for (b, o), sides in sorted(found.items())]

    def outcomes(self) -> list[list[tuple[str, float]]]:
        """Per game, each side and its points: a bot's seats' mean score (rivals), or the table's
        win against the game."""
        games = []
        for seats, result in self.results:
            if self.cooperative:
                won = 1.0 if result.winners else 0.0
                games.append([(seats[0], won), (TABLE, 1.0 - won)])
                continue
            sides: dict[str, list[float]] = {}
            for bot, score in zip(seats, result.scores, strict=True):
                sides.setdefault(bot, []).append(score)
            games.append([(bot, statistics.fmean(s)) for bot, s in sides.items()])
        return games

    def pairings(self) -> list[Pairing]:
        """Each bot against each other (both ways), or each bot against the game; see
        :meth:`head_to_head` for each pair once."""
        points: dict[tuple[str, str], list[float]] = {}
        for sides in self.outcomes():
            for bot, score in sides:
                for other, other_score in sides:
                    if other != bot and bot != TABLE:
                        share = 0.5 if score == other_score else 1.0 if score > other_score else 0.0
                        points.setdefault((bot, other), []).append(share)
        return [Pairing(b, o, len(p), sum(p)) for (b, o), p in sorted(points.items())]

    def head_to_head(self, ratings: Sequence[Rating]) -> list[Pairing]:
        """Each pair once, the better-rated bot first, in rating order."""
        return _once_in_rating_order(self.pairings(), ratings)

    def head_to_head_margins(self, ratings: Sequence[Rating]) -> list[MarginPairing]:
        """Each pair's margins once, as :meth:`head_to_head` orders the pairs."""
        return _once_in_rating_order(self.margin_pairings(), ratings)

    def ratings(self) -> list[Rating]:
        """Every bot's rating, best first (see the module's description)."""
        names = [*self.bots, TABLE] if self.cooperative else list(self.bots)
        rated = _rate(self.outcomes(), names)
        played = {b: 0 for b in names}
        scored = {b: 0.0 for b in names}
        for p in self.pairings():
            played[p.bot] += p.games
            scored[p.bot] += p.points
        out = []
        for bot in self.bots:
            mu, sigma = rated[bot]
            share = scored[bot] / played[bot] if played[bot] else 0.0
            out.append(Rating(bot, mu, mu - Z95 * sigma, mu + Z95 * sigma, played[bot], share))
        return sorted(out, key=lambda r: -r.mu)


def _once_in_rating_order(pairs: Sequence[Any], ratings: Sequence[Rating]) -> list[Any]:
    """Of pairs that have ``bot`` and ``against``, each pair once: the better-rated bot first,
    in rating order (the game itself, ``table``, last)."""
    rank = {r.bot: i for i, r in enumerate(ratings)}
    rank[TABLE] = len(rank)
    return sorted((p for p in pairs if rank[p.bot] < rank[p.against]), key=lambda p: (rank[p.bot], rank[p.against]))


def _rate(games: Sequence[list[tuple[str, float]]], names: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Each name's OpenSkill mean and σ after rating ``games`` in order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    for sides in games:
        if len(sides) < 2:
            continue
        teams = [[ratings[bot]] for bot, _ in sides]
        rated = model.rate(teams, scores=[score for _, score in sides])
        for (bot, _), (new,) in zip(sides, rated, strict=True):
            ratings[bot] = new
    return {name: (r.mu, r.sigma) for name, r in ratings.items()}


def run_ladder(
    spec: GameSpec,
    options: dict[str, Any],
    bots: Sequence[str],
    n: int,
    seed: int,
    jobs: int = 1,
    cooperative: bool | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    results: Path | None = None,
) -> Ladder:
    """Play the ladder's games (in parallel with ``jobs`` processes) and collect them.

    :param cooperative: ``None`` to take what the game declares (:func:`is_cooperative`).
    :param results: a file of finished games (:class:`ResultsFile`): games of this same ladder
        found there are not played again, and each game played is added to it as it ends, so an
        interrupted ladder goes on where it stopped.
    """
    if cooperative is None:
        cooperative = is_cooperative(spec)
    seatings = lineups(bots, spec.sides(options), n, cooperative)
    ladder = Ladder(spec.id, list(bots), cooperative, spec.rules_version)
    store = ResultsFile(results, ladder_key(spec, options, bots, n, seed, cooperative)) if results else None
    done = store.load(seatings) if store else {}
    ladder.resumed = len(done)
    job_list = [Job(spec.id, dict(options), seats, derive_seed(seed, "ladder", i), i)
                for i, seats in enumerate(seatings) if i not in done]
    # One game per task when results are kept: a game counts as soon as it ends.
    played = map_jobs(job_list, jobs, chunk=1 if store else None)
    for result in played:
        done[result.index] = result
        if store:
            store.append(seatings[result.index], result)
        if on_result is not None:
            on_result(result)
    ladder.results.extend((seatings[i], done[i]) for i in sorted(done))
    if spec.study.margin is not None and not cooperative:
        ladder.margin_name = spec.study.margin_name or "margin"
        ladder.margins = [_bot_margins(spec, options, seats, result) for seats, result in ladder.results]
    return ladder


def _bot_margins(spec: GameSpec, options: dict[str, Any], seats: Sequence[str],
                 result: GameResult) -> dict[str, float] | None:
    """Each bot's mean margin over the seats it held in one game (``None``: the game has none)."""
    assert spec.study.margin is not None
    per_seat = spec.study.margin(result.metrics, result.clause, options)
    if per_seat is None:
        return None
    held: dict[str, list[float]] = {}
    for bot, margin in zip(seats, per_seat, strict=True):
        held.setdefault(bot, []).append(margin)
    return {bot: statistics.fmean(m) for bot, m in held.items()}


def ladder_key(spec: GameSpec, options: dict[str, Any], bots: Sequence[str], n: int, seed: int,
               cooperative: bool) -> dict[str, Any]:
    """What makes two runs the same ladder, game for game: a results file's lines carry it (with the
    bot each level named is, so that games of a level declared otherwise since are not taken)."""
    levels = {name: resolve_bot(spec, name) for name in bots if is_level(name)}
    return {"game": spec.id, "rules_version": spec.rules_version, "options": dict(options), "bots": list(bots),
            "n": n, "seed": seed, "cooperative": cooperative, **({"levels": levels} if levels else {})}


@dataclass
class ResultsFile:
    """A ladder's finished games, one JSON line each (``asobi ladder --results FILE``).

    A line holds the ladder's key (:func:`ladder_key`), the game's seating and its result. Lines of
    other ladders (another seed, ``-n``, bot list, option or rules version) may share the file and
    are left alone. A last line cut short (the run was killed while writing it) is ignored, and the
    next result written takes its place; any other line that is not a result is an error naming
    the file and line.
    """

    path: Path
    key: dict[str, Any]
    cut_at: int | None = None
    """Where a last line cut short begins, once :meth:`load` has found one."""

    def load(self, seatings: Sequence[tuple[str, ...]]) -> dict[int, GameResult]:
        """This ladder's games already in the file, by game index.

        :raises BadRecordError: for a line that is not a result, or a result that does not fit
            this ladder (a seating or game number it does not have).
        """
        if not self.path.exists():
            return {}
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise BadRecordError(str(self.path), f"cannot be read as a results file ({e})") from None
        lines = text.splitlines()
        found: dict[int, GameResult] = {}
        for number, line in enumerate(lines, 1):
            where = f"{self.path}, line {number}"
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except json.JSONDecodeError as e:
                if number == len(lines) and not text.endswith("\n"):
                    # cut short by a killed run: that game is played again, and the first
                    # result added takes the fragment's place
                    self.cut_at = len(text.encode("utf-8")) - len(line.encode("utf-8"))
                    break
                raise BadRecordError(where, f"not JSON ({e.msg})") from None
            if not isinstance(entry, dict) or entry.get("ladder") != self.key:
                continue
            found_index, result = _result_from_line(entry, where, seatings)
            found[found_index] = result
        return found

    def append(self, seats: tuple[str, ...], result: GameResult) -> None:
        line = json.dumps({"ladder": self.key, "seats": list(seats), "result": result.without_record().to_json()},
                          ensure_ascii=False)
        try:
            if self.cut_at is not None:
                with self.path.open("r+b") as cut:
                    cut.truncate(self.cut_at)
                self.cut_at = None
            with self.path.open("a", encoding="utf-8") as out:
                out.write(line + "\n")
        except OSError as e:
            raise AsobiError(f"{self.path}: cannot add a result ({e.strerror or e})") from None


def _result_from_line(entry: dict[str, Any], where: str,
                      seatings: Sequence[tuple[str, ...]]) -> tuple[int, GameResult]:
    bad = BadRecordError(where, "not a result of this ladder (index, seats, scores, winners, seed, steps)")
    data = entry.get("result")
    if not isinstance(data, dict):
        raise bad
    index = data.get("index")
    if not isinstance(index, int) or not 0 <= index < len(seatings) or entry.get("seats") != list(seatings[index]):
        raise bad
    try:
        scores = tuple(float(x) for x in data["scores"])
        winners = tuple(int(x) for x in data["winners"])
        metrics = {str(k): float(v) for k, v in dict(data.get("metrics", {})).items()}
        result = GameResult(index, int(data["seed"]), str(data["reason"]), str(data["clause"]), winners, scores,
                            int(data["steps"]), metrics)
    except (KeyError, TypeError, ValueError):
        raise bad from None
    if len(scores) != len(seatings[index]) or not all(0 <= w < len(scores) for w in winners):
        raise bad
    return index, result


def markdown(ladder: Ladder, command: str, elapsed: float) -> str:
    """The ladder as a Markdown page: the command, the ratings and the pairings."""
    ratings = ladder.ratings()
    lines = [
        f"# {ladder.game}: strength ladder",
        "",
        "Measured with:",
        "",
        "```",
        command,
        "```",
        "",
        f"Rules version {ladder.rules_version}; {len(ladder.results)} games"
        + (f" ({ladder.resumed} of them from earlier runs' results file; the other "
           f"{len(ladder.results) - ladder.resumed} in {elapsed:.0f} s). " if ladder.resumed
           else f" in {elapsed:.0f} s. ")
        + ("Co-operative game: each bot held every seat; it is rated against the game (`table`). "
           if ladder.cooperative else "Round robin, seats swapped every game. ")
        + "Ratings are OpenSkill (Plackett–Luce) means with 95% intervals (± 1.96 σ); "
        "shares carry a 95% Wilson interval. Time budgets make games "
        "depend on the machine's load: only iteration budgets repeat exactly.",
        "",
        "| bot | rating | 95% interval | games | " + ("win rate" if ladder.cooperative else "points share") + " |",
        "|---|---:|---|---:|---:|",
    ]
    for r in ratings:
        lines.append(f"| `{r.bot}` | {r.mu:.1f} | {r.low:.1f} – {r.high:.1f} | {r.games} | {r.score:.1%} |")
    lines += ["", "| bot | against | games | share | 95% interval |", "|---|---|---:|---:|---|"]
    for p in ladder.head_to_head(ratings):
        low, high = p.interval()
        lines.append(f"| `{p.bot}` | `{p.against}` | {p.games} | {p.share:.1%} | {low:.1%} – {high:.1%} |")
    margins = ladder.head_to_head_margins(ratings)
    if margins:
        lines += ["", f"The {ladder.margin_name}, each bot's mean against the other (the mean of its means on "
                  "each side it held), with a 95% interval (± 1.96 standard errors, from each side's own "
                  "variance):", "",
                  f"| bot | against | games | mean {ladder.margin_name} | 95% interval |", "|---|---|---:|---:|---|"]
        for m in margins:
            low, high = m.interval()
            lines.append(f"| `{m.bot}` | `{m.against}` | {m.games} | {m.mean:+.2f} | {low:+.2f} – {high:+.2f} |")
    return "\n".join(lines) + "\n"


def plot(ladder: Ladder, path: str) -> None:
    """The ratings with their 95% intervals as a PNG (matplotlib's Agg canvas, no display).

    :raises AsobiError: if matplotlib is not installed.
    """
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise AsobiError("--plot needs matplotlib (pip install matplotlib)") from None
    ratings = ladder.ratings()[::-1]  # best at the top
    figure = Figure(figsize=(7, 0.5 + 0.45 * len(ratings)), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    ys = range(len(ratings))
    axes.errorbar([r.mu for r in ratings], ys, xerr=[[r.mu - r.low for r in ratings], [r.high - r.mu for r in ratings]],
                  fmt="o", capsize=4)
    axes.set_yticks(list(ys), [r.bot for r in ratings])
    axes.set_xlabel("OpenSkill rating (95% interval)")
    axes.set_title(f"{ladder.game}: {len(ladder.results)} games", loc="left")
    figure.savefig(path, dpi=110)
