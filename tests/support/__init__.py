"""What the tests share and the package does not ship: the ``@rule`` marker and the clause
finder (:mod:`.scenario`), whole games for tests (:mod:`.play`) and the small toy game
(:mod:`.toygame`). Imported as ``support.…`` (``pythonpath`` in ``pyproject.toml``)."""
