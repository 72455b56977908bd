"""A Footer that rebuilds its keys once per burst of binding changes.

Textual's Footer answers every "bindings changed" signal of its screen with a recompose
after the next refresh — one per signal, each removing and mounting every key again. A
podium starting up sends six (the first resize, the focus moving to the hand entry, …)
before the screen is even painted: the twelve keys were built six times, two of them
before the first frame (~10 ms of a start). :class:`BatchedFooter` queues one recompose
for all the signals that arrive before it runs; that recompose reads the bindings as they
are then, so the keys shown are the same. A compact footer's keys also get their
``-compact`` class as they are made, not one by one after they are mounted (each key's
styles worked out a second time).
"""

from __future__ import annotations

from textual.widgets import Footer

from .compat import is_footer_key


class BatchedFooter(Footer):
    """:class:`textual.widgets.Footer`, one recompose per burst of binding changes."""

    _recompose_queued = False

    def bindings_changed(self, screen) -> None:
        if self._recompose_queued:
            return          # the recompose already queued reads the bindings as they are then
        self._recompose_queued = True
        # queued before the Footer's own recompose, so it runs first: a change signalled
        # after this point (even while the keys are being rebuilt) queues a new recompose
        self.call_after_refresh(self._unqueue)
        super().bindings_changed(screen)

    def _unqueue(self) -> None:
        self._recompose_queued = False

    def compose(self):
        compact = self.compact
        for widget in super().compose():
            if compact and is_footer_key(widget):
                # every key of a compact footer is compact (bound to the footer's, or
                # compact by default): the class it would get once mounted, now
                widget.set_class(True, "-compact", update=False)
            yield widget


__all__ = ["BatchedFooter"]
