"""The hash chain half of `floorkill verify`: sequences, links, row hashes, MACs, the anchor.

:class:`ChainPass` checks what the chain alone proves, row by row, in ``gseq`` order:

* the global sequence has no gap (rows removed, inserted or renumbered);
* each ``prev_hash`` is the previous row's ``hash`` (the journal's meta mixed in at the
  seed point, :func:`~floorkill.store.schema.chain_seed`);
* each ``hash`` is recomputed from the row's own content (:func:`row_content`);
* with a key, each row's MAC (a forged append or a chain rebuilt without the key fails);
* with an anchor ``HASH@SEQ``, the chain value at that gseq.

It knows nothing of the rules: :class:`floorkill.store.audit.ChainAudit` runs it and the
replay over the same rows (every row's problems in the order a reader expects them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from floorkill.i18n import NPhrase, Phrase, Said
from floorkill.store.schema import (
    CHAIN_COLUMNS,
    GENESIS,
    chain_seed,
    row_content,
    row_hash,
    row_mac,
    seed_point,
)


def where(gseq: Any, tbl: Any, seq: Any) -> Phrase:
    return Phrase("row gseq {gseq} (table {table}, seq {seq})", gseq=gseq, table=repr(tbl), seq=seq)


HEADS = 1 << 16  # rows whose chain value a seal may name (about 8 MB of hashes)


class ChainPass:
    """The chain checks of every row fed (tuples in :data:`CHAIN_COLUMNS` order).

    ``problem(text)`` receives each problem as it is found; ``warnings`` is appended to
    (at :meth:`finish`)."""

    def __init__(
        self,
        meta: Mapping[str, str],
        problem: Callable[[Phrase], None],
        warnings: list[str],
        *,
        key: bytes | None = None,
        anchor: tuple[int, str] | None = None,
    ) -> None:
        self.meta = dict(meta)
        self.problem = problem
        self.warnings = warnings
        self.key = key
        self.anchor = anchor
        self.seed_at = seed_point(self.meta)
        self.prev = GENESIS
        if self.seed_at == 0:
            self.prev = chain_seed(GENESIS, self.meta)
        self.last_gseq = 0
        self.rows = 0
        self.macs = 0
        self.first_mac: int | None = None
        self.unmacced_before = 0
        self.anchor_values: list[str] = []  # the row's hash, and the seed if it is one
        if anchor is not None and anchor[0] == 0:
            self.anchor_values = [self.prev]
        # the chain value after each of the last HEADS rows (a ring, by gseq), while the
        # global sequence has no gap: what a shift's seal names (HASH@SEQ, a head read
        # seconds before the seal) is checked against them
        self.heads: list[str] = [""] * HEADS
        self.in_order = 0  # the last gseq passed with no gap before it

    def feed(self, row: tuple) -> None:
        (
            gseq,
            tbl,
            seq,
            type_,
            schema,
            payload,
            rules,
            decisions,
            result,
            hand,
            who,
            at,
            target,
            stored_prev,
            stored_hash,
            digest,
            mac,
        ) = row
        self.rows += 1
        if gseq != self.last_gseq + 1:
            self.problem(
                Phrase(
                    "{row}: the global sequence jumps from {last} to {gseq} (rows were "
                    "removed, inserted or renumbered)",
                    row=where(gseq, tbl, seq),
                    last=self.last_gseq,
                    gseq=gseq,
                )
            )
        if stored_prev != self.prev:
            if self.seed_at is not None and self.last_gseq == self.seed_at:
                self.problem(
                    Phrase(
                        "{row}: prev_hash does not match the chain's seed: the journal's "
                        "meta (schema, created, id) was changed ({meta})",
                        row=where(gseq, tbl, seq),
                        meta=self._meta_text(),
                    )
                )
            else:
                self.problem(
                    Phrase(
                        "{row}: prev_hash does not match the previous row's hash (a row was "
                        "changed, removed or inserted before it)",
                        row=where(gseq, tbl, seq),
                    )
                )
        try:
            content = row_content(
                gseq,
                tbl,
                seq,
                type_,
                schema,
                payload,
                rules,
                decisions,
                result,
                hand,
                who,
                at,
                target,
                digest,
            )
            if row_hash(stored_prev, content) != stored_hash:
                self.problem(
                    Phrase(
                        "{row}: hash does not match the row's content (the row was changed)",
                        row=where(gseq, tbl, seq),
                    )
                )
        except (TypeError, ValueError) as exc:
            self.problem(
                Phrase("{row}: unreadable row: {error}", row=where(gseq, tbl, seq), error=str(exc))
            )
        if mac is not None or self.key is not None:
            self._check_mac(gseq, tbl, seq, stored_hash, mac)
        self.prev = stored_hash if isinstance(stored_hash, str) else ""
        if self.seed_at is not None and gseq == self.seed_at:
            self.prev = chain_seed(self.prev, self.meta)
        if type(gseq) is not int or type(seq) is not int:  # text or a float in SQLite
            self.last_gseq += 1  # (the replay names it: ChainAudit.feed)
            return
        self.last_gseq = gseq
        if gseq == self.in_order + 1:
            self.in_order = gseq
            self.heads[gseq % HEADS] = self.prev
        if self.anchor is not None and gseq == self.anchor[0]:
            self.anchor_values = [str(stored_hash), self.prev]

    def _meta_text(self) -> str:
        return ", ".join(f"{key}={value}" for key, value in sorted(self.meta.items()))

    def _check_mac(self, gseq, tbl, seq, stored_hash: str, mac: str | None) -> None:
        if mac is not None:
            self.macs += 1
        if self.key is None:
            return
        if mac is None:
            if self.first_mac is None:
                self.unmacced_before += 1
            else:
                self.problem(
                    Phrase(
                        "{row}: no MAC, though the rows before it carry one (a row added "
                        "without the key)",
                        row=where(gseq, tbl, seq),
                    )
                )
            return
        if mac != row_mac(self.key, self.meta.get("id", ""), gseq, str(stored_hash)):
            self.problem(
                Phrase(
                    "{row}: the MAC does not match under this key (a forged row, a chain "
                    "rebuilt without the key, or another key)",
                    row=where(gseq, tbl, seq),
                )
            )
        elif self.first_mac is None:
            self.first_mac = gseq

    def finish(self) -> None:
        """The key's and the anchor's verdict on the whole chain (after the last row)."""
        if self.key is not None:
            if self.rows and self.first_mac is None and self.seed_at is None:
                self.warnings.append(
                    Said(Phrase("schema-1 journal: its rows carry no MAC (not checked)"))
                )
            elif self.rows and self.first_mac is None:
                self.problem(
                    Phrase(
                        "row gseq 1 onwards: no row carries a MAC under this key (the chain "
                        "was written or rebuilt without the key; --no-key checks a journal "
                        "that was never MAC'd)"
                    )
                )
            elif self.unmacced_before:
                self.warnings.append(
                    Said(
                        Phrase(
                            "rows gseq 1 to {last} carry no MAC (written before the key "
                            "existed); every later row does",
                            last=self.unmacced_before,
                        )
                    )
                )
        elif self.macs:
            self.warnings.append(
                Said(
                    NPhrase(
                        "{n} row carries a MAC, not checked: no key here (--key FILE)",
                        "{n} rows carry a MAC, not checked: no key here (--key FILE)",
                        self.macs,
                    )
                )
            )
        if self.anchor is not None:
            a_seq, a_hash = self.anchor
            if a_seq > self.last_gseq:
                self.problem(
                    Phrase(
                        "row gseq {anchor} (the anchor): the journal ends at gseq {last}: "
                        "rows {first_cut} to {anchor} were cut, or the file was replaced",
                        anchor=a_seq,
                        last=self.last_gseq,
                        first_cut=self.last_gseq + 1,
                    )
                )
            elif not any(anchor_value.startswith(a_hash) for anchor_value in self.anchor_values):
                value = self.anchor_values[-1] if self.anchor_values else "?"
                self.problem(
                    Phrase(
                        "row gseq {anchor} (the anchor): the chain there is {value}…, the "
                        "anchor says {hash}…: the journal up to gseq {anchor} was changed, "
                        "cut or replaced",
                        anchor=a_seq,
                        value=value[:16],
                        hash=a_hash[:16],
                    )
                )

    def head(self) -> tuple[int, str]:
        return self.last_gseq, self.prev

    def names_head(self, gseq: int, hash_: str) -> bool | None:
        """Whether ``hash_`` (16+ hex digits) begins the chain value after row ``gseq``;
        None when that row is not among the last :data:`HEADS` passed in order (a gap
        before it: the chain's own problems say why; or too far back to be held)."""
        if not max(1, self.in_order - HEADS + 1) <= gseq <= self.in_order:
            return None
        return self.heads[gseq % HEADS].startswith(hash_)


# ---------------------------------------------------------------------------
# the second process of a big file's verify


def chain_select(v2_columns: bool) -> str:
    """The SELECT list of the chain's columns (a schema-1 file has no digest or MAC)."""
    return ", ".join(
        column if v2_columns or column not in ("state_hash", "mac") else "NULL"
        for column in CHAIN_COLUMNS
    )
