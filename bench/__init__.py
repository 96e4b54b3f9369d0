"""Benchmarks: `make bench` prints every figure as `BENCH name value unit`."""
