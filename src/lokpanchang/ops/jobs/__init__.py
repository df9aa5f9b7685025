"""Operator-defined scheduled jobs: their lifecycle (create, claim, finish) and what each kind runs."""
