"""The `scripted:` model: a call reads the script as it is now, and its cursor is shared by
every process on the machine."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from langchain_core.messages import HumanMessage

from rubricflow.activities.model_errors import ModelConfigError
from rubricflow.activities.scripted import ScriptedChatModel, current_thread_id


def write(path: Path, replies: list[str]) -> None:
    path.write_text(json.dumps({"responses": replies}), encoding="utf-8")


def ask(model: ScriptedChatModel, thread: str = "t") -> str:
    token = current_thread_id.set(thread)
    try:
        return str(model.invoke([HumanMessage(content="hi")]).content)
    finally:
        current_thread_id.reset(token)


def test_a_rewritten_script_is_served_as_rewritten(tmp_path: Path) -> None:
    script = tmp_path / "s.json"
    write(script, ["one", "two", "six"])
    model = ScriptedChatModel(path=str(script), state_dir=tmp_path / "state")
    assert ask(model) == "one"
    # Same size, new content: the file's identity changes with its modification time.
    write(script, ["uno", "dos", "sei"])
    os.utime(script, ns=(os.stat(script).st_atime_ns, os.stat(script).st_mtime_ns + 1_000_000))
    assert ask(model) == "dos"
    write(script, ["only"])
    assert ask(model) == "only"  # the last reply repeats past the end


def test_a_script_broken_after_use_is_refused(tmp_path: Path) -> None:
    script = tmp_path / "s.json"
    write(script, ["one", "two"])
    model = ScriptedChatModel(path=str(script), state_dir=tmp_path / "state")
    assert ask(model) == "one"
    script.write_text("{not json", encoding="utf-8")
    with pytest.raises(ModelConfigError, match="is not JSON"):
        ask(model)
    script.unlink()
    with pytest.raises(ModelConfigError, match="not found"):
        ask(model)


def test_cursors_are_per_thread_and_survive_a_deleted_state_folder(tmp_path: Path) -> None:
    script = tmp_path / "s.json"
    write(script, ["one", "two", "three"])
    state = tmp_path / "state"
    model = ScriptedChatModel(path=str(script), state_dir=state)
    assert [ask(model, "a"), ask(model, "b"), ask(model, "a")] == ["one", "one", "two"]
    for name in os.listdir(state):
        os.unlink(state / name)
    state.rmdir()
    assert ask(model, "a") == "one"  # a fresh folder starts the script again


def test_another_process_continues_the_same_cursor(tmp_path: Path) -> None:
    script = tmp_path / "s.json"
    write(script, ["one", "two", "three"])
    state = tmp_path / "state"
    assert ask(ScriptedChatModel(path=str(script), state_dir=state)) == "one"
    code = (
        "import sys; from pathlib import Path\n"
        "from langchain_core.messages import HumanMessage\n"
        "from rubricflow.activities.scripted import ScriptedChatModel, current_thread_id\n"
        "current_thread_id.set('t')\n"
        "m = ScriptedChatModel(path=sys.argv[1], state_dir=Path(sys.argv[2]))\n"
        "print(m.invoke([HumanMessage(content='hi')]).content)\n"
    )
    # A relative path names the same script and cursor as the absolute one.
    out = subprocess.run(
        [sys.executable, "-c", code, script.name, str(state)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert out.stdout.strip() == "two"
    assert ask(ScriptedChatModel(path=str(script), state_dir=state)) == "three"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("what", ["/dev/zero", "a FIFO", "too large"])
def test_a_script_that_is_no_bounded_regular_file_is_refused_without_reading_it(tmp_path: Path, what: str) -> None:
    """Issue 38: `scripted:/dev/zero` read until MemoryError. A script is a regular file
    of at most MAX_SCRIPT_BYTES; what is not is refused at once."""
    from rubricflow.activities.scripted import MAX_SCRIPT_BYTES, load_script

    if what == "/dev/zero":
        path = Path("/dev/zero")
        words = "is not a regular file"
    elif what == "a FIFO":
        path = tmp_path / "fifo.json"
        os.mkfifo(path)  # opening it for reading would wait for a writer
        words = "is not a regular file"
    else:
        path = tmp_path / "big.json"
        with path.open("wb") as handle:
            handle.truncate(MAX_SCRIPT_BYTES + 1)
        words = f"is larger than {MAX_SCRIPT_BYTES} bytes"
    with pytest.raises(ModelConfigError, match=words):
        load_script(path)
