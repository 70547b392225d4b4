"""The web view (`rubricflow ui`), driven in a real headless browser (Debian's chromium
through chromedriver, with Selenium) against a real Temporal server and scripted models.

Selenium's calls block, and this process's worker needs the event loop to move the runs
on, so every browser step runs in a thread (`asyncio.to_thread`)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from html.parser import HTMLParser
from pathlib import Path

import httpx
import pytest
import pytest_asyncio

from rubricflow.batch_client import Batches
from rubricflow.client import Rubricflow
from rubricflow.workflows.types import AgentSettings, GraderSettings, ModelPrice, RunInput, SubmitInput
from tests.helpers import thread_id, until, verdict
from tests.reliability import REPORT
from tests.test_batch import items as batch_items
from tests.test_batch import run_batch
from tests.test_batch import settings as batch_settings
from tests.test_threads import run_end, thread

TOKEN = "ui-test-token-7f3a9c2e51b8"
WAIT_S = 60


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class UiServer:
    def __init__(self, process: asyncio.subprocess.Process, port: int) -> None:
        self.process, self.port = process, port
        self.url = f"http://127.0.0.1:{port}"


async def start_ui(client, task_queue: str, *args: str, **env_extra: str) -> UiServer:
    """`rubricflow ui` as a real subprocess on a free port, once it says it is listening."""
    port = free_port()
    env = {
        **os.environ,
        "TEMPORAL_ADDRESS": client.service_client.config.target_host,
        "TEMPORAL_NAMESPACE": client.namespace,
        "RUBRICFLOW_TASK_QUEUE": task_queue,
        **env_extra,
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


def every(browser, css: str, prop: str) -> list[str]:
    """`prop` of every element `css` selects, read in one script: a live page that swaps in
    fresh parts between reads cannot leave the list half from one copy, half stale."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]), (e) => e[arguments[1]]);", css, prop
    )


def settled(browser) -> None:
    """The page of a closed thread has read all its events and drawn itself once more."""
    wait_for(browser, lambda b: b.find_element("css selector", "#live-state").text == "ended")


def matrix(browser) -> tuple[list[str], dict[str, list[tuple[str, str]]]]:
    """The first grading run's (pass headers, {criterion: [(cell class, cell text)]}).

    A live page may swap in a fresh copy of the table while it is read; a read that met a
    replaced element is started again from the table, so the answer is one copy's, whole."""
    from selenium.webdriver.common.by import By

    def read(b):
        table = b.find_element(By.CSS_SELECTOR, "table.matrix")
        heads = [th.text for th in table.find_elements(By.CSS_SELECTOR, "th.pass-head")]
        rows = {}
        for row in table.find_elements(By.CSS_SELECTOR, "tbody tr"):
            name = row.find_elements(By.CSS_SELECTOR, "th.criterion")
            if name:
                rows[name[0].text] = [
                    (cell.get_attribute("class"), cell.text) for cell in row.find_elements(By.CSS_SELECTOR, "td.cell")
                ]
        return heads, rows

    return wait_for(browser, read)


class TestThreadPage:
    async def test_a_thread_that_revised_once_shows_a_two_pass_matrix_with_its_gaps(
        self, client, task_queue, worker, script, ui, browser, tmp_path
    ):
        rf = Rubricflow(client, task_queue)
        used = {"usage": {"input_tokens": 900, "output_tokens": 120}}
        agent = script(
            {"content": "def f():\n    return 1\n", **used},
            {"content": 'def f():\n    """One."""\n    return 1\n', **used},
        )
        grader = script(
            {**verdict("needs_revision", "add a docstring", tests=True, docstring="f has no docstring"), **used},
            {**verdict("satisfied", "all met", tests=True, docstring=True), **used},
        )
        run = thread(agent, grader, rubric="- tests\n- docstring", idle=0)
        price = ModelPrice(input_usd_per_mtok=2.5, output_usd_per_mtok=10.0)  # the run's own prices
        run = run.model_copy(update={"grader": run.grader.model_copy(update={"prices": {agent: price, grader: price}})})
        handle = await rf.start(run, thread_id())
        assert (await handle.result()).status == "satisfied"

        def look():
            browser.get(f"{ui.url}/thread?id={handle.thread_id}")
            shot = Path(os.environ.get("RUBRICFLOW_UI_SCREENSHOT", tmp_path / "thread.png"))
            settled(browser)
            browser.save_screenshot(str(shot))
            costs = [td.text for td in browser.find_elements("css selector", "td.pass-cost")]
            return (
                matrix(browser),
                text_of(browser, "#status"),
                text_of(browser, "pre.diff"),
                costs,
                shot.read_bytes()[:8],
            )

        (heads, rows), status, diff, costs, png = await asyncio.to_thread(look)
        assert len(heads) == 2 and heads[0].startswith("pass 1") and "needs_revision" in heads[0]
        assert "satisfied" in heads[1]
        assert list(rows) == ["tests", "docstring"]
        assert [kind for kind, _ in rows["tests"]] == ["cell pass", "cell pass"]
        assert [kind for kind, _ in rows["docstring"]] == ["cell fail", "cell pass"]
        assert "f has no docstring" in rows["docstring"][0][1]
        assert "f has no docstring" not in rows["docstring"][1][1]
        assert status == "satisfied"
        assert '+    """One."""' in diff
        assert costs == ["$0.0069", "$0.0069"]  # (900 in x $2.5 + 120 out x $10) / 1M = $0.00345, agent and grader
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
            return before, text_of(browser, "#status"), browser.find_elements(By.CSS_SELECTOR, "#actions form")

        before, after, review = await asyncio.to_thread(approve)
        assert (before, after, review) == ("max_iterations_reached", "satisfied", [])
        progress = await rf.progress(tid)
        assert progress.status == "satisfied" and progress.evaluations[-1].reviewer == "web"
        await rf.cancel(tid)


def waiting_thread(agent: str, grader: str, cap: int = 3) -> RunInput:
    """A thread that starts without its message: its page can be opened before the run."""
    return RunInput(
        rubric="- tests",
        agent=AgentSettings(model=agent),
        grader=GraderSettings(model=grader, max_iterations=cap),
        idle_timeout_s=600,
    )


def open_tabs(browser, url: str, tabs: int) -> list[str]:
    """`tabs` browser tabs on `url`, each once its page follows the thread live."""
    handles = []
    for index in range(tabs):
        if index:
            browser.switch_to.new_window("tab")
        browser.get(url)
        wait_for(browser, lambda b: b.find_element("css selector", "#live-state").text == "live")
        handles.append(browser.current_window_handle)
    return handles


def close_tabs(browser, handles: list[str]) -> None:
    for handle in handles[1:]:
        browser.switch_to.window(handle)
        browser.close()
    browser.switch_to.window(handles[0])
    browser.get("about:blank")


async def idling(handle) -> bool:
    """The thread's first workflow task is done: it waits for its message (a message sent
    sooner joins that task, and the history is 5 events shorter)."""
    from temporalio.api.enums.v1 import EventType

    return any([e async for e in handle.fetch_history_events() if e.event_type == EventType.EVENT_TYPE_TIMER_STARTED])


async def history_size(handle) -> tuple[int, int, int]:
    """(events, bytes, updates) of the thread's history as it stands: a viewer that
    polled with the stream's update would add two update events per poll."""
    from temporalio.api.enums.v1 import EventType

    events = [event async for event in handle.fetch_history_events()]
    updates = sum(
        e.event_type
        in (
            EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED,
            EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED,
        )
        for e in events
    )
    return len(events), sum(event.ByteSize() for event in events), updates


class TestLivePage:
    async def test_a_thread_page_open_while_its_run_ends_redraws_itself_without_a_reload(
        self, client, task_queue, worker, script, ui, browser
    ):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        agent = script("def f(): pass", "def f():\n    return 1  # tested")
        grader = script(
            verdict("needs_revision", "add tests", tests="no tests"),
            verdict("satisfied", "tested now", tests=True),
        )
        await rf.start(waiting_thread(agent, grader), tid)

        def open_page():
            browser.get(f"{ui.url}/thread?id={tid}")
            wait_for(browser, lambda b: b.find_element("css selector", "#live-state").text == "live")
            browser.execute_script("window.drawnOnce = 'this page, not a reload'")
            return text_of(browser, "#status"), text_of(browser, "#latest-answer")

        status, answer = await asyncio.to_thread(open_page)
        assert (status, answer) == ("running", "(none yet)")
        await rf.send(tid, SubmitInput(message="write f, with tests"))

        def redrawn():
            wait_for(browser, lambda b: b.find_element("css selector", "#status").text == "satisfied")
            wait_for(browser, lambda b: "run_end" in b.find_element("css selector", "#events").text)
            return (
                matrix(browser),
                text_of(browser, "#latest-answer"),
                text_of(browser, "#passes"),
                text_of(browser, "#events"),
                text_of(browser, "#task"),
                browser.execute_script("return window.drawnOnce"),
            )

        (heads, rows), answer, passes, events, task, marker = await asyncio.to_thread(redrawn)
        assert marker == "this page, not a reload"
        assert [h.split("\n")[:2] for h in heads] == [["pass 1", "needs_revision"], ["pass 2", "satisfied"]]
        assert [kind for kind, _ in rows["tests"]] == ["cell fail", "cell pass"]
        assert answer == "def f():\n    return 1  # tested"
        assert passes == "grading pass 2 of 3 spent"
        run_end_line = next(line for line in events.splitlines() if "run_end" in line)
        assert "after 2 grading pass(es)" in run_end_line and "pass 3" not in run_end_line
        assert "write f, with tests" in task
        await rf.cancel(tid)

    async def test_three_open_tabs_add_no_history_events(self, client, task_queue, worker, script, ui, browser):
        """The same 3-pass run, watched by nobody and by three tabs: the same history."""
        rf = Rubricflow(client, task_queue)
        sizes = {}
        for tabs in (0, 3):
            tid = thread_id()
            agent = script("v1", "v2", "v3")
            grader = script(
                verdict("needs_revision", "one", tests="no"),
                verdict("needs_revision", "two", tests="still no"),
                verdict("satisfied", "three", tests=True),
            )
            started = await rf.start(waiting_thread(agent, grader), tid)
            await until(lambda started=started: idling(started.handle), "the thread waits for its message")
            handles = await asyncio.to_thread(open_tabs, browser, f"{ui.url}/thread?id={tid}", tabs)
            await rf.send(tid, SubmitInput(message="write it"))
            await until(lambda tid=tid: progress_is(rf, tid, "satisfied"), "the run satisfied")
            for handle in handles:

                def seen(handle=handle):
                    browser.switch_to.window(handle)
                    wait_for(browser, lambda b: b.find_element("css selector", "#status").text == "satisfied")

                await asyncio.to_thread(seen)
            sizes[tabs] = await history_size(rf.handle(tid).handle)
            if handles:
                await asyncio.to_thread(close_tabs, browser, handles)
            await rf.cancel(tid)
        print(f"history of a 3-pass run: {sizes[0]} (events, bytes, updates) unwatched, {sizes[3]} with 3 tabs open")
        assert (sizes[3][0], sizes[3][2]) == (sizes[0][0], 0), sizes


class TestReader:
    async def test_the_reader_follows_a_thread_across_continue_as_new_and_writes_nothing(
        self, client, task_queue, worker, script
    ):
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        turns = 12  # the test server suggests continue-as-new at 150 events: a few runs
        await rf.start(
            thread(script(*[f"answer {i}" for i in range(turns)]), script(verdict("satisfied", "ok", tests=True))), tid
        )
        seen: list = []

        async def read() -> None:
            async for event in rf.observe(tid):
                seen.append(event)
                if sum(e.type == "run_end" for e in seen) == turns:
                    return

        reader = asyncio.create_task(read())
        for i in range(1, turns):
            await rf.submit(tid, SubmitInput(message=f"follow-up {i}"))
        await asyncio.wait_for(reader, WAIT_S)
        runs = [wf async for wf in client.list_workflows(f"WorkflowId = '{tid}'")]
        assert len(runs) >= 2, "the thread never continued as new"
        assert [e.offset for e in seen] == list(range(len(seen)))
        assert [e.answer for e in seen if e.type == "run_end"] == [f"answer {i}" for i in range(turns)]
        updates = [(await history_size(client.get_workflow_handle(tid, run_id=r.run_id)))[2] for r in runs]
        assert sum(updates) == 2 * (turns - 1), "the follow-ups' submits (accepted, completed), none of the reader's"
        await rf.cancel(tid)


class TestReadability:
    async def test_an_unbroken_8_kb_explanation_keeps_the_page_within_the_window(
        self, client, task_queue, worker, script, ui, browser
    ):
        rf = Rubricflow(client, task_queue)
        unbroken = "x" * 8192
        grader = script(
            verdict("needs_revision", unbroken, tests="y" * 8192),
            verdict("satisfied", "ok", tests=True),
        )
        handle = await rf.start(thread(script("a1", "a2"), grader, rubric="- tests", idle=0), thread_id())
        assert (await handle.result()).status == "satisfied"

        def widths():
            from selenium.webdriver.common.by import By

            browser.get(f"{ui.url}/thread?id={handle.thread_id}")
            settled(browser)
            measured = []
            for unfold in (False, True):
                if unfold:
                    for summary in browser.find_elements(By.CSS_SELECTOR, "table.matrix details.fold > summary"):
                        summary.click()
                measured.append(
                    browser.execute_script(
                        "const heads = document.querySelectorAll('th.pass-head');"
                        "return [document.documentElement.scrollWidth, window.innerWidth,"
                        " heads[heads.length - 1].getBoundingClientRect().right,"
                        " document.querySelectorAll('table.matrix details.fold[open]').length];"
                    )
                )
            return measured

        (folded, unfolded) = await asyncio.to_thread(widths)
        for page, window, last_pass_right, _ in (folded, unfolded):
            assert page <= window and last_pass_right <= window, (page, window, last_pass_right)
        assert (folded[3], unfolded[3]) == (0, 2)  # the explanation and the gap, folded, then open

    async def test_the_page_shows_the_cost_of_each_pass(self, client, task_queue, worker, script, tmp_path):
        rf = Rubricflow(client, task_queue)
        used = {"usage": {"input_tokens": 10_000, "output_tokens": 1_000}}
        agent = script({"content": "a1", **used}, {"content": "a2", **used})
        grader = script(
            {**verdict("needs_revision", "no", tests="none"), **used},
            {**verdict("satisfied", "ok", tests=True), **used},
        )
        prices = tmp_path / "prices.json"
        prices.write_text(
            json.dumps(
                {
                    agent: {"input_usd_per_mtok": 1.0, "output_usd_per_mtok": 2.0},
                    grader: {"input_usd_per_mtok": 3.0, "output_usd_per_mtok": 4.0},
                }
            )
        )
        handle = await rf.start(thread(agent, grader, rubric="- tests", idle=0), thread_id())
        assert (await handle.result()).status == "satisfied"
        server = await start_ui(client, task_queue, RUBRICFLOW_PRICES=str(prices))
        try:
            async with httpx.AsyncClient(base_url=server.url, timeout=WAIT_S) as web:
                page = (await web.get(f"/thread?id={handle.thread_id}")).text
        finally:
            await stop(server)
        # each pass: agent 10k in + 1k out at $1/$2 per M ($0.012), grader the same at $3/$4 ($0.034)
        assert re.findall(r'<td class="pass-cost">([^<]*)</td>', page) == ["$0.0460", "$0.0460"]


class Crawl(HTMLParser):
    """The links and forms of one page: every `a[href]`, and every form with its fields
    (an input's value, a select's options)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.forms: list[dict] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "form":
            self.forms.append({"method": (a.get("method") or "get").lower(), "action": a.get("action"), "fields": {}})
        elif tag == "input" and self.forms and a.get("name"):
            self.forms[-1]["fields"][a["name"]] = [a.get("value") or ""]
        elif tag == "select" and self.forms and a.get("name"):
            self._select = a["name"]
            self.forms[-1]["fields"][self._select] = []
        elif tag == "option" and self._select is not None:
            self.forms[-1]["fields"][self._select].append(a.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def form_requests(form: dict) -> list[dict[str, str]]:
    """Each way to send a form: once per option of each select, the other fields as drawn."""
    plain = {name: values[0] if values else "" for name, values in form["fields"].items()}
    ways = [plain]
    for name, values in form["fields"].items():
        ways += [{**plain, name: value} for value in values[1:]]
    return ways


def names_a_thread_of_others(url: str, ours: tuple[str, ...]) -> bool:
    """The URL is a thread's page or events, of a thread not in `ours` (id prefixes)."""
    from urllib.parse import parse_qs, urlsplit

    parts = urlsplit(url)
    thread = parse_qs(parts.query).get("id", [""])[0]
    return parts.path.startswith("/thread") and bool(thread) and not thread.startswith(ours)


async def crawl(web: httpx.AsyncClient, starts: list[str], ours: tuple[str, ...], limit: int = 400) -> dict[str, int]:
    """Every page reachable from `starts` by a link or a form of this server (POST forms
    sent as drawn), with the status each answered; none may be a server error. Threads
    the list shows of other tests on the session's server are not followed."""
    seen: dict[str, int] = {}
    queue = [("get", url, None) for url in starts]
    while queue and len(seen) < limit:
        method, url, data = queue.pop(0)
        key = f"{method} {url} {sorted((data or {}).items())}"
        skip = not url.startswith("/") or url.startswith("/static/") or names_a_thread_of_others(url, ours)
        if key in seen or skip:
            continue
        if url.startswith("/thread/events"):
            async with web.stream("GET", url) as answer:
                seen[key] = answer.status_code
                async for line in answer.aiter_lines():
                    if line.startswith("event: end"):
                        break
            continue
        answer = await (web.get(url, params=data) if method == "get" else web.post(url, data=data))
        seen[key] = answer.status_code
        # 503 is a page that says no worker answered a thread's query (other tests' threads
        # outlive their workers on the session's server); any other 5xx is a bug.
        readable = answer.status_code == 503 and 'class="error"' in answer.text
        assert answer.status_code < 500 or readable, (key, answer.text[:500])
        if "text/html" not in answer.headers.get("content-type", ""):
            continue
        page = Crawl()
        page.feed(answer.text)
        queue += [("get", link, None) for link in page.links]
        for form in page.forms:
            queue += [(form["method"], form["action"], way) for way in form_requests(form)]
    return seen


class TestRefusals:
    async def test_a_closed_thread_offers_no_action_and_a_stale_form_is_refused_in_words(
        self, client, task_queue, worker, script, ui, browser
    ):
        rf = Rubricflow(client, task_queue)
        handle = await rf.start(
            thread(script("an answer"), script(verdict("needs_revision", "no", tests="no tests")), cap=1, idle=0),
            thread_id(),
        )
        assert (await handle.result()).status == "max_iterations_reached"
        tid = handle.thread_id

        def look():
            from selenium.webdriver.common.by import By

            browser.get(f"{ui.url}/?token={TOKEN}")
            browser.get(f"{ui.url}/thread?id={tid}")
            settled(browser)
            return browser.find_elements(By.CSS_SELECTOR, "#actions form"), text_of(browser, "#closed")

        forms, closed = await asyncio.to_thread(look)
        assert forms == []
        assert "This thread is closed (max_iterations_reached)" in closed
        async with httpx.AsyncClient(base_url=ui.url, timeout=WAIT_S, cookies={"rubricflow_ui": TOKEN}) as web:
            page = await web.get(f"/thread?id={tid}")
            csrf = csrf_for(TOKEN)
            for action, data in (
                ("approve", {}),
                ("reject", {"feedback": "more tests"}),
                ("extend", {"iterations": "2"}),
            ):
                answer = await web.post(f"/thread/{action}", data={"id": tid, "csrf": csrf, **data})
                assert answer.status_code == 409, (action, answer.text[:300])
                assert f"{action} refused: thread {tid} is closed (max_iterations_reached)" in answer.text
        assert page.status_code == 200

    async def test_every_link_and_form_answers_with_a_page_never_a_server_error(
        self, client, task_queue, worker, script, ui
    ):
        rf = Rubricflow(client, task_queue)
        closed = [
            await rf.start(thread(script("a1"), script(verdict("satisfied", "ok", tests=True)), idle=0), thread_id()),
            await rf.start(
                thread(script("a2"), script(verdict("needs_revision", "no", tests="none")), cap=1, idle=0),
                thread_id(),
            ),
            await rf.start(thread(script("a3"), script(verdict("failed", "cannot grade this")), idle=0), thread_id()),
        ]
        for handle in closed:
            await handle.result()
        awaiting = thread_id()  # open, out of passes: approve and extend apply, reject does not
        await rf.start(
            thread(script("b1", "b2"), script(verdict("needs_revision", "no", tests="none")), cap=1, idle=600),
            awaiting,
        )
        await until(lambda: progress_is(rf, awaiting, "max_iterations_reached"), "the run out of passes")
        batches, done, paused = Batches(rf), f"b-{uuid.uuid4().hex[:8]}", f"b-{uuid.uuid4().hex[:8]}"
        await run_batch(batches, done, batch_settings(script, done, batch_items(2), 2), batch_items(2))
        await batches.start(paused, batch_settings(script, paused, batch_items(2), 2))
        await batches.control(paused, "pause")  # resume and cancel are its page's forms
        async with httpx.AsyncClient(base_url=ui.url, timeout=WAIT_S, cookies={"rubricflow_ui": TOKEN}) as web:
            refusals = {
                "/?status=bogus": 400,
                "/thread?id=": 400,
                "/thread/events?id=": 400,
                "/thread/live?id=": 400,
                "/thread?id=no-such-thread": 404,
                "/batch?name=": 400,
                "/batch?name=no-such-batch": 404,
                "/batches/compare?a=nope&b=nada": 400,
                "/no/such/page": 404,
            }
            for url, code in refusals.items():
                answer = await web.get(url)
                assert answer.status_code == code, (url, answer.status_code, answer.text[:300])
                assert 'class="error"' in answer.text and "Traceback" not in answer.text, url
            csrf = csrf_for(TOKEN)
            reject = await web.post("/thread/reject", data={"id": awaiting, "csrf": csrf, "feedback": "more"})
            assert reject.status_code == 409
            assert "reject refused: the grading run has used all 1 iterations" in reject.text
            extend = await web.post("/thread/extend", data={"id": awaiting, "csrf": csrf, "iterations": "abc"})
            assert extend.status_code == 400
            assert "extend refused: more passes: give a whole number" in extend.text and "--" not in extend.text
            ours = (*(h.thread_id for h in closed), awaiting, f"{done}/", f"{paused}/")
            seen = await crawl(web, ["/", "/batches", *(f"/thread/events?id={h.thread_id}" for h in closed)], ours)
        assert all(code < 500 or code == 503 for code in seen.values())
        print(f"crawled {len(seen)} requests: {sorted(set(seen.values()))} statuses")
        posted = {key.split(" ")[1] for key in seen if key.startswith("post ")}
        assert {"/thread/approve", "/thread/extend", "/batch/resume", "/batch/cancel"} <= posted, posted
        assert "/thread/reject" not in posted, "reject is not offered to a run out of passes"
        assert sum("/thread?id=" in key for key in seen) >= 6  # the threads above and the batch's items
        assert any(key.startswith("get /batches/compare") for key in seen)
        await rf.cancel(awaiting)
        if (await batches.status(paused)).phase != "cancelled":
            await batches.control(paused, "cancel")


async def test_a_thread_no_worker_answers_for_is_a_page_that_says_so(client, task_queue, ui):
    unserved = Rubricflow(client, f"{task_queue}-no-worker")
    handle = await unserved.start(RunInput(message="x", agent=AgentSettings(model="scripted:/nowhere")), thread_id())
    async with httpx.AsyncClient(base_url=ui.url, timeout=WAIT_S) as web:
        page = await web.get(f"/thread?id={handle.thread_id}")
    assert page.status_code == 503
    assert "state could not be read: its progress query needs a worker" in page.text
    await unserved.cancel(handle.thread_id)


def csrf_for(token: str) -> str:
    """The CSRF token a page with `token` carries in its forms."""
    from rubricflow.ui.security import Guard

    return Guard(token, open_reads=True).csrf


async def progress_is(rf: Rubricflow, tid: str, status: str) -> bool:
    return (await rf.progress(tid)).status == status


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
            settled(browser)
            shown, gap = text_of(browser, "pre.answer-text"), matrix(browser)[1]["tests"][0][1]
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

    @pytest.mark.parametrize("token", ["x", "password", "aaaaaaaaaaaaaaaaaaaaaaaa"])
    def test_a_weak_token_is_refused_in_words_before_serving(self, monkeypatch, capsys, token):
        from rubricflow.cli import main

        monkeypatch.delenv("RUBRICFLOW_UI_TOKEN", raising=False)
        assert main(["ui", "--port", "0", "--token", token]) == 2
        err = capsys.readouterr().err
        assert "--token is too weak to guard the web view: use at least 16 characters" in err
        assert "Traceback" not in err
        monkeypatch.setenv("RUBRICFLOW_UI_TOKEN", token)
        assert main(["ui", "--port", "0"]) == 2
        assert "RUBRICFLOW_UI_TOKEN is too weak" in capsys.readouterr().err

    async def test_a_foreign_host_reads_nothing_and_every_answer_carries_the_security_headers(
        self, client, task_queue, worker, script, ui
    ):
        rf = Rubricflow(client, task_queue)
        handle = await rf.start(
            thread(script("the secret answer"), script(verdict("satisfied", "ok", tests=True)), idle=0), thread_id()
        )
        assert (await handle.result()).status == "satisfied"
        tid = handle.thread_id
        async with httpx.AsyncClient(base_url=ui.url, timeout=WAIT_S) as web:
            for path in ("/", f"/thread?id={tid}", f"/thread/events?id={tid}", "/batches"):
                for host in (f"evil.example:{ui.port}", "evil.example", f"127.0.0.1.evil.example:{ui.port}"):
                    refused = await web.get(path, headers={"Host": host})
                    assert refused.status_code == 400, (path, host)
                    assert "the secret answer" not in refused.text and tid not in refused.text
                    assert refused.headers["content-security-policy"].startswith("default-src 'none'")
            for host in (f"127.0.0.1:{ui.port}", f"localhost:{ui.port}"):
                page = await web.get(f"/thread?id={tid}", headers={"Host": host})
                assert page.status_code == 200 and "the secret answer" in page.text
            missing = await web.get("/no/such/page")
            assert missing.status_code == 404 and "not found" in missing.text
            for answer in (missing, await web.get("/static/nope.js")):
                assert answer.headers["content-security-policy"].startswith("default-src 'none'")
                assert answer.headers["x-content-type-options"] == "nosniff"
        REPORT.refuse("web view request under a foreign Host")
        proxied = await start_ui(client, task_queue, "--allowed-host", "rubricflow.example")
        try:
            async with httpx.AsyncClient(base_url=proxied.url, timeout=WAIT_S) as web:
                assert (await web.get("/", headers={"Host": "rubricflow.example"})).status_code == 200
                assert (await web.get("/", headers={"Host": "evil.example"})).status_code == 400
        finally:
            await stop(proxied)
