"""The shift report as one self-contained HTML file.

No outside link, font, script or image: the styles are inline, the charts inline SVG,
and a Content-Security-Policy of ``default-src 'none'`` makes any request the browser
might think of fail. Every name and text from the journal goes through
:func:`~floorkill.report.svg.esc`. Print: ``@page`` A4 or Letter, each table on its own
page, rows and charts never cut.

Every number carries ``data-k`` (and its table ``data-table``) so tests read it back.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta, tzinfo

from floorkill.event_words import event_words
from floorkill.i18n import LANGS, in_lang, money, ntr
from floorkill.rules import clauses as catalogue
from floorkill.rules.config import game_name
from floorkill.rules.money import dollars

from . import svg
from .gather import KINDS, Room, TableStats, parse_at, trigger_buckets
from .phrases import t, trigger_word
from .svg import esc

PAPERS = {"a4": "A4", "letter": "letter"}
MAX_KILL_ROWS = 60  # a night's list per table; the dispute view has every one

CSS = """
@page { size: %(paper)s; margin: 13mm 12mm 14mm 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font: 10pt/1.38 "DejaVu Sans", "Segoe UI", Arial, sans-serif; color: #111;
       background: #fff; max-width: 200mm; margin: 0 auto; padding: 8mm 6mm; }
h1 { font-size: 19pt; margin: 0 0 2mm; }
h2 { font-size: 14pt; margin: 7mm 0 2mm; border-bottom: 2px solid #111; padding-bottom: 1mm; }
h3 { font-size: 11pt; margin: 5mm 0 1.5mm; }
p { margin: 1mm 0 2mm; }
.meta { color: #333; margin: 0; }
.meta b { color: #111; }
table { border-collapse: collapse; width: 100%%; margin: 1mm 0 3mm; }
th, td { padding: 1.2mm 2mm; border-bottom: 0.3mm solid #c9ced6; text-align: left;
         vertical-align: top; }
th { background: #eef0f3; font-weight: 600; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
td.n { white-space: nowrap; }
table.summary { font-size: 8pt; }
table.summary th, table.summary td { padding: 1mm 1.2mm; }
table.summary th.n { vertical-align: bottom; text-align: right; }
/* the count heads read upwards, two lines at most: twelve columns fit the page whatever the
   language's words ("Непоставленные киллы" is wider than its column of numbers) */
table.summary th.n span { writing-mode: vertical-rl; transform: rotate(180deg);
                          max-height: 30mm; white-space: normal; line-height: 1.15; }
.small { font-size: 7.5pt; color: #444; font-weight: 400; display: block; }
tr.total td { font-weight: 700; border-top: 0.5mm solid #111; }
.cite { color: #555; font-size: 8.5pt; white-space: nowrap; }
.tiles { display: grid; grid-template-columns: repeat(4, 1fr); gap: 2mm; margin: 2mm 0 3mm; }
.tile { border: 0.3mm solid #c9ced6; border-radius: 1.5mm; padding: 1.5mm 2.5mm; }
.tile .v { font-size: 15pt; font-weight: 700; display: block; }
.tile .k { color: #444; font-size: 8.5pt; }
.tile.kill { border-color: #b3261e; }
.legend { font-size: 9pt; margin: 1mm 0; }
.legend .key { margin-right: 5mm; white-space: nowrap; }
.legend svg { vertical-align: -1px; }
.chart { margin: 1mm 0 3mm; }
.tl-row { display: grid; grid-template-columns: 38mm 1fr; gap: 2mm; align-items: center;
          margin: 0.8mm 0; }
.tl-row .name { font-size: 9pt; text-align: right; overflow: hidden; text-overflow: ellipsis;
                white-space: nowrap; }
.timeline { display: block; height: 9mm; }
.tl-row .timeline { height: 5mm; }
.bars { display: block; max-height: 48mm; }
.warn { color: #8a1c14; }
.seal { margin-top: 8mm; border: 0.6mm solid #111; padding: 3mm 4mm; border-radius: 1.5mm; }
.seal code { font-size: 10pt; word-break: break-all; }
code { font-family: "DejaVu Sans Mono", Consolas, monospace; }
.muted { color: #555; }
.credit { color: #555; font-size: 8pt; margin-top: 4mm; }
@media print {
  body { max-width: none; padding: 0; }
  section.table { break-before: page; }
  h2, h3 { break-after: avoid; }
  tr, .chart, .tile, .seal, .tl-row { break-inside: avoid; }
}
"""


class Clock:
    """Journal times (UTC) as local clock text in the report's zone."""

    def __init__(self, tz: tzinfo, multi_day: bool) -> None:
        self.tz = tz
        self.multi_day = multi_day
        self._cache: dict[str, str] = {}

    def local(self, at: str) -> datetime:
        return parse_at(at).astimezone(self.tz)

    def __call__(self, at: str | None) -> str:
        if not at:
            return "—"
        out = self._cache.get(at)
        if out is None:
            fmt_ = "%d.%m %H:%M" if self.multi_day else "%H:%M"
            out = self.local(at).strftime(fmt_)
            self._cache[at] = out
        return out

    def full(self, at: str | None) -> str:
        return self.local(at).strftime("%Y-%m-%d %H:%M") if at else "—"


def zone_name(tz: tzinfo) -> str:
    now = datetime.now(tz)
    off = now.utcoffset()
    if off is None:
        return "UTC"
    minutes = int(off.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    hh, mm = divmod(abs(minutes), 60)
    name = now.tzname() or ""
    return f"UTC{sign}{hh:02d}:{mm:02d}" + (
        f" ({name})" if name and not name.startswith(("UTC", "+", "-")) else ""
    )


def _more_kills(n: int, lang: str) -> str:
    return ntr(
        "… and {n} more kill pot (the dispute view, F12 on the podium, steps through every one)",
        "… and {n} more kill pots (the dispute view, F12 on the podium, steps through every one)",
        n,
        lang,
    )


def _more_rulings(n: int, lang: str) -> str:
    return ntr(
        "… and {n} more ruling (see the journal)",
        "… and {n} more rulings (see the journal)",
        n,
        lang,
    )


def _cites(cites: Iterable[str]) -> str:
    cites = list(cites)
    return f' <span class="cite">[{esc(", ".join(cites))}]</span>' if cites else ""


def _num(key: str, value: int, table: str | None = None) -> str:
    attr = f' data-table="{esc(table)}"' if table is not None else ""
    return f'<td class="n" data-k="{key}"{attr}>{value}</td>'


def _tile(key: str, label: str, value: int, table: str, cls: str = "") -> str:
    return (
        f'<div class="tile {cls}"><span class="v" data-k="{key}" data-table="{esc(table)}">'
        f'{value}</span><span class="k">{esc(label)}</span></div>'
    )


def stakes_text(ts: TableStats) -> str:
    cfg = ts.config
    blinds = f" ({dollars(cfg.blinds[0])}/{dollars(cfg.blinds[1])})" if cfg.blinds else ""
    return cfg.stakes_text() + blinds


def kill_text(ts: TableStats, lang: str) -> str:
    cfg = ts.config
    if not cfg.is_kill_game:
        return t("no-kill", lang)
    trig = ", ".join(trigger_word(trigger, lang) for trigger in cfg.kill.triggers) or "—"
    return f"{t('kind-' + cfg.kill.kind, lang)}, {trig}, {money(cfg.kill_blind, lang)}"


COUNTS = (
    ("hands", "hands"),
    ("kill_pot_count", "kill-pots"),
    ("killer_won", "killer-won"),
    ("legs", "legs"),
    ("splits", "splits"),
    ("walks", "walks"),
    ("voluntary", "voluntary"),
    ("agreed_kills", "agreed-kills"),
    ("underposts", "underposts"),
    ("missed", "missed"),
    ("payments", "payments"),
    ("voids", "voids"),
)


def _value(ts: TableStats, attr: str) -> int:
    value = getattr(ts, attr)
    return value if isinstance(value, int) else len(value)


# ---------------------------------------------------------------------------
# the page


def render(room: Room, lang: str = "en", paper: str = "a4") -> str:
    lang = lang if lang in LANGS else "en"
    days = {
        room_day
        for ts in room.tables
        for room_day in (
            ts.first_at[:10] if ts.first_at else None,
            ts.last_at[:10] if ts.last_at else None,
        )
        if room_day
    }
    clock = Clock(room.tz, multi_day=len(days) > 1)
    out: list[str] = []
    write = out.append
    write(
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(t('title', lang))} — {esc(_period(room, lang, clock))}</title>"
        f"<style>{CSS % {'paper': PAPERS.get(paper, 'A4')}}</style></head><body>"
    )
    write(svg.DEFS)
    write(_header(room, lang, clock))
    write(_notes(room, lang))
    write(_room(room, lang, clock))
    for number, ts in enumerate(room.tables, start=1):
        write(_table(ts, number, lang, clock))
    write(_seal(room, lang))
    write(f'<p class="credit">{esc(t("credit", lang))}</p>')
    write("</body></html>\n")
    return "".join(out)


def _period(room: Room, lang: str, clock: Clock) -> str:
    if room.start is None and room.end is None:
        return t("whole", lang)
    parts = []
    if room.start is not None:
        parts.append(t("from", lang, t=clock.full(room.start)))
    if room.end is not None:
        parts.append(t("to", lang, t=clock.full(room.end)))
    return " ".join(parts)


def _header(room: Room, lang: str, clock: Clock) -> str:
    return (
        f"<header><h1>{esc(t('title', lang))}</h1>"
        f'<p class="meta"><b>{esc(t("journal", lang))}:</b> {esc(room.path)}</p>'
        f'<p class="meta"><b>{esc(t("period", lang))}:</b> {esc(_period(room, lang, clock))}</p>'
        f'<p class="meta"><b>{esc(t("generated", lang))}:</b> {esc(clock.full(room.generated))}. '
        f"{esc(t('times', lang, zone=zone_name(room.tz)))}</p></header>"
    )


def _room(room: Room, lang: str, clock: Clock) -> str:
    out = [f'<section class="room"><h2>{esc(t("room", lang))}</h2>']
    if not room.tables:
        out.append(f"<p>{esc(t('no-tables', lang))}</p></section>")
        return "".join(out)
    out.append('<div class="tiles">')
    for attr, key in (
        ("hands", "hands"),
        ("kill_pots", "kill-pots"),
        ("killer_won", "killer-won"),
        ("voids", "voids"),
    ):
        out.append(
            _tile(key, t(key, lang), room.total(attr), "*", "kill" if attr == "kill_pots" else "")
        )
    out.append("</div>")
    # the summary table: one row per table, totals at the foot
    out.append(
        f'<h3>{esc(t("summary", lang))}</h3><table class="summary"><thead><tr>'
        f"<th>{esc(t('table', lang))}</th>"
    )
    for _attr, key in COUNTS:
        out.append(f'<th class="n"><span>{esc(t(key, lang))}</span></th>')
    out.append("</tr></thead><tbody>")
    for ts in room.tables:
        out.append(
            f'<tr><td><b>{esc(ts.name)}</b><span class="small">{esc(game_name(ts.config.game, lang))} '
            f"{esc(stakes_text(ts))}</span></td>"
        )
        for attr, key in COUNTS:
            out.append(_num(key, _value(ts, attr), ts.name))
        out.append("</tr>")
    out.append(f'<tr class="total"><td>{esc(t("totals", lang))}</td>')
    for attr, key in COUNTS:
        out.append(_num(key, sum(_value(ts, attr) for ts in room.tables), "*"))
    out.append("</tr></tbody></table>")
    # kills by kind / trigger, room-wide
    out.append(
        _kill_breakdown(
            room.kills_by("kills_by_kind"), room.kills_by("kills_by_trigger"), lang, "*"
        )
    )
    # kills per hour per table
    hours = room.hours()
    if hours:
        rows = [(ts.name, [ts.kills_by_hour.get(hour, 0) for hour in hours]) for ts in room.tables]
        out.append(f'<h3>{esc(t("kills-per-hour", lang))}</h3><div class="chart">')
        several_days = hours[-1] - hours[0] >= timedelta(hours=24)
        out.append(
            svg.heatmap(
                rows,
                [svg.hour_label(hour, several_days) for hour in hours],
                title=t("kills-per-hour", lang),
            )
        )
        out.append("</div>")
    # every table's button through the night
    labels = {label_key: t(label_key, lang) for label_key in ("neutral", "leg-up", "killed")}
    out.append(f"<h3>{esc(t('timelines', lang))}</h3>")
    out.append(svg.legend(labels))
    for ts in room.tables:
        out.append(
            f'<div class="tl-row"><span class="name">{esc(ts.name)}</span>'
            f"{svg.timeline(ts.timeline, (), labels, height=20, title=ts.name)}</div>"
        )
    # who ran the floor, room-wide
    crew: dict[str, list] = {}
    for ts in room.tables:
        for who, (first, last, entries) in ts.floorpersons.items():
            member = crew.setdefault(who, [first, last, 0, 0])
            member[0], member[1] = min(member[0], first), max(member[1], last)
            member[2] += entries
            member[3] += 1
    if crew:
        out.append(
            f"<h3>{esc(t('floor', lang))}</h3><table><thead><tr><th></th>"
            f"<th>{esc(t('first', lang))}</th><th>{esc(t('last', lang))}</th>"
            f'<th class="n">{esc(t("contents", lang))}</th>'
            f'<th class="n">{esc(t("entries", lang))}</th></tr></thead><tbody>'
        )
        for who, (first, last, entries, tables) in sorted(crew.items(), key=lambda kv: kv[1][0]):
            label = t("unnamed", lang) if who == "—" else who
            out.append(
                f'<tr data-k="room-floorperson"><td>{esc(label)}</td><td>{esc(clock(first))}</td>'
                f'<td>{esc(clock(last))}</td><td class="n">{tables}</td>'
                f'<td class="n">{entries}</td></tr>'
            )
        out.append("</tbody></table>")
    # players barred at the end, room-wide
    barred = [
        (ts.name, player, owes, mode) for ts in room.tables for player, owes, mode in ts.barred_end
    ]
    if barred:
        out.append(
            f"<h3>{esc(t('barred-now', lang))}</h3><table><thead><tr>"
            f"<th>{esc(t('player', lang))}</th><th>{esc(t('table', lang))}</th>"
            f'<th class="n">{esc(t("amount", lang))}</th><th></th></tr></thead><tbody>'
        )
        for table, player, owes, mode in barred:
            out.append(
                f'<tr data-k="barred-end"><td>{esc(player)}</td><td>{esc(table)}</td>'
                f'<td class="n">{esc(money(owes, lang))}</td>'
                f"<td>{esc(t('mode-' + mode, lang))}</td></tr>"
            )
        out.append("</tbody></table>")
    out.append("</section>")
    return "".join(out)


def _kill_breakdown(kinds, triggers, lang: str, table: str) -> str:
    out = ['<div class="tiles" style="grid-template-columns: 1fr 1fr">']
    out.append(f"<div><h3>{esc(t('kills-by-kind', lang))}</h3><table><tbody>")
    for kind in KINDS:
        out.append(
            f"<tr><td>{esc(t('kind-' + kind, lang))}</td>"
            f'<td class="n" data-k="kind-{kind}" data-table="{esc(table)}">{kinds.get(kind, 0)}</td></tr>'
        )
    out.append(
        f"</tbody></table></div><div><h3>{esc(t('kills-by-trigger', lang))}</h3><table><tbody>"
    )
    for bucket in trigger_buckets():
        if bucket == "other" and not triggers.get(bucket):
            continue
        out.append(
            f"<tr><td>{esc(trigger_word(bucket, lang))}</td>"
            f'<td class="n" data-k="trigger-{bucket}" data-table="{esc(table)}">{triggers.get(bucket, 0)}</td></tr>'
        )
    out.append("</tbody></table></div></div>")
    return "".join(out)


def _ticks(ts: TableStats, clock: Clock, lang: str) -> list[tuple[int, str]]:
    hands = len(ts.timeline)
    if not hands:
        return []
    marks = sorted({0, hands // 4, hands // 2, 3 * hands // 4, hands - 1})
    return [
        (
            hand,
            f"{clock(ts.timeline_at[hand])} · {t('hand-n', lang, n=hand + 1)}"
            if hand in (0, hands - 1)
            else clock(ts.timeline_at[hand]),
        )
        for hand in marks
    ]


def _table(ts: TableStats, index: int, lang: str, clock: Clock) -> str:
    name = ts.name
    out = [
        f'<section class="table" id="table-{index}" data-table="{esc(name)}">'
        f"<h2>{esc(t('table', lang))}: {esc(name)}</h2>"
        f'<p class="meta">{esc(game_name(ts.config.game, lang))} · {esc(stakes_text(ts))} · '
        f"{esc(t('kill-game', lang))}: {esc(kill_text(ts, lang))} · "
        f'{esc(t("records", lang))}: <span data-k="records" data-table="{esc(name)}">'
        f"{ts.records}</span> · {esc(clock(ts.first_at))}–{esc(clock(ts.last_at))}</p>"
    ]
    out.append('<div class="tiles">')
    for attr, key in COUNTS:
        out.append(
            _tile(
                key,
                t(key, lang),
                _value(ts, attr),
                name,
                "kill" if attr == "kill_pot_count" else "",
            )
        )
    out.append(
        f'<div class="tile"><span class="v" data-k="agreements" data-table="{esc(name)}">'
        f'{ts.agreements}</span><span class="k">{esc(t("agreements", lang))}</span></div>'
        f'<div class="tile"><span class="v" data-k="killer-split" data-table="{esc(name)}">'
        f'{ts.killer_split}</span><span class="k">{esc(t("killer-split", lang))}</span></div>'
        f'<div class="tile"><span class="v" data-k="barred-now" data-table="{esc(name)}">'
        f'{len(ts.barred_end)}</span><span class="k">{esc(t("barred-now", lang))}</span></div>'
        f'<div class="tile"><span class="v" data-k="hands-total" data-table="{esc(name)}">'
        f'{ts.hands_total}</span><span class="k">{esc(t("hands-total", lang))}</span></div>'
    )
    out.append("</div>")
    if ts.problems:
        out.append(f'<h3 class="warn">{esc(t("problems", lang))}</h3><ul>')
        out.extend(
            f'<li class="warn">{esc(in_lang(problem, lang))}</li>' for problem in ts.problems[:50]
        )
        out.append("</ul>")
    # the button, hand by hand
    labels = {label_key: t(label_key, lang) for label_key in ("neutral", "leg-up", "killed")}
    out.append(f"<h3>{esc(t('timeline', lang))}</h3>")
    if ts.timeline:
        out.append(svg.legend(labels))
        out.append(
            '<div class="chart">'
            + svg.timeline(
                ts.timeline, _ticks(ts, clock, lang), labels, title=f"{name}: {t('timeline', lang)}"
            )
            + "</div>"
        )
    else:
        out.append(f'<p class="muted">{esc(t("no-hands", lang))}</p>')
    # kill pots
    out.append(_kill_breakdown(ts.kills_by_kind, ts.kills_by_trigger, lang, name))
    if ts.kills_by_hour:
        hours = sorted(ts.kills_by_hour)
        out.append(
            f'<h3>{esc(t("kills-per-hour", lang))}</h3><div class="chart">'
            + svg.bars(
                [
                    (
                        svg.hour_label(hour, hours[-1] - hours[0] >= timedelta(hours=24)),
                        ts.kills_by_hour[hour],
                    )
                    for hour in hours[-36:]
                ],
                title=f"{name}: {t('kills-per-hour', lang)}",
            )
            + "</div>"
        )
    out.append(f"<h3>{esc(t('kill-list', lang))}</h3>")
    if ts.kill_pots:
        out.append(
            f"<table><thead><tr><th>{esc(t('time', lang))}</th>"
            f'<th class="n">{esc(t("record", lang))}</th><th>{esc(t("player", lang))}</th>'
            f"<th>{esc(t('kind', lang))}</th><th>{esc(t('trigger', lang))}</th>"
            f'<th class="n">{esc(t("amount", lang))}</th><th>{esc(t("outcome", lang))}</th>'
            "</tr></thead><tbody>"
        )
        for kill in ts.kill_pots[:MAX_KILL_ROWS]:
            out.append(
                f'<tr data-k="kill-pot"><td>{esc(clock(kill.at))}</td><td class="n">{kill.seq}</td>'
                f"<td>{esc(t('seat', lang))} {kill.seat} {esc(kill.player or '')}</td>"
                f"<td>{esc(t('kind-' + kill.kind, lang))}</td>"
                f"<td>{esc(trigger_word(kill.trigger, lang))}</td>"
                f'<td class="n">{esc(money(kill.amount, lang) if kill.amount is not None else "")}</td>'
                f"<td>{esc(t('outcome-' + kill.outcome, lang))}</td></tr>"
            )
        out.append("</tbody></table>")
        if len(ts.kill_pots) > MAX_KILL_ROWS:
            out.append(
                f'<p class="muted">{esc(_more_kills(len(ts.kill_pots) - MAX_KILL_ROWS, lang))}</p>'
            )
    else:
        out.append(f'<p class="muted">{esc(t("no-kills", lang))}</p>')
    # barred players and payments
    out.append(f"<h3>{esc(t('barred-section', lang))}</h3>")
    lines = sorted(ts.missed + ts.payments, key=lambda ln: ln.seq)
    if lines or ts.barred_end:
        out.append(_lines_table(lines, lang, clock))
        for player, owes, mode in ts.barred_end:
            out.append(
                f'<p class="warn"><b>{esc(player)}</b> — {esc(t("owes", lang, amount=money(owes, lang)))}: '
                f"{esc(t('mode-' + mode, lang))}</p>"
            )
    else:
        out.append(f'<p class="muted">{esc(t("nobody-barred", lang))}</p>')
    if ts.underposts:
        out.append(
            f"<h3>{esc(t('underposts', lang))}</h3>" + _lines_table(ts.underposts, lang, clock)
        )
    # voids
    out.append(f"<h3>{esc(t('voids-section', lang))}</h3>")
    if ts.voids:
        out.append(
            f"<table><thead><tr><th>{esc(t('time', lang))}</th>"
            f'<th class="n">{esc(t("record", lang))}</th><th>{esc(t("voided", lang))}</th>'
            f"<th>{esc(t('reason', lang))}</th><th>{esc(t('by', lang))}</th></tr></thead><tbody>"
        )
        for void in ts.voids:
            out.append(
                f'<tr data-k="void"><td>{esc(clock(void.at))}</td><td class="n">{void.seq}</td>'
                f"<td>#{void.target} {esc(event_words(void.target_event, lang))}</td>"
                f"<td>{esc(void.reason)}</td><td>{esc(void.who or t('unnamed', lang))}</td></tr>"
            )
        out.append("</tbody></table>")
    else:
        out.append(f'<p class="muted">{esc(t("no-voids", lang))}</p>')
    # corrections: who put which record right, when, and how
    if ts.corrections:
        out.append(f"<h3>{esc(t('corrections-section', lang))}</h3>")
        out.append(
            f"<table><thead><tr><th>{esc(t('time', lang))}</th>"
            f'<th class="n">{esc(t("record", lang))}</th><th>{esc(t("corrected", lang))}</th>'
            f"<th>{esc(t('reason', lang))}</th><th>{esc(t('by', lang))}</th></tr></thead><tbody>"
        )
        for correction in ts.corrections:
            now = (
                event_words(correction.after, lang)
                if correction.after is not None
                else t("struck", lang)
            )
            out.append(
                f'<tr data-k="correct"><td>{esc(clock(correction.at))}</td><td class="n">{correction.seq}</td>'
                f"<td>#{correction.target} {esc(event_words(correction.before, lang))} → {esc(now)}</td>"
                f"<td>{esc(correction.reason)}</td><td>{esc(correction.who or t('unnamed', lang))}</td></tr>"
            )
        out.append("</tbody></table>")
    # rulings: the clauses, then the notable ones
    out.append(f"<h3>{esc(t('rulings', lang))}</h3>")
    if ts.clause_counts:
        out.append(
            f"<table><thead><tr><th>{esc(t('clause', lang))}</th><th></th>"
            f'<th class="n">{esc(t("times-cited", lang))}</th></tr></thead><tbody>'
        )
        for cid, times in sorted(ts.clause_counts.items(), key=lambda kv: (-kv[1], kv[0])):
            title = catalogue.title(cid, lang) if cid in catalogue.CLAUSES else ""
            out.append(
                f"<tr><td><code>{esc(cid)}</code></td><td>{esc(title)}</td>"
                f'<td class="n" data-k="clause-{esc(cid)}" data-table="{esc(name)}">{times}</td></tr>'
            )
        out.append("</tbody></table>")
    out.append(f"<h3>{esc(t('notable', lang))}</h3>")
    if ts.rulings:
        out.append(_lines_table(ts.rulings, lang, clock))
        if ts.rulings_total > len(ts.rulings):
            out.append(
                f'<p class="muted">{esc(_more_rulings(ts.rulings_total - len(ts.rulings), lang))}</p>'
            )
    else:
        out.append(f'<p class="muted">{esc(t("no-notable", lang))}</p>')
    # floorpersons
    out.append(
        f"<h3>{esc(t('floor', lang))}</h3><table><thead><tr><th></th>"
        f"<th>{esc(t('first', lang))}</th><th>{esc(t('last', lang))}</th>"
        f'<th class="n">{esc(t("entries", lang))}</th></tr></thead><tbody>'
    )
    for who, (first, last, entries) in sorted(ts.floorpersons.items(), key=lambda kv: kv[1][0]):
        label = t("unnamed", lang) if who == "—" else who
        out.append(
            f'<tr data-k="floorperson"><td>{esc(label)}</td><td>{esc(clock(first))}</td>'
            f'<td>{esc(clock(last))}</td><td class="n">{entries}</td></tr>'
        )
    out.append("</tbody></table></section>")
    return "".join(out)


def _lines_table(lines, lang: str, clock: Clock) -> str:
    out = [
        f"<table><thead><tr><th>{esc(t('time', lang))}</th>"
        f'<th class="n">{esc(t("record", lang))}</th><th>{esc(t("decision", lang))}</th>'
        "</tr></thead><tbody>"
    ]
    for ln in lines:
        decision = ln.decision
        text = decision.text(lang) if decision is not None else ln.code
        out.append(
            f'<tr data-k="ruling-{esc(ln.code)}"><td>{esc(clock(ln.at))}</td>'
            f'<td class="n">{ln.seq}</td><td>{esc(text)}{_cites(decision.cites if decision else ())}</td></tr>'
        )
    out.append("</tbody></table>")
    return "".join(out)


def _note_text(note, lang: str) -> str:
    text = getattr(note, "text", None)
    return text(lang) if callable(text) else str(note)


def _notes(room: Room, lang: str) -> str:
    """How the journal was read when it was not whole, and every cache found not to be
    what the hash chain guards: at the top, before any number."""
    if not room.notes:
        return ""
    items = "".join(f'<li class="warn">{esc(_note_text(note, lang))}</li>' for note in room.notes)
    return f'<section data-k="notes"><ul>{items}</ul></section>'


def _seal(room: Room, lang: str) -> str:
    if not room.head_hash:
        return (
            f'<footer class="seal"><h3>{esc(t("seal", lang))}</h3>'
            f"<p>{esc(t('no-seal', lang))}</p></footer>"
        )
    path = room.path or "JOURNAL"
    return (
        f'<footer class="seal"><h3>{esc(t("seal", lang))}</h3>'
        f"<p>{esc(t('seal-text', lang))}</p>"
        f'<p><code data-k="seal">{esc(room.seal)}</code></p>'
        f'<p class="muted">{room.head_seq} {esc(t("rows", lang))}</p>'
        f"<p><code>floorkill verify --journal {esc(_quote(path))} --head {esc(room.seal)}</code></p>"
        "</footer>"
    )


def _quote(path: str) -> str:
    import shlex

    return shlex.quote(path)


__all__ = ["PAPERS", "render"]
