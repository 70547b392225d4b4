"""`ApplicationError` type strings, in one place for workflows, activities and clients."""

PROVIDER_ERROR = "ProviderError"
"""A model provider failed; `non_retryable` tells whether retrying can help."""

MODEL_CONFIG_ERROR = "ModelConfigError"
"""The model string cannot be built on this worker (unknown provider, missing package,
unreadable scripted file). Retrying does not help."""

UNKNOWN_TOOL = "UnknownTool"
"""A tool name that the worker's registry does not hold."""

GRADER_OUTPUT_INVALID = "GraderOutputInvalid"
"""The grader's structured output did not validate."""

GRADER_CALL_BUDGET_EXCEEDED = "GraderCallBudgetExceeded"
"""A grader pass made more model calls than its `max_grader_calls`; the pass ends (a
`grader_error` record), it is not retried."""

STEP_TIMEOUT = "StepTimeout"
"""An agent turn or grader pass ran past its `timeout_s` (a hanging provider or tool)
and was cut off on the worker; retried."""

WORKER_SHUTDOWN = "WorkerShutdown"
"""The Temporal SDK's failure type for an activity still running when its worker's
shutdown grace period ended: handed back, and retried on another worker."""

AGENT_RECURSION_LIMIT = "AgentRecursionLimit"
"""The agent kept calling tools past the step limit without answering."""

AGENT_TURN_FAILED = "AgentTurnFailed"
"""A run failed because its agent turn could not complete."""

UNKNOWN_AGENT = "UnknownAgent"
"""An agent name that the worker's agent registry does not hold."""

FILE_LIMIT_EXCEEDED = "FileLimitExceeded"
"""An agent turn left the thread's files past their limits (`workflows/files.py`)."""

PAYLOAD_TOO_LARGE = "PayloadTooLarge"
"""A step's result would not fit in a Temporal payload even once cut to the limits of
`workflows/sizes.py`: the step fails at once, non-retryable (the SDK's own
`PayloadsTooLarge` would be retried by the server for nothing)."""

HOOK_UNAVAILABLE = "HookUnavailable"
"""A webhook answered 5xx, could not be reached or missed its deadline: the hook
activity retries it (its details list the hooks that already failed for good)."""

MCP_SERVER_UNAVAILABLE = "McpServerUnavailable"
"""An MCP server would not start, could not be reached or exited during a tool call
(the message names it): the step is retried. A tool's own error is an observation for the
model instead, not a failure."""

STEP_MISMATCH = "StepMismatch"
"""The transcript or settings a worker read from the thread for a step are not the ones
the step was scheduled with (`workflows/step_refs.py`): retried."""

PROVIDER_ATTEMPTS = 5
"""Faults one step may meet before it fails (a retryable `ProviderError`, `StepTimeout`,
`GraderOutputInvalid`, `McpServerUnavailable`: whatever the activity itself raises as retryable): counted by the
activity across its attempts, so worker deaths do not count."""
