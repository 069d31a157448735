"""Memory (Concentration), not yet offered: the engine and its bots come first; the board, the
rules page and the table's pause before a missed pair turns back follow (issue 21), and only
then the line that registers it."""
