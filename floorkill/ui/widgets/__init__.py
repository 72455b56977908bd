"""The podium's and the big screen's pieces: seating, hand entry, rules panel, history,
status line, footer, the room grid."""
