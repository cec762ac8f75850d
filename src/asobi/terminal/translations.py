"""Rule clauses in the reader's language: the terminal's name for :mod:`asobi.core.clause_texts`,
which the web server reads too."""

from __future__ import annotations

from ..core.clause_texts import (
    JAPANESE_ONLY,
    NOTICE,
    clause_text,
    clause_texts,
    notice,
    printed_ids,
    split_bilingual,
    translation,
)

__all__ = ["JAPANESE_ONLY", "NOTICE", "clause_text", "clause_texts", "notice", "printed_ids",
           "split_bilingual", "translation"]
