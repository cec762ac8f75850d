"""A limit on HTTP request bodies, checked as they arrive: a declared length over it is refused
before anything is read, and a body sent without one is refused once it passes the limit."""

from __future__ import annotations

from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .protocol import encode


class BodyTooLarge(HTTPException):
    """The body went past the limit while it was being read (an HTTP exception, so that the
    framework's reading of the body answers 413 with it rather than a parse error)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"a request body is at most {limit} bytes")


class BodyLimit:
    """ASGI middleware: request bodies of at most ``limit`` bytes (413 past it)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, sending)
        except BodyTooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body: dict[str, Any] = {"detail": f"a request body is at most {self.limit} bytes"}
        data = encode(body).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
        await send({"type": "http.response.body", "body": data})
