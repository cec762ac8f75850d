"""What the tests share and the package does not ship: the ``@rule`` marker and the clause
finder (:mod:`.scenario`), random playouts and bot games (:mod:`.play`), the small toy game
(:mod:`.toygame`) and how hard the randomised checks play (:mod:`.depth`). Imported as
``support.…`` (``pythonpath`` in ``pyproject.toml``)."""
