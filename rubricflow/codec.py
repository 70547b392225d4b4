"""Payload encryption: AES-GCM with the key id in each payload's metadata.

A run's transcript, rubric and answers are user data; with encryption on, every payload
the worker, CLI or tests send to Temporal is encrypted before it leaves the process, so
the server and its history hold only ciphertext. Keys come from `RUBRICFLOW_CODEC_KEYS`
(`ID:BASE64KEY[,ID:BASE64KEY...]`, 256-bit keys, the first one encrypts, all decrypt),
held only in the environment of the processes that need to read payloads. To rotate: put
the new key first and keep the old ones until no history still needs them.

Encryption cannot half-work: a process with keys refuses payloads that are not
encrypted (a client without the keys would otherwise store its task and rubric in the
history in plaintext, and the worker would take them), unless
`RUBRICFLOW_CODEC_ALLOW_PLAINTEXT=1` opens a migration window. A payload under a key id
this process does not hold, or one that fails authentication (same key id, other bytes),
raises a `CodecConfigError` naming the key id and what to do.

`rubricflow codec-server` serves Temporal's codec-server protocol (`POST /decode`,
`POST /encode`) on loopback, so the Web UI can show decrypted payloads to those who hold
the keys (Web UI: Settings -> Codec Server -> http://127.0.0.1:8081).
"""

from __future__ import annotations

import base64
import dataclasses
import json
import os
from collections.abc import Mapping, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from google.protobuf import json_format
from temporalio.api.common.v1 import Payload, Payloads
from temporalio.converter import DataConverter, PayloadCodec

from rubricflow.errors import ConfigError

ENCODING = b"binary/encrypted"
KEY_ID = "encryption-key-id"
NONCE_BYTES = 12


class CodecConfigError(ConfigError):
    """Codec keys that cannot be used, or a payload this process's keys cannot read."""


def parse_keys(spec: str) -> dict[str, bytes]:
    """`ID:BASE64KEY,...` -> ordered {id: key}; the first key encrypts."""
    keys: dict[str, bytes] = {}
    for item in spec.split(","):
        item = item.strip()
        if not item:
            continue
        key_id, sep, encoded = item.partition(":")
        if not sep or not key_id:
            raise CodecConfigError(f"codec key {item[:12]!r}... must be ID:BASE64KEY")
        try:
            key = base64.b64decode(encoded, validate=True)
        except ValueError as exc:
            raise CodecConfigError(f"codec key {key_id!r} is not valid base64") from exc
        if len(key) != 32:
            raise CodecConfigError(
                f"codec key {key_id!r} has {len(key)} bytes; AES-256-GCM needs 32 "
                "(make one with: python -c 'import os,base64;print(base64.b64encode(os.urandom(32)).decode())')"
            )
        keys[key_id] = key
    if not keys:
        raise CodecConfigError("no codec keys given")
    return keys


class EncryptionCodec(PayloadCodec):
    def __init__(self, keys: dict[str, bytes], *, allow_plaintext: bool = False) -> None:
        if not keys:
            raise CodecConfigError("no codec keys given")
        self._keys = dict(keys)
        self._active = next(iter(keys))
        self._allow_plaintext = allow_plaintext

    def encode_sync(self, payloads: Sequence[Payload]) -> list[Payload]:
        aes = AESGCM(self._keys[self._active])
        encoded = []
        for payload in payloads:
            nonce = os.urandom(NONCE_BYTES)
            encoded.append(
                Payload(
                    metadata={"encoding": ENCODING, KEY_ID: self._active.encode()},
                    data=nonce + aes.encrypt(nonce, payload.SerializeToString(), None),
                )
            )
        return encoded

    def decode_sync(self, payloads: Sequence[Payload]) -> list[Payload]:
        decoded = []
        for payload in payloads:
            if payload.metadata.get("encoding") != ENCODING:
                if not self._allow_plaintext:
                    raise CodecConfigError(
                        "refused a payload that is not encrypted: this process holds codec keys "
                        f"({', '.join(map(repr, self._keys))}), so the sender must too; give it the "
                        "same RUBRICFLOW_CODEC_KEYS (or set RUBRICFLOW_CODEC_ALLOW_PLAINTEXT=1 "
                        "on the worker for a migration window)"
                    )
                decoded.append(payload)
                continue
            key_id = payload.metadata.get(KEY_ID, b"").decode(errors="replace")
            key = self._keys.get(key_id)
            if key is None:
                raise CodecConfigError(
                    f"payload encrypted with key {key_id!r}, which this process does not "
                    f"hold (it holds {', '.join(map(repr, self._keys))}): add key {key_id!r} "
                    "to RUBRICFLOW_CODEC_KEYS, the same on every worker and client"
                )
            nonce, ciphertext = payload.data[:NONCE_BYTES], payload.data[NONCE_BYTES:]
            try:
                plain = AESGCM(key).decrypt(nonce, ciphertext, None)
            except InvalidTag:
                raise CodecConfigError(
                    f"payload under key {key_id!r} failed authentication: this process's key "
                    f"{key_id!r} has other bytes than the sender's (or the payload was altered); "
                    f"give every worker and client the same RUBRICFLOW_CODEC_KEYS entry for {key_id!r}"
                ) from None
            decoded.append(Payload.FromString(plain))
        return decoded

    async def encode(self, payloads: Sequence[Payload]) -> list[Payload]:
        return self.encode_sync(payloads)

    async def decode(self, payloads: Sequence[Payload]) -> list[Payload]:
        return self.decode_sync(payloads)


def codec_from_env(environ: Mapping[str, str] | None = None) -> EncryptionCodec | None:
    """`RUBRICFLOW_CODEC_KEYS`, with `RUBRICFLOW_CODEC_ALLOW_PLAINTEXT` (`1` or `0`), from
    `environ` (default `os.environ`)."""
    env = os.environ if environ is None else environ
    spec = env.get("RUBRICFLOW_CODEC_KEYS")
    if not spec:
        return None
    allow = env.get("RUBRICFLOW_CODEC_ALLOW_PLAINTEXT", "")
    if allow not in ("", "0", "1"):
        raise CodecConfigError(f"RUBRICFLOW_CODEC_ALLOW_PLAINTEXT must be 1 or 0, got {allow!r}")
    return EncryptionCodec(parse_keys(spec), allow_plaintext=allow == "1")


def with_codec(converter: DataConverter, codec: PayloadCodec | None) -> DataConverter:
    return converter if codec is None else dataclasses.replace(converter, payload_codec=codec)


MAX_CODEC_BODY_BYTES = 16 * 1024 * 1024
"""The largest request body the codec server reads: a batch of payloads within
Temporal's 2 MiB-per-payload limit, as JSON with base64, with room to spare."""


class _CodecHandler(BaseHTTPRequestHandler):
    """Temporal's codec-server protocol: POST /encode and /decode, CORS for the Web UI."""

    codec: EncryptionCodec
    origin: str

    def _cors(self) -> None:
        self.send_header("Access-Control-Allow-Origin", self.origin)
        self.send_header("Access-Control-Allow-Methods", "POST, OPTIONS")
        self.send_header("Access-Control-Allow-Headers", "Content-Type, X-Namespace, Authorization")

    def do_OPTIONS(self) -> None:  # noqa: N802
        self.send_response(200)
        self._cors()
        self.end_headers()

    def _refuse(self, status: int, message: str) -> None:
        """Answer at once and close: the rest of the body is never read."""
        self.close_connection = True
        out = json.dumps({"error": message}).encode()
        self.send_response(status)
        self._cors()
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(out)

    def _body(self) -> bytes | None:
        """The request body, at most MAX_CODEC_BODY_BYTES; None when refused (411 no
        length, 400 a length that is not a whole number, 413 too large)."""
        raw = self.headers.get("Content-Length")
        if raw is None:
            self._refuse(411, "Content-Length is required")
            return None
        if not raw.strip().isdigit():
            self._refuse(400, f"Content-Length must be a whole number of bytes, got {raw[:40]!r}")
            return None
        length = int(raw.strip())
        if length > MAX_CODEC_BODY_BYTES:
            self._refuse(413, f"body of {length} bytes is over the limit of {MAX_CODEC_BODY_BYTES}")
            return None
        return self.rfile.read(length)

    def do_POST(self) -> None:  # noqa: N802
        if self.path not in ("/encode", "/decode"):
            self.send_response(404)
            self.end_headers()
            return
        body = self._body()
        if body is None:
            return
        try:
            payloads = json_format.Parse(body, Payloads())
            fn = self.codec.encode_sync if self.path == "/encode" else self.codec.decode_sync
            result = Payloads(payloads=fn(payloads.payloads))
            out = json_format.MessageToJson(result).encode()
            status = 200
        except Exception as exc:  # a bad request must not stop the server
            out, status = json.dumps({"error": str(exc)}).encode(), 400
        self.send_response(status)
        self._cors()
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(out)

    def log_message(self, *args: object) -> None:
        pass


def codec_server(codec: EncryptionCodec, host: str, port: int, origin: str) -> ThreadingHTTPServer:
    """Temporal's codec-server protocol for the Web UI, on `host:port`, answering `origin`."""
    handler = type("CodecHandler", (_CodecHandler,), {"codec": codec, "origin": origin})
    return ThreadingHTTPServer((host, port), handler)
