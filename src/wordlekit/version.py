"""wordlekit's version, in one place: the package metadata (``pyproject.toml`` reads it), the
CLI's ``--version``, the web API's OpenAPI document and the docs all report this value, and
``CHANGELOG.md``'s newest release must be it (``tests/test_version.py``)."""

__version__ = "0.2.0"
