"""The public almanac's expensive work, bounded and cached (issue 24, item 2).

A public page (the day, the month, the calendar feed) searches the gazetteer and computes
panchangams and observances: tens to hundreds of milliseconds of CPU each. In a gevent
worker that CPU is taken from every other connection of the worker: 64 clients asking for
random months drove ``/livez`` to a median of 54 s and a signed webhook to 34.7 s. Now each
function marked ``@bounded`` is

- cached: one LRU per web worker, by the function and its arguments (callers pass the place
  cell, e.g. /ics rounds to 0.01°, and the date), shared by every visitor;
- computed off the worker: in ``PUBLIC_HELPERS`` helper processes per worker, at a lower CPU
  priority (nice PUBLIC_NICENESS), so probes, webhooks and the portal (in the worker, at
  normal priority) go first when the cores are busy; the worker only waits on a pipe;
- bounded: a client address has at most ``PUBLIC_PER_CLIENT`` such calls in flight (then
  429), a worker at most QUEUE_PER_HELPER waiting per helper (then 503), both with
  ``Retry-After``, answered at once.

A new expensive public function opts in with one line, ``@public_work.bounded`` (its
arguments and result must pickle). Without helpers (tests, ``web --simple``, scripts) the
work runs in the calling process, cached and bounded alike. Measured: bench/web/public_pages.py.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, overload

F = TypeVar("F", bound=Callable[..., Any])

CACHE_ENTRIES = 2048
QUEUE_PER_HELPER = 8
PUBLIC_NICENESS = 10
WAIT_S = 10.0  # for a free helper, then 503
WORK_TIMEOUT_S = 60.0  # a helper that takes longer is replaced
FRAME = struct.Struct("!I")
REGISTRY: dict[str, Callable[..., Any]] = {}  # "module:qualname" -> the undecorated function


class Busy(Exception):
    """The bound refused the call: answer ``status`` with ``Retry-After: retry_after``."""

    def __init__(self, status: int, reason: str, retry_after: int = 2) -> None:
        super().__init__(reason)
        self.status, self.reason, self.retry_after = status, reason, retry_after


@overload
def bounded(function: F) -> F: ...
@overload
def bounded(*, cached: bool) -> Callable[[F], F]: ...
def bounded(function: F | None = None, *, cached: bool = True) -> Any:
    """Cache ``function``'s results and compute them within the public bound.

    ``@bounded(cached=False)``: bounded alike, but its results are not kept in the LRU
    (a function that keeps its own, e.g. the cards on disk: 2,048 PNGs would be 100 MB).
    """
    if function is None:
        return lambda decorated: _bounded(decorated, cached)
    return _bounded(function, cached)


def _bounded(function: F, cached: bool) -> F:
    name = f"{function.__module__}:{function.__qualname__}"
    REGISTRY[name] = function

    signature = inspect.signature(function)

    @wraps(function)
    def call(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)  # one cache key however the call is spelt
        bound.apply_defaults()
        return WORK.call(name, bound.args, cached)

    return call  # type: ignore[return-value]


class Work:
    """This process's cache, admission and helpers."""

    def __init__(self) -> None:
        self.cache: OrderedDict[tuple, Any] = OrderedDict()
        self.lock = threading.Lock()
        self.in_flight: Counter[str] = Counter()
        self.waiting = 0
        self.per_client = 2
        self.helpers: queue.Queue[Helper] | None = None
        self.capacity = 0

    def configure(self, helpers: int, per_client: int) -> None:
        """Start ``helpers`` helper processes for this process (0: compute here)."""
        self.per_client = per_client
        if helpers:
            self.helpers = queue.Queue()
            for _ in range(helpers):
                self.helpers.put(Helper())
        self.capacity = helpers * QUEUE_PER_HELPER

    def call(self, name: str, args: tuple, cached: bool = True):
        key = (name, args)
        with self.lock:
            if cached and key in self.cache:
                self.cache.move_to_end(key)
                return self.cache[key]
        client = _client()
        self._admit(client)
        try:
            result = self._compute(name, args)
        finally:
            self._leave(client)
        if not cached:
            return result
        with self.lock:
            self.cache[key] = result
            while len(self.cache) > CACHE_ENTRIES:
                self.cache.popitem(last=False)
        return result

    def _admit(self, client: str) -> None:
        with self.lock:
            if self.in_flight[client] >= self.per_client:
                raise Busy(429, f"more than {self.per_client} almanac pages at once from you")
            if self.helpers is not None and self.waiting >= self.capacity:
                raise Busy(503, "the almanac is busy; try again in a moment")
            self.in_flight[client] += 1
            self.waiting += 1

    def _leave(self, client: str) -> None:
        with self.lock:
            self.waiting -= 1
            self.in_flight[client] -= 1
            if self.in_flight[client] <= 0:
                del self.in_flight[client]

    def _compute(self, name: str, args: tuple):
        if self.helpers is None:
            return REGISTRY[name](*args)
        try:
            helper = self.helpers.get(timeout=WAIT_S)
        except queue.Empty:
            raise Busy(503, "the almanac is busy; try again in a moment") from None
        try:
            return helper.run(name, args)
        except HelperFailed:
            helper.stop()
            helper = Helper()
            raise Busy(503, "the almanac could not answer; try again in a moment") from None
        finally:
            self.helpers.put(helper)


class HelperFailed(Exception):
    """The helper died or took longer than WORK_TIMEOUT_S."""


class Helper:
    """One helper process (``python -m lokpanchang.web.public_work``) and its pipes."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "lokpanchang.web.public_work"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )

    def run(self, name: str, args: tuple):
        timer = threading.Timer(WORK_TIMEOUT_S, self.process.kill)
        timer.daemon = True
        timer.start()
        try:
            _write(self.process.stdin, (name, args))
            outcome, value = _read(self.process.stdout)
        except (OSError, EOFError, struct.error, pickle.UnpicklingError) as exc:
            raise HelperFailed(str(exc)) from None
        finally:
            timer.cancel()
        if outcome == "error":
            raise value
        return value

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


def busy_page(refused: Busy):
    """The answer to a refused call (an app error handler: web/__init__.py)."""
    from flask import Response

    response = Response(f"{refused.reason}\n", refused.status, mimetype="text/plain")
    response.headers["Retry-After"] = str(refused.retry_after)
    return response


def _client() -> str:
    from flask import has_request_context, request

    return (request.remote_addr or "-") if has_request_context() else "-"


def _write(stream, value) -> None:
    payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(FRAME.pack(len(payload)) + payload)
    stream.flush()


def _read(stream):
    head = stream.read(FRAME.size)
    if len(head) < FRAME.size:
        raise EOFError("the helper closed its pipe")
    (size,) = FRAME.unpack(head)
    payload = stream.read(size)
    if len(payload) < size:
        raise EOFError("the helper closed its pipe")
    return pickle.loads(payload)


WORK = Work()


def serve_helper(stdin, stdout) -> None:
    """The helper's loop: a request (name, args) in, ("ok", result) or ("error", exc) out,
    until the worker closes the pipe."""
    os.nice(PUBLIC_NICENESS)
    _warm_up()
    while True:
        try:
            name, args = _read(stdin)
        except EOFError:
            return
        try:
            reply: tuple = ("ok", REGISTRY[name](*args))
        except Exception as exc:  # noqa: BLE001 -- handed back to the caller, who raises it
            reply = ("error", exc)
        _write(stdout, reply)


def _warm_up() -> None:
    """The modules whose functions are bounded, and the gazetteer (seconds, once)."""
    integrations = importlib.import_module("lokpanchang.web.integrations")
    integrations.search_places.__wrapped__("Delhi", 1)


def _main() -> None:
    # The pipe to the worker is a private copy of stdout; anything else printing (a library's
    # warning) goes to stderr and cannot corrupt a frame.
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    # Run as __main__, this file is not the module the bounded functions registered in.
    importlib.import_module("lokpanchang.web.public_work").serve_helper(sys.stdin.buffer, replies)


if __name__ == "__main__":
    _main()
