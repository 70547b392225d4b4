// The thread page's live events (server-sent events) and the list's refresh. Every value
// from the server is set as text (textContent), never as HTML.
"use strict";

function followEvents(list) {
  const known = new Set(JSON.parse(list.dataset.known || "[]"));
  const source = new EventSource("/thread/events?id=" + encodeURIComponent(list.dataset.thread));
  source.addEventListener("run", (message) => {
    const event = JSON.parse(message.data);
    const parts = ["#" + event.offset, event.type];
    if (event.iteration !== undefined) parts.push("pass " + (event.iteration + 1));
    for (const key of ["result", "status", "hook", "explanation"]) {
      if (event[key] !== undefined) parts.push(String(event[key]));
    }
    const item = document.createElement("li");
    item.textContent = parts.join(" · ");
    list.appendChild(item);
    const key = event.grading_run_id + ":" + event.iteration;
    const newPass = event.type === "rubric_evaluation_end" && !known.has(key);
    if (newPass) document.getElementById("moved").hidden = false;
  });
  source.addEventListener("problem", (message) => {
    const item = document.createElement("li");
    item.textContent = "events: " + JSON.parse(message.data);
    list.appendChild(item);
  });
  source.addEventListener("end", () => source.close());
}

document.addEventListener("DOMContentLoaded", () => {
  const list = document.getElementById("events");
  if (list) followEvents(list);
  if (document.body.dataset.live === "list") {
    setTimeout(() => { if (!document.hidden) location.reload(); }, 10000);
  }
});
