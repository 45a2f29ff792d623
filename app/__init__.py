"""Chancellery's desktop client (PySide6). Importing this package does not import Qt."""
