"""The podium: the screen a floorperson lives in.

``app`` (shell, layout, the view the widgets read), ``entry`` (hands, undo, showdown,
the player-event flow), ``forms`` (the seat keys' forms), ``tables`` (switching, new
tables), ``palette`` (commands), ``opening`` (the session from the command line),
``late_problems`` (a bad snapshot the journal meets after the opening, said once).
Every write goes through :class:`floorkill.floor.Floor`.
"""

import gc

from floorkill.batch import paused_gc

# Importing the podium (and the most of Textual it needs) builds thousands of classes,
# functions and styles that live as long as the program, and no garbage: the cyclic
# collector paused meanwhile, and all of it frozen out of its way after (the first pass
# over it would have walked them all) — ~15 ms of a podium's start.
with paused_gc():
    from .app import LANGS, PodiumApp, PodiumScreen, make_podium_app
    from .opening import Opening, memory_session, open_podium, open_session, run_podium

    gc.freeze()

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
