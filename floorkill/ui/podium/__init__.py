"""The podium: the screen a floorperson lives in.

``app`` (shell, layout, the view the widgets read), ``entry`` (hands, undo, showdown,
the player-event flow), ``forms`` (the seat keys' forms), ``tables`` (switching, new
tables), ``palette`` (commands), ``opening`` (the session from the command line),
``late_problems`` (a bad snapshot the journal meets after the opening, said once).
Every write goes through :class:`floorkill.floor.Floor`.
"""

from .app import LANGS, PodiumApp, PodiumScreen, make_podium_app
from .opening import Opening, memory_session, open_podium, open_session, run_podium

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
