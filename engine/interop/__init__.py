"""Game files written by other programs, read into a :class:`engine.game.Game` and written back out."""
