"""Payload encryption: nothing a run says is readable in the history without the key."""

from __future__ import annotations

import base64
import json
import os
import urllib.request
from threading import Thread

import pytest
from google.protobuf import json_format
from temporalio.api.common.v1 import Payload, Payloads
from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter

from rubricflow.client import Rubricflow
from rubricflow.codec import CodecConfigError, EncryptionCodec, codec_server, parse_keys, with_codec
from rubricflow.worker import build_worker
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import thread_id, verdict
from tests.reliability import REPORT

SECRET_TASK = "Summarise the merger memo for Project Nightjar"
SECRET_RUBRIC = "- mentions the Nightjar valuation"
SECRET_ANSWER = "Nightjar is valued at 41 million"

pytestmark = pytest.mark.reliability


def key() -> bytes:
    return os.urandom(32)


class TestEncryptedRuns:
    async def test_history_holds_no_plaintext_and_the_key_holder_reads_it(self, client, task_queue, script):
        codec = EncryptionCodec({"k1": key()})
        target = client.service_client.config.target_host
        secure = await Client.connect(
            target, namespace=client.namespace, data_converter=with_codec(pydantic_data_converter, codec)
        )
        grader = script(
            verdict("satisfied", "The Nightjar valuation is there.", **{"mentions the Nightjar valuation": True})
        )
        async with build_worker(secure, queue=task_queue):
            run = await Rubricflow(secure, task_queue).start(
                RunInput(
                    message=SECRET_TASK,
                    rubric=SECRET_RUBRIC,
                    agent=AgentSettings(model=script(SECRET_ANSWER)),
                    grader=GraderSettings(model=grader),
                ),
                thread_id(),
            )
            result = await run.result()
        assert result.status == "satisfied" and result.answer == SECRET_ANSWER

        # A client without the codec sees the raw history: ciphertext only.
        raw = await client.get_workflow_handle(run.thread_id).fetch_history()
        text = json.dumps(raw.to_json_dict())
        for secret in (SECRET_TASK, SECRET_RUBRIC, SECRET_ANSWER, "Nightjar"):
            assert secret not in text
            assert base64.b64encode(secret.encode()).decode()[:16] not in text
        assert base64.b64encode(b"binary/encrypted").decode() in text
        # So does what the Web UI shows besides the history: summary and current details.
        description = await client.get_workflow_handle(run.thread_id).describe()
        described = str(description.raw_description)
        assert "Nightjar" not in described
        summary = description.raw_description.execution_config.user_metadata.summary
        assert summary.metadata["encoding"] == b"binary/encrypted"
        REPORT.run(run.thread_id, "satisfied", result.status)
        REPORT.figure(
            f"encryption: raw history of {len(raw.events)} events read without the key; "
            "no plaintext task, rubric, criterion or answer"
        )

    def test_rotation_decrypts_old_payloads_and_encrypts_with_the_new_key(self):
        old, new = key(), key()
        before = EncryptionCodec({"k1": old}).encode_sync([Payload(data=b"secret")])
        rotated = EncryptionCodec({"k2": new, "k1": old})
        assert rotated.decode_sync(before)[0].data == b"secret"
        after = rotated.encode_sync([Payload(data=b"secret")])
        assert after[0].metadata["encryption-key-id"] == b"k2"
        with pytest.raises(CodecConfigError, match="key 'k2', which this process does not hold"):
            EncryptionCodec({"k1": old}).decode_sync(after)

    def test_bad_keys_say_what_to_fix(self):
        with pytest.raises(CodecConfigError, match="must be ID:BASE64KEY"):
            parse_keys("nocolon")
        with pytest.raises(CodecConfigError, match="has 5 bytes; AES-256-GCM needs 32"):
            parse_keys("k1:" + base64.b64encode(b"short").decode())
        keys = parse_keys(f"k2:{base64.b64encode(key()).decode()}, k1:{base64.b64encode(key()).decode()}")
        assert list(keys) == ["k2", "k1"]


class TestCodecServer:
    def test_web_ui_protocol_decodes_for_the_key_holder(self):
        codec = EncryptionCodec({"k1": key()})
        [encrypted] = codec.encode_sync([Payload(metadata={"encoding": b"json/plain"}, data=b'"hello"')])
        server = codec_server(codec, "127.0.0.1", 0, "http://127.0.0.1:8233")
        Thread(target=server.serve_forever, daemon=True).start()
        try:
            body = json_format.MessageToJson(Payloads(payloads=[encrypted])).encode()
            request = urllib.request.Request(
                f"http://127.0.0.1:{server.server_address[1]}/decode",
                data=body,
                headers={"Content-Type": "application/json"},
                method="POST",
            )
            with urllib.request.urlopen(request, timeout=10) as response:
                assert response.headers["Access-Control-Allow-Origin"] == "http://127.0.0.1:8233"
                decoded = json_format.Parse(response.read(), Payloads())
        finally:
            server.shutdown()
        assert decoded.payloads[0].data == b'"hello"'
