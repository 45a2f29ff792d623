"""LAN play: a TCP host that keeps orders sealed, and clients that join it (protocol: docs/protocol.md).

Modules, one job each: :mod:`.codec` (bytes <-> messages), :mod:`.schema` (what a client may send),
:mod:`.views` (what a seat may see), :mod:`.transport` (TCP and in-memory links), :mod:`.host`,
:mod:`.client`, :mod:`.testing` (a scripted mock host), :mod:`.discovery` (optional zeroconf).
The host and client modules are not imported here, so ``python -m engine.net.host`` starts cleanly.
"""
from __future__ import annotations

from .codec import MAX_FRAME_SIZE, FrameDecoder, FrameError, encode_frame
from .schema import PROTOCOL_NAME, PROTOCOL_VERSION, ProtocolError

__all__ = ["MAX_FRAME_SIZE", "PROTOCOL_NAME", "PROTOCOL_VERSION", "FrameDecoder", "FrameError", "ProtocolError",
           "encode_frame"]
