"""Every journal command's refusal, run in one language: ``python journal_errors_child.py
LOCALE_DIR ROOT TMP LANG`` prints a JSON object {what was tried: what the command said}.

The pseudo-locale test reads it in ``xx`` (no English word may be left); in English it is
what each refusal says, byte for byte. Each scenario is one command a floorperson could
type that the journal refuses (a bad file, a journal that is not one, a table that is not
there, a file in the way)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sqlite3
import sys
from pathlib import Path

import floorkill.catalog as catalog

catalog.LOCALE_DIR = Path(sys.argv[1])
root, tmp, lang = Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]

from floorkill.cli import main  # noqa: E402 - after the locale folder is set

SAMPLE = root / "sample_tables" / "holdem-4-8-half-two-pots.toml"
OTHER = root / "sample_tables" / "omaha8-10-20-scoop.toml"


def run(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            main([*args, "--lang", lang])
        except SystemExit:
            pass
    return out.getvalue().replace(str(tmp), "TMP").replace(str(root), "ROOT")


texts: dict[str, str] = {}
journal = str(tmp / "j.db")
run("import", "--journal", journal, "--floorperson", "Жанна", str(SAMPLE))
text = SAMPLE.read_text(encoding="utf-8")
name = text.split('name = "', 1)[1].split('"', 1)[0]

# import
(tmp / "a-folder").mkdir()
(tmp / "a-file.txt").write_text("not a journal\n", encoding="utf-8")
other_db = tmp / "other.db"
with contextlib.closing(sqlite3.connect(other_db)) as conn:
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
texts["import a bad file"] = run(
    "import", "--journal", journal, str(root / "tests" / "fixtures" / "bad" / "stud-full-kill.toml")
)
texts["import into a folder"] = run("import", "--journal", str(tmp / "a-folder"), str(SAMPLE))
texts["import into a text file"] = run("import", "--journal", str(tmp / "a-file.txt"), str(SAMPLE))
texts["import into another database"] = run("import", "--journal", str(other_db), str(SAMPLE))
texts["import under a file"] = run(
    "import", "--journal", str(tmp / "a-file.txt" / "j.db"), str(SAMPLE)
)
set_up = tmp / "set-up.toml"  # the same table, one player starting with another stack
set_up.write_text(text.replace("stack = ", "stack = 1", 1), "utf-8")
texts["import another set-up"] = run("import", "--journal", journal, str(set_up))
head, _, events = text.partition("[[events]]")
changed = tmp / "changed.toml"  # the first event changed
changed.write_text(
    head + "[[events]]" + events.replace('type = "hand"', 'type = "away"', 1), "utf-8"
)
texts["import a changed event"] = run("import", "--journal", journal, str(changed))

# export
texts["export a table not there"] = run("export", "--journal", journal, "--table", "T99")
texts["export no journal"] = run("export", "--journal", str(tmp / "none.db"), "--table", name)
texts["export into a folder"] = run(
    "export", "--journal", journal, "--table", name, "--output", str(tmp / "a-folder")
)
texts["export from a text file"] = run(
    "export", "--journal", str(tmp / "a-file.txt"), "--table", name
)
texts["export from another database"] = run("export", "--journal", str(other_db), "--table", name)

# verify, head, key
texts["verify a bad head"] = run("verify", "--journal", journal, "--head", "nothing")
bad_key = tmp / "bad.key"
bad_key.write_text("0123\n", encoding="utf-8")
texts["verify a bad key file"] = run("verify", "--journal", journal, "--key", str(bad_key))
texts["verify a missing key file"] = run(
    "verify", "--journal", journal, "--key", str(tmp / "none.key")
)
key_file = os.environ.get("FLOORKILL_KEY_FILE")
os.environ["FLOORKILL_KEY_FILE"] = str(bad_key)
texts["key of a file that is not one"] = run("key")
texts["key --new over a key file"] = run("key", "--new")
if key_file is None:
    del os.environ["FLOORKILL_KEY_FILE"]
else:
    os.environ["FLOORKILL_KEY_FILE"] = key_file
texts["head no journal"] = run("head", "--journal", str(tmp / "none.db"))
texts["head of a text file"] = run("head", "--journal", str(tmp / "a-file.txt"))

newer = tmp / "newer.db"  # a journal of a layout this floorkill does not read yet
run("import", "--journal", str(newer), "--floorperson", "Жанна", str(SAMPLE))
with contextlib.closing(sqlite3.connect(newer)) as conn:
    conn.execute("DROP TRIGGER IF EXISTS meta_no_update")
    conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    conn.commit()
texts["head of a newer journal"] = run("head", "--journal", str(newer))
texts["export from a newer journal"] = run("export", "--journal", str(newer), "--table", name)
texts["import into a newer journal"] = run("import", "--journal", str(newer), str(SAMPLE))

# backup
texts["backup onto a file"] = run("backup", "--journal", journal, "--to", str(tmp / "a-file.txt"))
texts["backup onto itself"] = run("backup", "--journal", journal, "--to", journal)
texts["backup into no folder"] = run(
    "backup", "--journal", journal, "--to", str(tmp / "no-folder" / "b.db")
)
texts["backup no journal"] = run(
    "backup", "--journal", str(tmp / "none.db"), "--to", str(tmp / "b.db")
)

# migrate
texts["migrate no journal"] = run(
    "migrate", "--from", str(tmp / "none.db"), "--to", str(tmp / "m.db")
)
texts["migrate onto a file"] = run("migrate", "--from", journal, "--to", str(tmp / "a-file.txt"))
full = tmp / "full.db"
run("import", "--journal", str(full), "--floorperson", "Жанна", str(OTHER))
texts["migrate into a journal"] = run("migrate", "--from", journal, "--to", str(full))

# report
texts["report no journal"] = run(
    "report", "--journal", str(tmp / "none.db"), "--output", str(tmp / "r.html")
)
texts["report of a text file"] = run(
    "report", "--journal", str(tmp / "a-file.txt"), "--output", str(tmp / "r.html")
)
texts["report a table not there"] = run(
    "report", "--journal", journal, "--table", "T99", "--output", str(tmp / "r.html")
)
texts["report from a time it cannot read"] = run(
    "report", "--journal", journal, "--from", "yesterday", "--output", str(tmp / "r.html")
)
texts["report to a time before its start"] = run(
    "report",
    "--journal",
    journal,
    "--from",
    "2026-11-30T18:00",
    "--to",
    "2026-11-30T12:00",
    "--output",
    str(tmp / "r.html"),
)
texts["report into a folder"] = run(
    "report", "--journal", journal, "--output", str(tmp / "a-folder")
)

# rules into a folder, replay of a file nested too deeply
texts["rules into a folder"] = run("rules", str(SAMPLE), "--output", str(tmp / "a-folder"))
deep = tmp / "deep.toml"
deep.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
texts["replay nested too deeply"] = run("replay", str(deep))

# the podium: an entry the room moved under, each table command the journal refuses
sys.path.insert(0, str(root / "tests" / "store"))
from storehelp import bar_p3_at_table_8, table  # noqa: E402

from floorkill.floor import Floor  # noqa: E402
from floorkill.i18n import set_lang  # noqa: E402
from floorkill.store.backend import open_journal  # noqa: E402
from floorkill.store.errors import JournalError, RoomChanged  # noqa: E402
from floorkill.store.session import MemorySession  # noqa: E402
from floorkill.ui.podium.table_actions import TableActions  # noqa: E402
from floorkill.ui.widgets.hand_entry import not_recorded  # noqa: E402

set_lang(lang)


class Podium:
    """What the podium's table commands need to say a refusal: its language, its notices."""

    lang = lang

    def __init__(self) -> None:
        self.said: list[str] = []

    def notify(self, message: str, **_options: object) -> None:
        self.said.append(message)


room_journal = tmp / "room.db"
with (
    open_journal(room_journal, floorperson="ann") as journal_a,
    open_journal(room_journal, floorperson="bob") as journal_b,
):
    podium_a = Floor(journal_a.create_table(table("Table 7")))
    podium_b = Floor(journal_b.create_table(table("Table 8")))
    podium_a.tables.room()
    hand = {"type": "hand", "winner": 5}
    podium_a.preview(hand)
    shown = podium_a.room_shown()
    bar_p3_at_table_8(podium_b)
    try:
        podium_a.commit(hand, podium_a.session, len(podium_a.session), shown)
    except RoomChanged as exc:
        texts["podium: the room changed under an entry"] = not_recorded(exc, lang)
    podium = Podium()
    seven = table("Table 7")
    in_memory = Floor(MemorySession(seven.config, seven.players))
    for name, attempt in (  # a new table of a name taken, one not there, one open in memory
        ("Table 8", lambda: journal_a.create_table(table("Table 8"))),
        ("T99", lambda: journal_a.open_table("T99")),
        ("Table 7", lambda: in_memory.tables.create(table("Table 7"))),
    ):
        try:
            attempt()
        except (JournalError, ValueError) as exc:
            TableActions._cannot_open(podium, name, exc)  # type: ignore[arg-type]
    texts["podium: table commands refused"] = "\n".join(podium.said)
    assert len(podium.said) == 3, podium.said

# a PostgreSQL journal's refusals, as the podium's entry line and a command say them (what
# the server itself says is its own text: here a stand-in, x1)
import psycopg  # noqa: E402

from floorkill.store.pg import pg_error  # noqa: E402

where = "postgresql://floor@db/room"
said = []
for problem, writing in (
    (psycopg.errors.InsufficientPrivilege("x1"), True),
    (psycopg.errors.LockNotAvailable("x1"), True),
    (psycopg.OperationalError("x1"), True),
    (psycopg.OperationalError("x1"), False),
):
    error = pg_error(where, problem, writing=writing)
    said += [not_recorded(error, lang), error.text(lang)]
texts["postgresql refusals"] = "\n".join(said)

print(json.dumps(texts, ensure_ascii=False))
