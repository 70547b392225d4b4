"""`rubricflow ui`: a small web view of threads and their criteria, for people.

Served by the client side only: it imports the contract (`rubricflow.workflows`) and
`rubricflow.client`, never LangChain, `rubricflow.activities` or the worker.

Modules: `view` (what a page shows, computed from a thread's `Progress`: the criteria x
passes matrix, each pass's answer and its diff), `security` (the token, its cookie and
the CSRF token every action carries), `server` (the Starlette routes, the event stream and
`serve`), `templates/` (Jinja2, autoescaped: every value a run holds is untrusted text).
"""
