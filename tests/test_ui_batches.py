"""The web view's batch pages, in headless chromium, against real batches of scripted
items (the browser, the view's process and their helpers are tests/test_ui.py's)."""

from __future__ import annotations

import asyncio
import os
import uuid

import httpx

from rubricflow.batch_client import Batches, dataset_digest
from rubricflow.client import Rubricflow
from rubricflow.workflows.batch_types import BatchItem, BatchSettings
from rubricflow.workflows.types import AgentSettings, GraderSettings, ModelPrice
from tests.helpers import verdict
from tests.test_batch import RUBRIC, items, run_batch, settings
from tests.test_ui import TOKEN, WAIT_S, browser, every, text_of, ui, wait_for  # noqa: F401 - fixtures

__all__ = ["browser", "ui"]


def revising_settings(script, name: str, dataset: list[BatchItem]) -> BatchSettings:
    """Every item: a draft the grader sends back once, then a revision it accepts; each
    call reports tokens, and the run's prices make them a cost."""
    used = {"usage": {"input_tokens": 1200, "output_tokens": 300}}
    agent = script({"content": "a draft", **used}, {"content": "an answer [1]", **used})
    grader = script(
        {**verdict("needs_revision", "no source", **{"cites a source": "no citation", "under 50 words": True}), **used},
        {**verdict("satisfied", "ok", **{"cites a source": True, "under 50 words": True}), **used},
    )
    price = ModelPrice(input_usd_per_mtok=2.5, output_usd_per_mtok=10.0)
    return BatchSettings(
        name=name,
        rubric=RUBRIC,
        agent=AgentSettings(model=agent),
        grader=GraderSettings(model=grader, max_iterations=3, prices={agent: price, grader: price}),
        concurrency=2,
        total=len(dataset),
        digest=dataset_digest(dataset),
    )


async def test_a_batch_of_20_items_shows_live_counts_and_pauses_and_resumes(
    client, task_queue, worker, script, ui, browser
):
    from selenium.webdriver.common.by import By

    dataset = items(20)
    batches = Batches(Rubricflow(client, task_queue))
    name = f"b-{uuid.uuid4().hex[:8]}"
    await batches.start(name, revising_settings(script, name, dataset))

    def pause():
        browser.get(f"{ui.url}/?token={TOKEN}")  # the token's cookie: the controls show
        browser.get(f"{ui.url}/batches")
        wait_for(browser, lambda b: b.find_element(By.LINK_TEXT, name)).click()
        wait_for(browser, lambda b: b.find_element(By.ID, "pause")).click()
        wait_for(browser, lambda b: b.find_element(By.ID, "phase").text == "paused")
        return every(browser, "#counts button", "id")

    assert await asyncio.to_thread(pause) == ["resume", "cancel"]
    fed = await batches.feed(name, dataset)  # every item is in; none starts while the batch is paused
    assert (fed.phase, fed.started, fed.queued) == ("paused", 0, 20)

    def resume_and_watch():
        wait_for(browser, lambda b: b.find_element(By.ID, "count-queued").text == "20 queued")  # redrawn live
        browser.find_element(By.ID, "resume").click()
        wait_for(browser, lambda b: b.find_element(By.ID, "phase").text in ("running", "done"))
        browser.execute_script("window.drawnOnce = 'this page'")
        wait_for(browser, lambda b: b.find_element(By.ID, "progress-text").text.startswith("20 of 20 ended"))
        wait_for(browser, lambda b: len(b.find_elements(By.CSS_SELECTOR, "#item-rows a")) == 20)
        wait_for(
            browser, lambda b: b.execute_script("const i = document.querySelector('img.plot'); return i && i.complete")
        )
        shot = os.environ.get("RUBRICFLOW_UI_BATCH_SCREENSHOT")
        if shot:  # docs/ui-batch.png: tall enough for the counts, the plot and the first items
            browser.set_window_size(1280, 1500)
            browser.save_screenshot(shot)
            browser.set_window_size(1280, 1000)
        seen = {
            "phase": text_of(browser, "#phase"),
            "pass rate": text_of(browser, "#pass-rate"),
            "cost": text_of(browser, "#cost"),
            "criteria": text_of(browser, "#criteria"),
            "links": sorted(every(browser, "#item-rows a", "href")),
            "marker": browser.execute_script("return window.drawnOnce"),
            "plot": browser.execute_script("const i = document.querySelector('img.plot'); return i && i.naturalWidth"),
        }
        browser.find_element(By.CSS_SELECTOR, "#item-status option[value='satisfied']").click()
        browser.find_element(By.CSS_SELECTOR, "#items form button").click()
        wait_for(browser, lambda b: "status=satisfied" in b.current_url)
        seen["filtered"] = len(browser.find_elements(By.CSS_SELECTOR, "#item-rows a"))
        return seen

    seen = await asyncio.to_thread(resume_and_watch)
    assert seen["marker"] == "this page", "the counts and items were redrawn in place, not by a reload"
    assert seen["phase"] == "done" and seen["pass rate"] == "100.0%"
    assert "cites a source 100.0% 20 / 20" in seen["criteria"]
    assert seen["cost"] == "$0.4800"  # 20 items x 2 passes x (agent + grader) x $0.006
    assert seen["links"] == sorted(f"{ui.url}/thread?id={name}/{item.id}" for item in dataset)
    assert seen["plot"] and seen["plot"] > 100, "the report's plot was drawn"
    assert seen["filtered"] == 20
    final = await batches.status(name)
    assert (final.phase, final.done, final.started) == ("done", 20, 20)


async def test_two_batches_side_by_side(client, task_queue, worker, script, ui):
    batches = Batches(Rubricflow(client, task_queue))
    names = [f"b-{uuid.uuid4().hex[:8]}" for _ in range(2)]
    for name, size in zip(names, (2, 3), strict=True):
        dataset = items(size)
        await run_batch(batches, name, settings(script, name, dataset, concurrency=2), dataset)
    async with httpx.AsyncClient(base_url=ui.url, timeout=WAIT_S) as web:
        listing = await web.get("/batches")
        page = await web.get("/batches/compare", params={"a": names[0], "b": names[1]})
        plot = await web.get("/batch/plot.png", params={"name": names[0], "compare": names[1]})
    assert all(name in listing.text for name in names) and 'id="compare"' in listing.text
    assert page.status_code == 200
    assert "cites a source" in page.text and "+0.0 pts" in page.text
    assert plot.status_code == 200 and plot.content[:8] == b"\x89PNG\r\n\x1a\n"
