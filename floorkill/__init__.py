"""floorkill: run kill-pot poker games by the book.

Importing this package is cheap: it pulls in neither Textual nor Rich.
"""

__version__ = "0.1.0"
RULES_VERSION = "1"
