"""The commands: each takes the parsed arguments and a stream, and returns an exit code."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from temporalio.client import WorkflowExecutionStatus

from rubricflow.ask_workers import check_of
from rubricflow.cli.demo import cmd_demo
from rubricflow.cli.exits import (
    EXIT_NOT_SATISFIED,
    EXIT_OK,
    exit_code,
)
from rubricflow.cli.follow import Follower, final_state, follow, replay_closed, say_outage
from rubricflow.cli.inputs import (
    BadInput,
    build_run_input,
    extra_budget,
    grading_settings,
    iterations,
    read_text_arg,
    seconds,
    whole_flag,
)
from rubricflow.cli.render import (
    criterion_note,
    evidence_lines,
    pass_of,
    render_counts,
    render_final,
    render_list,
    render_tools,
    result_json,
    verdict_word,
    write_json,
)
from rubricflow.cli.serve import (
    worker_doctor,
    worker_tools,
)
from rubricflow.cli.servers import cmd_codec_server, cmd_dev, cmd_ui, cmd_worker
from rubricflow.cli.workers import preflight, warn_without_workers, with_worker_prices
from rubricflow.client import (
    CLOSED_STATUSES,
    Rubricflow,
    RunFailed,
    ThreadStuck,
    check_input,
)
from rubricflow.prices import price_table, usage_line, with_prices
from rubricflow.workflows.types import (
    DEFAULT_MAX_ITERATIONS,
    AgentSettings,
    ApproveInput,
    ExtendInput,
    GraderSettings,
    RejectInput,
    RunInput,
    SubmitInput,
)


async def cmd_run(args: argparse.Namespace, out: TextIO) -> int:
    run = await with_worker_prices(lambda prices: build_run_input(args, prices))
    check_input(run)
    rf = await Rubricflow.connect()
    answer = await preflight(rf, run)
    if answer is not None:
        run = with_prices(run, answer.prices)
    handle = await rf.start(run, args.thread)
    args.current_thread = handle.thread_id  # for the Ctrl-C line
    if not args.json:
        out.write(f"thread {handle.thread_id} started on task queue {rf.queue!r}\n")
        out.flush()
    return await follow(rf, handle.thread_id, args.json, out, run.grader.max_iterations if run.grader else None)


async def cmd_status(args: argparse.Namespace, out: TextIO) -> int:
    rf = await Rubricflow.connect()
    try:
        progress = await rf.progress(args.thread)
    except RunFailed as err:
        if args.json:
            write_json(result_json(None, args.thread, str(err), status=err.status), out)
        else:
            out.write(f"{err}\n")
        return EXIT_NOT_SATISFIED
    if args.json:
        write_json(result_json(progress), out)
    else:
        out.write(
            f"thread {progress.thread_id}: {progress.status} (phase {progress.phase}, "
            + render_counts(progress).partition("(")[2]
        )
        for e in progress.evaluations:
            out.write(f"  {pass_of(e.iteration, None)}: {e.result} - {e.explanation}\n")
            for c in e.criteria:
                if c.isolation or c.decided_by or c.votes or c.unverified:
                    kind = "check" if c.isolation else "criterion"
                    out.write(f"    {kind} {c.name}: {verdict_word(c)}{criterion_note(c)}\n")
                    out.write("".join(f"      {line}\n" for line in evidence_lines(c)))
        if progress.pending_review is not None:
            out.write(
                f"pending review: {progress.pending_review} (approve/reject decide on it; "
                f"--review {progress.pending_review} pins exactly this)\n"
            )
        out.write(usage_line(progress, price_table()))
        if progress.todos:
            out.write("todos:\n" + "".join(f"  [{t.status}] {t.content}\n" for t in progress.todos))
        if progress.files:
            out.write("files:\n" + "".join(f"  {f.path} ({f.size} bytes)\n" for f in progress.files))
        if progress.hooks_failed:
            out.write(f"hooks failed: {progress.hooks_failed} (see `rubricflow watch {progress.thread_id}`)\n")
        out.write(f"answer:\n{progress.answer or '(none yet)'}\n")
        if progress.best is not None:
            best = progress.best
            out.write(
                f"best answer (grading pass {best.iteration + 1}, {best.met} of {best.total} "
                f"criteria met):\n{best.answer or '(none)'}\n"
            )
    return EXIT_OK


async def cmd_files(args: argparse.Namespace, out: TextIO) -> int:
    """`rubricflow files THREAD [PATH]`: list a thread's files, or print one."""
    from rubricflow.workflows.files import file_path

    files = await (await Rubricflow.connect()).files(args.thread)
    if args.path is None:
        for path, data in sorted(files.items()):
            out.write(f"{path}\t{data.size} bytes\n")
        if not files:
            out.write(f"thread {args.thread} has no files\n")
        return EXIT_OK
    try:
        path = file_path(args.path)
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    if path not in files:
        raise BadInput(f"thread {args.thread} has no file {path}; its files: {', '.join(sorted(files)) or '(none)'}")
    out.write(files[path].content)
    return EXIT_OK


async def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    limit = whole_flag(args.limit, "--limit", 1, 1000)
    rf = await Rubricflow.connect()
    rows = await rf.list(limit, args.status)
    if args.json:
        write_json([row.model_dump(mode="json") for row in rows], out)
    else:
        render_list(rows, out)
    return EXIT_OK


async def cmd_send(args: argparse.Namespace, out: TextIO) -> int:
    rubric = read_text_arg(args.rubric, "rubric") if args.rubric is not None else None
    grader = None
    if args.grader_model or args.max_iterations is not None or grading_settings(args):
        if not args.grader_model:
            raise BadInput("--max-iterations and grading flags with send need --grader-model")
        grader = GraderSettings(
            model=args.grader_model,
            max_iterations=iterations(args.max_iterations) if args.max_iterations else DEFAULT_MAX_ITERATIONS,
            **grading_settings(args),
        )
    message = SubmitInput(message=read_text_arg(args.message, "message"), rubric=rubric, grader=grader)
    args.current_thread = args.thread  # for the Ctrl-C line
    start = None
    if args.model:
        # Create the thread if it does not exist yet (update-with-start).
        start = RunInput(
            agent=AgentSettings(model=args.model),
            grader=grader,
            idle_timeout_s=seconds(args.idle_timeout, "--idle-timeout"),
        )
        check_input(start.model_copy(update={"rubric": rubric}))
    rf = await Rubricflow.connect()
    await warn_without_workers(rf)
    if start is not None or grader is not None or rubric is not None:
        await preflight(rf, check_of(start.agent if start else None, grader), {"the rubric": rubric})
    if args.no_wait:
        await rf.send(args.thread, message)
        out.write(f"queued on thread {args.thread}; follow it with `rubricflow watch {args.thread}`\n")
        return EXIT_OK
    progress = await rf.submit(args.thread, message, start)
    if args.json:
        write_json(result_json(progress), out)
    else:
        for e in progress.evaluations[-3:]:
            out.write(f"  {pass_of(e.iteration, None)}: {e.result} - {e.explanation}\n")
        render_final(progress, out)
    return exit_code(progress.status)


async def _update(out: TextIO, call: Any) -> int:
    rf = await Rubricflow.connect()
    progress = await call(rf)  # a refusal raises RunRefused: exit 2 with its reason
    out.write(render_counts(progress))
    return EXIT_OK


async def cmd_pause(args: argparse.Namespace, out: TextIO) -> int:
    return await _update(out, lambda rf: rf.pause(args.thread))


async def cmd_resume(args: argparse.Namespace, out: TextIO) -> int:
    return await _update(out, lambda rf: rf.resume(args.thread))


async def cmd_approve(args: argparse.Namespace, out: TextIO) -> int:
    review = ApproveInput(reviewer=args.reviewer, note=args.note or "", review=args.review)
    return await _update(out, lambda rf: rf.approve(args.thread, review))


async def cmd_reject(args: argparse.Namespace, out: TextIO) -> int:
    review = RejectInput(feedback=read_text_arg(args.feedback, "feedback"), reviewer=args.reviewer, review=args.review)
    return await _update(out, lambda rf: rf.reject(args.thread, review))


async def cmd_extend(args: argparse.Namespace, out: TextIO) -> int:
    extra = extra_budget(args)
    if args.iterations is None and not extra:
        raise BadInput("extend needs --iterations N, or more budget: --extra-tokens, --extra-cost, --extra-wall")
    more = ExtendInput(
        iterations=iterations(args.iterations, "--iterations") if args.iterations is not None else 0, **extra
    )
    return await _update(out, lambda rf: rf.extend(args.thread, more))


async def cmd_cancel(args: argparse.Namespace, out: TextIO) -> int:
    await (await Rubricflow.connect()).cancel(args.thread)
    out.write(f"cancellation requested for thread {args.thread}\n")
    return EXIT_OK


async def cmd_watch(args: argparse.Namespace, out: TextIO) -> int:
    """Follow a thread's events (from offset 0 by default) until it closes; a closed
    thread's events are replayed, then how it ended."""
    rf = await Rubricflow.connect()
    args.current_thread = args.thread
    description = await rf.describe(args.thread)  # ThreadNotFound: exit 2
    stuck = await rf.stuck(args.thread, description)
    if stuck is not None:
        raise ThreadStuck(stuck)
    follower = Follower(rf, args.thread, out)
    last = None

    async def take_events() -> None:
        nonlocal last
        with follower.live():
            async for event in rf.events(args.thread, args.from_offset, follow=True, on_outage=say_outage):
                follower.event(event)
                last = event.status if event.type == "run_end" else last

    if description.status == WorkflowExecutionStatus.RUNNING:
        await follower.watching(take_events())
        description = await rf.describe(args.thread)
    else:
        await replay_closed(rf, args.thread, take_events())
    if description.status in CLOSED_STATUSES:
        return await final_state(rf, args.thread, False, out)  # says failed/cancelled/... and why
    progress = await rf.progress(args.thread)
    out.write(f"thread {args.thread} closed: {progress.status}\n")
    return exit_code(last or progress.status)


async def cmd_completion(args: argparse.Namespace, out: TextIO) -> int:
    """A shell completion script (argcomplete's), for `eval "$(rubricflow completion bash)"`."""
    import argcomplete

    out.write(argcomplete.shellcode(["rubricflow"], shell=args.shell))
    return EXIT_OK


async def cmd_tools(args: argparse.Namespace, out: TextIO) -> int:
    """`rubricflow tools`: what a worker started here offers, listed by a worker process
    (built-in, entry-point and MCP tools: the CLI itself never loads a tool)."""
    rows = await worker_tools()
    if args.json:
        write_json(rows, out)
    else:
        render_tools(rows, out)
    return EXIT_OK


async def cmd_doctor(args: argparse.Namespace, out: TextIO) -> int:
    """`rubricflow doctor`: the providers a worker started here can build, the key
    variables it sees (names only), its model profiles and their problems; exit 1 when a
    profile has one."""
    report = await worker_doctor()
    problems = any(row["problems"] for row in report["profiles"])
    if args.json:
        write_json(report, out)
        return EXIT_NOT_SATISFIED if problems else EXIT_OK
    out.write("providers this worker can build: " + ", ".join(report["providers"]) + "\n")
    for provider, extra in report["extras"].items():
        if not extra["installed"]:
            out.write(f"  {provider}: not installed (pip install '{extra['extra']}')\n")
    out.write(
        "key variables: "
        + ", ".join(f"{name} {'set' if seen else 'not set'}" for name, seen in report["keys"].items())
        + "\n"
    )
    if report["profiles_file"] is None:
        out.write("model profiles: none (set RUBRICFLOW_MODELS to a TOML file of [models.NAME])\n")
    else:
        out.write(f"model profiles ({report['profiles_file']}):\n")
    for row in report["profiles"]:
        where = f" at {row['base_url']}" if row["base_url"] else ""
        state = "; ".join(row["problems"]) if row["problems"] else "ok"
        out.write(f"  profile:{row['name']}: {row['model']}{where}, {row['structured_output']}: {state}\n")
    return EXIT_NOT_SATISFIED if problems else EXIT_OK


COMMANDS = {
    "ui": cmd_ui,
    "run": cmd_run,
    "tools": cmd_tools,
    "doctor": cmd_doctor,
    "send": cmd_send,
    "pause": cmd_pause,
    "resume": cmd_resume,
    "approve": cmd_approve,
    "reject": cmd_reject,
    "extend": cmd_extend,
    "cancel": cmd_cancel,
    "watch": cmd_watch,
    "codec-server": cmd_codec_server,
    "status": cmd_status,
    "files": cmd_files,
    "progress": cmd_status,
    "completion": cmd_completion,
    "list": cmd_list,
    "worker": cmd_worker,
    "dev": cmd_dev,
    "demo": cmd_demo,
}
