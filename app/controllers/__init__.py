"""Interaction logic without Qt: order entry, order drafts with undo, review, hot-seat and game-master flows.

Nothing here imports PySide6; widgets call these objects and redraw from their state, and tests drive
them with plain data (see ``tests/app/test_controllers_*.py``).
"""
