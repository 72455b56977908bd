"""Holding the TV server against one bad client: limits per address, before any HTTP.

:class:`Guard` counts connections per remote address at the socket, before aiohttp reads a
byte: an address over :attr:`Limits.connections_per_address` has its new connection
dropped at once (an abort costs a few microseconds, nothing is parsed), so a flood from
one address only ever fills its own quota and another address's screen connects and
updates as usual. A connection that sends nothing for :attr:`Limits.idle` seconds is
closed (a half-sent request, a held socket), unless it is a screen's event stream, which
the server itself keeps alive and drops when the screen stops reading. Requests are
rate-limited per address too (:meth:`Guard.allow_request`, a token bucket).

:class:`GuardedProtocol` wraps each aiohttp connection (the public low-level
``aiohttp.web.Server`` is the protocol factory): it forwards every call unchanged.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Limits:
    connections_per_address: int = 16  # a TV needs two (the page, its event stream)
    connections: int = 1024  # all addresses together (file descriptors are finite)
    streams_per_address: int = 4  # event streams: screens behind one address
    streams: int = 256  # event streams at once, every address
    requests_per_second: float = 10.0  # per address, sustained
    request_burst: float = 40.0  # per address, at once
    idle: float = 10.0  # seconds a connection may send nothing (streams excepted)
    write_timeout: float = 10.0  # seconds a screen may take to read one update


def is_loopback(host: str) -> bool:
    bare = host.strip("[]").lower()
    if bare == "localhost" or bare.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(bare).is_loopback
    except ValueError:
        return False


class _Bucket:
    __slots__ = ("at", "tokens")

    def __init__(self, tokens: float, at: float) -> None:
        self.tokens = tokens
        self.at = at


class Guard:
    """Per-address bookkeeping for one server (the event loop's thread only)."""

    def __init__(self, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic):
        self.limits = limits or Limits()
        self.clock = clock
        self.connections: dict[str, int] = {}
        self.total = 0
        self.streams: dict[str, int] = {}
        self.total_streams = 0
        self.streaming: set[Any] = set()  # transports carrying an event stream
        self.refused = 0  # connections dropped at the socket (for the bench and tests)
        self.limited = 0  # requests refused by the rate limit
        self._buckets: dict[str, _Bucket] = {}

    # -- connections ------------------------------------------------------------------
    def admit(self, address: str) -> bool:
        count = self.connections.get(address, 0)
        if count >= self.limits.connections_per_address or self.total >= self.limits.connections:
            self.refused += 1
            return False
        self.connections[address] = count + 1
        self.total += 1
        return True

    def release(self, address: str) -> None:
        count = self.connections.get(address, 0) - 1
        if count > 0:
            self.connections[address] = count
        else:
            self.connections.pop(address, None)
        self.total -= 1

    # -- requests -----------------------------------------------------------------------
    def allow_request(self, address: str) -> bool:
        now = self.clock()
        lim = self.limits
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) > 4096:  # forget addresses that have been quiet
                self._buckets = {
                    other: other_bucket
                    for other, other_bucket in self._buckets.items()
                    if now - other_bucket.at < lim.request_burst
                }
            bucket = self._buckets[address] = _Bucket(lim.request_burst, now)
        bucket.tokens = min(
            lim.request_burst, bucket.tokens + (now - bucket.at) * lim.requests_per_second
        )
        bucket.at = now
        if bucket.tokens < 1.0:
            self.limited += 1
            return False
        bucket.tokens -= 1.0
        return True

    # -- event streams ------------------------------------------------------------------
    def open_stream(self, address: str, transport: Any) -> bool:
        lim = self.limits
        count = self.streams.get(address, 0)
        if count >= lim.streams_per_address or self.total_streams >= lim.streams:
            return False
        self.streams[address] = count + 1
        self.total_streams += 1
        if transport is not None:
            self.streaming.add(transport)
        return True

    def close_stream(self, address: str, transport: Any) -> None:
        count = self.streams.get(address, 0) - 1
        if count > 0:
            self.streams[address] = count
        else:
            self.streams.pop(address, None)
        self.total_streams -= 1
        self.streaming.discard(transport)


def peer_address(transport: Any) -> str:
    peer = transport.get_extra_info("peername") if transport is not None else None
    if isinstance(peer, tuple) and peer:
        return str(peer[0])
    return "?"


class GuardedProtocol(asyncio.Protocol):
    """One connection: counted per address, dropped when over the limit or idle, every
    other call passed to aiohttp's own protocol object."""

    def __init__(self, guard: Guard, inner: Any) -> None:
        self.guard = guard
        self.inner = inner
        self.address = "?"
        self.admitted = False
        self.transport: Any = None
        self.last = 0.0
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport
        self.address = peer_address(transport)
        if not self.guard.admit(self.address):
            transport.abort()
            return
        self.admitted = True
        self.last = self.guard.clock()
        self._arm(self.guard.limits.idle)
        self.inner.connection_made(transport)

    def _arm(self, delay: float) -> None:
        self._timer = asyncio.get_running_loop().call_later(delay, self._check_idle)

    def _check_idle(self) -> None:
        self._timer = None
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        idle = self.guard.limits.idle
        if transport in self.guard.streaming:
            self._arm(idle)
            return
        quiet = self.guard.clock() - self.last
        if quiet >= idle:
            transport.abort()
            return
        self._arm(idle - quiet)

    def data_received(self, data: bytes) -> None:
        self.last = self.guard.clock()
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not self.admitted:
            return
        self.admitted = False
        self.guard.release(self.address)
        self.guard.streaming.discard(self.transport)
        self.inner.connection_lost(exc)


__all__ = ["Guard", "GuardedProtocol", "Limits", "is_loopback", "peer_address"]
