"""The EMG rule family (Global Diplomacy, Age of Discovery): commands, relations, the turn, the conflicts, and
Age of Discovery's map generator. Registers no variant itself (``variants/age_of_discovery.py`` does)."""
