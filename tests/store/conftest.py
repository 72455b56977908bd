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
