"""`rubricflow ui`: a small web view of threads and batches, for people.

Served by the client side only: it imports the contract (`rubricflow.workflows`), the
client (`rubricflow.client`, `rubricflow.batch_client`, `rubricflow.batch_report`) and
what both fronts share (`rubricflow.listing`, `rubricflow.prices`); never LangChain,
`rubricflow.activities`, the worker, or the CLI (which runs this as its own program,
`python -m rubricflow.ui`).

Modules: `main` (the program: options, token, socket), `server` (the app, its guards and
error pages), `pages` (templates and answers every page shares), `threads` and `batches`
(their routes), `view` (what a thread page shows, from its `Progress`), `forms` (forms into
the client's typed inputs), `live` (one reader of a thread's events per process, fanned
out to its tabs), `security` (token, cookie, CSRF, allowed hosts, headers), `templates/`
(Jinja2, autoescaped: every value a run holds is untrusted text), `static/`.
"""
