"""The DAIDE port: a DAIDE client (DumbBot, Albert, the MILA DAIDE tools) takes a seat in a Standard game.

``tokens`` (the token table), ``codec`` (framing, bytes/tokens/text), ``translate`` (DAIDE messages to and
from the engine's orders and positions) and ``server`` (the port itself, a seat of the LAN host). See
``docs/daide.md``.
"""
