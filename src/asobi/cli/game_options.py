"""A game's own options on the command line (``asobi play GAME --players 4``), as click options.

A game declares its options in its spec (:class:`~asobi.core.options.Option`: name, kind, default,
choices, bounds, help). A command taking a GAME argument is a :class:`GameOptionsCommand`: once the
command line names the game, that game's options join the command's own, so click parses and checks
them, refuses a bad value naming the option, and lists them in ``--help`` with their defaults.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import click
from click.core import ParameterSource

from ..core.errors import AsobiError
from ..core.options import Option
from ..core.registry import all_games, get_game
from ..core.spec import GameSpec

_NAMED = "asobi.cli.game_options"
"""The key in ``ctx.meta`` under which a command keeps the game its command line names."""


def flag(name: str) -> str:
    """The command-line spelling of an option name: ``open_hands`` → ``--open-hands``."""
    return "--" + name.replace("_", "-")


class GameOption(click.Option):
    """One option a game declares, as a click option.

    An ``int`` option is checked against its bounds and a ``str`` option against its choices by
    click. A ``bool`` option may be given alone (true), with a value (``--open-hands false``,
    ``--open-hands=yes``), or as ``--no-NAME`` (false).

    :ivar declared: the option as the game declares it.
    """

    def __init__(self, declared: Option) -> None:
        self.declared = declared
        default: Any = declared.default
        help_text = declared.full_help()
        if declared.kind is bool:
            kwargs: dict[str, Any] = {"type": click.BOOL, "is_flag": False, "flag_value": True, "metavar": "[true|false]"}
            help_text, shown = f"{help_text}  [default: {str(default).lower()}]", False  # as it is typed
        elif declared.choices is not None:
            kwargs = {"type": click.Choice([str(c) for c in declared.choices])}
            default, shown = str(default), True
        elif declared.kind is int:
            bounded = declared.minimum is not None or declared.maximum is not None
            kwargs = {"type": click.IntRange(declared.minimum, declared.maximum) if bounded else click.INT}
            shown = True
        else:
            kwargs = {"type": click.STRING}
            shown = default != ""  # "[default: ]" says nothing
        self.key = f"game_option_{declared.name}"
        """The name the option's value goes by among the command's parameters, apart from theirs."""
        super().__init__([flag(declared.name), self.key], default=default, show_default=shown, help=help_text, **kwargs)
        self.negation = "--no-" + flag(declared.name)[2:] if declared.kind is bool else None

    def add_to_parser(self, parser: Any, ctx: click.Context) -> None:
        super().add_to_parser(parser, ctx)
        if self.negation is not None:
            parser.add_option(obj=self, opts=[self.negation], dest=self.name, action="store_const", const=False)

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None or self.negation is None:
            return record
        return f"{record[0]} / {self.negation}", record[1]

    def spellings(self) -> list[str]:
        """Every way this option is written on a command line."""
        return [*self.opts, *self.secondary_opts, *([self.negation] if self.negation else [])]


def _section_title(spec: GameSpec) -> str:
    return f"Options of {spec.id} — {spec.title_en}"


def game_option_words(given: Mapping[str, Any]) -> list[str]:
    """Options given as :class:`GameOptionsCommand` hands them over, written back as command-line words
    (for the command line a report prints to make itself again)."""
    words: list[str] = []
    for name, value in given.items():
        if isinstance(value, bool):
            words.append(flag(name) if value else "--no-" + flag(name)[2:])
        else:
            words += [flag(name), str(value)]
    return words


class GameOptionsCommand(click.Command):
    """A command with a ``game`` argument, taking that game's own options too.

    Its callback receives them as ``game_options``: the options given on the command line, by their
    names in the spec, in the order given (defaults left out: ``spec.local_options`` fills them in).
    Without a game on the command line there are no game options; ``--help`` then lists every
    game's.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        game = self._game_named(ctx, args)
        if game is not None:
            try:
                spec = get_game(game)
            except AsobiError:
                if ctx.resilient_parsing:  # shell completion of a half-typed game: no options yet
                    return super().parse_args(ctx, args)
                raise
            ctx.meta[_NAMED] = (spec, self._options_of(spec, ctx))
            return super().parse_args(ctx, args)
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as e:  # perhaps a game's option, with no game before it
            raise click.UsageError(f"{e.format_message()} (A game's own options follow the GAME.)", ctx) from None

    def _game_named(self, ctx: click.Context, args: Sequence[str]) -> str | None:
        """The GAME a command line names, read before the game's options are known: a first pass
        over the command's own parameters that steps over what it does not know."""
        parser = self.make_parser(ctx)
        parser.ignore_unknown_options = True
        try:
            opts, _, _ = parser.parse_args(args=list(args))
        except click.UsageError:  # the real parse says what is wrong
            return None
        game = opts.get("game")
        # an unknown option standing before any game is no game (the real parse refuses it)
        return game if isinstance(game, str) and not game.startswith("-") else None

    def _options_of(self, spec: GameSpec, ctx: click.Context) -> list[GameOption]:
        """The game's options as click options, refused where one takes the name of the command's own."""
        taken = {s for p in super().get_params(ctx) if isinstance(p, click.Option) for s in (*p.opts, *p.secondary_opts)}
        options = [GameOption(o) for o in spec.options]
        for option in options:
            clash = sorted(taken.intersection(option.spellings()))
            if clash:
                raise AsobiError(f"{spec.id}: its option {clash[0]} has the name of an option of `{ctx.command_path}`; "
                                 "a game must name its options apart from the command's")
        return options

    @staticmethod
    def _named(ctx: click.Context) -> tuple[GameSpec, list[GameOption]] | None:
        named: tuple[GameSpec, list[GameOption]] | None = ctx.meta.get(_NAMED)
        return named

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)
        named = self._named(ctx)
        if named is None:
            return params
        help_option = self.get_help_option(ctx)
        own = [p for p in params if p is not help_option]
        return [*own, *named[1], *([help_option] if help_option is not None else [])]

    def invoke(self, ctx: click.Context) -> Any:
        named = self._named(ctx)
        by_key = {o.key: o for o in named[1]} if named else {}
        given: dict[str, Any] = {}
        for key in [k for k in ctx.params if k in by_key]:  # in the order the command line gives them
            value = ctx.params.pop(key)
            if ctx.get_parameter_source(key) is ParameterSource.COMMANDLINE:
                given[by_key[key].declared.name] = value
        ctx.params["game_options"] = given
        return super().invoke(ctx)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        named = self._named(ctx)
        game_options: list[click.Parameter] = list(named[1]) if named else []
        own = [p for p in self.get_params(ctx) if isinstance(p, click.Option) and p not in game_options]
        sections: list[tuple[str, Sequence[click.Parameter]]] = [("Options", own)]
        if named is not None:
            sections.append((_section_title(named[0]), game_options))
        for title, params in sections:
            records = [r for r in (p.get_help_record(ctx) for p in params) if r is not None]
            if records:
                with formatter.section(title):
                    formatter.write_dl(records)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        if self._named(ctx) is not None:
            return
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(f"Each game has options of its own, given after GAME (`{ctx.command_path} GAME --help` "
                                 "lists one game's):")
        try:
            specs = all_games()
        except AsobiError as e:  # a broken game package must not hide the help
            formatter.write_text(f"(games could not be listed: {e})")
            return
        for spec in specs:
            records = [r for r in (GameOption(o).get_help_record(ctx) for o in spec.options) if r is not None]
            if records:
                with formatter.section(_section_title(spec)):
                    formatter.write_dl(records)
