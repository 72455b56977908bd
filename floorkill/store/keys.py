"""The optional journal key: HMAC-SHA256 over every row's hash, kept outside the journal.

The key lives in the user config directory (``~/.config/floorkill/journal.key`` on
Linux; ``$FLOORKILL_KEY_FILE`` overrides the path), never in the journal. When it exists,
every row a writer appends carries ``mac = HMAC(key, journal id, gseq, row hash)``, and
`floorkill verify` (on a machine holding the same key) fails on a row whose MAC is missing
or wrong: a forged append, or a chain rebuilt with the sqlite3 shell, needs the key.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from floorkill.i18n import Phrase
from floorkill.store.errors import JournalError
from floorkill.system_errors import os_cause

KEY_BYTES = 32


def key_path() -> Path:
    """``$FLOORKILL_KEY_FILE``, else ``key_file`` of the settings file, else journal.key in
    the user config directory."""
    from floorkill.settings import current

    return current().key_file


def read_key(path: str | Path) -> bytes:
    """The key in a key file (64 hex digits); JournalError with one line if it is not one."""
    path = Path(path)
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        raise JournalError(Phrase("{path}: no key file there", path=str(path))) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise JournalError(
            Phrase(
                "{path}: cannot read the key file: {error}",
                path=str(path),
                error=os_cause(exc) if isinstance(exc, OSError) else str(exc),
            )
        ) from None
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise JournalError(
            Phrase(
                "{path}: not a floorkill key ({digits} hex digits expected)",
                path=str(path),
                digits=KEY_BYTES * 2,
            )
        )
    return key


def load_key(path: str | Path | None = None) -> bytes | None:
    """The user's key, or None when there is no key file (a MAC is optional)."""
    path = key_path() if path is None else Path(path)
    if not path.exists():
        return None
    return read_key(path)


def create_key(path: str | Path | None = None) -> Path:
    """Write a new random key (mode 0600, never over an existing one); returns its path."""
    path = key_path() if path is None else Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise JournalError(
            Phrase(
                "{path}: a key is already there (it is never overwritten: rows MAC'd with it "
                "could no longer be checked)",
                path=str(path),
            )
        ) from None
    except OSError as exc:
        raise JournalError(
            Phrase("{path}: cannot write the key: {error}", path=str(path), error=os_cause(exc))
        ) from None
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(secrets.token_hex(KEY_BYTES) + "\n")
        f.flush()
        os.fsync(f.fileno())
    return path


def key_id(key: bytes) -> str:
    """A short fingerprint to tell keys apart (reveals nothing of the key)."""
    import hashlib

    return hashlib.sha256(b"floorkill-key-id\n" + key).hexdigest()[:12]
