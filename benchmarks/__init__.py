"""Benchmarks: what durability costs (`python -m benchmarks`, see
docs/benchmarks.md), and the load harness of the reliability suite (`benchmarks.load`).

Kept free of imports: the floor workflow's module lives here and the workflow sandbox
imports this package."""
