"""The web view (`rubricflow ui`), driven in a real headless browser (Debian's chromium
through chromedriver, with Selenium) against a real Temporal server and scripted models.

Selenium's calls block, and this process's worker needs the event loop to move the runs
on, so every browser step runs in a thread (`asyncio.to_thread`)."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import socket
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio

from rubricflow.client import Rubricflow
from tests.helpers import thread_id, verdict
from tests.reliability import REPORT
from tests.test_threads import run_end, thread

TOKEN = "ui-test-token"
WAIT_S = 60


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class UiServer:
    def __init__(self, process: asyncio.subprocess.Process, port: int) -> None:
        self.process, self.port = process, port
        self.url = f"http://127.0.0.1:{port}"


async def start_ui(client, task_queue: str, *args: str) -> UiServer:
    """`rubricflow ui` as a real subprocess on a free port, once it says it is listening."""
    port = free_port()
    env = {
        **os.environ,
        "TEMPORAL_ADDRESS": client.service_client.config.target_host,
        "TEMPORAL_NAMESPACE": client.namespace,
        "RUBRICFLOW_TASK_QUEUE": task_queue,
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "rubricflow.cli",
        "ui",
        "--port",
        str(port),
        "--token",
        TOKEN,
        *args,
        env=env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), WAIT_S)
    assert b"rubricflow ui on" in line, line
    return UiServer(process, port)


async def stop(server: UiServer) -> None:
    server.process.terminate()
    await asyncio.wait_for(server.process.wait(), WAIT_S)


@pytest_asyncio.fixture
async def ui(client, task_queue) -> AsyncIterator[UiServer]:
    server = await start_ui(client, task_queue)
    yield server
    await stop(server)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver = shutil.which("chromium"), shutil.which("chromedriver")
    assert binary and driver, (
        "the web view's tests need chromium and chromium-driver (apt-get install chromium chromium-driver)"
    )
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,1000",
    ):
        options.add_argument(flag)
    chrome = webdriver.Chrome(service=Service(driver), options=options)
    chrome.set_page_load_timeout(WAIT_S)
    yield chrome
    chrome.quit()


def wait_for(browser, condition):
    """`condition` once it holds; an element that went stale (the page was replaced while it
    was read, as after a form's redirect) is looked for again, not an error."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, WAIT_S, ignored_exceptions=[StaleElementReferenceException]).until(condition)


def text_of(browser, css: str) -> str:
    from selenium.webdriver.common.by import By

    return wait_for(browser, lambda b: b.find_element(By.CSS_SELECTOR, css).text or None) or ""


def matrix(browser) -> tuple[list[str], dict[str, list[tuple[str, str]]]]:
    """The first grading run's (pass headers, {criterion: [(cell class, cell text)]})."""
    from selenium.webdriver.common.by import By

    table = wait_for(browser, lambda b: b.find_element(By.CSS_SELECTOR, "table.matrix"))
    heads = [th.text for th in table.find_elements(By.CSS_SELECTOR, "th.pass-head")]
    rows = {}
    for row in table.find_elements(By.CSS_SELECTOR, "tbody tr"):
        name = row.find_elements(By.CSS_SELECTOR, "th.criterion")
        if name:
            rows[name[0].text] = [
                (cell.get_attribute("class"), cell.text) for cell in row.find_elements(By.CSS_SELECTOR, "td.cell")
            ]
    return heads, rows


class TestThreadPage:
    async def test_a_thread_that_revised_once_shows_a_two_pass_matrix_with_its_gaps(
        self, client, task_queue, worker, script, ui, browser, tmp_path
    ):
        rf = Rubricflow(client, task_queue)
        agent = script("def f():\n    return 1\n", 'def f():\n    """One."""\n    return 1\n')
        grader = script(
            verdict("needs_revision", "add a docstring", tests=True, docstring="f has no docstring"),
            verdict("satisfied", "all met", tests=True, docstring=True),
        )
        handle = await rf.start(thread(agent, grader, rubric="- tests\n- docstring", idle=0), thread_id())
        assert (await handle.result()).status == "satisfied"

        def look():
            browser.get(f"{ui.url}/thread?id={handle.thread_id}")
            shot = Path(os.environ.get("RUBRICFLOW_UI_SCREENSHOT", tmp_path / "thread.png"))
            wait_for(browser, lambda b: len(b.find_elements("css selector", "#events li")) >= 5)
            browser.save_screenshot(str(shot))
            return matrix(browser), text_of(browser, "#status"), text_of(browser, "pre.diff"), shot.read_bytes()[:8]

        (heads, rows), status, diff, png = await asyncio.to_thread(look)
        assert len(heads) == 2 and heads[0].startswith("pass 1") and "needs_revision" in heads[0]
        assert "satisfied" in heads[1]
        assert list(rows) == ["tests", "docstring"]
        assert [kind for kind, _ in rows["tests"]] == ["cell pass", "cell pass"]
        assert [kind for kind, _ in rows["docstring"]] == ["cell fail", "cell pass"]
        assert "f has no docstring" in rows["docstring"][0][1]
        assert "f has no docstring" not in rows["docstring"][1][1]
        assert status == "satisfied"
        assert '+    """One."""' in diff
        assert png == b"\x89PNG\r\n\x1a\n"

    async def test_approve_on_the_page_ends_a_run_awaiting_review_satisfied(
        self, client, task_queue, worker, script, ui, browser
    ):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        agent = script("an answer")
        grader = script(verdict("needs_revision", "no", tests="no tests"))
        await rf.start(thread(agent, grader, cap=1, idle=600), tid)
        await run_end(rf, tid, 1)
        assert (await rf.progress(tid)).status == "max_iterations_reached"

        def approve():
            from selenium.webdriver.common.by import By

            browser.get(f"{ui.url}/?token={TOKEN}")  # sets the token's cookie
            browser.get(f"{ui.url}/thread?id={tid}")
            before = text_of(browser, "#status")
            wait_for(browser, lambda b: b.find_element(By.ID, "approve")).click()
            wait_for(browser, lambda b: b.find_element(By.ID, "status").text == "satisfied")
            return before, text_of(browser, "#status"), browser.find_elements(By.ID, "review")

        before, after, review = await asyncio.to_thread(approve)
        assert (before, after, review) == ("max_iterations_reached", "satisfied", [])
        progress = await rf.progress(tid)
        assert progress.status == "satisfied" and progress.evaluations[-1].reviewer == "web"
        await rf.cancel(tid)


@pytest.mark.reliability
class TestSafety:
    async def test_an_answer_carrying_a_script_shows_as_text_and_runs_nothing(
        self, client, task_queue, worker, script, ui, browser
    ):
        rf = Rubricflow(client, task_queue)
        hostile = "<script>alert(1)</script>"
        agent = script(hostile)
        grader = script(verdict("needs_revision", "no", tests='<img src=x onerror="alert(2)">'))
        handle = await rf.start(thread(agent, grader, cap=1, idle=0), thread_id())
        assert (await handle.result()).status == "max_iterations_reached"

        def look():
            from selenium.common.exceptions import NoAlertPresentException

            browser.get(f"{ui.url}/thread?id={handle.thread_id}")
            shown, gap = text_of(browser, "pre.answer-text"), matrix(browser)[1]["tests"][0][1]
            wait_for(browser, lambda b: len(b.find_elements("css selector", "#events li")) >= 5)
            with pytest.raises(NoAlertPresentException):
                browser.switch_to.alert.text
            scripts = browser.execute_script("return document.scripts.length")
            return shown, gap, scripts

        shown, gap, scripts = await asyncio.to_thread(look)
        assert shown == hostile
        assert '<img src=x onerror="alert(2)">' in gap
        assert scripts == 1  # the page's own ui.js only
        REPORT.refuse("hostile answer shown as text in the web view")

    async def test_off_loopback_the_ui_refuses_reads_and_actions_without_the_token(
        self, client, task_queue, worker, script
    ):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        await rf.start(
            thread(script("an answer"), script(verdict("needs_revision", "no", tests="none")), cap=1, idle=600), tid
        )
        await run_end(rf, tid, 1)
        server = await start_ui(client, task_queue, "--host", "0.0.0.0")
        try:
            async with httpx.AsyncClient(base_url=server.url, timeout=WAIT_S) as web:
                assert (await web.get(f"/thread?id={tid}")).status_code == 401
                form = {"id": tid, "reviewer": "mallory"}
                assert (await web.post("/thread/approve", data=form)).status_code == 403
                page = await web.get(f"/thread?id={tid}&token={TOKEN}")  # the cookie is now set
                assert page.status_code == 200
                csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text).group(1)
                assert (await web.post("/thread/approve", data={**form, "csrf": "0" * 64})).status_code == 403
                web.cookies.clear()
                assert (await web.post("/thread/approve", data={**form, "csrf": csrf})).status_code == 403
                assert (await rf.progress(tid)).status == "max_iterations_reached"
                REPORT.refuse("web view action without its token")
                done = await web.post(
                    "/thread/approve", data={**form, "csrf": csrf}, headers={"Authorization": f"Bearer {TOKEN}"}
                )
                assert done.status_code == 303
            assert (await rf.progress(tid)).status == "satisfied"
        finally:
            await stop(server)
            await rf.cancel(tid)

    def test_a_non_loopback_host_without_a_token_is_refused_before_serving(self, monkeypatch, capsys):
        from rubricflow.cli import main

        monkeypatch.delenv("RUBRICFLOW_UI_TOKEN", raising=False)
        assert main(["ui", "--host", "0.0.0.0", "--port", "0"]) == 2
        assert "is not a loopback address: set --token" in capsys.readouterr().err
