"""Benchmarks: what durability costs (`python -m rubricflow.bench`, see
docs/benchmarks.md), and the load harness of the reliability suite (`rubricflow.bench.load`).

Kept free of imports: the floor workflow's module lives here and the workflow sandbox
imports this package."""
