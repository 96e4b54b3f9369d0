"""Benchmarks: `make bench` prints `BENCH <name> <value> <unit>` lines."""
