"""The podium: the screen a floorperson lives in.

``app`` (shell, layout, the view the widgets read), ``entry`` (hands, undo, showdown,
the player-event flow), ``forms`` (the seat keys' forms), ``tables`` (switching, new
tables), ``palette`` (commands), ``opening`` (the session from the command line),
``late_problems`` (a bad snapshot the journal meets after the opening, said once).
Every write goes through :class:`floorkill.floor.Floor`.
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
