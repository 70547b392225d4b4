"""Several greedy completions of one local model at once, sharing their common prefix.

A grader pass asks the same kind of question once per criterion: the prompts share a long
prefix and differ in their last lines. One after another, each prompt's tail is evaluated
and each answer generated alone; here the prefix is evaluated once (and kept for the next
call that starts the same way), each prompt's tail goes into its own sequence of the one
KV cache, and every step decodes the next token of all unfinished sequences in one batch.
On a CPU a batch of a few tokens costs little more than one (the weights are read once
per step), so N short answers take about the time of the longest one. A batch's
arithmetic is not bit for bit a single sequence's: where two tokens are all but tied, the
greedy choice may differ from a one-at-a-time run (tests/test_batched_generation.py holds
every choice within a small margin of the single-sequence best).

`Batcher` holds a second llama.cpp context on the loaded model's weights, with room for
`MAX_SEQUENCES` sequences in a unified KV cache, and `PREFIX_SLOTS` more that keep the last
prefixes evaluated: a pass asks its checks (one long prefix, the same every pass) and then
its citations (another), so each kind finds its own prefix kept for the next pass. A call
continues from the slot whose prefix it shares most (else the least recently used one),
and the prompts take sequences 1..N, each starting from a copy of that slot (a shared
reference, no copy of the cells); the other slots are dropped when the cache has no room
for them beside the call. Sampling is greedy (temperature 0), as every such question is.
Standard library, numpy and llama_cpp only: the model process imports it.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MAX_SEQUENCES = 8
"""Prompts answered in one batch; more are answered in several."""
PREFIX_SLOTS = 2
"""Prefixes kept between calls: a pass's checks and its citations."""
SLOTS = (0, *range(MAX_SEQUENCES + 1, MAX_SEQUENCES + PREFIX_SLOTS))
"""The sequences that keep prefixes (the prompts take 1..MAX_SEQUENCES)."""


@dataclass(frozen=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    finish_reason: str
    tokens: tuple[int, ...] = ()
    """The generated tokens (those of `text` and any past a stop string)."""


def common_prefix(sequences: list[list[int]]) -> int:
    """The length of the longest prefix all `sequences` share."""
    if not sequences:
        return 0
    first = sequences[0]
    length = min(len(s) for s in sequences)
    for i in range(length):
        token = first[i]
        if any(s[i] != token for s in sequences[1:]):
            return i
    return length


class Batcher:
    """Greedy completions of several prompts at once on `llama`'s model (a `llama_cpp.Llama`)."""

    def __init__(self, llama: Any) -> None:
        import llama_cpp
        from llama_cpp import _internals

        self._llama = llama
        self._lib = llama_cpp
        params = llama_cpp.llama_context_default_params()
        source = llama.context_params
        for field in (
            "n_ctx",
            "n_batch",
            "n_ubatch",
            "n_threads",
            "n_threads_batch",
            "rope_freq_base",
            "rope_freq_scale",
        ):
            setattr(params, field, getattr(source, field))
        params.n_seq_max = MAX_SEQUENCES + PREFIX_SLOTS
        params.kv_unified = True
        self._n_batch = int(params.n_batch)
        self._n_ctx = int(params.n_ctx)
        self._context = _internals.LlamaContext(model=llama._model, params=params, verbose=False)
        self._ctx = self._context.ctx
        self._memory = llama_cpp.llama_get_memory(self._ctx)
        self._batch = llama_cpp.llama_batch_init(self._n_batch, 0, MAX_SEQUENCES + PREFIX_SLOTS)
        self._vocab = llama_cpp.llama_model_get_vocab(llama._model.model)
        self._n_vocab = llama.n_vocab()
        self._formatter: Any = None
        self._prefixes: dict[int, list[int]] = {slot: [] for slot in SLOTS}
        """What each slot's sequence holds, the most recently used slot last."""
        self.evaluated = 0
        """The prompt tokens the last call evaluated (the rest of its prompts was kept)."""

    def close(self) -> None:
        if self._batch is not None:
            self._lib.llama_batch_free(self._batch)
            self._batch = None
        self._context.close()

    def complete(self, prompts: list[Any], *, max_tokens: int, stop: list[str]) -> list[Completion]:
        """Each prompt's greedy completion, at most `max_tokens` tokens, cut before the first
        of `stop`. A prompt is a text to continue, or a list of chat messages (`{"role",
        "content"}`) to answer."""
        done: list[Completion] = []
        for start in range(0, len(prompts), MAX_SEQUENCES):
            done += self._complete(prompts[start : start + MAX_SEQUENCES], max_tokens, stop)
        return done

    def answer(self, prompts: list[Any], options: dict[str, Any]) -> dict[str, Any]:
        """`complete` in the shape a chat model's client returns, with `max_tokens` and
        `stop` from `options`: `{"completions": [{"text", "finish_reason"}], "usage"}`.
        With `choices` in `options`, `choose` instead: each completion is the likeliest
        choice, with every choice's `probabilities`."""
        choices = list(options.get("choices") or [])
        if choices:
            tokens = [self._tokens(p) for p in prompts]
            chosen = self._choose(tokens, choices)
            return {
                "completions": [
                    {"text": max(p, key=p.__getitem__), "finish_reason": "stop", "probabilities": p} for p in chosen
                ],
                "usage": {"prompt_tokens": sum(len(t) for t in tokens), "completion_tokens": len(prompts)},
            }
        done = self.complete(
            prompts, max_tokens=int(options.get("max_tokens") or 256), stop=list(options.get("stop") or [])
        )
        return {
            "completions": [{"text": c.text, "finish_reason": c.finish_reason} for c in done],
            "usage": {
                "prompt_tokens": sum(c.prompt_tokens for c in done),
                "completion_tokens": sum(c.completion_tokens for c in done),
            },
        }

    def choose(self, prompts: list[Any], choices: list[str]) -> list[dict[str, float]]:
        """For each prompt, the probability of each of `choices` as its reply's first word:
        the next-token probabilities of the word's first token (the model's own tokens for
        it, with and without a leading space, in lower, title and upper case, summed),
        normalised over `choices`. How a yes-or-no question is read as a probability."""
        return self._choose([self._tokens(p) for p in prompts], choices)

    def _choose(self, tokens: list[list[int]], choices: list[str]) -> list[dict[str, float]]:
        ids = [self._first_tokens(choice) for choice in choices]
        found: list[dict[str, float]] = []
        for start in range(0, len(tokens), MAX_SEQUENCES):
            chunk = tokens[start : start + MAX_SEQUENCES]
            rows = self._evaluate(chunk, 1, read=lambda row: self._masses(row, ids))
            for seq in range(1, len(chunk) + 1):
                total = sum(rows[seq]) or 1.0
                found.append({c: m / total for c, m in zip(choices, rows[seq], strict=True)})
        return found

    def _first_tokens(self, word: str) -> list[int]:
        variants = {v for w in (word.lower(), word.title(), word.upper()) for v in (w, " " + w)}
        return sorted({self._llama.tokenize(v.encode("utf-8"), add_bos=False, special=False)[0] for v in variants})

    def _tokens(self, prompt: str | list[dict[str, str]]) -> list[int]:
        """A prompt's tokens; a list of chat messages is rendered with the model's own chat
        template (the GGUF's), as a chat completion would be."""
        if isinstance(prompt, str):
            return self._llama.tokenize(prompt.encode("utf-8"), add_bos=True, special=True)
        rendered = self._chat_template()(messages=prompt)
        return self._llama.tokenize(rendered.prompt.encode("utf-8"), add_bos=not rendered.added_special, special=True)

    def _chat_template(self) -> Any:
        if self._formatter is None:
            from llama_cpp import llama_chat_format

            template = self._llama.metadata.get("tokenizer.chat_template")
            if not template:
                raise ValueError("the model has no chat template: ask it for plain completions")
            llama = self._llama
            eos, bos = llama.token_eos(), llama.token_bos()
            self._formatter = llama_chat_format.Jinja2ChatFormatter(
                template=template,
                eos_token=llama._model.token_get_text(eos) if eos != -1 else "",
                bos_token=llama._model.token_get_text(bos) if bos != -1 else "",
                stop_token_ids=[eos],
            )
        return self._formatter

    def _complete(self, prompts: list[Any], max_tokens: int, stop: list[str]) -> list[Completion]:
        lib = self._lib
        tokens = [self._tokens(p) for p in prompts]
        following = self._evaluate(tokens, max_tokens, read=self._argmax)
        outputs: list[list[int]] = [[] for _ in prompts]
        texts = ["" for _ in prompts]
        finish = ["length" for _ in prompts]
        position = {seq: len(tokens[seq - 1]) for seq in following}
        for _ in range(max_tokens):
            step = []
            for seq, token in following.items():
                index = seq - 1
                if lib.llama_vocab_is_eog(self._vocab, token):
                    finish[index] = "stop"
                    continue
                outputs[index].append(token)
                texts[index] = self._llama.detokenize(outputs[index]).decode("utf-8", errors="ignore")
                cut = min((texts[index].find(s) for s in stop if s in texts[index]), default=-1)
                if cut >= 0:
                    texts[index] = texts[index][:cut]
                    finish[index] = "stop"
                    continue
                step.append((seq, token, position[seq], True))
                position[seq] += 1
            if not step:
                break
            following = self._decode(step)
        return [
            Completion(texts[i], len(tokens[i]), len(outputs[i]), finish[i], tuple(outputs[i]))
            for i in range(len(prompts))
        ]

    def _evaluate(self, tokens: list[list[int]], more: int, read: Callable[[int], Any]) -> dict[int, Any]:
        """Evaluate each prompt's tokens in sequences 1..N, the shared prefix once (from the
        slot that holds most of it), leaving room for `more` tokens each; `read` of each
        sequence's last logits row, by sequence."""
        lib = self._lib
        longest = max(len(t) for t in tokens)
        if longest + more > self._n_ctx:
            raise ValueError(f"a prompt of {longest} tokens and {more} more pass the context of {self._n_ctx}")
        # Each prompt keeps at least its last token to evaluate in its own sequence.
        shared = min(common_prefix(tokens), min(len(t) for t in tokens) - 1)
        for seq in range(1, MAX_SEQUENCES + 1):
            lib.llama_memory_seq_rm(self._memory, seq, -1, -1)
        slot, kept = self._slot(tokens[0][:shared], sum(len(t) - shared + more for t in tokens))
        lib.llama_memory_seq_rm(self._memory, slot, kept, -1)
        self._prefixes.pop(slot)
        self._prefixes[slot] = tokens[0][:kept]  # what the slot holds should the decode fail
        self._decode([(slot, tokens[0][i], i, False) for i in range(kept, shared)])
        self._prefixes[slot] = tokens[0][:shared]
        self.evaluated = shared - kept + sum(len(t) - shared for t in tokens)
        for seq in range(1, len(tokens) + 1):
            lib.llama_memory_seq_cp(self._memory, slot, seq, -1, -1)
        tails = []
        for seq, toks in enumerate(tokens, 1):
            tails += [(seq, toks[i], i, i == len(toks) - 1) for i in range(shared, len(toks))]
        return self._decode(tails, read)

    def _slot(self, prefix: list[int], more: int) -> tuple[int, int]:
        """The slot to continue `prefix` from and how many of its tokens it holds already: the
        one that shares most of it, else the least recently used. Other slots are dropped,
        oldest first, until the cache has room for theirs, this prefix and `more` cells."""
        shares = {slot: common_prefix([held, prefix]) if held else 0 for slot, held in self._prefixes.items()}
        slot = max(shares, key=lambda s: (shares[s], -list(self._prefixes).index(s)))
        for other in [s for s in self._prefixes if s != slot]:
            others = sum(len(held) for s, held in self._prefixes.items() if s not in (slot, other))
            if len(self._prefixes[other]) + others + len(prefix) + more <= self._n_ctx:
                continue
            self._lib.llama_memory_seq_rm(self._memory, other, -1, -1)
            self._prefixes[other] = []
        return slot, shares[slot]

    def _decode(
        self, entries: list[tuple[int, int, int, bool]], read: Callable[[int], Any] | None = None
    ) -> dict[int, Any]:
        """Decode (sequence, token, position, wants logits) entries in batches of at most
        `n_batch`; returns `read` (default: the greedy next token) of the logits row of each
        sequence that asked for logits."""
        lib = self._lib
        read = read or self._argmax
        following: dict[int, Any] = {}
        for start in range(0, len(entries), self._n_batch):
            chunk = entries[start : start + self._n_batch]
            batch = self._batch
            batch.n_tokens = len(chunk)
            for i, (seq, token, pos, logits) in enumerate(chunk):
                batch.token[i] = token
                batch.pos[i] = pos
                batch.n_seq_id[i] = 1
                batch.seq_id[i][0] = seq
                batch.logits[i] = logits
            code = lib.llama_decode(self._ctx, batch)
            if code != 0:
                raise RuntimeError(f"llama_decode failed ({code}) on a batch of {len(chunk)} tokens")
            following.update({seq: read(i) for i, (seq, _, _, logits) in enumerate(chunk) if logits})
        return following

    def _argmax(self, row: int) -> int:
        return int(self._logits(row).argmax())

    def _masses(self, row: int, ids: list[list[int]]) -> list[float]:
        """The next-token probability of each group of token `ids` (a softmax of the row)."""
        import numpy as np

        logits = self._logits(row).astype(np.float64)
        weights = np.exp(logits - logits.max())
        total = float(weights.sum())
        return [float(weights[group].sum()) / total for group in ids]

    def _logits(self, row: int) -> Any:
        import numpy as np

        pointer = self._lib.llama_get_logits_ith(self._ctx, row)
        return np.ctypeslib.as_array(ctypes.cast(pointer, ctypes.POINTER(ctypes.c_float)), shape=(self._n_vocab,))
