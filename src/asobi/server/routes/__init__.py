"""The web application's routes, one module per group: the catalogue of games (``catalog``),
games made, listed and read (``games``), play over a WebSocket (``sockets``) and the browser
client's pages (``pages``), the state of the games a browser holds links for (``mine``). Each is a FastAPI ``APIRouter``; :func:`asobi.server.create_app`
assembles them around the server's :class:`~asobi.server.rooms.Hub`."""
