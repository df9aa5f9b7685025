"""``lokpanchang worker --queues``: which queues a worker consumes."""

from __future__ import annotations

import pytest

from lokpanchang.cli import main
from lokpanchang.tasks import app


@pytest.fixture
def worker_argv(monkeypatch, settings_env):
    started: list[list[str]] = []
    monkeypatch.setattr(app, "worker_main", started.append)
    return started


def queues_of(argv: list[str]) -> str:
    return argv[argv.index("-Q") + 1]


def test_a_worker_consumes_every_queue_by_default(worker_argv):
    assert main(["worker"]) == 0
    assert queues_of(worker_argv[0]) == "default,priority,statuses,cards"


def test_a_conversation_worker_consumes_only_priority(worker_argv):
    assert main(["worker", "--queues", "priority", "--concurrency", "1"]) == 0
    assert queues_of(worker_argv[0]) == "priority"


@pytest.mark.parametrize("queues", ["priorty", "default,,statuses", "default, celery"])
def test_an_unknown_queue_stops_the_worker_naming_it(worker_argv, capsys, queues):
    assert main(["worker", "--queues", queues]) == 2
    error = capsys.readouterr().err
    assert "--queues" in error and "is not a queue" in error and worker_argv == []
