"""The table of transfer codes (:mod:`wordlekit.store.transfers`), apart so that the schema
module can add it without importing the games store: one live code a player, kept only as
its SHA-256 hash, with its expiry."""

from __future__ import annotations

__all__ = ["TRANSFERS_SCHEMA"]

TRANSFERS_SCHEMA = """
CREATE TABLE IF NOT EXISTS transfers (
    player TEXT PRIMARY KEY,
    code_hash TEXT NOT NULL UNIQUE,
    expires_at TEXT NOT NULL
);
"""
