"""Saved games and match records."""

from .sqlite import GameStore, SavedGame, default_db_path

__all__ = ["GameStore", "SavedGame", "default_db_path"]
