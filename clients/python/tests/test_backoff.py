"""Back-off timing against a tiny local fake (the real limit's Retry-After is up to 60 s): it answers
each request with the next scripted status, then 200."""
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from synthmarket import ApiError, Client


class Fake:
    def __init__(self, script):
        self.script, self.times = list(script), []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                fake.times.append(time.monotonic())
                status, headers = fake.script.pop(0) if fake.script else (200, {"X-As-Of": "2023-03-31"})
                body = json.dumps({"ok": True} if status == 200 else {"detail": f"scripted {status}"}).encode()
                self.send_response(status)
                for name, value in {"Content-Type": "application/json", **headers}.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def gaps(self):
        return [b - a for a, b in zip(self.times, self.times[1:])]


@pytest.fixture
def fake(request):
    servers = []

    def make(*script):
        servers.append(Fake(script))
        return servers[-1]

    yield make
    for f in servers:
        f.server.shutdown()


def test_429_waits_retry_after_then_answers(fake):
    f = fake((429, {"Retry-After": "1"}), (429, {"Retry-After": "2"}))
    client = Client(f.base, "k")
    assert client.get("/x") == {"ok": True} and client.last_as_of == "2023-03-31"
    assert (client.requests, client.retries) == (3, 2)
    gaps = f.gaps()
    assert 1.0 <= gaps[0] < 1.5 and 2.0 <= gaps[1] < 2.5


def test_retry_after_is_capped_by_max_wait(fake):
    f = fake((429, {"Retry-After": "60"}))
    assert Client(f.base, "k", max_wait=0.2).get("/x") == {"ok": True}
    assert 0.2 <= f.gaps()[0] < 1.0


def test_429_is_raised_only_when_retries_are_spent(fake):
    f = fake(*[(429, {"Retry-After": "0"})] * 3)
    client = Client(f.base, "k", max_retries=2)
    with pytest.raises(ApiError) as error:
        client.get("/x")
    assert error.value.status == 429 and error.value.detail == "scripted 429"
    assert len(f.times) == 3  # the first request and two retries


def test_5xx_backs_off_exponentially(fake):
    f = fake((503, {}), (500, {}), (502, {}))
    client = Client(f.base, "k", backoff=0.2)
    assert client.get("/x") == {"ok": True}
    assert all(wait <= gap < wait + 0.5 for wait, gap in zip([0.2, 0.4, 0.8], f.gaps()))
    assert len(f.times) == 4


def test_a_4xx_is_not_retried(fake):
    f = fake((404, {}))
    with pytest.raises(ApiError) as error:
        Client(f.base, "k").get("/x")
    assert (error.value.status, error.value.detail) == (404, "scripted 404") and len(f.times) == 1


def test_connection_errors_are_retried_then_raised():
    f = Fake([])
    f.server.shutdown()
    f.server.server_close()  # nothing listens on the port any more
    client = Client(f.base, "k", max_retries=2, backoff=0.05)
    start = time.monotonic()
    with pytest.raises(httpx.ConnectError):
        client.get("/x")
    assert client.retries == 2 and time.monotonic() - start >= 0.15
