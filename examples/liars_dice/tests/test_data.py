"""The data file is read through its schema; a bad entry is refused naming the file, the entry and
the field."""

from __future__ import annotations

import pytest
from asobi.core.data import read_toml, validate
from asobi.core.errors import BadDataError

from asobi_liars_dice.content import PACKAGE, BotsFile, data_hash, temperaments


def test_the_shipped_temperaments_load():
    assert temperaments()["rule"].bluff == 0.1
    assert len(data_hash()) == 16


@pytest.mark.parametrize(
    ("change", "field"),
    [({"bluff": 1.5}, "bluff"), ({"doubt": "a lot"}, "doubt"), ({"colour": "red"}, "colour")],
)
def test_a_bad_temperament_is_named(change, field):
    name, data = read_toml("bots.toml", PACKAGE)
    data["bots"][1].update(change)
    with pytest.raises(BadDataError) as e:
        validate(BotsFile, data, name)
    assert (e.value.entry, e.value.field) == ("bots[bold]", field)
    assert e.value.file.endswith("bots.toml")


def test_a_bot_defined_twice_is_refused():
    name, data = read_toml("bots.toml", PACKAGE)
    data["bots"].append(dict(data["bots"][0]))
    with pytest.raises(BadDataError, match="defined twice"):
        validate(BotsFile, data, name)
