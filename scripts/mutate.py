"""Mutation testing of a game's rules modules: how many small breakages of the rules the rule tests
catch.

    .venv/bin/python scripts/mutate.py GAME [--jobs N] [--only FILE_PART[,…]] [--function NAME_PART] [--limit N]
                                         [--out FILE] [--tests PATH[,…]]

Every function in ``src/asobi/games/GAME/rules/*.py`` (top-level, a cached one through the function it
wraps, and the methods of top-level classes) is broken in small ways, one at a time — a
comparison flipped (``<`` ↔ ``<=``, ``==`` ↔ ``!=``, ``in`` ↔ ``not in``), ``and`` ↔ ``or``, ``+``
↔ ``-``, a number off by one, ``True`` ↔ ``False``, a ``not`` dropped, a call statement removed —
and the game's rule tests (``tests/GAME``) that run that function are run against the broken
version. A mutant is *killed* when one of them fails (or runs past a time limit), *survived* when
all pass, and *untested* when no rule test runs the function. The kill rate is killed / (killed +
survived + untested).

How it stays fast: pytest collects the tests once; one pass (in a forked child, so the memo tables
the rules fill on first use are still empty for every mutant) maps each rules function to the tests
that call it; then each mutant runs in a forked child that swaps the function's code object
(``f.__code__``, so every reference to the function sees it — tables, flows, other modules) and
runs only its tests, stopping at the first failure.
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib
import inspect
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, FunctionType
from typing import Any

import pytest
from _pytest.runner import runtestprotocol

ROOT = Path(__file__).resolve().parent.parent

_COMPARE_SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BINOP_SWAPS: dict[type, type] = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.BitOr: ast.BitAnd}


@dataclass(frozen=True)
class Mutant:
    module: str
    function: str
    line: int
    what: str
    code: CodeType


def _mutations(fn: ast.FunctionDef) -> Iterator[tuple[int, str, ast.FunctionDef]]:
    """Each single-point mutation of ``fn``: (line, description, mutated copy)."""
    nodes = list(ast.walk(fn))
    # The signature is not the function's code: annotations are never evaluated (postponed by
    # `from __future__ import annotations`), and default values live on the function object, not
    # in the code object a mutant swaps in, so a mutant there could never change anything.
    signature = {id(n) for part in (fn.args, fn.returns) if part is not None for n in ast.walk(part)}
    # Nor is a local variable's annotation (`x: int | None = None`): it is never evaluated.
    signature |= {id(n) for a in ast.walk(fn) if isinstance(a, ast.AnnAssign) for n in ast.walk(a.annotation)}
    for index, node in enumerate(nodes):
        if node is fn or id(node) in signature:
            continue
        for kind, change in _node_mutations(node):
            mutated = copy.deepcopy(fn)
            target = list(ast.walk(mutated))[index]
            if change(target):
                yield getattr(node, "lineno", fn.lineno), kind, mutated


def _node_mutations(node: ast.AST) -> Iterator[tuple[str, Any]]:
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            if type(op) in _COMPARE_SWAPS:
                new = _COMPARE_SWAPS[type(op)]

                def swap(n: ast.Compare, i: int = i, new: type = new) -> bool:
                    n.ops[i] = new()
                    return True

                yield f"{type(op).__name__}→{new.__name__}", swap
    elif isinstance(node, ast.BoolOp):
        new_op = ast.Or if isinstance(node.op, ast.And) else ast.And

        def boolop(n: ast.BoolOp, new_op: type = new_op) -> bool:
            n.op = new_op()
            return True

        yield f"{type(node.op).__name__}→{new_op.__name__}", boolop
    elif isinstance(node, ast.BinOp) and type(node.op) in _BINOP_SWAPS:
        new_bin = _BINOP_SWAPS[type(node.op)]

        def binop(n: ast.BinOp, new_bin: type = new_bin) -> bool:
            n.op = new_bin()
            return True

        yield f"{type(node.op).__name__}→{new_bin.__name__}", binop
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):

            def flip(n: ast.Constant) -> bool:
                n.value = not n.value
                return True

            yield f"{value}→{not value}", flip
        elif isinstance(value, int) and not isinstance(value, bool):

            def plus_one(n: ast.Constant) -> bool:
                n.value = n.value + 1
                return True

            yield f"{value}→{value + 1}", plus_one
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not dropped", _drop_not
    elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        yield "call removed", _remove_call


def _drop_not(n: ast.UnaryOp) -> bool:
    # an `is not`-free way to drop the `not`: wrap the operand so the node keeps its place
    n.op = ast.UAdd()
    n.operand = ast.Call(func=ast.Name(id="bool", ctx=ast.Load()), args=[n.operand], keywords=[])
    return True


def _remove_call(n: ast.Expr) -> bool:
    n.value = ast.Constant(value=None)
    return True


def _own_temp_root(config: pytest.Config) -> Path:
    """Give this forked child a temp root of its own (``tmp_path`` and the fixtures built on it).

    Left to itself each child would number a new root beside the others' and remove the oldest
    ones it finds: with two children at once one could delete the other's directories while its
    tests ran, and a mutant would be counted killed by a test that failed for that reason."""
    root = Path(tempfile.mkdtemp(prefix="asobi-mutant-"))
    factory = config._tmp_path_factory  # type: ignore[attr-defined]  # (pytest's own: used as given)
    factory._given_basetemp = root
    factory._basetemp = None
    return root


def _plain(obj: Any) -> Any:
    """The function under a ``functools.cache`` (or ``lru_cache``) wrapper, else ``obj``."""
    return obj.__wrapped__ if hasattr(obj, "cache_clear") and hasattr(obj, "__wrapped__") else obj


def _functions(module: Any) -> Iterator[tuple[str, FunctionType, ast.FunctionDef]]:
    """The module's own top-level functions (a cached one by the function it wraps) and the
    methods of its top-level classes (``Class.method``), with their syntax trees."""
    source = inspect.getsource(module)
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield from _own(module, node.name, _plain(getattr(module, node.name, None)), node)
        elif isinstance(node, ast.ClassDef):
            cls = getattr(module, node.name, None)
            if not isinstance(cls, type) or cls.__module__ != module.__name__:
                continue
            for item in node.body:
                # a private name (``self.__x``) is mangled only when compiled inside its class
                if isinstance(item, ast.FunctionDef) and not item.decorator_list and not _private(item):
                    yield from _own(module, f"{node.name}.{item.name}", cls.__dict__.get(item.name), item)


def _own(module: Any, name: str, fn: Any, node: ast.FunctionDef) -> Iterator[tuple[str, FunctionType, ast.FunctionDef]]:
    # A function with free variables (a closure, or a method using `super()`'s `__class__`) cannot
    # take a code object compiled outside its scope.
    if isinstance(fn, FunctionType) and fn.__module__ == module.__name__ and not fn.__code__.co_freevars:
        yield name, fn, node


def _private(node: ast.FunctionDef) -> bool:
    names = (n.attr if isinstance(n, ast.Attribute) else getattr(n, "id", "") for n in ast.walk(node))
    return any(name.startswith("__") and not name.endswith("__") for name in names)


def _caches(modules: list[Any]) -> list[Any]:
    """The ``functools`` caches defined in these modules (their memo tables, filled on first use)."""
    found = []
    for module in modules:
        for value in vars(module).values():
            if hasattr(value, "cache_clear") and getattr(value, "__module__", None) == module.__name__:
                found.append(value)
    return found


def _snapshots(modules: list[Any]) -> list[tuple[Any, CodeType]]:
    """The module-level copies of a cache's result (``_DERIVED = derived()``: a global read is
    cheaper than the cached call), each as code that makes it again: bound at import, before a
    mutant's child breaks the function that computes it, they would hide that function's mutants."""
    found = []
    for module in modules:
        tree = ast.parse(inspect.getsource(module))
        for node in tree.body:
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and not node.value.args
                    and not node.value.keywords and isinstance(node.value.func, ast.Name)
                    and hasattr(vars(module).get(node.value.func.id), "cache_clear")):
                found.append((module, compile(ast.Module(body=[node], type_ignores=[]), inspect.getfile(module), "exec")))
    return found


def _compile(module: Any, fn_node: ast.FunctionDef, path: str) -> CodeType | None:
    """The code object of ``fn_node`` compiled as the module's function (same globals)."""
    wrapper = ast.Module(body=[fn_node], type_ignores=[])
    ast.fix_missing_locations(wrapper)
    try:
        code = compile(wrapper, path, "exec")
    except (SyntaxError, ValueError):
        return None
    for const in code.co_consts:
        if isinstance(const, CodeType) and const.co_name == fn_node.name:
            return const
    return None


class MutationPlugin:
    """Takes over pytest's test loop: map functions to tests, then run the mutants."""

    def __init__(self, game: str, jobs: int, only: str | None, limit: int | None,
                 function: str | None = None, out: Path | None = None) -> None:
        self.game = game
        self.jobs = jobs
        self.only = only
        self.function = function
        self.limit = limit
        self.out = out
        self.results: list[dict[str, Any]] = []
        self.baseline_s = 0.0
        self.caches: list[Any] = []
        self.snapshots: list[tuple[Any, CodeType]] = []

    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        items = session.items
        targets = self._targets()
        modules = list({id(mod): mod for _fn, _node, mod in targets.values()}.values())
        self.caches = _caches(modules)
        rules = f"asobi.games.{self.game}.rules."  # a copy anywhere in the rules, not only the modules broken
        self.snapshots = _snapshots([m for name, m in sorted(sys.modules.items()) if name.startswith(rules)])
        start = time.perf_counter()
        calls, self.duration = self._map_in_child(items, targets)
        by_id = {item.nodeid: item for item in items}
        tests_of: dict[str, list[pytest.Item]] = defaultdict(list)
        for key, nodeids in calls.items():
            # quickest first: a mutant is killed by its first failing test, so a scenario test
            # that catches it is reached before a whole random game is played
            tests_of[key] = sorted((by_id[n] for n in nodeids), key=lambda item: self.duration[item.nodeid])
        self.baseline_s = time.perf_counter() - start
        mutants = list(self._mutants(targets))
        if self.limit is not None:
            mutants = mutants[: self.limit]
        print(f"{len(items)} tests in {self.baseline_s:.1f} s; {len(mutants)} mutants of {len(targets)} functions")
        self._run(mutants, targets, tests_of)
        return True

    def _map_in_child(
        self, items: list[pytest.Item], targets: dict[str, tuple[FunctionType, ast.FunctionDef, Any]]
    ) -> tuple[dict[str, list[str]], dict[str, float]]:
        """Run every test once, unbroken, recording the rules functions it calls and its time.

        It runs in a forked child so this process stays as pytest left it after collecting: the
        rules' memo tables filled on first use (outcome rows, shared log events) are still empty
        when each mutant's child starts, so a mutant in the code that fills them is run, as it
        would be in a fresh test run, instead of hidden behind a table the unbroken pass built.
        The ``functools`` caches of the mutated modules are emptied before every test here, so
        each test that reads a cached table is recorded as running the code that builds it.
        """
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(read_end)
                root = _own_temp_root(items[0].config)
                self._map(items, targets, write_end)
                shutil.rmtree(root, ignore_errors=True)
            finally:
                os._exit(0)  # never return into the parent's pytest
        os.close(write_end)
        with os.fdopen(read_end, encoding="utf-8") as pipe:
            text = pipe.read()
        os.waitpid(pid, 0)
        if not text:
            raise SystemExit("the unbroken pass over the tests did not finish")
        found = json.loads(text)
        if found["failed"] is not None:
            raise SystemExit(f"the tests must pass before mutating: {found['failed']} fails")
        return found["calls"], found["duration"]

    def _map(
        self, items: list[pytest.Item], targets: dict[str, tuple[FunctionType, ast.FunctionDef, Any]], out_fd: int
    ) -> None:
        """The child's side of :meth:`_map_in_child`: the findings go to ``out_fd`` as JSON."""
        code_to_fn = {fn.__code__: key for key, (fn, _node, _mod) in targets.items()}
        calls: dict[str, list[str]] = defaultdict(list)
        duration: dict[str, float] = {}
        failed = None
        for item in items:
            seen: set[str] = set()
            began = time.perf_counter()
            for table in self.caches:
                table.cache_clear()

            def profile(frame: Any, event: str, arg: Any, seen: set[str] = seen) -> None:
                if event == "call":
                    key = code_to_fn.get(frame.f_code)
                    if key is not None:
                        seen.add(key)

            sys.setprofile(profile)
            try:
                reports = runtestprotocol(item, log=False, nextitem=None)
            finally:
                sys.setprofile(None)
            if any(r.failed for r in reports):
                failed = item.nodeid
                break
            duration[item.nodeid] = time.perf_counter() - began
            for key in seen:
                calls[key].append(item.nodeid)
        with os.fdopen(out_fd, "w", encoding="utf-8") as out:
            json.dump({"failed": failed, "calls": calls, "duration": duration}, out)

    def _targets(self) -> dict[str, tuple[FunctionType, ast.FunctionDef, Any]]:
        package = f"asobi.games.{self.game}.rules"
        rules_dir = ROOT / "src" / "asobi" / "games" / self.game / "rules"
        out = {}
        for path in sorted(rules_dir.glob("*.py")):
            if path.name == "__init__.py" or (self.only and not any(p in path.name for p in self.only.split(","))):
                continue
            module = importlib.import_module(f"{package}.{path.stem}")
            for name, fn, node in _functions(module):
                key = f"{path.stem}.{name}"
                if self.function is None or self.function in key:
                    out[key] = (fn, node, module)
        return out

    def _mutants(self, targets: dict[str, tuple[FunctionType, ast.FunctionDef, Any]]) -> Iterator[Mutant]:
        for key, (_fn, node, module) in targets.items():
            for line, what, mutated in _mutations(node):
                code = _compile(module, mutated, module.__file__)
                if code is not None:
                    yield Mutant(module.__name__, key, line, what, code)

    def _run(self, mutants: list[Mutant], targets: dict[str, Any], tests_of: dict[str, list[pytest.Item]]) -> None:
        running: dict[int, tuple[Mutant, float, float]] = {}
        queue = list(mutants)
        while queue or running:
            while queue and len(running) < self.jobs:
                m = queue.pop(0)
                tests = tests_of.get(m.function, [])
                if not tests:
                    self._record(m, "untested")
                    continue
                pid = os.fork()
                if pid == 0:  # the child: break the function, run its tests, say how it went
                    targets[m.function][0].__code__ = m.code
                    for table in self.caches:  # filled at collection, or by the unbroken code
                        table.cache_clear()
                    try:
                        for module, code in self.snapshots:  # and their copies, made again by the broken code
                            exec(code, vars(module))
                    except BaseException:
                        os._exit(1)  # the broken code cannot even make the rules' tables: every test fails
                    devnull = os.open(os.devnull, os.O_WRONLY)
                    os.dup2(devnull, 1)
                    os.dup2(devnull, 2)
                    root = _own_temp_root(tests[0].config)
                    failed = False
                    for item in tests:
                        try:
                            reports = runtestprotocol(item, log=False, nextitem=None)
                        except BaseException:
                            failed = True
                            break
                        if any(r.failed for r in reports):
                            failed = True
                            break
                    shutil.rmtree(root, ignore_errors=True)
                    os._exit(1 if failed else 0)
                # A mutant that loops forever is killed; the limit is generous (10 times what its
                # tests took unbroken, plus 5 s), so a slow machine does not pass for a kill.
                limit_s = 5.0 + 10 * sum(self.duration[item.nodeid] for item in tests)
                running[pid] = (m, time.monotonic(), limit_s)
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                now = time.monotonic()
                for child, (_m, started, limit) in list(running.items()):
                    if now - started > limit:
                        os.kill(child, signal.SIGKILL)
                time.sleep(0.005)
                continue
            m, _, _ = running.pop(pid)
            if os.WIFSIGNALED(status):
                self._record(m, "killed (timeout)" if os.WTERMSIG(status) == signal.SIGKILL else "killed")
            else:
                self._record(m, "survived" if os.WEXITSTATUS(status) == 0 else "killed")

    def _record(self, m: Mutant, outcome: str) -> None:
        self.results.append({"function": m.function, "line": m.line, "mutation": m.what, "outcome": outcome})
        done = len(self.results)
        if done % 50 == 0:
            print(f"  {done} mutants done", flush=True)
            if self.out is not None:  # what is done so far, should the run be stopped
                write_results(self.out, self.results)


def write_results(path: Path, results: list[dict[str, Any]]) -> None:
    path.write_text(json.dumps(results, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", help="mutate only the rules files whose name contains this (or one of these, comma-separated)")
    parser.add_argument("--function", help="mutate only the functions whose 'module.name' contains this")
    parser.add_argument("--limit", type=int, help="stop after this many mutants")
    parser.add_argument("--out", type=Path, help="write every mutant's outcome here (JSON; rewritten every 50 mutants)")
    parser.add_argument(
        "--tests",
        help="run only these test files or directories (comma-separated; default tests/GAME): sooner done, "
        "and a mutant counts killed only when these tests catch it",
    )
    args = parser.parse_args()
    tests = args.tests.split(",") if args.tests else [f"tests/{args.game}"]
    missing = [path for path in tests if not (ROOT / path).exists()]
    if missing:
        raise SystemExit(f"no such test file or directory: {', '.join(missing)}")
    plugin = MutationPlugin(args.game, args.jobs, args.only, args.limit, args.function, args.out)
    started = time.perf_counter()
    code = pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:randomly", *tests],
                       plugins=[plugin])
    if not plugin.results:
        raise SystemExit(f"no mutants were run (pytest exit code {code})")
    counts = Counter(r["outcome"].split(" ")[0] for r in plugin.results)
    timeouts = sum(1 for r in plugin.results if r["outcome"] == "killed (timeout)")
    total = len(plugin.results)
    print(f"\n{args.game}: {total} mutants in {time.perf_counter() - started:.0f} s — "
          f"killed {counts['killed']} ({timeouts} of them by the time limit), survived {counts['survived']}, "
          f"untested {counts['untested']}; kill rate {counts['killed'] / total:.1%}")
    by_function: dict[str, Counter[str]] = defaultdict(Counter)
    for r in plugin.results:
        by_function[r["function"]][r["outcome"].split(" ")[0]] += 1
    worst = sorted(by_function.items(), key=lambda kv: -(kv[1]["survived"] + kv[1]["untested"]))[:15]
    print("most surviving or untested mutants:")
    for name, c in worst:
        print(f"  {name}: {c['survived']} survived, {c['untested']} untested of {sum(c.values())}")
    if args.out:
        write_results(args.out, plugin.results)


if __name__ == "__main__":
    main()
