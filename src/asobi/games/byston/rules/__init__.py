"""The rules of ドレイクの野望: the printed clause inventory (``clauses.tsv``) and our decisions on
its gaps (``notes.tsv``, ids ``B-n``, explained in ``docs/byston/rules-notes.md``)."""
