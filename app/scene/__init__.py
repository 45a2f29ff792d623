"""The interactive map: a ``QGraphicsScene`` with one item per province, unit and order arrow, and its view."""
