"""The terminal big screen: a read-only display for the players that follows the podium."""
