"""floorkill: run kill-pot poker games by the book.

Importing this package is cheap: it pulls in neither Textual nor Rich.
"""

__version__ = "0.1.0"
# "2": agreed kills queue and wait, missed kills keep the leg, leg credits are
# used up, `neutral` only when the button becomes neutral, showdowns explained (`shows`),
# the state's `agreed` is a tuple.
# "3": amounts read as written (4,50 is $4.50; 1e9 refused), an owed kill placed for the
# coming hand cannot also be paid, leg credits wait while their holder cannot play, a new
# player sits out every killed pot until dealt in, the `move` event, the dealer button never
# moves backwards (a player sitting down or coming back between the last dealer and the
# coming small blind waits; the state's players carry `waiting` and `missed`). Rows and snapshots of "2" are read, not digest-checked; where
# today's rules decide otherwise, verify warns (a changed ruling), as for "1".
# "4": a showdown's `shows` decision stores what the hand was and took (the evaluator's
# kind and key, the joker's use, the outcome's keys), not its words in each language; the
# rules decide as under "3" and store the same state.
# "5": a new player sits out a kill placed between hands (an owed kill, a kill a hand made
# while they waited for the button); a player back in play after missing hands — a bar paid
# here or lifted at another table, a kill pot sat out — and a move into a seat the blinds
# have passed wait for the dealer button like a newcomer; the house option `button_gap`
# ("posts": post a big blind to be dealt in at once); the state's players carry `new` and
# `entry`.
# Rows of "4" and older are read, not digest-checked; where today's rules decide otherwise,
# verify warns (a changed ruling).
# "6": a decision stores an amount as its cents (`["amount", 4000]`), not its English text
# ("$40"); the rules decide as under "5" and store the same state, so a row of "5" is read as
# today's, its amounts compared in the form it stored (rules.decisions.as_stored_by).
RULES_VERSION = "6"
# The versions whose rows today's rules read as their own: the same decisions and the same
# state, so their payloads and state digests are checked too.
RULES_SAME_STATE = ("5", "6")
