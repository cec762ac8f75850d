"""A script or example of the repository (not a package module) imported for its tests."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def script_module(relative: str, name: str) -> Iterator[ModuleType]:
    """The file ``relative`` (to the repository's root) imported as module ``name``, registered in
    ``sys.modules`` while in use (dataclasses and pickling look their module up there)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[name]
