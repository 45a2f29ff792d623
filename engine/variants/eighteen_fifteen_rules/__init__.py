"""The 1815 rules, one job per module: ``places`` reads the board's special borders and minor powers,
``orders`` the three order kinds of the variant (denial of passage, Convert, Diplomacy Point allocation) and
their words, ``points`` settles Diplomacy Points, ``movement`` adjudicates a movement phase (half-strength
moves, the red arrows' two-step check); ``engine/variants/eighteen_fifteen.py`` puts them together."""
