"""Several greedy completions at once on a real local model: the same text as one at a
time, the shared prefix kept between calls, chat prompts answered, and the model process
and the in-process model both serving them."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from rubricflow.activities.batched_generation import Batcher, common_prefix
from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.grader.confirm import CHOICES, confirm_question
from rubricflow.activities.grader.written_checks import STOP, check_prompt
from rubricflow.activities.local_models import (
    DEFAULT_LOCAL_MODEL,
    build_local_chat_model,
    default_threads,
    gguf_path,
    runtime_available,
)
from tests.helpers import local_threads

MODELS_DIR = WorkerConfig().models_dir
THREADS = local_threads() or default_threads()
TASK = "Name four even numbers between 20 and 40, separated by commas."
CRITERIA = ["Gives exactly four numbers", "No number is repeated", "Explains why the numbers are even"]


def test_the_common_prefix_of_token_lists():
    assert common_prefix([[1, 2, 3], [1, 2, 4], [1, 2]]) == 2
    assert common_prefix([[5], [6]]) == 0
    assert common_prefix([]) == 0


local = pytest.mark.skipif(not runtime_available(), reason="the local extra is not installed")
NEAR_TIE = 0.5
"""Logits by which a batched greedy choice may trail the single-sequence best."""


def small_llama():
    """The tests' model as a bare `Llama`, on the suite's share of the cores."""
    from llama_cpp import Llama

    return Llama(
        model_path=str(gguf_path(DEFAULT_LOCAL_MODEL, MODELS_DIR)),
        n_ctx=4096,
        n_batch=512,
        n_threads=THREADS,
        verbose=False,
    )


def margins(llama, prompt: str, tokens: tuple[int, ...]) -> float:
    """The largest amount by which a chosen token's logit trails the best one, evaluating
    the prompt and the chosen tokens one sequence alone."""
    import numpy as np

    llama.reset()
    llama.eval(llama.tokenize(prompt.encode(), add_bos=True, special=True))
    worst = 0.0
    for token in tokens:
        logits = np.ctypeslib.as_array(llama._ctx.get_logits(), shape=(llama.n_vocab(),))
        worst = max(worst, float(logits.max() - logits[token]))
        llama.eval([token])
    return worst


@local
@pytest.mark.timeout(900)
def test_batched_greedy_completions_are_the_one_at_a_time_ones():
    llama = small_llama()
    batcher = Batcher(llama)
    try:
        prompts = [check_prompt(TASK, c) for c in CRITERIA]
        together = batcher.complete(prompts, max_tokens=48, stop=STOP)
        again = batcher.complete(prompts[::-1], max_tokens=48, stop=STOP)  # the prefix is kept
        alone = [
            llama.create_completion(p, max_tokens=48, temperature=0.0, stop=STOP)["choices"][0]["text"] for p in prompts
        ]
        # A batch's arithmetic is not bit for bit one sequence's: every token it chose is the
        # single-sequence greedy choice, or within a hair of it (a near tie).
        for prompt, completion in zip(prompts, together, strict=True):
            assert margins(llama, prompt, completion.tokens) < NEAR_TIE, (prompt[-80:], completion.text)
        assert sum(c.text == a for c, a in zip(together, alone, strict=True)) >= len(prompts) - 1
        # With the prefix kept from the first call, each is again a greedy choice (the same
        # tokens as the first call's have the margins measured above).
        first = dict(zip(prompts, together, strict=True))
        for prompt, completion in zip(prompts[::-1], again, strict=True):
            if completion.tokens != first[prompt].tokens:
                assert margins(llama, prompt, completion.tokens) < NEAR_TIE, (prompt[-80:], completion.text)
        assert all(c.prompt_tokens > 300 and c.completion_tokens > 0 for c in together)
        chat = batcher.complete(
            [[{"role": "user", "content": "Reply with the word yes."}], [{"role": "user", "content": "Say hi."}]],
            max_tokens=8,
            stop=[],
        )
        assert all(c.text.strip() and c.finish_reason in ("stop", "length") for c in chat)
    finally:
        batcher.close()


@local
@pytest.mark.timeout(900)
def test_a_pass_finds_the_prefixes_of_both_its_questions_kept():
    """A pass asks its checks, then its citations: the next pass's checks and citations each
    evaluate only their own tails, and say what a batcher with nothing kept says."""
    llama = small_llama()
    batcher = Batcher(llama)
    system = {"role": "system", "content": "Copy the words of the answer that meet the criterion, or reply NONE."}

    def citations(answer: str) -> list[list[dict[str, str]]]:
        return [[system, {"role": "user", "content": f"Answer: {answer}\n\nCriterion: {c}"}] for c in CRITERIA]

    try:
        checks = [check_prompt(TASK, c) for c in CRITERIA]
        first = batcher.complete(checks, max_tokens=32, stop=STOP)
        assert batcher.evaluated == sum(c.prompt_tokens for c in first) - 2 * common_prefix(
            [list(llama.tokenize(p.encode(), add_bos=True, special=True)) for p in checks]
        )
        cold = batcher.evaluated
        batcher.complete(citations("22, 24, 26, 28"), max_tokens=16, stop=[])
        again = batcher.complete([check_prompt(TASK + " ", c) for c in CRITERIA], max_tokens=32, stop=STOP)
        assert batcher.evaluated < cold / 4 and all(c.prompt_tokens > 300 for c in again)
        kept = batcher.complete(citations("30, 32, 34, 36"), max_tokens=16, stop=[])
        assert batcher.evaluated < sum(c.prompt_tokens for c in kept)
        fresh = Batcher(llama)
        try:
            assert [c.text for c in fresh.complete(citations("30, 32, 34, 36"), max_tokens=16, stop=[])] == [
                c.text for c in kept
            ]
        finally:
            fresh.close()
    finally:
        batcher.close()


QUESTIONS = [
    confirm_question("Attendees: Maya, Noor, Owen, Pia", "Lists who attended"),
    confirm_question("Hi Jamal,", "States the refund amount"),
]


@local
@pytest.mark.timeout(900)
def test_a_yes_or_no_question_is_read_as_the_probability_of_its_first_word():
    """Asked together, each question's probability of "yes" against "no" is the one a
    single sequence gives: the softmax of the next token, over the words' own tokens."""
    import numpy as np

    llama = small_llama()
    batcher = Batcher(llama)
    try:
        together = batcher.choose(QUESTIONS, CHOICES)
        for question, probabilities in zip(QUESTIONS, together, strict=True):
            assert set(probabilities) == {"yes", "no"} and abs(sum(probabilities.values()) - 1) < 1e-9
            llama.reset()
            llama.eval(batcher._tokens(question))
            logits = np.ctypeslib.as_array(llama._ctx.get_logits(), shape=(llama.n_vocab(),)).astype(np.float64)
            weights = np.exp(logits - logits.max())
            yes, no = (weights[batcher._first_tokens(word)].sum() for word in CHOICES)
            assert abs(probabilities["yes"] - yes / (yes + no)) < 0.05
        answered = batcher.answer(QUESTIONS, {"choices": CHOICES})
        for completion, probabilities in zip(answered["completions"], together, strict=True):
            assert completion["probabilities"] == pytest.approx(probabilities, abs=1e-3)
            assert completion["text"] == max(probabilities, key=probabilities.__getitem__)
        assert answered["usage"]["prompt_tokens"] == sum(len(batcher._tokens(q)) for q in QUESTIONS)
    finally:
        batcher.close()


@local
@pytest.mark.timeout(900)
@pytest.mark.parametrize("in_process", [False, True], ids=["model process", "in process"])
def test_a_local_chat_model_answers_several_prompts_in_one_call(in_process):
    model = build_local_chat_model(DEFAULT_LOCAL_MODEL, MODELS_DIR, in_process=in_process, threads=THREADS)
    try:
        prompts = [check_prompt(TASK, c) for c in CRITERIA[:2]]
        reply = model.bind(completions=prompts, max_tokens=32, stop=STOP).invoke([HumanMessage("2 prompts")])
        texts = reply.additional_kwargs["completions"]
        assert len(texts) == 2 and all("return" in t for t in texts)
        assert reply.usage_metadata is None or reply.usage_metadata["output_tokens"] > 0
        asked = model.bind(completions=QUESTIONS, max_tokens=1, stop=[], choices=CHOICES).invoke([HumanMessage("2")])
        probabilities = asked.additional_kwargs["probabilities"]
        assert len(probabilities) == 2 and all(abs(p["yes"] + p["no"] - 1) < 1e-9 for p in probabilities)
        assert asked.additional_kwargs["completions"] == [max(p, key=p.__getitem__) for p in probabilities]
    finally:
        close = getattr(model.client, "close", None)
        if close is not None:
            close()
