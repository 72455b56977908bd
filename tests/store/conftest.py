import sys
from pathlib import Path

import pytest

# Run from a checkout without installing the package; make storehelp importable.
_ROOT = str(Path(__file__).resolve().parents[2])
_HERE = str(Path(__file__).resolve().parent)
for p in (_ROOT, _HERE):
    if p not in sys.path:
        sys.path.insert(0, p)


@pytest.fixture(autouse=True)
def _keep_user_data_out(tmp_path, monkeypatch):
    """Never touch the user's real journal or data dir."""
    monkeypatch.setenv("FLOORKILL_JOURNAL", str(tmp_path / "default-journal.db"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.delenv("FLOORKILL_FLOORPERSON", raising=False)


@pytest.fixture(scope="session")
def scene_file(tmp_path_factory):
    """The tampering tests' scene (tamper.scene), built once: copy it before changing it."""
    from tamper import scene

    path = tmp_path_factory.mktemp("scene") / "scene.db"
    scene(path)
    return path


@pytest.fixture
def verify_in_two_processes(monkeypatch):
    """Every file verify of the test runs as a big file's does: two processes, the replay
    split by table (issue 18). Yields the modes each verify ran in."""
    from floorkill.store import audit

    seen: list[str] = []
    children: list[bool] = []
    real, real_start = audit._verify_file, audit._start_child

    def spy(path, key, anchor, mode):
        seen.append(mode)
        return real(path, key, anchor, mode)

    def start(*args):
        children.append(True)
        return real_start(*args)

    monkeypatch.setattr(audit, "PARALLEL_MIN", 0)
    monkeypatch.setattr(audit, "cores", lambda: 2)
    monkeypatch.setattr(audit, "_verify_file", spy)
    monkeypatch.setattr(audit, "_start_child", start)
    yield seen
    assert not seen or children, seen  # a verify ran: it started the other process
