"""A minimal SMTP server on loopback that keeps what it receives and every line it was sent.

It offers no STARTTLS and says 250 to anything it does not know (AUTH included): what a
relay behind a STARTTLS-stripping attacker looks like to the client."""

from __future__ import annotations

import socketserver
import threading
from dataclasses import dataclass, field
from typing import Any, cast


@dataclass
class Received:
    sender: str
    recipients: list[str]
    data: bytes


@dataclass
class SmtpServer:
    server: socketserver.ThreadingTCPServer
    messages: list[Received] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)  # every line a client sent, in order

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class _Server(socketserver.ThreadingTCPServer):
    received: list[Received]
    commands: list[str]

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.received, self.commands = [], []


class _Handler(socketserver.StreamRequestHandler):
    def reply(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self) -> None:
        self.reply("220 localhost test SMTP")
        sender, recipients = "", list[str]()
        while line := self.rfile.readline():
            cast(_Server, self.server).commands.append(line.decode().strip())
            verb = line.decode().strip().split(" ", 1)[0].upper()
            if verb == "EHLO":
                self.reply("250-localhost")
                self.reply("250 AUTH PLAIN LOGIN")  # no STARTTLS
            elif verb == "HELO":
                self.reply("250 localhost")
            elif verb == "AUTH":
                self.reply("235 2.7.0 Authentication successful")
            elif verb == "MAIL":
                sender, recipients = line.decode().split(":", 1)[1].strip(), []
                self.reply("250 OK")
            elif verb == "RCPT":
                recipients.append(line.decode().split(":", 1)[1].strip())
                self.reply("250 OK")
            elif verb == "DATA":
                self.reply("354 end with .")
                cast(_Server, self.server).received.append(
                    Received(sender, recipients, self._data())
                )
                self.reply("250 queued")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("250 OK")

    def _data(self) -> bytes:
        lines = []
        while (line := self.rfile.readline()) not in (b".\r\n", b".\n", b""):
            lines.append(line[1:] if line.startswith(b"..") else line)
        return b"".join(lines)


def start() -> SmtpServer:
    server = _Server(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return SmtpServer(server, server.received, server.commands)
