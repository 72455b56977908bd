"""Command line: the podium (default), big-screen, replay, rules, import, export, verify, head,
key, report, migrate, settings, backup. Every command logs to the log file (floorkill.log_file).

Every command exits non-zero with a one-line reason on bad input, never a traceback.
Rules: docs/rules.md section 9.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from floorkill import log_file
from floorkill.i18n import (
    LANGS,
    N_,
    NN_,
    PhraseError,
    get_lang,
    gettext,
    ngettext,
    set_lang,
    tr,
)
from floorkill.log_file import LEVELS
from floorkill.store.backend import is_url

SUBCOMMANDS = (
    "replay",
    "rules",
    "import",
    "export",
    "verify",
    "head",
    "key",
    "big-screen",
    "report",
    "migrate",
    "settings",
    "backup",
)


class CliError(PhraseError):
    """A one-line reason to stop (a phrase, said in the command's language); exit code 2."""


def version_line() -> str:
    """``floorkill --version``: the program, the rules and the journal schema it writes."""
    from floorkill import RULES_VERSION, __version__
    from floorkill.store.schema import SCHEMA_VERSION

    return f"floorkill {__version__} (rules {RULES_VERSION}, journal schema {SCHEMA_VERSION})"


def journal_arg(text: str) -> str | Path:
    """``--journal``: a file path, or a PostgreSQL URL kept as typed (a Path would fold
    its ``//``)."""
    return text if is_url(text) else Path(text)


JOURNAL_HELP = N_(
    "journal file, or postgresql://user@host/db (default: $FLOORKILL_JOURNAL, the settings "
    "file, else the user data dir)"
)
FLOORPERSON_HELP = N_(
    "who enters events, recorded with each one (default: $FLOORKILL_FLOORPERSON, the settings "
    "file, else the OS user)"
)


class _Formatter(argparse.HelpFormatter):
    """argparse's help with our words for "usage:"."""

    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, prefix=tr("usage: "))


# argparse's own messages (usage errors) come from the gettext functions it imported; it is
# given our catalogue (:func:`_argparse_reads_our_catalogue`), where these message ids are
# as argparse writes them (Python 3.11+)
ARGPARSE_MESSAGES = (
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    NN_("expected %s argument", "expected %s arguments"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("unexpected option string: %s"),
)


def _argparse_reads_our_catalogue() -> None:
    """argparse says its words through the ``_`` and ``ngettext`` it took from gettext (the
    way Python's argparse howto translates it): they are ours, in the language in use."""
    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


class _Parser(argparse.ArgumentParser):
    """argparse with its usage errors in the language in use."""

    def error(self, message: str):
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: {tr('error: {reason}', reason=message)}\n")


def _new_parser(
    prog: str, description: str | None = None
) -> tuple[argparse.ArgumentParser, Any, Any]:
    """(parser, arguments group, options group): the groups carry translated titles."""
    parser = _Parser(prog=prog, description=description, add_help=False, formatter_class=_Formatter)
    args = parser.add_argument_group(tr("arguments"))
    opts = parser.add_argument_group(tr("options"))
    opts.add_argument("-h", "--help", action="help", help=tr("show this help and exit"))
    opts.add_argument(
        "--lang",
        choices=LANGS,
        default=None,
        help=tr(
            "language of messages and texts (default: $FLOORKILL_LANG, the settings file, "
            "else the locale, e.g. LANG=ru_RU.UTF-8)"
        ),
    )
    opts.add_argument(
        "--log-level",
        choices=LEVELS,
        default=None,
        help=tr("how much goes to the log file (default: info); the About screen names the file"),
    )
    return parser, args, opts


def _parser(prog_cmd: str | None) -> argparse.ArgumentParser:
    journal_help = tr(JOURNAL_HELP)
    floor_help = tr(FLOORPERSON_HELP)
    if prog_cmd is None:
        parser, arguments, options = _new_parser(
            "floorkill",
            tr(
                "Run kill-pot poker games by the book. Commands: "
                "{commands} (floorkill COMMAND --help).",
                commands=", ".join(SUBCOMMANDS),
            ),
        )
        arguments.add_argument(
            "table",
            nargs="?",
            metavar=tr("TABLE"),
            help=tr("table file (TOML); default: a built-in sample"),
        )
        options.add_argument("--journal", type=journal_arg, metavar=tr("PATH"), help=journal_help)
        options.add_argument("--floorperson", metavar=tr("NAME"), help=floor_help)
        options.add_argument("--version", action="store_true", help=tr("show the version and exit"))
        return parser
    parser, arguments, options = _new_parser(f"floorkill {prog_cmd}", tr(DESCRIPTIONS[prog_cmd]))
    if prog_cmd == "replay":
        arguments.add_argument("file", metavar=tr("FILE"), help=tr("table file with [[events]]"))
        options.add_argument("--json", action="store_true", help=tr("one JSON object per event"))
    elif prog_cmd == "rules":
        arguments.add_argument("file", metavar=tr("TABLE"), help=tr("table file (TOML)"))
        options.add_argument(
            "--html",
            action="store_true",
            help=tr("one self-contained HTML page (big print, for a screen or a printer)"),
        )
        options.add_argument(
            "--output",
            "-o",
            type=Path,
            metavar=tr("FILE"),
            help=tr("write to this file (atomically) instead of printing"),
        )
    elif prog_cmd == "import":
        arguments.add_argument("file", metavar=tr("FILE"), help=tr("table file with [[events]]"))
        options.add_argument("--journal", type=journal_arg, metavar=tr("PATH"), help=journal_help)
        options.add_argument("--floorperson", metavar=tr("NAME"), help=floor_help)
    elif prog_cmd == "export":
        options.add_argument("--journal", type=journal_arg, metavar=tr("PATH"), help=journal_help)
        options.add_argument(
            "--table", required=True, metavar=tr("NAME"), help=tr("the table to export")
        )
        options.add_argument(
            "--output",
            "-o",
            type=Path,
            metavar=tr("FILE"),
            help=tr("write to this file (atomically); default: standard output"),
        )
    elif prog_cmd == "verify":
        options.add_argument("--journal", type=journal_arg, metavar=tr("PATH"), help=journal_help)
        options.add_argument(
            "--head",
            metavar="HASH@SEQ",
            dest="anchor",
            help=tr(
                "an anchor kept elsewhere (floorkill head): fail unless the chain "
                "up to SEQ is exactly the one it sealed"
            ),
        )
        options.add_argument(
            "--key",
            type=Path,
            metavar=tr("FILE"),
            dest="key_file",
            help=tr(
                "check every row's MAC with this key (default: the user's key "
                "file, when there is one)"
            ),
        )
        options.add_argument("--no-key", action="store_true", help=tr("do not check MACs"))
    elif prog_cmd == "head":
        options.add_argument("--journal", type=journal_arg, metavar=tr("PATH"), help=journal_help)
    elif prog_cmd == "key":
        options.add_argument(
            "--new",
            action="store_true",
            help=tr("make a new key in the user config dir (never over one)"),
        )
    elif prog_cmd == "settings":
        options.add_argument("--journal", type=journal_arg, metavar=tr("PATH"), help=journal_help)
        options.add_argument("--floorperson", metavar=tr("NAME"), help=floor_help)
        options.add_argument(
            "--example",
            action="store_true",
            help=tr("print a settings file with every setting, commented out"),
        )
    elif prog_cmd == "migrate":
        options.add_argument(
            "--from",
            dest="source",
            type=journal_arg,
            required=True,
            metavar=tr("JOURNAL"),
            help=tr("the journal to copy (file or postgresql:// URL)"),
        )
        options.add_argument(
            "--to",
            dest="target",
            type=journal_arg,
            required=True,
            metavar=tr("JOURNAL"),
            help=tr("an empty journal to copy into (postgresql:// URL, or a new file)"),
        )
    elif prog_cmd == "backup":
        options.add_argument("--journal", type=journal_arg, metavar=tr("PATH"), help=journal_help)
        options.add_argument(
            "--to",
            dest="target",
            type=Path,
            required=True,
            metavar=tr("FILE"),
            help=tr("the new file to write (never over one)"),
        )
    elif prog_cmd == "big-screen":
        options.add_argument(
            "--journal",
            type=journal_arg,
            metavar=tr("PATH"),
            help=tr(
                "journal file, or postgresql://user@host/db (default: $FLOORKILL_JOURNAL, "
                "the settings file, else the user data dir); on PostgreSQL use a role "
                "that can only SELECT"
            ),
        )
        options.add_argument(
            "--table", metavar=tr("NAME"), help=tr("show only this table (default: every table)")
        )
        options.add_argument(
            "--grid",
            action=argparse.BooleanOptionalAction,
            default=None,
            help=tr(
                "every table at once (default: when they all fit); --no-grid: "
                "one table at a time, in turn"
            ),
        )
        options.add_argument(
            "--placard",
            action="store_true",
            help=tr("show each table's placard (game, limits, kill rules) instead of its play"),
        )
        options.add_argument("--serve", action="store_true", help=tr("serve to browsers"))
        options.add_argument(
            "--host",
            default=None,
            metavar=tr("HOST"),
            help=tr("with --serve: the address to listen on"),
        )
        options.add_argument(
            "--port", type=int, default=None, metavar=tr("PORT"), help=tr("with --serve: the port")
        )
        options.add_argument(
            "--token",
            metavar=tr("TOKEN"),
            help=tr(
                "with --serve: the token every address must carry "
                "(default: a new one printed at start when the host "
                "is not loopback)"
            ),
        )
        options.add_argument(
            "--max-screens",
            type=int,
            default=None,
            metavar="N",
            help=tr("with --serve: at most N screens at once (default 128)"),
        )
        options.add_argument(
            "--rotate",
            type=float,
            default=None,
            metavar=tr("SECONDS"),
            help=tr("seconds each table (or grid page) is shown"),
        )
    elif prog_cmd == "report":
        options.add_argument("--journal", type=journal_arg, metavar=tr("PATH"), help=journal_help)
        options.add_argument(
            "--from",
            dest="start",
            metavar=tr("TIME"),
            help=tr("first moment counted (2026-11-30T18:00; no offset: local time)"),
        )
        options.add_argument(
            "--to", dest="end", metavar=tr("TIME"), help=tr("first moment NOT counted")
        )
        options.add_argument(
            "--table",
            action="append",
            default=[],
            metavar=tr("NAME"),
            help=tr("only this table (repeat for more); default: every table"),
        )
        options.add_argument(
            "--paper", choices=("a4", "letter"), default="a4", help=tr("paper size for printing")
        )
        options.add_argument(
            "--output",
            "-o",
            type=Path,
            required=True,
            metavar=tr("FILE"),
            help=tr("the HTML file to write"),
        )
    return parser


DESCRIPTIONS = {
    "rules": N_("A table's placard: the game, the limits and the kill rules, from its table file."),
    "replay": N_("Replay a table file's [[events]] through the rules and show every ruling."),
    "import": N_("Append a table file's events to the journal."),
    "export": N_(
        "Write a journal table back as a table file (its events replay to the same state)."
    ),
    "verify": N_("Check the journal: integrity, the hash chain, every table replayed."),
    "head": N_("Print the chain head HASH@SEQ, to keep away from the journal."),
    "key": N_("Show (or make) the key that MACs every row this user writes."),
    "big-screen": N_("The players' big screen: follows the podium's journal, read-only."),
    "report": N_(
        "The shift report: every table's hands, kills, legs, bars, voids and "
        "rulings, with charts, as one self-contained HTML file."
    ),
    "migrate": N_(
        "Copy a journal into an empty one (a file or PostgreSQL), verifying the "
        "chain on both sides."
    ),
    "settings": N_(
        "Show every setting, its value and where it came from: a flag, a FLOORKILL_* "
        "variable, the settings file or the default."
    ),
    "backup": N_(
        "Copy the journal into a new file while podiums write (one consistent read), "
        "verified; prints the copy's head."
    ),
}


def _flags(cmd: str | None, args: argparse.Namespace | None) -> dict[str, Any]:
    """The settings the command line gives, by setting name (None: not given)."""
    if args is None:
        return {}
    names = {
        "journal": "journal",
        "floorperson": "floorperson",
        "language": "lang",
        "log_level": "log_level",
        "big_screen.rotate": "rotate",
        "big_screen.grid": "grid",
        "big_screen.host": "host",
        "big_screen.port": "port",
        "big_screen.max_screens": "max_screens",
    }
    return {name: getattr(args, attr, None) for name, attr in names.items()}


def _lang_in(argv: list[str]) -> str | None:
    """The ``--lang`` value on the command line, read before the parser is built (its help
    is in that language)."""
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def main(argv: list[str] | None = None) -> int:
    from floorkill.settings import SettingsError, load_settings

    argv = list(sys.argv[1:] if argv is None else argv)
    cmd = argv[0] if argv and argv[0] in SUBCOMMANDS else None
    if cmd is None and "--version" in argv:
        print(version_line())
        return 0
    set_lang(_lang_in(argv))  # a bad settings file is reported in the language asked for
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"floorkill: {tr('settings: {reason}', reason=exc)}", file=sys.stderr)
        return 2
    set_lang(_lang_in(argv) or settings.language)
    _argparse_reads_our_catalogue()
    parser = _parser(cmd)
    try:
        args = parser.parse_args(argv[1:] if cmd else argv)
    except SystemExit as exc:  # argparse already printed a one-line usage error
        return int(exc.code or 0) if exc.code in (0, None) else 2
    try:
        settings = load_settings(_flags(cmd, args))
    except SettingsError as exc:
        print(f"floorkill: {tr('settings: {reason}', reason=exc)}", file=sys.stderr)
        return 2
    lang = set_lang(settings.language)
    log_file.start(settings.log_level)
    from floorkill import __version__
    from floorkill.log import log

    log.info("floorkill %s: %s", __version__, cmd or "podium")
    journal, floorperson, big = settings.journal, settings.floorperson, settings.big_screen
    try:
        if cmd == "settings":
            from floorkill.settings import describe, example

            print(example() if args.example else describe(settings))
            return 0
        if cmd == "replay":
            return cmd_replay(args)
        if cmd == "rules":
            return cmd_rules(args)
        if cmd == "import":
            from floorkill.store.commands import cmd_import

            return cmd_import(
                args.file,
                journal,
                floorperson,
            )
        if cmd == "export":
            from floorkill.store.commands import cmd_export

            return cmd_export(journal, args.table, args.output)
        if cmd == "verify":
            from floorkill.store.commands import cmd_verify

            return cmd_verify(journal, args.anchor, args.key_file, args.no_key)
        if cmd == "head":
            from floorkill.store.commands import cmd_head

            return cmd_head(journal)
        if cmd == "key":
            from floorkill.store.commands import cmd_key

            return cmd_key(args.new)
        if cmd == "migrate":
            from floorkill.store.migrate import cmd_migrate

            return cmd_migrate(args.source, args.target)
        if cmd == "backup":
            from floorkill.store.backup import cmd_backup

            return cmd_backup(journal, args.target)
        if cmd == "big-screen":
            if args.serve:  # the TV page: no Textual in that process
                from floorkill.web.server import serve_big_screen

                return serve_big_screen(
                    journal,
                    args.table,
                    host=big.host,
                    port=big.port,
                    rotate=big.rotate,
                    grid=big.grid,
                    token=args.token,
                    max_screens=big.max_screens,
                    placard=args.placard,
                    lang=lang,
                )
            from floorkill.ui.big_screen.terminal import run_big_screen

            return run_big_screen(
                journal,
                args.table,
                rotate=big.rotate,
                grid=big.grid,
                placard=args.placard,
                lang=lang,
            )
        if cmd == "report":
            from floorkill.report import cmd_report

            return cmd_report(
                journal,
                args.output,
                tables=args.table,
                start=args.start,
                end=args.end,
                lang=lang,
                paper=args.paper,
            )
        from floorkill.ui.podium import run_podium

        return run_podium(args.table, journal, floorperson)
    except CliError as exc:
        print(f"floorkill: {exc.text()}", file=sys.stderr)
        return 2
    except RecursionError:  # data nested beyond any table file's needs
        print("floorkill: " + tr("the input is nested too deeply to read"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `floorkill replay ... | head`: the reader left
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except OSError:
            pass
        return 0
    except Exception as exc:  # the promise: a one-line reason, never a traceback
        from floorkill.rules.config import ConfigError
        from floorkill.store.errors import JournalError

        log.error("floorkill %s: stopped", cmd or "podium", exc_info=exc)  # the traceback

        if isinstance(exc, ConfigError):
            print(f"floorkill: {exc.text()}", file=sys.stderr)
            return 2
        if isinstance(exc, JournalError):  # the journal's own words, not "internal"
            print("floorkill: " + tr("journal: {reason}", reason=exc.text()), file=sys.stderr)
            return 2
        if settings.debug:
            raise
        from floorkill.rules.names import one_line

        print(
            one_line(
                "floorkill: "
                + tr(
                    "internal error: {error} (set FLOORKILL_DEBUG=1 for details)",
                    error=f"{type(exc).__name__}: {exc}",
                ),
                1000,
            ),
            file=sys.stderr,
        )
        return 1


def cmd_replay(args: argparse.Namespace) -> int:
    from floorkill.rules import initial_state, load_table_file
    from floorkill.rules.replay import JsonLines, iter_steps

    table = load_table_file(args.file)
    lang = get_lang()
    if args.json:  # streamed: output as it goes, one state held
        out = sys.stdout
        line = JsonLines(lang).line
        chunk: list[str] = []
        refused = False
        for step in iter_steps(initial_state(table.config, table.players), table.events):
            refused = refused or step.refusal is not None
            chunk.append(line(step))
            if len(chunk) == 1000:  # one write per thousand lines
                out.write("\n".join(chunk) + "\n")
                chunk.clear()
        if chunk:
            out.write("\n".join(chunk) + "\n")
        out.flush()
        return 2 if refused else 0
    refused = _print_steps(
        table, iter_steps(initial_state(table.config, table.players), table.events), lang, args.file
    )
    return 2 if refused else 0


def cmd_rules(args: argparse.Namespace) -> int:
    """The table's placard in player words (docs/rules.md section 9), text or HTML."""
    from floorkill.rules import load_table_file
    from floorkill.rules.names import safe_text
    from floorkill.rules.placard import placard_html, placard_text

    cfg = load_table_file(args.file).config
    out = placard_html(cfg, get_lang()) if args.html else placard_text(cfg, get_lang())
    if args.output is not None:
        from floorkill.store.atomic import atomic_write_text

        try:
            atomic_write_text(args.output, out)
        except OSError as exc:
            from floorkill.system_errors import os_cause

            raise CliError(
                N_("cannot write {file}: {reason}"), file=args.output, reason=os_cause(exc)
            ) from None
        return 0
    sys.stdout.write("\n".join(safe_text(line) for line in out.split("\n")))
    sys.stdout.flush()
    return 0


def refusal_where(file, table, index: int) -> str:
    """``FILE:LINE`` of the index-th (1-based) event of a table file, as import names it."""
    lines = getattr(table, "event_lines", ())
    line = lines[index - 1] if 0 < index <= len(lines) else None
    return f"{file}:{line}" if line else str(file)


def _print_steps(table, steps, lang: str, file="<table>") -> bool:
    """Every step as a few lines of text, printed as it comes (one state held at a time);
    the refusals again at the end, one line each, as import says them. Whether any event
    was refused."""
    from rich.console import Console
    from rich.text import Text

    from floorkill import vocab
    from floorkill.rules.names import one_line, safe_text
    from floorkill.rules.replay import step_json

    console = Console(highlight=False)
    out = sys.stdout
    cfg = table.config
    triggers = (
        ", ".join(vocab.word(vocab.TRIGGERS, trigger, lang) for trigger in cfg.kill.triggers) or "-"
    )
    console.print(
        Text(
            f"{safe_text(cfg.name)} — {cfg.game} {cfg.stakes_text()} — "
            + tr(
                "{kind} ({triggers})",
                lang,
                kind=vocab.word(vocab.KILL_KINDS, cfg.kill.kind, lang),
                triggers=triggers,
            ),
            style="bold",
        )
    )
    refusals = []
    for step in steps:
        data = step_json(step, lang)
        where = refusal_where(file, table, step.index)
        line = where.rpartition(":")[2] if where != str(file) else None
        words = {
            "index": step.index,
            "type": vocab.word(vocab.EVENT_TYPES, data["type"], lang),
            "hand": data["hand"],
        }
        if line:
            title = tr(
                "event {index} (line {line}): {type} — hand {hand}", lang, line=line, **words
            )
        else:
            title = tr("event {index}: {type} — hand {hand}", lang, **words)
        raw = json.dumps(dict(step.raw), ensure_ascii=False, default=str)  # dates, times as text
        rows = [(tr("event", lang), one_line(raw, 300))]
        if step.refusal is not None:
            refusals.append(step)
            cites = ", ".join(step.refusal.cites)
            rows.append(
                (
                    tr("REFUSED", lang),
                    f"{where}: " + step.refusal.text(lang) + (f" [{cites}]" if cites else ""),
                )
            )
        button = data["button"]
        who = (
            tr("seat {seat} {player}", lang, seat=button["seat"], player=button["player"])
            if button["seat"] is not None
            else ""
        )
        status = vocab.word(vocab.BUTTON, button["status"], lang)
        rows.append((tr("kill button", lang), f"{status} {who}".strip()))
        coming = data["next"]
        nxt = tr(
            "dealer {dealer}, limits {limits}",
            lang,
            dealer=coming["dealer"],
            limits="-".join(coming["limits"]),
        )
        if coming["killed"]:
            nxt += tr(
                ", KILL by seat {seat} for {amount}",
                lang,
                seat=coming["killer"],
                amount=coming["kill_blind"],
            )
        rows.append((tr("next hand", lang), nxt))
        for decision in step.decisions:
            rows.append((decision.code, decision.text(lang) + f" [{', '.join(decision.cites)}]"))
        if data["barred"]:
            owed = (
                tr("{player} owes {amount}", lang, player=bar["player"], amount=bar["owes"])
                for bar in data["barred"]
            )
            rows.append((tr("barred", lang), ", ".join(owed)))
        width = max(len(label) for label, _ in rows)
        out.write(
            safe_text(title)
            + "\n"
            + "".join(f"  {label:<{width}}  {safe_text(text)}\n" for label, text in rows)
        )
    for step in refusals:  # the refusals again, one line each, as import says them
        cites = f" [{', '.join(step.refusal.cites)}]" if step.refusal.cites else ""
        etype = one_line(str(step.raw.get("type") if isinstance(step.raw, dict) else None), 40)
        console.print(
            Text(
                safe_text(
                    "floorkill: "
                    + tr(
                        "{where}: event {index} ({type}) refused: {reason}",
                        lang,
                        where=refusal_where(file, table, step.index),
                        index=step.index,
                        type=etype,
                        reason=step.refusal.text(lang),
                    )
                    + cites
                ),
                style="bold red",
            ),
            soft_wrap=True,
        )
    out.flush()
    return bool(refusals)


if __name__ == "__main__":
    raise SystemExit(main())
