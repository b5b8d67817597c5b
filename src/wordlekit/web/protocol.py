"""The connections the server accepts (what uvicorn does below the ASGI app): slow clients
are cut off, and one address cannot hold every connection.

- **Header timeout.** A connection that has not sent a request's complete headers within
  ``header_timeout`` seconds (from the connection, or from the end of the previous response
  on a kept-alive one) is closed: an idle connection, or one trickling its headers a byte at
  a time (slowloris), holds nothing for long. The body's own timeout is the ASGI middleware's
  (:mod:`wordlekit.web.http`: 408).
- **Connections per address.** At most ``per_address`` open connections per client address;
  one more is answered ``429`` and closed before anything of it is read. Connections from a
  trusted proxy (``--forwarded-allow-ips``) are not counted: every client behind it shares
  its address.

:func:`server_config` is the uvicorn configuration of ``wordle serve`` (and of the tests'
live servers): this protocol, and proxy headers only from the proxies given.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from wordlekit.web.context import ServerSettings
from wordlekit.web.http import CONNECTIONS_PER_ADDRESS, HEADER_TIMEOUT

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass
class ConnectionGuard:
    """The limits of one server's connections, and its table of open connections per
    address (an entry lives as long as a connection from that address is open, so the table
    is never larger than the connections themselves)."""

    header_timeout: float = HEADER_TIMEOUT
    per_address: int = CONNECTIONS_PER_ADDRESS
    #: Proxies whose connections are not counted (``None``: every address is one).
    trusted: tuple[Network, ...] | None = ()
    open: Counter[str] = field(default_factory=Counter)

    def counted(self, address: str) -> bool:
        if self.trusted is None:
            return False
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:  # a Unix socket's peer: no address to count
            return False
        return not any(ip in net for net in self.trusted)

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``; False (and nothing counted) past the
        limit."""
        if self.open[address] >= self.per_address:
            return False
        self.open[address] += 1
        return True

    def release(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


def trusted_networks(forwarded_allow_ips: str | None) -> tuple[Network, ...] | None:
    """The proxies of ``--forwarded-allow-ips`` as networks (``None`` for ``*``: all)."""
    if not forwarded_allow_ips:
        return ()
    nets: list[Network] = []
    for item in forwarded_allow_ips.split(","):
        item = item.strip()
        if item == "*":
            return None
        try:
            nets.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            continue  # a literal uvicorn also matches (a Unix socket's name): not an address
    return tuple(nets)


def _refusal() -> bytes:
    body = json.dumps({"error": "too many connections from this address"}).encode()
    head = (
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nretry-after: 1\r\nconnection: close\r\n"
        "x-content-type-options: nosniff\r\n\r\n"
    )
    return head.encode("ascii") + body


REFUSAL = _refusal()


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol under a :class:`ConnectionGuard` (see the module
    docstring). :func:`protocol_class` gives a subclass bound to one guard."""

    guard: ConnectionGuard = ConnectionGuard()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._timer: asyncio.TimerHandle | None = None
        self._counted = ""
        address = self.client[0] if self.client else ""
        if self.guard.counted(address):
            if not self.guard.admit(address):
                transport.write(REFUSAL)
                transport.close()
                return
            self._counted = address
        self._await_headers()

    def _await_headers(self) -> None:
        """Close the connection unless a new request's headers are complete in time: the
        request in progress now (``self.cycle``, replaced as soon as the next request's
        headers are parsed) must then be another one."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self.loop.call_later(
            self.guard.header_timeout, self._headers_late, self.cycle
        )

    def _headers_late(self, cycle: Any) -> None:
        self._timer = None
        if self.cycle is cycle and not self.transport.is_closing():
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # Kept alive and no pipelined request started: the next one has its time for headers.
        if not self.transport.is_closing() and self.cycle.response_complete:
            self._await_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._counted:
            self.guard.release(self._counted)
            self._counted = ""
        super().connection_lost(exc)


def protocol_class(guard: ConnectionGuard) -> type[GuardedProtocol]:
    """A protocol class for one server: its connections share ``guard``."""
    return type("GuardedProtocol", (GuardedProtocol,), {"guard": guard})


def server_config(
    app: Any,
    host: str,
    port: int,
    settings: ServerSettings,
    *,
    forwarded_allow_ips: str | None = None,
    **options: Any,
) -> uvicorn.Config:
    """The uvicorn configuration of the web app: the guarded protocol under ``settings``'
    limits, and the client address from X-Forwarded-For only when the connection comes from
    one of ``forwarded_allow_ips`` (none by default: the peer's address is the client's)."""
    guard = ConnectionGuard(
        settings.header_timeout,
        settings.connections_per_address,
        trusted_networks(forwarded_allow_ips),
    )
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=protocol_class(guard),
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips or "",
        **options,
    )
