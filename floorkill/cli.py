"""Command line: the podium (default), big-screen, replay, rules, import, export, verify, head,
key, report, migrate.

Every command exits non-zero with a one-line reason on bad input, never a traceback.
Spec: kill-rules.md section 9.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from floorkill.store.backend import default_floorperson, is_url

SUBCOMMANDS = ("replay", "rules", "import", "export", "verify", "head", "key", "big-screen",
               "report", "migrate")


class CliError(Exception):
    """A one-line reason to stop; exit code 2."""


def default_journal() -> str | Path:
    """``$FLOORKILL_JOURNAL`` (a file, or a ``postgresql://`` URL), else journal.db in the
    user data directory."""
    env = os.environ.get("FLOORKILL_JOURNAL")
    if env:
        return env if is_url(env) else Path(env)
    from platformdirs import user_data_path

    return user_data_path("floorkill", appauthor=False) / "journal.db"


def journal_arg(text: str) -> str | Path:
    """``--journal``: a file path, or a PostgreSQL URL kept as typed (a Path would fold
    its ``//``)."""
    return text if is_url(text) else Path(text)


JOURNAL_HELP = "journal file, or postgresql://user@host/db (default: user data dir)"
FLOORPERSON_HELP = ("who enters events, recorded with each one "
                    "(default: $FLOORKILL_FLOORPERSON, else the OS user)")


def _parser(prog_cmd: str | None) -> argparse.ArgumentParser:
    if prog_cmd is None:
        p = argparse.ArgumentParser(
            prog="floorkill",
            description="Run kill-pot poker games by the book. Commands: "
                        + ", ".join(SUBCOMMANDS) + " (floorkill COMMAND --help).")
        p.add_argument("table", nargs="?", help="table file (TOML); default: a built-in sample")
        p.add_argument("--journal", type=journal_arg, help=JOURNAL_HELP)
        p.add_argument("--floorperson", help=FLOORPERSON_HELP)
        return p
    p = argparse.ArgumentParser(prog=f"floorkill {prog_cmd}")
    if prog_cmd == "replay":
        p.add_argument("file", help="table file with [[events]]")
        p.add_argument("--json", action="store_true", help="one JSON object per event")
        p.add_argument("--lang", choices=("en", "ru"), default="en")
    elif prog_cmd == "rules":
        p.add_argument("file", metavar="TABLE", help="table file (TOML)")
        p.add_argument("--lang", choices=("en", "ru"), default="en")
        p.add_argument("--html", action="store_true",
                       help="one self-contained HTML page (big print, for a screen or a printer)")
        p.add_argument("--output", "-o", type=Path, metavar="FILE",
                       help="write to this file (atomically) instead of printing")
    elif prog_cmd == "import":
        p.add_argument("file")
        p.add_argument("--journal", type=journal_arg, help=JOURNAL_HELP)
        p.add_argument("--floorperson", help=FLOORPERSON_HELP)
    elif prog_cmd == "export":
        p.add_argument("--journal", type=journal_arg, help=JOURNAL_HELP)
        p.add_argument("--table", required=True)
        p.add_argument("--output", "-o", type=Path, help="write to this file (atomically)")
    elif prog_cmd == "verify":
        p.add_argument("--journal", type=journal_arg, help=JOURNAL_HELP)
        p.add_argument("--head", metavar="HASH@SEQ", dest="anchor",
                       help="an anchor kept elsewhere (floorkill head): fail unless the chain "
                            "up to SEQ is exactly the one it sealed")
        p.add_argument("--key", type=Path, metavar="FILE", dest="key_file",
                       help="check every row's MAC with this key (default: the user's key "
                            "file, when there is one)")
        p.add_argument("--no-key", action="store_true", help="do not check MACs")
    elif prog_cmd == "head":
        p.add_argument("--journal", type=journal_arg, help=JOURNAL_HELP)
    elif prog_cmd == "key":
        p.add_argument("--new", action="store_true",
                       help="make a new key in the user config dir (never over one)")
    elif prog_cmd == "migrate":
        p.add_argument("--from", dest="source", type=journal_arg, required=True,
                       help="the journal to copy (file or postgresql:// URL)")
        p.add_argument("--to", dest="target", type=journal_arg, required=True,
                       help="an empty journal to copy into (postgresql:// URL, or a new file)")
    elif prog_cmd == "big-screen":
        p.add_argument("--journal", type=journal_arg,
                       help=JOURNAL_HELP + "; on PostgreSQL use a role that can only SELECT")
        p.add_argument("--table")
        p.add_argument("--grid", action=argparse.BooleanOptionalAction, default=None,
                       help="every table at once (default: when they all fit); --no-grid: "
                            "one table at a time, in turn")
        p.add_argument("--placard", action="store_true",
                       help="show each table's placard (game, limits, kill rules) instead "
                            "of its play")
        p.add_argument("--lang", choices=("en", "ru"), default="en", help="the placard's language")
        p.add_argument("--serve", action="store_true", help="serve to browsers")
        p.add_argument("--host", default="127.0.0.1")
        p.add_argument("--port", type=int, default=8000)
        p.add_argument("--token", help="with --serve: the token every address must carry "
                                       "(default: a new one printed at start when the host "
                                       "is not loopback)")
        p.add_argument("--max-displays", type=int, default=None, metavar="N",
                       help="with --serve: at most N browsers at once (default 8)")
        p.add_argument("--rotate", type=float, default=12.0, metavar="SECONDS",
                       help="seconds each table (or grid page) is shown")
    elif prog_cmd == "report":
        p.description = ("The shift report: every table's hands, kills, legs, bars, voids and "
                         "rulings, with charts, as one self-contained HTML file.")
        p.add_argument("--journal", type=journal_arg, help=JOURNAL_HELP)
        p.add_argument("--from", dest="start", metavar="TIME",
                       help="first moment counted (2026-11-30T18:00; no offset: local time)")
        p.add_argument("--to", dest="end", metavar="TIME", help="first moment NOT counted")
        p.add_argument("--table", action="append", default=[], metavar="NAME",
                       help="only this table (repeat for more); default: every table")
        p.add_argument("--lang", choices=("en", "ru"), default="en")
        p.add_argument("--paper", choices=("a4", "letter"), default="a4")
        p.add_argument("--output", "-o", type=Path, required=True, help="the HTML file to write")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    cmd = argv[0] if argv and argv[0] in SUBCOMMANDS else None
    parser = _parser(cmd)
    try:
        args = parser.parse_args(argv[1:] if cmd else argv)
    except SystemExit as exc:            # argparse already printed a one-line usage error
        return int(exc.code or 0) if exc.code in (0, None) else 2
    try:
        if cmd == "replay":
            return cmd_replay(args)
        if cmd == "rules":
            return cmd_rules(args)
        if cmd == "import":
            from floorkill.store.commands import cmd_import
            return cmd_import(args.file, args.journal or default_journal(),
                              args.floorperson or default_floorperson())
        if cmd == "export":
            from floorkill.store.commands import cmd_export
            return cmd_export(args.journal or default_journal(), args.table, args.output)
        if cmd == "verify":
            from floorkill.store.commands import cmd_verify
            return cmd_verify(args.journal or default_journal(), args.anchor, args.key_file,
                              args.no_key)
        if cmd == "head":
            from floorkill.store.commands import cmd_head
            return cmd_head(args.journal or default_journal())
        if cmd == "key":
            from floorkill.store.commands import cmd_key
            return cmd_key(args.new)
        if cmd == "migrate":
            from floorkill.store.migrate import cmd_migrate
            return cmd_migrate(args.source, args.target)
        if cmd == "big-screen":
            from floorkill.ui.big_screen import run_big_screen
            return run_big_screen(args.journal or default_journal(), args.table,
                                  serve=args.serve, host=args.host, port=args.port,
                                  rotate=args.rotate, grid=args.grid, token=args.token,
                                  max_displays=args.max_displays, placard=args.placard,
                                  lang=args.lang)
        if cmd == "report":
            from floorkill.report import cmd_report
            return cmd_report(args.journal or default_journal(), args.output, tables=args.table,
                              start=args.start, end=args.end, lang=args.lang, paper=args.paper)
        from floorkill.ui.podium import run_podium
        return run_podium(args.table, args.journal or default_journal(),
                          args.floorperson or default_floorperson())
    except CliError as exc:
        print(f"floorkill: {exc}", file=sys.stderr)
        return 2
    except RecursionError:                 # data nested beyond any table file's needs
        print("floorkill: the input is nested too deeply to read", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:                # `floorkill replay ... | head`: the reader left
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except OSError:
            pass
        return 0
    except Exception as exc:  # the promise: a one-line reason, never a traceback
        from floorkill.rules.config import ConfigError
        from floorkill.store.errors import JournalError

        if isinstance(exc, ConfigError):
            print(f"floorkill: {exc}", file=sys.stderr)
            return 2
        if isinstance(exc, JournalError):          # the journal's own words, not "internal"
            print(f"floorkill: journal: {exc}", file=sys.stderr)
            return 2
        if os.environ.get("FLOORKILL_DEBUG"):
            raise
        from floorkill.rules.names import one_line

        print(one_line(f"floorkill: internal error: {type(exc).__name__}: {exc} "
                       "(set FLOORKILL_DEBUG=1 for details)", 1000), file=sys.stderr)
        return 1


def cmd_replay(args: argparse.Namespace) -> int:
    from floorkill.rules import initial_state, load_table_file, replay
    from floorkill.rules.replay import iter_steps, step_json

    table = load_table_file(args.file)
    if args.json:                        # streamed: output as it goes, one state held
        out = sys.stdout
        encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
        chunk: list[str] = []
        refused = False
        for s in iter_steps(initial_state(table.config, table.players), table.events):
            refused = refused or s.refusal is not None
            chunk.append(encode(step_json(s, args.lang)))
            if len(chunk) == 1000:                  # one write per thousand lines
                out.write("\n".join(chunk) + "\n")
                chunk.clear()
        if chunk:
            out.write("\n".join(chunk) + "\n")
        out.flush()
        return 2 if refused else 0
    steps = replay(table)
    _print_steps(table, steps, args.lang, args.file)
    return 2 if any(s.refusal is not None for s in steps) else 0


def cmd_rules(args: argparse.Namespace) -> int:
    """The table's placard in player words (kill-rules.md section 9), text or HTML."""
    from floorkill.rules import load_table_file
    from floorkill.rules.names import safe_text
    from floorkill.rules.placard import placard_html, placard_text

    cfg = load_table_file(args.file).config
    out = placard_html(cfg, args.lang) if args.html else placard_text(cfg, args.lang)
    if args.output is not None:
        from floorkill.store.atomic import atomic_write_text
        try:
            atomic_write_text(args.output, out)
        except OSError as exc:
            raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from None
        return 0
    sys.stdout.write("\n".join(safe_text(line) for line in out.split("\n")))
    sys.stdout.flush()
    return 0


def refusal_where(file, table, index: int) -> str:
    """``FILE:LINE`` of the index-th (1-based) event of a table file, as import names it."""
    lines = getattr(table, "event_lines", ())
    line = lines[index - 1] if 0 < index <= len(lines) else None
    return f"{file}:{line}" if line else str(file)


def _print_steps(table, steps, lang: str, file="<table>") -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from floorkill.rules.names import one_line, safe_text
    from floorkill.rules.replay import step_json

    console = Console(highlight=False)
    cfg = table.config
    console.print(Text(f"{safe_text(cfg.name)} — {cfg.game} {cfg.stakes_text()} — "
                       f"kill: {cfg.kill.kind} {', '.join(cfg.kill.triggers) or '-'}", style="bold"))
    for s in steps:
        data = step_json(s, lang)
        where = refusal_where(file, table, s.index)
        line = where.rpartition(":")[2] if where != str(file) else None
        at = f" (line {line})" if line else ""
        t = Table(title=Text(safe_text(f"event {s.index}{at}: {data['type']} — hand {data['hand']}")),
                  show_header=False, expand=False, title_justify="left")
        t.add_column(style="dim")
        t.add_column()
        raw = json.dumps(dict(s.raw), ensure_ascii=False, default=str)   # dates, times as text
        t.add_row("event", Text(one_line(raw, 300)))
        if s.refusal is not None:
            cites = ", ".join(s.refusal.cites)
            t.add_row("REFUSED", Text(safe_text(f"{where}: " + s.refusal.text(lang))
                                      + (f" [{cites}]" if cites else ""), style="bold red"))
        b = data["button"]
        who = f"seat {b['seat']} {b['player']}" if b["seat"] is not None else ""
        t.add_row("kill button", Text(safe_text(f"{b['status']} {who}".strip())))
        n = data["next"]
        nxt = f"dealer {n['dealer']}, limits {'-'.join(n['limits'])}"
        if n["killed"]:
            nxt += f", KILL by seat {n['killer']} for {n['kill_blind']}"
        t.add_row("next hand", Text(nxt))
        for d in s.decisions:
            t.add_row(d.code, Text(safe_text(d.text(lang)) + f" [{', '.join(d.cites)}]"))
        if data["barred"]:
            t.add_row("barred", Text(safe_text(", ".join(f"{o['player']} owes {o['owes']}"
                                                         for o in data["barred"]))))
        console.print(t)
    for s in steps:                      # the refusals again, one line each, as import says them
        if s.refusal is not None:
            cites = f" [{', '.join(s.refusal.cites)}]" if s.refusal.cites else ""
            etype = s.raw.get("type") if isinstance(s.raw, dict) else None
            console.print(Text(safe_text(f"floorkill: {refusal_where(file, table, s.index)}: event "
                                         f"{s.index} ({etype}) refused: {s.refusal.text(lang)}"
                                         f"{cites}"), style="bold red"), soft_wrap=True)


if __name__ == "__main__":
    raise SystemExit(main())
