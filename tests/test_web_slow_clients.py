"""The web server against the connection attacks of the red-team report (2026-12-01), each on
a live server through raw sockets, as the report did them:

- large bodies (2 MB to ``POST /api/games``, 40 at once): every client reads its 413;
- slow clients (W4, slowloris): an idle connection, a trickled header and a trickled body are
  cut off (the body with a 408), while a client that is merely a little slow is served;
- many connections from one address: those past the limit are refused, while another
  address is served;
- X-Forwarded-For (W2): by default no proxy is trusted, so a spoofed header changes no
  client's address (the cap on games per address still counts it).

Loopback has a whole /8 on Linux: a client binds to 127.0.0.N to be another address.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import httpx
import pytest

from harness_web import Server, read_response, run_server
from wordlekit.cli.web import serve_cmd
from wordlekit.web.api import ServerSettings

#: Short limits, so that the attacks end soon: the server cuts slow clients off after this.
CUTOFF = 1.0
#: How long a test waits for the server to act (many times the cutoff: a loaded machine).
PATIENCE = 20.0
MB2 = 2 * 2**20


@pytest.fixture(scope="module")
def quick_cutoff(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Headers and bodies must arrive within a second; 8 connections per address."""
    settings = ServerSettings(
        header_timeout=CUTOFF, body_timeout=CUTOFF, connections_per_address=8, games_per_address=3
    )
    with run_server(tmp_path_factory.mktemp("slow") / "g.sqlite3", settings=settings) as srv:
        yield srv


@pytest.fixture(scope="module")
def patient(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A long header timeout (idle connections stay open), 8 connections per address."""
    settings = ServerSettings(header_timeout=120, connections_per_address=8)
    with run_server(tmp_path_factory.mktemp("conns") / "g.sqlite3", settings=settings) as srv:
        yield srv


def connect(server: Server, source: str = "127.0.0.1") -> socket.socket:
    url = urlsplit(server.url)
    assert url.hostname and url.port
    return socket.create_connection((url.hostname, url.port), PATIENCE, (source, 0))


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closes ``sock`` (end of stream or reset) before our patience ends,
    reading (and dropping) whatever it sends first."""
    sock.settimeout(PATIENCE)
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return True


def trickle_until_closed(sock: socket.socket, data: bytes) -> bool:
    """Send ``data`` a byte every 0.2 s; True once the server has closed the connection
    (before the last byte, which never comes)."""
    end = time.monotonic() + PATIENCE
    for i in range(len(data)):
        if time.monotonic() > end:
            return False
        try:
            sock.sendall(data[i : i + 1])
        except (BrokenPipeError, ConnectionResetError):
            return True
        sock.settimeout(0.2)
        try:
            if sock.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except ConnectionResetError:
            return True
    return False


# Large bodies -----------------------------------------------------------------------------


def send_big_body(server: Server, n: int) -> tuple[int, str]:
    """A 2 MB body to POST /api/games from 127.0.0.<10+n> (Content-Length, or chunked for
    odd ``n``), all of it sent before reading the answer, as most clients do, in pieces of
    64 KB a few milliseconds apart, as from a network: the server answers long before the
    body's end."""
    piece = b" " * 65536
    with connect(server, f"127.0.0.{10 + n}") as sock:
        head = b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        chunked = n % 2 == 1
        if chunked:
            sock.sendall(head + b"Transfer-Encoding: chunked\r\n\r\n")
        else:
            sock.sendall(head + b"Content-Length: %d\r\n\r\n" % MB2)
        for _ in range(MB2 // len(piece)):
            sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            time.sleep(0.005)
        if chunked:
            sock.sendall(b"0\r\n\r\n")
        status, headers, body = read_response(sock)
        assert headers["content-type"] == "application/json"
        return status, json.loads(body)["error"]


def test_forty_clients_sending_2_mb_at_once_all_read_their_413(quick_cutoff: Server) -> None:
    """Once some of them saw a broken pipe or a reset: the server answered and closed while
    they were still sending. Now the rest of each body is read and dropped first."""
    with ThreadPoolExecutor(40) as ex:
        answers = list(ex.map(lambda n: send_big_body(quick_cutoff, n), range(40)))
    assert answers == [(413, "request body too large: the limit is 65536 bytes")] * 40
    with httpx.Client(base_url=quick_cutoff.url, timeout=PATIENCE) as c:
        assert c.get("/api/daily").status_code == 200


# Slow clients -----------------------------------------------------------------------------


def test_an_idle_connection_is_closed_after_the_header_timeout(quick_cutoff: Server) -> None:
    with connect(quick_cutoff) as sock:
        assert closed_by_server(sock)


def test_a_trickled_header_is_cut_off(quick_cutoff: Server) -> None:
    """1 byte every 0.2 s: the headers are never complete within the second they have."""
    request = b"GET /api/daily HTTP/1.1\r\nHost: localhost\r\nX-Pad: " + b"a" * 200 + b"\r\n\r\n"
    with connect(quick_cutoff) as sock:
        assert trickle_until_closed(sock, request)


def test_a_kept_alive_connection_trickling_its_next_request_is_cut_off(
    quick_cutoff: Server,
) -> None:
    with connect(quick_cutoff) as sock:
        sock.sendall(b"GET /api/daily HTTP/1.1\r\nHost: localhost\r\n\r\n")
        status, _, _ = read_response(sock)
        assert status == 200
        assert trickle_until_closed(sock, b"GET /api/daily HTTP/1.1\r\nX-Pad: " + b"a" * 200)


def test_a_trickled_body_gets_408(quick_cutoff: Server) -> None:
    with connect(quick_cutoff) as sock:
        sock.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            b"Content-Length: 200\r\n\r\n{"
        )
        status, headers, body = read_response(sock)  # the client sends nothing more
        assert status == 408 and headers["connection"] == "close"
        assert json.loads(body)["error"] == "the request body did not arrive within 1 s"
        assert closed_by_server(sock)


def test_a_request_sent_in_a_few_pieces_in_time_is_served(quick_cutoff: Server) -> None:
    with connect(quick_cutoff) as sock:
        for part in (b"POST /api/games HTTP/1.1\r\nHost: local", b"host\r\nContent-Type: app"):
            sock.sendall(part)
            time.sleep(0.05)
        sock.sendall(b"lication/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{")
        time.sleep(0.05)
        sock.sendall(b"}")
        status, _, body = read_response(sock)
    assert status == 201 and json.loads(body)["status"] == "playing"


def test_a_request_longer_than_the_header_timeout_is_answered_and_kept_alive(
    quick_cutoff: Server,
) -> None:
    """The header timeout is for headers only: an optimal assist after FUZZY uses its whole
    budget (2 s, twice the cutoff; it says so with exact false) and is answered, and the
    connection then serves the next request."""
    body = json.dumps(
        {"turns": [{"guess": "fuzzy", "pattern": "bbbbb"}], "strategy": "optimal"}
    ).encode()
    with connect(quick_cutoff) as sock:
        sock.sendall(
            b"POST /api/assist HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
            b"\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
        )
        status, _, data = read_response(sock)
        assert status == 200 and json.loads(data)["advice"]["exact"] is False
        sock.sendall(b"GET /api/daily HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert read_response(sock)[0] == 200


# Connections per address ------------------------------------------------------------------


def test_connections_past_the_limit_of_an_address_are_refused(patient: Server) -> None:
    """Eight idle connections from one address (the limit); a ninth is answered 429 and
    closed before anything of it is read, while a client at another address is served and
    the address gets its place back once one of its connections closes."""
    held = [connect(patient, "127.0.0.3") for _ in range(8)]
    try:
        with connect(patient, "127.0.0.3") as extra:
            extra.sendall(b"GET /api/daily HTTP/1.1\r\nHost: localhost\r\n\r\n")
            try:
                status, headers, body = read_response(extra)
            except ConnectionResetError:
                status = 429  # the refusal may be lost in the reset of the unread request
            else:
                assert headers["connection"] == "close" and "too many" in json.loads(body)["error"]
            assert status == 429
            assert closed_by_server(extra)
        other = httpx.Client(
            base_url=patient.url,
            timeout=PATIENCE,
            transport=httpx.HTTPTransport(local_address="127.0.0.4"),
        )
        with other:
            assert other.get("/api/daily").status_code == 200
        for sock in held:  # the eight are still open and served
            sock.sendall(b"GET /api/daily HTTP/1.1\r\nHost: localhost\r\n\r\n")
            assert read_response(sock)[0] == 200
        held.pop().close()
        time.sleep(0.2)  # the server sees the close
        with connect(patient, "127.0.0.3") as again:
            again.sendall(b"GET /api/daily HTTP/1.1\r\nHost: localhost\r\n\r\n")
            assert read_response(again)[0] == 200
    finally:
        for sock in held:
            sock.close()


# X-Forwarded-For ---------------------------------------------------------------------------


def test_by_default_a_spoofed_x_forwarded_for_changes_no_address(quick_cutoff: Server) -> None:
    """Four newcomers from loopback, each claiming another address: the cap of 3 games per
    address still counts them as one (127.0.0.1)."""
    codes = []
    for n in range(4):
        with httpx.Client(
            base_url=quick_cutoff.url,
            timeout=PATIENCE,
            transport=httpx.HTTPTransport(local_address="127.0.0.5"),
        ) as c:
            r = c.post("/api/games", json={}, headers={"X-Forwarded-For": f"203.0.113.{n}"})
            codes.append(r.status_code)
    assert codes == [201, 201, 201, 429]


def test_wordle_serve_trusts_no_proxy_unless_told() -> None:
    option = next(p for p in serve_cmd.params if p.name == "forwarded_allow_ips")
    assert option.default is None
    assert "$proxy_add_x_forwarded_for" in (getattr(option, "help", "") or "")
