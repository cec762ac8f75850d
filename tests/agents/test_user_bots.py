"""A user's own agent class as a bot: ``py:MODULE:CLASS`` wherever a bot sits."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core import get_game
from asobi.core.bots import BotNameError, make_bot, seat_kind

MODULE = '''
from asobi.core.agent import Agent


class First(Agent):
    """Always the first legal action."""

    def __init__(self, seed):
        self.seed = seed

    def act(self, obs):
        return obs.legal[0]


class NotAnAgent:
    pass
'''


@pytest.fixture
def user_module(tmp_path, monkeypatch):
    (tmp_path / "user_bots_for_test.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "user_bots_for_test"
    sys.modules.pop("user_bots_for_test", None)


def test_a_users_agent_class_takes_a_seat_and_plays(user_module):
    spec = get_game("legion")
    assert seat_kind(spec, f"bot:py:{user_module}:First") == f"bot:py:{user_module}:First"
    agent = make_bot(spec, f"py:{user_module}:First", 0, 7, spec.validate_options({}))
    assert type(agent).__name__ == "First"
    result = CliRunner().invoke(
        main, ["simulate", "legion", "-n", "3", "--jobs", "1", "--bots", f"py:{user_module}:First", "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 3 and summary["bots"] == [f"py:{user_module}:First"] * 3


def test_a_bad_user_bot_is_refused_with_what_is_wrong(user_module):
    spec = get_game("legion")
    for name, words in [
        (f"bot:py:{user_module}:NotAnAgent", "not an asobi.core.agent.Agent"),
        (f"bot:py:{user_module}:Missing", "not an asobi.core.agent.Agent"),
        ("bot:py:no_such_module_anywhere:X", "does not import"),
        ("bot:py:onlymodule", "py:MODULE:CLASS"),
    ]:
        with pytest.raises(BotNameError, match=words):
            seat_kind(spec, name)
    result = CliRunner().invoke(main, ["simulate", "legion", "-n", "1", "--bots", "py:no_such_module_anywhere:X"])
    assert result.exit_code != 0 and "does not import" in result.output and "Traceback" not in result.output
