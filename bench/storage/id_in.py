"""A batch's ids as one PostgreSQL array parameter: a list of ints beside the array's text.

``storage.ledger.id_in`` writes ``column = ANY(CAST(:ids AS BIGINT[]))`` with the ids as the
array's text ``{1,2,...}``; before, the parameter was the Python list, which psycopg adapts
element by element. Both forms select the same IDS rows of a real PostgreSQL 15 (started
here) CALLS times, in ROUNDS alternating rounds; reported: the client's CPU and the wall time
per statement, median over the rounds, and the ratio.

    PYTHONPATH=src:. python bench/storage/id_in.py [--ids 500] [--calls 2000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main() -> None:
    args = arguments()
    from sqlalchemy import BigInteger, Column, MetaData, Table, any_, bindparam, func, select
    from sqlalchemy.dialects.postgresql import ARRAY
    from sqlalchemy.orm import Session
    from tests import servers

    from lokpanchang.storage.db import engine_for
    from lokpanchang.storage.ledger import id_in

    table = Table("rows", MetaData(), Column("id", BigInteger, primary_key=True))
    ids = list(range(10_000_000, 10_000_000 + args.ids))
    pg = servers.start_postgres()
    try:
        engine = engine_for(pg.create_database())
        table.metadata.create_all(engine)
        with Session(engine) as session:
            session.execute(table.insert(), [{"id": i} for i in ids])
            session.commit()
            forms = {
                "list of ints (before)": lambda: (
                    table.c.id == any_(bindparam(None, list(ids), type_=ARRAY(BigInteger)))
                ),
                "array text (id_in)": lambda: id_in(session, table.c.id, ids),
            }
            timings: dict[str, list[tuple[float, float]]] = {name: [] for name in forms}
            for _ in range(args.rounds):
                for name, where in forms.items():
                    count = select(func.count()).select_from(table)
                    timings[name].append(timed(session, count, where, args.calls, len(ids)))
        report = {
            name: {
                "client_cpu_ms_per_statement": round(statistics.median(c for c, _ in t), 4),
                "wall_ms_per_statement": round(statistics.median(w for _, w in t), 4),
            }
            for name, t in timings.items()
        }
        before, after = (report[name]["client_cpu_ms_per_statement"] for name in forms)
        print(json.dumps({"ids": args.ids, "calls": args.calls, "rounds": args.rounds, **report}))
        print(json.dumps({"client_cpu_before_over_after": round(before / after, 2)}))
    finally:
        pg.discard()


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ids", type=int, default=500)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for value, name in ((args.ids, "--ids"), (args.calls, "--calls"), (args.rounds, "--rounds")):
        if value < 1:
            parser.error(f"{name} must be at least 1, not {value}")
    return args


def timed(session, count, where, calls: int, rows: int) -> tuple[float, float]:
    """Client CPU and wall ms per statement over ``calls`` counts of the rows ``where()``
    picks, each built afresh as a batch's is (and checked to have found all ``rows``)."""
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(calls):
        found = session.execute(count.where(where())).scalar_one()
        if found != rows:
            raise RuntimeError(f"the statement found {found} rows, not {rows}")
    return (
        (time.process_time() - cpu) * 1000 / calls,
        (time.perf_counter() - wall) * 1000 / calls,
    )


if __name__ == "__main__":
    main()
