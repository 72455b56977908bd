"""The podium: the screen a floorperson lives in.

``app`` (shell, layout, the view the widgets read) and its action groups, typed against
``host`` (what they need of the app): ``entry_actions`` (hands, undo, showdown, the
player-event flow), ``form_actions`` (the seat keys' forms), ``table_actions``
(switching, new tables, closing); ``palette`` (commands), ``footer_keys`` (the footer's
words), ``key_gate`` (keys typed while a screen opens), ``journal_work`` (the journal
thread), ``opening`` (the session from the command line). Every write goes through
:class:`floorkill.floor.Floor`.
"""

import gc

# The start budget (<= 1.6x a bare Textual app, bench/ui_bench.py) fails without it: the
# cyclic collector paused while the podium's modules load, what they built frozen after.
gc.disable()
try:
    from .app import LANGS, PodiumApp, PodiumScreen, make_podium_app
    from .opening import Opening, memory_session, open_podium, open_session, run_podium
finally:
    gc.freeze()
    gc.enable()

__all__ = [
    "LANGS",
    "Opening",
    "PodiumApp",
    "PodiumScreen",
    "make_podium_app",
    "memory_session",
    "open_podium",
    "open_session",
    "run_podium",
]
