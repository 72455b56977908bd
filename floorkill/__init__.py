"""floorkill: run kill-pot poker games by the book.

Importing this package is cheap: it pulls in neither Textual nor Rich.
"""

__version__ = "0.1.0"
# "2" (issue 11): agreed kills queue and wait, missed kills keep the leg, leg credits are
# used up, `neutral` only when the button becomes neutral, showdowns explained (`shows`),
# the state's `agreed` is a tuple. Rows and snapshots of "1" are read, not digest-checked.
RULES_VERSION = "2"
