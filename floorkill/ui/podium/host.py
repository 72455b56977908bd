"""What the podium's action groups (:class:`EntryActions`, :class:`FloorForms`,
:class:`TableActions`) use of the app they are mixed into.

For the type checker :class:`PodiumHost` is a Textual ``App`` with the podium's own
attributes and the groups' shared methods, so each group is checked against what
:class:`~floorkill.ui.podium.app.PodiumApp` really has; at run time it is ``object`` and
adds nothing to the app's classes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from textual.app import App
    from textual.screen import Screen

    from floorkill.floor import Floor, TableRegistry
    from floorkill.rules import Applied, Refusal
    from floorkill.rules.preview import Preview
    from floorkill.store.session import TableSession

    from .journal_work import JournalWork
    from .key_gate import KeyGate

    class PodiumHost(App[int]):
        floor: Floor
        key_gate: KeyGate
        journal_work: JournalWork
        lang: str
        demo_of: Path | None  # the real journal, while the demo journal is shown
        _drafts: dict[str, str]

        @property
        def session(self) -> TableSession: ...
        @property
        def tables(self) -> TableRegistry: ...
        @property
        def podium(self) -> Screen[Any]: ...
        def in_demo(self, session: TableSession) -> bool: ...
        def title_of(self, session: TableSession) -> str: ...
        def action_focus_entry(self) -> None: ...

        # the entry flow's (EntryActions), used by the forms and the tables
        def floor_try(self, raw: Mapping[str, Any]) -> Applied: ...
        def report_refusal(self, refusal: Refusal, title: str | None = None) -> None: ...
        def read_then(
            self, read: Callable[[], Any], then: Callable[[Any], Any], what: str
        ) -> None: ...
        def run_event(
            self,
            raw: Mapping[str, Any] | None,
            *,
            session: TableSession | None = None,
            confirm: str | None = None,
            near_asked: bool = False,
            shown: Preview | None = None,
            again: Callable[[], None] | None = None,
        ) -> None: ...
        def commit(
            self,
            raw: Mapping[str, Any],
            session: TableSession | None = None,
            again: Callable[[], None] | None = None,
        ) -> None: ...

else:
    PodiumHost = object
