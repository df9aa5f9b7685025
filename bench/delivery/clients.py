"""Client CPU per request of the HTTP clients a channel could use, side by side in one run.

Each client runs in its own process against one ``lokpanchang fake-whatsapp`` (0 ms latency,
started here), 200 requests in flight, the daily template's body; CPU is the client process's
own (``getrusage``, its threads included), from after a warm-up of 200 requests.

    PYTHONPATH=src python bench/delivery/clients.py [--requests 10000]
"""

import asyncio
import json
import resource
import subprocess
import sys
import time

URL, N = "", 0  # set by client()
HDR = {"Authorization": "Bearer t", "Content-Type": "application/json"}


def payload(i):
    return {
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": f"9190{i:08d}",
        "type": "template",
        "template": {
            "name": "daily_panchangam",
            "language": {"code": "en"},
            "components": [
                {
                    "type": "body",
                    "parameters": [
                        {"type": "text", "text": t}
                        for t in (
                            "Tuesday 1 Dec 2026, Hyderabad",
                            "Shukla Dashami",
                            "Revati",
                            "Siddhi",
                            "Garaja",
                            "06:35 / 17:41",
                            "15:00-16:24",
                            "Margashirsha",
                        )
                    ],
                }
            ],
        },
        "biz_opaque_callback_data": f"ml:{i}",
    }


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


async def run_aiohttp(orj):
    import aiohttp
    import orjson

    conn = aiohttp.TCPConnector(limit=200)
    async with aiohttp.ClientSession(connector=conn) as s:
        sem = asyncio.Semaphore(200)
        ok = 0

        async def one(i):
            nonlocal ok
            async with sem:
                if orj:
                    async with s.post(URL, data=orjson.dumps(payload(i)), headers=HDR) as r:
                        b = await r.read()
                        ok += r.status == 200
                        orjson.loads(b)
                else:
                    async with s.post(
                        URL, json=payload(i), headers={"Authorization": "Bearer t"}
                    ) as r:
                        b = await r.read()
                        ok += r.status == 200
                        json.loads(b)

        await asyncio.gather(*(one(i) for i in range(200)))  # warm
        c0, t0 = cpu(), time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(200, 200 + N)))
        return ok - 200, cpu() - c0, time.perf_counter() - t0


async def run_reqwest():
    import orjson
    from pyreqwest.client import ClientBuilder

    async with ClientBuilder().max_connections(200).build() as c:
        sem = asyncio.Semaphore(200)
        ok = 0

        async def one(i):
            nonlocal ok
            async with sem:
                r = (
                    await c.post(URL)
                    .headers(HDR)
                    .body_bytes(orjson.dumps(payload(i)))
                    .build()
                    .send()
                )
                b = await r.bytes()
                ok += r.status == 200
                orjson.loads(bytes(b))

        await asyncio.gather(*(one(i) for i in range(200)))
        c0, t0 = cpu(), time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(200, 200 + N)))
        return ok - 200, cpu() - c0, time.perf_counter() - t0


KINDS = ("aiohttp", "uvaiohttp", "uvaiohttp-orjson", "reqwest", "uvreqwest")


def client(port: int, count: int, kind: str) -> None:
    global URL, N
    URL, N = f"http://127.0.0.1:{port}/v25.0/4242/messages", count
    name = kind
    if kind.startswith("uv"):
        import uvloop

        uvloop.install()
        kind = kind[2:]
    runs = {"aiohttp": lambda: run_aiohttp(False), "aiohttp-orjson": lambda: run_aiohttp(True)}
    ok, c, w = asyncio.run(runs.get(kind, run_reqwest)())
    per = round(1000 * c / count, 4)
    print(
        json.dumps(
            {"client": name, "ok": ok, "cpu_ms_per_req": per, "wall_per_s": round(count / w)}
        )
    )


def main() -> None:
    if sys.argv[1:2] == ["--client"]:
        client(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
        return
    count = int(sys.argv[sys.argv.index("--requests") + 1]) if "--requests" in sys.argv else 10_000
    sys.path.insert(0, ".")
    from tests import servers

    port = servers.free_port()
    command = [sys.executable, "-m", "lokpanchang", "fake-whatsapp", "--port", str(port)]
    command += ["--token", "t", "--phone-number-id", "4242", "--pair-seconds", "0", "--keep", "100"]
    fake = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert fake.stdout is not None
    fake.stdout.readline()
    try:
        for kind in KINDS:
            subprocess.run([sys.executable, __file__, "--client", str(port), str(count), kind])
    finally:
        fake.terminate()
        fake.wait()


if __name__ == "__main__":
    main()
