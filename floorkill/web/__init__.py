"""The TV page: ``floorkill big-screen --serve`` serves the big screen to browsers from one
process (:mod:`.server`), drawn by a page of our own from the big screen's view model
(:mod:`floorkill.display.view`) pushed as JSON over Server-Sent Events; limits per address
keep one bad client from locking the other screens out (:mod:`.guard`). No Textual here.
"""
