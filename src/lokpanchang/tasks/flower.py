"""Flower, read-only: ``python -m lokpanchang.tasks.flower <celery flower options>``.

Flower's HTTP API lets anyone who passes its basic auth run any registered task
(``/api/task/async-apply/tasks.recover_inbound``, ``tasks.send_for_timezone`` ...),
revoke tasks and shut workers down. Flower has no read-only switch, so this entry point
removes every route that changes something before Flower builds its app: what is left shows
workers, tasks, queues and results. (``lokpanchang flower`` runs this.)

Flower answers ``/metrics`` and ``/healthcheck`` without asking for credentials (its own
choice, for Prometheus and probes); here they ask like every other page (issue 24, item 11):
``lokpanchang probe flower`` sends them.
"""

from __future__ import annotations

import sys

# Routes answering POST that only read: the task table's paging, and the catch-all 404.
READ_ONLY_POSTS = frozenset({"TasksDataTable", "NotFoundErrorHandler"})
WRITE_METHODS = ("post", "put", "patch", "delete")


def changes_something(handler_class) -> bool:
    """True when the route's handler accepts a write method that does more than read."""
    from tornado.web import RequestHandler

    if handler_class.__name__ in READ_ONLY_POSTS:
        return False
    return any(
        getattr(handler_class, method) is not getattr(RequestHandler, method)
        for method in WRITE_METHODS
    )


def remove_control_routes(handlers: list) -> list[str]:
    """Drop (in place) the routes of ``handlers`` that change something; their patterns."""
    from tornado.web import URLSpec

    removed = []
    for route in list(handlers):
        handler_class = route.handler_class if isinstance(route, URLSpec) else route[1]
        if changes_something(handler_class):
            handlers.remove(route)
            removed.append(route.regex.pattern if isinstance(route, URLSpec) else route[0])
    return removed


# Flower's handlers that answer GET without checking who asks.
OPEN_HANDLERS = frozenset({"Metrics", "Healthcheck"})


def require_login(handlers: list) -> list[str]:
    """Replace (in place) the routes of ``handlers`` that answer without credentials by ones
    that check them as Flower's other pages do; their patterns."""
    from tornado.web import URLSpec

    guarded = []
    for index, route in enumerate(handlers):
        spec = route if isinstance(route, URLSpec) else URLSpec(*route)
        if spec.handler_class.__name__ in OPEN_HANDLERS:
            handlers[index] = URLSpec(spec.regex.pattern, _logged_in(spec.handler_class))
            guarded.append(spec.regex.pattern)
    return guarded


def _logged_in(handler_class):
    from tornado.web import authenticated

    class LoggedIn(handler_class):  # type: ignore[valid-type,misc]  # a class chosen at run time
        @authenticated
        async def get(self, *args, **kwargs):
            return await handler_class.get(self, *args, **kwargs)

    LoggedIn.__name__ = f"LoggedIn{handler_class.__name__}"
    return LoggedIn


def main(argv: list[str]) -> None:
    import flower.app
    from celery.bin.celery import main as celery_main

    # flower.app keeps a reference to flower.urls.handlers; both see the same list.
    remove_control_routes(flower.app.default_handlers)
    require_login(flower.app.default_handlers)
    sys.argv = ["celery", "-A", "lokpanchang.tasks", "flower", *argv]
    celery_main()


if __name__ == "__main__":
    main(sys.argv[1:])
