"""The rules of Hugh's Engineered Diplomacy, one module per job (see engine/variants/engineered.py)."""
