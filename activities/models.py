"""Chat models from `"provider:model-id"` strings, built on the worker.

`ModelFactory` builds each model once per worker with the provider SDK's own retries
off (Temporal owns retries) and holds it; keys come from the worker's environment
only. Two providers are our own:

- `scripted:PATH`: `ScriptedChatModel` (`activities/scripted.py`), a real
  `BaseChatModel` that serves the responses of a JSON file, for tests and offline demos.
- `local:NAME`: a small GGUF model on the worker's CPU (`activities/local_models.py`),
  generating in a model process of its own that `close()` stops.
- `profile:NAME`: a model of the worker's `RUBRICFLOW_MODELS` file
  (`rubricflow.activities.model_profiles`): its provider and model id, base URL, key,
  temperature, max tokens and timeout, and how its structured output is asked for.
- other providers go through LangChain's `init_chat_model`.
"""

from __future__ import annotations

import hashlib
import importlib.util
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel

from rubricflow.activities.config import DEFAULT_DATA_DIR, default_script_state_dir
from rubricflow.activities.local_models import DEFAULT_TEMPERATURE as LOCAL_TEMPERATURE
from rubricflow.activities.local_models import build_local_chat_model, check_local_model
from rubricflow.activities.model_errors import ModelConfigError
from rubricflow.activities.model_process import ModelProcess
from rubricflow.activities.model_profiles import ModelProfile, StructuredOutput
from rubricflow.activities.scripted import ScriptedChatModel, load_script
from rubricflow.workflows.run_settings import MODELS_ENV, PROFILE_PROVIDER, profile_name
from rubricflow.workflows.types import ModelPrice

__all__ = ["ModelFactory", "check_provider", "known_providers"]

OUR_PROVIDERS = ("scripted", "local", PROFILE_PROVIDER)


def known_providers() -> tuple[str, ...]:
    """Providers a model string may name: ours plus LangChain's built-in ones."""
    try:
        from langchain.chat_models.base import _BUILTIN_PROVIDERS

        builtin = tuple(_BUILTIN_PROVIDERS)
    except ImportError:  # pragma: no cover - only if LangChain moves the table
        builtin = ()
    return OUR_PROVIDERS + builtin


def check_provider(spec: str, *, installed: bool = False) -> None:
    """Refuse an unknown provider, or a model id that carries an address (only a profile
    sets one), before anything starts; with `installed`, also a provider whose LangChain
    package this worker does not have."""
    provider, _, model_id = spec.partition(":")
    provider = provider.strip()
    if "://" in model_id:
        raise ModelConfigError(
            f"model {spec!r} carries an address: a run cannot choose where this worker sends "
            f"its requests; name a profile of the worker's {MODELS_ENV} file whose base_url is that server"
        )
    providers = known_providers()
    if providers[len(OUR_PROVIDERS) :] and provider not in providers:
        raise ModelConfigError(f"unknown model provider {provider!r} in {spec!r}; use one of: " + ", ".join(providers))
    package = _provider_package(provider) if installed else None
    if package is not None and importlib.util.find_spec(package) is None:
        raise ModelConfigError(
            f"model {spec!r} needs the LangChain package {package.replace('_', '-')}, which this worker "
            f"does not have: pip install {package.replace('_', '-')} where the worker runs"
        )


def _provider_package(provider: str) -> str | None:
    """The top-level module a LangChain provider's chat model comes from."""
    try:
        from langchain.chat_models.base import _BUILTIN_PROVIDERS
    except ImportError:  # pragma: no cover - only if LangChain moves the table
        return None
    entry = _BUILTIN_PROVIDERS.get(provider)
    return entry[0].split(".")[0] if entry else None


class ModelFactory:
    """Builds each model string once per worker and keeps it.

    `models_dir` holds the joined GGUF files of `local:` models; `script_state_dir` the
    cursors of `scripted:` models (both from the worker's `WorkerConfig`).
    `local_in_process` runs local models in this process rather than in model processes;
    `local_threads` is the CPU threads each generates on (None: `default_threads()`)."""

    def __init__(
        self,
        *,
        models_dir: Path | None = None,
        script_state_dir: Path | None = None,
        allow_scripted: bool = False,
        scripted_dir: Path | None = None,
        profiles: Mapping[str, ModelProfile] | None = None,
        keys: Mapping[str, str] | None = None,
        local_in_process: bool = False,
        local_threads: int | None = None,
    ) -> None:
        self._models_dir = models_dir or DEFAULT_DATA_DIR / "models"
        self._script_state_dir = script_state_dir or default_script_state_dir()
        self._allow_scripted = allow_scripted
        self._scripted_dir = scripted_dir
        self._profiles = dict(profiles or {})
        self._keys = dict(keys or {})
        self._local_in_process = local_in_process
        self._local_threads = local_threads
        self._models: dict[str, BaseChatModel] = {}
        self._lock = threading.Lock()

    def close(self) -> None:
        """Stop the model processes of the local models built here (a later call of
        such a model starts its process again)."""
        with self._lock:
            models = list(self._models.values())
        for model in models:
            client = getattr(model, "client", None)
            if isinstance(client, ModelProcess):
                client.close()

    def get(self, spec: str) -> BaseChatModel:
        with self._lock:
            model = self._models.get(spec)
            if model is None:
                model = self._models[spec] = self._build(spec)
            return model

    def cache_identity(self, spec: str, *, zero_per_call: bool) -> str | None:
        """What the grader cache keys `spec`'s answers by when the model answers the same
        input the same way; None when it samples. `zero_per_call`: the caller sets
        temperature 0 on every call (one question per criterion, one sample); otherwise
        the model's own temperature counts: a profile's, 0.2 for `local:` models, and
        unknown (so never cached) for a provider's default. A scripted model follows its
        script, not a temperature: only a script that declares `temperature: 0` is cached,
        keyed by its content as well as its path."""
        provider, _, model_id = spec.partition(":")
        if provider == "scripted":
            path = self._script_path(model_id)
            if load_script(path).temperature != 0:
                return None
            return f"{spec}#{hashlib.sha256(path.read_bytes()).hexdigest()}"
        if provider == "local":
            return spec if zero_per_call or LOCAL_TEMPERATURE == 0 else None
        if provider == PROFILE_PROVIDER:
            profile = self._profiles.get(model_id.strip())
            if profile is None:
                return None
            if profile.provider in ("scripted", "local"):
                inner = self.cache_identity(profile.spec, zero_per_call=zero_per_call)
                return None if inner is None else f"{inner}#{profile.model_dump_json()}"
            temperature = 0.0 if zero_per_call else profile.temperature
            return f"{spec}#{profile.model_dump_json()}" if temperature == 0 else None
        return spec if zero_per_call else None

    def structured_output(self, spec: str) -> StructuredOutput:
        """How a grader on `spec` is asked for structured output: its profile's method;
        a forced tool call for every other model."""
        name = profile_name(spec)
        profile = self._profiles.get(name) if name is not None else None
        return profile.structured_output if profile is not None else "tool"

    def check(self, spec: str) -> None:
        """Refuse (`ModelConfigError`, in the words `get` would fail with) a model string
        this worker could not build, without building it: a provider known and installed,
        a profile it has, a scripted file it may read (read and checked), a local model it
        knows with its weights installed."""
        provider, _, model_id = spec.partition(":")
        provider = provider.strip()
        if provider == PROFILE_PROVIDER:
            profile = self._profile(model_id.strip())
            self.check(profile.spec)
        elif provider == "scripted":
            load_script(self._script_path(model_id))
        elif provider == "local":
            check_local_model(model_id.strip())
        else:
            check_provider(spec, installed=True)

    def price(self, spec: str) -> ModelPrice | None:
        """What a `profile:NAME` this worker has costs, when its profile says."""
        name = profile_name(spec)
        profile = self._profiles.get(name) if name is not None else None
        return profile.price if profile is not None else None

    def _build(self, spec: str) -> BaseChatModel:
        provider, _, model_id = spec.partition(":")
        if provider == PROFILE_PROVIDER:
            return self._build_profile(model_id.strip())
        if provider == "scripted":
            path = self._script_path(model_id)
            load_script(path)  # fail now, with the file's problem, not mid-turn
            return ScriptedChatModel(path=str(path), state_dir=self._script_state_dir)
        if provider == "local":
            return build_local_chat_model(
                model_id, self._models_dir, in_process=self._local_in_process, threads=self._local_threads
            )
        check_provider(spec, installed=True)
        return _init(spec, {})

    def _profile(self, name: str) -> ModelProfile:
        profile = self._profiles.get(name)
        if profile is None:
            known = ", ".join(sorted(self._profiles)) or f"none (no {MODELS_ENV} file)"
            raise ModelConfigError(
                f"unknown model profile {name!r}: this worker's profiles are {known}; "
                f"add [models.{name}] to the worker's {MODELS_ENV} file or name one of them"
            )
        return profile

    def _build_profile(self, name: str) -> BaseChatModel:
        profile = self._profile(name)
        if profile.provider in ("scripted", "local"):
            return self._build(profile.spec)  # ours: the profile chooses the method only
        check_provider(profile.spec, installed=True)
        return _init(profile.spec, profile_options(profile, self._keys))

    def _script_path(self, model_id: str) -> Path:
        """A `scripted:` model's file, when this worker serves scripted models at all
        (`RUBRICFLOW_ALLOW_SCRIPTED=1`) and it lies below `RUBRICFLOW_SCRIPTED_DIR` (when
        set; a relative path is taken from there). Refusals name no file facts."""
        if not self._allow_scripted:
            raise ModelConfigError(
                "scripted models are a test tool and are off on this worker: start the "
                "worker with RUBRICFLOW_ALLOW_SCRIPTED=1 to serve them (tests and "
                "`rubricflow demo --scripted` do)"
            )
        path = Path(model_id)
        if self._scripted_dir is None:
            return path
        root = self._scripted_dir.resolve()
        resolved = (root / path).resolve()
        if not resolved.is_relative_to(root):
            raise ModelConfigError(
                f"scripted model files must lie in this worker's RUBRICFLOW_SCRIPTED_DIR; "
                f"{model_id!r} does not: give a path relative to it"
            )
        return resolved


def with_temperature(model: Any, temperature: float) -> Any:
    """`model` sampling at `temperature` (a copy sharing its client); a model without a
    temperature setting (a `scripted:` one) as it is."""
    if "temperature" not in getattr(type(model), "model_fields", {}) or model.temperature == temperature:
        return model
    return model.model_copy(update={"temperature": temperature})


OPTION_NAMES: dict[str, dict[str, str]] = {
    "ollama": {"max_tokens": "num_predict"},
}
"""Where a provider's LangChain class takes a profile option under another name."""


def profile_options(profile: ModelProfile, keys: Mapping[str, str]) -> dict[str, Any]:
    """The keyword arguments `init_chat_model` gets for a profile: the options it sets,
    and its key read from the worker's environment."""
    options: dict[str, Any] = {
        "base_url": profile.base_url,
        "temperature": profile.temperature,
        "max_tokens": profile.max_tokens,
        "timeout": profile.timeout_s,
        "api_key": keys.get(profile.api_key_env) if profile.api_key_env else None,
    }
    if profile.base_url and not profile.api_key_env and profile.provider == "openai":
        # The worker's own OPENAI_API_KEY is never sent to another server.
        options["api_key"] = "unused"
    renamed = OPTION_NAMES.get(profile.provider, {})
    return {renamed.get(k, k): v for k, v in options.items() if v is not None}


def _init(spec: str, options: dict[str, Any]) -> BaseChatModel:
    """`init_chat_model` with the provider SDK's own retries off (Temporal retries)."""
    from langchain.chat_models import init_chat_model

    try:
        return init_chat_model(spec, max_retries=0, **options)
    except ImportError as exc:
        raise ModelConfigError(
            f"model {spec!r} needs a LangChain integration package that this worker does not have: {exc}"
        ) from exc
    except Exception as exc:  # a provider's constructor: bad id, missing key, ...
        raise ModelConfigError(f"cannot build model {spec!r}: {type(exc).__name__}: {exc}") from exc
