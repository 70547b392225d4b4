"""How fast a local model reads a prompt and generates at each thread setting, alone and
beside a second model generating on every core.

    python -m benchmarks threads [--model qwen2.5-coder-1.5b] [--rounds 3] [--beside] [--out bench-out]

One `Llama` per setting (generation threads, prompt threads): 2 and 2, 1 and 1, 1 and 2.
Each round, for each setting in turn: an 819-token check prompt (the grader's written-check
prompt, `written_checks.check_prompt`) read from an empty cache, then 48 greedy tokens. With
`--beside`, a second process keeps the 0.5B generating on every core the whole time (what a
second worker's model, or a test suite's other worker, does to the cores). Prints each round
and the medians; writes DIR/threads.json (and DIR/threads.png with matplotlib).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.grader.written_checks import check_prompt
from rubricflow.activities.local_models import default_threads, gguf_path

SETTINGS = ((2, 2), (1, 1), (1, 2))
"""(generation threads, prompt threads)."""
TASK = "Name four even numbers between 20 and 40, separated by commas."
CRITERIA = (
    "Gives exactly four numbers",
    "No number is repeated",
    "Explains why the numbers are even",
    "Every number is between 20 and 40",
)
NEW_TOKENS = 48
NEIGHBOUR = (
    "import sys\n"
    "from llama_cpp import Llama\n"
    "llama = Llama(model_path=sys.argv[1], n_ctx=2048, n_threads=int(sys.argv[2]), verbose=False)\n"
    "print('ready', flush=True)\n"
    "while True:\n"
    "    llama.create_completion('Write a long story about a lighthouse.', max_tokens=512, temperature=0.8)\n"
)


def neighbour(threads: int) -> subprocess.Popen[str]:
    """A process that keeps the 0.5B generating on `threads` threads until it is killed."""
    path = gguf_path("qwen2.5-coder-0.5b", WorkerConfig().models_dir)
    process = subprocess.Popen(
        [sys.executable, "-c", NEIGHBOUR, str(path), str(threads)], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    return process


def measure(model: str, rounds: int) -> dict[str, dict[str, list[float]]]:
    from llama_cpp import Llama

    path = str(gguf_path(model, WorkerConfig().models_dir))
    llamas = {
        s: Llama(model_path=path, n_ctx=4096, n_batch=512, n_threads=s[0], n_threads_batch=s[1], verbose=False)
        for s in SETTINGS
    }
    prompts = [check_prompt(TASK, c) for c in CRITERIA]
    results: dict[str, dict[str, list[float]]] = {f"{g}/{b}": {"prompt_s": [], "tokens_per_s": []} for g, b in SETTINGS}
    for r in range(rounds):
        for setting, llama in llamas.items():
            tokens = llama.tokenize(prompts[r % len(prompts)].encode(), add_bos=True, special=True)
            llama.reset()
            start = time.monotonic()
            llama.eval(tokens)
            read = time.monotonic() - start
            start, made = time.monotonic(), 0
            for _ in llama.generate([], temp=0.0, reset=False):
                made += 1
                if made >= NEW_TOKENS:
                    break
            rate = made / (time.monotonic() - start)
            key = f"{setting[0]}/{setting[1]}"
            results[key]["prompt_s"].append(read)
            results[key]["tokens_per_s"].append(rate)
            print(f"round {r} threads {key}: {len(tokens)}-token prompt {read:.1f} s, {rate:.1f} tokens/s", flush=True)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks threads", description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--beside", action="store_true", help="beside a second model on every core")
    parser.add_argument("--out", default="bench-out")
    args = parser.parse_args(argv)
    other = neighbour(default_threads()) if args.beside else None
    try:
        results = measure(args.model, args.rounds)
    finally:
        if other is not None:
            other.kill()
            other.wait()
    summary: dict[str, Any] = {}
    print(f"\n{args.model}, {'beside a second model' if args.beside else 'alone'}, medians of {args.rounds} rounds")
    print("threads (generation/prompt)  prompt s  tokens/s")
    for key, r in results.items():
        summary[key] = {
            "prompt_s": statistics.median(r["prompt_s"]),
            "tokens_per_s": statistics.median(r["tokens_per_s"]),
        }
        print(f"{key:>27}  {summary[key]['prompt_s']:8.1f}  {summary[key]['tokens_per_s']:8.1f}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "threads.json").write_text(
        json.dumps({"model": args.model, "beside": args.beside, "rounds": results, "medians": summary}, indent=2)
    )
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return 0
    figure, axes = plt.subplots(1, 2, figsize=(8, 3))
    keys = list(summary)
    axes[0].bar(keys, [summary[k]["prompt_s"] for k in keys])
    axes[0].set_title("prompt read (s)")
    axes[1].bar(keys, [summary[k]["tokens_per_s"] for k in keys])
    axes[1].set_title("generation (tokens/s)")
    for axis in axes:
        axis.set_xlabel("threads: generation/prompt")
    figure.suptitle(f"{args.model}, {'beside a second model' if args.beside else 'alone'}")
    figure.tight_layout()
    figure.savefig(out / "threads.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
