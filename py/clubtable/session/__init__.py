"""The host-authoritative table session and its message protocol (pure Python).

- :mod:`.protocol`: message encoding and validation (``encode``, ``parse_guest``,
  ``parse_host``, ``ProtocolError``, the size and length bounds, ``seed_hash``).
- :mod:`.table`: :class:`Table`, the host of one table (seats, peers, intents, views, bots,
  timers, save/restore).
- :mod:`.guest`: :class:`Guest`, a guest tab's client state and end-of-game verification.
- :mod:`.chunks`: messages of any size in bounded pieces, bounded reassembly.
- :mod:`.assets`: pictures (checks, the host's store, relaying only what a view shows).
- :mod:`.limits`: per-peer token buckets and bounded logs.
- :mod:`.store`: incremental saving behind a small storage interface; rejoin tokens.

See ``docs/protocol.md``.
"""
from .guest import Guest
from .protocol import (
    MAX_GUEST_BYTES,
    MAX_HOST_BYTES,
    ProtocolError,
    clean_name,
    encode,
    parse_guest,
    parse_host,
    seed_hash,
)
from .table import BOT_POLL_MS, Out, Table

__all__ = [
    "Table",
    "Guest",
    "Out",
    "BOT_POLL_MS",
    "ProtocolError",
    "encode",
    "parse_guest",
    "parse_host",
    "seed_hash",
    "clean_name",
    "MAX_GUEST_BYTES",
    "MAX_HOST_BYTES",
]
