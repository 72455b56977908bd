"""A Footer that builds its keys once, and again only when they change.

Textual's Footer mounts empty and answers every "bindings changed" signal of its screen
with a recompose after the next refresh — one per signal, each removing and mounting
every key again. A podium starting up sends six (the first resize, the focus moving to
the hand entry, …): the twelve keys were built six times, two of them before the first
frame, and once more at every focus move afterwards.

:class:`BatchedFooter` builds its keys when it is composed, queues one recompose for all
the signals that arrive before it runs, and that recompose does nothing when the keys it
would build are the keys shown (the same bindings, words, states and language) — so the
keys shown are always those of the bindings as they are. A compact footer's keys also get
their ``-compact`` class as they are made, not one by one after they are mounted (each
key's styles worked out a second time).

While another screen is over the footer's (a side screen, a modal), the signals it gets
(its keys are disabled there) rebuild nothing: the keys are checked again when its screen
is back, and are then mostly as they were. Under a modal the podium's keys are shown as
they were before it opened, dimmed by the modal's tint.

Kept for what the screen shows: with Textual's Footer the keys vanish for a frame at each
of those recomposes (tests/ui/test_footer_fits.py read an empty footer under load).
"""

from __future__ import annotations

from textual.widgets import Footer

from ..compat import footer_bindings_ready, is_footer_key


class BatchedFooter(Footer):
    """:class:`textual.widgets.Footer`, built at once, rebuilt only when its keys change."""

    _recompose_queued = False
    _shown: tuple | None = None  # what the keys on screen were built from

    def bindings_changed(self, screen) -> None:
        if self.app.screen is not screen:  # (is_current: also a screen seen under a modal)
            # a screen or modal over ours (it disables our keys meanwhile): nothing is
            # rebuilt for it; our screen's return signals again, and the keys are
            # rebuilt then only if they are not as they were
            return
        if self._recompose_queued:
            return  # the recompose already queued reads the bindings as they are then
        self._recompose_queued = True
        # queued before the Footer's own recompose, so it runs first: a change signalled
        # after this point (even while the keys are being rebuilt) queues a new recompose
        self.call_after_refresh(self._unqueue)
        super().bindings_changed(screen)

    def _unqueue(self) -> None:
        self._recompose_queued = False

    def keys_source(self) -> tuple:
        """Everything the keys are built from: the screen's shown bindings (with their
        states, tooltips and key displays), the command palette's, the screen's language."""
        app, screen = self.app, self.screen
        shown = tuple(
            (binding, enabled, tooltip, app.get_key_display(binding))
            for (_, binding, enabled, tooltip) in screen.active_bindings.values()
            if binding.show
        )
        palette = (
            app.ENABLE_COMMAND_PALETTE,
            app.COMMAND_PALETTE_BINDING,
            screen.active_bindings.get(app.COMMAND_PALETTE_BINDING),
        )
        return (
            shown,
            palette,
            self.compact,
            self.show_command_palette,
            getattr(screen, "lang", None),
            getattr(app, "lang", None),
        )

    async def recompose(self) -> None:
        if self._shown is not None and self.is_attached and self.app.screen is not self.screen:
            return  # queued before a screen opened over ours: its return signals again
        if self._shown is not None and self.is_attached and self.keys_source() == self._shown:
            return  # the keys it would build are those shown
        await super().recompose()

    def compose(self):
        if self.is_attached:
            self._shown = self.keys_source()
            footer_bindings_ready(self)  # the keys now, not after a first signal
        compact = self.compact
        for widget in super().compose():
            if compact and is_footer_key(widget):
                # every key of a compact footer is compact (bound to the footer's, or
                # compact by default): the class it would get once mounted, now
                widget.set_class(True, "-compact", update=False)
            yield widget


__all__ = ["BatchedFooter"]
