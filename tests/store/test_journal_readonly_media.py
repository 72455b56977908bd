"""Where an auditor reads: a read-only mount, a read-only account, a copy without its -shm.
verify, export, head and the big screen work there (SQLite `immutable=1` where no -shm can be
made), and say how the journal was opened.

The tests run as root here: a read-only account is a child process switched to `nobody`
(uid 65534), a read-only mount is a private bind mount (`unshare -m`). Either is skipped
where the machine cannot do it.
"""

from __future__ import annotations

import os
import shutil
import site
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from storehelp import ROOT, hand_events, table

from floorkill.store.journal import Journal
from floorkill.store.readonly import ReadOnlyJournal, open_readonly

NOBODY = 65534

FOLLOW = """
import sys
from floorkill.ui.big_screen.terminal import Follower
pic = Follower(sys.argv[1], grace=0).poll()
print(pic.waiting, [(t.name, t.seq, t.state.hands) for t in pic.tables])
"""


def make_journal(path: Path, n: int = 30, close: bool = True) -> Journal | None:
    j = Journal(path, "fp", snapshot_every=8, mac_key=None)
    s = j.create_table(table("Table 9"))
    s.append_many(hand_events(n))
    if close:
        j.close()  # the last close checkpoints: no -wal, no -shm
        return None
    return j


@pytest.fixture
def public_dir():
    """A folder every account can read (pytest's own tmp is root-only)."""
    d = Path(tempfile.mkdtemp(prefix="floorkill-ro-", dir="/tmp"))
    d.chmod(0o755)
    yield d
    for p in d.rglob("*"):
        if p.is_dir():
            p.chmod(0o755)
    shutil.rmtree(d, ignore_errors=True)


def _env(home: Path) -> dict[str, str]:
    paths = [str(ROOT), *site.getsitepackages()]
    return {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": os.pathsep.join(paths),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "FLOORKILL_KEY_FILE": str(home / "no.key"),
        "PYTHONDONTWRITEBYTECODE": "1",
    }


def _drop_to_nobody():
    os.setgroups([])
    os.setgid(NOBODY)
    os.setuid(NOBODY)


def _nobody_python(home: Path) -> str:
    if os.geteuid() != 0:
        pytest.skip("needs root to switch to a read-only account")
    for exe in (sys.executable, "/usr/bin/python3"):
        try:
            r = subprocess.run(
                [exe, "-c", "import floorkill.store.readonly, textual"],
                env=_env(home),
                preexec_fn=_drop_to_nobody,
                capture_output=True,
                timeout=60,
            )
        except OSError:
            continue
        if r.returncode == 0:
            return exe
    pytest.skip("no interpreter the 'nobody' account can run with floorkill importable")


def as_nobody(
    home: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    exe = _nobody_python(home)
    return subprocess.run(
        [exe, *args],
        env={**_env(home), **(env or {})},
        preexec_fn=_drop_to_nobody,
        capture_output=True,
        text=True,
        timeout=120,
    )


# -- in process: the fallback and its notice ---------------------------------------------


def test_a_copy_without_shm_in_a_writable_folder_opens_normally(tmp_path):
    make_journal(tmp_path / "j.db")
    assert not (tmp_path / "j.db-shm").exists()
    conn, notice = open_readonly(tmp_path / "j.db")
    assert notice is None and conn.execute("SELECT count(*) FROM events").fetchone()[0] == 31
    conn.close()


# -- a read-only account --------------------------------------------------------------------


def test_read_only_account_copy_without_shm(public_dir):
    src = public_dir / "src"
    src.mkdir()
    make_journal(src / "j.db")
    ro = public_dir / "ro"
    ro.mkdir()
    shutil.copy(src / "j.db", ro / "j.db")  # the auditor's copy: no -wal, -shm
    (ro / "j.db").chmod(0o444)
    ro.chmod(0o555)  # nobody can create a -shm here
    home = public_dir / "home"
    home.mkdir(mode=0o777)
    home.chmod(0o777)
    j = str(ro / "j.db")
    r = as_nobody(home, "-m", "floorkill", "verify", "--journal", j)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "hash chain whole: 31 rows" in r.stdout
    assert "opened read-only as immutable" in r.stderr
    r = as_nobody(home, "-m", "floorkill", "export", "--journal", j, "--table", "Table 9")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count('type = "hand"') == 30
    # export says how it opened the journal, as verify does: one line on stderr
    assert r.stderr.splitlines() == [
        f"floorkill: note: {j}: opened read-only as immutable "
        "(read-only media, or a copy without its -shm file); what is written to it from "
        "now on is not seen; shown as it stood at row @31, the newest this reader can see"
    ]
    r = as_nobody(
        home, "-m", "floorkill", "export", "--lang", "ru", "--journal", j, "--table", "Table 9"
    )
    assert r.returncode == 0 and "открыт только для чтения как неизменяемый" in r.stderr
    r = as_nobody(home, "-m", "floorkill", "head", "--journal", j)
    assert r.returncode == 0 and r.stdout.strip().endswith("@31")
    r = as_nobody(home, "-c", FOLLOW, j)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "None [('Table 9', 30, 30)]"
    assert sorted(p.name for p in ro.iterdir()) == ["j.db"]  # nothing written beside it


def test_read_only_account_while_the_podium_has_it_open(public_dir):
    """The podium (root) holds the journal with commits still in its -wal; the auditor's
    account reads them through the existing -shm (mode=ro, not immutable)."""
    live = public_dir / "live"
    live.mkdir()
    j = make_journal(live / "j.db", close=False)
    assert j is not None
    try:
        assert (live / "j.db-wal").stat().st_size > 0
        home = public_dir / "home"
        home.mkdir()
        home.chmod(0o777)
        r = as_nobody(home, "-m", "floorkill", "verify", "--journal", str(live / "j.db"))
        assert r.returncode == 0, r.stdout + r.stderr
        assert "31 rows" in r.stdout and "immutable" not in r.stderr
        r = as_nobody(home, "-c", FOLLOW, str(live / "j.db"))
        assert r.stdout.strip() == "None [('Table 9', 30, 30)]", r.stderr
    finally:
        j.close()


# -- a read-only mount ----------------------------------------------------------------------


def _unshare_ok() -> bool:
    if os.geteuid() != 0 or shutil.which("unshare") is None or shutil.which("mount") is None:
        return False
    r = subprocess.run(
        ["unshare", "-m", "sh", "-c", "mount --bind -o ro /tmp /tmp"],
        capture_output=True,
        timeout=30,
    )
    return r.returncode == 0


def test_read_only_mount(public_dir):
    if not _unshare_ok():
        pytest.skip("cannot make a private read-only bind mount here")
    media = public_dir / "media"
    media.mkdir()
    make_journal(media / "j.db")
    home = public_dir / "home"
    home.mkdir()
    j = str(media / "j.db")
    py = sys.executable
    script = (
        f"mount --bind -o ro {media} {media} && "
        f"{py} -m floorkill verify --journal {j} && "
        f"{py} -m floorkill export --journal {j} --table 'Table 9' >/dev/null && "
        f'{py} -c "$FOLLOW" {j} && '
        f"{py} -m floorkill import {ROOT}/tests/store/fixtures/t1.toml --journal {j}"
    )
    r = subprocess.run(
        ["unshare", "-m", "sh", "-c", script],
        env={**_env(home), "FOLLOW": FOLLOW},
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert r.stdout.count("hash chain whole: 31 rows") == 1, r.stdout + r.stderr
    assert r.stderr.count("opened read-only as immutable") >= 2  # processes alike
    assert "None [('Table 9', 30, 30)]" in r.stdout
    # the writer says why it cannot write, in words, never "internal error"
    assert r.returncode == 2
    assert "cannot be written here (read-only file, folder, mount or account)" in r.stderr
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr
    assert sorted(p.name for p in media.iterdir()) == ["j.db"]


# -- the immutable notice names a -wal it cannot read -----------------------------------------


def test_the_notice_names_an_unread_wal(public_dir):
    ro = public_dir / "ro"
    ro.mkdir()
    j = make_journal(ro / "j.db", close=False)
    assert j is not None
    try:
        shutil.copy(ro / "j.db-wal", public_dir / "saved-wal")
    finally:
        j.close()
    copy = public_dir / "copy"
    copy.mkdir()
    shutil.copy(ro / "j.db", copy / "j.db")
    shutil.copy(public_dir / "saved-wal", copy / "j.db-wal")
    copy.chmod(0o555)
    home = public_dir / "home"
    home.mkdir()
    home.chmod(0o777)
    r = as_nobody(home, "-m", "floorkill", "head", "--journal", str(copy / "j.db"))
    assert r.returncode == 0, r.stderr
    code = (
        "import sys; from floorkill.store.readonly import ReadOnlyJournal as R; "
        "r = R(sys.argv[1]); print(r.notice)"
    )
    r = as_nobody(home, "-c", code, str(copy / "j.db"))
    assert "opened read-only as immutable" in r.stdout and "-wal file" in r.stdout, r.stderr


def test_readonly_journal_reports_how_it_opened(tmp_path):
    make_journal(tmp_path / "j.db")
    with ReadOnlyJournal(tmp_path / "j.db") as ro:
        assert ro.notice is None and ro.head()[0] == 31
    c = sqlite3.connect(tmp_path / "j.db")
    assert c.execute("SELECT count(*) FROM events").fetchone()[0] == 31
    c.close()


# -- the shift report on a copy whose -wal holds commits ------------------------------------


def _copy_with_commits_in_its_wal(src: Path, copy: Path) -> tuple[int, int]:
    """A journal checkpointed at @31 and 5 commits more in its -wal, copied (file and -wal,
    no -shm) as a manager would while the podium runs: (rows in the file, the head)."""
    src.mkdir()
    j = make_journal(src / "j.db", close=False)
    assert j is not None
    try:
        j.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        in_file = j.head()[0]
        s = j.open_table("Table 9")
        for ev in hand_events(5):
            s.append(ev)
        head = j.head()[0]
        assert (src / "j.db-wal").stat().st_size > 0
        copy.mkdir()
        shutil.copy(src / "j.db", copy / "j.db")
        shutil.copy(src / "j.db-wal", copy / "j.db-wal")
    finally:
        j.close()
    return in_file, head


def test_report_on_a_copy_with_its_wal_reads_the_wal(tmp_path):
    """A copy in a folder the reader may write: SQLite reads the -wal's commits (it makes
    the -shm beside it); the report is sealed at the real head and says no partial view."""
    in_file, head = _copy_with_commits_in_its_wal(tmp_path / "src", tmp_path / "copy")
    assert (in_file, head) == (31, 36)
    r = subprocess.run(
        [sys.executable, "-m", "floorkill", "report", "--journal", str(tmp_path / "copy/j.db")]
        + ["-o", str(tmp_path / "r.html")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith(f"@{head}"), r.stdout
    assert "35 hands" in r.stdout
    assert "immutable" not in r.stderr and "newest this reader" not in r.stderr


def test_report_on_a_read_only_copy_with_its_wal_says_the_head_it_saw(public_dir):
    """The same copy where the reader cannot make a -shm (another account, a read-only
    folder): the -wal cannot be read; the report seals what it saw and says so — on
    stderr and at the top of the report — naming the -wal and the head @31 (not @36)."""
    copy = public_dir / "copy"
    in_file, head = _copy_with_commits_in_its_wal(public_dir / "src", copy)
    copy.chmod(0o555)
    home = public_dir / "home"
    home.mkdir()
    home.chmod(0o777)
    out = home / "r.html"
    r = as_nobody(
        home, "-m", "floorkill", "report", "--journal", str(copy / "j.db"), "-o", str(out)
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith(f"@{in_file}"), r.stdout  # what it could see
    assert "30 hands" in r.stdout
    note = r.stderr
    assert "opened read-only as immutable" in note
    assert "-wal file" in note and "the newest commits in it are not seen" in note
    assert f"shown as it stood at row @{in_file}, the newest this reader can see" in note
    html = out.read_text(encoding="utf-8")
    assert 'data-k="notes"' in html and f"row @{in_file}, the newest this reader can see" in html
    assert sorted(p.name for p in copy.iterdir()) == ["j.db", "j.db-wal"]  # nothing written
