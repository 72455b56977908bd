"""floorkill's terminal screens (Textual): the podium and its reusable widgets.

Importing this package is cheap: the Textual modules are imported by the modules
that need them (``floorkill.ui.podium``, ``floorkill.ui.widgets.seating``, ...), never here.
"""
