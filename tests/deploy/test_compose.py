"""compose.yaml, the Dockerfile and the systemd units, tested without Docker (issue 11).

Docker does not run on these machines, so the services are run the way compose would run
them, as real processes: the redis service's own command, PostgreSQL from the server
binaries (the postgres image's entrypoint cannot run here) with the role and database the db
service names, then each app service's command with its environment and secrets (files), and
each service's health check until it passes. Names that only make sense inside the compose
network are translated: hostnames redis/db become 127.0.0.1 and the test's ports,
/run/secrets/NAME a file here, 0.0.0.0 becomes 127.0.0.1, fixed ports become free ones.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

import pytest
import yaml

from lokpanchang.cli import build_parser
from lokpanchang.config import SECRET_FIELDS, Settings
from tests import servers
from tests.scheduling.cluster import wait_until

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "compose.yaml"
DOCKERFILE = ROOT / "Dockerfile"
GUIDE = ROOT / "docs" / "deploy.md"
APP_UID = 10001  # the image's user and group (Dockerfile)
IMAGE_UID = {"db": 999, "redis": 999}  # the postgres:15 and redis:7 images' user and group
UNITS = ROOT / "deploy" / "systemd"
SEED_SERVICES = {"web", "worker", "beat", "redis", "db", "flower"}
APP_SERVICES = ("migrate", "web", "worker", "beat", "flower")
LONG_RUNNING = ("web", "worker", "beat", "flower")
VARIABLES = {"WHATSAPP_PHONE_NUMBER_ID": "100000000000001"}  # what .env would give
PYTHONS_OWN = {"PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED"}  # read by Python, not by us
INTERPOLATION = re.compile(r"\$\{(\w+)(?::([-?])([^}]*))?\}")


def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


def interpolate(value: str, variables: dict[str, str]) -> str:
    """Compose's ${NAME}, ${NAME:-default} and ${NAME:?error} with ``variables``."""

    def one(match: re.Match) -> str:
        name, kind, rest = match.groups()
        if variables.get(name):
            return variables[name]
        if kind == "?":
            raise AssertionError(f"compose would stop: {rest}")
        return rest or ""

    return INTERPOLATION.sub(one, value)


def environment(service: dict) -> dict[str, str]:
    return {
        k: interpolate(str(v), VARIABLES) for k, v in (service.get("environment") or {}).items()
    }


def is_setting(name: str) -> bool:
    fields = Settings.model_fields
    if name.lower() in fields:
        return True
    return name.endswith("_FILE") and name[: -len("_FILE")].lower() in SECRET_FIELDS


# What the files say -------------------------------------------------------------------------


def test_it_runs_the_seeds_services_with_postgresql_15_and_an_optional_proxy():
    services = compose()["services"]
    assert set(services) >= SEED_SERVICES
    assert services["db"]["image"].partition("@")[0] == "postgres:15"
    assert services["proxy"]["profiles"] == ["proxy"]
    assert all("profiles" not in services[name] for name in SEED_SERVICES)


def test_every_variable_it_names_is_a_real_setting():
    services = compose()["services"]
    named = {name for s in APP_SERVICES for name in environment(services[s])}
    named |= set(re.findall(r"^ENV (.+?)=", DOCKERFILE.read_text(), re.M))
    named |= set(re.findall(r"^\s+(\w+)=", DOCKERFILE.read_text(), re.M))
    named |= {
        line.split("=")[0]
        for line in (UNITS / "lokpanchang.env").read_text().splitlines()
        if line and not line.startswith("#")
    }
    assert named, "no variables found"
    assert [name for name in sorted(named - PYTHONS_OWN) if not is_setting(name)] == []


def test_secrets_come_from_files_never_from_the_environment():
    document = compose()
    for name in APP_SERVICES:
        service = document["services"][name]
        env = environment(service)
        inline = [k for k in env if k.lower() in SECRET_FIELDS]
        assert inline == [], f"{name} gives secrets inline: {inline}"
        for key, value in env.items():
            if key.endswith("_FILE"):
                secret = value.removeprefix("/run/secrets/")
                assert secret in service["secrets"], (name, key)
                assert "file" in document["secrets"][secret]


def test_there_is_exactly_one_beat_and_its_schedule_is_on_a_volume():
    beat = compose()["services"]["beat"]
    assert beat["deploy"]["replicas"] == 1
    data_dir = environment(beat)["DATA_DIR"]
    assert any(volume.split(":")[1] == data_dir for volume in beat["volumes"])
    assert beat["volumes"][0].split(":")[0] in compose()["volumes"]


def test_the_database_is_upgraded_before_web_worker_and_beat_start():
    services = compose()["services"]
    assert services["migrate"]["command"] == ["lokpanchang", "db", "upgrade"]
    for name in ("web", "worker", "beat"):
        wait = services[name]["depends_on"]["migrate"]["condition"]
        assert wait == "service_completed_successfully", name


def test_the_image_runs_as_a_user_installs_the_repository_and_checks_its_health():
    text = DOCKERFILE.read_text()
    users = re.findall(r"^USER (\S+)", text, re.M)
    assert users and users[-1] not in ("root", "0")
    assert "COPY src ./src" in text
    assert re.search(r"pip wheel .*--require-hashes -r requirements.lock", text)
    assert re.search(r"pip wheel .*--no-deps \.", text)
    assert re.search(r'^\s+CMD \["lokpanchang", "probe", "web"\]', text, re.M)


DIGEST = re.compile(r"^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$")


def test_every_base_image_is_pinned_by_digest():
    """Issue 24, item 12: a tag can be moved to other content; a digest cannot."""
    bases = re.findall(r"^FROM (\S+)", DOCKERFILE.read_text(), re.M)
    pulled = [s["image"] for s in compose()["services"].values() if "build" not in s]
    assert bases and pulled
    assert [image for image in bases + pulled if not DIGEST.match(image)] == []
    guide = GUIDE.read_text().split("## Images", 1)[1]
    assert all(image.split("@")[1] in guide for image in bases + pulled), "provenance missing"


def test_the_image_runs_in_production_mode_without_being_told():
    final_stage = DOCKERFILE.read_text().rsplit("\nFROM ", 1)[1]
    declared = dict(re.findall(r"\b([A-Z_]+)=(\S+)", final_stage.split("\nCOPY", 1)[0]))
    assert declared.get("ENVIRONMENT") == "production", declared


def test_every_unit_starts_a_real_command():
    units = sorted(UNITS.glob("*.service"))
    assert {u.name for u in units} >= {
        "lokpanchang-web.service",
        "lokpanchang-worker@.service",
        "lokpanchang-beat.service",
        "lokpanchang-flower.service",
    }
    for unit in units:
        for line in unit.read_text().splitlines():
            if line.startswith(("ExecStart=", "ExecStartPre=")):
                argv = shlex.split(line.split("=", 1)[1])
                assert argv[0].endswith("/bin/lokpanchang"), line
                build_parser().parse_args(argv[1:])  # exits (fails the test) when unknown


# Running it ---------------------------------------------------------------------------------


def guide_secrets_script() -> str:
    """The shell block of docs/deploy.md's "1. Secrets", as an operator would paste it
    (``sudo`` dropped: the test runs as root)."""
    section = GUIDE.read_text().split("## 1. Secrets", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "docs/deploy.md step 1 has no sh block"
    return block.group(1).replace("sudo ", "")


def as_user(uid: int) -> dict:
    """Popen arguments that run a child as ``uid`` (and the group of the same number) only."""
    return {"user": uid, "group": uid, "extra_groups": []}


class Stack:
    """The compose services as processes, in one directory, each as its image's user."""

    def __init__(self, directory: Path, document: dict) -> None:
        self.directory, self.document = directory, document
        self.ports = {"redis": servers.free_port(), "web": servers.free_port()}
        self.ports["flower"] = servers.free_port()
        self.processes: dict[str, subprocess.Popen] = {}
        self.mounted = directory / "run-secrets"  # what each container sees as /run/secrets

    def service(self, name: str) -> dict:
        return self.document["services"][name]

    def make_secrets(self) -> None:
        """Run the guide's step 1, then mount its files the way compose does: bind mounts
        keep the host's owner and mode (compose ignores uid/gid/mode outside swarm)."""
        subprocess.run(["bash", "-euc", guide_secrets_script()], cwd=self.directory, check=True)
        self.mounted.mkdir(mode=0o755)
        for path in (self.directory / "secrets").iterdir():
            shutil.copy2(path, self.mounted / path.name)
            owner = path.stat()
            os.chown(self.mounted / path.name, owner.st_uid, owner.st_gid)

    def secret(self, name: str) -> str:
        return (self.mounted / name).read_text().strip()

    def replace_secret(self, name: str, value: str) -> None:
        """A secret's new value; the file keeps the owner and mode the guide gave it."""
        (self.mounted / name).write_text(value + "\n")

    def readable_by(self, uid: int, name: str) -> bool:
        done = subprocess.run(
            ["cat", str(self.mounted / name)], capture_output=True, check=False, **as_user(uid)
        )
        return done.returncode == 0

    def data_dir(self, name: str) -> Path:
        path = self.directory / name
        path.mkdir(exist_ok=True)
        os.chown(path, APP_UID, APP_UID)
        return path

    def app_env(self, name: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH", "LANG")}
        env["HOME"] = str(self.data_dir(name))
        for key, value in environment(self.service(name)).items():
            env[key] = self.translate(name, key, value)
        return env

    def translate(self, service: str, key: str, value: str) -> str:
        value = value.replace("/run/secrets/", f"{self.mounted}/")
        value = value.replace("@redis:6379", f"@127.0.0.1:{self.ports['redis']}")
        if key == "DATA_DIR":
            return str(self.data_dir(service))
        if key == "WEB_HOST":
            return "127.0.0.1"
        if key == "WEB_PORT":
            return str(self.ports["web"])
        if key == "FLOWER_PORT":
            return str(self.ports["flower"])
        return value

    def argv(self, command: list[str]) -> list[str]:
        assert command[0] == "lokpanchang", command
        return [sys.executable, "-m", "lokpanchang", *command[1:]]

    def start(self, name: str, argv: list[str], env: dict | None = None, uid: int = APP_UID):
        with open(self.directory / f"{name}.log", "w") as log:  # the child keeps its copy
            self.processes[name] = subprocess.Popen(
                argv,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.directory,
                **as_user(uid),
            )

    def healthy(self, argv: list[str], env: dict | None = None, uid: int = APP_UID) -> bool:
        done = subprocess.run(
            argv, env=env, capture_output=True, timeout=60, check=False, **as_user(uid)
        )
        return done.returncode == 0

    def log(self, name: str) -> str:
        path = self.directory / f"{name}.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def health_command(service: dict) -> list[str]:
    test = service["healthcheck"]["test"]
    assert test[0] == "CMD", test
    return test[1:]


def redis_command(stack: Stack) -> list[str]:
    """The redis service's command, on the test's port, as the redis image's user."""
    redis = stack.service("redis")
    binary = servers.shutil.which("redis-server") or servers.missing("redis-server")
    assert redis["command"][0] == "redis-server"
    (stack.directory / "redis").mkdir()
    os.chown(stack.directory / "redis", IMAGE_UID["redis"], IMAGE_UID["redis"])
    command = [stack.translate("redis", "", part) for part in redis["command"][1:]]
    return [
        binary,
        *command,
        "--port",
        str(stack.ports["redis"]),
        "--bind",
        "127.0.0.1",
        "--dir",
        str(stack.directory / "redis"),
    ]


def start_redis(stack: Stack) -> None:
    stack.start("redis", redis_command(stack), uid=IMAGE_UID["redis"])
    command = health_command(stack.service("redis"))  # redis-cli's options before the command
    probe = [command[0], "-p", str(stack.ports["redis"]), *command[1:]]
    wait_until(
        lambda: stack.healthy(probe, uid=IMAGE_UID["redis"]),
        30,
        f"redis's health check\n{stack.log('redis')}",
    )


def prepare_db(stack: Stack, postgres) -> None:
    """The role and database the db service would create, on the test's PostgreSQL, with the
    password of the guide's db_password (which the postgres image's user must be able to read)."""
    import psycopg

    db = stack.service("db")
    assert stack.readable_by(IMAGE_UID["db"], "db_password"), "postgres cannot read db_password"
    user, name = db["environment"]["POSTGRES_USER"], db["environment"]["POSTGRES_DB"]
    password = stack.secret("db_password")
    with psycopg.connect(
        f"host=127.0.0.1 port={postgres.port} user=postgres dbname=postgres", autocommit=True
    ) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'DROP ROLE IF EXISTS "{user}"')
        connection.execute(f"CREATE ROLE \"{user}\" LOGIN PASSWORD '{password}'")
        connection.execute(f'CREATE DATABASE "{name}" OWNER "{user}"')
    probe = health_command(db)
    probe[0] = str(postgres.bindir / probe[0])
    probe += ["-h", "127.0.0.1", "-p", str(postgres.port)]
    assert stack.healthy(probe, uid=0), "pg_isready refused"
    guide_url = stack.secret("database_url")  # the guide's, with the compose host name "db"
    assert guide_url == f"postgresql+psycopg://{user}:{password}@db/{name}", guide_url
    stack.replace_secret("database_url", guide_url.replace("@db/", f"@127.0.0.1:{postgres.port}/"))


def require_a_second_user() -> None:
    """The services run as the image's uid: only root can start them so, and only with an
    interpreter and checkout that uid can read (see ``stack_dir``)."""
    if os.geteuid() != 0:
        pytest.skip("running services as uid 10001 needs root")
    try:
        probe = subprocess.run(
            [sys.executable, "-c", "import lokpanchang"],
            env={k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")},
            cwd="/",
            capture_output=True,
            text=True,
            check=False,
            **as_user(APP_UID),
        )
    except PermissionError as exc:
        pytest.fail(f"uid {APP_UID} cannot run {sys.executable}: {exc}")
    assert probe.returncode == 0, f"uid {APP_UID} cannot import lokpanchang: {probe.stderr}"


def closed_ancestors(*paths: Path) -> list[Path]:
    """Directories above ``paths`` that others may not pass through (e.g. /root, 0700, when
    Python or the checkout lives under it)."""
    found: list[Path] = []
    for path in paths:
        for directory in path.resolve().parents:
            if not directory.stat().st_mode & 0o001 and directory not in found:
                found.append(directory)
    return found


@pytest.fixture
def passable_to_the_services():
    """Let uid 10001 pass through (never list) the directories above the interpreter and the
    checkout for the test's length: a container has its Python and code in its own image."""
    opened = closed_ancestors(Path(sys.executable), ROOT / "src")
    if opened and os.geteuid() == 0:
        for directory in opened:
            directory.chmod(directory.stat().st_mode | 0o001)
    yield
    if os.geteuid() == 0:
        for directory in opened:
            directory.chmod(directory.stat().st_mode & ~0o001)


@pytest.fixture
def stack_dir(passable_to_the_services):
    """A directory every user may enter (pytest's own are 0700, closed to uid 10001)."""
    path = Path(tempfile.mkdtemp(prefix="lokpanchang-compose-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.mark.integration
def test_the_guides_secrets_are_readable_by_each_services_user_and_nobody_else(stack_dir):
    """Issue 24, item 13: the guide made them 0600 as the host user, and uid 10001 could not
    read them, so nothing started."""
    require_a_second_user()
    stack = Stack(stack_dir, compose())
    stack.make_secrets()
    document = compose()
    for name, service in document["services"].items():
        uid = IMAGE_UID.get(name, APP_UID)
        for secret in service.get("secrets", []):
            assert stack.readable_by(uid, secret), f"{name} (uid {uid}) cannot read {secret}"
    for path in stack.mounted.iterdir():
        assert path.stat().st_mode & 0o007 == 0, f"{path.name} is readable by everyone"
        assert not stack.readable_by(65534, path.name), f"nobody can read {path.name}"


@pytest.mark.integration
def test_redis_lets_in_only_the_apps_user_with_its_password(stack_dir):
    """Issue 24, item 5: anyone on the network could enqueue tasks into Redis."""
    import redis

    require_a_second_user()
    stack = Stack(stack_dir, compose())
    stack.make_secrets()
    try:
        start_redis(stack)
        port = stack.ports["redis"]
        with pytest.raises(redis.AuthenticationError):
            redis.Redis(port=port).lpush("celery", "{}")
        with pytest.raises(redis.AuthenticationError):
            redis.Redis(port=port, username="lokpanchang", password="guessed").ping()
        with pytest.raises(redis.exceptions.NoPermissionError):
            redis.Redis(port=port, username="healthcheck", password="x").lpush("celery", "{}")
        from lokpanchang.config import load_settings

        settings = load_settings(stack.app_env("worker"))
        assert redis.Redis.from_url(settings.celery_broker_url).ping()
    finally:
        stack.stop()


@pytest.mark.integration
@pytest.mark.slow
def test_the_services_run_as_compose_says_and_all_become_healthy(stack_dir, postgres_server):
    """Each service as its image's user (the app as uid 10001), with the guide's secrets."""
    require_a_second_user()
    stack = Stack(stack_dir, compose())
    stack.make_secrets()
    try:
        start_redis(stack)
        prepare_db(stack, postgres_server)
        migrate = stack.service("migrate")
        done = subprocess.run(
            stack.argv(migrate["command"]),
            env=stack.app_env("migrate"),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            **as_user(APP_UID),
        )
        assert done.returncode == 0, done.stderr
        for name in LONG_RUNNING:
            stack.start(name, stack.argv(stack.service(name)["command"]), stack.app_env(name))
        for name in LONG_RUNNING:
            probe = stack.argv(health_command(stack.service(name)))
            wait_until(
                lambda: stack.healthy(probe, stack.app_env(name)),  # noqa: B023
                120,
                f"{name}'s health check\n{stack.log(name)}",
                interval=1.0,
            )
        base = f"http://127.0.0.1:{stack.ports['web']}"
        with urllib.request.urlopen(base + "/healthz", timeout=10) as response:
            assert json.loads(response.read()) == {
                "web": "ok",
                "database": "ok",
                "worker": "ok",
                "beat": "ok",
            }
        token = stack.secret("metrics_token")
        request = urllib.request.Request(
            base + "/metrics", headers={"Authorization": f"Bearer {token}"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200
        assert "gunicorn" in response.headers.get("Server", "")
    finally:
        stack.stop()
    beat_dir = stack_dir / "beat"
    assert any(p.name.startswith("celerybeat-schedule") for p in beat_dir.iterdir())
