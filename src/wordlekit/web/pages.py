"""The pages: the app (``/``, one HTML page whose scripts and styles are in ``/static``) and
the API documentation (``/docs``: Swagger UI from the local swagger-ui-bundle package, so the
docs work offline; the page and its start-up script are static files, as the CSP allows no
inline script).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, FastAPI, HTTPException
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(str(resources.files("wordlekit").joinpath("web").joinpath("static")))
#: Only the files the docs page uses, not the package's folder (its own index.html and
#: initializer point at an outside petstore).
DOCS_ASSETS = {
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
    "swagger-ui.css": "text/css; charset=utf-8",
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
    from swagger_ui_bundle import swagger_ui_path

    if name not in DOCS_ASSETS:
        raise HTTPException(404, "Not Found")
    return FileResponse(Path(swagger_ui_path) / name, media_type=DOCS_ASSETS[name])


def install_pages(app: FastAPI) -> None:
    """The pages' routes and the static files."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
