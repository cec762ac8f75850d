"""Learning a value for search from recorded games: what ``asobi train GAME`` does.

The data are game records (``asobi simulate --out`` lines, or bare records, one a line): each
game is replayed, ``positions`` of its decisions are picked at random (from a generator seeded by
the run's seed and the game's place in the data), and at each, for every side, the features
of :func:`asobi.agents.learned.features` (for each side, read from the seats
:func:`~asobi.agents.learned.side_seats` names) are paired with the target: the seat's final score,
scaled to 0..1 by the game's utility range (``outcome``), the game's heuristic for the seat at
the end (``heuristic``), or the seat's final margin (``margin``: ``spec.study.margin``, in its own
units, such as a camp's lead in points). Unfinished games are left out. Replaying runs on local processes or
on a Ray cluster (as ``simulate`` plays), and gives the same rows either way.

The games are split by their place in the data: every ``holdout``-th game is held out, the rest
fit the model, and the held-out positions measure it (log loss and Brier score, beside a constant
predictor — the training positions' mean — and the game's own heuristic). The fitted model is
scikit-learn's ``LogisticRegression`` on the features scaled to at most 1 in size (the heuristic's
ten times larger, so that its weight is penalised less and the model learns corrections to the
game's heuristic; the scaling folded back into the weights), L2-regularised with ``C``; it is written with
:func:`asobi.agents.learned.model_json`, so play needs no scikit-learn.

The target ``margin`` is a regression: scikit-learn's ``Ridge`` (least squares, L2-penalised with
``alpha = 1 / C``) on the same scaled features, so the model stays a bias and a weight per feature
(read at play with the standard library, as the logistic one is). It is measured on the held-out
positions by mean squared error and R² beside the constant (the training rows' mean) and the
margin as it stands at the position (what a playout cut short was valued by before), overall and
by the steps left to the end of the game (``mse_by_steps_left``).

scikit-learn is the optional ``train`` extra (``pip install 'asobi[train]'``), imported only here,
only when a model is fitted.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from ..agents.evaluate import margins
from ..agents.learned import FEATURE_KIND, MODEL_FORMAT, TARGETS, features, model_json, side_seats
from ..core.errors import AsobiError, BadRecordError
from ..core.record import GameRecord, load_json, record_limit
from ..core.registry import get_game
from ..core.replay import read_record
from ..core.seeding import derive_seed
from ..core.spec import GameSpec
from ..core.state import TERMINAL

INSTALL_HINT = "pip install 'asobi[train]' (or pip install scikit-learn)"
HEURISTIC_BOOST = 10.0
"""How many times larger the heuristic's feature is made for fitting (its weight penalised less)."""


@dataclass(frozen=True)
class GameRows:
    """The rows one recorded game gives: per row, its features (index → value), the target (the
    seat's score scaled to 0..1, the heuristic at the end, or the final margin), a baseline to
    compare with (the game's heuristic for that seat; for ``margin``, the margin as it stands),
    and the steps (decisions and chance outcomes) left from the position to the end."""

    index: int
    rows: list[tuple[dict[int, float], float, float, int]]
    size: int


@dataclass(frozen=True)
class RowJob:
    """One game to replay into rows (picklable: it crosses to worker processes and Ray nodes)."""

    game: str
    index: int
    where: str
    record: Any
    positions: int
    seed: int
    target: str = "outcome"


def read_lines(paths: Sequence[str]) -> Iterator[tuple[str, Any]]:
    """Each line of the record files, as (``file:line``, its record's JSON), blank lines skipped.

    :raises BadRecordError: for a file that cannot be read or a line that is not JSON.
    """
    limit = record_limit()
    for path in paths:
        try:
            f = open(path, "rb")  # noqa: SIM115 — closed below
        except OSError as e:
            raise BadRecordError(path, f"cannot read ({e.strerror})") from None
        with f:
            for number, raw in enumerate(f, 1):
                where = f"{path}:{number}"
                if len(raw) > limit:
                    raise BadRecordError(where, f"longer than {limit} bytes, the limit for a record")
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as e:
                    raise BadRecordError(where, f"not UTF-8 text (byte {e.start})") from None
                if not text.strip():
                    continue
                data = load_json(text, where)
                if isinstance(data, dict) and "record" in data:
                    data = data["record"]
                yield where, data


def records_hash(paths: Sequence[str]) -> str:
    """A short hash of the record files' bytes, in the order given."""
    digest = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as f:
            while chunk := f.read(1 << 20):
                digest.update(chunk)
    return digest.hexdigest()[:16]


def game_rows(job: RowJob) -> GameRows:
    """Replay one record and pick its rows (see the module's description)."""
    spec = get_game(job.game)
    record = read_record(job.record, job.where)
    if record.game != spec.id:
        raise BadRecordError(job.where, f"a record of {record.game!r}, not of {spec.id!r}")
    state = spec.new_game(record.options)
    decisions = []
    for step, action in enumerate(record.actions):
        if state.current_seat >= 0:
            decisions.append((step, state.clone()))
        state.apply(action)
    outcome = state.outcome()
    if state.current_seat != TERMINAL or outcome is None:
        return GameRows(job.index, [], 0)
    utility = spec.info.utility
    span = utility.maximum - utility.minimum
    rng = Random(job.seed)
    picked = decisions if len(decisions) <= job.positions else rng.sample(decisions, job.positions)
    heuristic = spec.search.heuristic
    assert heuristic is not None  # features() refuses a game without one first
    rows = []
    size = _size(spec, record)
    options = spec.validate_options(record.options)
    steps = len(record.actions)
    final = margins(spec, state, options) if job.target == "margin" else ()
    for step, position in picked:
        now = margins(spec, position, options) if job.target == "margin" else ()
        for side, (seat, viewer) in side_seats(spec, options).items():
            x = features(spec, position, seat, size, side, viewer)
            if job.target == "margin":
                rows.append((dict(x), final[seat], now[seat], steps - step))
                continue
            if job.target == "heuristic":
                target = heuristic(state, seat)
            else:
                target = (outcome.scores[seat] - utility.minimum) / span if span else 0.5
            rows.append((dict(x), min(1.0, max(0.0, target)), heuristic(position, seat), steps - step))
    return GameRows(job.index, rows, size)


def _size(spec: GameSpec, record: GameRecord) -> int:
    assert spec.spaces.observation_shape is not None
    return math.prod(spec.spaces.observation_shape(spec.validate_options(record.options))) + 1


def game_rows_chunk(jobs: list[RowJob]) -> list[GameRows]:
    return [game_rows(j) for j in jobs]


def collect_rows(spec: GameSpec, paths: Sequence[str], positions: int, seed: int, processes: int = 1,
                 cluster: str | None = None, on_game: Callable[[], None] | None = None,
                 target: str = "outcome") -> list[GameRows]:
    """Every record's rows, in the records' order (the same on any number of processes)."""
    jobs = [RowJob(spec.id, i, where, data, positions, derive_seed(seed, "positions", i), target)
            for i, (where, data) in enumerate(read_lines(paths))]
    if not jobs:
        raise AsobiError(f"no games in {', '.join(paths)}")
    out: list[GameRows] = []
    if cluster is not None:
        from .batch import chunk_size
        from .cluster import ray_map

        results: Iterator[GameRows] = ray_map(jobs, cluster, processes, game_rows_chunk, chunk_size)
    elif processes <= 1:
        results = map(game_rows, jobs)
    else:
        pool = ProcessPoolExecutor(max_workers=processes)
        results = pool.map(game_rows, jobs, chunksize=max(1, len(jobs) // (processes * 4)))
    try:
        for rows in results:
            out.append(rows)
            if on_game is not None:
                on_game()
    finally:
        if cluster is None and processes > 1:
            pool.shutdown()
    return out


@dataclass
class Fitted:
    """A fitted model's numbers and how it did on the held-out games."""

    bias: float
    weights: list[float]
    metrics: dict[str, Any]
    library: str


def _matrix(rows: Sequence[tuple[dict[int, float], float, float, int]], size: int) -> Any:
    from scipy.sparse import csr_matrix

    data: list[float] = []
    indices: list[int] = []
    pointers = [0]
    for x, _, _, _ in rows:
        for i in sorted(x):
            indices.append(i)
            data.append(x[i])
        pointers.append(len(indices))
    return csr_matrix((data, indices, pointers), shape=(len(rows), size))


def fit(games: Sequence[GameRows], holdout: int, c: float, sides: int = 1, target: str = "outcome") -> Fitted:
    """Fit the model on every game but each ``holdout``-th, and measure it on those: logistic for a
    score, least squares for ``margin``.

    :raises AsobiError: if scikit-learn is not installed, or the data give nothing to learn.
    """
    try:
        import numpy as np
        import sklearn
        from scipy.sparse import diags
        from sklearn.linear_model import LogisticRegression
    except ImportError:
        raise AsobiError(f"asobi train needs scikit-learn, which is not installed: {INSTALL_HINT}") from None
    finished = [g for g in games if g.rows]
    sizes = {g.size for g in finished}
    if len(sizes) > 1:
        raise AsobiError(f"the records' games have observation tensors of different sizes ({sorted(sizes)}): "
                         "train on records of one set of game options")
    train = [r for g in finished if g.index % holdout != holdout - 1 for r in g.rows]
    test = [r for g in finished if g.index % holdout == holdout - 1 for r in g.rows]
    if not train or not test:
        raise AsobiError(f"{len(finished)} finished games are too few to hold out every {holdout}th "
                         "(give more records or a smaller --holdout)")
    block = sizes.pop()
    size = block * sides
    if target == "margin":
        return _fit_margin(finished, train, test, holdout, c, block, sides)
    x_train = _matrix(train, size)
    y_train = np.array([y for _, y, _, _ in train])
    # A fractional score (a draw's ½) is two rows, won with weight y and lost with weight 1 − y.
    fractional = (y_train > 0) & (y_train < 1)
    rows = np.concatenate([np.arange(len(train)), np.flatnonzero(fractional)])
    labels = np.concatenate([np.where(fractional, 1, y_train >= 0.5).astype(int),
                             np.zeros(int(fractional.sum()), dtype=int)])
    weights = np.concatenate([np.where(fractional, y_train, 1.0), 1.0 - y_train[fractional]])
    if len(set(labels.tolist())) < 2:
        raise AsobiError("every training position ended alike (all won or all lost): nothing to learn")
    factors = _column_factors(x_train, block, sides)
    model = LogisticRegression(C=c, max_iter=2000)
    model.fit(x_train[rows] @ diags(factors), labels, sample_weight=weights)
    coef = model.coef_[0] * factors
    bias = float(model.intercept_[0])

    x_test = _matrix(test, size)
    y_test = np.array([y for _, y, _, _ in test])
    p_model = np.asarray(1.0 / (1.0 + np.exp(-(x_test @ coef + bias)))).ravel()
    p_constant = np.full(len(test), float(y_train.mean()))
    p_heuristic = np.array([h for _, _, h, _ in test])
    metrics = {
        "train_positions": len(train),
        "heldout_positions": len(test),
        "heldout_games": sum(1 for g in finished if g.index % holdout == holdout - 1),
        "games": len(finished),
        "unfinished_games": len(games) - len(finished),
        **{f"logloss_{name}": round(_logloss(y_test, p), 4) for name, p in
           (("model", p_model), ("constant", p_constant), ("heuristic", p_heuristic))},
        **{f"brier_{name}": round(float(np.mean((p - y_test) ** 2)), 5) for name, p in
           (("model", p_model), ("constant", p_constant), ("heuristic", p_heuristic))},
    }
    return Fitted(bias, [float(w) for w in coef], metrics, f"scikit-learn {sklearn.__version__} LogisticRegression")


def _column_factors(x_train: Any, block: int, sides: int) -> Any:
    """What each feature column is multiplied by before a fit (and each fitted weight after, to
    give the weight of the feature as it is): 1 over the column's largest absolute value, and the
    heuristic's columns HEURISTIC_BOOST times more, so that their weights are penalised that many
    times less and the model starts from the game's heuristic and learns corrections."""
    import numpy as np
    from sklearn.preprocessing import MaxAbsScaler

    scale = MaxAbsScaler().fit(x_train).scale_
    boost = np.ones(block * sides)
    boost[[block * (k + 1) - 1 for k in range(sides)]] = HEURISTIC_BOOST
    return boost / np.where(scale == 0, 1.0, scale)


STEPS_LEFT = (250, 500, 1000, 2000)
"""The bounds of the steps-left bands the held-out error of a ``margin`` model is given by."""


def _fit_margin(finished: Sequence[GameRows], train: Sequence[tuple[dict[int, float], float, float, int]],
                test: Sequence[tuple[dict[int, float], float, float, int]], holdout: int, c: float, block: int,
                sides: int) -> Fitted:
    """The least-squares model of the final margin (see the module's description)."""
    import numpy as np
    import sklearn
    from scipy.sparse import diags
    from sklearn.linear_model import Ridge

    size = block * sides
    x_train = _matrix(train, size)
    y_train = np.array([y for _, y, _, _ in train])
    if float(np.ptp(y_train)) == 0.0:
        raise AsobiError("every training position ended with the same margin: nothing to learn")
    factors = _column_factors(x_train, block, sides)
    model = Ridge(alpha=1.0 / c, solver="sparse_cg", tol=1e-6, max_iter=5000)
    model.fit(x_train @ diags(factors), y_train)
    coef = model.coef_ * factors
    bias = float(model.intercept_)
    x_test = _matrix(test, size)
    y_test = np.array([y for _, y, _, _ in test])
    left = np.array([n for _, _, _, n in test])
    predicted = {
        "model": np.asarray(x_test @ coef + bias).ravel(),
        "constant": np.full(len(test), float(y_train.mean())),
        "now": np.array([h for _, _, h, _ in test]),
    }
    variance = float(np.var(y_test)) or 1.0
    bands = []
    low = 0
    for high in (*STEPS_LEFT, None):
        inside = (left > low) & (left <= high) if high is not None else left > low
        if inside.any():
            bands.append({"steps_left": f"{low + 1}-{high}" if high is not None else f"over {low}",
                          "positions": int(inside.sum()),
                          **{f"mse_{name}": round(float(np.mean((p[inside] - y_test[inside]) ** 2)), 3)
                             for name, p in predicted.items() if name != "constant"}})
        low = high or low
    metrics = {
        "train_positions": len(train),
        "heldout_positions": len(test),
        "heldout_games": sum(1 for g in finished if g.index % holdout == holdout - 1),
        "games": len(finished),
        **{f"mse_{name}": round(float(np.mean((p - y_test) ** 2)), 3) for name, p in predicted.items()},
        **{f"r2_{name}": round(1.0 - float(np.mean((p - y_test) ** 2)) / variance, 4) for name, p in predicted.items()},
        "mse_by_steps_left": bands,
    }
    return Fitted(bias, [float(w) for w in coef], metrics, f"scikit-learn {sklearn.__version__} Ridge")


def _logloss(y: Any, p: Any) -> float:
    import numpy as np

    q = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))


def train_model(spec: GameSpec, paths: Sequence[str], out: str, command: str, *, positions: int = 32, seed: int = 0,
                holdout: int = 5, c: float = 1.0, target: str = "outcome", processes: int = 1,
                cluster: str | None = None, on_game: Callable[[], None] | None = None) -> dict[str, Any]:
    """Make a model file at ``out`` from the records in ``paths``; returns its header.

    :raises AsobiError: for unreadable records, records of another game, or too little data.
    """
    if spec.spaces.write_observation is None or spec.search.heuristic is None:
        raise AsobiError(f"{spec.id} declares no observation tensor and heuristic to learn a value from")
    if holdout < 2:
        raise AsobiError("--holdout must be at least 2 (every 2nd game or fewer held out)")
    if target not in TARGETS:
        raise AsobiError(f"the target must be one of {', '.join(TARGETS)}, not {target!r}")
    if target == "margin" and spec.study.margin is None:
        raise AsobiError(f"{spec.id} declares no margin (spec.study.margin) to learn: use --target outcome")
    options = _options_of(paths)
    try:
        sides = max(spec.sides(spec.validate_options(options))) + 1
    except AsobiError as e:
        raise AsobiError(f"the records' game options are refused: {e}") from None
    games = collect_rows(spec, paths, positions, seed, processes, cluster, on_game, target)
    fitted = fit(games, holdout, c, sides, target)
    header = {
        "format": MODEL_FORMAT,
        "game": spec.id,
        "rules_version": spec.rules_version,
        "data_hash": spec.records.data_hash() if spec.records.data_hash is not None else None,
        "records_sha256": records_hash(paths),
        "command": command,
        "library": fitted.library,
        "options": options,
        "features": {"kind": FEATURE_KIND, "size": len(fitted.weights) // sides, "sides": sides, "target": target},
        "metrics": fitted.metrics,
    }
    Path(out).write_text(model_json(header, fitted.bias, fitted.weights), encoding="utf-8")
    return header


def _options_of(paths: Sequence[str]) -> dict[str, Any]:
    """The game options of the first record (all must share the tensor's size: :func:`fit`)."""
    for _, data in read_lines(paths):
        options = data.get("options") if isinstance(data, dict) else None
        return dict(options) if isinstance(options, dict) else {}
    return {}


def header_text(header: dict[str, Any]) -> str:
    return json.dumps(header, ensure_ascii=False, indent=1)
