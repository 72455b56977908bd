"""Why the system refused, as a phrase: an ``OSError`` by its ``errno``, an ``sqlite3``
error by its result code, each said in the language of the line it is part of.

Their English message ids are the words the system itself writes (glibc's ``strerror``,
SQLite's ``sqlite3_errstr``), so an English line reads as it always did. A cause without a
message here is the system's own text, quoted as it is (data, like a name)."""

from __future__ import annotations

import errno

from floorkill.i18n import NC_, Phrase

CONTEXT = "system error"  # (each NC_ below names it literally: the extractor reads literals)

OS_CAUSES = {
    errno.ENOENT: NC_("system error", "No such file or directory"),
    errno.EEXIST: NC_("system error", "File exists"),
    errno.EISDIR: NC_("system error", "Is a directory"),
    errno.ENOTDIR: NC_("system error", "Not a directory"),
    errno.EACCES: NC_("system error", "Permission denied"),
    errno.EPERM: NC_("system error", "Operation not permitted"),
    errno.EROFS: NC_("system error", "Read-only file system"),
    errno.ENOSPC: NC_("system error", "No space left on device"),
    errno.ENOTEMPTY: NC_("system error", "Directory not empty"),
    errno.EADDRINUSE: NC_("system error", "Address already in use"),
    errno.EADDRNOTAVAIL: NC_("system error", "Cannot assign requested address"),
}

SQLITE_CAUSES = {  # primary result codes whose message is always the code's own
    "SQLITE_NOTADB": NC_("system error", "file is not a database"),
    "SQLITE_CORRUPT": NC_("system error", "database disk image is malformed"),
    "SQLITE_BUSY": NC_("system error", "database is locked"),
    "SQLITE_CANTOPEN": NC_("system error", "unable to open database file"),
    "SQLITE_READONLY": NC_("system error", "attempt to write a readonly database"),
    "SQLITE_FULL": NC_("system error", "database or disk is full"),
    "SQLITE_IOERR": NC_("system error", "disk I/O error"),
}


def os_cause(exc: OSError) -> Phrase | str:
    """Why ``exc`` happened: its errno's phrase where the message is the errno's own
    (``exc.strerror``), else its text as it is."""
    said = OS_CAUSES.get(exc.errno) if exc.errno is not None else None
    if said is not None and exc.strerror == said:
        return Phrase(said, context=CONTEXT)
    return str(exc.strerror or exc)


def sqlite_cause(exc: BaseException) -> Phrase | str:
    """Why an SQLite call failed: its result code's phrase where the message is the code's
    own, else its text as it is (a message that names a table or a column)."""
    primary = "_".join((getattr(exc, "sqlite_errorname", None) or "").split("_")[:2])
    said = SQLITE_CAUSES.get(primary)
    if said is not None and str(exc) == said:
        return Phrase(said, context=CONTEXT)
    return str(exc)
