"""Chancellery's data files (maps and icons), installed as the ``chancellery_resources`` package."""
