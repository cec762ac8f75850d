"""Saved games and match records."""

from .sqlite import (
    AuditEntry,
    GameInUseError,
    GameStore,
    ReadOnlyGameError,
    SavedGame,
    StoredAction,
    StoredLog,
    StoreError,
    default_db_path,
)

__all__ = [
    "AuditEntry",
    "GameInUseError",
    "GameStore",
    "ReadOnlyGameError",
    "SavedGame",
    "StoreError",
    "StoredAction",
    "StoredLog",
    "default_db_path",
]
