"""What a big screen shows, without Textual: following the journal (:mod:`.follow`), the
words for a table (:mod:`.words`) and the one view model (:mod:`.view`) that both the
terminal big screen (:mod:`floorkill.ui.big_screen`) and the TV page (:mod:`floorkill.web`)
render."""
