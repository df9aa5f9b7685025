"""Honest fakes of services outside the machine, shipped for tests, benchmarks and demos."""
