// The web view's live parts. Every value from an event is set as text (textContent); the
// parts swapped into a page are this server's own escaped HTML (fetched from it), parsed
// inert (DOMParser runs no script) and never built from an event's fields.
"use strict";

const REDRAW_ON = new Set(["agent_turn_end", "rubric_evaluation_end", "run_end", "hook_failed"]);

function describe(event) {
  const parts = ["#" + event.offset, event.type];
  if (event.type === "run_end") {
    // run_end carries the passes the run spent; the other events a pass's zero-based number.
    if (event.iteration !== undefined) parts.push("after " + event.iteration + " grading pass(es)");
  } else if (event.iteration !== undefined) {
    parts.push("pass " + (event.iteration + 1));
  }
  for (const key of ["result", "status", "hook", "explanation"]) {
    if (event[key] !== undefined) parts.push(String(event[key]));
  }
  return parts.join(" · ");
}

// Replace each `data-part` of `root` by the same part of `fresh`; a part whose `data-v` is
// unchanged (the review forms) stays, so nothing typed into it is lost; open answers stay open.
function swapParts(root, fresh) {
  for (const part of fresh.querySelectorAll("[data-part]")) {
    const old = root.querySelector("#" + CSS.escape(part.id));
    if (!old || (old.dataset.v !== undefined && old.dataset.v === part.dataset.v)) continue;
    for (const details of part.querySelectorAll("details[id]")) {
      const before = old.querySelector("#" + CSS.escape(details.id));
      if (before) details.open = before.open;
    }
    old.replaceWith(document.importNode(part, true));
  }
}

// Fetch `url` and swap its parts into `root`. A call made while one runs is answered by one
// more fetch after it (shared by every call made meanwhile); each call's promise resolves
// once a fetch that started after the call has been swapped in.
function redrawer(root, url) {
  let running = null;
  let queued = null;
  async function once() {
    try {
      const response = await fetch(url(), { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) return null;
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      swapParts(root, fresh);
      return fresh;
    } catch (error) {
      return null;
    }
  }
  function redraw() {
    if (!running) {
      running = once().finally(() => { running = null; });
      return running;
    }
    if (!queued) queued = running.then(() => { queued = null; return redraw(); });
    return queued;
  }
  return redraw;
}

function followThread(list, live) {
  const state = document.getElementById("live-state");
  const redraw = redrawer(live, () => live.dataset.liveUrl);
  const source = new EventSource("/thread/events?id=" + encodeURIComponent(list.dataset.thread));
  source.addEventListener("open", () => { state.textContent = "live"; });
  source.addEventListener("run", (message) => {
    const event = JSON.parse(message.data);
    const item = document.createElement("li");
    item.textContent = describe(event);
    list.appendChild(item);
    if (REDRAW_ON.has(event.type)) redraw();
  });
  source.addEventListener("problem", (message) => {
    const item = document.createElement("li");
    item.textContent = "events: " + JSON.parse(message.data);
    list.appendChild(item);
  });
  source.addEventListener("end", () => {
    source.close();
    redraw().then(() => { state.textContent = "ended"; });
  });
  source.addEventListener("error", () => {
    if (source.readyState !== EventSource.CLOSED) state.textContent = "reconnecting";
  });
}

// A batch's counts every few seconds while it runs (queries: nothing is written to its
// history); its items again whenever the counts moved.
function followBatch(root) {
  const every = Number(root.dataset.every || 2000);
  const counts = redrawer(root, () => root.dataset.refresh);
  const items = redrawer(root, () => root.dataset.refresh + "&items=1");
  async function tick() {
    const before = root.querySelector("#counts");
    const version = before ? before.dataset.seen : null;
    const fresh = await counts();
    const after = root.querySelector("#counts");
    if (fresh && after && after.dataset.seen !== version) await items();
    if (!fresh || !fresh.querySelector("[data-final]")) setTimeout(tick, every);
  }
  setTimeout(tick, every);
}

document.addEventListener("DOMContentLoaded", () => {
  const list = document.getElementById("events");
  const live = document.getElementById("live");
  if (list && live) followThread(list, live);
  const batch = document.getElementById("batch-live");
  if (batch && !batch.querySelector("[data-final]")) followBatch(batch);
  if (document.body.dataset.live === "list") {
    setTimeout(() => { if (!document.hidden) location.reload(); }, 10000);
  }
});
