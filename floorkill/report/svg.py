"""Inline SVG charts for the shift report: plain strings, no outside references.

Every chart is readable without colour: the kill pots are hatched, leg-up runs are
dotted, the counts are printed in the cells. Text is escaped with :func:`esc`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import datetime

from floorkill.rules.names import safe_text

COLOURS = {"neutral": "#d8dde3", "leg-up": "#e8a317", "killed": "#b3261e"}

# The patterns every chart refers to: defined once in the page (one hidden <svg>).
DEFS = (
    '<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>'
    '<pattern id="fk-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="6" height="6" fill="#b3261e"/>'
    '<line x1="0" y1="0" x2="0" y2="6" stroke="#fff" stroke-width="2"/></pattern>'
    '<pattern id="fk-dots" width="4" height="4" patternUnits="userSpaceOnUse">'
    '<rect width="4" height="4" fill="#e8a317"/><circle cx="2" cy="2" r="0.9" fill="#fff"/>'
    "</pattern></defs></svg>"
)
FILLS = {"neutral": COLOURS["neutral"], "leg-up": "url(#fk-dots)", "killed": "url(#fk-hatch)"}


def esc(text: object) -> str:
    """Text for HTML and SVG: control characters replaced, markup characters escaped."""
    return html.escape(safe_text(str(text)), quote=True)


def runs(statuses: Sequence[str]) -> list[tuple[int, int, str]]:
    """(first index, length, status) of each run of equal statuses."""
    out: list[tuple[int, int, str]] = []
    start = 0
    for end in range(1, len(statuses) + 1):
        if end == len(statuses) or statuses[end] != statuses[start]:
            out.append((start, end - start, statuses[start]))
            start = end
    return out


def timeline(
    statuses: Sequence[str],
    ticks: Sequence[tuple[int, str]],
    labels: dict[str, str],
    *,
    width: int = 1000,
    height: int = 26,
    title: str = "",
) -> str:
    """One band: each hand a slice coloured by the button status it was played under.
    ``ticks`` are (hand index, label) marks under the band. One path per status (a night of
    a thousand hands stays a few kilobytes)."""
    count = len(statuses)
    total_height = height + (14 if ticks else 0)
    parts = [
        f'<svg class="timeline" viewBox="0 0 {width} {total_height}" width="100%" '
        f'preserveAspectRatio="none" role="img" aria-label="{esc(title)}">'
    ]
    if title:
        parts.append(f"<title>{esc(title)}</title>")
    parts.append(
        f'<rect width="{width}" height="{height}" fill="{COLOURS["neutral"] if count else "#f4f5f7"}"/>'
    )
    paths: dict[str, list[str]] = {"leg-up": [], "killed": []}
    counts: dict[str, int] = {"neutral": 0, "leg-up": 0, "killed": 0}
    for first, length, status in runs(statuses):
        counts[status] = counts.get(status, 0) + length
        if status in paths:
            left = width * first / count
            run_width = width * length / count
            paths[status].append(f"M{left:.1f} 0h{run_width:.1f}v{height}h-{run_width:.1f}z")
    for status in ("neutral", "leg-up", "killed"):
        if status in paths and paths[status]:
            parts.append(
                f'<path d="{"".join(paths[status])}" fill="{FILLS[status]}" '
                f'data-status="{status}" data-hands="{counts[status]}">'
                f"<title>{esc(labels.get(status, status))}: {counts[status]}</title></path>"
            )
    for index, label in ticks:
        left = width * index / max(1, count)
        anchor = "start" if index == 0 else ("end" if index >= count - 1 else "middle")
        parts.append(
            f'<line x1="{left:.1f}" y1="0" x2="{left:.1f}" y2="{height + 3}" '
            'stroke="#333" stroke-width="1"/>'
            f'<text x="{left:.1f}" y="{total_height - 1}" font-size="11" text-anchor="{anchor}">'
            f"{esc(label)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def legend(labels: dict[str, str]) -> str:
    items = []
    for status in ("neutral", "leg-up", "killed"):
        items.append(
            f'<span class="key"><svg width="14" height="12" aria-hidden="true">'
            f'<rect width="14" height="12" fill="{FILLS[status]}" stroke="#555" '
            f'stroke-width="0.5"/></svg> {esc(labels[status])}</span>'
        )
    return '<p class="legend">' + " ".join(items) + "</p>"


def bars(
    values: Sequence[tuple[str, int]], *, width: int = 640, height: int = 150, title: str = ""
) -> str:
    """A vertical bar chart, the count printed over each bar."""
    count = len(values)
    top = max((value for _, value in values), default=0) or 1
    pad_b, pad_t = 18, 14
    plot = height - pad_b - pad_t
    parts = [
        f'<svg class="bars" viewBox="0 0 {width} {height}" width="100%" role="img" '
        f'aria-label="{esc(title)}">'
    ]
    if title:
        parts.append(f"<title>{esc(title)}</title>")
    slot = width / max(1, count)
    bw = min(44.0, max(2.0, slot * 0.7))
    for index, (label, value) in enumerate(values):
        left = index * slot + (slot - bw) / 2
        bh = plot * value / top
        bar_top = pad_t + plot - bh
        parts.append(
            f'<rect x="{left:.2f}" y="{bar_top:.2f}" width="{bw:.2f}" height="{bh:.2f}" '
            f'fill="url(#fk-hatch)" stroke="#b3261e" data-value="{value}"/>'
        )
        if value:
            parts.append(
                f'<text x="{left + bw / 2:.2f}" y="{bar_top - 3:.2f}" font-size="11" '
                f'text-anchor="middle">{value}</text>'
            )
        parts.append(
            f'<text x="{left + bw / 2:.2f}" y="{height - 5}" font-size="10" '
            f'text-anchor="middle">{esc(label)}</text>'
        )
    parts.append(
        f'<line x1="0" y1="{pad_t + plot}" x2="{width}" y2="{pad_t + plot}" stroke="#333"/></svg>'
    )
    return "".join(parts)


def heatmap(
    rows: Sequence[tuple[str, Sequence[int]]],
    columns: Sequence[str],
    *,
    title: str = "",
    cell: int = 34,
    label_width: int = 230,
) -> str:
    """Rows (a table each) by columns (clock hours): each cell shaded by its count, the
    count written in it."""
    n_rows, n_cols = len(rows), len(columns)
    top = max((value for _, vs in rows for value in vs), default=0) or 1
    head = 18
    total_width = label_width + n_cols * cell
    total_height = head + n_rows * 20
    parts = [
        f'<svg class="heatmap" viewBox="0 0 {total_width} {total_height}" width="{total_width}" height="{total_height}" '
        f'style="max-width:100%;height:auto" role="img" aria-label="{esc(title)}">'
    ]
    if title:
        parts.append(f"<title>{esc(title)}</title>")
    for column, col in enumerate(columns):
        left = label_width + column * cell + cell / 2
        parts.append(
            f'<text x="{left:.1f}" y="12" font-size="10" text-anchor="middle">{esc(col)}</text>'
        )
    for row, (label, values) in enumerate(rows):
        row_top = head + row * 20
        short = label if len(label) <= 34 else label[:33] + "…"
        parts.append(
            f'<text x="{label_width - 6}" y="{row_top + 14}" font-size="11" '
            f'text-anchor="end"><title>{esc(label)}</title>{esc(short)}</text>'
        )
        for column, value in enumerate(values):
            left = label_width + column * cell
            shade = 0 if not value else 0.25 + 0.75 * value / top
            fill = f"rgba(179,38,30,{shade:.2f})" if value else "#f4f5f7"
            parts.append(
                f'<rect x="{left}" y="{row_top}" width="{cell - 2}" height="18" fill="{fill}" '
                f'stroke="#ccc" stroke-width="0.5" data-value="{value}"/>'
            )
            if value:
                colour = "#fff" if shade > 0.6 else "#000"
                parts.append(
                    f'<text x="{left + (cell - 2) / 2:.1f}" y="{row_top + 13}" font-size="11" '
                    f'text-anchor="middle" fill="{colour}">{value}</text>'
                )
    parts.append("</svg>")
    return "".join(parts)


def hour_label(hour: datetime, with_day: bool = False) -> str:
    return hour.strftime("%d.%m %H:00" if with_day else "%H:00")
