"""The main window and its panels."""
