"""Run a rubricflow worker from a checkout: `python worker.py` (settings: `RUBRICFLOW_*`
variables; see docs/configuration.md). The worker itself is `rubricflow.worker`, the
same as `rubricflow worker` and `python -m rubricflow.worker`; to run rubricflow on a
Worker of your own, add `rubricflow.RubricflowPlugin` to it."""

from rubricflow.worker import main

if __name__ == "__main__":
    main()
