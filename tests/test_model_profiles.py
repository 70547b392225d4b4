"""Model profiles (`RUBRICFLOW_MODELS`): the file, the worker's start-up check, the
client's refusals, the prices, and the grader's structured output by the profile's method."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sys
from pathlib import Path

import pytest
from temporalio.client import WorkflowFailureError

from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.model_profiles import parse_model_profiles
from rubricflow.activities.models import ModelFactory, profile_options
from rubricflow.activities.tools import ToolRegistry
from rubricflow.client import Rubricflow
from rubricflow.errors import ConfigError
from rubricflow.prices import price_table
from rubricflow.worker import build_worker
from rubricflow.worker_env import config_from_env
from rubricflow.workflows.run_check_types import RunCheckInput
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import activity_attempts, thread_id
from tests.reliability import REPORT
from tests.test_cli import rubricflow, wait_for_poller

pytestmark = pytest.mark.reliability

WHOLE_PASS = {"result": "satisfied", "explanation": "ok", "criteria": [{"name": "Says hi", "passed": True}]}

GOOD = """
[models.fast]
provider = "openai"
model = "gpt-4o-mini"
api_key_env = "TEST_PROFILE_KEY"
temperature = 0.0
max_tokens = 256
timeout_s = 30
input_usd_per_mtok = 0.15
output_usd_per_mtok = 0.60

[models.server]
provider = "openai"
model = "qwen"
base_url = "http://127.0.0.1:9/v1"
structured_output = "json_mode"
"""


def write(tmp_path: Path, text: str, name: str = "models.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


class TestFile:
    def test_a_good_file_parses_with_its_prices(self):
        profiles = parse_model_profiles(GOOD)
        assert profiles["fast"].spec == "openai:gpt-4o-mini"
        assert profiles["fast"].price is not None and profiles["fast"].price.output_usd_per_mtok == 0.60
        assert profiles["server"].structured_output == "json_mode" and profiles["server"].price is None

    @pytest.mark.parametrize(
        ("text", "words"),
        [
            ("[models.x]\nprovider = 'openai'\n", r"models\.x\.model: Field required"),
            (
                "[models.x]\nprovider='openai'\nmodel='m'\nstructured_output='grammar'\n",
                r"models\.x\.structured_output",
            ),
            ("[models.x]\nprovider='openai'\nmodel='m'\nbase_url='ftp://h'\n", r"base_url must be an http"),
            ("[models.x]\nprovider='openai'\nmodel='m'\ninput_usd_per_mtok=1\n", r"both input_usd_per_mtok and output"),
            ("[models.x]\nprovider='openai'\nmodel='m'\nbase='http://h'\n", r"models\.x\.base: Extra inputs"),
            ("[models.x]\nprovider='profile'\nmodel='m'\n", r"not another profile"),
            ("models = 3\n", r"top-level 'models' table"),
            ("[models.x\n", r"not valid TOML"),
        ],
    )
    def test_a_bad_file_says_what_to_fix(self, text, words):
        REPORT.refuse("bad model profile")
        with pytest.raises(ValueError, match=words):
            parse_model_profiles(text)

    def test_a_key_pasted_as_api_key_env_is_refused_and_never_echoed(self):
        REPORT.refuse("bad model profile")
        with pytest.raises(ValueError, match="NAME of an environment variable") as caught:
            parse_model_profiles("[models.x]\nprovider='openai'\nmodel='m'\napi_key_env='sk-secret-123'\n")
        assert "sk-secret-123" not in str(caught.value)


class TestWorkerStart:
    def test_profiles_and_their_keys_are_read_once(self, tmp_path):
        env = {"RUBRICFLOW_MODELS": write(tmp_path, GOOD), "TEST_PROFILE_KEY": "key-value-1"}
        config = config_from_env(env)
        assert sorted(config.model_profiles) == ["fast", "server"]
        assert config.model_keys == {"TEST_PROFILE_KEY": "key-value-1"}
        assert "key-value-1" not in repr(config)
        options = profile_options(config.model_profiles["fast"], config.model_keys)
        assert options == {"temperature": 0.0, "max_tokens": 256, "timeout": 30.0, "api_key": "key-value-1"}
        # A server profile without a key variable never gets the worker's own OpenAI key.
        assert profile_options(config.model_profiles["server"], config.model_keys)["api_key"] == "unused"

    @pytest.mark.parametrize(
        ("text", "env", "words"),
        [
            (GOOD, {}, r"profile 'fast' names api_key_env TEST_PROFILE_KEY, which is not set"),
            ("[models.x]\nprovider='nosuch'\nmodel='m'\n", {}, r"profile 'x': unknown model provider 'nosuch'"),
            ("[models.x]\nprovider='cohere'\nmodel='m'\n", {}, r"provider 'cohere' needs langchain-cohere"),
            ("[models.x\n", {}, r"RUBRICFLOW_MODELS file .*models.toml: is not valid TOML"),
        ],
    )
    def test_a_bad_file_stops_the_worker_with_words(self, tmp_path, text, env, words):
        REPORT.refuse("bad model profile")
        with pytest.raises(ConfigError, match=words):
            config_from_env({"RUBRICFLOW_MODELS": write(tmp_path, text), **env})

    async def test_the_worker_process_exits_2(self, tmp_path):
        REPORT.refuse("bad model profile")
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "rubricflow.worker",
            env={"PATH": "/usr/bin:/bin", "RUBRICFLOW_MODELS": str(tmp_path / "missing.toml")},
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        _, err = await asyncio.wait_for(proc.communicate(), timeout=120)
        assert proc.returncode == 2
        assert "RUBRICFLOW_MODELS file" in err.decode() and "does not exist" in err.decode()
        assert "Traceback" not in err.decode()


class TestClient:
    async def test_an_unknown_profile_is_refused_by_the_worker_before_anything_runs(self, client, task_queue, tmp_path):
        """The profiles are the worker's (its RUBRICFLOW_MODELS); a client without the file
        learns them from the worker's refusal."""
        REPORT.refuse("unknown model profile")
        config = config_from_env({"RUBRICFLOW_MODELS": write(tmp_path, GOOD), "TEST_PROFILE_KEY": "k"})
        async with build_worker(client, config=config, queue=task_queue, tools=ToolRegistry()):
            tid = thread_id()
            code, out, err = await rubricflow(
                client, task_queue, "run", "--model", "profile:ghost", "hello", "--thread", tid
            )
        assert code == 2, (out, err)
        assert "unknown model profile 'ghost': this worker's profiles are fast, server" in err
        assert "Traceback" not in err
        with pytest.raises(Exception, match="not found"):
            await client.get_workflow_handle(tid).describe()

    async def test_a_model_id_with_an_address_is_refused(self, client, task_queue):
        REPORT.refuse("client-supplied base URL")
        code, out, err = await rubricflow(
            client, task_queue, "run", "--model", "openai:http://attacker.example/v1", "hello"
        )
        assert code == 2, (out, err)
        assert "carries an address" in err and "profile:NAME" in err

    def test_the_clients_price_table_never_reads_the_workers_profiles(self, tmp_path):
        """A client prices a profile with what the workers say, not with a file here."""
        assert price_table({"RUBRICFLOW_MODELS": write(tmp_path, GOOD)}) == {}

    async def test_the_workers_price_their_profiles_for_max_cost(self, client, task_queue, script, tmp_path):
        """`--max-cost` on profile models the client's table lacks: the workers' profiles
        price them; the client has no models file (and no price table)."""
        agent, grader = script("hi"), script(json.dumps(WHOLE_PASS))
        text = "".join(
            f"[models.{name}]\nprovider = 'scripted'\nmodel = '{spec.partition(':')[2]}'\n"
            f"input_usd_per_mtok = {price_in}\noutput_usd_per_mtok = {price_in * 2}\nstructured_output = 'json_mode'\n"
            for name, spec, price_in in (("agent", agent, 1.0), ("judge", grader, 3.0))
        )
        config = config_from_env({"RUBRICFLOW_MODELS": write(tmp_path, text), "RUBRICFLOW_ALLOW_SCRIPTED": "1"})
        config = dataclasses.replace(config, task_queue=task_queue)
        async with build_worker(client, config=config, tools=ToolRegistry()):
            await wait_for_poller(client, task_queue)
            answer = await Rubricflow(client, task_queue).ask(RunCheckInput(models=["profile:agent", "profile:judge"]))
            assert answer is not None
            assert {m: p.input_usd_per_mtok for m, p in answer.prices.items()} == {
                "profile:agent": 1.0,
                "profile:judge": 3.0,
            }
            tid = thread_id()
            code, out, err = await rubricflow(
                client,
                task_queue,
                "run",
                "--model",
                "profile:agent",
                "--grader-model",
                "profile:judge",
                "--rubric",
                "- Says hi",
                "--grading",
                "whole",
                "--max-cost",
                "1",
                "--max-iterations",
                "1",
                "--thread",
                tid,
                "--json",
                "Say hi",
            )
            assert code == 0, (out, err)
            # The run was priced with the workers' prices: the workflow holds its cost.
            progress = await Rubricflow(client, task_queue).handle(tid).progress()
        assert progress.status == "satisfied" and progress.budget is not None
        # Priced (None for a run without prices); scripted models count no tokens.
        assert progress.run_cost_usd == 0.0 and json.loads(out)["run_cost_usd"] == 0.0

    async def test_max_cost_on_a_profile_no_worker_prices_says_where_to_price_it(
        self, client, task_queue, script, tmp_path
    ):
        REPORT.refuse("unpriced model")
        text = f"[models.agent]\nprovider = 'scripted'\nmodel = '{script('hi').partition(':')[2]}'\n"
        config = config_from_env({"RUBRICFLOW_MODELS": write(tmp_path, text), "RUBRICFLOW_ALLOW_SCRIPTED": "1"})
        config = dataclasses.replace(config, task_queue=task_queue)
        async with build_worker(client, config=config, tools=ToolRegistry()):
            code, out, err = await rubricflow(
                client, task_queue, "run", "--model", "profile:agent", "--rubric", "- Says hi", "--max-cost", "1", "hi"
            )
        assert code == 2, (out, err)
        assert "--max-cost needs a price for profile:agent" in err and "in the worker's profile" in err
        assert "Traceback" not in err

    async def test_the_worker_refuses_a_profile_it_does_not_know(self, client, task_queue, script):
        REPORT.refuse("unknown model profile")
        config = WorkerConfig(task_queue=task_queue, allow_scripted=True)
        async with build_worker(client, config=config, tools=ToolRegistry()):
            handle = await Rubricflow(client, task_queue).start(
                RunInput(message="hi", agent=AgentSettings(model="profile:ghost")), thread_id()
            )
            with pytest.raises(WorkflowFailureError):
                await handle.result()
        attempts = await activity_attempts(handle.handle)
        assert attempts == [("rubricflow.run_agent_turn", 1)]  # non-retryable: one attempt


def json_profiles(tmp_path: Path, grader: str, method: str) -> dict[str, object]:
    text = (
        f"[models.judge]\nprovider = 'scripted'\nmodel = '{grader.partition(':')[2]}'\nstructured_output = '{method}'\n"
    )
    return {"RUBRICFLOW_MODELS": write(tmp_path, text, f"m-{method}.toml"), "RUBRICFLOW_ALLOW_SCRIPTED": "1"}


async def run_with(client, task_queue, env, agent: str, grading: str) -> object:
    config = config_from_env({**env, "RUBRICFLOW_TASK_QUEUE": task_queue})
    async with build_worker(client, config=config, tools=ToolRegistry()):
        handle = await Rubricflow(client, task_queue).start(
            RunInput(
                message="Say hi",
                rubric="- Says hi\n- Is short",
                agent=AgentSettings(model=agent),
                grader=GraderSettings(model="profile:judge", max_iterations=1, grading=grading),
            ),
            thread_id(),
        )
        return await asyncio.wait_for(handle.result(), timeout=120)


class TestJsonMode:
    async def test_per_criterion_questions_in_json_mode_reask_invalid_json_once(
        self, client, task_queue, script, tmp_path
    ):
        REPORT.fault("grader reply not JSON")
        agent = script("hi")
        grader = script(
            "I think it passes.",  # not JSON: asked again
            '{"reason": "says hi", "passed": true}',
            '```json\n{"reason": "two letters", "passed": true}\n```',
        )
        result = await run_with(
            client, task_queue, json_profiles(tmp_path, grader, "json_mode"), agent, "per_criterion"
        )
        final = result.evaluations[-1]
        assert final.result == "satisfied"
        assert [c.name for c in final.criteria] == ["Says hi", "Is short"]

    async def test_a_whole_verdict_in_json_mode(self, client, task_queue, script, tmp_path):
        agent = script("hi")
        verdict = {
            "result": "needs_revision",
            "explanation": "too short",
            "criteria": [{"name": "Says hi", "passed": True}, {"name": "Is short", "passed": False, "gap": "x"}],
        }
        grader = script("not json at all", json.dumps(verdict))
        result = await run_with(client, task_queue, json_profiles(tmp_path, grader, "json_mode"), agent, "whole")
        final = result.evaluations[-1]
        assert final.result == "needs_revision"
        assert {c.name: c.passed for c in final.criteria} == {"Says hi": True, "Is short": False}


def test_a_worker_without_profiles_asks_by_tool():
    factory = ModelFactory(profiles=parse_model_profiles(GOOD))
    assert factory.structured_output("openai:gpt-4o-mini") == "tool"
    assert factory.structured_output("profile:server") == "json_mode"
    assert factory.structured_output("profile:fast") == "tool"


async def test_doctor_lists_providers_keys_by_name_and_profile_problems(client, task_queue, tmp_path):
    text = GOOD + "\n[models.other]\nprovider = 'cohere'\nmodel = 'command'\n"
    code, out, err = await rubricflow(
        client,
        task_queue,
        "doctor",
        RUBRICFLOW_MODELS=write(tmp_path, text),
        OPENAI_API_KEY="sk-value-never-shown",
        TEST_PROFILE_KEY="another-value",
    )
    assert code == 1, (out, err)  # a profile has a problem
    assert "sk-value-never-shown" not in out + err and "another-value" not in out + err
    assert "OPENAI_API_KEY set" in out and "TEST_PROFILE_KEY set" in out
    assert "openai" in out.splitlines()[0]
    assert "profile:fast: openai:gpt-4o-mini, tool: ok" in out
    assert "profile:server: openai:qwen at http://127.0.0.1:9/v1, json_mode: ok" in out
    assert "profile:other" in out and "langchain-cohere" in out


async def test_doctor_says_an_unusable_profiles_file_in_one_line(client, task_queue, tmp_path):
    """The report is the worker's own (`python -m rubricflow.doctor`): its refusal is said as is."""
    REPORT.refuse("bad model profile")
    code, out, err = await rubricflow(client, task_queue, "doctor", RUBRICFLOW_MODELS=str(tmp_path / "missing.toml"))
    assert code == 2, (out, err)
    assert err.strip() == f"rubricflow: RUBRICFLOW_MODELS file {tmp_path / 'missing.toml'} does not exist"
