"""Property-based fuzzing of the HTTP API from its own OpenAPI schema (schemathesis): whatever
the input, no 5xx, and every 4xx carries a JSON ``{"error": ...}`` body."""

from __future__ import annotations

from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings

from wordlekit.web.api import create_app

app = create_app(Path(__import__("tempfile").mkdtemp()) / "fuzz.sqlite3")
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_errors(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, case.body, response.text[:300])
    if response.status_code >= 400:
        assert "error" in response.json(), response.text[:300]
