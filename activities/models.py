"""Chat models from `"provider:model-id"` strings, built on the worker.

`ModelFactory` builds each model once per worker with the provider SDK's own retries
off (Temporal owns retries) and holds it; keys come from the worker's environment
only. Two providers are our own:

- `scripted:PATH`: `ScriptedChatModel` (`activities/scripted.py`), a real
  `BaseChatModel` that serves the responses of a JSON file, for tests and offline demos.
- `local:NAME`: a small GGUF model on the worker's CPU (`activities/local_models.py`).
- other providers go through LangChain's `init_chat_model`.
"""

from __future__ import annotations

import threading
from pathlib import Path

from langchain_core.language_models import BaseChatModel

from rubricflow.activities.config import DEFAULT_DATA_DIR, default_script_state_dir
from rubricflow.activities.local_models import build_local_chat_model
from rubricflow.activities.model_errors import ModelConfigError
from rubricflow.activities.scripted import ScriptedChatModel, load_script

__all__ = ["ModelFactory", "check_provider", "known_providers"]

OUR_PROVIDERS = ("scripted", "local")


def known_providers() -> tuple[str, ...]:
    """Providers a model string may name: ours plus LangChain's built-in ones."""
    try:
        from langchain.chat_models.base import _BUILTIN_PROVIDERS

        builtin = tuple(_BUILTIN_PROVIDERS)
    except ImportError:  # pragma: no cover - only if LangChain moves the table
        builtin = ()
    return OUR_PROVIDERS + builtin


def check_provider(spec: str) -> None:
    """Refuse an unknown provider before anything starts."""
    provider = spec.partition(":")[0].strip()
    providers = known_providers()
    if providers[len(OUR_PROVIDERS) :] and provider not in providers:
        raise ModelConfigError(
            f"unknown model provider {provider!r} in {spec!r}; use one of: "
            + ", ".join(providers)
        )


class ModelFactory:
    """Builds each model string once per worker and keeps it.

    `models_dir` holds the joined GGUF files of `local:` models; `script_state_dir` the
    cursors of `scripted:` models (both from the worker's `WorkerConfig`)."""

    def __init__(
        self,
        *,
        models_dir: Path | None = None,
        script_state_dir: Path | None = None,
        allow_scripted: bool = False,
        scripted_dir: Path | None = None,
    ) -> None:
        self._models_dir = models_dir or DEFAULT_DATA_DIR / "models"
        self._script_state_dir = script_state_dir or default_script_state_dir()
        self._allow_scripted = allow_scripted
        self._scripted_dir = scripted_dir
        self._models: dict[str, BaseChatModel] = {}
        self._lock = threading.Lock()

    def get(self, spec: str) -> BaseChatModel:
        with self._lock:
            model = self._models.get(spec)
            if model is None:
                model = self._models[spec] = self._build(spec)
            return model

    def _build(self, spec: str) -> BaseChatModel:
        provider, _, model_id = spec.partition(":")
        if provider == "scripted":
            path = self._script_path(model_id)
            load_script(path)  # fail now, with the file's problem, not mid-turn
            return ScriptedChatModel(path=str(path), state_dir=self._script_state_dir)
        if provider == "local":
            return build_local_chat_model(model_id, self._models_dir)
        check_provider(spec)
        from langchain.chat_models import init_chat_model

        try:
            return init_chat_model(spec, max_retries=0)
        except ImportError as exc:
            raise ModelConfigError(
                f"model {spec!r} needs a LangChain integration package that this worker "
                f"does not have: {exc}"
            ) from exc
        except Exception as exc:  # a provider's constructor: bad id, missing key, ...
            raise ModelConfigError(f"cannot build model {spec!r}: {exc}") from exc

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
