"""Loading data files (maps, cards, presets) through a schema.

Files are TOML, read with the standard library and validated by a pydantic model. A file that
fails gets a :class:`BadDataError` naming the file, the entry (by its ``id`` where it has one) and
the field.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import BadDataError

M = TypeVar("M", bound=BaseModel)

MAX_DATA_BYTES = 1024 * 1024
"""The largest data file a user names (a deck file) that is read; a deck file is under 1 kB."""
CHUNK = 1 << 16
"""Bytes read at a time from a file."""


def open_regular(path: str | Path, where: str, error: Callable[[str, str], Exception]) -> Any:
    """``path`` opened for binary reading, only if it is a regular file: a device (``/dev/zero``),
    a FIFO, a socket or a folder is refused without reading or waiting for a writer (the file is
    opened non-blocking and checked by its own descriptor, so a swap between a check and the
    opening cannot slip one in).

    :param error: makes the error to raise from ``(where, reason)``.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise error(where, f"cannot read ({e.strerror})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                    else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a file")
            raise error(where, f"{kind}, not a regular file: only regular files are read")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bounded(path: str | Path, limit: int, where: str, error: Callable[[str, str], Exception]) -> bytes:
    """The bytes of the regular file ``path``, refused once more than ``limit`` are seen (by its
    size first, then while reading in chunks, so a file growing meanwhile is refused too)."""
    with open_regular(path, where, error) as f:
        too_big = error(where, f"larger than {limit} bytes, the limit for this file")
        if os.fstat(f.fileno()).st_size > limit:
            raise too_big
        chunks: list[bytes] = []
        held = 0
        try:
            while chunk := f.read(min(CHUNK, limit + 1 - held)):
                chunks.append(chunk)
                held += len(chunk)
                if held > limit:
                    raise too_big
        except OSError as e:
            raise error(where, f"cannot read ({e.strerror})") from None
    return b"".join(chunks)


def _data_error(where: str, reason: str) -> BadDataError:
    return BadDataError(where, "-", "-", reason)


def read_toml(path: Path | str, package: str | None = None) -> tuple[str, dict[str, Any]]:
    """The parsed TOML of a file, with the name to use in errors.

    ``package`` reads ``path`` from a package's data instead of the file system. A file a user
    names is read only if it is a regular file of at most :data:`MAX_DATA_BYTES`.
    """
    if package is not None:
        name = f"{package.replace('.', '/')}/{path}"
        raw = resources.files(package).joinpath(str(path)).read_bytes()
    else:
        name = str(path)
        raw = read_bounded(path, MAX_DATA_BYTES, name, _data_error)
    try:
        return name, tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise BadDataError(name, "-", "-", f"not valid TOML: {e}") from None


def validate(model: type[M], data: dict[str, Any], name: str) -> M:
    """``data`` as ``model``; a failure names the file, the entry and the field.

    :raises BadDataError: for the first problem pydantic reports.
    """
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        entry, field = locate(data, err["loc"])
        raise BadDataError(name, entry, field, err["msg"]) from None


def load(model: type[M], path: Path | str, package: str | None = None) -> M:
    """Read and validate one data file."""
    name, data = read_toml(path, package)
    return validate(model, data, name)


def locate(data: Any, loc: tuple[Any, ...]) -> tuple[str, str]:
    """Split a pydantic error location into (entry, field), naming list items by their ``id``.

    ``("cards", 3, "cost")`` on a card whose id is ``sword`` gives ``("cards[sword]", "cost")``.
    """
    if not loc:
        return "-", "-"
    if len(loc) == 1 and not isinstance(loc[0], int):
        return "(top level)", str(loc[0])
    node: Any = data
    path = ""
    entry, split = str(loc[0]), 1
    for i, part in enumerate(loc):
        child = None
        if isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node):
            child = node[part]
            ident = child.get("id") if isinstance(child, dict) else None
            path += f"[{ident if ident is not None else part}]"
            entry, split = path, i + 1
        else:
            if isinstance(node, dict):
                child = node.get(part)
            path += f".{part}" if path else str(part)
        node = child
    field = ".".join(str(p) for p in loc[split:]) or "-"
    return entry, field


def package_hash(package: str, suffix: str = ".toml") -> str:
    """A short hash of every ``suffix`` file in a package's data folder and its subfolders, by
    relative name and content: records carry it, so a replay can tell other data files were used."""
    digest = hashlib.sha256()

    def walk(folder: Any, prefix: str) -> None:
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.is_dir():
                if not entry.name.startswith(("__", ".")):
                    walk(entry, f"{prefix}{entry.name}/")
            elif entry.name.endswith(suffix):
                digest.update(f"{prefix}{entry.name}\n".encode())
                digest.update(entry.read_bytes())
                digest.update(b"\n")

    walk(resources.files(package), "")
    return digest.hexdigest()[:16]
