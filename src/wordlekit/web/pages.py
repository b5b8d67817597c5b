"""The pages: the app (``/``, one HTML page whose scripts and styles are in ``/static``) and
the API documentation (``/docs``: Swagger UI 5, which reads the OpenAPI 3.1 document FastAPI
serves, vendored in ``web/vendor/swagger-ui`` so that the docs work offline; the page and its
start-up script are static files, as the CSP allows no inline script).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, FastAPI, HTTPException
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

WEB = resources.files("wordlekit").joinpath("web")
STATIC = Path(str(WEB.joinpath("static")))
#: swagger-ui-dist's files, as published (see the README there for the version and licence).
SWAGGER_UI = Path(str(WEB.joinpath("vendor").joinpath("swagger-ui")))
#: Only the files the docs page uses, and the licences that go with them: not the folder.
DOCS_ASSETS = {
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
    "swagger-ui.css": "text/css; charset=utf-8",
    "swagger-ui-bundle.js.LICENSE.txt": "text/plain; charset=utf-8",
    "LICENSE": "text/plain; charset=utf-8",
    "NOTICE": "text/plain; charset=utf-8",
}

router = APIRouter(include_in_schema=False)


@router.get("/")
async def index() -> FileResponse:
    return FileResponse(STATIC / "index.html", media_type="text/html")


@router.get("/docs")
async def docs() -> FileResponse:
    return FileResponse(STATIC / "docs.html", media_type="text/html")


@router.get("/docs-assets/{name}")
async def docs_asset(name: str) -> FileResponse:
    if name not in DOCS_ASSETS:
        raise HTTPException(404, "Not Found")
    return FileResponse(SWAGGER_UI / name, media_type=DOCS_ASSETS[name])


def install_pages(app: FastAPI) -> None:
    """The pages' routes and the static files."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
