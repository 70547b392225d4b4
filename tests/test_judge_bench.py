"""The judge benchmark: its labelled set is balanced and its truth is code; its figures add up."""

from __future__ import annotations

import ast
import itertools
import json
import math
import random
import re
import shutil
import sqlite3
import subprocess
import sys
from collections import Counter
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from benchmarks import judge_cases
from benchmarks.families import (
    FAMILIES,
    absence_request,
    accessibility_audit,
    acrostic_poem,
    action_items,
    agm_notice,
    allergen_menu,
    api_docs,
    arithmetic,
    asset_register,
    babysitter_note,
    bank_reconciliation,
    beehive_inspection,
    behaviour,
    bibliography,
    bike_repair,
    bill_of_materials,
    bin_day_changes,
    bird_count,
    boat_charter,
    boiler_service,
    book_club_schedule,
    bug_report,
    calibration_certificate,
    car_boot_booking,
    car_hire,
    celebration_cake,
    changelog_entry,
    childminder_diary,
    chimney_sweep,
    choir_ticket_order,
    chore_chart,
    cli_readme,
    clinic_letter,
    code_of_conduct,
    code_review,
    code_style,
    commit_message,
    comparison_table,
    concert_programme,
    conference_schedule,
    course_syllabus,
    cover_letter,
    crontab,
    csv_export,
    data_dictionary,
    dates_units,
    dental_estimate,
    deposit_return,
    deprecation_notice,
    dns_zone,
    dockerfile,
    dog_grooming,
    donation_receipt,
    driving_lesson,
    dunning_letter,
    electricity_bill,
    email,
    env_file,
    event_budget,
    exam_timetable,
    exhibit_label,
    expense_split,
    faq_page,
    fenced,
    fete_stall_plan,
    fixture_list,
    flight_booking,
    fun_run_results,
    garden_plot,
    git_log_summary,
    gitignore,
    glossary,
    grant_budget,
    hall_hire,
    holiday_club,
    holiday_let_guide,
    home_brew_log,
    hotel_group_booking,
    html_form,
    incident_update,
    install_guide,
    insurance_renewal,
    interview_guide,
    invoice,
    job_sheet,
    json_output,
    k8s_deployment,
    knitting_pattern,
    lab_procedure,
    lab_report,
    league_table,
    lesson_plan,
    library_overdue,
    limerick,
    litter_pick,
    loan_schedule,
    lost_property,
    makefile,
    match_report,
    medication_schedule,
    meeting_agenda,
    mileage_claim,
    model_railway_show,
    nginx_config,
    numbers,
    nutrition_label,
    onboarding_checklist,
    ordering,
    packing_list,
    parents_evening,
    parking_appeal,
    party_invitation,
    payslip,
    pet_boarding,
    pet_sitter_report,
    piano_tuning,
    planning_objection,
    plant_swap,
    planting_calendar,
    pond_water_test,
    postmortem,
    press_release,
    product_comparison,
    product_description,
    property_listing,
    purchase_order,
    pytest_file,
    python_class,
    quiz,
    raffle_draw,
    recipe,
    recipe_scaling,
    reference_letter,
    regex_answer,
    rehearsal_plan,
    release_notes,
    removals_quote,
    renovation_schedule,
    rent_increase,
    requirements_txt,
    research_abstract,
    room_bookings,
    route_card,
    runbook,
    sample_log,
    scarecrow_trail,
    school_newsletter,
    seating_plan,
    service_config,
    shell_script,
    shift_handover,
    shipping_quote,
    shopping_receipt,
    show_notes,
    social_post,
    spec_sheet,
    sponsor_form,
    sprint_retro,
    sql,
    sql_migration,
    ssh_config,
    staff_rota,
    status_report,
    stock_take,
    substance,
    swim_report,
    systemd_unit,
    table_claims,
    talk_proposal,
    tenancy_inventory,
    terraform_module,
    test_plan,
    text,
    timesheet,
    train_timetable,
    travel_itinerary,
    trip_consent,
    ui_error_messages,
    uniform_swap,
    user_story,
    vaccination_record,
    veg_box,
    vehicle_service,
    venue_quote,
    verse,
    vet_discharge,
    warranty_claim,
    window_cleaning,
    word_problem,
    workout_plan,
    yaml_ci_pipeline,
)
from benchmarks.families.execute import AnswerCodeError, run_probes
from benchmarks.fresh_sets import (
    FRESH,
    FRESH2,
    FRESH3,
    FRESH4,
    FRESH5,
    FRESH6,
    FRESH7,
    FRESH8,
    FRESH9,
    FRESH10,
    FRESH11,
    FRESH12,
    FRESH13,
    FRESH14,
    FRESH15,
    FRESH16,
    FRESH17,
    FRESH18,
    FRESH19,
    FRESH20,
    FRESH21,
    FRESH22,
    FRESH23,
    FRESH24,
    FRESH25,
    FRESH26,
    FRESH27,
    FRESH28,
    FRESH29,
    FRESH30,
    FRESH31,
    FRESH32,
    FRESH33,
    FRESH34,
    FRESH35,
    FRESH36,
    FRESH37,
    FRESH38,
    FRESH39,
    FRESH40,
    FRESH41,
    FRESH42,
)
from benchmarks.judge import in_families, pick, score, select
from benchmarks.judge_cases import CASES, build_set
from benchmarks.labelled import (
    amount_on,
    clock,
    clocks,
    comment_first_names,
    converted,
    date_after,
    date_in,
    fenced_or_whole,
    first_figure,
    heading_of,
    heading_order,
    last_money,
    line_with,
    listed,
    moment,
    money,
    number_in,
    pipe_grids,
    priced_lines,
    section,
    slipped,
    spellings,
    swap_lines,
    swap_spans,
    weekday_matches,
    weekdays_right,
    word_count,
    working_days_after,
)
from benchmarks.labels import labels_file, labels_text

ROOT = Path(__file__).resolve().parents[1]
ALL = build_set("all")
NEW = build_set("new")
FRESH_SET = build_set("fresh")
FRESH_MODULES = (shell_script, quiz, product_description, csv_export)
FRESH2_SET = build_set("fresh2")
FRESH3_SET = build_set("fresh3")
FRESH4_SET = build_set("fresh4")
FRESH5_SET = build_set("fresh5")
FRESH6_SET = build_set("fresh6")
FRESH7_SET = build_set("fresh7")
FRESH8_SET = build_set("fresh8")
FRESH9_SET = build_set("fresh9")
FRESH10_SET = build_set("fresh10")
FRESH11_SET = build_set("fresh11")
FRESH12_SET = build_set("fresh12")
FRESH13_SET = build_set("fresh13")
FRESH14_SET = build_set("fresh14")
FRESH15_SET = build_set("fresh15")
FRESH16_SET = build_set("fresh16")
FRESH17_SET = build_set("fresh17")
FRESH18_SET = build_set("fresh18")
FRESH19_SET = build_set("fresh19")
FRESH20_SET = build_set("fresh20")
FRESH21_SET = build_set("fresh21")
FRESH22_SET = build_set("fresh22")
FRESH23_SET = build_set("fresh23")
FRESH24_SET = build_set("fresh24")
FRESH25_SET = build_set("fresh25")
FRESH26_SET = build_set("fresh26")
FRESH27_SET = build_set("fresh27")
FRESH28_SET = build_set("fresh28")
FRESH29_SET = build_set("fresh29")
FRESH30_SET = build_set("fresh30")
FRESH31_SET = build_set("fresh31")
FRESH32_SET = build_set("fresh32")
FRESH33_SET = build_set("fresh33")
FRESH34_SET = build_set("fresh34")
FRESH35_SET = build_set("fresh35")
FRESH36_SET = build_set("fresh36")
FRESH37_SET = build_set("fresh37")
FRESH38_SET = build_set("fresh38")
FRESH39_SET = build_set("fresh39")
FRESH40_SET = build_set("fresh40")
FRESH41_SET = build_set("fresh41")
FRESH42_SET = build_set("fresh42")

DOC = '```python\ndef f(xs: list) -> int:\n    """Return the count."""\n    return len(xs)\n```'
BARE = "```python\nimport numpy as np\n\ndef f(xs):\n    print(xs)\n    return len(xs)\n```"


class TestTheLabelledSet:
    def test_at_least_150_verdicts_about_half_unmet_over_code_and_prose(self):
        criteria = [c for case in CASES for c in case.criteria]
        assert len(criteria) >= 150
        unmet = sum(not c.met for c in criteria)
        assert 0.4 <= unmet / len(criteria) <= 0.6
        kinds = Counter(c.kind for c in criteria)
        assert {"docstring", "stdlib", "hints", "no_print"} <= set(kinds)  # code, by ast
        assert {"words_at_most", "sentences_exact", "items_exact", "prime"} <= set(kinds)  # prose, arithmetic
        assert len({case.id for case in CASES}) == len(CASES)

    def test_every_kind_has_met_and_unmet_cases(self):
        seen = Counter((c.kind, c.met) for case in CASES for c in case.criteria)
        for kind in {k for k, _ in seen}:
            assert seen[(kind, True)] and seen[(kind, False)], kind

    def test_the_truth_is_decided_by_code(self):
        assert judge_cases.truth_docstring(DOC) and not judge_cases.truth_docstring(BARE)
        assert judge_cases.truth_stdlib_only(DOC) and not judge_cases.truth_stdlib_only(BARE)
        assert judge_cases.truth_type_hints(DOC) and not judge_cases.truth_type_hints(BARE)
        assert judge_cases.truth_no_print(DOC) and not judge_cases.truth_no_print(BARE)
        assert judge_cases.is_prime(97) and not judge_cases.is_prime(91)
        assert judge_cases.word_count("one two three") == 3
        assert judge_cases.sentence_count("One. Two! Three?") == 3
        assert judge_cases.bullet_count("- a\n- b\n1. c\nplain") == 3

    def test_held_out_wordings_keep_the_answers_and_truths(self):
        held = judge_cases.build_cases("held_out")
        assert [c.answer for c in held] == [c.answer for c in CASES]
        assert [[x.met for x in c.criteria] for c in held] == [[x.met for x in c.criteria] for c in CASES]
        main_words = {x.text for c in CASES for x in c.criteria}
        assert not main_words & {x.text for c in held for x in c.criteria}

    def test_the_set_is_the_same_every_time(self):
        assert [c.answer for c in judge_cases.build_cases()] == [c.answer for c in CASES]

    def test_a_shorter_run_keeps_the_mix(self):
        picked = pick(CASES, 14)
        assert len(picked) == 14
        assert {c.id.split("-")[0] for c in picked} == {"code", "prose", "list", "number"}

    def test_a_shifted_sample_shares_no_case(self):
        first, second = pick(CASES, 14), pick(CASES, 14, shift=2)
        assert len(second) == 14 and not {c.id for c in first} & {c.id for c in second}
        with pytest.raises(ValueError, match="--shift must be from 0 to"):
            pick(CASES, 14, shift=len(CASES))

    def test_the_rest_is_what_no_shifted_sample_picks(self):
        step = int(len(CASES) / 13)  # 70 cases: steps of 5.38, so every shift leaves some
        samples = [{c.id for c in pick(CASES, 13, shift=k)} for k in range(step)]
        rest = {c.id for c in pick(CASES, 13, rest=True)}
        assert rest and not rest & set().union(*samples)
        assert rest | set().union(*samples) == {c.id for c in CASES}


class TestFigures:
    def test_rates_from_rows(self):
        rows = [
            {
                "seconds": 2.0,
                "tokens": 10,
                "error": False,
                "verdict_right": True,
                "criteria": [
                    {"kind": "k", "truth": True, "passed": True, "decided_by": "fact: x"},
                    {"kind": "k", "truth": False, "passed": True, "decided_by": None},
                ],
            },
            {
                "seconds": 4.0,
                "tokens": 30,
                "error": False,
                "verdict_right": False,
                "criteria": [
                    {"kind": "k", "truth": False, "passed": False, "decided_by": None},
                    {"kind": "j", "truth": True, "passed": False, "decided_by": None},
                ],
            },
        ]
        s = score(rows)
        assert s["criterion_accuracy"] == 0.5
        assert s["false_pass_rate"] == 0.5 and s["false_fail_rate"] == 0.5
        assert s["verdict_accuracy"] == 0.5
        assert s["seconds_per_pass_median"] == 3.0 and s["tokens_per_pass_median"] == 20
        assert s["decided_by_fact"] == 1
        assert s["by_kind"]["k"]["false_passes"] == 1


def test_a_grader_that_passes_everything_is_caught(tmp_path: Path):
    """Through real threads: a grader that says yes to every criterion scores every unmet
    criterion a false pass."""
    yes = tmp_path / "yes.json"
    yes.write_text(json.dumps({"responses": [{"structured": {"reason": "fine", "passed": True}}]}))
    out = tmp_path / "out"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks",
            "judge",
            "--model",
            f"scripted:{yes}",
            "--grading",
            "per_criterion",
            "--limit",
            "6",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads((out / "judge.json").read_text())
    (figures,) = report["results"].values()
    assert figures["cases"] == 6 and figures["unmet"] > 0
    assert figures["false_pass_rate"] == 1.0 and figures["false_fail_rate"] == 0.0
    assert (out / "judge.png").stat().st_size > 0
    assert "false+" in done.stdout
    assert sum(f["criteria"] for f in figures["by_family"].values()) == figures["criteria"]
    assert "unmet passed" in done.stdout


def test_a_slip_is_made_only_with_its_switch_off_and_one_that_finds_nothing_says_so():
    slips = [("cap", "within the cap", "over the cap"), ("date", "2026-03-01", "1 March")]
    text = "Spend stays within the cap; pay by 2026-03-01, within the cap."
    assert slipped(text, slips, {"cap": True, "date": True}, "budget") == text
    assert slipped(text, slips, {"cap": False, "date": True}, "budget") == (
        "Spend stays over the cap; pay by 2026-03-01, within the cap."
    )
    with pytest.raises(ValueError, match=r"budget: date finds no '2026-03-01'"):
        slipped("Pay by 1 March.", slips, {"cap": True, "date": False}, "budget")


def test_each_run_of_table_lines_is_a_grid_without_its_separator_row():
    answer = "Totals:\n\n| Team | **Pts** |\n|:---|--:|\n| Rovers | 22 |\n\nThen:\n| a | b |\n| c | d |\nEnd."
    assert pipe_grids(answer) == [[["Team", "Pts"], ["Rovers", "22"]], [["a", "b"], ["c", "d"]]]
    assert pipe_grids("No table here.") == []


def test_a_swap_slip_trades_a_line_with_the_next():
    text = "Receipt\nTape 2.00\nRoller 5.00\nTotal 7.00\n"
    switch, old, new = swap_lines(text, "Tape", "Roller")
    assert (switch, old, new) == ("order", "Tape 2.00\nRoller 5.00", "Roller 5.00\nTape 2.00")
    assert (
        slipped(text, [(switch, old, new)], {"order": False}, "receipt")
        == "Receipt\nRoller 5.00\nTape 2.00\nTotal 7.00\n"
    )
    assert swap_lines(text, "Tape", "Roller", "sorted")[0] == "sorted"
    with pytest.raises(ValueError, match="'Total' is not on the line after 'Tape'"):
        swap_lines(text, "Tape", "Total")


def test_a_swap_slip_trades_two_spans_that_meet():
    text = "## Equipment\nKit\n## Travel\nTrips\n## Overheads\n25%\n"
    switch, old, new = swap_spans(text, "## Equipment", "## Travel", "## Overheads")
    assert (switch, old) == ("order", "## Equipment\nKit\n## Travel\nTrips\n")
    assert new == "## Travel\nTrips\n## Equipment\nKit\n"


def test_a_document_is_its_first_fenced_block_or_the_whole_answer():
    assert fenced_or_whole("Here:\n```ini\nPORT=8080\n```\n```\nX=1\n```") == "PORT=8080\n"
    assert fenced_or_whole("PORT=8080\n") == "PORT=8080\n"


def test_a_line_s_amounts_are_read_after_a_currency_sign():
    assert money("Labour £1,240.50 | parts € 89 | 3 hours at 95.00") == [Decimal("1240.50"), Decimal("89")]
    assert money("No charge") == []


def test_a_first_comment_line_names_the_project_in_any_case():
    assert comment_first_names("\n# Tidyframe: build outputs\nbuild/\n", "tidyframe")
    assert not comment_first_names("build/\n# tidyframe\n", "tidyframe")
    assert not comment_first_names("# build outputs\nbuild/\n", "tidyframe")


def test_a_line_s_date_is_read_in_iso_or_in_words():
    assert date_in("Mon 2025-06-16, Hall A") == date(2025, 6, 16)
    assert date_in("Friday 13 Dec. 2024: 8.0 h") == date(2024, 12, 13)
    assert date_in("Wed 9 June 2025 then 2025-06-10") == date(2025, 6, 10)  # ISO first
    assert date_in("09:00 to 11:00, Biology") is None


def test_a_line_s_weekday_is_checked_against_its_date():
    assert weekday_matches("| Date | Thursday 19 March 2026 |")
    assert not weekday_matches("- Date: Friday, 2026-04-23")
    assert not weekday_matches("- Date: 2026-04-23")


def test_a_date_and_a_time_of_day_make_one_moment():
    assert moment(date(2026, 11, 4), 20 * 60) == datetime(2026, 11, 4, 20, 0)
    assert moment(None, 20 * 60) is None
    line = "- Free cancellation until 2:00 PM on Sunday, 2026-08-02."
    assert moment(date_in(line), clock(line)) == datetime(2026, 8, 2, 14)
    assert moment(date_in("- Fuel: full-to-full"), clock("- Fuel: full-to-full")) is None


def test_working_days_are_counted_monday_to_friday():
    assert working_days_after(date(2026, 4, 17), 1) == date(2026, 4, 20)  # Friday to Monday
    assert working_days_after(date(2025, 11, 4), 2) == date(2025, 11, 6)
    assert working_days_after(date(2025, 3, 18), 4) == date(2025, 3, 24)  # over a weekend


def test_a_line_s_times_of_day_are_read_in_minutes_after_midnight():
    times = ("| 13:30 |", "Check in at: 1:45 PM", "after 8:30 am;", "by 12:10 a.m.")
    assert [clock(t) for t in times] == [810, 825, 510, 10]
    assert clock("Date: Monday 20 April 2026") is None
    assert clocks("kickoff 9:00 AM · arrive 8:30 AM") == [540, 510]
    assert clocks("| 12:15 | 11:15 |") == [735, 675]


def test_the_line_with_some_words_is_found_in_any_case():
    assert (
        line_with("Total: £5\nDeductions: £40 for CLEANING\ncleaning again", "cleaning")
        == "Deductions: £40 for CLEANING"
    )
    assert line_with("Total: £5", "cleaning") == ""


def test_a_line_s_last_amount_is_read_or_none():
    assert last_money("| Rent now | $735.00 | $785.00 |") == Decimal("785.00")
    assert last_money("Total due: \u20ac1,204.50") == Decimal("1204.50")
    assert last_money("Reference IWR-0914-C") is None


def test_a_pattern_s_first_figure_is_read_as_written_or_none():
    grams = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*g\b")
    assert first_figure(grams, "Weigh 1,250.5 g, then 40 g more") == 1250.5
    assert first_figure(re.compile(r"(−?\d+)\s*°C"), "Works from −10 °C to 40 °C") == -10
    assert first_figure(grams, "Weigh it on the balance") is None


def test_each_named_line_gives_its_quantity_price_and_amount():
    answer = "| Item | Qty | Price | Amount |\n| Canapés 3 ways | 80 | £4.50 | £360.00 |\n- Valve 22mm x 2 @ $1,210.00 = $2,420.00"
    assert priced_lines(answer, ("Canapés 3 ways", "Valve 22mm")) == [
        (Decimal("80"), Decimal("4.50"), Decimal("360.00")),
        (Decimal("2"), Decimal("1210.00"), Decimal("2420.00")),
    ]
    assert priced_lines("- Valve: $12.00", ("Valve",)) is None
    assert priced_lines(answer, ("Flowers",)) is None


class TestTheFamilies:
    """The families beyond the menu: large enough, about half unmet each, labelled by code."""

    def test_at_least_300_new_criteria_every_family_at_least_30_and_40_to_60_percent_unmet(self):
        criteria = [c for case in NEW for c in case.criteria]
        assert len(criteria) >= 300
        by_family = Counter(c.family for c in criteria)
        unmet = Counter(c.family for c in criteria if not c.met)
        assert set(by_family) == set(FAMILIES)
        assert {
            "behaviour",
            "inline_numbers",
            "arithmetic",
            "substance",
            "prose_form",
            "verse",
            "negation",
        } <= set(by_family)
        for family, count in by_family.items():
            assert count >= 30, family
            assert 0.4 <= unmet[family] / count <= 0.6, (family, unmet[family], count)

    def test_every_criterion_has_a_family_and_a_text_of_its_own_within_its_answer(self):
        assert len({case.id for case in ALL}) == len(ALL)
        for case in ALL:
            texts = [c.text for c in case.criteria]
            assert len(set(texts)) == len(texts), case.id
            assert all(c.family and "\n" not in c.text for c in case.criteria), case.id
        menu = {c.family for case in CASES for c in case.criteria}
        assert menu == {f"menu:{kind}" for kind in ("docstring", "stdlib", "hints", "no_print")} | {
            f"menu:{kind}" for kind in ("words_at_most", "sentences_exact", "items_exact", "prime")
        }

    def test_each_new_family_keeps_to_its_own_answers(self):
        for case in NEW:
            assert len(case.families) == 1, case.id

    def test_the_sets_split_the_whole(self):
        assert [c.id for c in build_set("menu")] + [c.id for c in NEW] == [c.id for c in ALL]
        with pytest.raises(ValueError, match="unknown set"):
            build_set("some")

    def test_the_held_out_family_is_in_no_other_set_and_half_unmet(self):
        held = build_set("held")
        assert {c.id for c in held}.isdisjoint(c.id for c in ALL)
        for family in (
            "code_style",
            "email",
            "sql",
            "commit_message",
            "comparison_table",
            "action_items",
            "service_config",
            "release_notes",
            "recipe",
            "api_docs",
            "incident_update",
            "bug_report",
        ):
            truths = Counter(c.met for case in held for c in case.criteria if c.family == family)
            assert truths[True] == truths[False] == 24, family
        assert len(held) == 192

    def test_the_sets_run_alone_are_choices_and_the_fresh_ones_are_numbered_without_a_gap(self):
        from benchmarks.fresh_sets import ALONE

        assert set(judge_cases.SETS) == {"all", "menu", "new", *ALONE}
        numbers = sorted(int(name[5:] or 1) for name in ALONE if name.startswith("fresh"))
        assert numbers == list(range(1, len(numbers) + 1))

    def test_the_documents_tuning_families_are_in_no_other_set_and_half_unmet(self):
        docs = build_set("docs")
        assert {c.id for c in docs}.isdisjoint(c.id for c in [*ALL, *build_set("held")])
        for family in ("meeting_notes", "support_reply", "pr_description", "job_posting"):
            truths = Counter(c.met for case in docs for c in case.criteria if c.family == family)
            assert truths[True] == truths[False] == 24, family
        assert len(docs) == 64

    FRESH_SETS = {
        "fresh": (
            FRESH,
            ((shell_script, shell_script.JOBS), (quiz, quiz.TOPICS))
            + ((product_description, product_description.PRODUCTS), (csv_export, csv_export.EXPORTS)),
        ),
        "fresh2": (
            FRESH2,
            ((dockerfile, dockerfile.APPS), (word_problem, word_problem.PROBLEMS))
            + ((html_form, html_form.FORMS), (social_post, social_post.EVENTS)),
        ),
        "fresh3": (
            FRESH3,
            ((cover_letter, cover_letter.APPLICATIONS), (regex_answer, regex_answer.MATCHINGS))
            + ((travel_itinerary, travel_itinerary.TRIPS), (yaml_ci_pipeline, yaml_ci_pipeline.PROJECTS)),
        ),
        "fresh4": (
            FRESH4,
            ((press_release, press_release.RELEASES), (pytest_file, pytest_file.TARGETS))
            + ((makefile, makefile.PROJECTS), (faq_page, faq_page.PAGES)),
        ),
        "fresh5": (
            FRESH5,
            ((user_story, user_story.STORIES), (python_class, python_class.SPECS))
            + ((ui_error_messages, ui_error_messages.PRODUCTS), (meeting_agenda, meeting_agenda.MEETINGS)),
        ),
        "fresh6": (
            FRESH6,
            ((research_abstract, research_abstract.STUDIES), (lesson_plan, lesson_plan.LESSONS))
            + ((acrostic_poem, acrostic_poem.POEMS), (cli_readme, cli_readme.TOOLS)),
        ),
        "fresh7": (
            FRESH7,
            ((changelog_entry, changelog_entry.RELEASES), (sql_migration, sql_migration.CHANGES))
            + ((product_comparison, product_comparison.COMPARISONS), (limerick, limerick.LIMERICKS)),
        ),
        "fresh8": (
            FRESH8,
            ((status_report, status_report.REPORTS), (crontab, crontab.CRONTABS))
            + ((glossary, glossary.GLOSSARIES), (code_review, code_review.REVIEWS)),
        ),
        "fresh9": (
            FRESH9,
            ((bibliography, bibliography.BIBLIOGRAPHIES), (terraform_module, terraform_module.MODULES))
            + ((interview_guide, interview_guide.GUIDES), (packing_list, packing_list.TRIPS)),
        ),
        "fresh10": (
            FRESH10,
            ((onboarding_checklist, onboarding_checklist.PLANS), (nginx_config, nginx_config.SITES))
            + ((recipe_scaling, recipe_scaling.SCALINGS), (sprint_retro, sprint_retro.RETROS)),
        ),
        "fresh11": (
            FRESH11,
            ((invoice, invoice.INVOICES), (k8s_deployment, k8s_deployment.APPS))
            + ((runbook, runbook.RUNBOOKS), (workout_plan, workout_plan.PLANS)),
        ),
        "fresh12": (
            FRESH12,
            ((data_dictionary, data_dictionary.TABLES), (systemd_unit, systemd_unit.DAEMONS))
            + ((test_plan, test_plan.PLANS), (event_budget, event_budget.BUDGETS)),
        ),
        "fresh13": (
            FRESH13,
            ((postmortem, postmortem.INCIDENTS), (dns_zone, dns_zone.ZONES))
            + ((course_syllabus, course_syllabus.COURSES), (loan_schedule, loan_schedule.LOANS)),
        ),
        "fresh14": (
            FRESH14,
            ((ssh_config, ssh_config.SETUPS), (lab_report, lab_report.EXPERIMENTS))
            + ((shipping_quote, shipping_quote.SHIPMENTS), (accessibility_audit, accessibility_audit.AUDITS)),
        ),
        "fresh15": (
            FRESH15,
            ((gitignore, gitignore.PROJECTS), (bill_of_materials, bill_of_materials.BOARDS))
            + ((league_table, league_table.LEAGUES), (nutrition_label, nutrition_label.PRODUCTS)),
        ),
        "fresh16": (
            FRESH16,
            ((requirements_txt, requirements_txt.PROJECTS), (timesheet, timesheet.WEEKS))
            + ((seating_plan, seating_plan.WEDDINGS), (medication_schedule, medication_schedule.PATIENTS)),
        ),
        "fresh17": (
            FRESH17,
            ((env_file, env_file.SERVICES), (exam_timetable, exam_timetable.SCHOOLS))
            + ((git_log_summary, git_log_summary.REPOS), (shopping_receipt, shopping_receipt.SALES)),
        ),
        "fresh18": (
            FRESH18,
            ((purchase_order, purchase_order.ORDERS), (flight_booking, flight_booking.BOOKINGS))
            + ((grant_budget, grant_budget.GRANTS), (conference_schedule, conference_schedule.EVENTS)),
        ),
        "fresh19": (
            FRESH19,
            ((bank_reconciliation, bank_reconciliation.RECONCILIATIONS), (staff_rota, staff_rota.ROTAS))
            + ((dunning_letter, dunning_letter.REMINDERS), (payslip, payslip.PAYSLIPS)),
        ),
        "fresh20": (
            FRESH20,
            ((vehicle_service, vehicle_service.SERVICES), (vaccination_record, vaccination_record.RECORDS))
            + ((asset_register, asset_register.REGISTERS), (electricity_bill, electricity_bill.CHECKS)),
        ),
        "fresh21": (
            FRESH21,
            ((stock_take, stock_take.COUNTS), (deposit_return, deposit_return.STATEMENTS))
            + ((mileage_claim, mileage_claim.CLAIMS), (train_timetable, train_timetable.TIMETABLES)),
        ),
        "fresh22": (
            FRESH22,
            ((clinic_letter, clinic_letter.LETTERS), (fixture_list, fixture_list.LISTS))
            + ((route_card, route_card.CARDS), (sample_log, sample_log.LOGS)),
        ),
        "fresh23": (
            FRESH23,
            ((agm_notice, agm_notice.NOTICES), (renovation_schedule, renovation_schedule.SCHEDULES))
            + ((expense_split, expense_split.SPLITS), (calibration_certificate, calibration_certificate.CERTIFICATES)),
        ),
        "fresh24": (
            FRESH24,
            ((pet_boarding, pet_boarding.BOOKINGS), (trip_consent, trip_consent.TRIPS))
            + ((room_bookings, room_bookings.SHEETS), (car_hire, car_hire.HIRES)),
        ),
        "fresh25": (
            FRESH25,
            ((dental_estimate, dental_estimate.PLANS), (rent_increase, rent_increase.NOTICES))
            + ((venue_quote, venue_quote.QUOTES), (job_sheet, job_sheet.JOBS)),
        ),
        "fresh26": (
            FRESH26,
            ((install_guide, install_guide.GUIDES), (spec_sheet, spec_sheet.PRODUCTS))
            + ((match_report, match_report.MATCHES), (lab_procedure, lab_procedure.SOLUTIONS)),
        ),
        "fresh27": (
            FRESH27,
            ((exhibit_label, exhibit_label.EXHIBITS), (reference_letter, reference_letter.REFERENCES))
            + ((code_of_conduct, code_of_conduct.CODES), (deprecation_notice, deprecation_notice.NOTICES)),
        ),
        "fresh28": (
            FRESH28,
            ((talk_proposal, talk_proposal.PROPOSALS), (warranty_claim, warranty_claim.CLAIMS))
            + ((shift_handover, shift_handover.HANDOVERS), (show_notes, show_notes.EPISODES)),
        ),
        "fresh29": (
            FRESH29,
            ((vet_discharge, vet_discharge.NOTES), (parking_appeal, parking_appeal.APPEALS))
            + ((rehearsal_plan, rehearsal_plan.REHEARSALS), (boat_charter, boat_charter.CHARTERS)),
        ),
        "fresh30": (
            FRESH30,
            ((allergen_menu, allergen_menu.CARDS), (swim_report, swim_report.REPORTS))
            + ((planting_calendar, planting_calendar.CALENDARS), (fun_run_results, fun_run_results.RACES)),
        ),
        "fresh31": (
            FRESH31,
            ((insurance_renewal, insurance_renewal.RENEWALS), (school_newsletter, school_newsletter.ITEMS))
            + ((party_invitation, party_invitation.INVITATIONS), (property_listing, property_listing.LISTINGS)),
        ),
        "fresh32": (
            FRESH32,
            ((donation_receipt, donation_receipt.RECEIPTS), (babysitter_note, babysitter_note.NOTES))
            + ((concert_programme, concert_programme.PROGRAMMES), (hotel_group_booking, hotel_group_booking.BOOKINGS)),
        ),
        "fresh33": (
            FRESH33,
            ((removals_quote, removals_quote.QUOTES), (library_overdue, library_overdue.NOTICES))
            + ((bike_repair, bike_repair.ESTIMATES), (holiday_let_guide, holiday_let_guide.GUIDES)),
        ),
        "fresh34": (
            FRESH34,
            ((boiler_service, boiler_service.REPORTS), (garden_plot, garden_plot.LETTERS))
            + ((bin_day_changes, bin_day_changes.NOTICES), (parents_evening, parents_evening.CONFIRMATIONS)),
        ),
        "fresh35": (
            FRESH35,
            ((dog_grooming, dog_grooming.BOOKINGS), (window_cleaning, window_cleaning.NOTICES))
            + ((lost_property, lost_property.REPORTS), (piano_tuning, piano_tuning.VISITS)),
        ),
        "fresh36": (
            FRESH36,
            ((chimney_sweep, chimney_sweep.CERTIFICATES), (tenancy_inventory, tenancy_inventory.INVENTORIES))
            + ((celebration_cake, celebration_cake.ORDERS), (planning_objection, planning_objection.OBJECTIONS)),
        ),
        "fresh37": (
            FRESH37,
            ((hall_hire, hall_hire.BOOKINGS), (driving_lesson, driving_lesson.LESSONS))
            + ((absence_request, absence_request.LETTERS), (raffle_draw, raffle_draw.DRAWS)),
        ),
        "fresh38": (
            FRESH38,
            ((uniform_swap, uniform_swap.FLYERS), (childminder_diary, childminder_diary.DIARIES))
            + ((holiday_club, holiday_club.BOOKINGS), (litter_pick, litter_pick.BRIEFINGS)),
        ),
        "fresh39": (
            FRESH39,
            ((knitting_pattern, knitting_pattern.PATTERNS), (bird_count, bird_count.COUNTS))
            + ((car_boot_booking, car_boot_booking.BOOKINGS), (book_club_schedule, book_club_schedule.SCHEDULES)),
        ),
        "fresh40": (
            FRESH40,
            ((beehive_inspection, beehive_inspection.INSPECTIONS), (home_brew_log, home_brew_log.BREWS))
            + ((fete_stall_plan, fete_stall_plan.FETES), (pet_sitter_report, pet_sitter_report.STAYS)),
        ),
        "fresh41": (
            FRESH41,
            ((plant_swap, plant_swap.SWAPS), (sponsor_form, sponsor_form.FORMS))
            + ((chore_chart, chore_chart.CHARTS), (veg_box, veg_box.DELIVERIES)),
        ),
        "fresh42": (
            FRESH42,
            ((choir_ticket_order, choir_ticket_order.ORDERS), (model_railway_show, model_railway_show.SHOWS))
            + ((scarecrow_trail, scarecrow_trail.TRAILS), (pond_water_test, pond_water_test.TESTS)),
        ),
    }

    @pytest.mark.parametrize("name", FRESH_SETS)
    def test_a_fresh_sets_families_are_in_no_other_set_and_about_half_unmet(self, name):
        families, modules = self.FRESH_SETS[name]
        fresh = build_set(name)
        others = [
            *ALL,
            *(case for other in judge_cases.ALONE_SETS if other != name for case in build_set(other)),
        ]
        assert {c.id for c in fresh}.isdisjoint(c.id for c in others)
        assert set(families) == {module.FAMILY for module, _ in modules}
        assert set(families).isdisjoint({c.family for case in others for c in case.criteria})
        for module, _ in modules:
            criteria = [c for case in fresh for c in case.criteria if c.family == module.FAMILY]
            assert len(criteria) == module.ANSWERS * module.CRITERIA_PER_ANSWER == 48, module.FAMILY
            unmet = sum(not c.met for c in criteria)
            assert 0.35 <= unmet / len(criteria) <= 0.65, (module.FAMILY, unmet)
            assert len({c.kind for c in criteria}) >= 6, module.FAMILY  # the kinds vary
        assert len(fresh) == 64

    @pytest.mark.parametrize("name", FRESH_SETS)
    def test_a_fresh_set_is_the_same_every_time(self, name):
        first, again = build_set(name), build_set(name)
        assert [(c.id, c.task, c.answer, c.criteria) for c in again] == [
            (c.id, c.task, c.answer, c.criteria) for c in first
        ]

    @pytest.mark.parametrize("name", FRESH_SETS)
    def test_every_fresh_criterion_has_a_family_and_a_text_of_its_own(self, name):
        fresh = build_set(name)
        assert len({case.id for case in fresh}) == len(fresh)
        for case in fresh:
            texts = [c.text for c in case.criteria]
            assert len(set(texts)) == len(texts), case.id
            assert len(case.families) == 1, case.id
            assert all(c.family and "\n" not in c.text for c in case.criteria), case.id
            assert all(c.text not in case.answer and c.text not in case.task for c in case.criteria), case.id
            assert case.answer not in case.task, case.id

    @pytest.mark.parametrize("name", FRESH_SETS)
    def test_each_fresh_kind_has_two_wordings_and_each_subject_is_used(self, name):
        fresh = build_set(name)
        for module, subjects in self.FRESH_SETS[name][1]:
            assert len(subjects) >= 4, module.FAMILY
            cases = [case for case in fresh if case.id.startswith(f"{module.FAMILY}-")]
            assert {case.task for case in cases} == {s.task for s in subjects}, module.FAMILY
            for criterion in module.candidates(random.Random(0), subjects[0], cases[0].answer):
                wordings = {
                    c.text
                    for seed in range(40)
                    for c in module.candidates(random.Random(seed), subjects[0], cases[0].answer)
                    if c.kind == criterion.kind
                }
                assert len(wordings) == 2, (module.FAMILY, criterion.kind, wordings)


FRESH_SWITCHES = {
    shell_script: (
        shell_script.JOBS,
        ("shebang", "strict", "usage", "quoted", "comment", "exit_code", "path", "no_sudo"),
        lambda on: dict(on),
    ),
    quiz: (
        quiz.TOPICS,
        ("count", "four_options", "key", "key_right", "distinct", "spread", "question_marks"),
        lambda on: {**on, "key_right": on["key"] and on["key_right"]},
    ),
    product_description: (
        product_description.PRODUCTS,
        ("name_first", "price", "features", "weight", "no_superlative", "call", "short"),
        lambda on: {**{k: v for k, v in on.items() if k != "weight"}, "size_weight": on["weight"]},
    ),
    csv_export: (
        csv_export.EXPORTS,
        ("header", "all_rows", "total_right", "quoted", "sorted", "dates", "plain"),
        lambda on: {**{k: v for k, v in on.items() if k != "total_right"}, "total": on["total_right"]},
    ),
}


class TestTheFreshFamilies:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against an answer of the set."""

    @pytest.mark.parametrize("module", FRESH_MODULES, ids=lambda m: m.FAMILY)
    def test_every_switch_decides_its_own_criterion_whatever_the_others_are(self, module):
        subjects, switches, meant = FRESH_SWITCHES[module]
        for subject in subjects:
            for bits in itertools.product((True, False), repeat=len(switches)):
                on = dict(zip(switches, bits, strict=True))
                answer = module.build(subject, on)
                truths = {c.kind: c.met for c in module.candidates(random.Random(0), subject, answer)}
                assert truths == meant(on), (module.FAMILY, on, answer)

    @pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
    def test_every_shell_answer_parses(self):
        for case in (c for c in FRESH_SET if c.id.startswith("shell_script")):
            done = subprocess.run(["bash", "-n"], input=shell_script.script_of(case.answer), text=True, check=False)
            assert done.returncode == 0, case.id

    def test_shell_script_truths(self):
        script = '#!/bin/bash\n# Rotate the logs now.\nset -eu\nset -o pipefail\necho "$a" $b \'$c\' "$#" # $d\n'
        assert shell_script.has_strict_mode(script) and not shell_script.has_strict_mode("set -e\n")
        assert shell_script.unquoted_expansions(script) == ["$b"]
        assert shell_script.has_top_comment(script) and not shell_script.has_top_comment("#!/bin/bash\nset -e\n")
        assert shell_script.BASH_SHEBANG.match("#!/usr/bin/env bash") and not shell_script.BASH_SHEBANG.match(
            "#!/bin/sh"
        )
        assert shell_script.uses_path('D="/var/log/archive/"', "/var/log/archive")
        assert not shell_script.uses_path('D="/var/log/archives"', "/var/log/archive")
        assert not shell_script.uses_sudo("# no sudo needed\nmkdir -p x") and shell_script.uses_sudo("sudo mkdir x")
        # By hand: the disk check leaves $MOUNT bare in `df`, and exits 1 (not the asked 2) when full.
        case = next(c for c in FRESH_SET if c.id == "shell_script-06")
        script = shell_script.script_of(case.answer)
        assert "df --output=pcent $MOUNT |" in script and "  exit 1\nfi\n\necho" in script
        assert shell_script.unquoted_expansions(script) == ["$MOUNT"]
        assert shell_script.failure_exit(script, "-gt") == 1 and shell_script.prints_usage(script)
        assert {c.kind: c.met for c in case.criteria} == {"usage": True, "exit_code": False, "quoted": False}

    def test_quiz_truths(self):
        assert quiz.solve("What is 7 × 8?") == 56 and quiz.solve("Find 15% of 60.") == 9
        assert quiz.solve("How many minutes are in 3.5 hours?") == 210
        assert quiz.solve("Convert 0.75 litres to millilitres.") == 750
        assert quiz.solve("What is the binary number 11001 in decimal?") == 25
        # By hand: 56 is B, 54 is D, 48 is A, 81 is C, 48 is A, and the key says so.
        case = next(c for c in FRESH_SET if c.id == "quiz-04")
        assert quiz.answer_key(case.answer) == {1: "B", 2: "D", 3: "A", 4: "C", 5: "A"}
        assert {c.kind: c.met for c in case.criteria} == {"four_options": True, "key_right": True, "key": True}
        # By hand: four questions of five, no key, right answers under D, B, A, C.
        case = next(c for c in FRESH_SET if c.id == "quiz-06")
        assert [q.number for q in quiz.questions_of(case.answer)] == [1, 2, 3, 4]
        assert [quiz.right_letters(q) for q in quiz.questions_of(case.answer)] == [["D"], ["B"], ["A"], ["C"]]
        assert {c.kind: c.met for c in case.criteria} == {"count": False, "spread": True, "key_right": False}

    def test_product_description_truths(self):
        assert product_description.words("- Holds 1 litre\n\nSize: 30 × 16 × 18 cm.") == 8
        assert product_description.gives("Size: 50 x 35 x 20 cm", "50 × 35 × 20 cm")
        assert not product_description.gives("Weight: 11.1 kg", "1.1 kg")
        assert not product_description.gives_price("It costs €89.90.", "€89.00")
        assert product_description.CALL_TO_ACTION.match("Order yours today.")
        # By hand: four bullets, ends "Order yours today ...", but calls itself "the best travel bag".
        case = next(c for c in FRESH_SET if c.id == "product_description-04")
        assert product_description.bullets(case.answer) == 4 and "€89.00" in case.answer
        assert product_description.SUPERLATIVE.search(case.answer).group(0) == "best"
        assert {c.kind: c.met for c in case.criteria} == {"call": True, "features": True, "price": True}
        # By hand: ends on the colours, not a call to buy, and runs to 112 words (over 100).
        case = next(c for c in FRESH_SET if c.id == "product_description-05")
        assert case.answer.endswith("matte black finishes.") and product_description.words(case.answer) == 112
        assert {c.kind: c.met for c in case.criteria} == {"call": False, "short": False, "price": True}

    def test_csv_export_truths(self):
        export = csv_export.EXPORTS[2]
        row = ["INV-207", "Hart", " Ellis & Co", "01/19/2026", "4200.00"]
        assert csv_export.mended(row, export) == {
            "key": "INV-207",
            "text": "Hart, Ellis & Co",
            "date": "01/19/2026",
            "amount": "4200.00",
        }
        assert csv_export.in_format("2026-01-19", "%Y-%m-%d") and not csv_export.in_format("2026-1-19", "%Y-%m-%d")
        # By hand: 92.00 + 258.00 + 48.60 + 137.40 + 21.50 is 557.50, and the total says 575.50.
        case = next(c for c in FRESH_SET if c.id == "csv_export-05")
        assert "Total,,,575.50" in case.answer and not csv_export.total_adds_up(case.answer, csv_export.EXPORTS[1])
        fixed = case.answer.replace("575.50", "557.50")
        assert csv_export.total_adds_up(fixed, csv_export.EXPORTS[1])
        assert {c.kind: c.met for c in case.criteria} == {"quoted": True, "header": False, "total": False}
        # By hand: INV-204 is left out, 1575.50 comes before 3310.00, and the amounts have no $.
        case = next(c for c in FRESH_SET if c.id == "csv_export-06")
        assert "INV-204" not in case.answer and "INV-207,Hart, Ellis & Co," in case.answer
        assert not csv_export.fields_quoted(case.answer, export)
        assert {c.kind: c.met for c in case.criteria} == {"all_rows": False, "sorted": False, "plain": True}


class TestTheFresh2Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_a_post_is_clear_of_the_limit_however_its_characters_are_counted(self):
        for event in social_post.EVENTS:
            for bits in itertools.product((True, False), repeat=len(social_post.SWITCHES)):
                on = dict(zip(social_post.SWITCHES, bits, strict=True))
                post = social_post.build(event, on)
                # As X counts: a link as 23 characters, an emoji as two.
                counted = len(post) - sum(len(u) - 23 for u in social_post.URL.findall(post))
                counted += len(social_post.EMOJI.findall(post))
                if on["short"]:
                    assert max(len(post), counted) <= 265, (event.name, len(post), counted)
                else:
                    assert min(len(post), counted) >= 300, (event.name, len(post), counted)

    def test_dockerfile_truths(self):
        text = (
            "# build\nFROM python:3.12-slim AS base\nENV A=1 \\\n    API_TOKEN=abc\nENV DB_PASSWORD hunter2\n"
            "COPY . .\nRUN pip install -r requirements.txt\nUSER root\nCMD python app.py\n"
        )
        assert dockerfile.instructions(text)[1] == ("ENV", "A=1      API_TOKEN=abc")
        assert dockerfile.env_settings(text) == {"A": "1", "API_TOKEN": "abc", "DB_PASSWORD": "hunter2"}
        assert dockerfile.secrets_in_env(text) == ["API_TOKEN", "DB_PASSWORD"]
        assert dockerfile.base_image(text) == "python:3.12-slim" and not dockerfile.runs_as_non_root(text)
        assert not dockerfile.installs_before_source(text, "pip install")
        assert not dockerfile.cmd_in_exec_form(text) and dockerfile.cmd_in_exec_form('CMD ["python", "app.py"]')
        assert not dockerfile.has_healthcheck("HEALTHCHECK NONE") and dockerfile.exposed_ports("EXPOSE 80/tcp 443")
        # By hand: EXPOSE 8000 while gunicorn binds 5000; requirements.txt is installed before `COPY . .`.
        case = next(c for c in FRESH2_SET if c.id == "dockerfile-00")
        text = dockerfile.dockerfile_of(case.answer)
        assert "EXPOSE 8000\n" in text and "0.0.0.0:5000" in text and text.startswith("FROM python:3.12-slim\n")
        assert text.index("RUN pip install") < text.index("COPY . .")
        assert {c.kind: c.met for c in case.criteria} == {"expose": False, "layers": True, "pinned": True}
        # By hand: appuser is created but never switched to, and no ENV holds a credential.
        case = next(c for c in FRESH2_SET if c.id == "dockerfile-02")
        text = dockerfile.dockerfile_of(case.answer)
        assert "RUN adduser -D -H appuser\n" in text and "USER" not in text
        assert dockerfile.env_settings(text) == {"CGO_ENABLED": "0"}
        assert {c.kind: c.met for c in case.criteria} == {"pinned": True, "no_secrets": True, "user": False}

    def test_word_problem_truths(self):
        assert word_problem.step_is_right("60", "÷", "2.5833", "23.23")
        assert not word_problem.step_is_right("84.99", "×", "0.35", "29.7645")
        assert word_problem.step_is_right("1587", "−", "1240", "347")
        jacket, coffee = word_problem.PROBLEMS[1], word_problem.PROBLEMS[2]
        assert word_problem.rounded(jacket.exact, 2) == Decimal("59.80")  # 84.99 × 0.65 × 1.0825 = 59.80108875
        assert word_problem.rounded(coffee.exact, 2) == Decimal("0.49")  # 68.40 / 2500 g × 18 g = 0.49248
        assert word_problem.rounded(word_problem.PROBLEMS[0].exact, 1) == Decimal("23.2")  # 60 km / (155/60) h
        assert word_problem.rounded(word_problem.PROBLEMS[3].exact, 1) == Decimal("28.0")  # 347 / 1240
        assert word_problem.units_given("Answer: $0.49", coffee) and not word_problem.units_given(
            "Answer: 0.49", coffee
        )
        # By hand: the tax is charged on the full price (84.99 × 0.0825), so 62.26 instead of 59.80,
        # though every step's sum is right; and the answer closes a sentence, not an Answer: line.
        case = next(c for c in FRESH2_SET if c.id == "word_problem-01")
        assert "3. Sales tax: 84.99 × 0.0825 = 7.0117" in case.answer
        assert case.answer.endswith("So the jacket costs 62.26 at the till.")
        assert word_problem.steps_right(case.answer) and not word_problem.answer_is_right(case.answer, jacket)
        assert {c.kind: c.met for c in case.criteria} == {"answer_line": False, "rounded": True, "steps_right": True}
        # By hand: 1587 − 1240 is written as 357 (the next step uses 347), and 28.0% is right.
        case = next(c for c in FRESH2_SET if c.id == "word_problem-07")
        assert "1587 − 1240 = 357 umbrellas" in case.answer and "347 ÷ 1240 = 0.2798" in case.answer
        assert case.answer.endswith("rose by 28.0%.")
        assert {c.kind: c.met for c in case.criteria} == {"steps_right": False, "answer_right": True, "rounded": True}

    def test_html_form_truths(self):
        html = (
            '```html\n<form method="POST" action="/x"><label for="e">E</label><input id="e" name="email" '
            'type="email" required><input type="hidden" name="t"><input type="submit" value=" Go  on ">\n```'
        )
        form = html_form.FORMS[0]
        assert html_form.every_field_labelled(html) and html_form.email_typed(html)
        assert html_form.submit_texts(html) == ["Go on"] and not html_form.posts_to_action(html, form)
        assert not html_form.images_have_alt(html)  # no image at all
        assert not html_form.images_have_alt('```html\n<img src="a.png" alt=" ">\n```')
        # By hand: posts to /contact.php (not /contact), the button says "Send", and the photo has alt text.
        case = next(c for c in FRESH2_SET if c.id == "html_form-01")
        assert '<form action="/contact.php" method="post">' in case.answer
        assert html_form.submit_texts(case.answer) == ["Send"]
        assert {c.kind: c.met for c in case.criteria} == {"method_action": False, "submit_text": False, "img_alt": True}
        # By hand: the ticket label says for="ticket" but the select's id is reg-ticket.
        case = next(c for c in FRESH2_SET if c.id == "html_form-03")
        assert '<label for="ticket">Ticket type</label>' in case.answer and 'id="reg-ticket"' in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"labels": False, "method_action": True, "img_alt": True}

    def test_social_post_truths(self):
        assert social_post.hashtags("See https://x.io/a#b #One and #Two, not a#b") == ["#One", "#Two"]
        assert social_post.gives_link("Go: https://fieldnote.app/launch.", "https://fieldnote.app/launch")
        assert not social_post.gives_link("Go: https://fieldnote.app/launches", "https://fieldnote.app/launch")
        event = social_post.EVENTS[2]
        assert social_post.gives_when("Wed, May 20 at 7 PM", event)
        assert not social_post.gives_when("May 20 at 7:30 PM", event)
        # By hand: opens "Join us for", ends its first paragraph with an elephant, and has one "!".
        case = next(c for c in FRESH2_SET if c.id == "social_post-00")
        assert case.answer.startswith("Join us for Scaling") and "🐘" in case.answer and case.answer.count("!") == 1
        assert {c.kind: c.met for c in case.criteria} == {"name_first": False, "no_emoji": False, "one_bang": True}
        # By hand: 7:30 PM where the task says 7:00 PM, three exclamation marks, and the name first.
        case = next(c for c in FRESH2_SET if c.id == "social_post-02")
        assert "May 20 at 7:30 PM" in case.answer and case.answer.count("!") == 3
        assert case.answer.startswith("Berlin Rust Meetup is back")
        assert {c.kind: c.met for c in case.criteria} == {"date_time": False, "one_bang": False, "name_first": True}


def every_answer(module, subject):
    """(switches, answer) for every setting of the module's switches."""
    for bits in itertools.product((True, False), repeat=len(module.SWITCHES)):
        on = dict(zip(module.SWITCHES, bits, strict=True))
        yield on, module.build(subject, on)


class TestTheFresh3Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_a_letter_is_clear_of_the_word_limit_however_its_words_are_counted(self):
        for app in cover_letter.APPLICATIONS:
            for on, letter in every_answer(cover_letter, app):
                counts = (cover_letter.words(letter), len(letter.split()))
                if on["short"]:
                    assert max(counts) <= app.limit - 15, (app.applicant, counts)
                else:
                    assert min(counts) >= app.limit + 15, (app.applicant, counts)

    def test_an_itinerarys_costs_are_clear_of_the_budget_by_more_than_a_slip_of_the_total(self):
        for trip in travel_itinerary.TRIPS:
            for on, plan in every_answer(travel_itinerary, trip):
                spent = sum(travel_itinerary.listed_costs(plan, trip))
                stated = travel_itinerary.stated_total(plan, trip)
                if on["budget"]:
                    assert max(spent, stated) < trip.budget, (trip.currency, spent, stated)
                else:
                    assert min(spent, stated) > trip.budget, (trip.currency, spent, stated)

    def test_every_right_pattern_passes_its_own_asserts(self):
        """A wrong one may pass them too (its test does not try the string it gets wrong): a near miss."""
        right = 0
        for case in (c for c in FRESH3_SET if c.id.startswith("regex_answer")):
            matching = next(m for m in regex_answer.MATCHINGS if m.task == case.task)
            if regex_answer.accepts_all(case.answer, matching) and regex_answer.rejects_all(case.answer, matching):
                exec(compile(regex_answer.code_of(case.answer), case.id, "exec"), {})
                right += 1
        assert right >= 3

    def test_the_workflow_reader_agrees_with_pyyaml_on_every_answer(self):
        yaml = pytest.importorskip("yaml")

        def plain(value):
            if isinstance(value, dict):  # YAML 1.1 reads the key `on` as True
                return {("on" if key is True else str(key)): plain(v) for key, v in value.items()}
            if isinstance(value, list):
                return [plain(v) for v in value]
            if isinstance(value, bool):
                return "true" if value else "false"
            return None if value is None else str(value)

        for project in yaml_ci_pipeline.PROJECTS:
            for _on, answer in every_answer(yaml_ci_pipeline, project):
                text = yaml_ci_pipeline.BLOCK.search(answer).group(1)
                assert yaml_ci_pipeline.parse(text) == plain(yaml.safe_load(text)), answer

    def test_cover_letter_truths(self):
        assert cover_letter.greets("Dear Ms Raman,", "Ms. Raman") and cover_letter.greets(
            "Dear Ms. Raman:", "Ms. Raman"
        )
        assert not cover_letter.greets("Dear Ms. Ramen,", "Ms. Raman") and not cover_letter.greets(
            "Hi all,", "Ms. Raman"
        )
        letter = "Sure:\n\nDear Sam,\n\nOne.\n\nTwo.\nStill two.\n\nYours sincerely,\n\nAlex Doe\n07700 900123"
        assert cover_letter.body_paragraphs(letter) == ["One.", "Two.\nStill two."]
        assert cover_letter.signature(letter) == "Alex Doe" and cover_letter.signature("Dear Sam,\n\nHi.") is None
        assert cover_letter.PAY.search("a salary of") and cover_letter.PAY.search("about £34,000")
        assert not cover_letter.PAY.search("I repaid it, and the payroll team helped")
        assert cover_letter.names("(ref. UXD-0417)", "UXD-0417") and not cover_letter.names("UXD-04170", "UXD-0417")
        # By hand: Power BI, not Tableau; the closing paragraph split in two; signed with the first name only.
        case = next(c for c in FRESH3_SET if c.id == "cover_letter-00")
        assert "designed Power BI dashboards" in case.answer and "Tableau" not in case.answer
        assert len(cover_letter.body_paragraphs(case.answer)) == 4 and case.answer.endswith("Kind regards,\nTomás")
        assert {c.kind: c.met for c in case.criteria} == {"sign_off": False, "paragraphs": False, "no_salary": True}
        # By hand: "user interviews" where usability testing was asked, and $85,000 named in the closing paragraph.
        case = next(c for c in FRESH3_SET if c.id == "cover_letter-09")
        assert "rounds of user interviews" in case.answer and "usability" not in case.answer
        assert "(ref. UXD-0417)" in case.answer and "salary expectation is in the region of $85,000" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"reference": True, "skills": False, "no_salary": False}

    def test_regex_answer_truths(self):
        code = 'import re\n\nX = re.compile(r"a\\d")\nY = "b"\n\nassert X.search("a1")\n'
        assert regex_answer.assignments(code) == [("X", r"a\d", True), ("Y", "b", False)]
        assert regex_answer.assignments("def f(:\n") == [] and not regex_answer.searches("(", "(")
        answer = f"Use `a\\d`:\n\n```python\n{code}```\n\n- `a` is a\n- `\\d` is a digit"
        assert regex_answer.raw_literal(answer) and regex_answer.compiles(answer) and regex_answer.pattern_first(answer)
        assert regex_answer.assert_count(answer) == 1 and regex_answer.explained_in_bullets(answer)
        assert not regex_answer.raw_literal(answer.replace('(r"', '("'))
        # By hand: any two-digit month, so 2024-13-01 matches as well; the three valid dates still match.
        date = regex_answer.MATCHINGS[0]
        case = next(c for c in FRESH3_SET if c.id == "regex_answer-00")
        pattern = regex_answer.pattern_of(case.answer)
        assert pattern == r"^\d{4}-\d{2}-(0[1-9]|[12]\d|3[01])$" and re.search(pattern, "2024-13-01")
        assert all(re.search(pattern, value) for value in date.positives)
        assert {c.kind: c.met for c in case.criteria} == {"bullets": True, "first_line": True, "rejects": False}
        # By hand: a plain string named HEX_COLOR (not HEX_COLOUR), never compiled, lower-case digits only.
        hex_colour = regex_answer.MATCHINGS[1]
        case = next(c for c in FRESH3_SET if c.id == "regex_answer-05")
        assert 'HEX_COLOR = "^#(?:[0-9a-f]{3}|[0-9a-f]{6})$"' in case.answer and "re.compile" not in case.answer
        assert not regex_answer.accepts_all(case.answer, hex_colour) and regex_answer.rejects_all(
            case.answer, hex_colour
        )
        assert {c.kind: c.met for c in case.criteria} == {"compiled": False, "const_name": False, "first_line": True}

    def test_travel_itinerary_truths(self):
        assert travel_itinerary.minutes("7:30 pm Dinner") == 19 * 60 + 30 and travel_itinerary.minutes("12 am x") == 0
        assert travel_itinerary.minutes("09:05 | x") == 9 * 60 + 5 and travel_itinerary.minutes("Afternoon: x") is None
        assert travel_itinerary.amounts("¥1,200 and ¥500, £3", "¥") == [1200, 500]
        plan = "Plan:\n\n## Day 1: A\n\n- 09:00 x — €5\n\nDay 2 (B)\n* 10:00: y, free\n* 11:00: z\n\nTotal: €5\n"
        assert travel_itinerary.sections(plan) == {1: ["09:00 x — €5"], 2: ["10:00: y, free", "11:00: z"]}
        assert travel_itinerary.stated_total(plan, travel_itinerary.TRIPS[0]) == 5
        # By hand: Kyoto from 13:30 though the train gets in for 14:00; the costs come to ¥13,000, not ¥13,800.
        kyoto = travel_itinerary.TRIPS[1]
        case = next(c for c in FRESH3_SET if c.id == "travel_itinerary-01")
        assert "- 13:30 – Kiyomizu-dera (¥500)" in case.answer and case.answer.endswith("Total: ¥13,800")
        assert sum(travel_itinerary.listed_costs(case.answer, kyoto)) == 500 + 1200 + 4500 + 500 + 2500 + 3800
        assert {c.kind: c.met for c in case.criteria} == {"days": True, "arrival": False, "total": False}
        # By hand: the $179 helicopter takes the costs to $324, over $300, and the total says $339.
        new_york = travel_itinerary.TRIPS[3]
        case = next(c for c in FRESH3_SET if c.id == "travel_itinerary-07")
        assert sum(travel_itinerary.listed_costs(case.answer, new_york)) == 22 + 179 + 45 + 33 + 20 + 25 == 324
        assert case.answer.endswith("**Total cost: $339**") and "- 3:00 pm | New York Public Library" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"arrival": True, "total": False, "budget": False}

    def test_yaml_ci_pipeline_truths(self):
        assert yaml_ci_pipeline.without_comment('run: echo "a # b" # c') == 'run: echo "a # b" '
        text = "# ci\non:\n  push:\n    branches: [main, 'dev']  # both\njobs:\n  t:\n    steps:\n      - run: |\n"
        assert yaml_ci_pipeline.parse(text + "          a\n\n          b\n      - x\n") == {
            "on": {"push": {"branches": ["main", "dev"]}},
            "jobs": {"t": {"steps": [{"run": "a\n\nb\n"}, "x"]}},
        }
        with pytest.raises(ValueError, match="not one mapping"):
            yaml_ci_pipeline.parse("a: 1\n  b: 2\n")
        assert yaml_ci_pipeline.workflow_of("```yaml\na: 1\n  b: 2\n```") == {}
        assert yaml_ci_pipeline.dig({"a": {"b": [1]}}, "a", "b") == [1]
        assert yaml_ci_pipeline.dig({"a": 1}, "a", "b") is None
        # By hand: the 10-minute timeout sits on the Test step, and the Slack webhook is pasted in.
        case = next(c for c in FRESH3_SET if c.id == "yaml_ci_pipeline-01")
        assert "      - name: Test\n        timeout-minutes: 10\n" in case.answer
        assert "SLACK_WEBHOOK_URL: https://hooks.slack.com/" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_secret": False, "timeout": False, "name_first": True}
        # By hand: pushes to master trigger it, and the tests run before clippy.
        case = next(c for c in FRESH3_SET if c.id == "yaml_ci_pipeline-06")
        job = yaml_ci_pipeline.dig(yaml_ci_pipeline.workflow_of(case.answer), "jobs", "check")
        assert "branches: [master]" in case.answer and job["timeout-minutes"] == "20"
        assert [s.get("name") for s in yaml_ci_pipeline.steps_of(job)][4:6] == ["Tests", "Clippy"]
        assert {c.kind: c.met for c in case.criteria} == {"triggers": False, "timeout": True, "order": False}


class TestTheFresh4Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_a_faq_answer_is_clear_of_the_word_limit_however_its_words_are_counted(self):
        for page in faq_page.PAGES:
            for on, answer in every_answer(faq_page, page):
                counts = [(faq_page.words(text), len(text.split())) for _, text in faq_page.questions(answer)]
                if on["short"]:
                    assert max(max(c) for c in counts) <= page.limit - 8, (page.name, counts)
                else:
                    assert max(min(c) for c in counts) >= page.limit + 10, (page.name, counts)

    def test_a_right_test_module_passes_under_pytest_and_a_wrong_value_fails(self, tmp_path):
        for target in pytest_file.TARGETS:
            on = dict.fromkeys(pytest_file.SWITCHES, True)
            (tmp_path / f"{target.modules[0]}.py").write_text(target.source, encoding="utf-8")
            right = fenced.code_of(pytest_file.build(target, on))
            (tmp_path / f"test_{target.modules[0]}.py").write_text(right, encoding="utf-8")
            wrong = fenced.code_of(pytest_file.build(target, on | {"values": False}))
            (tmp_path / f"test_wrong_{target.modules[0]}.py").write_text(wrong, encoding="utf-8")
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        failed = sorted(re.findall(r"FAILED (test_\w+)\.py::", run.stdout))
        assert failed == sorted(f"test_wrong_{t.modules[0]}" for t in pytest_file.TARGETS), run.stdout
        assert re.search(r"^4 failed, \d+ passed in ", run.stdout.splitlines()[-1]), run.stdout

    def test_gnu_make_reads_a_tabbed_makefile_and_stops_at_a_spaced_one(self, tmp_path):
        if shutil.which("make") is None:
            pytest.skip("no make")
        for at, project in enumerate(makefile.PROJECTS):
            for tabs in (True, False):
                on = dict.fromkeys(makefile.SWITCHES, True) | {"tabs": tabs}
                path = tmp_path / f"Makefile{at}{tabs}"
                path.write_text(fenced.code_of(makefile.build(project, on)), encoding="utf-8")
                run = subprocess.run(["make", "-n", "-f", str(path)], cwd=tmp_path, capture_output=True, text=True)
                assert (run.returncode == 0) is tabs and ("missing separator" in run.stderr) is not tabs, run.stderr

    def test_press_release_truths(self):
        release = "Intro:\n\n**Big News**\n\nPARIS, May 1, 2026 — Text.\n\n## About Acme\n\nAcme makes things.\n"
        assert press_release.headline(release) == "Big News" and press_release.headline("No heading") is None
        assert press_release.opens_with_dateline(release, "PARIS, May 1, 2026")
        assert not press_release.opens_with_dateline(release, "PARIS, May 11, 2026")
        assert press_release.has_about(release, "Acme") and not press_release.has_about(release, "Acme Inc")
        assert not press_release.contact_after_about(release)
        assert press_release.contact_after_about(release + "\nMedia contact: Jo, jo@acme.com\n")
        assert press_release.HYPE.search("a game changing plan") and not press_release.HYPE.search("a classy plan")
        # By hand: 45% where the task says 40%, and news@brightlines.io for news@brightline.io.
        case = next(c for c in FRESH4_SET if c.id == "press_release-02")
        assert "run 45% faster" in case.answer and "news@brightlines.io" in case.answer
        assert "## About Brightline Analytics" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"contact": False, "about": True, "figure": False}
        # By hand: October 5 for October 6, and the quote given to Owen Blake; the contact comes last.
        case = next(c for c in FRESH4_SET if c.id == "press_release-06")
        assert "BOSTON, Mass., October 5, 2026 —" in case.answer and "said Owen Blake" in case.answer
        assert "Elena Varga" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"quote": False, "dateline": False, "contact_last": True}

    def test_pytest_file_truths(self):
        code = "import pytest\nfrom m import f\n\n\n@pytest.fixture\ndef xs():\n    return [1]\n\n\ndef test_a(xs):\n"
        tree = fenced.tree_of(f"Here:\n\n```python\n{code}    assert f(2) == 4\n```")
        assert [t.name for t in pytest_file.tests_of(tree)] == ["test_a"] and pytest_file.fixture_used(tree, "xs")
        assert pytest_file.imported_at(tree, "f") == (1, 2) and pytest_file.imports_from(tree, "m", "f")
        assert pytest_file.asserted_values(tree, "f", lambda x: x * 2) == [True]
        assert pytest_file.asserted_values(tree, "f", lambda x: x + 1) == [False]
        assert fenced.tree_of("def (:\n").body == []
        # By hand: 1m30s is 90 seconds, not 80; five parse cases where five are asked.
        case = next(c for c in FRESH4_SET if c.id == "pytest_file-01")
        assert 'assert parse_duration("1m30s") == 80' in case.answer and '("1h1m1s", 3661),\n    ],' in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_print": True, "import_order": True, "values": False}
        # By hand: six tests where five are asked, and pytest.raises(ValueError) for a TypeError.
        case = next(c for c in FRESH4_SET if c.id == "pytest_file-08")
        assert case.answer.count("\ndef test_") == 6 and "pytest.raises(ValueError)" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_print": True, "count": False, "raises": False}

    def test_makefile_truths(self):
        text = "```make\nCC := gcc\n.PHONY: all t\nall: t\n\t@echo\nt x: all y ; echo\n    sudo ls\n# c\n```"
        made = makefile.parse(text)
        assert made.variables == {"CC": "gcc"} and makefile.targets(made) == ["all", "t", "x"]
        assert makefile.prerequisites(made, ".PHONY") == ["all", "t"] and makefile.prerequisites(made, "x") == [
            "all",
            "y",
        ]
        assert made.recipes == {"all": ["\t@echo"], "t": ["    sudo ls"], "x": ["    sudo ls"]}
        # By hand: test comes first, and runs $(MAKE) install instead of depending on it.
        case = next(c for c in FRESH4_SET if c.id == "makefile-05")
        assert "```make\nPYTHON := python3.11\n" in case.answer and "\n\ntest:\n\t$(MAKE) install\n" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"default": False, "deps": False, "clean": True}
        # By hand: publish left out of .PHONY, and rsync run with sudo.
        case = next(c for c in FRESH4_SET if c.id == "makefile-03")
        assert ".PHONY: all html pdf clean\n" in case.answer and "\tsudo rsync -av" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_sudo": False, "clean": True, "phony": False}

    def test_faq_page_truths(self):
        page = "Intro\n\n# T FAQ\n\n## Why?\n\nBecause.\n\n## why\n\nSee [help](https://x.org/h).\n"
        assert faq_page.questions(page) == [("Why?", "Because."), ("why", "See [help](https://x.org/h).")]
        assert faq_page.normal("Why?") == faq_page.normal("why") and faq_page.links(page) == [
            ("help", "https://x.org/h")
        ]
        assert faq_page.sections(page)[0][:2] == ("#", "T FAQ")
        # By hand: the title one level down, a question dropped, and the gluten-free question asked again.
        case = next(c for c in FRESH4_SET if c.id == "faq_page-02")
        assert case.answer.count("### Do you make gluten-free bread?") == 2 and "## Crumb & Co FAQ" in case.answer
        assert len(faq_page.questions(case.answer)) == 6 and "minimum order" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_repeat": False, "link": True, "count": False}
        # By hand: the ordering answer runs well past 45 words, and the link goes to crumbandco.co.
        case = next(c for c in FRESH4_SET if c.id == "faq_page-06")
        assert "](https://crumbandco.co/contact)" in case.answer
        assert faq_page.words(faq_page.questions(case.answer)[1][1]) > 55
        assert {c.kind: c.met for c in case.criteria} == {"short": False, "title": True, "link": False}


SWITCHED_SUBJECTS = {
    module: subjects
    for name, (_, pairs) in TestTheFamilies.FRESH_SETS.items()
    if name != "fresh"
    for module, subjects in pairs
}
"""The subjects of each family whose answers are assembled from switches (fresh2 onwards)."""


@pytest.mark.parametrize(
    "module",
    list(SWITCHED_SUBJECTS),
    ids=lambda m: m.FAMILY,
)
def test_every_switch_decides_its_own_criterion_whatever_the_others_are(module):
    """Each truth function of the fresh2 to fresh40 families reads what its switch changed,
    whatever the other switches are."""
    for subject in SWITCHED_SUBJECTS[module]:
        for on, answer in every_answer(module, subject):
            truths = {c.kind: c.met for c in module.candidates(random.Random(0), subject, answer)}
            assert truths == on, (module.FAMILY, on, answer)


class TestTheFresh5Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_every_class_answer_parses_and_a_message_is_clear_of_the_limit(self):
        for spec in python_class.SPECS:
            for _, answer in every_answer(python_class, spec):
                assert fenced.tree_of(answer).body, answer
        for product in ui_error_messages.PRODUCTS:
            for on, answer in every_answer(ui_error_messages, product):
                longest = max(len(text) for _, text in ui_error_messages.messages(answer))
                assert longest <= product.limit - 5 if on["short"] else longest >= product.limit + 5, answer

    def test_user_story_truths(self):
        story = "## Acceptance criteria\n\n1. Given a, when b, then c.\n2. When d, then e.\n\n## Notes\n\n- x\n"
        assert user_story.acceptance_criteria(story) == ["1. Given a, when b, then c.", "2. When d, then e."]
        assert [user_story.has_gwt(c) for c in user_story.acceptance_criteria(story)] == [True, False]
        assert user_story.role_of("As an editor, I want things") == "editor" and user_story.role_of("Hi") is None
        assert user_story.estimate_of("Intro 2\n**Estimate:** 8 points") == 8
        # By hand: a new customer where a returning one is asked, and the benefit in a sentence of its own.
        case = next(c for c in FRESH5_SET if c.id == "user_story-01")
        assert "As a new customer, I want my cart to be kept when I leave the shop. This means" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"so_that": False, "role": False, "out_of_scope": True}
        # By hand: a fifth scenario where four are asked, "That way" for "so that", 4 off the Fibonacci scale.
        case = next(c for c in FRESH5_SET if c.id == "user_story-04")
        assert case.answer.count("Scenario:") == 5 and "**Estimate:** 4 story points" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"count": False, "no_detail": True, "so_that": False}

    def test_python_class_truths(self):
        tree = fenced.tree_of("```python\nclass E(Exception): pass\nclass A:\n    def f(self, x: int): raise E\n```")
        cls = python_class.main_class(tree)
        assert cls is not None and cls.name == "A" and list(python_class.methods_of(cls)) == ["f"]
        assert not python_class.fully_hinted(python_class.methods_of(cls)["f"])
        assert python_class.raises_in(python_class.methods_of(cls)["f"], "E")
        assert fenced.tree_of("class (:").body == [] and python_class.main_class(ast.parse("")) is None
        # By hand: the class is RateLimit, its docstring a comment above it; acquire still raises the right error.
        case = next(c for c in FRESH5_SET if c.id == "python_class-02")
        assert "# Allows at most" in case.answer and "class RateLimit:\n" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"init": True, "docstring": False, "raises": True}
        # By hand: remove raises LookupError for KeyError, and item_count is a plain method.
        case = next(c for c in FRESH5_SET if c.id == "python_class-07")
        assert "raise LookupError(sku)" in case.answer and "    def item_count(self) -> int:" in case.answer
        assert "@property" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"raises": False, "init": True, "property": False}

    def test_ui_error_messages_truths(self):
        table = "| Case | Message |\n|---|---|\n| A | “Try again.” |\n"
        assert ui_error_messages.messages(table) == [("A", "Try again.")]
        labels = "```markdown\n**A**\nCheck it.\n\n**B**\nWait.\n```"
        assert ui_error_messages.messages(labels) == [("A", "Check it."), ("B", "Wait.")]
        assert ui_error_messages.sentence_case("Check your Wi-Fi and MB. Try now.", ("Wi-Fi",))
        assert not ui_error_messages.sentence_case("Check Your phone.", ())
        assert ui_error_messages.has_next_step("It broke. Free up space.", ("Free up",))
        assert ui_error_messages.CODE.search("(code 1003)") and not ui_error_messages.CODE.search("over 25 MB")
        # By hand: a title-cased lead, an "invalid", and the timed-out case left out.
        case = next(c for c in FRESH5_SET if c.id == "ui_error_messages-00")
        assert "Photo Too Large." in case.answer and "Upload timed out" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"sentence_case": False, "no_code": True, "no_exclaim": True}
        # By hand: ERR_402 shown, and "Tomorrow the limit resets." where a next step should be.
        case = next(c for c in FRESH5_SET if c.id == "ui_error_messages-05")
        assert "(ERR_402)" in case.answer and "Tomorrow the limit resets. |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"next_step": False, "no_code": False, "sentence_case": True}

    def test_meeting_agenda_truths(self):
        assert meeting_agenda.minutes_of("1:30 pm") == 13 * 60 + 30 and meeting_agenda.minutes_of("12 am") == 0
        assert meeting_agenda.span("Time: 9:00 am to 10:30 am\n") == (540, 630) and meeting_agenda.span("x") is None
        listed = "1. Intro — Ann (10 min)\n2. Break (5 min)\n- **Plan**, 20 minutes, owner: Bo Li\n"
        assert meeting_agenda.items(listed) == [("Intro", "Ann", 10), ("Break", "", 5), ("Plan", "Bo Li", 20)]
        # By hand: the wrap-up one place from the end, and 1:00 pm to 3:45 pm for 150 minutes.
        case = next(c for c in FRESH5_SET if c.id == "meeting_agenda-05")
        assert "5. Wrap-up and actions — Omar (25 min)\n6. Sketching ideas" in case.answer
        assert "**Time:** 1:00 pm–3:45 pm" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"sum": True, "place": False, "times": False}
        # By hand: no goal line; the minutes add to 180 and the apologies come first.
        case = next(c for c in FRESH5_SET if c.id == "meeting_agenda-06")
        assert "Goal" not in case.answer and sum(m for *_, m in meeting_agenda.items(case.answer)) == 180
        assert {c.kind: c.met for c in case.criteria} == {"sum": True, "goal": False, "place": True}


class TestTheFresh6Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_an_abstract_and_a_poems_lines_are_clear_of_their_limits_however_words_are_counted(self):
        for study in research_abstract.STUDIES:
            for on, answer in every_answer(research_abstract, study):
                text = " ".join(research_abstract.paragraphs(answer))
                counts = (research_abstract.words(text), len(text.split()))
                assert max(counts) <= study.limit - 8 if on["words"] else min(counts) >= study.limit + 15, answer
        for poem in acrostic_poem.POEMS:
            for on, answer in every_answer(acrostic_poem, poem):
                lines = [line for stanza in acrostic_poem.read(answer)[1] for line in stanza]
                counts = [(len(acrostic_poem.words(line)), len(line.split())) for line in lines]
                if on["lines"]:
                    assert max(max(c) for c in counts) <= poem.limit - 1, answer
                else:
                    assert max(min(c) for c in counts) >= poem.limit + 2, answer

    def test_research_abstract_truths(self):
        answer = "Here:\n\n**Abstract**\n\nOne result. Two\nlines.\n\nThree."
        assert research_abstract.paragraphs(answer) == ["One result. Two lines.", "Three."]
        assert research_abstract.sentences("It was 1.5 times. Then e.g. more. We end.") == [
            "It was 1.5 times.",
            "Then e.g. more.",
            "We end.",
        ]
        assert research_abstract.numbers("1,204 adults (95% CI 9–26%)") == [1204, 95, 9, 26]
        for cited in ("risk [7, 8].", "blamed (Hale and Guan, 2015).", "Gulshan et al. showed"):
            assert research_abstract.CITATION.search(cited), cited
        assert not research_abstract.CITATION.search("lower (95% CI 9–26%) in 2021")
        assert research_abstract.states("of 94.2% and", "94.2%") and not research_abstract.states("194.2%", "94.2%")
        # By hand: a [4] after the first sentence; 1,204 stated and no "we".
        case = next(c for c in FRESH6_SET if c.id == "research_abstract-00")
        assert "health services [4]." in case.answer and "1,204 adults" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"size": True, "no_first_person": True, "no_citations": False}
        # By hand: "Our paper describes", and the abstract still ends on what its results support.
        case = next(c for c in FRESH6_SET if c.id == "research_abstract-06")
        assert "Our paper describes" in case.answer and case.answer.endswith("safer street design.")
        assert {c.kind: c.met for c in case.criteria} == {
            "design": True,
            "implications": True,
            "no_first_person": False,
        }

    def test_lesson_plan_truths(self):
        plan = "## Lesson outline\n\n| Step | Time | Notes |\n|---|---|---|\n| A | 5 min | x |\n| B | — | y 3 |\n"
        assert lesson_plan.activities(plan) == [("A x", 5), ("B y 3", None)]
        listed = "**Procedure**\n\n1. **Quiz** (10 min) — sums.\n- **5 min** · Pairs: talk.\n- Tidy up.\n"
        assert lesson_plan.activities(listed) == [
            ("**Quiz** (10 min) — sums.", 10),
            ("**5 min** · Pairs: talk.", 5),
            ("Tidy up.", None),
        ]
        assert lesson_plan.verb_of("Students will be able to understand x") == "understand"
        assert lesson_plan.verb_of("**Explain** why.") == "explain"
        # By hand: a fourth objective, the second "Understand how ..."; the think-pair-share is there.
        case = next(c for c in FRESH6_SET if c.id == "lesson_plan-00")
        assert "4. Describe where water is stored on Earth." in case.answer and "2. Understand how" in case.answer
        assert "| Think-pair-share | 5 min |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"activity": True, "objectives": False, "verbs": False}
        # By hand: index cards in the materials list; sticky notes only in an activity.
        case = next(c for c in FRESH6_SET if c.id == "lesson_plan-06")
        assert "- Index cards in two colours" in case.answer and "on a sticky note" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"activity": True, "verbs": True, "material": False}

    def test_acrostic_poem_truths(self):
        poem = "Here it is:\n\n## **Sea**\n\n**S**alt and\nEbb *tide*\n\nAll done,\nby the sky.\n\nEnjoy!"
        assert acrostic_poem.read(poem) == ("Sea", [["Salt and", "Ebb tide"], ["All done,", "by the sky."]])
        assert acrostic_poem.read("A b\nC d") == (None, [["A b", "C d"]])
        assert acrostic_poem.rhymes("wide, clean sky,", "gone by.") and not acrostic_poem.rhymes("sky", "past")
        assert not acrostic_poem.rhymes("the night", "the night")
        # By hand: terns in the second line, the gulls one line down; the initials spell OCTAN.
        case = next(c for c in FRESH6_SET if c.id == "acrostic_poem-00")
        assert "**C**ircling terns" in case.answer and "**T**he waves bring gulls" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"title": True, "avoid": True, "placed": False}
        # By hand: ten words in the fourth line, and the orchard in the second line, not the first.
        case = next(c for c in FRESH6_SET if c.id == "acrostic_poem-05")
        assert "Umber and russet leaves drift down along the quiet lane," in case.answer
        assert "Apples drop in the long grass," in case.answer and "Under orchard oaks" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"placed": False, "spell": True, "lines": False}

    def test_cli_readme_truths(self):
        readme = "# t\n\n## Usage\n\n```sh\n## not a section\n$ t --a=1 -b x | grep -v y\n```\n\n## Options\n\n"
        readme += "| Flag | What |\n|---|---|\n| `-b, --a <N>` | read-only, e.g. `-` |\n"
        assert [title for title, _ in cli_readme.sections(readme)] == ["Usage", "Options"]
        assert cli_readme.example_flags(readme, "t") == ["--a", "-b"] and cli_readme.documented(readme) == {"-b", "--a"}
        assert cli_readme.in_a_block("```\n$ pip install t\n```", "pip install t")
        assert not cli_readme.in_a_block("Run `pip install t`.", "pip install t")
        # By hand: the install command inline, and a Changelog section making five.
        case = next(c for c in FRESH6_SET if c.id == "cli_readme-00")
        assert "Install it with `cargo install logslice`." in case.answer and "## Changelog" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"install": False, "requires": True, "sections": False}
        # By hand: --compress is in the example but not the options, and Python 3.8 for 3.10.
        case = next(c for c in FRESH6_SET if c.id == "cli_readme-05")
        assert "--keep 7 --compress zstd" in case.answer and "Requires Python 3.8 or later." in case.answer
        assert "--compress" not in cli_readme.section(case.answer, "Options")
        assert {c.kind: c.met for c in case.criteria} == {"example_flags": False, "requires": False, "flag": True}


class TestTheFresh7Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_prose_and_a_limericks_lines_are_clear_of_their_limits_however_words_are_counted(self):
        for comparison in product_comparison.COMPARISONS:
            for on, answer in every_answer(product_comparison, comparison):
                blocks = product_comparison.prose(answer)
                counts = (product_comparison.words(blocks), len(" ".join(blocks).split()))
                limit = comparison.limit
                assert max(counts) <= limit - 10 if on["words"] else min(counts) >= limit + 10, answer
        for poem in limerick.LIMERICKS:
            for on, answer in every_answer(limerick, poem):
                counts = [(len(limerick.words(line)), len(line.split())) for line in limerick.read(answer)[1]]
                if on["words"]:
                    assert max(max(c) for c in counts) <= poem.limit - 1, answer
                else:
                    assert max(min(c) for c in counts) >= poem.limit + 2, answer

    def test_the_sqlite_migration_runs_up_and_down(self):
        change = sql_migration.CHANGES[1]
        found = sql_migration.parts(sql_migration.build(change, dict.fromkeys(sql_migration.SWITCHES, True)))
        db = sqlite3.connect(":memory:")
        db.executescript("CREATE TABLE customers (id INTEGER PRIMARY KEY); INSERT INTO customers VALUES (1);")
        db.executescript(found["up"])
        assert db.execute("SELECT credit_limit FROM customers").fetchall() == [(0,)]
        assert db.execute("SELECT count(*) FROM invoices").fetchone() == (0,)
        db.executescript(found["down"])
        assert [row[0] for row in db.execute("SELECT name FROM sqlite_master")] == ["customers"]
        assert [row[1] for row in db.execute("PRAGMA table_info(customers)")] == ["id"]

    def test_changelog_entry_truths(self):
        entry = (
            "## [1.2.0] - 2026-01-05\n\n### Added\n\n- One\n- Two\n  wrapped\n\n### Fixed\n\n### Removed\n\n* Gone\n"
        )
        assert changelog_entry.heading(entry) == ("1.2.0", "2026-01-05")
        assert changelog_entry.heading("# Changelog\n\n## v3.0.0 — 2026-12-01") == ("3.0.0", "2026-12-01")
        assert changelog_entry.groups(entry) == [
            ("Added", [["One"], ["Two", "wrapped"]]),
            ("Fixed", []),
            ("Removed", [["Gone"]]),
        ]
        assert changelog_entry.group_of(entry, "wrapped") == "Added" and changelog_entry.group_of(entry, "x") is None
        assert changelog_entry.in_order(["Added", "Removed", "Fixed"])
        assert not changelog_entry.in_order(["Added", "Fixed", "Removed"])
        # By hand: Fixed comes first, and the issue is #482 as asked.
        case = next(c for c in FRESH7_SET if c.id == "changelog_entry-00")
        assert case.answer.index("### Fixed") < case.answer.index("### Added") and "(#482)" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"date": True, "issue": True, "order": False}
        # By hand: an empty Deprecated heading, and seven entries where six are allowed.
        case = next(c for c in FRESH7_SET if c.id == "changelog_entry-06")
        assert "### Deprecated\n\n### Removed" in case.answer and case.answer.count("\n- ") == 7
        assert {c.kind: c.met for c in case.criteria} == {"breaking": True, "count": False, "empty": False}

    def test_sql_migration_truths(self):
        answer = "Up and down:\n\n**Up**\n\n```sql\n-- add it\nBEGIN;\nCREATE TABLE t (a INT);\nCOMMIT;\n```\n"
        answer += "\nThe down part:\n\n```sql\nDROP TABLE t;\n```"
        assert sql_migration.parts(answer) == {
            "up": "-- add it\nBEGIN;\nCREATE TABLE t (a INT);\nCOMMIT;",
            "down": "DROP TABLE t;",
        }
        bare = "Here:\n\n-- Up\nCREATE TABLE t (a INT);\n-- Down\nDROP TABLE t;"
        assert sql_migration.parts(bare) == {"up": "CREATE TABLE t (a INT);", "down": "DROP TABLE t;"}
        assert sql_migration.statements("BEGIN; -- x; y\nCREATE TABLE t (\n  n NUMERIC(10, 2)\n);") == [
            "BEGIN",
            "CREATE TABLE t(n NUMERIC(10, 2))",
        ]
        assert sql_migration.columns("a INT, b NUMERIC(10, 2) NOT NULL, c TEXT") == [
            "a INT",
            "b NUMERIC(10, 2) NOT NULL",
            "c TEXT",
        ]
        assert sql_migration.type_of("b NUMERIC(10, 2) NOT NULL") == "NUMERIC(10,2)"
        assert sql_migration.type_of("e TIMESTAMP DEFAULT now()") == "TIMESTAMP"
        assert sql_migration.wrapped(["START TRANSACTION", "x"]) is False
        # By hand: body is VARCHAR(255) and the foreign key has no name; the rest is right.
        case = next(c for c in FRESH7_SET if c.id == "sql_migration-00")
        assert "body VARCHAR(255) NOT NULL" in case.answer and "    FOREIGN KEY (order_id)" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"transaction": True, "not_null_default": True, "fk": False}
        # By hand: the down part drops the table and the index but keeps customers.credit_limit.
        case = next(c for c in FRESH7_SET if c.id == "sql_migration-05")
        assert "DROP COLUMN" not in case.answer and "DROP TABLE IF EXISTS invoices;\n\nCOMMIT;" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"down": False, "not_null_default": True, "transaction": True}

    def test_product_comparison_truths(self):
        names = ["A 1", "B 2"]
        turned = "|  | **A 1** | B 2 |\n|:--|--:|---|\n| Price | $1,049 | $99 |\n| Weight | 1 kg | 2 |\n"
        assert product_comparison.records(turned, names) == {
            "A 1": {"Price": "$1,049", "Weight": "1 kg"},
            "B 2": {"Price": "$99", "Weight": "2"},
        }
        rows = "Hi:\n\n| Model | Price (USD) |\n|---|---|\n| B 2 | $99 |\n| C 3 | $5 |\n\nPick B 2."
        assert product_comparison.records(rows, names) == {"B 2": {"Price (USD)": "$99"}}
        assert product_comparison.prose(rows) == ["Hi:", "Pick B 2."] and product_comparison.price("$1,049") == 1049
        # By hand: the Nordsound Air at $197 for $179; every product still has its row.
        case = next(c for c in FRESH7_SET if c.id == "product_comparison-00")
        assert "| Nordsound Air | $197 |" in case.answer and "| Pulse Pro | $139 |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"prices": False, "rows": True, "words": True}
        # By hand: no battery row in the table, though the prose speaks of battery life.
        case = next(c for c in FRESH7_SET if c.id == "product_comparison-03")
        assert "| Weight | 1.2 kg |" in case.answer and "| Battery" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"rows": True, "units": True, "spec": False}

    def test_limerick_truths(self):
        poem = "Here:\n\n**Title**\n\nA cat from Peru\nHad nothing to do\n\nA note."
        assert limerick.read(poem) == ("Title", ["A cat from Peru", "Had nothing to do"])
        assert limerick.rhyme("from Peru,", "to do;", "evening through!") and not limerick.rhyme("Peru", "Peru")
        assert not limerick.rhyme("rather fat,", "rather round,") and not limerick.rhyme("a round", "a sound")
        # By hand: Hull for Leeds, and "planned" where "caught" wants a rhyme.
        case = next(c for c in FRESH7_SET if c.id == "limerick-01")
        assert "In Hull lived a coder" in case.answer and "Took less time than she planned," in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"title": True, "first_line": False, "b_rhyme": False}
        # By hand: a wyvern, not a dragon; the fifth line still ends on "!".
        case = next(c for c in FRESH7_SET if c.id == "limerick-06")
        assert "dragon" not in case.answer and case.answer.endswith("smoke ring or two!")
        assert {c.kind: c.met for c in case.criteria} == {"exclaim": True, "subject": False, "b_rhyme": False}


class TestTheFresh8Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_a_glossarys_definitions_are_clear_of_the_limit_however_words_are_counted(self):
        for gloss in glossary.GLOSSARIES:
            for on, answer in every_answer(glossary, gloss):
                counts = [(glossary.words(d), len(d.split())) for _, _, d, *_ in glossary.entries(answer)]
                if on["length"]:
                    assert max(max(c) for c in counts) <= gloss.limit - 2, answer
                else:
                    assert max(min(c) for c in counts) >= gloss.limit + 8, answer

    def test_status_report_truths(self):
        report = "Hi:\n\n# T\n\n**Overall:** Amber, five items done\n\n## ✅ Done:\n\n- a\n* b\n\n"
        report += "**In progress**\n\n1. c (Ann)\n\n### Risks\n\n- x\n\n## Next week\n\n- d"
        assert status_report.sections(report) == [("done", ["a", "b"]), ("progress", ["c (Ann)"]), ("next", ["d"])]
        assert status_report.stated_count(status_report.top(report)) == 5
        assert status_report.split_total("Split: 50% a, 30% b / 25.5% c\n- 60%") == 105.5
        assert status_report.OTHER_DATE.search("due 22/05") and not status_report.OTHER_DATE.search("2026-05-22")
        assert status_report.TICKET.search("(WEB-77)") and not status_report.TICKET.search("2026-05-22")
        # By hand: Next week (four items, as allowed) before Blocked; the careers page on hold, waiting on nothing.
        case = next(c for c in FRESH8_SET if c.id == "status_report-03")
        assert case.answer.index("## ➡️ Next week") < case.answer.index("## 🛑 Blocked")
        assert "- Careers page (Ines): on hold" in case.answer and len(status_report.items(case.answer, "next")) == 4
        assert {c.kind: c.met for c in case.criteria} == {"next_limit": True, "blocked": False, "order": False}
        # By hand: DATA-310 copied from the notes and "Oct 30"; every item in progress has its owner.
        case = next(c for c in FRESH8_SET if c.id == "status_report-06")
        assert "Warehouse migration (DATA-310), 45% (Jonas), due Oct 30" in case.answer
        assert "- PII tagging, 80% (Sara)" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_tickets": False, "owners": True, "dates": False}

    def test_crontab_truths(self):
        tab = 'Here:\n\n```cron\nMAILTO="a@b.c"\n# x\n*/5 * * * * /bin/a >> /l/a.log 2>&1\n\n'
        tab += "0 8 * * MON b > /dev/null\n```\n0 1 * * * /outside"
        assert crontab.jobs(tab) == [
            (["*/5", "*", "*", "*", "*"], "/bin/a >> /l/a.log 2>&1", "# x"),
            (["0", "8", "*", "*", "MON"], "b > /dev/null", "*/5 * * * * /bin/a >> /l/a.log 2>&1"),
        ]
        assert crontab.env(tab) == {"MAILTO": "a@b.c"} and crontab.job_of("# 0 1 * * * /x") is None
        assert crontab.on_day("MON", 1) and crontab.on_day("7", 0) and not crontab.on_day("1", 0)
        assert not crontab.LOG.search("b > /dev/null 2>&1") and crontab.ERRORS.search("b > /dev/null 2>&1")
        # By hand: the ETL job lost its comment, and cron mail goes to data@ instead of data-oncall@.
        case = next(c for c in FRESH8_SET if c.id == "crontab-03")
        assert "2>&1\n\n50 11 * * * /opt/etl/bin/run-etl.sh" in case.answer
        assert "MAILTO=data@brightlane.com" in case.answer and case.answer.count("/opt/etl/bin/") == 3
        assert {c.kind: c.met for c in case.criteria} == {"comment": False, "count": True, "mailto": False}
        # By hand: the photos at 13:15 for 1:15 am; the DNS job every 10 minutes, every job with 2>&1.
        case = next(c for c in FRESH8_SET if c.id == "crontab-13")
        assert "15 13 * * * /usr/bin/rsync" in case.answer and "*/10 * * * * /usr/sbin/ddclient" in case.answer
        assert case.answer.count("2>&1") == 4
        assert {c.kind: c.met for c in case.criteria} == {"daily": False, "frequent": True, "errors": True}

    def test_glossary_truths(self):
        terms = "Terms:\n\n# Git glossary\n\n**Branch:** A line. _Example:_ `git switch`. _See also:_ Commit and "
        terms += "Merge.\n\nMerge — Joining. *See also:* Branch\n\n- **Commit**: A snapshot. Example: one.\n  More.\n"
        assert glossary.entries(terms) == [
            ("Branch", True, "A line.", "`git switch`.", ["Commit", "Merge"]),
            ("Merge", False, "Joining.", None, ["Branch"]),
            ("Commit", True, "A snapshot.", "one. More.", []),
        ]
        assert glossary.titled(terms, "Git") and not glossary.titled("# Digital photos", "Git")
        assert glossary.uses_itself("Merge", "To merge is") and not glossary.uses_itself("Commit", "Your commits")
        # By hand: Espresso before Crema, and "The crema is" defining crema; every definition is short.
        case = next(c for c in FRESH8_SET if c.id == "glossary-03")
        assert case.answer.index("**Espresso**") < case.answer.index("**Crema**")
        assert "**Crema** — The crema is the tan foam" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_self": False, "alphabetical": False, "length": True}
        # By hand: no example for the roast date, and 37 words defining extraction; every term in bold.
        case = next(c for c in FRESH8_SET if c.id == "glossary-15")
        assert case.answer.endswith(
            "- **Roast date** — The day the beans came out of the roaster; most beans taste best "
            "one to four weeks after it."
        )
        extraction = next(d for t, _, d, *_ in glossary.entries(case.answer) if t == "Extraction")
        assert len(extraction.split()) == 37
        assert {c.kind: c.met for c in case.criteria} == {"bold": True, "example": False, "length": False}

    def test_code_review_truths(self):
        review = "Intro.\n\n**1. `f()`, line 3 — Major**\nBad.\nSuggested fix: x.\n\n"
        review += "### Comment 2: L9 · severity: nit\nHm.\n\n**Verdict: Request changes.** Fix it."
        assert code_review.comments(review) == [
            "**1. `f()`, line 3 — Major**\nBad.\nSuggested fix: x.",
            "### Comment 2: L9 · severity: nit\nHm.",
        ]
        assert code_review.verdict(review) == "request" and code_review.in_order(code_review.comments(review))
        assert code_review.verdict("A.\n\nOverall verdict: **approve**, fine.") == "approve"
        assert not code_review.in_order(["- **nit**", "- **blocker**"]) and code_review.rank("no severity") is None
        # By hand: line 7 has no severity, and the minor comment comes before the blocker.
        case = next(c for c in FRESH8_SET if c.id == "code_review-03")
        assert "- **Line 7**\n" in case.answer and case.answer.index("Line 9") < case.answer.index("Line 6")
        assert {c.kind: c.met for c in case.criteria} == {"verdict": True, "locate": True, "severity": False}
        # By hand: line 6 is faulted for printing nothing, not for wiping / when BUILD_DIR is empty.
        case = next(c for c in FRESH8_SET if c.id == "code_review-07")
        assert "`rm -rf` runs without printing what it deletes" in case.answer and "empty" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"tone": True, "locate": True, "bug": False}


class TestTheFresh9Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_a_packing_lists_weight_is_clear_of_its_limit_whatever_the_other_switches_are(self):
        for trip in packing_list.TRIPS:
            for on, answer in every_answer(packing_list, trip):
                grams = sum(packing_list.weight(item) for item in packing_list.items(answer))
                assert grams <= trip.limit - 150 if on["limit"] else grams >= trip.limit + 150, answer

    def test_bibliography_truths(self):
        listed = "Sources, 2 references:\n\n**References**\n\n1. Ng, S. (2018). *A book*. Press.\n"
        listed += "2. Tanaka H., 2021. Title. *J*, *1*, 2. DOI: 10.1016/j.jss.2021.110931"
        assert bibliography.entries(listed) == [
            "Ng, S. (2018). *A book*. Press.",
            "Tanaka H., 2021. Title. *J*, *1*, 2. DOI: 10.1016/j.jss.2021.110931",
        ]
        assert bibliography.split("Tanaka H., 2021. Title.") == ("Tanaka H.", "2021")
        assert bibliography.split("Iyer, P., & Doyle, M. (2019). X.") == ("Iyer, P., & Doyle, M.", "(2019)")
        assert bibliography.AUTHORS.match("Okafor, C. N., Bello, A., & Reyes, T.")
        assert not bibliography.AUTHORS.match("Okafor, Chidi N., Bello, A.") and not bibliography.AUTHORS.match(
            "Tanaka H."
        )
        assert bibliography.headings(listed) == ["references"] and bibliography.stated_count(listed) == 2
        assert not bibliography.dois_linked(bibliography.entries(listed))
        assert bibliography.dois_linked(["X. https://doi.org/10.1145/3487569"])
        # By hand: Lindqvist before Haddad, "and" before Vogt and a bare 2023; the one DOI-less entry is a book.
        case = next(c for c in FRESH9_SET if c.id == "bibliography-00")
        assert case.answer.index("Lindqvist, E.") < case.answer.index("Haddad, S., 2023.")
        assert "Brenner, D., and Vogt, L. (2020)" in case.answer and case.answer.count("https://doi.org/") == 4
        assert {c.kind: c.met for c in case.criteria} == {"ampersand": False, "doi": True, "year": False}
        # By hand: Nation (2013) was not among the six sources, and the list says 8 entries for 7.
        case = next(c for c in FRESH9_SET if c.id == "bibliography-15")
        assert "5. Nation, P. (2013)." in case.answer and "8 entries" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"ampersand": False, "order": True, "only_given": False}

    def test_terraform_module_truths(self):
        code = 'x {\n  a = "}"\n}\n# resource "r" "n" {\nresource "aws_security_group" "s" {\n  ingress {\n'
        code += '    from_port = 0\n    to_port = 65535\n    cidr_blocks = ["0.0.0.0/0"]\n  }\n}'
        found = terraform_module.blocks(terraform_module.code_of(code))
        assert [(kind, labels) for kind, labels, _ in found] == [("x", ()), ("resource", ("aws_security_group", "s"))]
        assert terraform_module.exposed(found, 22) is True and terraform_module.exposed(found[:1], 22) is None
        assert terraform_module.tagged('  tags = {\n    Project = "p"\n    Environment = var.e\n  }')
        assert not terraform_module.tagged('  tags = {\n    Project = "p"\n  }')
        assert terraform_module.PINNED.match("~> 5.40") and terraform_module.PINNED.match("5.46.0")
        assert not terraform_module.PINNED.match(">= 5.46.0")
        # By hand: SSH open to the world, keys in the provider and the group's name output for its ID.
        case = next(c for c in FRESH9_SET if c.id == "terraform_module-00")
        assert 'access_key = "AKIAIOSFODNN7EXAMPLE"' in case.answer and "aws_security_group.web.name" in case.answer
        assert (
            'cidr_blocks = ["0.0.0.0/0"]\n  }\n\n  egress' in case.answer and 'sse_algorithm = "AES256"' in case.answer
        )
        assert {c.kind: c.met for c in case.criteria} == {"encryption": True, "exposed": False, "no_secrets": False}
        # By hand: no bucket ARN output and ">= 5.0"; the password still comes from a sensitive variable.
        case = next(c for c in FRESH9_SET if c.id == "terraform_module-15")
        assert 'output "bucket_arn"' not in case.answer and 'version = ">= 5.0"' in case.answer
        assert "password               = var.db_password" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_secrets": True, "pinned": False, "outputs": False}

    def test_interview_guide_truths(self):
        guide = "# G\n\nA 20-minute chat.\n\n**Skills (15 min)**\n\n**Q1.** Do you code?\n*Follow-up:* Why?\n"
        guide += "2) Tell me about a bug.\n\n## Your questions - 5 minutes\n\n### Scoring\n\n- **1** Weak\n- 2 = Good"
        top, found = interview_guide.read(guide)
        assert interview_guide.length(top) == 20
        assert found == [
            ("Skills (15 min)", 15, [("Do you code?", "Why?"), ("Tell me about a bug.", None)], []),
            ("Your questions - 5 minutes", 5, [], []),
            ("Scoring", None, [], [1, 2]),
        ]
        assert interview_guide.CLOSED.match("Do you code?") and not interview_guide.CLOSED.match("Describe a bug.")
        assert interview_guide.ILLEGAL.search("your children") and not interview_guide.ILLEGAL.search("a teammate")
        # By hand: the 15 minutes of Problem solving make 50, not 45; a question about the candidate's children.
        case = next(c for c in FRESH9_SET if c.id == "interview_guide-08")
        assert "## Problem solving (15 min)" in case.answer and "> Ask only job-related questions" in case.answer
        assert "8. Tell me how you balanced on-call weeks with your children at home." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"close": True, "legal": False, "timing": False}
        # By hand: Collaboration is "Other questions", and the scale skips its top point.
        case = next(c for c in FRESH9_SET if c.id == "interview_guide-04")
        assert "## Other questions (10 min)" in case.answer and "- **4 -" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"competencies": False, "timing": True, "scale": False}

    def test_packing_list_truths(self):
        checklist = "Hi - 3 items:\n\n# T\n\n**Clothes**\n\n- [ ] 7 x T-shirts (1.05 kg)\n- Socks × 5 pairs — 250 g\n"
        checklist += "\n## Tech\n\n* [x] Laptop\n\n**Total weight: 1.30 kg**"
        assert packing_list.sections(checklist) == [
            ("Clothes", ["[ ] 7 x T-shirts (1.05 kg)", "Socks × 5 pairs — 250 g"]),
            ("Tech", ["[x] Laptop"]),
            ("Total weight: 1.30 kg", []),
        ]
        assert [packing_list.quantity(item) for item in packing_list.items(checklist)] == [7, 5, None]
        assert [packing_list.weight(item) for item in packing_list.items(checklist)] == [1050, 250, None]
        assert packing_list.stated_total(checklist) == 1300 and packing_list.stated_count(checklist) == 3
        # By hand: two pairs of socks for three days and a filled 3 l bladder (6.95 kg against 6 kg).
        case = next(c for c in FRESH9_SET if c.id == "packing_list-01")
        assert "- [ ] Hiking socks x 2 pairs - 160 g" in case.answer and "3.2 kg" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"categories": True, "quantities": False, "limit": False}
        # By hand: the toiletries run on under Clothes, and a hair dryer is packed after all.
        case = next(c for c in FRESH9_SET if c.id == "packing_list-12")
        assert "## Toiletries" not in case.answer and "- [ ] Travel hair dryer — 420 g" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"categories": False, "forbidden": False, "quantities": True}


class TestTheFresh10Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_a_wrong_amount_is_clear_of_the_tolerance_and_a_converted_one_is_exact(self):
        for scaling in recipe_scaling.SCALINGS:
            n, m, _ = scaling.servings
            on = dict.fromkeys(recipe_scaling.SWITCHES, True)
            for right in (False, True):
                answer = recipe_scaling.build(scaling, {**on, "quantities": right, "units": False})
                errors = []
                for value, _, rest in recipe_scaling.ingredients(answer):
                    at = recipe_scaling.matched(scaling, rest)
                    _, amount, unit = scaling.ingredients[at]
                    want = recipe_scaling.amount(amount, unit) * m / n
                    errors.append(abs(value - want) / want)
                assert max(errors) == 0 if right else max(errors) >= Fraction(1, 5), (scaling.servings, errors)

    def test_onboarding_checklist_truths(self):
        plan = "# P\n\n## Monday 2 March\n\n- A (owner: Sam)\n- B [Owner: TBD]\n\n**Tuesday, March 3**\n1. C\n"
        plan += "\n### Day 3 — 2026-03-04 (Wed)\n\n- D — owner Tomás\n\nThat's 4 tasks."
        assert onboarding_checklist.days(plan, 2026) == [
            (date(2026, 3, 2), ["A (owner: Sam)", "B [Owner: TBD]"]),
            (date(2026, 3, 3), ["C"]),
            (date(2026, 3, 4), ["D — owner Tomás"]),
        ]
        assert onboarding_checklist.owner("D — owner Tomás", ("Tomás",))
        assert (
            not onboarding_checklist.owner("B [Owner: TBD]", ("Sam",)) and onboarding_checklist.stated_count(plan) == 4
        )
        assert onboarding_checklist.working_days(date(2026, 4, 1))[3:] == [date(2026, 4, 6), date(2026, 4, 7)]
        # By hand: a courier task on Friday 3 July before a Monday start, and Thursday before Wednesday.
        case = next(c for c in FRESH10_SET if c.id == "onboarding_checklist-02")
        assert case.answer.index("**Friday, July 3") < case.answer.index("**Monday, July 6**")
        assert case.answer.index("**Thursday, July 9**") < case.answer.index("**Wednesday, July 8**")
        assert {c.kind: c.met for c in case.criteria} == {"order": False, "no_early": False, "limit": True}
        # By hand: the refund policy is named but not linked, and Tuesday has five tasks.
        case = next(c for c in FRESH10_SET if c.id == "onboarding_checklist-14")
        assert "Refund policy (ask Ola for the link)" in case.answer and "- Set up the headset" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_early": True, "links": False, "limit": False}

    def test_nginx_config_truths(self):
        code = "upstream app {\n  server 127.0.0.1:8000;\n}\n# gzip on;\nserver {\n  listen [::]:443 ssl;\n"
        code += '  add_header X-A "a; b" always;\n  location / { proxy_pass http://app; }\n}'
        found = nginx_config.parse(code)
        assert [(d.name, d.args) for d in found] == [("upstream", ("app",)), ("server", ())]
        assert [d.args for d in nginx_config.walk(found) if d.name == "add_header"] == [("X-A", "a; b", "always")]
        assert nginx_config.ports(found[1]) == [("443", ("ssl",))] and not any(d.name == "gzip" for d in found)
        assert nginx_config.reaches(found, "http://app") == {8000}
        assert nginx_config.reaches(found, "http://localhost:5000/") == {5000}
        assert nginx_config.size("100m") == nginx_config.size("100M") == 100 * 1024**2
        # By hand: the key is the certificate file, port 80 redirects to http, and /downloads/ lists files.
        case = next(c for c in FRESH10_SET if c.id == "nginx_config-12")
        assert "ssl_certificate_key /etc/letsencrypt/live/shop.example.com/cert.pem;" in case.answer
        assert "return 301 http://$host$request_uri;" in case.answer and "autoindex on;" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"https": False, "redirect": False, "no_autoindex": False}
        # By hand: the HTTPS server drops www, TLSv1 is allowed, and no client_max_body_size at all.
        case = next(c for c in FRESH10_SET if c.id == "nginx_config-02")
        assert "server_name notes.lena.dev;" in case.answer and "ssl_protocols TLSv1 TLSv1.1" in case.answer
        assert "client_max_body_size" not in case.answer and "    gzip_vary on;" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"server_name": False, "protocols": False, "body_size": False}

    def test_recipe_scaling_truths(self):
        assert [recipe_scaling.number(text) for text in ("1½", "1 1/4", "3/4", "1.35", "⅞")] == [
            Fraction(3, 2),
            Fraction(5, 4),
            Fraction(3, 4),
            Fraction(27, 20),
            Fraction(7, 8),
        ]
        text = "Serves: 4\nPrep 20 min | Bake 1 hr 5 mins | Total 85 min\n- 1⅞ cups stock\n* 2 cloves garlic\n"
        text += "- 3 lasagne sheets\n1. Heat the oven for 10 minutes."
        assert recipe_scaling.ingredients(text) == [
            (450, "cups", "stock"),
            (2, "cloves", "garlic"),
            (3, "", "lasagne sheets"),
        ]
        assert [recipe_scaling.minutes(text, part) for part in ("prep", "cook", "total")] == [20, 65, 85]
        assert recipe_scaling.stated(recipe_scaling.SERVES, text) == "4"
        assert recipe_scaling.stated(recipe_scaling.FACTOR, "**Scale factor:** ×1.5 (from 4)") == "1.5"
        # By hand: the flour left in ounces and the butter listed before the chocolate; 24 squares stated.
        case = next(c for c in FRESH10_SET if c.id == "recipe_scaling-10")
        assert "- 6 oz plain flour" in case.answer and "- 252 g butter\n- 336 g dark chocolate" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"units": False, "servings": True, "order": False}
        # By hand: the bake time in step 5 became 45 minutes; 25 + 65 = 90 minutes is the stated total.
        case = next(c for c in FRESH10_SET if c.id == "recipe_scaling-08")
        assert "bake for 45 minutes." in case.answer and "**Total:** 1 h 30 min" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"factor": True, "total": True, "steps": False}

    def test_sprint_retro_truths(self):
        retro = "Intro\n- stray\n\n### 👍 What went well\n- A\n\n**What didn’t go well**\n- B\n\n## Action items\n"
        retro += "1. C — Noor — by 2026-09-23\n\n#### Done this sprint\n- X · 5 pts\n\nVelocity: 5 pts, two stories"
        assert sprint_retro.sections(retro) == [
            ("other", ["stray"]),
            ("good", ["A"]),
            ("bad", ["B"]),
            ("actions", ["C — Noor — by 2026-09-23"]),
            ("done", ["X · 5 pts"]),
        ]
        assert (
            sprint_retro.stated(sprint_retro.VELOCITY, retro) == 5
            and sprint_retro.stated(sprint_retro.STORIES, retro) == 2
        )
        assert sprint_retro.date_in("Mei: draft it, due 3 Feb", 2026) == date(2026, 2, 3)
        assert sprint_retro.date_in("owner: Jun, due ASAP", 2026) is None
        # By hand: What didn't go well's items run on under What went well, with three action items for two.
        case = next(c for c in FRESH10_SET if c.id == "sprint_retro-05")
        assert "**What didn't go well**" not in case.answer and case.answer.count("— Owner:") == 3
        assert {c.kind: c.met for c in case.criteria} == {"sections": False, "count": False, "owners": True}
        # By hand: Luis is blamed for the failed builds; every action still has a date.
        case = next(c for c in FRESH10_SET if c.id == "sprint_retro-13")
        assert "because Luis skipped the CI checks" in case.answer and case.answer.count("Due: 2026-") == 3
        assert {c.kind: c.met for c in case.criteria} == {"count": False, "no_blame": False, "due": True}


class TestTheFresh11Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_a_day_over_the_limit_leaves_the_weeks_sum_as_it_was(self):
        for plan in workout_plan.PLANS:
            sums = {sum(day.minutes for day in workout_plan.days(a)) for _, a in every_answer(workout_plan, plan)}
            assert len(sums) == 1, (plan.forbidden, sums)

    def test_invoice_truths(self):
        text = (
            "## Invoice #1043\nIssued: 5 February 2026\n\n| Date | Item | Hours | Rate | Amount |\n|--|--|--|--|--|\n"
        )
        text += "| Jan 6 | Audit | 6 | £110.00 | £660.00 |\n\n- Jan 13 — Drafting: 8.5 h × £110.00 = £935.00\n\n"
        text += (
            "Subtotal: £1,595.00\nVAT at 20%: £319.00\nTotal hours: 14.5\nPlease quote invoice #1043 as the reference."
        )
        assert invoice.items(text) == [
            invoice.Item(date(2026, 1, 6), Decimal(6), Decimal("110.00"), Decimal("660.00")),
            invoice.Item(date(2026, 1, 13), Decimal("8.5"), Decimal("110.00"), Decimal("935.00")),
        ]
        assert invoice.amount_of(text, ("subtotal",)) == Decimal(1595) and invoice.amount_of(text, ("vat",)) == 319
        assert invoice.issued(text) == date(2026, 2, 5) and invoice.stated_units(text, "hours") == Decimal("14.5")
        assert invoice.invoice_number(text) == invoice.reference(text) == "1043"
        assert invoice.date_in("Due date: 2 March 2026") == date(2026, 3, 2)
        # By hand: the Bill to names only Sam Park, and the line totals add to $3,435.00, not $3,345.00.
        case = next(c for c in FRESH11_SET if c.id == "invoice-04")
        assert "**Bill to:** Sam Park, 400 Harbor Ave" in case.answer and "**Subtotal:** $3,345.00" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"reference": True, "subtotal": False, "client": False}
        # By hand: a print check billed at 0 days, the items dated 2 to 13 February in order, no company.
        case = next(c for c in FRESH11_SET if c.id == "invoice-13")
        assert "2026-02-13  Print check               0 days" in case.answer and "To:   Anouk Smit," in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"order": True, "no_zero": False, "client": False}

    def test_k8s_deployment_truths(self):
        code = "# c\nkind: Service\nspec:\n  selector: {app: a}\n  ports:\n  - {port: 80, targetPort: web}\n---\n"
        code += "kind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: a  # main\n"
        code += "        ports: [{name: web, containerPort: 8080}]\n        securityContext:\n          privileged: 'false'\n"
        found = k8s_deployment.documents(f"Here:\n\n```yaml\n{code}```\n\nDone.")
        assert found[0] == {
            "kind": "Service",
            "spec": {"selector": {"app": "a"}, "ports": [{"port": "80", "targetPort": "web"}]},
        }
        containers = found[1]["spec"]["template"]["spec"]["containers"]
        assert containers == [
            {
                "name": "a",
                "ports": [{"name": "web", "containerPort": "8080"}],
                "securityContext": {"privileged": "false"},
            }
        ]
        assert k8s_deployment.target(found[0]["spec"]["ports"][0], containers) == 8080
        assert k8s_deployment.tag("registry.internal:5000/fin/ledger") is None
        assert k8s_deployment.tag("fluent/fluent-bit:3.0.4") == "3.0.4"
        assert k8s_deployment.size("1Gi") == 2 * k8s_deployment.size("512Mi")
        # By hand: the liveness probe is on /readyz, and the sidecar has a memory limit but no CPU limit.
        case = next(c for c in FRESH11_SET if c.id == "k8s_deployment-01")
        assert "httpGet: {path: /readyz, port: http}" in case.answer and "limits: {memory: 64Mi}" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"selector": True, "probe": False, "limits": False}
        # By hand: the Service targets port 80 where the container listens on 8080, and memory is 512Mi.
        case = next(c for c in FRESH11_SET if c.id == "k8s_deployment-10")
        assert "    targetPort: 80\n" not in case.answer and case.answer.endswith("    targetPort: 80")
        assert "- containerPort: 8080" in case.answer and "cpu: 200m\n            memory: 512Mi" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"ports": False, "memory": False, "limits": True}

    def test_runbook_truths(self):
        text = "# R\nSeverity: P3 (page above 95%)\n\n### Step 1: Look\n```bash\ntail -n 5 app.log\n```\nExpected: errors.\n"
        text += "\n### Step 2: Restart\nrun systemctl restart app, then go to step 1.\n\n## Notes\n- a note"
        assert [(n, runbook.text_of(lines)) for n, lines in runbook.steps(text)] == [
            (1, "### Step 1: Look\n```bash\ntail -n 5 app.log\n```\nExpected: errors.\n"),
            (2, "### Step 2: Restart\nrun systemctl restart app, then go to step 1.\n"),
        ]
        code = [line for line, inside in runbook.lines_of(text) if inside]
        assert code == ["```bash", "tail -n 5 app.log", "```"] and runbook.severity(text) == "P3"
        assert runbook.COMMAND.search("run systemctl restart app") and not runbook.COMMAND.search("Leave MySQL running")
        # By hand: the workers restart in step 2 before the logs in step 3, step 5 scales out, and 7 is followed by 9.
        case = next(c for c in FRESH11_SET if c.id == "runbook-02")
        assert case.answer.index("**Restart the workers.**") < case.answer.index("**Read the worker logs.**")
        assert "./release.sh scale worker=6" in case.answer and "\n9. **Close the alert**" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"rollback": False, "numbered": False, "order": False}
        # By hand: step 4 restarts postgresql on the replica, the severity is P2, and step 5 still reverts.
        case = next(c for c in FRESH11_SET if c.id == "runbook-09")
        assert "ssh pg-replica-02 sudo systemctl restart postgresql\n" in case.answer and "Severity: P2" in case.answer
        assert "### Step 5: Roll back the retention change" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"rollback": True, "no_db_restart": False, "severity": False}

    def test_workout_plan_truths(self):
        plan = "# Week\n\n**Monday · Upper (60 min)**\nWarm-up — bike\n* Row — 4 × 6–8\n* Curl — 3 sets of 10\n\n"
        plan += "#### TUE — Rest\n\n## Thursday: Legs (45 minutes)\n1. Split squat — as many as you can\n\nWeekly total: 105 min"
        found = workout_plan.days(plan)
        assert [(d.weekday, d.rest, d.minutes, d.exercises) for d in found] == [
            (0, False, 60, ["Row — 4 × 6–8", "Curl — 3 sets of 10"]),
            (1, True, 0, []),
            (3, False, 45, ["Split squat — as many as you can"]),
        ]
        assert workout_plan.stated_total(plan) == 105 and workout_plan.legs_apart(found)
        assert [bool(workout_plan.SETS_REPS.search(e)) for d in found for e in d.exercises] == [True, True, False]
        # By hand: Tuesday runs 55 minutes against 45, and Thursday is now a fourth rest day; no jumping anywhere.
        case = next(c for c in FRESH11_SET if c.id == "workout_plan-02")
        assert "Tuesday: Legs (55 minutes)" in case.answer and "Thursday: Rest day, optional" in case.answer
        assert "jump" not in case.answer.lower().replace("no jumping", "")
        assert {c.kind: c.met for c in case.criteria} == {"forbidden": True, "rest": False, "minutes": False}
        # By hand: Monday opens straight with the bench press; the longest day is 70 minutes, days in order.
        case = next(c for c in FRESH11_SET if c.id == "workout_plan-05")
        assert "**Monday · Upper A (65 min)**\n* Bench press" in case.answer and "(90 min)" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"minutes": True, "order": True, "warmup": False}


class TestTheFresh12Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_a_budgets_stated_total_is_the_same_in_every_answer_and_under_its_cap(self):
        for budget in event_budget.BUDGETS:
            totals = {event_budget.amount_of(a, ("total",)) for _, a in every_answer(event_budget, budget)}
            assert len(totals) == 1 and totals.pop() < budget.cap, budget.capped

    def test_data_dictionary_truths(self):
        text = (
            "Primary key is `id`; 1,024 rows.\n\n| Field | Data type | Null? | Meaning | Sample |\n|--|--|--|--|--|\n"
        )
        text += "| `id` | INT | No | Key. | `7` |\n| day | DATE | Yes |  | `2026-02-30` |\n"
        assert data_dictionary.columns(text) == [
            data_dictionary.Column("id", "INT", "No", "Key.", "7"),
            data_dictionary.Column("day", "DATE", "Yes", "", "2026-02-30"),
        ]
        assert data_dictionary.primary_key(text) == "id" and data_dictionary.stated_rows(text) == 1024
        assert not data_dictionary.is_iso("2026-02-30") and data_dictionary.is_iso("2026-02-28")
        listed = "- **loan_id** · DECIMAL(6,2) · nullable: no · State: one of `open`, `lost`. · Example: `lost`"
        (column,) = data_dictionary.columns(listed)
        assert (column.type, column.nullable, column.example) == ("DECIMAL(6,2)", "no", "lost")
        assert data_dictionary.allowed(column.description) == ["open", "lost"]
        assert data_dictionary.stated_rows("**Row count:** 1,284,650 (as of 2026-11-30)") == 1284650
        # By hand: appointment_id is marked Yes under Null?, and start_time is written StartTime; 8 rows all told.
        case = next(c for c in FRESH12_SET if c.id == "data_dictionary-02")
        assert "| appointment_id | STRING | Yes |" in case.answer and "| StartTime | TIME |" in case.answer
        assert case.answer.count("\n| ") == 9  # the header and 8 columns
        assert {c.kind: c.met for c in case.criteria} == {"pk_not_null": False, "count": True, "snake_case": False}
        # By hand: unit_price is a FLOAT, tariff_code's example ECO7 is none of STD, E7, TOU; read_date is ISO.
        case = next(c for c in FRESH12_SET if c.id == "data_dictionary-07")
        assert "| unit_price | FLOAT |" in case.answer and "one of `STD`, `E7`, `TOU`. | `ECO7` |" in case.answer
        assert "| read_date | DATE | NOT NULL | Day the reading covers. | `2026-11-30` |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"money": False, "iso_dates": True, "enum": False}

    def test_systemd_unit_truths(self):
        text = "Save as /etc/systemd/system/app.service.\n\n```ini\n[Unit]\nAfter=a.target b.target\n\n[Service]\n"
        text += (
            '# User=root\nUser=app\nExecStart=/bin/app \\\n    --flag\nEnvironment="A=1" "DB_URL=pg://u:pw@h/db"\n```\n'
        )
        text += "Then `systemctl enable --now app.service`."
        unit = systemd_unit.sections(text)
        assert unit == {
            "Unit": [("After", "a.target b.target")],
            "Service": [
                ("User", "app"),
                ("ExecStart", "/bin/app --flag"),
                ("Environment", '"A=1" "DB_URL=pg://u:pw@h/db"'),
            ],
        }
        assert systemd_unit.words(unit, "Unit", "After") == ["a.target", "b.target"]
        assert systemd_unit.environment(unit) == [("A", "1"), ("DB_URL", "pg://u:pw@h/db")]
        assert systemd_unit.secret("DB_URL", "pg://u:pw@h/db") and systemd_unit.secret("PGPASSWORD", "x")
        assert not systemd_unit.secret("MQTT_BROKER", "tcp://broker.lan:1883")
        assert systemd_unit.enable_names(text) == ("app", "app")
        # By hand: ExecStart runs ./mqtt-bridge, and the broker URL carries the password Gr33nhouse; User= is set.
        case = next(c for c in FRESH12_SET if c.id == "systemd_unit-01")
        assert "ExecStart=./mqtt-bridge" in case.answer and "tcp://bridge:Gr33nhouse@broker.lan" in case.answer
        assert "User=mqttbridge\n" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"absolute": False, "user": True, "no_password": False}
        # By hand: the bot runs as root; it is still after network-online.target and wanted by multi-user.target.
        case = next(c for c in FRESH12_SET if c.id == "systemd_unit-06")
        assert "User=root\n" in case.answer and "After=network-online.target\n" in case.answer
        assert "[Install]\nWantedBy=multi-user.target\n" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"network": True, "user": False, "install": True}

    def test_test_plan_truths(self):
        text = "## Out of scope\n- TBD\n- SSO\n\n## Cases (2 test cases)\n\n### TC-01 · Log in — P1\n1. Go.\n"
        text += "**Expected:** in.\n\n### TC-02 Other\n**Priority:** P0\nExpected result:\n\n## Notes\nSee TC-01."
        found = test_plan.heading_cases(text)
        assert [(c.id, c.priority, c.steps, c.expected) for c in found] == [
            ("TC-01", 1, True, True),
            ("TC-02", 0, False, False),
        ]
        assert test_plan.items_under(text, "out of scope") == ["SSO"] and test_plan.stated_count(text) == 2
        table = "| ID | Title | Priority | Steps | Expected result |\n|--|--|--|--|--|\n| TC-01 | A | P2 |  | Ok. |"
        assert test_plan.table_cases(table) == [test_plan.Case("TC-01", 2, False, True, "TC-01 | A | P2 |  | Ok.")]
        # By hand: the exit criteria are only "To be agreed.", out of scope only TBD, and TC-04 points at TC-10.
        case = next(c for c in FRESH12_SET if c.id == "test_plan-04")
        assert "## Exit criteria\nTo be agreed.\n" in case.answer and "## Out of scope\n- TBD\n" in case.answer
        assert "as in TC-10." in case.answer and "### TC-10" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"entry_exit": False, "out_of_scope": False, "refs": False}
        # By hand: no case about an expired coupon, and TC-02 is P0 with an empty steps cell; both criteria lists.
        case = next(c for c in FRESH12_SET if c.id == "test_plan-14")
        assert "| TC-02 | Coupon recalculates after cart change | P0 |  |" in case.answer
        assert "Expired coupon" not in case.answer and "### Exit criteria\n- All P0" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"entry_exit": True, "error_path": False, "p0_steps": False}

    def test_event_budget_truths(self):
        text = "Event date: 12 September 2026\n\n| Category | Item | Cost |\n|--|--|--|\n| Food | Lunch | $1,200 |\n"
        text += (
            "|  | Tent | $300.50 |\n| | **Subtotal** | **$1,500.50** |\n\nPer guest: $15.01\nDeposit due 2026-09-01."
        )
        assert event_budget.items(text) == [
            event_budget.Item("Lunch", "Food", Decimal(1200)),
            event_budget.Item("Tent", "", Decimal("300.50")),
        ]
        assert event_budget.amount_of(text, ("subtotal",)) == Decimal("1500.50")
        assert event_budget.amount_of(text, event_budget.PER_PERSON) == Decimal("15.01")
        assert event_budget.dates(text) == (date(2026, 9, 12), date(2026, 9, 1))
        listed = "- **Food**: Dinner, 80 × £45 — £3,600.00\n- Place cards — £150.00\n- **Subtotal:** £3,750.00"
        assert event_budget.items(listed) == [
            event_budget.Item("Dinner, 80 × £45", "Food", Decimal(3600)),
            event_budget.Item("Place cards", "", Decimal(150)),
        ]
        # By hand: the items add to $2,475.00, not the stated $2,745.00, and the plates are plastic; all have a category.
        case = next(c for c in FRESH12_SET if c.id == "event_budget-03")
        assert (
            "**Subtotal:** $2,745.00" in case.answer
            and "| Tableware | Plastic plates and cutlery | $95.00 |" in case.answer
        )
        assert {c.kind: c.met for c in case.criteria} == {"categories": True, "subtotal": False, "forbidden": False}
        # By hand: €26,620.00 over 150 is €177.47, not €161.33; no live stream item, only the note; deposit in May.
        case = next(c for c in FRESH12_SET if c.id == "event_budget-10")
        assert "| Per attendee (150) | | €161.33 |" in case.answer and "| Stage lighting crew | AV |" in case.answer
        assert "by 15 May 2026" in case.answer and "**Date:** 2 October 2026" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"deposit": True, "per_person": False, "required": False}


class TestTheFresh13Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_postmortem_truths(self):
        text = "## Timeline\n| When | What |\n|--|--|\n| 2026-06-21 23:50 UTC | Impact starts. |\n"
        text += "| 2026-06-22 02:10 CEST | Impact ends. |\n\n## Impact\n- 1,203 of 4,000 requests failed (30.1%)\n"
        assert postmortem.entries(text) == [
            "2026-06-21 23:50 UTC | Impact starts.",
            "2026-06-22 02:10 CEST | Impact ends.",
        ]
        assert postmortem.moments(text) == [
            (datetime(2026, 6, 21, 23, 50), "UTC"),
            (datetime(2026, 6, 22, 0, 10), "CEST"),
        ]
        assert postmortem.span(text) == 20 and postmortem.percent_right(text)
        assert not postmortem.percent_right(text.replace("(30.1%)", "(31%)"))
        assert postmortem.stated_minutes("**Duration:** 1 h 5 min") == 65
        assert postmortem.stated_minutes("| Duration | 148 minutes |") == 148
        listed = "## Follow-ups\n1. Fix it. Owner: Wen Li. Due: 2026-02-30.\n- [ ] Page us — due 2026-03-01\n"
        assert postmortem.actions(listed) == [
            ("Fix it. Owner: Wen Li. Due: 2026-02-30.", "Wen Li", "2026-02-30"),
            ("Page us — due 2026-03-01", "", "2026-03-01"),
        ]
        assert not postmortem.iso_date("2026-02-30") and postmortem.iso_date("2026-03-01")
        # By hand: the support report is put at 14:41, above the 14:31 page; 16:10 CET is 15:10 UTC, in its place.
        case = next(c for c in FRESH13_SET if c.id == "postmortem-04")
        assert "- 14:41 UTC — Support" in case.answer and "- 16:10 CET — Database" in case.answer
        assert case.answer.index("14:41 UTC") < case.answer.index("14:31 UTC")
        assert "| Alert when connection-pool usage stays above 80% for 5 minutes | Priya Nair |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"chronological": False, "alerting": True, "root_cause": True}
        # By hand: Marcus is faulted by name, and the expiry alert became a status banner; every due date is ISO.
        case = next(c for c in FRESH13_SET if c.id == "postmortem-05")
        assert "Marcus should have renewed it when the reminders came." in case.answer
        assert "Alert 21 days" not in case.answer and "- [ ] Add a sign-in status banner — owner:" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"blameless": False, "due_iso": True, "alerting": False}

    def test_dns_zone_truths(self):
        text = "```\n$ORIGIN example.org.\n$TTL 1h30m\n@ IN SOA ns1 admin (\n  2026022901 ; serial\n  1h 15m 1w 5m )\n"
        text += '  IN NS ns1\n  IN TXT "v=spf1 -all" ; a comment; "quoted"\nns1 300 IN A 192.0.2.1\n```'
        assert dns_zone.parse(text) == (
            "example.org.",
            5400,
            [
                dns_zone.Record("example.org.", "SOA", ("ns1", "admin", "2026022901", "1h", "15m", "1w", "5m")),
                dns_zone.Record("example.org.", "NS", ("ns1",)),
                dns_zone.Record("example.org.", "TXT", ("v=spf1 -all",)),
                dns_zone.Record("ns1.example.org.", "A", ("192.0.2.1",)),
            ],
        )
        assert not dns_zone.serial_right(dns_zone.parse(text)[2])  # 2026 has no 29 February
        assert dns_zone.absolute("Mail.Example.org.", "example.org.") == "mail.example.org."
        assert dns_zone.absolute("@", "example.org.") == "example.org." and dns_zone.seconds("2W") == 1209600
        assert not dns_zone.valid(dns_zone.Record("x.", "A", ("203.0.113.256",)))
        assert not dns_zone.valid(dns_zone.Record("x.", "AAAA", ("192.0.2.1",)))
        # By hand: www's CNAME target lost its dot and the zone statement names mira-okafor.com; the apex keeps its As.
        case = next(c for c in FRESH13_SET if c.id == "dns_zone-03")
        assert "www             IN      CNAME   mira-okafor.github.io\n" in case.answer
        assert 'zone "mira-okafor.com"' in case.answer and "$ORIGIN mira-okafor.dev." in case.answer
        assert case.answer.count("@               IN      A       185.199.") == 4
        assert {c.kind: c.met for c in case.criteria} == {"trailing_dot": False, "zone_name": False, "apex_cname": True}
        # By hand: www is on 192.0.2.800; the nameless lines are the apex's, an A record and the SPF policy.
        case = next(c for c in FRESH13_SET if c.id == "dns_zone-10")
        assert "www     IN A     192.0.2.800\n" in case.answer and '        IN TXT  "v=spf1 mx -all"\n' in case.answer
        assert "        IN A    192.0.2.80\n" in case.answer and "IN CNAME www\n" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"addresses": False, "spf": True, "apex_cname": True}

    def test_course_syllabus_truths(self):
        text = "Fall 2026\n\n**Schedule**\nWeek 1 — Sep 7: A\n- **Week 2 (14 Sep):** B\n| 3 | 2026-09-22 | C |\n\n"
        text += "## Grading\n- Essays: 60%\n- Exam (2 × 20%): 40%\n| **Total** | **100%** |\n"
        assert [week for week, _ in course_syllabus.entries(text)] == [1, 2, 3]
        assert course_syllabus.date_in("- **Week 2 (14 Sep):** B", 2026) == date(2026, 9, 14)
        assert not course_syllabus.dates_right(text) and course_syllabus.dates_right(text.replace("-22", "-21"))
        assert course_syllabus.weights(text) == [60.0, 40.0]
        late = "## Late work\nLose 10% per day. Example: an essay marked 70/100 and two days late gets 56."
        assert course_syllabus.example_right(late) and not course_syllabus.example_right(late.replace("56", "60"))
        # By hand: week 5 is gone but every date is still a week a week after 9 Sep; the final paper is 45% of 40%.
        case = next(c for c in FRESH13_SET if c.id == "course_syllabus-13")
        assert "**Week 5" not in case.answer and "- **Week 6 (14 Oct):** Revolutions I" in case.answer
        assert "- Research paper draft: 10%\n- Final research paper: 45%" in case.answer
        assert "- Mondays 13:00–15:00, Hartley Hall 305" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"dates": True, "hours": True, "cap": False}
        # By hand: 36 less 15% is 30.6; office hours give a room but no day or time; the textbook is free online.
        case = next(c for c in FRESH13_SET if c.id == "course_syllabus-06")
        assert (
            "loses 15% per day late" in case.answer and "scores 36/40 and\nis one day late earns 30.6/40" in case.answer
        )
        assert "Office hours are posted weekly, usually in Mathematics Building 221" in case.answer
        assert "free online from the authors' site." in case.answer and "ISBN" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"late": True, "hours": False, "free": True}

    def test_loan_schedule_truths(self):
        table = "| No. | Interest (£) | Capital repaid (£) | Balance left (£) |\n|---|---|---|---|\n"
        table += "| 1 | 315.00 | 792.05 | 44,207.95 |\n| 2 | 309.5 | 797.59 | 43,410.36 |\n"
        rows = loan_schedule.table_rows(table)
        assert [row.month for row in rows] == [1, 2] and rows[1].interest == Decimal("309.5")
        assert rows[1].amounts == ("309.5", "797.59", "43,410.36") and rows[0].balance == Decimal("44207.95")
        (row,) = loan_schedule.bullet_rows("- Month 1: interest €75.00, principal €298.27, balance €11,701.73")
        assert (row.month, row.principal, row.amounts[2]) == (1, Decimal("298.27"), "€11,701.73")
        assert loan_schedule.term("Term: 30 years (360 payments)") == 360 and loan_schedule.term("Term: 5 years") == 60
        assert loan_schedule.month_of("Last payment: 1 February 2031", ("last payment",)) == 2031 * 12 + 1
        assert loan_schedule.monthly_rate("Monthly rate: 0.5208% (6.25% ÷ 12)") == (Decimal("0.5208"), 4)
        assert loan_schedule.monthly_rate("Monthly rate: 6.9% ÷ 12 = 0.575%") == (Decimal("0.575"), 3)
        # By hand: month 1's interest is a 30-day count (1,643.84), not 320,000 × 6.25% / 12; month 3 is missing.
        case = next(c for c in FRESH13_SET if c.id == "loan_schedule-06")
        assert "| 1 | Aug 2026 | $1,970.30 | $1,643.84 |" in case.answer and "| 3 | Oct 2026 |" not in case.answer
        assert "| Total interest | $389,303.05 |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {
            "first_interest": False,
            "total_interest": True,
            "rows": False,
        }
        # By hand: a balance written €11,401.6 and 7.5% / 12 given as 0.75%; the €373.27 payment is right.
        case = next(c for c in FRESH13_SET if c.id == "loan_schedule-09")
        assert "balance €11,401.6\n" in case.answer and "7.5% / 12 = 0.75%" in case.answer
        assert "Monthly payment: €373.27" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"payment": True, "cents": False, "monthly_rate": False}


class TestTheFresh14Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_ssh_config_truths(self):
        text = "```\nUser admin\nHost web !web-old\n  HostName=web.example.org\n  Port 2200\n"
        text += "Match user root\n  Port 22\nHost *\n  port 23\n  ProxyJump me@web:2200\n```\n`ssh -v web` or\n"
        config = ssh_config.blocks(text)
        assert [(b.patterns, b.host) for b in config] == [(("*",), False), (("web", "!web-old"), True), ((), False)] + [
            (("*",), True)
        ]
        assert ssh_config.setting(config, "web", "port") == "2200" and ssh_config.setting(config, "db", "port") == "23"
        assert (
            ssh_config.setting(config, "web", "user") == "admin"
            and ssh_config.setting(config, "web-old", "port") == "23"
        )
        assert ssh_config.jump_defined(config, "db")  # me@web:2200 names the alias web
        assert not ssh_config.jump_defined(ssh_config.blocks(text.replace("me@web", "me@gw")), "db")
        assert ssh_config.defaults_last(config) and ssh_config.commands(text) == ["web"]
        assert ssh_config.commands("`ssh -p 2222 deploy@10.20.0.15`") == ["10.20.0.15"]
        # By hand: a second Host * opens the file, jump's User is ubuntu, and the test command names github.com.
        case = next(c for c in FRESH14_SET if c.id == "ssh_config-07")
        assert (
            case.answer.startswith("### SSH config")
            and "```sshconfig\nHost *\n  ServerAliveInterval 30\n" in case.answer
        )
        assert "Host jump\n  Hostname jump.example.com\n  Port 443\n  User ubuntu\n" in case.answer
        assert "`ssh -T git@github.com`" in case.answer and "\nHost github.com\n" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"defaults_last": False, "command": True, "user": False}
        # By hand: an old-db block the task never asked for makes four named hosts; ForwardAgent is only ever no.
        case = next(c for c in FRESH14_SET if c.id == "ssh_config-12")
        assert (
            "Host old-db\n    HostName 10.20.0.9\n" in case.answer and case.answer.count("\nHost ") == 6
        )  # and two Host *
        assert "ForwardAgent yes" not in case.answer and "ForwardAgent no" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"count": False, "defaults_last": False, "no_agent": True}

    def test_lab_report_truths(self):
        text = "Table 2: x\n\n| Trial | Time (s) |\n|---|---|\n| 1 | 0.50 |\n| 2 | 0.5 |\n| **Mean** | **0.50** |\n"
        text += "\n```\nRun  Mass [g]\n1    20.0\n```\nSee Table 2."
        table = lab_report.pipe_tables(text)[0]
        assert table == (["Trial", "Time (s)"], [["1", "0.50"], ["2", "0.5"], ["Mean", "0.50"]])
        assert lab_report.trial_rows(table) == [["1", "0.50"], ["2", "0.5"]] and not lab_report.one_precision(table)
        assert lab_report.aligned_tables(text) == [(["Run", "Mass [g]"], [["1", "20.0"]])]
        assert lab_report.references_found(text) and not lab_report.references_found(
            text.replace("Table 2.", "Table 3.")
        )
        assert lab_report.within((9.7, 1), 9.7478) and not lab_report.within((9.76, 2), 9.7478)
        assert (
            lab_report.section_words("## Sources of error\nNone.\n## Conclusion\nA b c d e f g h i j k l", "error") == 1
        )
        # By hand: 0.200 × 9.81 / 0.0500 is 39.24 N/m, not 0.392; five numbered trials; "proves Hooke's law".
        case = next(c for c in FRESH14_SET if c.id == "lab_report-06")
        assert "= 0.392 N/m" in case.answer and "| 5 | 5.00 |\n| **Mean** |" in case.answer
        assert "k proves Hooke's law" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_prove": False, "trials": True, "result": False}
        # By hand: run 2's initial reading is written 0.5 among 0.00, 1.10...; Table 1 is the only table and is cited.
        case = next(c for c in FRESH14_SET if c.id == "lab_report-13")
        assert "2     0.5             23.00         22.50" in case.answer and "5     0.35" in case.answer
        assert "Table 1 – Burette readings" in case.answer and "The titres in Table 1 agree" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"decimals": False, "table_ref": True, "trials": True}

    def test_shipping_quote_truths(self):
        assert shipping_quote.date_in("Pickup: Wed 9 September 2026") == date(2026, 9, 9)
        assert shipping_quote.date_in("- ETA: 2026-06-15") == date(2026, 6, 15)
        text = "## Charges\n| Item | Amount |\n|---|---|\n| Freight at $2.00/kg | $1,000.00 |\n| Fuel 10% | $100.00 |\n"
        text += "| Subtotal | $1,100.00 |\n| **Total** | **$1,100.00** |\n\n## Dates\nPickup: 2026-06-08"
        assert shipping_quote.charges(text) == [
            ("freight at $2.00/kg | $1,000.00 |", 1000.0),
            ("fuel 10% | $100.00 |", 100.0),
            ("subtotal | $1,100.00 |", 1100.0),
            ("total** | **$1,100.00** |", 1100.0),
        ]
        assert shipping_quote.total_adds_up(text) and shipping_quote.fuel_right(text)
        parcels = shipping_quote.bullet_parcels("- Box 1: 45 × 35 × 25 cm, actual 6.2 kg, volumetric 7.9 kg")
        assert parcels == [((45.0, 35.0, 25.0), 6.2, (7.9, 1))]
        # By hand: 60 × 40 × 40 / 5000 is 19.2, not 16.0; Monday 13 April plus 4 business days is Friday 17 April.
        case = next(c for c in FRESH14_SET if c.id == "shipping_quote-00")
        assert "| 1 | 60 × 40 × 40 | 18.0 | 16.0 |" in case.answer
        assert "- Transit time: 4 business days\n- Estimated delivery: Thursday 16 April 2026" in case.answer
        assert "This quote is valid for 14 days, until 27 April 2026." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"validity": True, "volumetric": False, "transit": False}
        # By hand: carton 2 has no size; 99.45 + 12.43 + 35.00 is 146.88, not 134.45; DDP as asked.
        case = next(c for c in FRESH14_SET if c.id == "shipping_quote-13")
        assert "- Carton 2: actual 8.0 kg, volumetric 9.0 kg" in case.answer and "**Total: £134.45**" in case.answer
        assert "£99.45\n- Fuel surcharge (15%): £12.43\n- Customs clearance: £35.00" in case.answer
        assert "by road (DDP:" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"incoterm": True, "dims": False, "total": False}

    def test_accessibility_audit_truths(self):
        text = "## Summary\nWe found 3 issues: 2 high and 1 low.\n\n### A\n- **WCAG:** 1.4.3 Contrast (Minimum) (AA)\n"
        text += "- **Severity:** High\n- **Page:** /a\n- **Fix:** Darken the text to pass 4.5:1.\n"
        text += "2. B\n   - Criterion: 2.1.1 Keyboard, Level A\n   - Impact: low\n   - URL: https://x.example/b\n"
        found = accessibility_audit.chunk_findings(text)
        assert [(accessibility_audit.criterion(f), accessibility_audit.level(f)) for f in found] == [
            ("1.4.3", "AA"),
            ("2.1.1", "A"),
        ]
        assert [accessibility_audit.severity(f) for f in found] == ["high", "low"] and "fix" not in found[1]
        assert accessibility_audit.stated_counts(text) == (Counter({"high": 2, "low": 1}), 3)
        table = "## Summary\n| Severity | Count |\n|---|---|\n| Minor | 1 |\n| **Total** | **1** |\n"
        assert accessibility_audit.stated_counts(table) == (Counter({"minor": 1}), 1)
        assert accessibility_audit.table_findings(table) == []  # no success criterion column: not findings
        assert not accessibility_audit.recommends_overlay("We advise against an overlay widget.")
        assert accessibility_audit.recommends_overlay("Fine.\nAn overlay toolbar can add focus outlines.")
        # By hand: five findings under a summary that says 4 issues; finding 1's fix adds an overlay.
        case = next(c for c in FRESH14_SET if c.id == "accessibility_audit-04")
        assert "We found 4 issues: 1 critical, 2 high, 1 medium and 1 low." in case.answer
        assert case.answer.count("- **Severity:**") == 5 and "an accessibility overlay can add labels." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"total": False, "summary_counts": True, "no_overlay": False}
        # By hand: 4.1.3 Status Messages is level AA, not A; "Fix the timeout." is no fix; every finding has a URL.
        case = next(c for c in FRESH14_SET if c.id == "accessibility_audit-10")
        assert "4.1.3 Status Messages (A)" in case.answer and "Recommendation: Fix the timeout." in case.answer
        assert case.answer.count("   - URL: https://www.example-council.gov.uk/") == 4
        assert {c.kind: c.met for c in case.criteria} == {"level": False, "fix": False, "page": True}


class TestTheFresh15Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        for family in FRESH15:
            cases = [case for case in FRESH15_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)

    def test_gitignore_truths(self):
        text = "build/\n!build/keep.txt\n/out\n*.log\n!important.log\ndocs/**/*.md\n"
        assert gitignore.ignored(text, "build/keep.txt")  # nothing under an ignored folder comes back
        assert gitignore.ignored(text, "src/build/x.c") and not gitignore.ignored(text, "build")  # folders only
        assert gitignore.ignored(text, "out") and not gitignore.ignored(text, "src/out/y.c")  # anchored
        assert gitignore.ignored(text, "a/b.log") and not gitignore.ignored(text, "important.log")
        assert gitignore.ignored(text, "docs/x/y/b.md") and not gitignore.ignored(text, "README.md")
        assert gitignore.translate("*.py[cod]") == r"[^/]*\.py[cod]"
        assert gitignore.grouped("# a\nx\n\n# b\ny\n") and not gitignore.grouped("# a\nx\n\ny\n")
        # By hand: no `!config/sample.yaml`, so config/*.yaml takes the sample too; the file opens with the
        # binaries' comment, not one naming ledgerd; `/ledgerd` is anchored, so cmd/ledgerd/ stays.
        case = next(c for c in FRESH15_SET if c.id == "gitignore-03")
        assert "config/*.yaml\n\n" in case.answer and "!config/sample.yaml" not in case.answer
        assert "```gitignore\n# Binaries built by `make build`\n" in case.answer and "\n/ledgerd\n" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"kept": False, "first_line": False, "source": True}
        # By hand: a bare `ledgerd` line catches the folder cmd/ledgerd/; `*.swp` matches at any depth; the
        # binaries go to /dist/, so nothing ignores bin/.
        case = next(c for c in FRESH15_SET if c.id == "gitignore-07")
        assert "/dist/\nledgerd\n*.exe\n" in case.answer and "\n*.swp\n" in case.answer and "/bin/" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"source": False, "nested": True, "output": False}

    def test_git_ignores_what_the_gitignore_reader_says_on_every_answer_of_the_set(self, tmp_path):
        if shutil.which("git") is None:
            pytest.skip("no git")
        subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
        for case in (c for c in FRESH15_SET if c.id.startswith("gitignore")):
            project = next(p for p in gitignore.PROJECTS if p.task == case.task)
            paths = (project.output, project.secret, project.kept, project.committed, project.source, project.nested)
            for path in paths:
                (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
                (tmp_path / path).write_text("x", encoding="utf-8")
            text = fenced_or_whole(case.answer)
            (tmp_path / ".gitignore").write_text(text, encoding="utf-8")
            listed = ["git", "ls-files", "--others", "--ignored", "--exclude-standard"]
            found = set(subprocess.run(listed, cwd=tmp_path, capture_output=True, text=True, check=True).stdout.split())
            assert {p for p in paths if gitignore.ignored(text, p)} == found & set(paths), case.id
            for path in paths:
                (tmp_path / path).unlink()

    def test_bill_of_materials_truths(self):
        assert bill_of_materials.designators("R1–R3, R7") == [("R", 1), ("R", 2), ("R", 3), ("R", 7)]
        assert len(bill_of_materials.designators("C1,C2,C3")) == 3
        headings = ["Ref", "Qty", "Description", "MPN", "Unit (USD)", "Ext. (USD)", "Qty ×25", "Lifecycle"]
        assert bill_of_materials.columns(headings, 25) == {
            "ref": 0,
            "qty": 1,
            "mpn": 3,
            "unit": 4,
            "ext": 5,
            "batch": 6,
            "status": 7,
        }
        board = bill_of_materials.BOARDS[2]
        rows = bill_of_materials.lines(board, board.text)
        assert rows[0] == {
            "ref": "C1,C2",
            "qty": "2",
            "mpn": "CL21A106KAYNNNE",
            "unit": "0.05",
            "ext": "0.10",
            "batch": "200",
            "status": "Active",
        }
        assert len(rows) == 9 and bill_of_materials.total_right(rows, board.text)
        assert not bill_of_materials.part_number("TBD") and not bill_of_materials.part_number("—")
        # By hand: the LEDs' 50 should be 8 × 50 = 400; the lines come to 3.57, not 3.75; every MPN differs.
        case = next(c for c in FRESH15_SET if c.id == "bill_of_materials-03")
        assert "| D1–D8 | 8 | White LED, 3528 | SML-LX3528UWC | 0.09 | 0.72 | 50 | Active |" in case.answer
        assert "Total per board: £3.75" in case.answer and case.answer.count("RC0603FR-07100RL") == 1
        assert {c.kind: c.met for c in case.criteria} == {"batch": False, "total": False, "unique": True}
        # By hand: the title keeps v2.1; D2 has no part number; R1–R3 is three resistors on a line of 4.
        case = next(c for c in FRESH15_SET if c.id == "bill_of_materials-13")
        assert case.answer.startswith("# Bramble Fuzz v2.1 — bill of materials")
        assert "| D2 | Schottky diode, reverse polarity | 1 | — |" in case.answer and "| R1–R3 | 10 kΩ" in case.answer
        assert "| R1–R3 | 10 kΩ 1/4 W metal film | 4 |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"title": True, "mpn": False, "refs": False}

    def test_league_table_truths(self):
        text = "Table after Round 3\n\n```\nPos  Team          P  W  D  L  F  A  GD  Pts\n"
        text += "1    Red Lions     3  2  1  0  5  2  +3    7\n2    Blue Rovers   3  0  1  2  2  5  −3    1\n```\n"
        text += "P = played, W = won, D = drawn, L = lost, F = for, A = against, GD = difference, Pts = points\n"
        text += "Red Lions lead by six points."
        headings, rows = league_table.table(text)
        assert headings[:2] == ["Pos", "Team"] and [row["team"] for row in rows] == ["Red Lions", "Blue Rovers"]
        assert league_table.value(rows[1], "diff") == -3 and league_table.record(league_table.LEAGUES[0], rows[0]) == (
            7,
            3,
        )
        assert league_table.keyed(headings, text) and not league_table.keyed(headings, text.replace("A = ", "A "))
        assert league_table.named_leader(rows, text) == "Red Lions"
        # By hand: Ashford (1 win, 3 draws: 6 points, written 5) sits above Canterbury on 8; Maidstone leads on 16.
        case = next(c for c in FRESH15_SET if c.id == "league_table-03")
        assert "| 6 | Ashford | 7 | 1 | 3 | 3 | 11 | 15 | −4 | 5 |\n| 7 | Canterbury |" in case.answer
        assert "In first place: Maidstone (16 pts)." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"order": False, "points": False, "leader": True}
        # By hand: Millbrook's 2 wins and 5 losses make 9 points, written 4; points for and against both total
        # 3579; the leader named has 11 points to Parkview's 12.
        case = next(c for c in FRESH15_SET if c.id == "league_table-05")
        assert "| Millbrook Bears | 7 | 2 | 5 | 373 | 426 | -53 | 4 |" in case.answer
        assert "Northfield Owls lead the league at 4–3." in case.answer and "| 9 | Harbourside Heat" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"points": False, "balance": True, "leader": False}

    def test_nutrition_label_truths(self):
        text = "Nutrition Facts\nCalories 100\nTotal Fat 4g 5%\nSodium 230 10%\n  Incl. 5g Added Sugars 10%\n"
        assert nutrition_label.nutrients(text) == [
            ("fat", (4.0, True, 5.0)),
            ("sodium", (230.0, False, 10.0)),
            ("added", (5.0, True, 10.0)),
        ]
        assert nutrition_label.daily_values_right(text) and nutrition_label.in_order(text) is False  # too few
        assert not nutrition_label.calories_right(text)  # no carbohydrate or protein to count
        assert nutrition_label.net_right("3 servings per container\nServing size 1 bar (40g)\nNet wt 120g")
        assert not nutrition_label.CLAIM.search("No claims here; sodium is 480 mg.")
        # By hand: 4 × 5 + 4 × 30 + 9 × 2.5 = 162.5 kcal, far from 260; sodium comes before cholesterol; each
        # %DV is right (2.5/78 is 3%, 220/2300 is 10%, 30/50 is 60%).
        case = next(c for c in FRESH15_SET if c.id == "nutrition_label-02")
        assert "**Calories 260**" in case.answer and "**Sodium** 220 — 10% DV\n- **Cholesterol**" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"calories": False, "order": False, "dv": True}
        # By hand: every amount keeps its g or mg; "a healthy dinner" is a claim; the product name comes first.
        case = next(c for c in FRESH15_SET if c.id == "nutrition_label-07")
        assert "```text\nBeef Lasagna (family tray)\nNutrition Facts\n" in case.answer
        assert "so it's a healthy dinner." in case.answer and "Sodium 890mg" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"units": True, "no_claim": False, "first_line": False}


class TestTheFresh16Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        for family in FRESH16:
            cases = [case for case in FRESH16_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)

    def test_requirements_txt_truths(self):
        text = "# demo\n-r base.txt\nDjango_Environ == 0.11.2  # env\nrequests[socks, security]>=2.31\n"
        text += 'uvloop==0.19.0; sys_platform != "win32"\n'
        found = requirements_txt.requirements(text)
        assert [r.name for r in found] == ["django-environ", "requests", "uvloop"]  # `-r` is no package
        assert found[1].extras == {"socks", "security"} and found[2].marker == 'sys_platform != "win32"'
        assert requirements_txt.pinned(found[0]) and not requirements_txt.pinned(found[1])
        ranged = requirements_txt.Requirement("x", frozenset(), "==1.0,<2", "")
        assert requirements_txt.pinned(found[2]) and not requirements_txt.pinned(ranged)
        assert requirements_txt.is_dev_tool("pytest-django") and not requirements_txt.is_dev_tool("django")
        assert fenced_or_whole("Here:\n\n```txt\na==1\n```\n\n```bash\npip\n```") == "a==1\n"
        # By hand: pillow comes before gunicorn; redis is listed twice (5.0.4 and 4.6.0); psycopg keeps [binary].
        case = next(c for c in FRESH16_SET if c.id == "requirements_txt-00")
        assert "pillow==10.3.0\ngunicorn==22.0.0\n" in case.answer and "redis==5.0.4\nredis==4.6.0\n" in case.answer
        assert "psycopg[binary]==3.1.19" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"sorted": False, "no_dupe": False, "extra": True}
        # By hand: numpy is 2.0.0; every line is `==`, pywin32 too (its marker gone); scipy is above scikit-learn.
        case = next(c for c in FRESH16_SET if c.id == "requirements_txt-09")
        assert "numpy==2.0.0\n" in case.answer and "pywin32==306\nscipy==1.13.1\nscikit-learn==1.5.0\n" in case.answer
        assert "```" not in case.answer and case.answer.count("==") == 9
        assert {c.kind: c.met for c in case.criteria} == {"series": False, "pinned": True, "sorted": False}

    def test_timesheet_truths(self):
        text = "| 2024-06-03 | Mon | ACME-114 | 08:30 | 17:00 | 0:30 | 8.0 |\n"
        text += "- Tue 4 Jun 2024 · OPS · 09:00–13:00 · no break · 4.0 h\n"
        text += "Wed  2024-06-05  BLD-9  07:30  17:00  60m    8.5\n| **Total** | | | **20.5** |\n"
        found = timesheet.days(text)
        assert [(d.named, d.code, d.minutes, d.rest, d.hours) for d in found] == [
            ("mon", "ACME-114", 510, 30, 8.0),
            ("tue", "OPS", 240, 0, 4.0),
            ("wed", "BLD-9", 570, 60, 8.5),
        ]
        assert [d.when for d in found] == [date(2024, 6, 3), date(2024, 6, 4), date(2024, 6, 5)]
        assert timesheet.figure(timesheet.labelled(text, lambda s: s.startswith("total"))) == 20.5
        assert timesheet.money("**To invoice at £28/h:** £1,630.00") == 1630.0
        # By hand: the days off TRAINING make 6.0 + 4.0 + 6.0 + 6.5 = 22.5 hours (ONBOARD-3 is still billed),
        # not 26.5, so £630.00 is due, not £742.00; each day's hours fit its times (Fri 09:00-15:30, no break).
        case = next(c for c in FRESH16_SET if c.id == "timesheet-01")
        assert "**Billable (HELPDESK, ONBOARD-7):** 26.5 h" in case.answer and "£742.00" in case.answer
        assert "· ONBOARD-3 · 09:00–13:00" in case.answer and "09:00–15:30 · no break · 6.5 h" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"billable": False, "amount": False, "hours": True}
        # By hand: Monday's 8.0 hours have no break; 8 + 8.5 + 8 + 7 is 31.5 billable, not 35.5; the total,
        # 8 + 8.5 + 8 + 4 + 7 = 35.5, is right.
        case = next(c for c in FRESH16_SET if c.id == "timesheet-12")
        assert "| 2024-06-03 | Mon | ACME-114 | 08:30 | 16:30 | 0:00 | 8.0 |" in case.answer
        assert "Total hours: 35.5\nBillable hours (client ACME): 35.5" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"breaks": False, "billable": False, "total": True}

    def test_seating_plan_truths(self):
        text = "**Table 1 (head table):** A B, C D (V)\n| Table 2 | Kids | E F, G H |\nTable 3: I J, A B\n"
        found = seating_plan.tables(text)
        assert found == [
            ("(head table)", ["A B", "C D (V)"]),
            ("Table 2 Kids", ["E F", "G H"]),
            ("", ["I J", "A B"]),
        ]
        assert seating_plan.where(found, "A B") == {0, 2} and seating_plan.where(found, "C D") == {0}
        assert seating_plan.labelled(found, seating_plan.KIDS) == ["E F", "G H"]
        wedding = seating_plan.WEDDINGS[0]
        for on in ({"title": True}, {"title": False}):  # a table line names the couple but gives no date
            answer = seating_plan.build(wedding, dict.fromkeys(seating_plan.SWITCHES, True) | on)
            assert seating_plan.title_right(wedding, answer) is on["title"]
        # By hand: tables of 4, 5, 3, 6, 6 and 5; Priya Shah sits at the head table in Daniel Chen's place;
        # Omar Haddad is at table 3 and Leila Haddad at table 4.
        case = next(c for c in FRESH16_SET if c.id == "seating_plan-04")
        assert "**Table 1 (head table):** Maya Chen, Luis Ortega, Ana Ortega, Priya Shah\n" in case.answer
        assert "**Table 3:** Tom Becker, Omar Haddad, Wen Zhou\n**Table 4:** Leila Haddad," in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"capacity": True, "head": False, "together": False}
        # By hand: Sofia Greco is at table 5, not the kids' table; all eight couples share tables; Stefano Greco
        # is at the head table and again at the kids' table.
        case = next(c for c in FRESH16_SET if c.id == "seating_plan-14")
        assert "| Table 6 | Kids | Omar Said, Leo Hughes, Tayo Bello, Stefano Greco |" in case.answer
        assert "Funmi Okoro, Stefano Greco |" in case.answer and "Kai Berg, Sofia Greco |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"kids": False, "together": True, "once": False}

    def test_medication_schedule_truths(self):
        text = "| 7:00 pm | Acetaminophen | 1,300 mg (2 tablets) |\n- 06:30 — Levothyroxine 75 mcg\nNo time here\n"
        found = medication_schedule.doses(text)
        assert [time for time, _ in found] == [19 * 60, 6 * 60 + 30]
        assert medication_schedule.amount(found[0][1], "Acetaminophen") == 1300
        assert medication_schedule.amount(found[1][1], "levothyroxine") == pytest.approx(0.075)
        assert medication_schedule.doses("| 12:15 am | X |\n| 12:15 pm | X |") == [
            (15, "| 12:15 am | X |"),
            (735, "| 12:15 pm | X |"),
        ]
        assert medication_schedule.FOOD.search("after breakfast")
        assert not medication_schedule.FOOD.search("before breakfast")
        spaced = [(420, "Amoxicillin"), (900, "Amoxicillin"), (1380, "amoxicillin")]
        assert medication_schedule.evenly(spaced, "Amoxicillin", 8)
        assert not medication_schedule.evenly(spaced[:1], "Amoxicillin", 8)  # one dose is no spacing
        # By hand: diclofenac is given at 14:00; the last line sends him to the pharmacist; atorvastatin is at 20:30.
        case = next(c for c in FRESH16_SET if c.id == "medication_schedule-03")
        assert "14:00  Diclofenac      50 mg    with food\n" in case.answer and "20:30  Atorvastatin" in case.answer
        assert case.answer.endswith("\nAny questions: ask the pharmacist at your surgery.")
        assert {c.kind: c.met for c in case.criteria} == {"no_nsaid": False, "last_line": True, "bedtime": False}
        # By hand: ciprofloxacin at 08:00 and 20:00 is 12 hours apart; paracetamol 1.5 + 1 + 1 + 1 = 4.5 g is over
        # 4 g; levothyroxine at 07:45 is only 15 minutes before the 08:00 doses.
        case = next(c for c in FRESH16_SET if c.id == "medication_schedule-09")
        assert "- 08:00 — Ciprofloxacin 500 mg\n" in case.answer and "- 20:00 — Ciprofloxacin 500 mg\n" in case.answer
        assert "- 09:00 — Paracetamol 1.5 g\n" in case.answer and case.answer.count("Paracetamol 1 g") == 3
        assert "- 07:45 — Levothyroxine" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"interval": True, "max_dose": False, "first": False}


class TestTheFresh17Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        for family in FRESH17:
            cases = [case for case in FRESH17_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)

    def test_env_file_truths(self):
        text = '# header\nexport PORT=8000\nNAME="Two words"  # said\nPLAIN=a b # note\nAPI_TOKEN=<fill>\nX_PASSWORD=\n'
        found = env_file.entries(text)
        assert [(e.key, e.value, e.quoted) for e in found] == [
            ("PORT", "8000", False),
            ("NAME", "Two words", True),
            ("PLAIN", "a b", False),
            ("API_TOKEN", "<fill>", False),
            ("X_PASSWORD", "", False),
        ]
        assert env_file.values(env_file.entries("A=1\nA=2\n")) == {"A": "2"}  # the last value counts
        assert env_file.placeholder("") and env_file.placeholder("changeme") and not env_file.placeholder("sk_1")
        assert env_file.database_right("postgres://app:${PW}@db:5432/app", "db", "app")
        assert not env_file.database_right("mysql://app@db:5432/app", "db", "app")
        assert not env_file.database_right("postgres://app@db:54x/app", "db", "app")  # no port is no match
        assert fenced_or_whole("Here:\n\n```dotenv\nA=1\n```\n") == "A=1\n"
        # By hand: PORT is 8000, not 3000; STRIPE_SECRET_KEY holds a live key; the one value with spaces is quoted.
        case = next(c for c in FRESH17_SET if c.id == "env_file-09")
        assert "\nPORT=8000\n" in case.answer and "STRIPE_SECRET_KEY=sk_live_" in case.answer
        assert 'APP_NAME="Ledgerly API (staging)"' in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"quoted": True, "no_secrets": False, "port": False}
        # By hand: the database is on port 3306; METRICS_PORT is gone, so 11 variables are set, not 12; both web
        # URLs are https.
        case = next(c for c in FRESH17_SET if c.id == "env_file-15")
        assert "db.quayside.internal:3306/tracking" in case.answer and "METRICS_PORT" not in case.answer
        assert case.answer.count("=https://") == 2 and "http://" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"count": False, "https": True, "db_url": False}

    def test_exam_timetable_truths(self):
        durations = ("1h30", "(2 h) ·", "2 h 15 min", "(105 minutes)", "1h00", "Room 14")
        assert [exam_timetable.duration(d) for d in durations] == [90, 120, 135, 105, 60, None]
        text = "**Monday 16 June 2025**\n- 09:00–11:00 (2 h) · Maths · Hall A\n"
        text += "| Tue 17 Jun 2025 | Art | 13:30 | 1 h 30 min | 15:00 | TBC |\nTotal: 3 h 30 min\n"
        found = exam_timetable.exams(text, ("Hall A", "Hall B"))
        assert [(e.when, e.start, e.end, e.minutes, e.room) for e in found] == [
            (date(2025, 6, 16), 540, 660, 120, "Hall A"),
            (date(2025, 6, 17), 810, 900, 90, None),
        ]
        assert exam_timetable.total_stated(text) == 210
        day = date(2025, 6, 16)
        morning = exam_timetable.Exam(day, 540, 645, 105, "Gym", "")
        beside = exam_timetable.Exam(day, 540, 600, 60, "Hall", "")  # the same sitting: no gap needed
        after = exam_timetable.Exam(day, 675, 765, 90, "Gym", "")  # 30 minutes after the first ends
        assert exam_timetable.gap_kept([morning, beside]) and not exam_timetable.gap_kept([morning, after])
        assert exam_timetable.overlap(morning, beside) and not exam_timetable.overlap(morning, after)
        # By hand: Geography is moved to Tue 10 Jun at 13:30, beside Chemistry (13:30-15:15); Art is in the Main
        # Hall at 13:30, as Chemistry is; the durations make 1,020 minutes, the 17 h stated.
        case = next(c for c in FRESH17_SET if c.id == "exam_timetable-12")
        assert "| Tue 10 Jun 2025 | Geography | 13:30 |" in case.answer and "| 15:00 | Main Hall |" in case.answer
        assert "| Tue 10 Jun 2025 | Chemistry | 13:30 | 1 h 45 min | 15:15 | Main Hall |" in case.answer
        assert "**Total exam time:** 17 h" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"shared": False, "total": True, "rooms": False}
        # By hand: Geography starts at 11:15, half an hour after English Language (09:00 + 1h45) ends; Music is
        # in Room 22 at 13:00-14:00, beside Spanish (13:00-14:15); 90+75+105+75+60+105+90+90+75+105 is 14 h 30.
        case = next(c for c in FRESH17_SET if c.id == "exam_timetable-06")
        assert "2025-07-02  Wed  11:15  1h30    12:45  Geography" in case.answer
        assert "13:00  1h00    14:00  Music                 Room 22" in case.answer
        assert "Total exam time: 14 h 30 min." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"gap": False, "total": True, "rooms": False}

    def test_git_log_summary_truths(self):
        text = "| Ana Costa | 6 | +233 | −97 |\n     12  Jonas Weber      +1,440  -65\n"
        text += "Hana Ito made 9 commits (+1,870, −640).\nHana Ito made the most commits.\n"
        found = git_log_summary.authors(text, ("Ana Costa", "Jonas Weber", "Hana Ito"))
        assert [(a.name, a.commits, a.added, a.deleted) for a in found] == [
            ("Ana Costa", 6, 233, 97),
            ("Jonas Weber", 12, 1440, 65),
            ("Hana Ito", 9, 1870, 640),
        ]
        assert git_log_summary.top_named(text, ("Ana Costa", "Hana Ito")) == "Hana Ito"
        assert git_log_summary.net_stated("lines (net −1,035)") == -1035
        assert git_log_summary.net_stated("a net change of +1,347 lines") == 1347
        assert git_log_summary.week_of("for orbit (2025-03-17 to 2025-03-23)") == (date(2025, 3, 17), date(2025, 3, 23))
        assert git_log_summary.week_of("week of 24 March – 30 March 2025") == (date(2025, 3, 24), date(2025, 3, 30))
        assert git_log_summary.week_of("3–9 March 2025") == (date(2025, 3, 3), date(2025, 3, 9))
        assert git_log_summary.HASH.search("see a31f9c0") and not git_log_summary.HASH.search("deadbeef 1234567")
        # By hand: 9, 6, 4, 1 falls; Hana Ito, not Luca Ferri, made the most commits; 2,405 - 1,058 is +1,347, not
        # the +3,463 stated.
        case = next(c for c in FRESH17_SET if c.id == "git_log_summary-07")
        assert "Luca Ferri made the most commits." in case.answer and "a net change of +3,463 lines" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"sorted": True, "top": False, "net": False}
        # By hand: a31f9c0 is pasted in; 18 March 2025 is a Tuesday; #61 is not listed.
        case = next(c for c in FRESH17_SET if c.id == "git_log_summary-10")
        assert "(conflict resolver, a31f9c0)" in case.answer and "Tuesday 18 March" in case.answer
        assert "#61" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_hashes": False, "weekday": True, "merged": False}

    def test_shopping_receipt_truths(self):
        text = "- Chew toy: 2 × £3.49 = £6.98\nSpiral notebook      3 x 4.20      12.60\n| Claw hammer | 1 | £14.99 | £14.99 |\n"
        found = shopping_receipt.items(text, ("Claw hammer", "chew toy", "Spiral notebook", "Trowel"))
        assert [(i.name, i.quantity, i.price, i.total) for i in found] == [
            ("Claw hammer", 1, Decimal("14.99"), Decimal("14.99")),
            ("chew toy", 2, Decimal("3.49"), Decimal("6.98")),
            ("Spiral notebook", 3, Decimal("4.20"), Decimal("12.60")),
        ]
        assert not shopping_receipt.in_order(text, ("Claw hammer", "Chew toy"))
        assert shopping_receipt.labelled("Loyalty discount (10%): −£5.20\n", "discount") == Decimal("5.20")
        assert shopping_receipt.CARD.search("card 4929 1837 0264 2290") and not shopping_receipt.CARD.search(
            "**** **** **** 2290 on 14/06/2025 10:42"
        )
        # By hand: the paint roller set comes before the masking tape; £9.36 is 20% of £46.82, but the VAT inside
        # £46.82 is £7.80; every amount has two decimals.
        case = next(c for c in FRESH17_SET if c.id == "shopping_receipt-04")
        assert "| Paint roller set | 1 | £9.50 | £9.50 |\n| Masking tape |" in case.answer
        assert "VAT at 20% included: £9.36" in case.answer and "**Total to pay: £46.82**" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"vat": False, "order": False, "pence": True}
        # By hand: the items are worth 64.41, so 10% off is £6.44, not £6.64; £9.66 is a sixth of £57.97; the first
        # line names the shop.
        case = next(c for c in FRESH17_SET if c.id == "shopping_receipt-11")
        assert "discount 10% −£6.64" in case.answer and "(VAT at 20% included: £9.66)" in case.answer
        assert case.answer.startswith("Greenhouse Garden Centre, Hexham\n")
        assert {c.kind: c.met for c in case.criteria} == {"vat": True, "header": True, "discount": False}


class TestTheFresh18Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        for family in FRESH18:
            cases = [case for case in FRESH18_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)

    def test_purchase_order_truths(self):
        text = "Order 3 March 2025, quote of 2025-04-02, sent 12/05/2025, due March 10, 2025 and 30 February 2025"
        assert [(kind, day) for _, kind, day in purchase_order.dates_in(text)] == [
            ("day_month", date(2025, 3, 3)),
            ("iso", date(2025, 4, 2)),
            ("slash", date(2025, 5, 12)),
            ("month_day", date(2025, 3, 10)),
        ]  # no 30 February
        assert purchase_order.delivery_date("**Delivery date:** 13 March 2025 (a Thursday)") == date(2025, 3, 13)
        assert purchase_order.delivery_date("Deliver to: Plot 6\nWanted on site 21/05/2025") == date(2025, 5, 21)
        assert purchase_order.stated_total("| Sip lids | £87.00 |\n**Order total: £510.30**\n") == Decimal("510.30")
        assert purchase_order.terms_days("**Payment terms:** Net 45") == 45
        assert purchase_order.terms_days("Terms: 30 days net") == 30
        order = purchase_order.ORDERS[3]
        found = purchase_order.items("PBM-2401 Plasterboard sheets, 60 at £9.85 each, £591.00\n", order)
        assert [(i.name, i.quantity, i.cost, i.total) for i in found] == [
            ("Plasterboard sheets", 60, Decimal("9.85"), Decimal("591.00"))
        ]
        # By hand: 8 March 2025 is a Saturday; the sip lids' line says £85.00 where 4 x £21.75 is £87.00, but the
        # goods at quantity times cost are £410.25, and (£410.25 + £15) x 1.2 is the £510.30 stated.
        case = next(c for c in FRESH18_SET if c.id == "purchase_order-08")
        assert "**Delivery date:** 8 March 2025 (a Saturday)" in case.answer
        assert "| Sip lids | 4 | £21.75 | £85.00 |" in case.answer and "**Order total: £510.30**" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_weekend": False, "total": True, "lines": False}
        # By hand: the order date is written 03/10/2025, the quote's date March 6, 2025; March 22, 2025 is a
        # Saturday; the goods still go to the lab's building, TX 78712.
        case = next(c for c in FRESH18_SET if c.id == "purchase_order-14")
        assert "- **Date:** 03/10/2025" in case.answer and "dated March 6, 2025" in case.answer
        assert "**Deliver by:** March 22, 2025" in case.answer and "Speedway, Austin, TX 78712" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"dates": False, "no_weekend": False, "ship_to": True}

    def test_flight_booking_truths(self):
        text = "**Outbound · Thursday 2 October 2025**\n- AC 412 · YYZ 16:30 → YUL 17:50\n"
        text += "- Change in Montreal: 1 h 50 min\n- AC 832 · YUL 19:40 → LIS 07:25 (+1)\n"
        found = flight_booking.flights(text)
        assert [(f.departs, f.arrives) for f in found] == [
            (datetime(2025, 10, 2, 16, 30), datetime(2025, 10, 2, 17, 50)),
            (datetime(2025, 10, 2, 19, 40), datetime(2025, 10, 3, 7, 25)),
        ]
        lengths = ("2h50", "1 h 05 min", "45 min", "3 hours")
        assert [flight_booking.minutes(flight_booking.LENGTH.search(s)) for s in lengths] == [170, 65, 45, 180]
        assert flight_booking.layovers(text, flight_booking.BOOKINGS[1]) == {0: 110}
        assert flight_booking.connections(found) is None  # the return is missing
        # By hand: Maya's Light fare shows 1 x 23 kg; she lands in Tokyo on 15 June and flies home on the 24th, 9
        # nights; QR 807 lands in Doha at 04:15 and QR 5 leaves at 04:55, 40 minutes.
        case = next(c for c in FRESH18_SET if c.id == "flight_booking-08")
        assert "| Maya Ellis-Nowak | Light | 1 × 23 kg |" in case.answer and "9 nights in Tokyo" in case.answer
        assert "| 40 min in Doha |\n| 4 | Wed 25 Jun 2025 | QR 5 | DOH 04:55 | LHR 10:00 |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"baggage": False, "nights": True, "connection": False}
        # By hand: 17:50 to 19:40 in Montreal is 1 h 50 min and 13:05 to 14:05 in Newark 60 min, as stated, though
        # the outbound flights are swapped; every flight has two codes; no word says the times are local.
        case = next(c for c in FRESH18_SET if c.id == "flight_booking-09")
        assert "- Change in Montreal: 1 h 50 min" in case.answer and "- Change in Newark: 60 min" in case.answer
        assert "EWR 14:05" in case.answer and "local" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"layover": True, "codes": True, "local": False}

    def test_grant_budget_truths(self):
        line = "- Lab manager, Kevin Tran: 20% time of $61,500 = $12,300 per year"
        assert grant_budget.person(line, "lab manager") == grant_budget.Person(
            Decimal("0.2"), True, Decimal(61500), Decimal(12300)
        )
        assert (
            grant_budget.person("| Research technician | Gareth Lowe | 0.5 | £32,600 |", "research technician") is None
        )
        headings = ("Personnel", "Equipment", "Travel", "Indirect costs")
        text = "**A. Personnel**\n**C. Travel**\n- trips\n**B. Equipment**\n**D. Indirect costs**\n"
        assert not grant_budget.heading_order(text, headings)
        assert grant_budget.heading_order("1. PERSONNEL\n2. EQUIPMENT\n## Travel\nIndirect costs\n", headings)
        assert (
            grant_budget.stated("## Overheads\nOverheads at 25% (£245,640): £61,410.\n", grant_budget.OVERHEAD) == 61410
        )
        # By hand: staff as listed cost (24,000 + 26,000 + 12,300) x 2 and travel 3,600 x 2, so 52% of 131,800 is
        # the $68,536 stated; 0.5 of $56,000 is $28,000, not the $26,000 listed; Kevin Tran's FTE is "20% time".
        case = next(c for c in FRESH18_SET if c.id == "grant_budget-13")
        assert "0.5 FTE of $56,000 = $26,000 per year" in case.answer and "20% time of $61,500" in case.answer
        assert "equipment, $131,800): $68,536" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"overheads": True, "personnel": False, "fte_form": False}
        # By hand: 25% of £245,640 is £61,410, not the £53,385 stated, but £245,640 + £61,410 is the £307,050
        # requested; the PI's FTE is written 20%.
        case = next(c for c in FRESH18_SET if c.id == "grant_budget-04")
        assert "(£245,640): £53,385." in case.answer and "**£307,050**" in case.answer
        assert "| Dr Helen Marsh | 20% |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"total": True, "overheads": False, "fte_form": False}

    def test_conference_schedule_truths(self):
        times = (("2", "15", "pm"), ("9", "40", "am"), ("12", "10", "pm"), ("14", "05", None))
        assert [conference_schedule.minutes(*t) for t in times] == [855, 580, 730, 845]
        event = conference_schedule.EVENTS[1]
        text = "### 13:25–14:05\n- **Auditorium**: *Repatriation in practice*, Dr Nomvula Dlamini\n"
        text += "- **Auditorium**: *Games in the gallery*, Finn O'Connor\n### 2:15 pm–2:55 pm · Coffee\n"
        found = conference_schedule.slots(text, event)
        assert [(s.start, s.end, s.room, s.title, s.timed) for s in found] == [
            (805, 845, None, None, True),
            (805, 845, "Auditorium", "Repatriation in practice", False),
            (805, 845, "Auditorium", "Games in the gallery", False),
            (855, 895, None, None, True),
        ]
        talks = [s for s in found if s.title]
        assert conference_schedule.clashes(talks, "room") and not conference_schedule.clashes(talks, "speakers")
        # By hand: Ravi Menon gives two talks at 10:45, but every talk still names a speaker; the panel is at
        # "2:15 pm–3:00 pm"; coffee is at 10:15 and 13:45.
        case = next(c for c in FRESH18_SET if c.id == "conference_schedule-00")
        assert "| Privacy by design for analysts | Ravi Menon |" in case.answer
        assert (
            "| 2:15 pm–3:00 pm | Main Hall | Panel" in case.answer and "| 13:45–14:15 | Foyer | Coffee" in case.answer
        )
        assert {c.kind: c.met for c in case.criteria} == {"speakers": True, "clock": False, "coffee": True}
        # By hand: the 10:50 coffee comes before a 10:25 talk; the afternoon coffee is gone; Luis Romero's talk at
        # 10:00 and his lightning talks at 13:30 do not overlap, and nobody else speaks twice.
        case = next(c for c in FRESH18_SET if c.id == "conference_schedule-14")
        assert "10:50-11:15  Foyer      Coffee break\n10:25-10:50  Hopper" in case.answer
        assert "13:05-13:30" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"order": False, "coffee": False, "no_double": True}


class TestTheFresh19Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        for family in FRESH19:
            cases = [case for case in FRESH19_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)

    def test_bank_reconciliation_truths(self):
        text = "- Balance per bank statement: $100.00\n- Add deposits in transit:\n  - Hill: $20.00\n"
        text += "- Less outstanding checks:\n  - Check #2215: $5.50\n  - cheque 1043: $4.50\n"
        text += "- **Adjusted bank balance: $110.00**\n"
        bank = bank_reconciliation.side(text, bank_reconciliation.BANK)
        assert len(bank) == 7 and bank_reconciliation.adds_up(bank)
        assert bank_reconciliation.numbers(bank) == ["2215", "1043"]  # "checks" has no number
        assert not bank_reconciliation.adds_up(bank[:-1] + ["Adjusted bank balance: $111.00"])
        assert bank_reconciliation.side(text, bank_reconciliation.BOOK) == []
        assert bank_reconciliation.working_days(date(2025, 5, 31), date(2025, 6, 3)) == 2  # from a Saturday
        assert bank_reconciliation.working_days(date(2025, 4, 30), date(2025, 5, 5)) == 3
        # By hand: 3324 comes before 3321; 15,397.20 + 1,904.35 - 2,630.75 - 74.95 - 188.40 is the 14,407.45 stated,
        # but 14,533.70 + 2.85 - 21.90 - 120.00 is 14,394.65, not the 14,387.45 stated.
        case = next(c for c in FRESH19_SET if c.id == "bank_reconciliation-03")
        assert "cheque 3324 to Northern Linen: $74.95\nLess outstanding cheque 3321" in case.answer
        assert (
            "statement at 31 March 2025: $15,397.20" in case.answer
            and "Adjusted bank balance: $14,407.45" in case.answer
        )
        assert "Less monthly account fee: $21.90" in case.answer and "Adjusted book balance: $14,387.45" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"order": False, "bank_side": True, "book_side": False}
        # By hand: 23,640.18 + 1,842.60 - 3,915.00 - 129.90 - 468.22 is 20,969.66, not the 20,951.66 stated, which
        # is not the book side's 20,915.66 either; cheque 5508, paid in April, is not listed.
        case = next(c for c in FRESH19_SET if c.id == "bank_reconciliation-10")
        assert "€23,640.18" in case.answer and "Stadtwerke                           €468.22" in case.answer
        assert (
            "Adjusted bank balance                             €20,951.66" in case.answer and "5508" not in case.answer
        )
        assert {c.kind: c.met for c in case.criteria} == {"cleared": True, "bank_side": False, "agree": False}

    def test_staff_rota_truths(self):
        rota = staff_rota.ROTAS[3]
        text = "Monday 4 August 2025: Kasia Nowak 06:00–14:00, Jess Patel 2:00 pm–10:00 pm\n"
        text += "Tuesday: 06:00–14:00 Liam Burke and Beth Lowe\n- 22:00-06:00 Omar Haddad\n"
        found = staff_rota.shifts(text, rota)
        assert [(s.person, s.day, s.start, s.end) for s in found] == [
            ("Kasia Nowak", 0, 360, 840),
            ("Jess Patel", 0, 840, 1320),
            ("Liam Burke", 1, 360, 840),
            ("Beth Lowe", 1, 360, 840),
            ("Omar Haddad", 1, 1320, 1800),  # past midnight
        ]
        late_then_early = [staff_rota.Shift("A", 0, 840, 1320), staff_rota.Shift("A", 1, 360, 840)]
        assert not staff_rota.rested(late_then_early) and staff_rota.rested(late_then_early[1:])
        assert staff_rota.dates_match("Mon 14 Jul 2025\nSat 19 Jul 2025") and not staff_rota.dates_match(
            "Sat 20 Jul 2025"
        )
        # By hand: Ben Foster works 13:00-21:00 on Monday and 07:00 on Tuesday, 10 hours later; the busiest, Amira,
        # has five 8-hour shifts, 40 hours; every date is its weekday's.
        case = next(c for c in FRESH19_SET if c.id == "staff_rota-04")
        assert "| Mon 2 Jun 2025 | Ben Foster | 13:00–21:00 |" in case.answer
        assert "| Tue 3 Jun 2025 | Ben Foster | 07:00–15:00 |" in case.answer
        assert case.answer.count("| Amira Haddad | 07:00–15:00 |") == 5
        assert {c.kind: c.met for c in case.criteria} == {"dates": True, "rest": False, "max_hours": True}
        # By hand: on Thursday the only first-aider, Aaron Cole, starts at 08:00 and Omar Haddad is not one; Kasia
        # Nowak's five 8-hour shifts are the most, 40 hours; Gary Holt's number is there.
        case = next(c for c in FRESH19_SET if c.id == "staff_rota-11")
        assert "Thursday 7 August 2025: Aaron Cole 08:00–16:00, Omar Haddad 06:00–14:00, Beth Lowe" in case.answer
        assert "on 0113 496 0291" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"contact": True, "max_hours": True, "keyholder": False}

    def test_dunning_letter_truths(self):
        line = "| INV-4410 | 2 May 2025 | 2025-06-01 | £1,380.00 | 43 days |"
        assert dunning_letter.dates_on(line) == [date(2025, 5, 2), date(2025, 6, 1)]
        fees = [dunning_letter.fee_due(letter) for letter in dunning_letter.REMINDERS]
        assert fees == [Decimal("150"), Decimal("25.95"), Decimal("160"), Decimal("102.47")]  # 70 + 40 + 40; 4 x 40
        assert dunning_letter.deadline("Payment by transfer.\nPlease settle these by 28 July 2025 by bank") == date(
            2025, 7, 28
        )
        assert dunning_letter.subject_first("Note:\n```text\nRe: Overdue, customer KD-50318\n```", "KD-50318")
        assert not dunning_letter.subject_first("14 July 2025\n**Subject: Account CH-2291**", "CH-2291")
        # By hand: INV-4436 fell due on 18 June, 26 days before 14 July, not 56; £1,380.00 + £642.50 + £216.00 is
        # £2,238.50, not the £2,283.50 stated; the account number is as the task gives it.
        case = next(c for c in FRESH19_SET if c.id == "dunning_letter-12")
        assert "| INV-4436 | 19 May 2025 | 18 June 2025 | £642.50 | 56 days |" in case.answer
        assert "**£2,283.50**" in case.answer and "account 61840273" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"overdue": False, "bank": True, "total": False}
        # By hand: 2% of $5,123.50 is $102.47 (and 2% of the $5,213.50 stated is $104.27), not $65.20; 22 September
        # is 7 days after the letter; the padded letter runs past 210 words.
        case = next(c for c in FRESH19_SET if c.id == "dunning_letter-03")
        assert "Late payment interest: $65.20" in case.answer and "by 22 September 2025" in case.answer
        assert len(case.answer.split()) > 240
        assert {c.kind: c.met for c in case.criteria} == {"deadline": True, "fee": False, "short": False}

    def test_payslip_truths(self):
        assert [payslip.pay_day(slip) for slip in payslip.PAYSLIPS] == [
            date(2025, 6, 30),
            date(2025, 7, 31),
            date(2025, 10, 24),  # the 25th is a Saturday
            date(2025, 8, 29),  # the 31st is a Sunday
        ]
        text = "**Earnings**\n- Regular: $100.00\n- Overtime: 2 h × $15.00 = $30.00\n- **Gross pay: $130.00**\n"
        text += "Gross pay to date: $500.00\n"
        assert payslip.block(text, ("payments", "earnings"), ("gross",)) == (
            [Decimal("100.00"), Decimal("30.00")],
            Decimal("130.00"),
        )
        assert payslip.block(text, ("deductions",), ("total deductions",)) is None
        assert payslip.last_amount(text, payslip.TO_DATE) == Decimal(500)
        # By hand: 4% of $4,490.00 is $179.60, not $134.70; $4,490.00 - $978.05 is the $3,511.95 stated; 8 hours at
        # $36.00 is $288.00, not the $216.00 paid.
        case = next(c for c in FRESH19_SET if c.id == "payslip-13")
        assert "- Overtime: 8 h × $36.00 = $216.00" in case.answer and "(4% of gross): $134.70" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"pension": False, "net": True, "overtime": False}
        # By hand: €2,852.50 + €210.00 + €102.00 is €3,164.50, not the €3,182.50 stated, of which 6% is the €190.95
        # shown; 8 hours at 1.5 x €17.50 is €210.00.
        case = next(c for c in FRESH19_SET if c.id == "payslip-06")
        assert "Shift premium                                         €102.00" in case.answer
        assert "GROSS PAY                                           €3,182.50" in case.answer
        assert "6% of gross            €190.95" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"pension": True, "gross": False, "overtime": True}


class TestTheFresh20Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        for family in FRESH20:
            cases = [case for case in FRESH20_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)

    def test_vehicle_service_truths(self):
        assert vehicle_service.add_months(date(2025, 6, 9), 6) == date(2025, 12, 9)
        assert vehicle_service.add_months(date(2025, 11, 5), 6) == date(2026, 5, 5)
        assert vehicle_service.tread("- LF: 7/32 in", "LF") and vehicle_service.tread("front left 5.1 mm", "Front left")
        assert not vehicle_service.tread("Amber: rear tyres at 3 mm", "Rear left")
        text = "Work done\n- Oil, 1.0 h at $90.00: $90.00\n- Filter: $5.50\n- Subtotal: $95.50\n- **Total: $105.05**"
        assert vehicle_service.work(text) == (text.splitlines()[:3], Decimal("95.50"))
        assert vehicle_service.work("Subtotal: $1.00\nWork done") is None
        service = vehicle_service.SERVICES[3]
        assert vehicle_service.tags("Urgent: a\nMonitor: b\nURGENT: c", service) == ["urgent", "monitor", "urgent"]
        # By hand: £317.70 and 20% VAT (£63.54) is £381.24, not the £383.14 stated; the declined wiper blades are in
        # the work, at no charge; the one red advisory comes before the three amber ones.
        case = next(c for c in FRESH20_SET if c.id == "vehicle_service-12")
        assert "| Wiper blades (pair), fitted at no charge | £0.00 |" in case.answer
        assert "| Subtotal | £317.70 |" in case.answer and "| **Total** | **£383.14** |" in case.answer
        assert case.answer.index("- Red: front brake discs") < case.answer.index("- Amber: rear tyres")
        assert {c.kind: c.met for c in case.criteria} == {"total": False, "declined": False, "order": True}
        # By hand: the rear right tyre has no depth; $465.00 and 10% GST is $511.50, not the $515.10 stated; both
        # urgent findings come before the two to monitor.
        case = next(c for c in FRESH20_SET if c.id == "vehicle_service-07")
        assert "rear left 4.0 mm\n" in case.answer and "rear right" not in case.answer
        assert "Subtotal: $465.00" in case.answer and "Total: $515.10" in case.answer
        assert "Urgent: front CV boot split on the driver's side\nMonitor: tyres due" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"tyres": False, "order": True, "total": False}

    def test_vaccination_record_truths(self):
        record = vaccination_record.RECORDS[1]
        text = "- 2025-04-07 · Rabies · lot RB6021\n- 7 Apr 2025 · rabies, dose 2\nNext due: Rabies on 2026-04-07"
        assert [(d, v) for d, v, _ in vaccination_record.doses(text, record)] == [
            (date(2025, 4, 7), "Rabies"),
            (date(2025, 4, 7), "Rabies"),  # the due line is no dose
        ]
        assert vaccination_record.spaced([date(2025, 4, 14), date(2025, 4, 7)], 7)
        assert not vaccination_record.spaced([date(2025, 4, 7), date(2025, 4, 11)], 7)
        assert not vaccination_record.spaced([date(2025, 4, 7)], 7)  # one dose has no gap
        assert [vaccination_record.BATCH.search(s) is not None for s in ("A312B01", "FLU8812", "MenB", "L4")] == [
            True,
            True,
            False,
            False,
        ]
        assert vaccination_record.CLAIM.search("She is now up to date.")
        assert not vaccination_record.CLAIM.search("The course is not finished yet.")
        # By hand: the second 6-in-1 dose, on 24 Mar, is 21 days after the first, on 3 Mar; the record says Lily is
        # fully vaccinated; each of the seven rows has its batch.
        case = next(c for c in FRESH20_SET if c.id == "vaccination_record-04")
        assert "| 3 Mar 2025 | 6-in-1 | 1 | AB4471 |" in case.answer and "| 24 Mar 2025 | 6-in-1 | 2 |" in case.answer
        assert "fully vaccinated" in case.answer and case.answer.count("| Nurse ") == 7
        assert all(batch in case.answer for batch in ("AB4471", "MB2093", "AB4519", "PN3307", "RV8840", "AB4602"))
        assert "| MB2151 |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_claim": False, "batch": True, "interval": False}
        # By hand: the 7 Apr 2025 DHP booster is gone, leaving six doses; the L4 of 7 Apr 2025 stands above the
        # kennel cough of 20 Aug 2024; the card's first line names Bramble and her birthday.
        case = next(c for c in FRESH20_SET if c.id == "vaccination_record-10")
        assert "A318C44" not in case.answer
        assert "7 Apr 2025    Leptospirosis (L4)         L41530     P. Shah\n20 Aug 2024   Kennel" in case.answer
        assert "```text\nBRAMBLE · VACCINATION CARD · born 12 Feb 2024\n" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"heading": True, "count": False, "order": False}

    def test_asset_register_truths(self):
        assert asset_register.full_years(date(2024, 6, 28), date(2025, 6, 30)) == 1
        assert asset_register.full_years(date(2022, 7, 11), date(2025, 6, 30)) == 2  # not yet three on 30 June
        register = asset_register.REGISTERS[2]  # 3 years to nothing, as at 31 August 2025
        assert asset_register.valued("SB-1 2022-09-12 €799.00 2024-09-12 €266.33", register)
        assert not asset_register.valued("SB-1 2022-09-12 €799.00 2024-09-12 €532.67", register)
        assert asset_register.valued("SB-1 2022-01-17 €549.00 2024-01-17 €0.00", register)  # never below nothing
        assert [asset_register.SERIAL.search(s) is not None for s in ("CN0W4T2", "P2423D", "4002dn", "2025")] == [
            True,
            False,
            False,
            False,
        ]
        # By hand: IT-0406, bought 2024-11-18, has its warranty end two years on, not three; IT-0403 is shown with
        # Jake Turner; the book values are $1,379 less a fifth (one full year), $949 less four fifths, $449 less a
        # fifth, $299 less three fifths, $449.99 less two fifths, $1,999 whole and $1,649 less two fifths (two full
        # years: 11 July had not come round again by 30 June).
        case = next(c for c in FRESH20_SET if c.id == "asset_register-05")
        assert "bought 2024-11-18 for $1,999.00 · warranty to 2026-11-18 · book value $1,999.00" in case.answer
        assert "· Jake Turner ·" in case.answer and "In stock" not in case.answer
        for value in ("$1,103.20", "$189.80", "$359.20", "$119.60", "$269.99", "$989.40"):
            assert f"book value {value}" in case.answer, value
        assert {c.kind: c.met for c in case.criteria} == {"warranty": False, "book_value": True, "returned": False}
        # By hand: CP-07 is missing, 8 assets of 9; CP-02 is shown with Noah Fraser; the six marked expired are the
        # six whose one-year warranty had ended by 30 June 2025 (CP-06's on 28 June), and CP-02's had not.
        case = next(c for c in FRESH20_SET if c.id == "asset_register-15")
        assert "CP-07" not in case.answer and "serial PF4X7KQ9, Noah Fraser" in case.answer
        assert case.answer.count("(expired)") == 6 and "warranty to 2025-06-28 (expired)" in case.answer
        assert "bought 2024-10-07 for $1,249.00, warranty to 2026-10-07, book" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"returned": False, "count": False, "expired": True}

    def test_electricity_bill_truths(self):
        assert electricity_bill.error("The bill of $143.99 is $41.20 too low.") == Decimal("-41.20")
        assert electricity_bill.error("Bill €514.77: overcharged by €52.82.") == Decimal("52.82")
        assert electricity_bill.error("The bill of $143.99 looks wrong.") is None
        text = "| 2 Jan 2025 | 48,215 kWh |\nUnits used: 1,966 kWh\n- 2025-04-02: 50,181 kWh (my photo)"
        assert electricity_bill.readings(text) == [(date(2025, 1, 2), 48215), (date(2025, 4, 2), 50181)]
        assert electricity_bill.hundredths(Decimal(1966), Decimal("24.86")) == Decimal("488.75")
        assert electricity_bill.hundredths(Decimal("423.81"), Decimal(9)) == Decimal("38.14")
        # By hand: £684.36 less £564.03 is £120.33, not the £102.33 stated; 2 Jan to 2 Apr 2025 is 90 days, so the
        # standing charge is £48.42, not the £48.96 of the 91 days stated; no other supplier is mentioned.
        case = next(c for c in FRESH20_SET if c.id == "electricity_bill-12")
        assert (date(2025, 4, 2) - date(2025, 1, 2)).days == 90
        assert "readings: 91" in case.answer and "Standing charge (53.80p a day): £48.96" in case.answer
        assert "**Correct total: £564.03**" in case.answer and "so it is £102.33 too high." in case.answer
        assert "switch" not in case.answer.lower() and "cheaper" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"difference": False, "standing": False, "no_advice": True}
        # By hand: 14 Jan to 14 Mar 2025 is 59 days (60 are stated), and 59 x 74.25c is the €43.81 shown; it says
        # to switch supplier; the bill's estimated 24,090 kWh is not named.
        case = next(c for c in FRESH20_SET if c.id == "electricity_bill-06")
        assert (date(2025, 3, 14) - date(2025, 1, 14)).days == 59
        assert "PERIOD                          60" in case.answer and "A DAY       €43.81" in case.answer
        assert "Switch to a cheaper supplier" in case.answer and "24,090" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"standing": True, "no_advice": False, "estimated": False}


class TestTheFresh21Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        for family in FRESH21:
            cases = [case for case in FRESH21_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)

    def test_stock_take_truths(self):
        assert stock_take.amounts("| −2 | £8.99 | −£17.98 |") == [Decimal("8.99"), Decimal("-17.98")]
        assert stock_take.amounts("-3   €18.40   -€55.20") == [Decimal("18.40"), Decimal("-55.20")]
        count = stock_take.COUNTS[1]
        line = "- HW-2160 Hex nuts, zinc, bag: 150 → 146, −4, $2.10, −$8.40 · RECOUNT"
        assert stock_take.stock_lines(line, count) == [
            ("HW-2160", [150, 146, -4], Decimal("2.10"), Decimal("-8.40"), True)
        ]
        assert stock_take.stock_lines("- SKUs counted: 7\n- HW-2031 on order", count) == []  # no code, or no amount
        assert stock_take.WRITE_OFF.search("Adjustments have been posted for every variance.")
        assert not stock_take.WRITE_OFF.search("Nothing has been changed in the stock system.")
        # By hand: the variances at cost are -£17.98, £0.00, -£19.50, -£18.00, -£29.98, £10.50, -£50.00 and £4.95, which
        # come to -£120.01, not the -£102.01 stated; only the atlas (-£29.98) and the maritime history (-£50.00) are out
        # by more than £20.00, and both carry Recount; the codes run from HB-0107 to HB-0864.
        case = next(c for c in FRESH21_SET if c.id == "stock_take-00")
        assert "| HB-0526 | Children's atlas of Britain | 9 | 7 | −2 | £14.99 | −£29.98 | Recount |" in case.answer
        assert "| −£50.00 | Recount |" in case.answer and case.answer.count("Recount |") == 2
        assert "Net variance at cost: −£102.01" in case.answer
        assert case.answer.index("| HB-0418") < case.answer.index("| HB-0526") < case.answer.index("| HB-0633")
        assert {c.kind: c.met for c in case.criteria} == {"net": False, "recount": True, "order": True}
        # By hand: the Yalumba Shiraz is one bottle short at $14.20, but its value is given as -$12.40; the net of
        # -$117.80 - $14.20 - $52.00 + $11.60 + $0.00 - $79.90 - $12.60 is the -$264.90 stated; Mia Kowalski checked.
        case = next(c for c in FRESH21_SET if c.id == "stock_take-07")
        assert "book 48, counted 47, variance -1, unit cost $14.20, value -$12.40" in case.answer
        assert "Net variance at cost: -$264.90" in case.answer and "checked by Mia Kowalski" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"net": True, "value": False, "signed": True}

    def test_deposit_return_truths(self):
        text = "Deposit: £900.00\n### Deductions\n| Clean | invoice | £85.00 |\n| Key | | £15.00 |\n| Total deductions | £100.00 |"
        assert deposit_return.deductions(text) == (["| Clean | invoice | £85.00 |", "| Key | | £15.00 |"], Decimal(100))
        assert deposit_return.deductions("Total deductions: £1.00\nDeductions:") is None
        assert deposit_return.EVIDENCE.search("(move-out inspection photos)") and not deposit_return.EVIDENCE.search(
            "Key"
        )
        # By hand: £1,350.00 less the £445.30 of deductions is £904.70, not the £895.70 stated; the reference reads
        # 1048 3737 where the task gave 1048 3377; the DPS's dispute service is named.
        case = next(c for c in FRESH21_SET if c.id == "deposit_return-00")
        assert "**£445.30**" in case.answer and "**To be returned to you: £895.70**" in case.answer
        assert "reference 1048 3737" in case.answer and "1048 3377" not in case.answer
        assert "free dispute resolution service" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"reference": False, "dispute": True, "returned": False}
        # By hand: the lease ended 14 November and the keys came back 17 November, three days, but the rent is for two;
        # the garden tidy has no evidence; the faded front door is not among the deductions.
        case = next(c for c in FRESH21_SET if c.id == "deposit_return-11")
        assert (date(2025, 11, 17) - date(2025, 11, 14)).days == 3 and "Rent for 2 days" in case.answer
        assert "\nGarden tidy and lawn mowing: $90.00\n" in case.answer
        assert "Repainting the faded" not in case.answer and "Replacing the broken flyscreen door" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"wear": True, "evidence": False, "overstay": False}

    def test_mileage_claim_truths(self):
        text = "| 3 Feb 2026 | Exeter → Tiverton | Survey | 34 |\n- 2025-10-02 · Fremont: 42 miles\nClaim period: 1 to 31 May 2025"
        assert [(d, n) for d, n, _ in mileage_claim.trips(text)] == [(date(2026, 2, 3), 34), (date(2025, 10, 2), 42)]
        claim = mileage_claim.CLAIMS[0]  # 45p to 10,000 miles, 25p after, 9,780 before
        assert mileage_claim.owed(claim, 486) == Decimal("165.50") and mileage_claim.owed(claim, 200) == Decimal(90)
        assert mileage_claim.owed(mileage_claim.CLAIMS[2], 650) == Decimal("357.75")  # 200 km at 90.63c, 450 at 39.22c
        # By hand: 486 miles, 220 of them at 45p (£99.00) to reach 10,000 and 266 at 25p (£66.50), is £165.50, not the
        # £218.70 stated (all at 45p); 10 Feb comes before 5 Feb; the 16 Feb dentist trip is not claimed.
        case = next(c for c in FRESH21_SET if c.id == "mileage_claim-12")
        assert "**Amount claimed: £218.70**" in case.answer
        assert case.answer.index("| 10 Feb 2026") < case.answer.index("| 5 Feb 2026")
        assert "entist" not in case.answer and "| 17 Feb 2026 | Exeter office → Honiton" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"amount": False, "order": False, "personal": True}
        # By hand: six trips are listed (the concert one among them) but five stated; they come to 540 km, not the 504
        # stated; 390 km at 88c ($343.20) to reach 5,000 km and 150 at 50c ($75.00) are the $418.20 claimed.
        case = next(c for c in FRESH21_SET if c.id == "mileage_claim-03")
        assert "Trips claimed: 5" in case.answer and "Total distance: 504 km" in case.answer
        assert "14 May 2025, home to Melton and back, concert (personal), 104 km" in case.answer
        assert 36 + 186 + 92 + 104 + 98 + 24 == 540 and "Amount claimed: $418.20" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"trips": False, "amount": True, "total": False}

    def test_train_timetable_truths(self):
        assert [
            train_timetable.clock(t) for t in train_timetable.TIME.finditer("7:05 AM, 12:10 PM, 1:02 pm, 13:40")
        ] == [
            425,
            730,
            782,
            820,
        ]
        timetable = train_timetable.TIMETABLES[3]
        assert train_timetable.stops(
            "Moss Vale: departs 09:40\nColo Vale: arrives 10:24, departs 10:25", timetable
        ) == [
            ("Moss Vale", [580]),
            ("Colo Vale", [624, 625]),
        ]
        assert train_timetable.stops("The coach to Camden leaves at 11:10.", timetable) == []
        assert [train_timetable.running_days(t) for t in train_timetable.TIMETABLES] == [18, 21, 8, 9]
        # By hand: 10:15 to 11:20 is 65 minutes, 1 h 5 min, not the 1 h 15 min stated; the bus at 11:34 is 14 minutes
        # after the 11:20 arrival, not 16; Cove Halt has no times.
        case = next(c for c in FRESH21_SET if c.id == "train_timetable-04")
        assert "| Tivercombe | | 10:15 | |" in case.answer and "| Wiveleigh | 11:20 | | |" in case.answer
        assert "Journey time: 1 h 15 min" in case.answer and "at 11:34, 16 minutes after" in case.answer
        assert "| Cove Halt" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"connection": False, "journey": False, "closed": True}
        # By hand: the Sundays from 6 July to 31 August 2025 less 3 August are 8, not the 9 stated; the train stands at
        # Ballinasloe 08:50 to 08:54, 4 minutes, not 7; the times still rise down the list, Oranmore's among them.
        case = next(c for c in FRESH21_SET if c.id == "train_timetable-06")
        assert "not 3 August: 9 days of running" in case.answer
        assert "Ballinasloe          08:50   08:54" in case.answer
        assert "Galway (Ceannt)              08:10\nOranmore             08:17   08:18\nAthenry" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"order": True, "days": False, "wait": False}


class TestTheFresh22Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        for family in FRESH22:
            cases = [case for case in FRESH22_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)

    def test_clinic_letter_truths(self):
        assert clinic_letter.ESCORT.search("An adult must collect you from the ward and stay with you.")
        assert not clinic_letter.ESCORT.search("You may go home by taxi once the nurse has checked your wound.")
        assert clinic_letter.STOP.search("Stop taking all your usual medicines two days before.")
        assert not clinic_letter.STOP.search("Keep taking your usual medicines; stop eating at 07:00.")
        # By hand: 10 March 2026 is a Tuesday, as written; the place is the task's; after sedation the letter lets her
        # go home once the nurse is happy, with no adult to take her home.
        case = next(c for c in FRESH22_SET if c.id == "clinic_letter-00")
        assert date(2026, 3, 10).weekday() == 1 and "| Date | Tuesday 10 March 2026 |" in case.answer
        assert "| Where | Endoscopy Unit, Level 2, Bramley Wing |" in case.answer
        assert "you can go home once the nurse is happy with you" in case.answer and "adult" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"place": True, "escort": False, "weekday": True}
        # By hand: 13 April 2026 is 7 days before the operation on 20 April, not 10; nothing to eat after 08:00 is 5
        # hours before the 13:00 operation, not 6; the usual medicines are kept.
        case = next(c for c in FRESH22_SET if c.id == "clinic_letter-06")
        assert (date(2026, 4, 20) - date(2026, 4, 13)).days == 7 and "by 13 April 2026 to confirm" in case.answer
        assert "Operation time:       13:00" in case.answer and "Nothing to eat after 08:00" in case.answer
        assert "Keep taking your usual medicines" in case.answer and "Stop" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"confirm": False, "no_stop": True, "fasting": False}

    def test_fixture_list_truths(self):
        text = (
            "| 7 Sep 2025 | Ashdown Juniors | H | 10:30 | 09:45 |\n- No game on 26 Oct 2025 (half-term).\n"
            "- 2025-09-13 · at Lakeview Lightning (away) · kickoff 10:15 AM · arrive 9:45 AM"
        )
        assert [(day, side) for day, side, _, _ in fixture_list.games(text)] == [
            (date(2025, 9, 7), "H"),
            (date(2025, 9, 13), "A"),
        ]
        # By hand: 9 November 2025 is a Sunday; Naas are played once at home and twice away (4 October, 22
        # November) and Skerries at home only; every home push-back is 13:00.
        case = next(c for c in FRESH22_SET if c.id == "fixture_list-02")
        assert date(2025, 11, 9).weekday() == 6 and "09 Nov 2025   Corinthian    A" in case.answer
        assert "22 Nov 2025   Naas          A" in case.answer and case.answer.count("Skerries") == 1
        assert [line.split()[-2] for line in case.answer.splitlines() if "  H  " in line] == ["13:00"] * 5
        assert {c.kind: c.met for c in case.criteria} == {"twice": False, "weekday": False, "home": True}
        # By hand: Oak Hollow FC, who dropped out, are still mentioned; the games are on 4 and 18 October, none on
        # the 11th; all eight dates are Saturdays.
        case = next(c for c in FRESH22_SET if c.id == "fixture_list-05")
        assert "Oak Hollow FC game to be rescheduled" in case.answer
        assert (
            "- 2025-10-04 ·" in case.answer and "- 2025-10-18 ·" in case.answer and "- 2025-10-11 ·" not in case.answer
        )
        days = [date.fromisoformat(line[2:12]) for line in case.answer.splitlines() if line.startswith("- 2025-")]
        assert len(days) == 8 and {day.weekday() for day in days} == {5}
        assert {c.kind: c.met for c in case.criteria} == {"withdrawn": False, "free": True, "weekday": True}

    def test_route_card_truths(self):
        card = route_card.CARDS[0]
        text = (
            "| 3 | Styhead Tarn → Esk Hause | 2.0 | 300 | 60 |\n- Escape route: from Esk Hause, down to Stockley Bridge"
        )
        assert route_card.legs(text, card) == [
            ("Styhead Tarn", "Esk Hause", [Decimal("2.0"), Decimal(300), Decimal(60)])
        ]
        assert route_card.minutes(card, Decimal("2.8"), Decimal(330)) == 75
        assert route_card.minutes(route_card.CARDS[1], Decimal("2.4"), Decimal(2900)) == 135
        assert clock("- Estimated finish: 1:22 PM") == 802
        # By hand: the legs' times by the rule are 55, 135, 28, 20 and 99 minutes; with 45 minutes of breaks after a
        # 7:00 AM start that is 6 h 22 min, a finish at 1:22 PM, not the 12:22 PM written; the longitude reads 71.2819
        # where the task gave 71.2891; each leg starts where the one before ends.
        case = next(c for c in FRESH22_SET if c.id == "route_card-01")
        assert 55 + 135 + 28 + 20 + 99 + 45 == 6 * 60 + 22
        assert "Start: 7:00 AM" in case.answer and "Estimated finish: 12:22 PM" in case.answer
        assert "71.2819° W" in case.answer and "71.2891" not in case.answer
        assert "Leg 1: Appalachia Trailhead → Duck Fall ·" in case.answer and "Leg 2: Duck Fall →" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"grid": False, "finish": False, "order": True}
        # By hand: legs 2 and 3 go by Conavalla, which the task ruled out; 2.0 km at 12 min and 300 m at 1 min a 10 m
        # is 54 minutes, and the other legs' 61, 47, 54 and 30 are right too; six people are named for a group of 6.
        case = next(c for c in FRESH22_SET if c.id == "route_card-14")
        assert "2    Spinc top -> Conavalla" in case.answer and "3    Conavalla -> Mullacor" in case.answer
        assert "2.0        300    54" in case.answer and [24 + 30, 36 + 25, 30 + 17, 48 + 6, 30] == [54, 61, 47, 54, 30]
        assert case.answer.split("GROUP OF 6 (")[1].split(")")[0].count(", ") == 5
        assert {c.kind: c.met for c in case.criteria} == {"avoid": False, "leg_time": True, "group": True}

    def test_sample_log_truths(self):
        log = sample_log.LOGS[1]
        line = (
            "- WW-1186 · 14 Birch Lane · collected 2025-06-02 09:15 · received 2025-06-03 08:45 · 23.5 h · 6.2 °C · ok"
        )
        moments = [datetime(2025, 6, 2, 9, 15), datetime(2025, 6, 3, 8, 45)]
        assert sample_log.samples(line, log) == [("WW-1186", moments, Decimal("23.5"), Decimal("6.2"), False)]
        assert sample_log.samples("- Samples logged: 6", log) == []
        assert sample_log.ANALYSED.search("Rejected samples will still be tested, flagged as outside hold time.")
        assert not sample_log.ANALYSED.search("Rejected samples will not be analysed.")
        # By hand: Kings Meadow was collected at 13:40 on 11 May and received at 15:10 on 12 May, 25.5 h, over the
        # 24 h limit, yet it is accepted; seven samples are listed and seven stated; the IDs run from RW-0411 up.
        case = next(c for c in FRESH22_SET if c.id == "sample_log-04")
        assert "| Kings Meadow | 11 May 2025 13:40 | 12 May 2025 15:10 | 25.5 h | 3.8 °C | Accepted |" in case.answer
        assert "Samples received: 7" in case.answer and case.answer.count("| RW-04") == 7
        where = [case.answer.index(f"| RW-04{n}") for n in range(11, 18)]
        assert where == sorted(where)
        assert {c.kind: c.met for c in case.criteria} == {"count": True, "rejected": False, "order": True}
        # By hand: Kilree Dairy's 07:15 on 3 November to 09:00 on the 4th is 25.75 h, not the 26.75 h written; two
        # working days after Tuesday 4 November is Thursday the 6th, as written; the rejected samples are still tested.
        case = next(c for c in FRESH22_SET if c.id == "sample_log-14")
        assert "03 Nov 2025 07:15  04 Nov 2025 09:00  26.75 h" in case.answer
        assert (datetime(2025, 11, 4, 9) - datetime(2025, 11, 3, 7, 15)).total_seconds() == 25.75 * 3600
        assert date(2025, 11, 4).weekday() == 1 and "RESULTS DUE             06 Nov 2025" in case.answer
        assert "Rejected samples will still be tested" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"due": True, "no_analysis": False, "transit": False}


class TestTheFresh23Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        for family in FRESH23:
            cases = [case for case in FRESH23_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)

    def test_agm_notice_truths(self):
        assert agm_notice.PAID_UP.search("Only owners in good standing (assessments paid to date) may vote.")
        assert not agm_notice.PAID_UP.search("Every owner may vote, whether or not their assessments are current.")
        # By hand: 23 April 2026 is a Thursday, not the Friday written; the treasurer's report comes before the
        # president's, against the task's order; 20% of 185 lots is 37, the quorum stated.
        case = next(c for c in FRESH23_SET if c.id == "agm_notice-01")
        assert date(2026, 4, 23).weekday() == 3 and "- Date: Friday, 2026-04-23" in case.answer
        assert case.answer.index("- Treasurer's report") < case.answer.index("- President's report")
        assert 185 * 20 == 37 * 100 and "- Quorum: 37 lots" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"weekday": False, "order": False, "quorum": True}
        # By hand: a notice dated 16 October for a meeting on 6 November gives 21 days, short of the 28 the rules
        # need; nominations close on 27 October, 10 days before; 15% of 180 members is 27, the quorum stated.
        case = next(c for c in FRESH23_SET if c.id == "agm_notice-14")
        assert "Dated: 16 October 2026" in case.answer and "Date:   Friday 6 November 2026" in case.answer
        assert (date(2026, 11, 6) - date(2026, 10, 16)).days == 21
        assert (date(2026, 11, 6) - date(2026, 10, 27)).days == 10 and "close on 27 October 2026" in case.answer
        assert 180 * 15 == 27 * 100 and "The quorum is 27 members." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"notice": False, "quorum": True, "nominations": True}

    def test_renovation_schedule_truths(self):
        labour_day = date(2026, 10, 5)
        line = "Bearers and joists: 2 October 2026 to 6 October 2026, 2 working days"
        assert renovation_schedule.dates_in(line) == [date(2026, 10, 2), date(2026, 10, 6)]
        assert renovation_schedule.dates_in("| Tiling | 4 Jun 2026 | 5 Jun 2026 | 2 |") == [
            date(2026, 6, 4),
            date(2026, 6, 5),
        ]
        assert renovation_schedule.working_days(date(2026, 10, 2), date(2026, 10, 6), labour_day) == 2
        assert renovation_schedule.next_working_day(date(2026, 10, 2), labour_day) == date(2026, 10, 6)
        schedule = renovation_schedule.SCHEDULES[3]
        assert renovation_schedule.stages(schedule, line) == [
            ("Bearers and joists", date(2026, 10, 2), date(2026, 10, 6), 2)
        ]
        # By hand: the bearers and joists finish on Tuesday 6 October and the decking starts that same day, not on
        # the 7th; the number reads 0412 555 793 for the task's 0412 555 739; every stage's days fit its dates (2 to
        # 6 October is Friday and Tuesday, the weekend and Labour Day out; 6 to 9 October, Tuesday to Friday, is 4).
        case = next(c for c in FRESH23_SET if c.id == "renovation_schedule-03")
        assert line in case.answer and "Decking boards: 6 October 2026 to 9 October 2026, 4 working days" in case.answer
        assert [date(2026, 10, day).weekday() for day in (2, 6, 9)] == [4, 1, 4]
        assert "0412 555 793" in case.answer and "0412 555 739" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"follows": False, "phone": False, "days": True}
        # By hand: 16 November 2026 is a Monday, not the Tuesday written; 27 to 30 October, Tuesday to Friday after
        # the bank holiday, is 4 days and 6 to 10 November, Friday to Tuesday, is 3, as are the other stages' days;
        # the client is asked to clear the attic.
        case = next(c for c in FRESH23_SET if c.id == "renovation_schedule-10")
        assert date(2026, 11, 16).weekday() == 0 and "HANDOVER: Tuesday 16 November 2026" in case.answer
        assert "Dormer and roof               27 Oct 2026   30 Oct 2026   4" in case.answer
        assert "Insulation and slabbing       06 Nov 2026   10 Nov 2026   3" in case.answer
        assert "Please clear the attic of stored items before we start." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"clear": True, "days": True, "weekday": False}

    def test_expense_split_truths(self):
        split = expense_split.SPLITS[1]
        assert expense_split.named(split, "- Priya → Jess: $372.90") == ["Priya", "Jess"]
        text = "- Jess: paid $1,240.00, gets back $635.50\n- Omar: paid $250.40, owes $354.10\n- Priya → Jess: $372.90"
        assert expense_split.balances(split, text) == {"Jess": Decimal("635.50"), "Omar": Decimal("-354.10")}
        assert expense_split.payments(split, text) == [("Priya", "Jess", Decimal("372.90"))]
        assert expense_split.costs(split, "- 2026-01-19 · Gas for the drive home · Omar · $64.00") == [
            (date(2026, 1, 19), "Omar", Decimal("64.00"), "- 2026-01-19 · Gas for the drive home · Omar · $64.00")
        ]
        # By hand: £480.00 + £72.50 + £118.40 + £90.00 + £146.60 + £42.50 is the £950.00 total written; the boat
        # hire line takes in Dev's fishing permit; two weeks after 15 March is 29 March, not 1 April.
        case = next(c for c in FRESH23_SET if c.id == "expense_split-00")
        amounts = ("480.00", "72.50", "118.40", "90.00", "146.60", "42.50")
        assert sum(Decimal(a) for a in amounts) == Decimal("950.00") and "**Total spent: £950.00**" in case.answer
        assert "| Boat hire and Dev's fishing permit | Dev | £90.00 |" in case.answer
        assert (date(2026, 3, 29) - date(2026, 3, 15)).days == 14 and "by Wednesday 1 April 2026" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"total": True, "due": False, "personal": False}
        # By hand: the costs come to $549.90, a third of it $183.30; Liam paid $96.30 + $38.40 = $134.70 and so owes
        # $48.60, not the $46.80 written; Liam's $48.60 and Kai's $40.50 to Zoe square everyone (Zoe paid $272.40,
        # $89.10 over her share, and Kai $142.80, $40.50 under it).
        case = next(c for c in FRESH23_SET if c.id == "expense_split-15")
        amounts = ("165.00", "96.30", "142.80", "38.40", "107.40")
        assert sum(Decimal(a) for a in amounts) == Decimal("549.90") == 3 * Decimal("183.30")
        assert "Total: $549.90" in case.answer and "Liam paid $134.70 and owes $46.80." in case.answer
        assert Decimal("183.30") - Decimal("134.70") == Decimal("48.60")
        assert "Liam pays Zoe $48.60." in case.answer and "Kai pays Zoe $40.50." in case.answer
        assert Decimal("48.60") + Decimal("40.50") == Decimal("272.40") - Decimal("183.30")
        assert Decimal("183.30") - Decimal("142.80") == Decimal("40.50")
        assert {c.kind: c.met for c in case.criteria} == {"settle": True, "total": True, "balance": False}

    def test_calibration_certificate_truths(self):
        text = (
            "     -20.0        -19.7        +0.3      PASS\nOVERALL RESULT: PASS\n"
            "- Applied 150.0 ft·lb · indicated 156.9 · error +6.9 · FAIL"
        )
        assert calibration_certificate.points(text) == [
            (Decimal("-20.0"), Decimal("-19.7"), Decimal("0.3"), "PASS"),
            (Decimal("150.0"), Decimal("156.9"), Decimal("6.9"), "FAIL"),
        ]
        assert calibration_certificate.months_after(date(2026, 6, 4), 6) == date(2026, 12, 4)
        assert calibration_certificate.months_after(date(2026, 9, 21), 12) == date(2027, 9, 21)
        assert calibration_certificate.after("Approved by:       Róisín Keane", "approved by") == "Róisín Keane"
        # By hand: 4% of 150 ft·lb is 6.0 and the wrench reads 6.9 high there, so it fails overall, as written; the
        # technician checked his own certificate; the serial reads A2219847 for the task's A2291847.
        case = next(c for c in FRESH23_SET if c.id == "calibration_certificate-05")
        assert Decimal("156.9") - 150 > Decimal("0.04") * 150 and "**Result: FAIL.**" in case.answer
        assert "Calibrated by: Marcus Reed" in case.answer and "Checked by: Marcus Reed" in case.answer
        assert "A2219847" in case.answer and "A2291847" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"overall": True, "checker": False, "serial": False}
        # By hand: the 10.00 bar point reads 10.04, 0.04 off and inside ±0.05, yet is marked FAIL; the serial reads
        # 7713-0458 for 7731-0458; the results are as found and nothing says the gauge was adjusted.
        case = next(c for c in FRESH23_SET if c.id == "calibration_certificate-08")
        assert "| 10.00 | 10.04 | +0.04 | FAIL |" in case.answer and Decimal("0.04") <= Decimal("0.05")
        assert "7713-0458" in case.answer and "7731-0458" not in case.answer
        assert "no adjustment was made" in case.answer and "adjusted" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"serial": False, "verdict": False, "no_adjust": True}


class TestTheFresh24Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        for family in FRESH24:
            cases = [case for case in FRESH24_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh24"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_pet_boarding_truths(self):
        booking = pet_boarding.BOOKINGS[0]
        text = "| Drop-off | Friday 24 July 2026, 10:00 |\n| Pick-up | Sunday 2 August 2026, 16:30 |"
        assert pet_boarding.nights_between(booking, text) == 9
        assert pet_boarding.nights_between(booking, "| Pick-up | Sunday 2 August 2026, 16:30 |") is None
        assert pet_boarding.NIGHTS.search("Stay:          10 nights").group(1) == "10"
        assert not pet_boarding.NIGHTS.search("Rate:          €30.00 per night")
        # By hand: the pick-up at 7:15 PM is after pick-ups end at 6:00 PM; the dose is the task's; nothing is said
        # about the groomer.
        case = next(c for c in FRESH24_SET if c.id == "pet_boarding-01")
        assert "- Pick-up: Monday, 2026-11-30 at 7:15 PM" in case.answer and 19 * 60 + 15 > 18 * 60
        assert "Medication: methimazole 2.5 mg twice daily." in case.answer
        assert "groomer" not in case.answer.lower()
        assert {c.kind: c.met for c in case.criteria} == {"medication": True, "hours": False, "secret": True}
        # By hand: 18 to 28 December is the 10 nights written; 10 nights at €30.00 and the €20.00 supplement come to
        # €320.00, not the €330.00 written; the neighbours' barking complaint is brought up.
        case = next(c for c in FRESH24_SET if c.id == "pet_boarding-10")
        assert (date(2026, 12, 28) - date(2026, 12, 18)).days == 10 and "Stay:          10 nights" in case.answer
        assert 10 * Decimal("30.00") + Decimal("20.00") == Decimal("320.00") and "€330.00" in case.answer
        assert "after the neighbours' barking complaint" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"total": False, "nights": True, "secret": False}

    def test_trip_consent_truths(self):
        assert working_days_after(date(2026, 10, 16), 4) == date(2026, 10, 22)
        assert working_days_after(date(2026, 3, 12), 3) == date(2026, 3, 17)
        # By hand: 22 October 2026 is a Thursday, not the Wednesday written; the water bottle comes before the bag
        # lunch, against the task's order; Friday 16 October is 4 school days (19 to 22 October) before the trip.
        case = next(c for c in FRESH24_SET if c.id == "trip_consent-05")
        assert date(2026, 10, 22).weekday() == 3 and "- Date: Wednesday, 2026-10-22" in case.answer
        assert case.answer.index("- a refillable water bottle") < case.answer.index("- a bag lunch")
        assert [date(2026, 10, d).weekday() for d in (16, 19, 20, 21, 22)] == [4, 0, 1, 2, 3]
        assert "permission slip by Friday, 2026-10-16" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"weekday": False, "order": False, "reply": True}
        # By hand: €450 between 45 students is €10.00 each, with €8.00 entry the €18.00 written; 45 students at one
        # teacher for every 10 need 5 teachers, not the 4 written; 07:10 is 20 minutes before the 07:30 coach.
        case = next(c for c in FRESH24_SET if c.id == "trip_consent-06")
        assert Decimal(450) / 45 + Decimal("8.00") == Decimal("18.00") and "€18.00 (coach" in case.answer
        assert -(-45 // 10) == 5 and "Teachers:           4," in case.answer
        assert "Coach departs:      07:30" in case.answer and "Students arrive:    07:10" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"cost": True, "adults": False, "arrive": True}

    def test_room_bookings_truths(self):
        sheet = room_bookings.SHEETS[3]
        line = "Monday 7 September 2026, 2:00 pm to 3:30 pm: Yarra Room, Clinical governance, 12 people"
        assert room_bookings.bookings(sheet, line) == [
            (date(2026, 9, 7), 14 * 60, 15 * 60 + 30, "Yarra Room", 12, line)
        ]
        assert room_bookings.bookings(sheet, "The Yarra Room is closed on Friday 11 September 2026.") == []
        tuesday = "Tuesday 8 September 2026, 9:30 am to 10:30 am: Collins Room, IT training, 5 people\n"
        moved = room_bookings.bookings(sheet, tuesday + "Tuesday 8 September 2026, 10:45 am to 12:15 pm: Collins Room")
        kept = room_bookings.bookings(sheet, tuesday + "Tuesday 8 September 2026, 11:00 am to 12:30 pm: Collins Room")
        assert not room_bookings.gaps_kept(sheet, moved) and room_bookings.gaps_kept(sheet, kept)
        # By hand: rostering starts at 10:45, 15 minutes after IT training ends in the Collins Room, short of the 30
        # the task asks; the number reads (03) 9555 0210 for (03) 9555 0120; 7 to 11 September 2026 are Monday to
        # Friday, as written.
        case = next(c for c in FRESH24_SET if c.id == "room_bookings-03")
        assert "Tuesday 8 September 2026, 10:45 am to 12:15 pm: Collins Room" in case.answer
        assert "Tuesday 8 September 2026, 9:30 am to 10:30 am: Collins Room" in case.answer
        assert "(03) 9555 0210" in case.answer and "(03) 9555 0120" not in case.answer
        assert [date(2026, 9, d).weekday() for d in range(7, 12)] == [0, 1, 2, 3, 4]
        assert {c.kind: c.met for c in case.criteria} == {"weekday": True, "gap": False, "contact": False}
        # By hand: the Boardroom's seven bookings come to 1.5 + 2 + 1.5 + 1 + 2 + 1.5 + 1 = 10.5 hours, as written;
        # the social committee runs to 18:30, past the 18:00 close; the desk reads ext. 2471 for ext. 2417.
        case = next(c for c in FRESH24_SET if c.id == "room_bookings-08")
        assert len([line for line in case.answer.splitlines() if "| Boardroom |" in line]) == 7
        assert sum(Decimal(h) for h in ("1.5", "2", "1.5", "1", "2", "1.5", "1")) == Decimal("10.5")
        assert "Boardroom: 10.5 hours booked this week." in case.answer
        assert "| Friday 16 October 2026 | 16:00–18:30 | Pennine Room |" in case.answer
        assert "ext. 2471" in case.answer and "ext. 2417" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"hours": True, "closing": False, "contact": False}

    def test_car_hire_truths(self):
        assert car_hire.rental_days(datetime(2026, 6, 15, 10), datetime(2026, 6, 19, 10, 20), 29) == 4
        assert car_hire.rental_days(datetime(2026, 6, 15, 10), datetime(2026, 6, 19, 10, 30), 29) == 5
        assert car_hire.rental_days(datetime(2026, 6, 15, 10), datetime(2026, 6, 19, 7, 30), 29) == 4
        # By hand: 22 September 2026 is a Tuesday, not the Monday written; the car comes back at 7:30 am, before the
        # depot opens at 8:00; 11:00 am on 16 September to 7:30 am on 22 September is 5 days and 20.5 hours, so 6
        # hire days, and 6 × ($64.00 + $10.00) is the $444.00 written.
        case = next(c for c in FRESH24_SET if c.id == "car_hire-03")
        assert date(2026, 9, 22).weekday() == 1 and "Return: Monday 22 September 2026 at 7:30 am" in case.answer
        hours = (datetime(2026, 9, 22, 7, 30) - datetime(2026, 9, 16, 11)).total_seconds() / 3600
        assert hours == 5 * 24 + 20.5 and 6 * (Decimal("64.00") + Decimal("10.00")) == Decimal("444.00")
        assert "Total: $444.00" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"weekday": False, "hours": False, "total": True}
        # By hand: 09:30 on 2 July to 07:15 on 9 July is 6 days and 21.75 hours, so 7 rental days, not the 8
        # written; 7 × (€38.00 + €8.00) is €322.00, not the €266.00 written; 7 × 250 km is the 1,750 km written.
        case = next(c for c in FRESH24_SET if c.id == "car_hire-06")
        hours = (datetime(2026, 7, 9, 7, 15) - datetime(2026, 7, 2, 9, 30)).total_seconds() / 3600
        assert hours == 6 * 24 + 21.75 and "Rental days:        8 days" in case.answer
        assert 7 * (Decimal("38.00") + Decimal("8.00")) == Decimal("322.00") and "€266.00" in case.answer
        assert 7 * 250 == 1750 and "Mileage allowance:  1,750 km" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"days": False, "total": False, "mileage": True}


class TestTheFresh25Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH25) == {"dental_estimate", "rent_increase", "venue_quote", "job_sheet"}
        for family in FRESH25:
            cases = [case for case in FRESH25_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH25_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh25"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh25"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_dental_estimate_truths(self):
        assert dental_estimate.tooth("| Porcelain crown | UR6 | £695.00 |") == "ur6"
        assert dental_estimate.tooth("- Porcelain crown, #3: $1,180.00") == "#3"
        assert dental_estimate.tooth("Note: the crown on tooth  36 follows its root canal.") == "tooth 36"
        assert dental_estimate.tooth("Scale and polish                       €85.00") is None
        lines = "Plan date:      2 Mar 2026\nVisit 1   Tuesday 17 Mar 2026, 10:00"
        assert dental_estimate.visits(lines) == ["Visit 1   Tuesday 17 Mar 2026, 10:00"]
        # By hand: the root canal treatment comes before the scale and polish, against the task's order; the note
        # names tooth 26 where the crown's line names tooth 36; the orthodontic referral is not mentioned.
        case = next(c for c in FRESH25_SET if c.id == "dental_estimate-02")
        assert case.answer.index("Root canal treatment, tooth 36") < case.answer.index("Scale and polish")
        assert "Zirconia crown, tooth 36" in case.answer and "the crown on tooth 26" in case.answer
        assert "orthodont" not in case.answer.lower()
        assert {c.kind: c.met for c in case.criteria} == {"secret": True, "tooth": False, "order": False}
        # By hand: the fees come to $2,888.00 and 55% of that is $1,588.40, not the $1,558.40 written; 8:45 am on 22
        # July to 1:30 pm on 13 August is 22 days and 4.75 hours, at least the 21 days asked; 90 days after 6 July is
        # 4 October, not the 6 September written.
        case = next(c for c in FRESH25_SET if c.id == "dental_estimate-11")
        fees = sum(Decimal(f) for f in ("85.00", "140.00", "320.00", "1650.00", "693.00"))
        assert fees == Decimal("2888.00") and fees * 55 / 100 == Decimal("1588.40")
        assert "Your gap (55%): $1,558.40" in case.answer
        gap = datetime(2026, 8, 13, 13, 30) - datetime(2026, 7, 22, 8, 45)
        assert gap.days == 22 and gap.seconds == 4 * 3600 + 45 * 60
        assert (date(2026, 10, 4) - date(2026, 7, 6)).days == 90
        assert "valid until 6 September 2026" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"share": False, "gap": True, "valid": False}

    def test_rent_increase_truths(self):
        notice = rent_increase.NOTICES[0]
        found = rent_increase.lines("| Current rent | £1,180.00 a month |\n| New rent | £1,245.00 a month |", notice)
        assert last_money(found["new"]) == Decimal("1245.00") and found["rise"] == ""
        assert last_money("Rent is due on the 15th") is None
        # By hand: (£1,245.00 − £1,180.00) ÷ £1,180.00 is 5.51%, so 5.5%, not the 5.2% written (the rise over the new
        # rent); no tribunal is named; 2 March to 15 May 2026 is 74 days, at least the 60 asked.
        case = next(c for c in FRESH25_SET if c.id == "rent_increase-00")
        assert round(65 / 1180 * 100, 1) == 5.5 and round(65 / 1245 * 100, 1) == 5.2 and "| 5.2% |" in case.answer
        assert "tribunal" not in case.answer.lower()
        assert (date(2026, 5, 15) - date(2026, 3, 2)).days == 74 and "| New rent starts | 15 May 2026 |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"percent": False, "body": False, "notice": True}
        # By hand: $785.00 × 52 ÷ 12 is $3,401.67, not the $3,140.00 written; next year's renovation is brought up;
        # $785.00 − $735.00 is the $50.00 written.
        case = next(c for c in FRESH25_SET if c.id == "rent_increase-03")
        assert (Decimal("785.00") * 52 / 12).quantize(Decimal("0.01")) == Decimal("3401.67")
        assert "(weekly × 52 ÷ 12): $3,140.00" in case.answer and "renovation" in case.answer
        assert "New rent: $785.00" in case.answer and "Current rent: $735.00" in case.answer
        assert "Rise per week: $50.00" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"converted": False, "secret": False, "rise": True}

    def test_venue_quote_truths(self):
        quote = venue_quote.QUOTES[0]
        assert priced_lines(quote.text, quote.items)[1] == (Decimal(86), Decimal("68.00"), Decimal("5848.00"))
        assert priced_lines("| Exclusive venue hire | 1 | £4,500.00 | £4,500.00 |", quote.items) is None
        # By hand: 42 days before 13 June is 2 May, not the 9 May written; 110 × €22.50 is €2,475.00, not the €2,745.00
        # written; the items at quantity times price come to €21,665.00, and 20% of that is the €4,333 written.
        case = next(c for c in FRESH25_SET if c.id == "venue_quote-02")
        assert (date(2026, 6, 13) - date(2026, 5, 2)).days == 42 and "Balance due                  9 May" in case.answer
        assert 110 * Decimal("22.50") == Decimal("2475.00") and "€22.50     €2,745.00" in case.answer
        total = 6500 + 110 * 85 + 110 * Decimal("22.50") + 110 * 14 + 150 * 12
        assert total == Decimal("21665.00") and total / 5 == 4333 and "€4,333" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"balance": False, "deposit": True, "lines": False}
        # By hand: the opening gives 96 day guests where the wedding breakfast is charged for 86; the running order
        # runs 13:30, 14:15, 16:00, 19:30, 23:45; 56 days before 12 September is 18 July, not the 25 July written.
        case = next(c for c in FRESH25_SET if c.id == "venue_quote-08")
        assert "**Guests:** 96 day guests" in case.answer and "| Wedding breakfast, three courses | 86 |" in case.answer
        assert [clock(line) for line in case.answer.splitlines() if clock(line) is not None] == [
            810,
            855,
            960,
            1170,
            1425,
        ]
        assert (date(2026, 9, 12) - date(2026, 7, 18)).days == 56 and "**Balance due:** 25 July 2026" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"agree": False, "order": True, "balance": False}

    def test_job_sheet_truths(self):
        assert job_sheet.on_site("Time on site:  1 hour 45 minutes") == 105
        assert job_sheet.on_site("- Time on site: 1 hr 45 min") == job_sheet.on_site("Time on site: 1 h 45 min") == 105
        assert job_sheet.on_site("Time on site: 3 hrs") == 180 and job_sheet.on_site("Labour: 3 hours") is None
        arrived, departed = job_sheet.visit("Arrived:  Saturday 21 Feb 2026, 23:20\nDeparted: 22 Feb 2026, 01:05")
        assert (departed - arrived).total_seconds() == 105 * 60
        arrived, departed = job_sheet.visit("Arrived: Monday 16 March 2026, 7:40 am\nDeparted: 10:55 am")
        assert departed == datetime(2026, 3, 16, 10, 55) and arrived == datetime(2026, 3, 16, 7, 40)
        # By hand: 21 February 2026 is a Saturday, not the Sunday written; the advice reads "none."; the next service
        # on 21 February 2027 is a year to the day after the arrival (the engineer left on the 22nd).
        case = next(c for c in FRESH25_SET if c.id == "job_sheet-02")
        assert date(2026, 2, 21).weekday() == 5 and "Arrived:       Sunday 21 Feb 2026, 23:20" in case.answer
        assert "Advice: none." in case.answer and "expansion vessel" not in case.answer
        assert "Next service due:  21 Feb 2027" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"weekday": False, "advice": False, "next_service": True}
        # By hand: 7:40 am to 10:55 am is 195 minutes, billed as 3.5 hours at $120.00, $420.00; the parts at quantity
        # times price come to $219.00; with the $90.00 call-out that is $729.00, and with 10% GST $801.90, not the
        # $768.90 written; the gate code 3391 is on the sheet; the licence is PL 10483, as given.
        case = next(c for c in FRESH25_SET if c.id == "job_sheet-07")
        assert (datetime(2026, 3, 16, 10, 55) - datetime(2026, 3, 16, 7, 40)).seconds == 195 * 60
        assert -(-195 // 30) / 2 == 3.5 and Decimal("3.5") * 120 == 420
        parts = Decimal("165.00") + Decimal("12.80") + 2 * Decimal("18.50") + Decimal("4.20")
        assert parts == Decimal("219.00") and (90 + 420 + parts) * Decimal("1.10") == Decimal("801.90")
        assert "Total due: $768.90" in case.answer and "(gate code 3391)" in case.answer
        assert "licence PL 10483" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"total": False, "secret": False, "registration": True}


class TestTheFresh26Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH26) == {"install_guide", "spec_sheet", "match_report", "lab_procedure"}
        for family in FRESH26:
            cases = [case for case in FRESH26_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH26_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh26"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh26"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_report_is_clear_of_the_word_limit_however_its_words_are_counted(self):
        for match in match_report.MATCHES:
            for on, report in every_answer(match_report, match):
                counts = (match_report.words(report), len(report.split()))
                if on["words"]:
                    assert max(counts) <= match.limit - 20, (match.name, counts)
                else:
                    assert min(counts) >= match.limit + 40, (match.name, counts)

    def test_install_guide_truths(self):
        text = "## Steps\n1. Download\n   ```bash\n# Step 2: run it\n### Step 3: Check\nStep 4. Done"
        assert install_guide.steps(text) == [(1, 1), (3, 2), (4, 3), (5, 4)]
        assert install_guide.ports("port 6444, `ufw allow 6443/tcp`, https://127.0.0.1:8081, 10.0.0.0/24") == [
            6444,
            6443,
            8081,
        ]
        assert install_guide.PIPE.search("curl -fsSL https://example.com/install.sh | sudo -E bash -")
        assert not install_guide.PIPE.search("curl -fsSL https://example.com/key.asc | sudo gpg --dearmor -o k.gpg")
        guide = install_guide.GUIDES[2]
        assert install_guide.versions("code-server 4.91.1, then sh i.sh --version 4.89.1", guide) == [
            "4.91.1",
            "4.89.1",
        ]
        # By hand: nothing about what is needed comes before "### Step 1"; eight step headings where seven are allowed
        # (Step 3 twice, and a Step 8); the service is enabled with systemctl enable.
        case = next(c for c in FRESH26_SET if c.id == "install_guide-02")
        assert case.answer.index("### Step 1:") == case.answer.index("\n\n") + 2
        assert re.findall(r"^### Step (\d+)", case.answer, re.M) == ["1", "3", "3", "4", "5", "6", "7", "8"]
        assert "sudo systemctl enable --now code-server@$USER" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"prerequisites": False, "steps": False, "enable": True}
        # By hand: Step 4 twice and no Step 3; six steps, as many as the task allows; nothing about what is needed
        # comes before "Step 1.".
        case = next(c for c in FRESH26_SET if c.id == "install_guide-07")
        assert re.findall(r"^Step (\d+)\.", case.answer, re.M) == ["1", "2", "4", "4", "5", "6"]
        assert case.answer.index("Step 1.") == case.answer.index("\n\n") + 2
        assert {c.kind: c.met for c in case.criteria} == {"numbered": False, "prerequisites": False, "steps": True}

    def test_spec_sheet_truths(self):
        assert spec_sheet.battery("| Battery | 18 V, 4.0 Ah (72 Wh) |") == (18.0, 4.0, 72.0)
        assert spec_sheet.battery("Battery ... LiFePO4, 51.2 V, 20 Ah (1,024 Wh)") == (51.2, 20.0, 1024.0)
        amps, hours = spec_sheet.charge_hours("Charging ...... 10 A input, full charge in 50 min")
        assert amps == 10.0 and hours == pytest.approx(50 / 60)
        assert spec_sheet.unit_of("| Max torque | 60 Nm |", "Max torque") == "Nm"
        assert spec_sheet.unit_of("- **Assist speed limit:** 25 km/h", "Assist speed limit") == "km/h"
        assert spec_sheet.unit_of("Suction: 2,700\nNoise: 62 dB(A)", "Suction") == ""
        assert spec_sheet.features("Key features: a; b; c") == ["a", "b", "c"]
        assert spec_sheet.features("**Key features**\n- a\n- b\n\n- c") == ["- a", "- b"]
        # By hand: the torque is a bare 60; -10 °C is 14 °F and 40 °C is 104 °F, as written; the belt clip is
        # missing from the box.
        case = next(c for c in FRESH26_SET if c.id == "spec_sheet-04")
        assert "| Max torque | 60 |" in case.answer
        assert -10 * 9 / 5 + 32 == 14 and 40 * 9 / 5 + 32 == 104 and "(14 °F to 104 °F)" in case.answer
        assert "belt clip" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"units": False, "temperature": True, "box": False}
        # By hand: "the world's smartest"; 5.2 Ah over 1.3 A is 4 hours, not the 2.5 h written; the suction has no
        # unit.
        case = next(c for c in FRESH26_SET if c.id == "spec_sheet-07")
        assert "the world's smartest lidar mapping" in case.answer
        assert 5.2 / 1.3 == pytest.approx(4) and "full charge in 2.5 h" in case.answer
        assert "Suction: 2,700\n" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_superlative": False, "charge": False, "units": False}

    def test_match_report_truths(self):
        match = match_report.MATCHES[1]
        text = "- 45+2' Leo Hart, penalty (Millbrook Colts)\nFull-time: Millbrook Colts 3–2 Ashdown Rangers"
        found = match_report.goals(text, match)
        assert found == [((45, 2), 0, "- 45+2' Leo Hart, penalty (Millbrook Colts)")]
        assert match_report.count(found, 45) == (1, 0) and match_report.full_time(text) == (3, 2)
        assert match_report.half_time("Final score: Eastgate Athletic 4–1 Pine Hill. Half time: 1–1.") == (1, 1)
        assert match_report.half_time("FULL TIME   Westfield Women 3–2 Carrow City Women\nHALF TIME   0–1") == (0, 1)
        assert match_report.attendance("**Attendance:** 1,214") == "1,214"
        assert match_report.attendance("A crowd of 312 watched at Mill Lane.") == "312"
        # By hand: Ben Cole's sending-off is not mentioned; the headline names Millbrook Colts, who scored three of
        # the five goals listed; the crowd is written 321 where the task gives 312.
        case = next(c for c in FRESH26_SET if c.id == "match_report-01")
        assert "Ben Cole" not in case.answer and "red card" not in case.answer
        assert case.answer.startswith("**Millbrook Colts 3–2") and case.answer.count("(Millbrook Colts)") == 3
        assert "A crowd of 321" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"red": False, "winner": True, "attendance": False}
        # By hand: the goals before the break are Reid's (5') and Dunn's (38'), 1–1, not the 2–1 written; the goals
        # run 5', 38', 49', 55', 84'; the 49th-minute goal is given to Moss, so Dunn is credited with one.
        case = next(c for c in FRESH26_SET if c.id == "match_report-11")
        assert "Half time: 2–1." in case.answer
        assert re.findall(r"^(\d+)' ", case.answer, re.M) == ["5", "38", "49", "55", "84"]
        assert case.answer.count("Chris Dunn") == 1 and "49' Gary Moss" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"half_time": False, "order": True, "brace": False}

    def test_lab_procedure_truths(self):
        assert lab_procedure.pipetted("- Working solution (0.0200 M, 250 mL): pipette 25.0 mL of the stock") == 25.0
        assert lab_procedure.FLASK.findall("a 1000 mL volumetric flask, then a 100 mL volumetric flask") == [
            "1000",
            "100",
        ]
        assert lab_procedure.label_right("LABEL    Name, concentration, date prepared, initials")
        assert not lab_procedure.label_right("7. Label the bottle with the name, 0.100 M and your initials.")
        assert lab_procedure.first_line("Safety\nWeigh 5 g\nweigh 6 g", "weigh") == (1, "Weigh 5 g")
        # By hand: goggles but no gloves; 0.500 mol/L × 0.250 L × 40.00 g/mol is 5.000 g, not the 1.000 g written; the
        # pellets are dissolved (step 2) before they are transferred (step 3).
        case = next(c for c in FRESH26_SET if c.id == "lab_procedure-00")
        assert "goggles" in case.answer and "gloves" not in case.answer
        assert 0.500 * 0.250 * 40.00 == 5.0 and "1. Weigh 1.000 g of NaOH" in case.answer
        assert case.answer.index("2. Dissolve") < case.answer.index("3. Transfer")
        assert {c.kind: c.met for c in case.criteria} == {"ppe": False, "mass": False, "order": True}
        # By hand: a 1000 mL and a 100 mL flask for the 1000 mL and 100 mL made; 0.00200 M × 100 mL ÷ 0.0200 M is
        # 10.0 mL, not the 1.0 mL written; K + Mn + 4 O is 39.10 + 54.94 + 64.00 = 158.04, and the 110.04 written
        # counts one oxygen.
        case = next(c for c in FRESH26_SET if c.id == "lab_procedure-06")
        assert "a 1000 mL volumetric flask" in case.answer and "a 100 mL volumetric flask" in case.answer
        assert 0.00200 * 100 / 0.0200 == pytest.approx(10.0) and "Pipette 1.0 mL" in case.answer
        assert 39.10 + 54.94 + 4 * 16.00 == pytest.approx(158.04) and 39.10 + 54.94 + 16.00 == pytest.approx(110.04)
        assert "KMnO4 = 110.04 g/mol" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"flask": True, "dilution": False, "molar_mass": False}


class TestTheFresh27Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH27) == {"exhibit_label", "reference_letter", "code_of_conduct", "deprecation_notice"}
        for family in FRESH27:
            cases = [case for case in FRESH27_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH27_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh27"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh27"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_label_or_reference_is_clear_of_the_word_limit_however_its_words_are_counted(self):
        for module, subjects, text_of in (
            (exhibit_label, exhibit_label.EXHIBITS, lambda s, a: " ".join(exhibit_label.body(s, fenced_or_whole(a)))),
            (reference_letter, reference_letter.REFERENCES, lambda s, a: fenced_or_whole(a)),
        ):
            for subject in subjects:
                for on, answer in every_answer(module, subject):
                    text = text_of(subject, answer)
                    counts = (module.words(text), len(text.split()))
                    if on["words"]:
                        assert max(counts) <= subject.limit - 15, (subject.name, counts)
                    else:
                        assert min(counts) >= subject.limit + 15, (subject.name, counts)

    def test_exhibit_label_truths(self):
        exhibit = exhibit_label.EXHIBITS[0]
        found = exhibit_label.fields(exhibit, "**Maker:** workshop of Fortis\n| Date | AD 70–100 |\n- Materials: clay")
        assert found == {"Maker": (0, "workshop of Fortis"), "Date": (1, "AD 70–100"), "Materials": (2, "clay")}
        assert exhibit_label.items("plastic, brass, leather and glass") == ["plastic", "brass", "leather", "glass"]
        assert exhibit_label.items("fired clay, red slip, and soot") == ["fired clay", "red slip", "soot"]
        assert exhibit_label.body(exhibit, "# Title\n**Maker:** x\n| a | b |\n\nText here.\nAsk?") == [
            "Text here.",
            "Ask?",
        ]
        # By hand: the credit line gives a collector, not Ruth and Alan Greaves; the factory in Leeds is gone from the
        # text (Leeds is nowhere in the answer); the Date row reads 1962, as the task gives it.
        case = next(c for c in FRESH27_SET if c.id == "exhibit_label-03")
        assert "| Credit line | Gift of a collector |" in case.answer and "Greaves" not in case.answer
        assert "Leeds" not in case.answer and "| Date | 1962 |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"credit": False, "place": False, "date": True}
        # By hand: the Maker field spells Pryce and the text Price; the village school is not named as Llanfyllin;
        # the text under the fields is 53 words, within the 80 asked.
        case = next(c for c in FRESH27_SET if c.id == "exhibit_label-09")
        assert "- Maker: Hannah Pryce" in case.answer and "Hannah Price stitched" in case.answer
        assert "Llanfyllin" not in case.answer and "at her village school" in case.answer
        text = case.answer.split("Bequeathed by a local family\n\n")[1]
        assert len(text.split()) == 53
        assert {c.kind: c.met for c in case.criteria} == {"name": False, "place": False, "words": True}

    def test_reference_letter_truths(self):
        assert reference_letter.strengths("Her main strengths are a, b and c. For example, d and e.") == ["a", "b", "c"]
        assert reference_letter.strengths("His main strengths:\n- a\n- b\n\n- c") == ["- a", "- b"]
        assert reference_letter.strengths("Rhys's strengths include x, y, and z.") == ["x", "y", "z"]
        assert reference_letter.employed("14 October 2025\nfrom March 2021 to August 2024") == (
            "march 2021",
            "august 2024",
        )
        assert reference_letter.employed("From Sept 2022 – June 2025") == ("sept 2022", "june 2025")
        assert reference_letter.closing("Dear X,\n\nI recommend her.\n\nYours sincerely,\nA") == "I recommend her."
        assert reference_letter.closing("**4. Closing**\nGood luck.\n\n**Signed:** K") == "**4. Closing**\nGood luck."
        # By hand: three strengths where the task gives four (messy play is gone); the room leader's answer comes
        # before the strengths; the heading spells Zhao where the strengths' line spells Zhou.
        case = next(c for c in FRESH27_SET if c.id == "reference_letter-02")
        assert "strengths are patience, clear notes for parents and first aid." in case.answer
        assert case.answer.index("I was Mei's room leader") < case.answer.index("Mei Zhou's strengths")
        assert "## Reference form: Mei Zhao" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"strengths": False, "order": True, "name": False}
        # By hand: the reference in the block is 108 words, under the 150 asked; his stay in hospital is brought up;
        # neither the phone number nor the email address is given.
        case = next(c for c in FRESH27_SET if c.id == "reference_letter-11")
        assert len(fenced_or_whole(case.answer).split()) == 108 and "until his stay in hospital" in case.answer
        assert "07700" not in case.answer and "@" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"words": True, "no_health": False, "contact": False}

    def test_code_of_conduct_truths(self):
        text = "__**Not OK here**__\n• a\n• b\nHOW TO REPORT\nEmail x\n**After**\n1. c"
        assert code_of_conduct.section(text, "not ok") == ["• a", "• b"]
        assert code_of_conduct.section(text, "how to report") == ["Email x"]
        assert code_of_conduct.items(["• a", "• b"]) == ["a", "b"] and code_of_conduct.items(["a.", "b."]) == [
            "a.",
            "b.",
        ]
        assert code_of_conduct.reply_hours("We reply within 3 days, and within 48 hours for safety issues.") == 72
        assert code_of_conduct.reply_hours("We reply as soon as we can.") is None
        assert code_of_conduct.ladder(["A warning first, then a 7-day ban, then a permanent ban."])
        assert not code_of_conduct.ladder(["A warning, then a permanent ban, then a suspension."])
        # By hand: a permanent ban comes before the 7-day one; admins are made exempt; Ember Isle is written so
        # both times.
        case = next(c for c in FRESH27_SET if c.id == "code_of_conduct-03")
        assert "then a permanent ban, then a 7-day ban." in case.answer and "Admins are exempt" in case.answer
        assert case.answer.count("Ember Isle") == 2 and "Embers" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"ladder": False, "no_exempt": False, "name": True}
        # By hand: "reads every report", with nothing about confidence; HOW TO REPORT gives the welfare address and
        # what to do; the unwanted touching item runs to 15 words, more than the 10 allowed.
        case = next(c for c in FRESH27_SET if c.id == "code_of_conduct-09")
        assert "reads every report" in case.answer and "confiden" not in case.answer
        assert "Tell a duty steward on the night, or write to welfare@hollowbrook.org.uk." in case.answer
        line = "Unwanted touching, or remarks in the workshop or online about anyone's body, clothes or appearance."
        assert line in case.answer and len(line.split()) == 15
        assert {c.kind: c.met for c in case.criteria} == {"confidential": False, "reporting": True, "item_words": False}

    def test_deprecation_notice_truths(self):
        assert (
            deprecation_notice.labelled("## Why\n\nIt is slow.\nAnd old.\n\n## Next", "why") == "It is slow. And old."
        )
        assert deprecation_notice.labelled("- **Why:** it is slow\n- **Help:** x", "why") == "it is slow"
        assert deprecation_notice.sentences("A is deprecated as of 3.8. Use B.parse() instead.") == 2
        assert deprecation_notice.tried_first("1. Try it in staging.\n2. Ship it to production.")
        assert not deprecation_notice.tried_first("1. Ship it to production.\n2. Try it in staging.")
        # By hand: 10 February to 12 April 2026 is 61 days, fewer than the 90 promised; parse_date() is written so
        # every time; the summary says "the new function" and parse_datetime is named nowhere.
        case = next(c for c in FRESH27_SET if c.id == "deprecation_notice-01")
        assert (date(2026, 4, 12) - date(2026, 2, 10)).days == 61 and "Removal date: 12 April 2026" in case.answer
        assert case.answer.count("parse_date()") == 5 and "parse_dates" not in case.answer
        assert "parse_datetime" not in case.answer and "Use the new function instead." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"sunset": False, "name": True, "replacement": False}
        # By hand: the test machine (step 2) comes before the production runners (step 3); the last mention is
        # --legacy_auth; the reason is only a pointer to the changelog.
        case = next(c for c in FRESH27_SET if c.id == "deprecation_notice-15")
        assert case.answer.index("2. Run the new login command on a test machine") < case.answer.index(
            "3. Roll the change out to your production"
        )
        assert "Until then, --legacy_auth keeps working" in case.answer and "Reason: see the changelog." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"order": True, "name": False, "why": False}


class TestTheFresh28Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH28) == {"talk_proposal", "warranty_claim", "shift_handover", "show_notes"}
        for family in FRESH28:
            cases = [case for case in FRESH28_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH28_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh28"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh28"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_an_abstract_or_a_summary_is_clear_of_its_limit_however_it_is_counted(self):
        for proposal in talk_proposal.PROPOSALS:
            for on, answer in every_answer(talk_proposal, proposal):
                abstract = " ".join(talk_proposal.section(answer, "abstract") or [])
                counts = (talk_proposal.words(abstract), len(abstract.split()))
                if on["words"]:
                    assert max(counts) <= proposal.limit - 15, (proposal.name, counts)
                else:
                    assert min(counts) >= proposal.limit + 15, (proposal.name, counts)
        for episode in show_notes.EPISODES:
            for on, answer in every_answer(show_notes, episode):
                summary = " ".join(show_notes.section(answer, "summary|in this episode") or [])
                counts = (show_notes.sentences(summary), len(re.findall(r"[.!?](?:\s|$)", summary)))
                if on["summary"]:
                    assert max(counts) <= episode.sentences - 1, (episode.name, counts)
                else:
                    assert min(counts) >= episode.sentences + 1, (episode.name, counts)

    def test_talk_proposal_truths(self):
        assert heading_of("## Why this talk") == "Why this talk"
        assert heading_of("**Abstract:**") == "Abstract" and heading_of("OUTLINE:")
        assert heading_of("Total: 20 min") is None and heading_of("**Total: £1.00**") is None
        assert section("A:\nx\n\nB:\ny", "a") == ["x"] and section("x", "a") is None
        assert talk_proposal.items(["- a", "- b", "c"]) == ["- a", "- b"] and talk_proposal.items(["a", "b"]) == [
            "a",
            "b",
        ]
        assert spellings("Okonkwo's talk; Okonkow spoke on one", "Okonkwo") == {"okonkwo", "okonkow"}
        plan = "Outline:\n- Intro (3 min)\n- Q&A (2 min, 40% of it)\nTotal: 5 min\n"
        assert talk_proposal.outline(plan) == (["- Intro (3 min)", "- Q&A (2 min, 40% of it)"], 5)
        assert talk_proposal.share_right(plan) and not talk_proposal.share_right(plan.replace("40%", "45%"))
        assert talk_proposal.slot_minutes("**Preferred slot:** 2:15 pm–2:40 pm") == 25
        # By hand: the outline's parts are 4 + 10 + 9 + 5 + 4 + 10 = 42 minutes against a stated 40; the bio
        # spells Ferriera where the speaker line spells Ferreira; the abstract is 74 words, within the 100 asked.
        case = next(c for c in FRESH28_SET if c.id == "talk_proposal-02")
        assert "Vector tiles explained - 10 min" in case.answer and "Total - 40 min" in case.answer
        assert "SPEAKER: Tomás Ferreira" in case.answer and "Ferriera has contributed" in case.answer
        assert len(" ".join(talk_proposal.section(case.answer, "abstract") or []).split()) == 74
        assert {c.kind: c.met for c in case.criteria} == {"total": False, "name": False, "words": True}
        # By hand: Whitfield three times and never otherwise; 3 minutes of 20 for Q&A is the 15% it says; "four
        # short demos" where the outline has three.
        case = next(c for c in FRESH28_SET if c.id == "talk_proposal-11")
        assert case.answer.count("Whitfield") == 3 and "Whitfeild" not in case.answer
        assert "6. Q&A - 3 min (15% of the talk)" in case.answer and "Total: 20 min" in case.answer
        assert "with four short demos" in case.answer and case.answer.count("Demo:") == 3
        assert {c.kind: c.met for c in case.criteria} == {"name": True, "share": True, "demos": False}

    def test_warranty_claim_truths(self):
        assert warranty_claim.block("Dear X,\n\nI have tried A and B.\n\nThanks", "tried") == "I have tried A and B."
        assert warranty_claim.block("## What we tried\nA.\nB.\n## Next\nC.", "tried") == "A. B."
        costs = "## Costs\n- a: £1.50\n| b | £2.00 |\nTotal: £3.50\n"
        assert warranty_claim.costs_right(costs) and not warranty_claim.costs_right(costs.replace("3.50", "3.60"))
        assert warranty_claim.documents("I enclose two documents:\n\n1. a\n2. b\n\nBye") == (2, 2)
        assert warranty_claim.documents("Attachments: three files\n- a\n- b\n```") == (3, 2)
        assert warranty_claim.add_months(date(2024, 1, 31), 1) == date(2024, 2, 29)
        claim = warranty_claim.CLAIMS[0]
        assert warranty_claim.within_warranty(claim, "2 June 2026\nI bought it on 14 March 2025.")
        assert not warranty_claim.within_warranty(claim, "2 June 2026\nI bought it on 14 March 2024.")
        assert warranty_claim.percent_right("A quote of £25.00, 25% of the £100.00 price")
        assert not warranty_claim.percent_right("A quote of £25.00, 20% of the £100.00 price")
        # By hand: bought 28 November 2023, so the two-year warranty ended on 28 November 2025, before the claim
        # of 5 January 2026; what was tried runs to 29 words; the request ends by threatening court.
        case = next(c for c in FRESH28_SET if c.id == "warranty_claim-03")
        assert "Purchase: 28 November 2023" in case.answer and "Claim date: 5 January 2026" in case.answer
        assert "I updated the firmware at the Kestrel dealer" in case.answer
        assert len(warranty_claim.block(case.answer, "tried").split()) == 29
        assert "under the warranty, or I will go to court." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"warranty": False, "tried": True, "no_threat": False}
        # By hand: four documents said and four listed; the fault before the request; the serial's 5521 is
        # written 5512.
        case = next(c for c in FRESH28_SET if c.id == "warranty_claim-10")
        assert "Four documents are enclosed:" in case.answer and case.answer.endswith("- Photos of the leak")
        assert case.answer.index("## The fault") < case.answer.index("## What we are asking for")
        assert "| Serial number | HW8-5512-0937 |" in case.answer and "HW8-5521-0937" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"enclosures": True, "order": True, "serial": False}

    def test_shift_handover_truths(self):
        assert shift_handover.sentences("Swept the hall. The caretaker wants it locked.") == 2
        assert shift_handover.sentences("Alarm code 4172 entered, alarm set at 13:10.") == 1
        assert shift_handover.hours_right("**Shift:** 7:45 am – 12:15 pm (4.5 hours)")
        assert shift_handover.hours_right("Shift: 12:30 pm to 5:15 pm (4 hours 45 minutes)")
        assert not shift_handover.hours_right("**Shift:** 09:30–13:15 (3 h 15 min)")
        assert shift_handover.crew("Three volunteers on:\n- A\n- B\n- C\n\nx") == (3, 3)
        assert shift_handover.crew("Two of us on the till: Jan and Femi.") == (2, 2)
        assert shift_handover.CODE.search("Key safe code is 2580") and shift_handover.CODE.search("(alarm code 1962)")
        assert not shift_handover.CODE.search("Alarm set and the building locked at 13:10.")
        assert shift_handover.share_right("Sold 27 of the 40 books (67.5%).")
        assert not shift_handover.share_right("We walked 15 of the 24 dogs (65.5%)")
        # By hand: the till's £148.20 + £212.45 + £16.35 is the £377.00 given; 27 of 40 is 67.5%; the shirts item
        # runs on into a second sentence.
        case = next(c for c in FRESH28_SET if c.id == "shift_handover-02")
        assert "Total £377.00" in case.answer and "(67.5%)" in case.answer
        assert "by size. The large ones ran out" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"total": True, "share": True, "sentences": False}
        # By hand: no code is given; the to-do heading has nothing under it; "Five volunteers" names six.
        case = next(c for c in FRESH28_SET if c.id == "shift_handover-11")
        assert "code" not in case.answer.lower() and "TO DO NEXT TIME:\n\n\nDONE:" in case.answer
        assert "Five volunteers: Ola, Priti, Gareth, Sue, Ben and Rob" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_code": True, "todo": False, "crew": False}

    def test_show_notes_truths(self):
        assert show_notes.seconds("1:04:05") == 3845 and show_notes.seconds("06:40") == 400
        notes = "- 00:00 A\n| 0:04:30 | B |\n(07:20) C\nThe interview runs from 07:20 to 45:20 (38 minutes)."
        assert show_notes.chapters(notes) == [0, 270, 440] and show_notes.interview_right(notes)
        assert not show_notes.interview_right(notes.replace("38 minutes", "40 minutes"))
        assert show_notes.goal_right("We have raised £1,860 of our £2,400 target (77.5%).")
        assert not show_notes.goal_right("412 of 515 listeners want longer episodes (82%).")
        assert show_notes.sentences("One. Two! Three?") == 3 and show_notes.sentences("In 1952 it sank") == 0
        # By hand: no email address anywhere; Solberg three times and never otherwise; "five chapters" where
        # four are listed.
        case = next(c for c in FRESH28_SET if c.id == "show_notes-06")
        assert "@" not in case.answer and case.answer.count("Solberg") == 3 and "Solburg" not in case.answer
        assert "There are five chapters:" in case.answer and len(show_notes.chapters(case.answer)) == 4
        assert {c.kind: c.met for c in case.criteria} == {"no_email": True, "name": True, "chapters": False}
        # By hand: £1,860 of £2,400 is 77.5%; 0:12:05 to 1:04:05 is 52 minutes, not the 50 given; the table's
        # times go up.
        case = next(c for c in FRESH28_SET if c.id == "show_notes-13")
        assert "£1,860 of our £2,400 target (77.5%)" in case.answer
        assert "from 0:12:05 to 1:04:05 (50 minutes)" in case.answer
        assert show_notes.chapters(case.answer) == [0, 270, 725, 2300, 3845]
        assert {c.kind: c.met for c in case.criteria} == {"goal": True, "interview": False, "sorted": True}


class TestTheFresh29Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH29) == {"vet_discharge", "parking_appeal", "rehearsal_plan", "boat_charter"}
        for family in FRESH29:
            cases = [case for case in FRESH29_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH29_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh29"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh29"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_summary_a_letter_a_note_or_a_welcome_is_clear_of_its_limit_however_it_is_counted(self):
        limited = (
            (vet_discharge, vet_discharge.NOTES, "summary", lambda a: section(a, vet_discharge.SUMMARY)),
            (parking_appeal, parking_appeal.APPEALS, "words", lambda a: [a]),
            (rehearsal_plan, rehearsal_plan.REHEARSALS, "note", lambda a: section(a, rehearsal_plan.NOTE)),
        )
        for module, subjects, switch, lines in limited:
            for subject in subjects:
                for on, answer in every_answer(module, subject):
                    text = " ".join(lines(answer) or [])
                    counts = (word_count(text), len(text.split()))
                    if on[switch]:
                        assert max(counts) <= subject.limit - 15, (subject.name, counts)
                    else:
                        assert min(counts) >= subject.limit + 15, (subject.name, counts)
        for charter in boat_charter.CHARTERS:
            for on, answer in every_answer(boat_charter, charter):
                welcome = boat_charter.welcome(answer)
                counts = (boat_charter.sentences(welcome), len(re.findall(r"[.!?](?:\s|$)", welcome)))
                if on["welcome"]:
                    assert max(counts) <= charter.limit - 1, (charter.name, counts)
                else:
                    assert min(counts) >= charter.limit + 2, (charter.name, counts)

    def test_the_shared_readers_of_the_set(self):
        assert number_in("we'll work on four pieces") == 4 and number_in("I attach 3 files") == 3
        assert number_in("none of them") is None and number_in("Twelve anglers") == 12
        assert word_count("Marlowe's 6 cm wound – closed.") == 4 and word_count("| 19:30 | 15 min |") == 1
        assert listed(["- a", "1. b", "2) c", "text", "• d", "-x"]) == ["- a", "1. b", "2) c", "• d"]
        notes = "## Medication\nx\n**Home care**\ny"
        assert heading_order(notes, "medic", "home") and not heading_order(notes, "home", "medic")
        assert not heading_order(notes, "medic", "weather")
        assert weekdays_right("Concert: Saturday 20 June 2026\nRehearsal on 2 June 2026")
        assert not weekdays_right("Concert: Sunday 20 June 2026") and not weekdays_right("Concert: 20 June 2026")
        kg, lb = vet_discharge.KG, vet_discharge.LB
        assert converted("**Weight:** 28.6 kg (63.1 lb)", kg, lb, 2.20462)
        assert not converted("**Weight:** 28.6 kg (57.2 lb)", kg, lb, 2.20462) and not converted("28.6 kg", kg, lb, 2.2)
        miles, km = boat_charter.NAUTICAL, boat_charter.KM
        assert converted("about 22 nautical miles (40.7 km)", miles, km, 1.852)
        assert not converted("about 22 nautical miles (35.4 km)", miles, km, 1.852)

    def test_vet_discharge_truths(self):
        assert vet_discharge.tablets_right(
            "Synulox 50 mg tablets: ½ tablet twice a day for 5 days (5 tablets supplied)"
        )
        assert not vet_discharge.tablets_right("Synulox: ½ tablet twice a day for 5 days (10 tablets supplied)")
        assert vet_discharge.tablets_right("Noroclav 250 mg: 1 tablet every 12 hours for 6 days (12 tablets dispensed)")
        assert vet_discharge.tablets_right("| Clavaseptin 500 mg | 1 tablet | twice a day | 7 days | 14 tablets |")
        assert not vet_discharge.tablets_right("Clavaseptin: 1 tablet twice a day for 7 days")
        # By hand: the aftercare comes before the medicines; the body suit stays on "day and night"; half a
        # tablet twice a day for 5 days is 5 tablets, not the 10 supplied.
        case = next(c for c in FRESH29_SET if c.id == "vet_discharge-05")
        assert case.answer.index("**Aftercare at home**") < case.answer.index("**Medicines**")
        assert "The body suit stays on day and night for 10 days" in case.answer
        assert "½ tablet twice a day for 5 days (10 tablets supplied)" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"tablets": False, "guard": True, "order": False}
        # By hand: three signs listed where four were asked; the check-up costs £24.00; 3.4 kg is 7.5 lb.
        case = next(c for c in FRESH29_SET if c.id == "vet_discharge-13")
        assert len(listed(section(case.answer, "call us") or [])) == 3 and "It costs £24.00." in case.answer
        assert "**Weight:** 3.4 kg (7.5 lb)" in case.answer and "Pipin was spayed" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"signs": False, "no_price": False, "weight": True}

    def test_parking_appeal_truths(self):
        assert parking_appeal.enclosures_right("I enclose two documents:\n- a\n- b\n\nPlease cancel it.")
        assert not parking_appeal.enclosures_right("I enclose three documents:\n\n1. a\n2. b\n\nThanks")
        assert parking_appeal.minutes_right("I was away for 25 minutes (15:10 to 15:35).")
        assert not parking_appeal.minutes_right("I was away for 35 minutes (15:10 to 15:35).")
        assert parking_appeal.in_time_order(["| Time | Event |", "| 10:58 | Parked |", "| 11:02 | Observed |"])
        assert not parking_appeal.in_time_order(["15:10  parked", "15:35  back", "15:22  issued"])
        assert parking_appeal.PAY.search("I am willing to pay the reduced charge.")
        assert not parking_appeal.PAY.search("Please cancel the notice; I will not pay it.")
        # By hand: 15:10 to 15:35 is the 25 minutes given; "three documents" with two listed; an offer to pay.
        case = next(c for c in FRESH29_SET if c.id == "parking_appeal-03")
        assert "for 25 minutes (15:10 to 15:35)" in case.answer and "I enclose three documents:" in case.answer
        assert "I am willing to pay the reduced charge." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"minutes": True, "enclosures": False, "no_pay": False}
        # By hand: the reference line has the registration; the last PCN swaps two digits; 15:10 to 15:35 is not
        # the 35 minutes given.
        case = next(c for c in FRESH29_SET if c.id == "parking_appeal-11")
        assert "**Reference:** PCN BR55208817 · Vehicle WU17 ZMC" in case.answer
        assert "Please cancel PCN BR55208871." in case.answer and "for 35 minutes (15:10 to 15:35)" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"reference": True, "pcn": False, "minutes": False}

    def test_rehearsal_plan_truths(self):
        plan = "Schedule:\n- 19:00 Warm-up (15 min)\n- 19:15 Abendlied, bars 1-8 (20 min)\nTotal: 35 min\n"
        assert rehearsal_plan.schedule(plan) == ["- 19:00 Warm-up (15 min)", "- 19:15 Abendlied, bars 1-8 (20 min)"]
        assert rehearsal_plan.total_right(rehearsal_plan.schedule(plan), plan)
        assert not rehearsal_plan.total_right(rehearsal_plan.schedule(plan), plan.replace("35 min", "30 min"))
        assert rehearsal_plan.BARS.search("bars 12–30") and not rehearsal_plan.BARS.search("the tenor entry")
        # By hand: Saturday 11 July 2026 is right; the notices come before the warm-up, which "the leader" runs.
        case = next(c for c in FRESH29_SET if c.id == "rehearsal_plan-03")
        assert "Saturday 11 July 2026" in case.answer and "1. 10:00 Notices and summer camp forms" in case.answer
        assert "2. 10:15 Warm-up and tuning, led by the leader" in case.answer and "Ravi" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"weekday": True, "order": False, "leader": False}
        # By hand: 15 + 15 + 20 + 20 + 15 + 20 + 15 is the 120 given; Rheinburger once; "five pieces" for four.
        case = next(c for c in FRESH29_SET if c.id == "rehearsal_plan-08")
        assert "Total: 120 min" in case.answer and case.answer.count("Rheinburger") == 1
        assert "work on five pieces" in case.answer and len(rehearsal_plan.schedule(case.answer)) == 7
        assert {c.kind: c.met for c in case.criteria} == {"total": True, "name": False, "count": False}

    def test_boat_charter_truths(self):
        assert boat_charter.welcome("# Title\n\nDear Ms Okoro,\nThank you. See you soon!\n\nMore.") == (
            "Dear Ms Okoro, Thank you. See you soon!"
        )
        assert boat_charter.sentences("Hi Helen, thanks. It is £1,025.00 in all! Ok?") == 3
        price = "• RIB hire: £480.00\n• Drysuits, 8 × £12.00: £96.00\n• Total: £576.00\n• Deposit (20%): £115.20"
        assert boat_charter.charges(price) == [Decimal("480.00"), Decimal("96.00")]
        assert boat_charter.deposit_right(price) and not boat_charter.deposit_right(price.replace("115.20", "96.00"))
        assert boat_charter.PROMISE.search("you will see plenty of them")
        assert not boat_charter.PROMISE.search("we can't promise you'll spot one, but we will ring you")
        # By hand: the payment comes before the booking details; 30% of the £765.00 total is £229.50; the
        # charges listed come to £730.00.
        case = next(c for c in FRESH29_SET if c.id == "boat_charter-02")
        assert case.answer.index("Payment:") < case.answer.index("Booking details:")
        assert "Total: £765.00" in case.answer and "(30%): £229.50" in case.answer and "Bait and ice" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"order": False, "deposit": True, "total": False}
        # By hand: 14 nautical miles is 25.9 km, not 22.5; a welcome of two sentences; 25% of £1,025.00 is £256.25.
        case = next(c for c in FRESH29_SET if c.id == "boat_charter-12")
        assert "about 14 nautical miles (22.5 km)" in case.answer and "(25%): £256.25" in case.answer
        assert boat_charter.sentences(boat_charter.welcome(case.answer)) == 2
        assert {c.kind: c.met for c in case.criteria} == {"distance": False, "welcome": True, "deposit": True}


class TestTheFresh30Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH30) == {"allergen_menu", "swim_report", "planting_calendar", "fun_run_results"}
        for family in FRESH30:
            cases = [case for case in FRESH30_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH30_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh30"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh30"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_comment_or_tips_or_an_opening_note_is_clear_of_its_limit_however_it_is_counted(self):
        limited = (
            (swim_report, swim_report.REPORTS, "comment", swim_report.COMMENT),
            (planting_calendar, planting_calendar.CALENDARS, "tips", planting_calendar.TIPS),
        )
        for module, subjects, switch, heading in limited:
            for subject in subjects:
                for on, answer in every_answer(module, subject):
                    text = " ".join(section(answer, heading) or [])
                    counts = (word_count(text), len(text.split()))
                    if on[switch]:
                        assert max(counts) <= subject.limit - 15, (subject.name, counts)
                    else:
                        assert min(counts) >= subject.limit + 15, (subject.name, counts)
        for card in allergen_menu.CARDS:
            for on, answer in every_answer(allergen_menu, card):
                note = " ".join(section(answer, allergen_menu.INTRO) or [])
                counts = (allergen_menu.sentences(note), len(re.findall(r"[.!?](?:\s|$)", note)))
                if on["intro"]:
                    assert max(counts) <= card.limit - 1, (card.name, counts)
                else:
                    assert min(counts) >= card.limit + 2, (card.name, counts)

    def test_allergen_menu_truths(self):
        card = "Two dishes are vegan.\n- Soup (VG) £5.00\n- Stew (VG): £9.00 (child £4.50)\n- Pie £8.00"
        assert allergen_menu.vegan_right(card) and not allergen_menu.vegan_right(card.replace("Two", "Three"))
        assert not allergen_menu.vegan_right("Some dishes are vegan.\n- Soup (VG)")
        assert allergen_menu.children_right(card) and not allergen_menu.children_right(card.replace("£4.50", "£5.00"))
        assert not allergen_menu.children_right("Children are welcome. Pie £8.00")
        assert allergen_menu.dishes(card.splitlines()) == card.splitlines()[1:]
        assert allergen_menu.energy_right("| Risotto | 640 kcal (2,678 kJ) | £14.50 |\n| Pie | 1,050 kcal (4,393 kJ) |")
        assert not allergen_menu.energy_right("Risotto: 640 kcal (2,678 kJ)\nCod: 610 kcal (2,440 kJ)")
        assert not allergen_menu.energy_right("Cod: 610 kcal")
        assert allergen_menu.STAFF.search("Please let your server know about any allergy")
        assert not allergen_menu.STAFF.search("Our kitchen team is happy to adapt most dishes.")
        assert allergen_menu.TRACES.search("we cannot guarantee a dish is free from them")
        assert not allergen_menu.TRACES.search("Everything is made fresh in our own kitchen.")
        # By hand: 560 kcal is 2,343 kJ, not 2,240; no word about telling a server; £7.25, £6.25 and £2.50 are
        # half of £14.50, £12.50 and £5.00.
        case = next(c for c in FRESH30_SET if c.id == "allergen_menu-03")
        assert "560 kcal (2,240 kJ)" in case.answer and "Full allergen details are also on our website." in case.answer
        assert "server" not in case.answer and "staff" not in case.answer
        assert "£14.50 (child £7.25)" in case.answer and "£12.50 (child £6.25)" in case.answer
        assert "£5.00 (child £2.50)" in case.answer and case.answer.count("child") == 3
        assert {c.kind: c.met for c in case.criteria} == {"energy": False, "staff": False, "children": True}
        # By hand: "cannot guarantee ... free from traces"; the bourguignon spelt "bourgignon"; the large plates
        # come before the small plates.
        case = next(c for c in FRESH30_SET if c.id == "allergen_menu-13")
        assert "we cannot guarantee that a dish is free from traces of any allergen" in case.answer
        assert "Beef bourgignon" in case.answer and "bourguignon" not in case.answer
        assert case.answer.index("**Large plates**") < case.answer.index("**Small plates**")
        assert {c.kind: c.met for c in case.criteria} == {"traces": True, "spelling": False, "order": False}

    def test_swim_report_truths(self):
        assert swim_report.attendance_right("Reuben attended 11 of 12 lessons (92%).")
        assert swim_report.attendance_right("| Attendance | attended seven of the 8 lessons this term (87.5%) |")
        assert not swim_report.attendance_right("Zainab attended 7 of 8 lessons (75%).")
        assert not swim_report.attendance_right("Attendance: 9 lessons out of 10")
        assert swim_report.distance_right("She swam six lengths of the 25 m pool (150 m) with a float.")
        assert not swim_report.distance_right("He swam 10 lengths of the 20 m pool (180 m).")
        assert swim_report.duration_right("Lessons: Thursdays, 4:30 pm to 5:00 pm (30 minutes)")
        assert not swim_report.duration_right("Tuesdays 17:30 to 18:15 (40 min)")
        assert not swim_report.duration_right("Tuesdays at 17:30 (45 min)")
        assert swim_report.NEGATIVE.search("Her backstroke kick, which is lazy")
        assert not swim_report.NEGATIVE.search("She is brave, kind to others and a joy to teach.")
        assert swim_report.PHONE.search("Text me on 07823 441 902.") and swim_report.PHONE.search("call 07700 900461")
        assert not swim_report.PHONE.search("Saturdays, 09:15 to 09:45, Stage 3, 2026")
        # By hand: a mobile number given; 7 of 8 is 87.5%, not 75%; no negative label anywhere.
        case = next(c for c in FRESH30_SET if c.id == "swim_report-02")
        assert "Any questions, call me on 07700 900 318." in case.answer
        assert "Zainab attended 7 of 8 lessons (75%)." in case.answer
        assert "2. Kicking with straight legs from the hips" in case.answer and "weak" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_phone": False, "attendance": False, "positive": True}
        # By hand: Reuben never misspelt; new skills before next steps; 10 lengths of 20 m is 200 m, not 180 m.
        case = next(c for c in FRESH30_SET if c.id == "swim_report-09")
        assert "Rueben" not in case.answer and case.answer.count("Reuben") == 5
        assert case.answer.index("**New skills this term**") < case.answer.index("**Next steps**")
        assert "10 lengths of the 20 m pool (180 m)" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"name": True, "order": True, "distance": False}

    def test_planting_calendar_truths(self):
        assert planting_calendar.spelt_right("Sow courgettes. Courgette 'Defender'", "Courgette")
        assert not planting_calendar.spelt_right("Corgettes: sow. Courgette 'Defender'", "Courgette")
        assert not planting_calendar.spelt_right("Sow beans", "Courgette")
        calendar = "| March | peas |\n| April | beans |\n- May: harden off\n### June\nSow on 1 June"
        assert planting_calendar.months_in_order(calendar)
        assert not planting_calendar.months_in_order(calendar.replace("| April |", "| July |"))
        assert planting_calendar.spacings_right("tomatoes 45 cm (18 in) apart\npots of 9 cm (3.5 in)")
        assert not planting_calendar.spacings_right("tomatoes 45 cm (18 in) apart\nbeans 30 cm (10 in) apart")
        assert planting_calendar.harvest_right("Sown on 6 March 2026, ready about six weeks later, 17 April 2026.")
        assert not planting_calendar.harvest_right("Sown on 6 March 2026, ready about 6 weeks later, 24 April 2026.")
        assert planting_calendar.area_right("A balcony 2.5 m x 1.5 m (3.75 m2)")
        assert not planting_calendar.area_right("half plot, 12.5 m × 5 m (35 m²)")
        assert planting_calendar.PEAT.search("peat-based compost") and planting_calendar.PEAT.search("peat compost")
        assert not planting_calendar.PEAT.search("topped up with peat-free compost")
        assert planting_calendar.HARDEN.search("Harden off the squash") and planting_calendar.HARDEN.search(
            "harden the tomatoes off"
        )
        assert not planting_calendar.HARDEN.search("water the tomatoes and courgettes well first")
        # By hand: "harden off the sweet peas"; "Zinias" once; 14 March to 13 June 2026 is 13 weeks.
        case = next(c for c in FRESH30_SET if c.id == "planting_calendar-01")
        assert "harden off the sweet peas for ten days" in case.answer and "Zinias sown on 14 March 2026" in case.answer
        assert "about 13 weeks later, around 13 June 2026" in case.answer
        assert (date(2026, 6, 13) - date(2026, 3, 14)).days == 13 * 7
        assert {c.kind: c.met for c in case.criteria} == {"harden": True, "name": False, "harvest": True}
        # By hand: the six seed packets all listed; 3 m × 1.2 m is 3.6 m², not 8.4; peat-free compost only.
        case = next(c for c in FRESH30_SET if c.id == "planting_calendar-04")
        assert len(listed(section(case.answer, "seeds to buy") or [])) == 6 and "- Tomato 'Sungold'" in case.answer
        assert "A 3 m × 1.2 m raised bed (8.4 m²)" in case.answer
        assert "with peat-free compost" in case.answer and case.answer.count("peat") == 1
        assert {c.kind: c.met for c in case.criteria} == {"seeds": True, "area": False, "no_peat": True}

    def test_fun_run_results_truths(self):
        assert fun_run_results.seconds("36:12") == 2172 and fun_run_results.seconds("1:02:05") == 3725
        results = "## Results\n| Pos | Name | Time |\n|---|---|---|\n| 1 | Ann | 17:45 |\n| 2 | Bo | 18:02 |\nBo was 2nd, 18:02."
        assert fun_run_results.finishers(results) == [1065, 1082]
        assert fun_run_results.finishers("Top six:\n1. Rhys Morgan - 10:24\n2. Owen Price - 11:09") == [624, 669]
        assert fun_run_results.pace_right("Tom won in 17:45 over the 5 km course, a pace of 3:33 per km.")
        assert fun_run_results.pace_right("Imran Shah ran 16:58 for the 5 km, or 3:24 per km.")
        assert not fun_run_results.pace_right("Tom won in 17:45 over the 5 km course, a pace of 3:55 per km.")
        money = "**Money raised**\n• Fees: £3,760.00\n• Sponsorship: £5,212.30\n• Raffle: £448.00\n• Total: £9,420.30"
        assert fun_run_results.raised_right(money)
        assert not fun_run_results.raised_right(money.replace("£9,420.30", "£9,240.30"))
        assert fun_run_results.THANKS.search("Thank you to our marshals, first aiders and the volunteers.")
        assert not fun_run_results.THANKS.search("Volunteers marshalled the common. Thank you for running!")
        assert fun_run_results.AGE.search("Ella Burke, aged 7, ran") and fun_run_results.AGE.search("(age 8)")
        assert not fun_run_results.AGE.search("402 registered, 389 finished the 5 km")
        # By hand: seven Santas listed, but 20:45 above 20:10; 6 December 2026 is a Sunday, not a Saturday.
        case = next(c for c in FRESH30_SET if c.id == "fun_run_results-03")
        assert "| 6 | Ewan Fraser | 20:45 |\n| 7 | Becky Lund | 20:10 |" in case.answer
        assert "| Date | Saturday 6 December 2026 |" in case.answer and f"{date(2026, 12, 6):%A}" == "Sunday"
        assert len(fun_run_results.finishers(case.answer)) == 7
        assert {c.kind: c.met for c in case.criteria} == {"top": True, "sorted": False, "weekday": False}
        # By hand: 36:12 over 10 km is 3:37.2 per km; the top eight come before the money; £3,760.00 + £5,212.30
        # + £448.00 is £9,420.30, not the £9,240.30 given.
        case = next(c for c in FRESH30_SET if c.id == "fun_run_results-05")
        assert "Kieran Pascoe won in 36:12 on the 10 km course, averaging 3:37 per km." in case.answer
        assert case.answer.index("**Top eight**") < case.answer.index("**Money raised**")
        assert "• Raffle: £448.00\n• Total: £9,240.30" in case.answer and "£5,212.30" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"pace": True, "order": True, "raised": False}


class TestTheFresh31Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH31) == {"insurance_renewal", "school_newsletter", "party_invitation", "property_listing"}
        for family in FRESH31:
            cases = [case for case in FRESH31_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH31_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh31"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh31"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_an_item_or_an_invitation_or_a_description_is_clear_of_its_limit_however_it_is_counted(self):
        limited = (
            (school_newsletter, school_newsletter.ITEMS, "length", lambda answer: answer),
            (party_invitation, party_invitation.INVITATIONS, "short", lambda answer: answer),
            (
                property_listing,
                property_listing.LISTINGS,
                "description",
                lambda answer: " ".join(section(answer, property_listing.DESCRIPTION) or []),
            ),
        )
        for module, subjects, switch, counted in limited:
            for subject in subjects:
                for on, answer in every_answer(module, subject):
                    text = counted(answer)
                    counts = (word_count(text), len(text.split()))
                    if on[switch]:
                        assert max(counts) <= subject.limit - 15, (subject.name, counts)
                    else:
                        assert min(counts) >= subject.limit + 15, (subject.name, counts)
        for item in school_newsletter.ITEMS:
            for on, answer in every_answer(school_newsletter, item):
                words = school_newsletter.headline(answer).split()
                assert (len(words) <= item.headline - 1) if on["headline"] else (len(words) >= item.headline + 4)

    def test_insurance_renewal_truths(self):
        premium = "| Buildings | £300.00 |\n| Contents | £150.50 |\n| **Total** | **£450.50** |\nLast year: £400.00, up 12.6%."
        assert insurance_renewal.covers(premium) == [Decimal("300.00"), Decimal("150.50")]
        assert insurance_renewal.total_right(premium)
        assert not insurance_renewal.total_right(premium.replace("£450.50", "£460.50"))
        assert not insurance_renewal.total_right("Total for the year: £10.00")
        assert insurance_renewal.change_right(premium, premium)
        assert not insurance_renewal.change_right(premium.replace("12.6%", "11.2%"), premium)
        lower = "- Total for the year: £90.00\n- Last year's premium was £100.00, so you will pay 10% less."
        assert insurance_renewal.change_right(lower, lower)
        assert not insurance_renewal.change_right(lower.replace("10% less", "10% more"), lower)
        assert insurance_renewal.monthly_right("We will take 12 monthly payments of £47.52 (£570.24 in all).")
        assert insurance_renewal.monthly_right(
            "ten monthly payments of £55.02 from account ending 6604, £550.20 in all"
        )
        assert not insurance_renewal.monthly_right("ten monthly payments of £55.02 (£555.20 in all)")
        assert not insurance_renewal.monthly_right("You pay £47.52 a month.")
        assert insurance_renewal.ACCOUNT.search("from account 31926819") and insurance_renewal.ACCOUNT.search(
            "20-45-77"
        )
        assert not insurance_renewal.ACCOUNT.search("account ending 4821; policy HHI-4417-2093; call 0345 600 2718")
        assert insurance_renewal.POLICY.findall("HHI-4417-2093, then HHI-4471-2093") == [
            "HHI-4417-2093",
            "HHI-4471-2093",
        ]
        # By hand: 636.24 is 6.29% more than 598.60 (so 6.3% is right); the account number and sort code are shown in
        # full; the policy number at the foot has its last two digits swapped.
        case = next(c for c in FRESH31_SET if c.id == "insurance_renewal-03")
        assert "| **Total** | **£636.24** |" in case.answer and "Last year's premium: £598.60." in case.answer
        assert "The new premium is 6.3% more than last year." in case.answer
        assert round(100 * (636.24 - 598.60) / 598.60, 1) == 6.3
        assert "from account 61502284 (sort code 09-01-28)" in case.answer
        assert "| Policy number | TRN-7702-6615 |" in case.answer and "policy number, TRN-7702-6651." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"change": True, "account": False, "reference": False}
        # By hand: two changes listed where there are three; 12 × £47.52 is £570.24; no cooling-off period.
        case = next(c for c in FRESH31_SET if c.id == "insurance_renewal-04")
        assert len(listed(section(case.answer, "what's changed") or [])) == 2
        assert (
            "Accidental damage" not in case.answer and "12 monthly payments of £47.52 (£570.24 in all)" in case.answer
        )
        assert "cooling" not in case.answer and "You can cancel at any time" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"changes": False, "monthly": True, "cooling_off": False}

    def test_school_newsletter_truths(self):
        assert school_newsletter.headline("# Book Fair comes to Oakfield\n\nText") == "Book Fair comes to Oakfield"
        assert school_newsletter.headline("\n**Year 4 visit the museum**\nText") == "Year 4 visit the museum"
        item = "## Money\nRaised £10.\n\n## Key dates\n- Friday 8 May 2026: forms due\n\nMiss Dunmore, Year 4 teacher"
        assert school_newsletter.dates_last(item)
        assert not school_newsletter.dates_last(
            item.replace("## Money", "## Key dates").replace("## Key dates\n-", "## Cost\n-")
        )
        assert not school_newsletter.dates_last("No headings at all.")
        stalls = "There are three stalls, all run by volunteers:\n- cakes\n- books\n- toys\n\nCome along."
        assert school_newsletter.counted(stalls, "stalls")
        assert not school_newsletter.counted(stalls.replace("three", "four"), "stalls")
        assert not school_newsletter.counted(stalls.replace("- toys\n", ""), "stalls")
        assert not school_newsletter.counted("Lots of stalls:\n- cakes", "stalls")
        assert school_newsletter.percent_right("As agreed, 20% of the £3,150, £630, goes to the hospice.")
        assert school_newsletter.percent_right("So far £1,840 has come in, which is 92% of our £2,000 target.")
        assert not school_newsletter.percent_right("As agreed, 20% of the £3,150, £315, goes to the hospice.")
        assert not school_newsletter.percent_right("The school earns 25% of sales.")
        assert school_newsletter.PARENTS_ALONE.search("Thank you to the parents who ran stalls")
        assert not school_newsletter.PARENTS_ALONE.search("Parents and carers who walked with us: thank you too.")
        # By hand: 14 May 2026 is a Thursday, not the Wednesday given; the cost comes after the key dates; 30% of
        # £22.00 is £6.60.
        case = next(c for c in FRESH31_SET if c.id == "school_newsletter-01")
        assert "• Wednesday 14 May 2026: the trip" in case.answer and f"{date(2026, 5, 14):%A}" == "Thursday"
        assert case.answer.index("**Key dates**") < case.answer.index("**Cost**")
        assert "30% of that, £6.60," in case.answer and "£22.00 per child" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"percent": True, "weekday": False, "order": False}
        # By hand: a 14-word headline; "parents and carers" the only parents; 30% of £22.00 is not £6.00.
        case = next(c for c in FRESH31_SET if c.id == "school_newsletter-13")
        assert case.answer.startswith("**Year 4 are heading to the Science Museum in London to find out all about")
        assert case.answer.count("parents") == 1 and "all the parents and carers who" in case.answer
        assert "30% of that, £6.00, so we are asking for a voluntary contribution of £16.00" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"headline": False, "carers": True, "percent": False}

    def test_party_invitation_truths(self):
        assert party_invitation.stated_minutes("(2 hours 30 minutes)") == 150
        assert party_invitation.stated_minutes("(three hours)") == 180
        assert party_invitation.stated_minutes("(90 minutes)") == 90
        assert party_invitation.stated_minutes("(all afternoon)") is None
        assert party_invitation.duration_right("**Saturday 13 June 2026, 2:00 pm to 4:00 pm (2 hours)**")
        assert party_invitation.duration_right(
            "| When | Sunday 23 August 2026, 12:30 pm to 4:00 pm (3 hours 30 minutes) |"
        )
        assert not party_invitation.duration_right("Friday 9 October 2026, 7:30 pm to 11:30 pm (3 hours)")
        assert not party_invitation.duration_right("From 2:00 pm, for 2 hours")
        card = "Date: Thursday 30 July 2026\nTime: 4:00 pm\nPlease let me know by Thursday 16 July 2026."
        assert party_invitation.order_right(card) and party_invitation.gap_right(card, 14)
        assert not party_invitation.gap_right(card, 7)
        swapped = "**RSVP:** Reply by Friday 25 September 2026\n**When:** Friday 9 October 2026, 7:30 pm"
        assert not party_invitation.order_right(swapped) and party_invitation.gap_right(swapped, 14)
        assert party_invitation.FORMAL.search("You are cordially invited to the trampoline park.")
        assert party_invitation.FORMAL.search("Sam requests the pleasure of your company")
        assert not party_invitation.FORMAL.search("Come and bounce with us at the trampoline park.")
        assert party_invitation.first_line("\n# Maya is turning 7!\n\nCome") == "# Maya is turning 7!"
        # By hand: the subject line names no one; "kindly requested to attend"; allergies asked about.
        case = next(c for c in FRESH31_SET if c.id == "party_invitation-02")
        assert case.answer.startswith("Party invitation\n\nHi everyone,\n") and "Margaret's" not in case.answer
        assert "you are kindly requested to attend her retirement reception" in case.answer
        assert "If you have any food allergies, tell me then" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"informal": False, "first_line": False, "dietary": True}
        # By hand: Declan always spelt so; 26 September to 9 October 2026 is 13 days, not two weeks; nothing formal.
        case = next(c for c in FRESH31_SET if c.id == "party_invitation-05")
        assert case.answer.count("Declan") == 3 and "Deklan" not in case.answer
        assert "Reply by Saturday 26 September 2026" in case.answer and "Friday 9 October 2026" in case.answer
        assert (date(2026, 10, 9) - date(2026, 9, 26)).days == 13
        assert "come and help him celebrate" in case.answer and "request" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"name": True, "rsvp": False, "informal": True}

    def test_property_listing_truths(self):
        assert property_listing.weekly_right("- Rent: £1,300 pcm (£300 per week)")
        assert not property_listing.weekly_right("- Rent: £1,300 pcm (£325 per week)")
        assert not property_listing.weekly_right("- Rent: £1,300 pcm")
        listing = "Rent is £975 per month, which is £225 per week.\nHolding deposit: £225\nDeposit: £1,125 (five weeks)"
        assert property_listing.deposit_right(listing)
        assert not property_listing.deposit_right(listing.replace("£1,125", "£1,218.75"))
        assert not property_listing.deposit_right("Deposit: £1,125")
        assert property_listing.street_only("Flat to let, Albert Road, Southsea", "Albert Road")
        assert not property_listing.street_only("Flat to let, 14 Albert Road, Southsea", "Albert Road")
        assert not property_listing.street_only("Flat to let in Southsea", "Albert Road")
        assert property_listing.UNFAIR.search("No DSS. To arrange a viewing")
        assert property_listing.UNFAIR.search("Unfurnished; professionals only, pets by arrangement")
        assert not property_listing.UNFAIR.search("Pets considered. Council tax band B. Unfurnished; no smokers.")
        assert property_listing.EPC.search("- EPC rating: C") and property_listing.EPC.search("| EPC | D |")
        assert property_listing.EPC.search("Energy rating: C")
        assert not property_listing.EPC.search("• EPC: to follow\n• Available from 1 September 2026")
        assert not property_listing.EPC.search("Council tax band B")
        # By hand: 94 m² is 1,011.8 sq ft; the house number given; the description runs well over 90 words.
        case = next(c for c in FRESH31_SET if c.id == "property_listing-05")
        assert "Floor area: 94 m² (1,012 sq ft)" in case.answer and round(94 * 10.7639) == 1012
        assert "**Three-bedroom family house, 22 Elm Grove, Headingley**" in case.answer
        assert word_count(" ".join(section(case.answer, "about the house") or [])) > 90
        assert {c.kind: c.met for c in case.criteria} == {"area": True, "door": False, "description": False}
        # By hand: students and benefit claimants excluded; £975 × 12 ÷ 52 is £225; five weeks of it is £1,125.
        case = next(c for c in FRESH31_SET if c.id == "property_listing-10")
        assert "No students or benefit claimants." in case.answer
        assert "Rent is £975 per month, which is £225 per week." in case.answer and 975 * 12 / 52 == 225
        assert "Deposit: £1,125 (five weeks' rent)." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"fair": False, "weekly": True, "deposit": True}


class TestTheFresh32Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH32) == {"donation_receipt", "babysitter_note", "concert_programme", "hotel_group_booking"}
        for family in FRESH32:
            cases = [case for case in FRESH32_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH32_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh32"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh32"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_note_or_programme_notes_or_a_thank_you_is_clear_of_its_limit_however_it_is_counted(self):
        limited = (
            (babysitter_note, babysitter_note.NOTES, "short", lambda answer: answer),
            (
                concert_programme,
                concert_programme.PROGRAMMES,
                "notes",
                lambda answer: " ".join(section(answer, concert_programme.NOTES) or []),
            ),
        )
        for module, subjects, switch, counted in limited:
            for subject in subjects:
                for on, answer in every_answer(module, subject):
                    text = counted(answer)
                    counts = (word_count(text), len(text.split()))
                    if on[switch]:
                        assert max(counts) <= subject.limit - 15, (subject.name, counts)
                    else:
                        assert min(counts) >= subject.limit + 15, (subject.name, counts)
        for receipt in donation_receipt.RECEIPTS:
            for on, answer in every_answer(donation_receipt, receipt):
                thanks = " ".join(section(answer, donation_receipt.THANKS) or [])
                count = donation_receipt.sentence_count(thanks)
                assert count <= receipt.sentences if on["sentences"] else count >= receipt.sentences + 2

    def test_donation_receipt_truths(self):
        assert donation_receipt.sentence_count("Dear Ann, thank you. You gave £180.00 this year! We are grateful.") == 3
        gifts = "## Your gifts\nYou made two donations.\n- 1 May 2025: £12.50\n- 2 June 2025: £7.50\n- Total: £20.00\n"
        assert donation_receipt.gifts(gifts) == [Decimal("12.50"), Decimal("7.50")]
        assert donation_receipt.total_right(gifts) and donation_receipt.count_right(gifts)
        assert not donation_receipt.total_right(gifts.replace("Total: £20.00", "Total: £25.00"))
        assert not donation_receipt.total_right(gifts.replace("- Total: £20.00\n", ""))
        assert not donation_receipt.count_right(gifts.replace("two donations", "three donations"))
        assert not donation_receipt.count_right(gifts.replace("two donations", "some donations"))
        assert donation_receipt.gift_aid_right("We will claim £5.00 of Gift Aid on your £20.00 from HMRC.")
        assert donation_receipt.gift_aid_right("Gift Aid on your £200.00 comes to £50.00.")
        assert not donation_receipt.gift_aid_right("We will claim £4.00 of Gift Aid on your £20.00 from HMRC.")
        assert not donation_receipt.gift_aid_right("Gift Aid: £5.00")
        assert donation_receipt.CHARITY_NUMBER.search("| Charity no. | 1161177 |")
        assert donation_receipt.CHARITY_NUMBER.search("Riverside Hospice, Registered charity number 1084312")
        assert not donation_receipt.CHARITY_NUMBER.search("A registered charity in England and Wales; ref NFB/1177")
        assert donation_receipt.NOTHING_BACK.search("We confirm that you received nothing in return for these gifts.")
        assert not donation_receipt.NOTHING_BACK.search("Thank you again for everything you give.")
        # By hand: five donations said, four listed; £25 + £60 + £40 + £55 is £180, not the £170 given; the
        # statement that nothing was given in return is there.
        case = next(c for c in FRESH32_SET if c.id == "donation_receipt-00")
        assert "You made five donations between April 2025" in case.answer
        for row in ("| Direct Debit | £25.00 |", "| Sponsored walk | £60.00 |", "| Cheque | £55.00 |"):
            assert row in case.answer
        assert "| Online, Christmas appeal | £40.00 |" in case.answer
        assert len(donation_receipt.gifts(case.answer)) == 4 and 25 + 60 + 40 + 55 == 180
        assert "| **Total** | | **£170.00** |" in case.answer
        assert "You received no goods or services in return for these donations." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_goods": True, "count": False, "total": False}
        # By hand: 25% of £120.00 is £30.00, not £24.00; Pryce always spelt so; the five gifts add up to £120.00.
        case = next(c for c in FRESH32_SET if c.id == "donation_receipt-06")
        assert "We will add £24.00 of Gift Aid to your £120.00" in case.answer and 120 * 0.25 == 30
        assert case.answer.count("Pryce") == 2 and "Price" not in case.answer
        assert "Total donated: £120.00" in case.answer and 20 + 30 + 15 + 25 + 30 == 120
        assert {c.kind: c.met for c in case.criteria} == {"gift_aid": False, "name": True, "total": True}

    def test_babysitter_note_truths(self):
        assert babysitter_note.evening("We're out from 7:00 pm until 12:30 am.", "Calpol") == 330
        assert babysitter_note.evening("Calpol: 5 ml at 2:30 pm, then from 6:30 pm.", "Calpol") is None
        note = "We're out from 6:30 pm until 11:00 pm.\nPay: £12.00 an hour, so £54.00 for the evening."
        assert babysitter_note.pay_right(note, "Calpol")
        assert not babysitter_note.pay_right(note.replace("£54.00", "£48.00"), "Calpol")
        assert not babysitter_note.pay_right("Pay: £12.00 an hour, so £54.00 for the evening.", "Calpol")
        dose = "Calpol: he had 5 ml at 2:30 pm; he can have another 5 ml four hours later, from 6:30 pm."
        assert babysitter_note.dose_right(dose, "Calpol")
        assert babysitter_note.dose_right(
            "Piriton: 5 ml at 5:00 pm; the next is due 4 hours later, at 9:00 pm.", "Piriton"
        )
        assert not babysitter_note.dose_right(dose.replace("6:30 pm", "6:00 pm"), "Calpol")
        assert not babysitter_note.dose_right("Calpol: he had 5 ml at 2:30 pm.", "Calpol")
        contacts = (
            "## Emergency contacts\nRing these three people, in this order.\n- A: 1\n- B: 2\n- C: 3\n\nCall 999 first."
        )
        assert babysitter_note.contacts_right(contacts)
        assert not babysitter_note.contacts_right(contacts.replace("three", "four"))
        assert not babysitter_note.contacts_right(contacts.replace("these three people", "these people"))
        assert babysitter_note.allergy_given("Oscar is allergic to peanuts, so no nuts.", "peanut")
        assert not babysitter_note.allergy_given("No nuts of any kind, please.", "peanut")
        assert babysitter_note.CAPITALS.search("Please do NOT let them have screens.")
        assert not babysitter_note.CAPITALS.search("Please do not; call 999 or the GP.")
        # By hand: four people said, three listed; 2:30 pm to 6:00 pm is 3.5 hours, not four; "NOT" in capitals;
        # the peanut allergy given.
        case = next(c for c in FRESH32_SET if c.id == "babysitter_note-12")
        assert "Ring these four people, in this order." in case.answer and case.answer.count("07700 900") == 3
        assert "5 ml at 2:30 pm" in case.answer and "four hours later, from 6:00 pm" in case.answer
        assert "Please do NOT let them" in case.answer and "Oscar is allergic to peanuts" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"allergy": True, "dose": False, "no_capitals": False}
        # By hand: 7:00 pm to 12:30 am is 5.5 hours, and 5.5 × £11.00 is £60.50; no allergy named; four bedtime
        # steps where five were asked for.
        case = next(c for c in FRESH32_SET if c.id == "babysitter_note-05")
        assert "from 7:00 pm until 12:30 am" in case.answer and "£11.00 an hour, so £60.50" in case.answer
        assert 5.5 * 11 == 60.5 and "allerg" not in case.answer
        assert len(listed(section(case.answer, "bedtime") or [])) == 4
        assert {c.kind: c.met for c in case.criteria} == {"pay": True, "allergy": False, "steps": False}

    def test_concert_programme_truths(self):
        running = "## Running order\n- Linden Lea (Vaughan Williams), 3 min\n- Interval, 20 min\n- Myfanwy, 4 min\n\n"
        programme = "When: 7:30 pm to 7:57 pm\nWe sing two songs.\n\n" + running + "## Notes\nShort notes."
        assert concert_programme.pieces(programme) == 2 and concert_programme.count_right(programme)
        assert concert_programme.end_right(programme)
        assert not concert_programme.end_right(programme.replace("7:57 pm", "7:37 pm"))
        assert not concert_programme.count_right(programme.replace("two songs", "three songs"))
        assert not concert_programme.end_right("When: 7:30 pm to 7:57 pm\nNo running order yet.")
        tickets = (
            "Tickets: £12 adults, £5 under-16s; a family ticket for two adults and two children is £30, saving £4."
        )
        assert concert_programme.tickets_right(tickets)
        assert concert_programme.tickets_right(
            "£10, £6; a family ticket for two adults and three children is £32, saving £6"
        )
        assert not concert_programme.tickets_right(tickets.replace("saving £4", "saving £6"))
        assert not concert_programme.tickets_right("A family ticket is £30, saving £4.")
        assert concert_programme.spelt_right("Hear My Prayer (Mendelssohn); Mendelssohn's Elijah", "Mendelssohn")
        assert not concert_programme.spelt_right("Hear My Prayer (Mendelssohn); Mendelsohn's Elijah", "Mendelssohn")
        assert concert_programme.PHONES.search("Please silence your mobile phones; the candles are real.")
        assert concert_programme.PHONES.search("Please turn off your phones, but do film the last song.")
        assert not concert_programme.PHONES.search("Phone 01632 960 412 for tickets.")
        # By hand: the running order's lengths add up to 50 minutes, so 3:00 pm to 3:50 pm, not 3:35 pm; the
        # keyboard player is not named; Purcell spelt right every time.
        case = next(c for c in FRESH32_SET if c.id == "concert_programme-03")
        assert "| When | Sunday 19 April 2026, 3:00 pm to 3:35 pm |" in case.answer
        assert 3 + 4 + 3 + 5 + 15 + 3 + 4 + 4 + 5 + 4 == 50 and "Daniel Osei" not in case.answer
        assert re.findall(r"Purcel\w*", case.answer) == ["Purcell"] * 5
        assert {c.kind: c.met for c in case.criteria} == {"composer": True, "end": False, "accompanist": False}
        # By hand: eleven pieces said, ten in the table besides the interval; two £12 and two £5 tickets are £34,
        # £4 more than the £30 family ticket; the notes run to 46 words.
        case = next(c for c in FRESH32_SET if c.id == "concert_programme-08")
        assert "Tonight the choir sings eleven pieces" in case.answer
        assert len([line for line in case.answer.splitlines() if line.endswith(" min |")]) == 11
        assert "| Interval | | 20 min |" in case.answer
        assert "a family ticket for two adults and two children is £30, saving £4." in case.answer
        assert 2 * 12 + 2 * 5 - 30 == 4
        assert word_count(" ".join(section(case.answer, "programme notes") or [])) == 46
        assert {c.kind: c.met for c in case.criteria} == {"count": False, "tickets": True, "notes": True}

    def test_hotel_group_booking_truths(self):
        booking = (
            "Check-in: Friday 2 October 2026\nCheck-out: Sunday 4 October 2026 (2 nights)\n\n**Your rooms**\n"
            "- Twin rooms: 5 at £79.00 a night for 2 nights, £790.00\n\n**Payment**\n"
            "- Free cancellation until Friday 25 September 2026, 7 days before arrival\n"
        )
        assert hotel_group_booking.nights(booking) == 2 and hotel_group_booking.nights_right(booking)
        assert not hotel_group_booking.nights_right(booking.replace("(2 nights)", "(3 nights)"))
        assert hotel_group_booking.amounts_right(booking)
        assert not hotel_group_booking.amounts_right(booking.replace("£790.00", "£395.00"))
        assert not hotel_group_booking.amounts_right(booking.replace("Check-in: Friday 2 October 2026\n", ""))
        assert hotel_group_booking.cancel_right(booking)
        assert not hotel_group_booking.cancel_right(booking.replace("Friday 25 September", "Saturday 26 September"))
        assert hotel_group_booking.surname("- Adams, Ben: twin") == "adams"
        assert hotel_group_booking.surname("3. Claire Chowdhury") == "chowdhury"
        rooming = "## Rooming list\n1. Daniel Abbott\n2. Sarah Bennett\n3. Claire Chowdhury\n"
        assert hotel_group_booking.alphabetical(rooming)
        assert not hotel_group_booking.alphabetical(rooming.replace("Sarah Bennett", "Sarah Young"))
        assert hotel_group_booking.CARD.search("paid by Visa 4929 1034 7781 4417")
        assert not hotel_group_booking.CARD.search("Visa ending 4417; ref MERE-40918; call 07700 900 412")
        assert hotel_group_booking.BREAKFAST.search("All rates include breakfast in the Garden Room.")
        assert not hotel_group_booking.BREAKFAST.search("Breakfast can be added at £12.00 a head.")
        # By hand: Chowdhury listed after Ellis; nine names; 17 October less 28 days is 19 September, not 20.
        case = next(c for c in FRESH32_SET if c.id == "hotel_group_booking-03")
        assert "3. Mark Ellis\n4. Claire Chowdhury" in case.answer and "9. Gareth Wynne" in case.answer
        assert "| Check-in | Saturday 17 October 2026, from 3:00 pm |" in case.answer
        assert "until Sunday 20 September 2026, 28 days before arrival" in case.answer
        assert (date(2026, 10, 17) - date(2026, 9, 20)).days == 27
        assert {c.kind: c.met for c in case.criteria} == {"alphabetical": False, "guests": True, "cancel": False}
        # By hand: the rooms come before the payment; the whole card number printed; 2 twins × £104.00 × 2 nights
        # is £416.00, not £208.00.
        case = next(c for c in FRESH32_SET if c.id == "hotel_group_booking-08")
        assert case.answer.index("## Rooms\n") < case.answer.index("## Payment and cancellation")
        assert "Visa card 4929 1034 7781 4417" in case.answer
        assert "| Twin | 2 | £104.00 | 2 | £208.00 |" in case.answer and 2 * 104 * 2 == 416
        assert {c.kind: c.met for c in case.criteria} == {"order": True, "no_card": False, "amounts": False}


class TestTheFresh33Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH33) == {"removals_quote", "library_overdue", "bike_repair", "holiday_let_guide"}
        for family in FRESH33:
            cases = [case for case in FRESH33_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH33_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh33"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh33"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_move_description_or_an_estimate_or_a_welcome_is_clear_of_its_limit_however_it_is_counted(self):
        limited = (
            (
                removals_quote,
                removals_quote.QUOTES,
                "summary",
                lambda answer: " ".join(section(answer, removals_quote.SUMMARY) or []),
            ),
            (bike_repair, bike_repair.ESTIMATES, "length", lambda answer: answer),
        )
        for module, subjects, switch, counted in limited:
            for subject in subjects:
                for on, answer in every_answer(module, subject):
                    text = counted(answer)
                    counts = (word_count(text), len(text.split()))
                    if on[switch]:
                        assert max(counts) <= subject.limit - 15, (subject.name, counts)
                    else:
                        assert min(counts) >= subject.limit + 15, (subject.name, counts)
        for guide in holiday_let_guide.GUIDES:
            for on, answer in every_answer(holiday_let_guide, guide):
                welcome = " ".join(section(answer, holiday_let_guide.WELCOME) or [])
                count = holiday_let_guide.sentence_count(welcome)
                assert count <= guide.sentences if on["welcome"] else count >= guide.sentences + 2

    def test_removals_quote_truths(self):
        costs = (
            "## Price breakdown\n| Item | Price |\n|---|---|\n| Crew and van | £500.00 |\n| Boxes | £40.00 |\n"
            "| Subtotal | £540.00 |\n| VAT at 20% | £108.00 |\n| Total | £648.00 |\n"
        )
        assert removals_quote.costs(costs) == [Decimal("500.00"), Decimal("40.00")]
        assert removals_quote.subtotal(costs) == Decimal("540.00")
        assert removals_quote.sum_right(costs) and removals_quote.vat_right(costs)
        assert not removals_quote.sum_right(costs.replace("| Boxes | £40.00 |", "| Boxes | £45.00 |"))
        assert not removals_quote.sum_right(costs.replace("| Subtotal | £540.00 |\n", ""))
        assert not removals_quote.vat_right(costs.replace("£108.00", "£94.50"))
        assert removals_quote.vat_right("- Subtotal: £840.00\n- VAT (20%): £168.00\n- Total: £1,008.00")
        assert not removals_quote.vat_right("A private move with no figures.")
        assert removals_quote.VALID.search("This quote remains valid for 28 days.")
        assert removals_quote.VALID.search("This quote is valid until 30 April 2026.")
        assert not removals_quote.VALID.search("Reply to this letter to book.")
        assert removals_quote.PRESSURE.search("Book now to avoid disappointment.")
        assert removals_quote.PRESSURE.search("Don't miss out, as April is filling up fast.")
        assert not removals_quote.PRESSURE.search("To book, reply to this email.")
        volume = "Your belongings come to about 850 cu ft (24.1 m³), which fits in one van."
        assert converted(volume, removals_quote.CUBIC_FEET, removals_quote.CUBIC_METRES, 0.0283168)
        assert not converted(
            volume.replace("24.1", "28.3"), removals_quote.CUBIC_FEET, removals_quote.CUBIC_METRES, 0.0283168
        )
        # By hand: the costs come before what is included; 1,600 cu ft is 45.3 m³ (1,600 × 0.0283 = 45.3); VAT of
        # £462.00 is 20% of the £2,310.00 subtotal.
        case = next(c for c in FRESH33_SET if c.id == "removals_quote-03")
        assert case.answer.index("### Cost breakdown") < case.answer.index("### What's included")
        assert "we estimate 1,600 cu ft (45.3 m³)" in case.answer and round(1600 * 0.0283168, 1) == 45.3
        assert "| Subtotal | £2,310.00 |" in case.answer and "| VAT (20%) | £462.00 |" in case.answer
        assert 2310 * 0.2 == 462
        assert {c.kind: c.met for c in case.criteria} == {"volume": True, "order": False, "vat": True}
        # By hand: the greeting spells the surname Ramaswammy, the heading Ramaswamy; £147.00 of VAT is not 20% of
        # £840.00 (£168.00); the four things included are all there.
        case = next(c for c in FRESH33_SET if c.id == "removals_quote-13")
        assert "Dear Ms Ramaswammy," in case.answer and "Ms Priya Ramaswamy**" in case.answer
        assert "- Subtotal: £840.00" in case.answer and "- VAT (20%): £147.00" in case.answer and 840 * 0.2 == 168
        assert len(listed(section(case.answer, "included") or [])) == 4
        assert "- a wardrobe carton for your hanging clothes" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"name": False, "vat": False, "included": True}

    def test_library_overdue_truths(self):
        notice = (
            "Date: 15 March 2026\n\n## Overdue items\n- Dune, due 3 March 2026: 12 days overdue, fine £3.00\n"
            "- Emma, due 10 March 2026: 5 days overdue, fine £1.25\n\n## Fines\nYou owe £4.25 in total.\n"
        )
        assert library_overdue.notice_date(notice) == date(2026, 3, 15) and len(library_overdue.items(notice)) == 2
        assert library_overdue.days_right(notice) and library_overdue.fines_right(notice)
        assert not library_overdue.days_right(notice.replace("5 days", "6 days"))
        assert not library_overdue.days_right("No dates here: 5 days overdue, £1.25")
        assert not library_overdue.fines_right(notice.replace("£4.25 in total", "£3.25 in total"))
        assert not library_overdue.fines_right(notice.replace("You owe £4.25 in total.\n", ""))
        hours = "## Opening hours\n- Monday: 9:00 am to 7:00 pm\n- Tuesday: 9:00 am to 5:00 pm\n\nBest wishes\n"
        assert library_overdue.opening_days(hours) == 2
        assert library_overdue.opening_days(hours.replace("- Tuesday: 9:00 am to 5:00 pm\n", "")) == 1
        assert library_overdue.subject_first("\nSubject: Your books are overdue\n\nDear Ann,")
        assert not library_overdue.subject_first("Dear Ann,\n\nSubject: overdue books")
        assert library_overdue.CARD.search("| Library card | 33104200870419 |")
        assert not library_overdue.CARD.search("Library card: ending 7786; call 01539 713520")
        assert library_overdue.RENEW.search("Sam can renew books up to three times online or in the Libraries app.")
        assert library_overdue.RENEW.search("Renew online in My Library Account.")
        assert not library_overdue.RENEW.search("Ring us on 01539 713520 to renew. Pay online.")
        assert library_overdue.THREAT.search("Unpaid fines will be passed to the University's debt collectors.")
        assert not library_overdue.THREAT.search("There's no need to worry, but please bring them back.")
        # By hand: 15 March less 10 March is 5 days, not the 6 given; £3.00 + £3.00 + £1.25 is £7.25, not £6.25; the
        # online renewal is there.
        case = next(c for c in FRESH33_SET if c.id == "library_overdue-00")
        assert "Date: 15 March 2026" in case.answer and "| 10 March 2026 | 6 days | £1.25 |" in case.answer
        assert case.answer.count("| 3 March 2026 | 12 days | £3.00 |") == 2
        assert "You owe £6.25 in total." in case.answer and 3 + 3 + 1.25 == 7.25
        assert "You can renew online at leeds.gov.uk/libraries" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"fines": False, "days": False, "renew": True}
        # By hand: 30 January, 2 and 6 February are 10, 7 and 3 days before 9 February; the fines add up to £6.40;
        # 20 February 2026 is a Friday, not a Thursday.
        case = next(c for c in FRESH33_SET if c.id == "library_overdue-03")
        assert "| Sent | 9 February 2026 |" in case.answer and "come to £6.40 in total" in case.answer
        for row in ("| 30 January 2026 | 10 days | £2.00 |", "| 2 February 2026 | 7 days | £1.40 |"):
            assert row in case.answer
        assert "| 6 February 2026 | 3 days | £3.00 |" in case.answer and 2 + 1.4 + 3 == 6.4
        assert "| Please return by | Thursday 20 February 2026 |" in case.answer
        assert date(2026, 2, 20).strftime("%A") == "Friday"
        assert {c.kind: c.met for c in case.criteria} == {"days": True, "fines": True, "weekday": False}

    def test_bike_repair_truths(self):
        work = (
            "## Work needed\n- chain: £30.00\n- Labour: 1.5 hours at £40.00 an hour: £60.00\n- Total: £90.00\n\n"
            "## Optional extras\n- bar tape: £15.00\n"
        )
        assert bike_repair.sum_right(work) and bike_repair.labour_right(work)
        assert not bike_repair.sum_right(work.replace("Total: £90.00", "Total: £95.00"))
        assert not bike_repair.sum_right(work.replace("- Total: £90.00\n", ""))
        assert not bike_repair.labour_right(work.replace("1.5 hours", "2 hours"))
        assert not bike_repair.labour_right("Labour: £60.00")
        ready = "Booked in: Thursday 7 May 2026\nReady on Tuesday 12 May 2026, 3 working days after it was booked in."
        assert bike_repair.ready_right(ready)
        assert not bike_repair.ready_right(ready.replace("Tuesday 12 May", "Sunday 10 May"))
        assert not bike_repair.ready_right("Ready on Tuesday 12 May 2026, 3 working days after drop-off.")
        assert bike_repair.SAFETY.search("Until the brake has been bled, the bike should not be ridden.")
        assert bike_repair.SAFETY.search("The bike is not safe to ride until the brake pads are replaced.")
        assert not bike_repair.SAFETY.search("We will not start any work until you have approved this estimate.")
        assert bike_repair.ABBREVIATION.search("The QR on the front wheel does not close.")
        assert not bike_repair.ABBREVIATION.search("The quick release on the front wheel; the Brompton hub.")
        # By hand: no warning about riding; £25.00 + £29.99 + £15.00 + £9.00 + £84.00 is £162.99, not £152.99; Friday
        # 4 September and three working days is Wednesday 9 September.
        case = next(c for c in FRESH33_SET if c.id == "bike_repair-02")
        assert "ridden" not in case.answer and "Total: £152.99" in case.answer
        assert "2. Chain for e-bikes: £29.99" in case.answer
        assert "5. Labour: 2.5 hours at £42.00 an hour: £84.00" in case.answer
        assert round(25 + 29.99 + 15 + 9 + 84, 2) == 162.99
        assert "Handed in: Friday 4 September 2026" in case.answer
        assert "Ready on Wednesday 9 September 2026, three working days" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"safety": False, "sum": False, "ready": True}
        # By hand: the two extras are listed; the repairs add up to £252.00, not £242.00; 2 hours at £40.00 is £80.00,
        # not the £100.00 charged.
        case = next(c for c in FRESH33_SET if c.id == "bike_repair-11")
        assert "- a front carrier block: £22.00\n- a new saddle: £40.00" in case.answer
        assert "| Total | £242.00 |" in case.answer and 28 + 72 + 14 + 38 + 100 == 252
        assert "| Labour: 2 hours at £40.00 an hour | £100.00 |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"extras": True, "sum": False, "labour": False}

    def test_holiday_let_guide_truths(self):
        assert holiday_let_guide.sentence_count("Croeso! Welcome to the barn. Is anything missing? Tell us.") == 4
        stay = "Arrival: Friday 7 August 2026\nDeparture: Monday 10 August 2026\nLength of stay: three nights\n"
        assert holiday_let_guide.nights_right(stay)
        assert not holiday_let_guide.nights_right(stay.replace("three nights", "four nights"))
        assert not holiday_let_guide.nights_right(stay.replace("Departure: Monday 10 August 2026\n", ""))
        quiet = "- Quiet hours are 10:30 pm to 7:30 am (9 hours), as the walls are thin."
        assert holiday_let_guide.quiet_right(quiet)
        assert holiday_let_guide.quiet_right("Quiet time is 1:00 pm to 3:30 pm (2.5 hours).")
        assert not holiday_let_guide.quiet_right(quiet.replace("(9 hours)", "(8 hours)"))
        assert not holiday_let_guide.quiet_right("Quiet hours are 10:30 pm to 7:30 am.")
        guide = "## Welcome\nHello.\n\n## In an emergency\n- 999\n\nEnjoy your stay!\n"
        assert holiday_let_guide.emergency_last(guide)
        assert not holiday_let_guide.emergency_last(guide + "\n## Check-out\n- strip the beds\n")
        assert holiday_let_guide.CODE.search("The key safe code is 4821.")
        assert not holiday_let_guide.CODE.search("We'll text you the key safe code; the postcode is LL46 2AA 1234.")
        assert holiday_let_guide.SMOKING.search("Please don't smoke anywhere in the lodge.")
        assert holiday_let_guide.SMOKING.search("The barn is smoke-free, inside and out.")
        assert not holiday_let_guide.SMOKING.search("Dogs are welcome downstairs.")
        assert holiday_let_guide.AMERICAN.search("The shop in the center of the village.")
        assert not holiday_let_guide.AMERICAN.search("The shop in the centre; our favourite café; full of colour.")
        # By hand: 23 to 30 October is seven nights, not the 6 given; the welcome runs to seven sentences, over its
        # four; 11:00 pm to 8:00 am is 9 hours.
        case = next(c for c in FRESH33_SET if c.id == "holiday_let_guide-07")
        assert "| Arrive | Friday 23 October 2026" in case.answer and "| Leave | Friday 30 October 2026" in case.answer
        assert "| Nights | 6 nights |" in case.answer and (date(2026, 10, 30) - date(2026, 10, 23)).days == 7
        assert "Please make yourselves at home. We have welcomed guests here" in case.answer
        assert "Quiet hours are 11:00 pm to 8:00 am (9 hours)" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"nights": False, "welcome": False, "quiet": True}
        # By hand: 11:00 pm to 7:00 am is 8 hours; 12 to 19 September is seven nights, not eight; 2 miles is 3.2 km.
        case = next(c for c in FRESH33_SET if c.id == "holiday_let_guide-13")
        assert "Quiet time on the site is 11:00 pm to 7:00 am (8 hours)" in case.answer
        assert "- Check-in: Saturday 12 September 2026" in case.answer and "That's eight nights" in case.answer
        assert "- Check-out: Saturday 19 September 2026" in case.answer
        assert "2 miles (3.2 km)" in case.answer and round(2 * 1.609344, 1) == 3.2
        assert {c.kind: c.met for c in case.criteria} == {"quiet": True, "nights": False, "distance": True}


class TestTheFresh34Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH34) == {"boiler_service", "garden_plot", "bin_day_changes", "parents_evening"}
        for family in FRESH34:
            cases = [case for case in FRESH34_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH34_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh34"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh34"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_letter_or_a_confirmation_or_a_summary_is_clear_of_its_limit_however_it_is_counted(self):
        for module, subjects in ((garden_plot, garden_plot.LETTERS), (parents_evening, parents_evening.CONFIRMATIONS)):
            for subject in subjects:
                for on, answer in every_answer(module, subject):
                    counts = (word_count(answer), len(answer.split()))
                    if on["length"]:
                        assert max(counts) <= subject.limit - 15, (subject.name, counts)
                    else:
                        assert min(counts) >= subject.limit + 15, (subject.name, counts)
        for report in boiler_service.REPORTS:
            for on, answer in every_answer(boiler_service, report):
                count = boiler_service.sentence_count(" ".join(section(answer, boiler_service.SUMMARY) or []))
                assert count <= report.sentences if on["summary"] else count >= report.sentences + 2

    def test_boiler_service_truths(self):
        readings = "- CO: 42 ppm\n- CO2: 9.1%\n- CO/CO2 ratio: 0.0005\n"
        assert boiler_service.ratio_right(readings)
        assert boiler_service.ratio_right("Readings:\nCO 55 ppm, CO2 8.9%, CO/CO2 ratio 0.0006")
        assert not boiler_service.ratio_right(readings.replace("0.0005", "0.0046"))
        assert not boiler_service.ratio_right("- CO/CO2 ratio: 0.0005\n")
        visit = "Time on site: 8:30 am to 9:40 am (70 minutes)"
        assert boiler_service.time_right(visit)
        assert boiler_service.time_right("| On site | 10:50 to 12:35 (1 hour 45 minutes) |")
        assert not boiler_service.time_right(visit.replace("70 minutes", "80 minutes"))
        assert not boiler_service.time_right("Time on site: 8:30 am (70 minutes)")
        assert boiler_service.minutes_written("18 November 2026, arrived and left, 1 hour 25 minutes on site") == 85
        charges = "## Charges\n- Annual service: £79.00\n- Inhibitor: £14.00\n- Total: £93.00\n"
        assert boiler_service.total_right(charges)
        assert not boiler_service.total_right(charges.replace("Total: £93.00", "Total: £94.00"))
        assert not boiler_service.total_right(charges.replace("- Total: £93.00\n", ""))
        assert boiler_service.sentence_count("The boiler is safe to use. Pressure is 1.2 bar. All good!") == 3
        assert boiler_service.GAS_SAFE.search("Engineer: Dev Patel, Gas Safe reg. no. 548391")
        assert not boiler_service.GAS_SAFE.search("Engineer: Dev Patel, Gas Safe registered, 01223 555 861")
        assert boiler_service.MOBILE.search("Customer: Ms Anna Kowalski, 07700 900146")
        assert not boiler_service.MOBILE.search("Dev Patel, Fenland Heating Services, 01223 555 861")
        assert boiler_service.SAFE.search("Your boiler is safe to use.")
        assert not boiler_service.SAFE.search("Your boiler has been serviced by a Gas Safe engineer.")
        # By hand: 74 ppm over 9.6% is 74 / 96,000 = 0.00077, so 0.0008, not 0.0077; five checks listed; the only
        # phone number is the firm's landline.
        case = next(c for c in FRESH34_SET if c.id == "boiler_service-03")
        assert "- CO: 74 ppm\n- CO2: 9.6%\n- CO/CO2 ratio: 0.0077" in case.answer and round(74 / 96000, 4) == 0.0008
        assert "- flue and terminal checked" in case.answer and "- pressure relief valve and cylinder" in case.answer
        assert "| Customer | Mr Liam Brennan |" in case.answer and "0161 555 0932" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"ratio": False, "checks": True, "no_mobile": True}
        # By hand: the summary no longer says the boiler is safe to use; 10:50 to 12:35 is 1 hour 45 minutes, not 1
        # hour 35 minutes.
        case = next(c for c in FRESH34_SET if c.id == "boiler_service-07")
        assert "### Summary\nYour boiler has been serviced." in case.answer and "safe to use" not in case.answer
        assert (
            "| On site | 10:50 to 12:35 (1 hour 35 minutes) |" in case.answer and 12 * 60 + 35 - (10 * 60 + 50) == 105
        )
        assert {c.kind: c.met for c in case.criteria} == {"safe": False, "time_on_site": False, "checks": True}

    def test_garden_plot_truths(self):
        size = "- Size: 7.5 m × 4 m (30 m²)"
        assert garden_plot.area_right(size) and garden_plot.area_right("Size: 12 m x 6 m (72 m²)")
        assert not garden_plot.area_right(size.replace("(30 m²)", "(28 m²)"))
        assert not garden_plot.area_right("Size: about 30 m²")
        rent = "| Rent for 7 months (June to December) at £48.00 a year | £28.00 |"
        assert garden_plot.rent_right(rent)
        assert garden_plot.rent_right("Your rent is nine months of the £40.00 yearly rent: £30.00.")
        assert not garden_plot.rent_right(rent.replace("£28.00", "£32.00"))
        assert not garden_plot.rent_right("Rent: £48.00 a year, £28.00 this year")
        letter = "Dear Ms Haddad,\n\nBody.\n\nWith best wishes,\nRuth Calloway\nPlot Secretary\n"
        assert garden_plot.signed_by(letter, "Ruth Calloway")
        assert not garden_plot.signed_by(letter.replace("Ruth Calloway", "The Committee"), "Ruth Calloway")
        assert garden_plot.ACCEPT.search("Could you confirm you want the plot by replying to this letter?")
        assert garden_plot.ACCEPT.search("If you'd like it, please let us know by email that you accept it.")
        assert not garden_plot.ACCEPT.search("We're delighted to confirm that plot 7 is free. Enjoy it!")
        # By hand: the rent comes before the plot; 7 months of £48.00 is £28.00, not the £32.00 charged; Margaret
        # Ellis signs it.
        case = next(c for c in FRESH34_SET if c.id == "garden_plot-00")
        assert case.answer.index("## Rent and deposit") < case.answer.index("## Your plot")
        assert "| Rent for 7 months (June to December) at £48.00 a year | £32.00 |" in case.answer and 48 * 7 / 12 == 28
        assert case.answer.endswith("Margaret Ellis\nPlot Secretary, Hollins Lane Community Garden\n")
        assert {c.kind: c.met for c in case.criteria} == {"rent": False, "order": False, "signoff": True}
        # By hand: 14 February 2026 is a Saturday, not a Friday; Colin Baird signs it; nothing asks her to accept.
        case = next(c for c in FRESH34_SET if c.id == "garden_plot-13")
        assert "Come along on Friday 14 February 2026" in case.answer and date(2026, 2, 14).strftime("%A") == "Saturday"
        assert case.answer.endswith("Colin Baird\nSecretary, Riverside Allotment Society\n")
        assert "accept" not in case.answer and "let us know" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"weekday": False, "signoff": True, "accept": False}

    def test_bin_day_changes_truths(self):
        table = "| Monday 6 April 2026 | Tuesday 7 April 2026 |\n| Friday 10 April 2026 | Saturday 11 April 2026 |\n"
        assert bin_day_changes.rows(table) == [
            [date(2026, 4, 6), date(2026, 4, 7)],
            [date(2026, 4, 10), date(2026, 4, 11)],
        ]
        assert bin_day_changes.shift_right(table, 1) and bin_day_changes.weekdays_right(table)
        assert not bin_day_changes.shift_right(table.replace("Tuesday 7 April", "Wednesday 8 April"), 1)
        assert not bin_day_changes.weekdays_right(table.replace("Saturday 11", "Sunday 11"))
        assert not bin_day_changes.weekdays_right("No dates here.")
        assert bin_day_changes.titled("\n# Easter bin collections in Ripon\n\nDear residents,")
        assert bin_day_changes.titled("**Bank holiday bin collections, Harrogate**\n")
        assert not bin_day_changes.titled("Dear residents,\n\n# Bin collections")
        assert bin_day_changes.PUT_OUT.search("Please put your bins and boxes out by 7 am on your new day.")
        assert not bin_day_changes.PUT_OUT.search("Please put your bins out on the new day. Crews start at 7 am.")
        assert bin_day_changes.SHOUTING.search("PLEASE DO NOT leave extra bags out.")
        assert not bin_day_changes.SHOUTING.search("Please do not leave bags; ring the NHS or the HG4 office.")
        assert bin_day_changes.WEB.search("Check at www.northyorks.gov.uk/bins today.")
        assert not bin_day_changes.WEB.search("Check on our website or call 0300 131 2131.")
        # By hand: Tuesday 26 to Thursday 28 May is two days, not one; the Wednesday collection is missing, leaving
        # four of the five; bins out by 6:30 am.
        case = next(c for c in FRESH34_SET if c.id == "bin_day_changes-01")
        assert "- Tuesday 26 May 2026: now Thursday 28 May 2026" in case.answer
        assert "- Wednesday 27 May 2026" not in case.answer and len(bin_day_changes.rows(case.answer)) == 4
        assert "Please have your bins out by 6:30 am" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"shift": False, "rows": False, "put_out": True}
        # By hand: 3 April 2027 is a Saturday, not a Sunday; the title names the bin collections; 10 kg is 22 lb,
        # not 20 lb.
        case = next(c for c in FRESH34_SET if c.id == "bin_day_changes-03")
        assert "| Friday 2 April 2027 | Sunday 3 April 2027 |" in case.answer
        assert date(2027, 4, 3).strftime("%A") == "Saturday"
        assert case.answer.startswith("### Easter bin collections: Skipton\n")
        assert "up to 10 kg (20 lb) a sack" in case.answer and round(10 * 2.20462) == 22
        assert {c.kind: c.met for c in case.criteria} == {"weekdays": False, "title": True, "weight": False}

    def test_parents_evening_truths(self):
        listing = (
            "- 3:30 pm to 3:35 pm: Miss Patel, class teacher\n- 3:35 pm to 3:40 pm: Mr Doyle, maths lead\n"
            "From 3:30 pm to 3:40 pm you'll be with us for 10 minutes altogether.\nYou have two appointments.\n"
        )
        assert len(parents_evening.appointments(listing)) == 2
        assert parents_evening.slots_right(listing, 5) and not parents_evening.slots_right(listing, 10)
        assert parents_evening.in_time_order(listing) and parents_evening.span_right(listing)
        assert parents_evening.count_right(listing) and parents_evening.titled(listing)
        late = listing.replace("3:30 pm to 3:35 pm: Miss Patel", "3:40 pm to 3:45 pm: Miss Patel")
        assert not parents_evening.in_time_order(late)
        assert not parents_evening.span_right(listing.replace("10 minutes", "15 minutes"))
        assert not parents_evening.count_right(listing.replace("two appointments", "three appointments"))
        assert not parents_evening.titled(listing.replace("Miss Patel", "Anjali Patel"))
        assert parents_evening.minutes_written("from 6:00 pm to 7:00 pm, which is 1 hour 15 minutes.") == 75
        assert parents_evening.parking_heading("## Parking\nUse the leisure centre car park.")
        assert parents_evening.parking_heading("**Getting here**\n- Walk if you can.")
        assert not parents_evening.parking_heading("The car park is shut, so please park on Oakfield Road.")
        assert parents_evening.RECEPTION.search("please sign in at the main reception first")
        assert not parents_evening.RECEPTION.search("Please come straight to the hall when you arrive.")
        # By hand: Mrs Kerr's and Mr Ellis's slots are out of time order; 4:24 pm to 4:34 pm is 10 minutes, not the
        # 8-minute slot; Aaliyah is spelt one way throughout.
        case = next(c for c in FRESH34_SET if c.id == "parents_evening-06")
        assert "4. 4:48 pm to 4:56 pm, Mr Ellis (Spanish)" in case.answer
        assert "5. 4:32 pm to 4:40 pm, Mrs Kerr (Geography)" in case.answer
        assert "3. 4:24 pm to 4:34 pm, Dr Farah" in case.answer and 34 - 24 == 10
        assert case.answer.count("Aaliyah") == 2 and "Aaliya " not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"slots": False, "name": True, "order": False}
        # By hand: 6:15 pm to 6:35 pm is 20 minutes, not 15; three appointments stated and three listed; 6:00 pm to
        # 7:00 pm is 1 hour, not 1 hour 15 minutes.
        case = next(c for c in FRESH34_SET if c.id == "parents_evening-15")
        assert "| 6:15 pm to 6:35 pm | Mr Hughes |" in case.answer and "You have three appointments" in case.answer
        assert len([line for line in case.answer.splitlines() if line.startswith("| 6:")]) == 3
        assert "from 6:00 pm to 7:00 pm, which is 1 hour 15 minutes." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"slots": False, "count": True, "span": False}


class TestTheFresh35Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH35) == {"dog_grooming", "window_cleaning", "lost_property", "piano_tuning"}
        for family in FRESH35:
            cases = [case for case in FRESH35_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH35_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh35"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh35"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_notice_or_a_summary_is_clear_of_its_limit_however_it_is_counted(self):
        for notice in window_cleaning.NOTICES:
            for on, answer in every_answer(window_cleaning, notice):
                counts = (word_count(answer), len(answer.split()))
                if on["length"]:
                    assert max(counts) <= notice.limit - 15, (notice.name, counts)
                else:
                    assert min(counts) >= notice.limit + 15, (notice.name, counts)
        for report in lost_property.REPORTS:
            for on, answer in every_answer(lost_property, report):
                count = lost_property.sentence_count(" ".join(section(answer, lost_property.SUMMARY) or []))
                assert count <= report.sentences if on["summary"] else count >= report.sentences + 2

    def test_dog_grooming_truths(self):
        times = "**Times:** drop-off 9:30 am, collection 12:00 pm (2 hours 30 minutes)"
        assert dog_grooming.collection_right(times)
        assert dog_grooming.collection_right("| Times | 11:00 to 12:30 (1 hour 30 minutes) |")
        assert not dog_grooming.collection_right(times.replace("12:00 pm", "12:30 pm"))
        assert not dog_grooming.collection_right("Drop-off: 9:30 am (2 hours 30 minutes)")
        assert dog_grooming.minutes_written("10:00 am to 1:15 pm, 3 hours 15 minutes in all") == 195
        prices = "**Cost**\n- Hand-strip: £55.00\n- Nail clip: £8.00\n- Flea bath: £9.50\n- Total: £72.50\n"
        assert dog_grooming.total_right(prices)
        assert not dog_grooming.total_right(prices.replace("£72.50", "£73.50"))
        assert not dog_grooming.total_right(prices.replace("- Total: £72.50\n", ""))
        assert dog_grooming.cancel_heading("## Cancellations\nPlease give us 48 hours' notice.")
        assert dog_grooming.cancel_heading("Cancellation policy:\nWe ask for notice.")
        assert not dog_grooming.cancel_heading("## Before you come\nPlease give 48 hours' notice if you cancel.")
        assert dog_grooming.VACCINATED.search("Please make sure his vaccinations are up to date.")
        assert dog_grooming.VACCINATED.search("She must be up to date with her vaccinations.")
        assert not dog_grooming.VACCINATED.search("Bring his vaccination card if you have it handy.")
        assert dog_grooming.MOBILE.search("**Owner:** Mrs Helen Carter (07700 900318)")
        assert not dog_grooming.MOBILE.search("Paws & Suds, 01943 555 604")
        # By hand: the prices come before the services; six services are listed; 8:45 am to 12:15 pm is 3 hours 30
        # minutes, as written.
        case = next(c for c in FRESH35_SET if c.id == "dog_grooming-02")
        assert case.answer.index("Prices:") < case.answer.index("Services booked:")
        assert "6. Ear clean" in case.answer and "7. " not in case.answer
        assert "Drop-off: 8:45 am, pick-up: 12:15 pm (3 hours 30 minutes)" in case.answer
        assert 12 * 60 + 15 - (8 * 60 + 45) == 210
        assert {c.kind: c.met for c in case.criteria} == {"services": True, "order": False, "collection": True}

    def test_window_cleaning_truths(self):
        prices = "## New prices\n| House | Old | New |\n|---|---|---|\n| Semi | £18.00 | £19.80 |\n"
        assert window_cleaning.rise_right("Prices rise by 10%.\n\n" + prices)
        assert window_cleaning.rise_right("Up 5%.\n\n**Prices**\n- Detached: £20.00, now £21.00\n")
        assert not window_cleaning.rise_right("Prices rise by 10%.\n\n" + prices.replace("£19.80", "£19.00"))
        assert not window_cleaning.rise_right(prices)
        visits = "## Next visits\n- Tuesday 3 March 2026\n- Tuesday 31 March 2026\n- Tuesday 28 April 2026\n"
        assert window_cleaning.interval_right(visits, 4)
        assert not window_cleaning.interval_right(visits, 6)
        assert not window_cleaning.interval_right(visits.replace("28 April", "5 May"), 4)
        assert not window_cleaning.interval_right("## Next visits\n- Tuesday 3 March 2026\n", 4)
        letter = "Thank you for your custom.\n\nGary Whitlock\nWhitlock Window Cleaning, 01632 960 771\n"
        assert window_cleaning.signed_by(letter, "Gary Whitlock")
        assert not window_cleaning.signed_by(letter.replace("Gary Whitlock", "Your window cleaner"), "Gary Whitlock")
        assert window_cleaning.GATES.search("Please leave side gates unlocked on the day.")
        assert window_cleaning.GATES.search("Please leave your back gate unlocked on the day,")
        assert not window_cleaning.GATES.search("Please make sure I can get round to the back gate on the day.")
        # By hand: the prices come before the visit dates; Asha Kaur signs it; it has no added paragraph and its
        # words are under 150.
        case = next(c for c in FRESH35_SET if c.id == "window_cleaning-05")
        assert case.answer.index("**Prices from April**") < case.answer.index("**Visit dates**")
        assert case.answer.endswith("Best wishes,\nAsha Kaur\nClearview Windows, 0114 555 0392\n")
        assert "It has been a busy year" not in case.answer and word_count(case.answer) < 150
        assert {c.kind: c.met for c in case.criteria} == {"order": False, "signoff": True, "length": True}

    def test_lost_property_truths(self):
        rows = (
            "| LP-0412 | 2 Mar 2026 | Stalls | umbrella | 30 Mar 2026 |\n"
            "| LP-0413 | 3 Mar 2026 | Bar | scarf | 31 Mar 2026 |\n"
            "- LP-0412, umbrella: collected 4 March 2026\n"
        )
        assert lost_property.items(rows) == [
            [date(2026, 3, 2), date(2026, 3, 30)],
            [date(2026, 3, 3), date(2026, 3, 31)],
        ]
        assert lost_property.kept_right(rows, 28) and lost_property.in_found_order(rows)
        assert not lost_property.kept_right(rows.replace("31 Mar", "1 Apr"), 28)
        assert not lost_property.in_found_order(rows.replace("3 Mar 2026 | Bar", "1 Mar 2026 | Bar"))
        assert lost_property.dates_of("| RS-1140 | coat | 2026-01-10 | 2026-01-31 |") == [
            date(2026, 1, 10),
            date(2026, 1, 31),
        ]
        assert lost_property.count_right("Two items were handed in.\n" + rows)
        assert not lost_property.count_right("Three items were handed in.\n" + rows)
        assert lost_property.refs_right(rows, "LP") and not lost_property.refs_right(
            rows.replace("LP-0413", "LP-413"), "LP"
        )
        assert lost_property.share_right("So far 2 of the 7 items (29%) are back with their owners.")
        assert lost_property.share_right("In all, 3 of the 8 items (37.5%) have been collected.")
        assert not lost_property.share_right("1 of the 6 items (16%) has been returned.")
        assert not lost_property.share_right("Two of them are back with their owners.")
        assert lost_property.returned_heading("**Back with their owners**\n- KM-2202")
        assert not lost_property.returned_heading("- KM-2202, trainers: returned 12 June 2026")
        assert lost_property.PHOTO_ID.search("Please bring photo ID and describe the item.")
        assert not lost_property.PHOTO_ID.search("Please describe the item and where you lost it.")
        # By hand: no heading for the items back with their owners; eight items stated and eight rows; every
        # reference is RS and four digits.
        case = next(c for c in FRESH35_SET if c.id == "lost_property-03")
        assert "### Back with their owners" not in case.answer and "Eight items were handed in" in case.answer
        assert len([line for line in case.answer.splitlines() if line.startswith("| RS-")]) == 8
        assert "RS-146 " not in case.answer and "| RS-1146 |" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"returned": False, "count": True, "refs": True}

    def test_piano_tuning_truths(self):
        assert piano_tuning.cents_right("**Pitch on arrival:** A4 at 436.5 Hz, 14 cents flat")
        assert piano_tuning.cents_right("| Pitch on arrival | 439 Hz at A4 (4 cents flat) |")
        assert not piano_tuning.cents_right("Pitch on arrival: 434 Hz, 6 cents flat at A4")
        assert not piano_tuning.cents_right("Pitch on arrival: 434 Hz at A4")
        charges = "Charges:\nTuning: £75.00\nPitch raise: £30.00\nTotal: £105.00\n"
        assert piano_tuning.total_right(charges)
        assert not piano_tuning.total_right(charges.replace("£105.00", "£95.00"))
        visit = "Date of visit: 14 March 2026\n\nYour next tuning is due on 14 September 2026.\n"
        assert piano_tuning.due_right(visit, 6) and not piano_tuning.due_right(visit, 4)
        assert not piano_tuning.due_right(visit.replace("14 September", "14 August"), 6)
        assert piano_tuning.months_after(date(2026, 10, 9), 6) == date(2027, 4, 9)
        assert piano_tuning.next_heading("Next visit:\nEvery six months.") and not piano_tuning.next_heading("Charges:")
        assert piano_tuning.SERIAL.search("Kawai K-300, serial no. 2271904")
        assert not piano_tuning.SERIAL.search("Kawai K-300 upright, 2 June 2026")
        assert piano_tuning.RADIATOR.search("Keep it well away from the radiator under the window.")
        assert not piano_tuning.RADIATOR.search("Keep the room at an even temperature.")
        assert piano_tuning.THANKS.search("Thanks for the coffee.") and not piano_tuning.THANKS.search("Regards,")
        # By hand: £75 + £30 + £36 + £12 is £153, not the £141 written; 9 October 2026 and six months is 9 April 2027;
        # 434 Hz is 1200 log2(440/434) = 23.8, so 24 cents flat.
        case = next(c for c in FRESH35_SET if c.id == "piano_tuning-06")
        assert "Travel (over 10 miles): £12.00\nTotal: £141.00" in case.answer and 75 + 30 + 36 + 12 == 153
        assert "Date of visit: 9 October 2026" in case.answer and "due on 9 April 2027" in case.answer
        assert "434 Hz, 24 cents flat" in case.answer and round(1200 * math.log2(440 / 434)) == 24
        assert {c.kind: c.met for c in case.criteria} == {"total": False, "due": True, "cents": True}


class TestTheFresh36Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH36) == {"chimney_sweep", "tenancy_inventory", "celebration_cake", "planning_objection"}
        for family in FRESH36:
            cases = [case for case in FRESH36_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH36_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh36"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh36"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_letter_or_the_notes_are_clear_of_their_limit_however_they_are_counted(self):
        for objection in planning_objection.OBJECTIONS:
            for on, answer in every_answer(planning_objection, objection):
                counts = (word_count(answer), len(answer.split()))
                if on["length"]:
                    assert max(counts) <= objection.limit - 15, (objection.name, counts)
                else:
                    assert min(counts) >= objection.limit + 15, (objection.name, counts)
        for inventory in tenancy_inventory.INVENTORIES:
            for on, answer in every_answer(tenancy_inventory, inventory):
                count = tenancy_inventory.sentence_count(" ".join(section(answer, tenancy_inventory.NOTES) or []))
                assert count <= inventory.sentences if on["notes"] else count >= inventory.sentences + 2

    def test_the_shared_readers_of_amounts_and_dates_by_their_labels(self):
        charges = "Private parking: none\nSubtotal: £80.00\nVAT (20%): £16.00\n"
        assert amount_on(charges, re.compile(r"\bVAT\b")) == Decimal("16.00")
        assert amount_on("## Total\n| Total | £272.00 |", re.compile("total", re.I)) == Decimal("272.00")
        assert amount_on(charges, re.compile("deposit", re.I)) is None
        line = "The site notice went up on 6 March 2026, so comments close on 27 March 2026."
        assert date_after(line, re.compile(r"\bnotice\b")) == date(2026, 3, 6)
        assert date_after(line, re.compile(r"\bclose\b")) == date(2026, 3, 27)
        assert date_after("## Collection\nCollected on 13 June 2026", re.compile("collect", re.I)) == date(2026, 6, 13)
        assert date_after("Comments close soon.", re.compile(r"\bclose\b")) is None

    def test_chimney_sweep_truths(self):
        assert chimney_sweep.months_after(date(2026, 11, 12), 3) == date(2027, 2, 12)
        assert chimney_sweep.months_after(date(2026, 11, 3), 6) == date(2027, 5, 3)
        visit = "Date: 28 August 2026\n\nNext sweep due:\n28 August 2027 (once a year)\n"
        assert chimney_sweep.next_due_right(visit, 12) and not chimney_sweep.next_due_right(visit, 6)
        assert not chimney_sweep.next_due_right(visit.replace("28 August 2027", "28 July 2027"), 12)
        assert not chimney_sweep.next_due_right("Date: 28 August 2026\n", 12)
        charges = "| Subtotal | £113.00 |\n| VAT (20%) | £22.60 |\n| Total | £135.60 |\n"
        assert chimney_sweep.vat_right(charges) and chimney_sweep.vat_right("Subtotal: £80.00\nVAT (20%): £16.00")
        assert not chimney_sweep.vat_right(charges.replace("£22.60", "£22.06"))
        assert not chimney_sweep.vat_right("VAT (20%): £16.00\nTotal: £96.00")
        assert chimney_sweep.next_heading("## Next sweep due\n15 September 2027")
        assert chimney_sweep.next_heading("**Next sweep**\n- Due by 3 May 2027")
        assert not chimney_sweep.next_heading("Next sweep due: 3 May 2027\n\n## Charges")
        signed = "Total: £96.00\n\nSigned: Megan Hale, Hale Sweeps (NACS member 4402)\n"
        assert chimney_sweep.signed_last(signed, "Megan Hale")
        assert not chimney_sweep.signed_last(signed + "\nPlease ring us if you see smoke.\n", "Megan Hale")
        flue = "| Flue length | 7.5 m (24.6 ft) |"
        assert converted(flue, chimney_sweep.METRES, chimney_sweep.FEET, chimney_sweep.FEET_PER_METRE)
        assert not converted(flue.replace("24.6", "22.5"), chimney_sweep.METRES, chimney_sweep.FEET, 3.28084)
        assert chimney_sweep.CO_ALARM.search("- Test your CO alarm every month.")
        assert chimney_sweep.CO_ALARM.search("3. Test the carbon monoxide alarm weekly while the stove is in use.")
        assert not chimney_sweep.CO_ALARM.search("A carbon monoxide alarm is fitted in the hall.")
        assert chimney_sweep.GUARANTEE.search("Your chimney is guaranteed safe for the next six months.")
        assert chimney_sweep.POSTCODE.search("Grasmere LA22 9HR") and not chimney_sweep.POSTCODE.search("Grasmere LA22")
        # By hand: 6.2 m is 20.3 ft, not the 18.6 ft written; 28 August 2026 and twelve months is 28 August 2027, not
        # 28 July 2027; 20% of £115.00 is £23.00, as written.
        case = next(c for c in FRESH36_SET if c.id == "chimney_sweep-06")
        assert "flue length 6.2 m (18.6 ft)" in case.answer and round(6.2 * 3.28084, 1) == 20.3
        assert "Date: 28 August 2026" in case.answer and "28 July 2027 (once a year)" in case.answer
        assert "Subtotal: £115.00\nVAT (20%): £23.00" in case.answer and 115 * 20 / 100 == 23
        assert {c.kind: c.met for c in case.criteria} == {"vat": True, "flue": False, "next_due": False}

    def test_tenancy_inventory_truths(self):
        money_lines = "**Rent:** £1,150 per month\n**Deposit:** £1,326.92, protected with the DPS\n"
        assert tenancy_inventory.deposit_right(money_lines)
        assert not tenancy_inventory.deposit_right(money_lines.replace("£1,326.92", "£1,437.50"))
        assert tenancy_inventory.deposit_right("Rent: £1,400.00 per calendar month\nDeposit: £1,615.38")
        assert not tenancy_inventory.deposit_right("| Rent | £2,100 per month |\n| Deposit | £2,907.69 |")
        assert not tenancy_inventory.deposit_right("**Deposit:** £1,326.92")
        table = "### Condition by room\n| Room | Condition |\n|---|---|\n| Hall | Good |\n| Kitchen | Fair |\n"
        assert tenancy_inventory.rooms_listed(table) == 2
        assert tenancy_inventory.rooms_right("Two rooms were inspected.\n\n" + table)
        assert not tenancy_inventory.rooms_right("Three rooms were inspected.\n\n" + table)
        bullets = "This report covers two rooms.\n\n**Room by room**\n- Kitchen: good.\n- Bedroom: fair.\n"
        bullets += "\n**Keys**\n- 1 front door key\n"
        assert tenancy_inventory.rooms_listed(bullets) == 2 and tenancy_inventory.rooms_right(bullets)
        assert tenancy_inventory.sentence_count("The flat was cleaned. All light bulbs work.") == 2
        assert tenancy_inventory.BIRTH.search("Tenant: Mr Tomasz Nowicki (DOB 02/11/1989)")
        assert tenancy_inventory.BIRTH.search("Tenant: Miss Niamh Gallagher (born 21 June 1998)")
        assert not tenancy_inventory.BIRTH.search("Tenant: Miss Niamh Gallagher")
        assert tenancy_inventory.DISPUTE.search("Please tell us within 7 days if anything in it is wrong.")
        assert tenancy_inventory.DISPUTE.search("Tell us of any errors within seven days of moving in.")
        assert not tenancy_inventory.DISPUTE.search("Tell us about anything you disagree with.")
        # By hand: 14 September 2026 is a Monday, not the Tuesday written; five weeks of £875 a month is
        # £875 x 12 / 52 x 5 = £1,009.62, not £1,019.61; the meter readings come before the rooms.
        case = next(c for c in FRESH36_SET if c.id == "tenancy_inventory-09")
        assert "**Check-in date:** Tuesday 14 September 2026" in case.answer and date(2026, 9, 14).weekday() == 0
        assert "**Deposit held:** £1,019.61" in case.answer and round(875 * 12 / 52 * 5, 2) == 1009.62
        assert case.answer.index("**Meter readings**") < case.answer.index("**Room by room**")
        assert {c.kind: c.met for c in case.criteria} == {"weekday": False, "deposit": False, "order": True}

    def test_celebration_cake_truths(self):
        tiers = "- Bottom tier: 10-inch chocolate, 50 portions\n- Top tier: 6-inch vanilla, 12 portions\n"
        assert celebration_cake.servings_right(tiers + "- Gold drip on the top tier\n\nIt serves 62 in all.")
        assert not celebration_cake.servings_right(tiers + "\nIt serves 72 in all.")
        assert not celebration_cake.servings_right(tiers)
        payment = "| Total | £272.00 |\n| Deposit paid (25%) | £68.00 |\n"
        assert celebration_cake.deposit_right(payment, 25) and not celebration_cake.deposit_right(payment, 20)
        assert not celebration_cake.deposit_right(payment.replace("£68.00", "£54.40"), 25)
        dates = "The balance is due by 6 June 2026.\n\n## Collection\nCollection is on Saturday 13 June 2026.\n"
        assert celebration_cake.balance_right(dates, 7) and not celebration_cake.balance_right(dates, 14)
        assert not celebration_cake.balance_right(dates.replace("6 June", "7 June"), 7)
        assert celebration_cake.handover_heading(dates)
        assert celebration_cake.handover_heading("Delivery and set-up:\nWe will deliver by 11:00 am.")
        assert not celebration_cake.handover_heading("| Collection | Friday 9 October 2026, 4:30 pm |")
        assert celebration_cake.NUTS.search("Our kitchen handles nuts, so traces may be present.")
        assert not celebration_cake.NUTS.search("Please tell us about any allergies before the day.")
        # By hand: 45 and 20 portions are 65, not the 55 written; the design lists two points, not three; the design
        # comes before the payment.
        case = next(c for c in FRESH36_SET if c.id == "celebration_cake-11")
        assert "45 portions" in case.answer and "20 portions" in case.answer and "Feeds 55 people." in case.answer
        assert "2. Inscription" in case.answer and "3. " not in case.answer
        assert case.answer.index("### Design") < case.answer.index("### Payment")
        assert {c.kind: c.met for c in case.criteria} == {"servings": False, "design": False, "order": True}

    def test_planning_objection_truths(self):
        notice = "The site notice went up on 6 March 2026, so comments close on 27 March 2026."
        assert planning_objection.deadline_right(notice)
        assert not planning_objection.deadline_right(notice.replace("27 March", "3 April"))
        assert planning_objection.deadline_right(
            "| Site notice posted | 10 August 2026 |\n| Comments close | 31 August 2026 |"
        )
        assert not planning_objection.deadline_right("Comments close: 10 July 2026")
        assert planning_objection.share_right("would cover 310 m² of the 520 m² plot (59.6%).")
        assert planning_objection.share_right("would take up 30 m² of the 75 m² back garden (40%).")
        assert not planning_objection.share_right("would cover 310 m² of the 520 m² plot (64.6%).")
        assert not planning_objection.share_right("would cover 310 m² of the 520 m² plot.")
        enclosed = "**Enclosed**\nTwo photographs are enclosed, listed below.\n- the lawn\n- the fence\n\nYours,\n"
        assert planning_objection.photographs_right(enclosed)
        assert not planning_objection.photographs_right(enclosed.replace("Two", "Three"))
        assert planning_objection.reference_right("Application: 26/02240/FUL", "26/02240/FUL")
        assert not planning_objection.reference_right("Application: 26/02204/FUL", "26/02240/FUL")
        assert not planning_objection.reference_right("Re 26/02240/FUL and 26/0224/FUL", "26/02240/FUL")
        assert planning_objection.REFUSE.search("I ask that the application be refused.")
        assert not planning_objection.REFUSE.search("I ask the council to look at it again.")
        # By hand: 30 m² of 75 m² is 40%, as written; three photographs are said to be enclosed but two are listed;
        # 18 May 2026 and 21 days is 8 June 2026, not the 9 June written.
        case = next(c for c in FRESH36_SET if c.id == "planning_objection-05")
        assert "30 m² of the 75 m² back garden (40%)" in case.answer and 30 / 75 == 0.4
        assert "Three photographs are enclosed" in case.answer
        assert "- my lawn under water in January\n- the boundary fence where the studio would stand\n\n" in case.answer
        assert "letter dated 18 May 2026, which says comments close on 9 June 2026" in case.answer
        assert (date(2026, 6, 9) - date(2026, 5, 18)).days == 22
        assert {c.kind: c.met for c in case.criteria} == {"share": True, "photographs": False, "deadline": False}


class TestTheFresh37Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH37) == {"hall_hire", "driving_lesson", "absence_request", "raffle_draw"}
        for family in FRESH37:
            cases = [case for case in FRESH37_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH37_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh37"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh37"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_summary_letter_or_thanks_is_clear_of_its_limit_however_it_is_counted(self):
        for lesson in driving_lesson.LESSONS:
            for on, answer in every_answer(driving_lesson, lesson):
                summary = " ".join(section(answer, driving_lesson.SUMMARY) or [])
                counts = (word_count(summary), len(summary.split()))
                if on["summary"]:
                    assert max(counts) <= lesson.limit - 5, (lesson.name, counts)
                else:
                    assert min(counts) >= lesson.limit + 15, (lesson.name, counts)
        for letter in absence_request.LETTERS:
            for on, answer in every_answer(absence_request, letter):
                counts = (word_count(answer), len(answer.split()))
                if on["length"]:
                    assert max(counts) <= letter.limit - 15, (letter.name, counts)
                else:
                    assert min(counts) >= letter.limit + 15, (letter.name, counts)
        for draw in raffle_draw.DRAWS:
            for on, answer in every_answer(raffle_draw, draw):
                count = raffle_draw.sentence_count(" ".join(section(answer, raffle_draw.THANKS_HEADING) or []))
                assert count <= draw.sentences if on["thanks"] else count >= draw.sentences + 2

    def test_hall_hire_truths(self):
        assert hall_hire.duration_right("- **Time:** 1:30 pm to 5:00 pm (3½ hours, including setting up)")
        assert hall_hire.duration_right("| Time | 12:30 pm to 4:00 pm (3½ hours) |")
        assert hall_hire.duration_right("Hours: 9:00 am to 4:00 pm (7 hours, setting up included)")
        assert not hall_hire.duration_right("Time: 7:00 pm to 11:30 pm, 4 hours in all")
        assert not hall_hire.duration_right("Time: from 7:00 pm, 4½ hours in all")
        charges = (
            "**Charges**\n- Main hall, 4.5 hours at £20.00 per hour: £90.00\n- Kitchen: £15.00\n- Total: £105.00\n"
        )
        assert hall_hire.total_right(charges) and hall_hire.total_right(charges + "\n**Keys**\nIn the safe.\n")
        assert not hall_hire.total_right(charges.replace("£105.00", "£115.00"))
        assert not hall_hire.total_right(charges.replace("**Charges**", "**Prices**"))
        table = (
            "## Charges\n| Item | Amount |\n|---|---|\n| Kitchen | £10.00 |\n| Deposit | £60.00 |\n| Total | £70.00 |\n"
        )
        assert hall_hire.total_right(table)
        assert hall_hire.keys_heading("## Keys\nThe key is in the safe.") and hall_hire.keys_heading(
            "Keys:\nIn the porch."
        )
        assert not hall_hire.keys_heading(
            "## Conditions of hire\n- Keep the fire exits clear.\n\nThe keys are in the safe."
        )
        assert hall_hire.KEY_CODE.search("The key is in the key safe by the side door, and the code is 4071.")
        assert hall_hire.KEY_CODE.search("The code for the key safe is 2580, in case you need the kitchen store.")
        assert not hall_hire.KEY_CODE.search("We will text you the code the day before; the hall seats 120.")
        assert hall_hire.TIDY.search("Please leave the hall as you found it, with the chairs stacked.")
        assert not hall_hire.TIDY.search("Please stack the chairs and bag the rubbish before you go.")
        # By hand: 12:30 pm to 4:00 pm is 3½ hours, as written; the code is to be texted, not written; £84 + £10 + £16
        # + £60 is £170, not the £160 written.
        case = next(c for c in FRESH37_SET if c.id == "hall_hire-03")
        assert "| Time | 12:30 pm to 4:00 pm (3½ hours) |" in case.answer and (16 * 60 - 12 * 60 - 30) / 60 == 3.5
        assert "will text you its code on the Saturday" in case.answer and "8812" not in case.answer
        for row in (
            "| £84.00 |",
            "| Kitchen | £10.00 |",
            "buffet | £16.00 |",
            "is well | £60.00 |",
            "| Total | £160.00 |",
        ):
            assert row in case.answer
        assert 84 + 10 + 16 + 60 == 170
        assert {c.kind: c.met for c in case.criteria} == {"duration": True, "no_code": True, "total": False}

    def test_driving_lesson_truths(self):
        hours = "Lesson: Monday 12 October 2026, 4:30 pm to 5:30 pm\n\nHours:\nHours before this lesson: 31\n"
        assert driving_lesson.hours_right(hours + "Total hours so far: 32")
        assert not driving_lesson.hours_right(hours + "Total hours so far: 33")
        assert not driving_lesson.hours_right(hours)
        table = "| Time | 6:00 pm to 7:30 pm |\n\n| Before this lesson | 8.5 |\n| Total so far | 10 |\n"
        assert driving_lesson.hours_right(table)
        assert not driving_lesson.hours_right(table.replace("| 10 |", "| 9.5 |"))
        note = "## Summary\nTwo skills are at 5/5.\n\n## Skills\n- Mirrors: 5/5\n- Junctions: 5/5\n- Bends: 3/5\n"
        assert driving_lesson.fives_listed(note) == 2 and driving_lesson.fives_right(note)
        assert not driving_lesson.fives_right(note.replace("Two skills are", "Three skills are"))
        assert driving_lesson.fives_right("### Overview\nOne skill is at 5/5.\n\n### Ratings\n| Mirrors | 5/5 |\n")
        route = "**Route:** Fenton and the ring road, about 18 miles (29 km)"
        assert converted(route, driving_lesson.MILES, driving_lesson.KM, driving_lesson.KM_PER_MILE)
        assert not converted(route.replace("29 km", "11 km"), driving_lesson.MILES, driving_lesson.KM, 1.609344)
        assert driving_lesson.PROMISE.search("You will definitely pass first time.")
        assert driving_lesson.PROMISE.search("- Keep this up and you're sure to pass your test first time.")
        assert not driving_lesson.PROMISE.search("Keep practising and the test will come.")
        assert driving_lesson.LICENCE.search("Remember to bring your provisional driving licence.")
        assert not driving_lesson.LICENCE.search("Please bring your glasses.")
        # By hand: 6:00 pm to 7:30 pm is 1½ hours, so 8.5 hours before make 10, not the 9.5 written; one skill is rated
        # 5/5, not the two said; the provisional licence is asked for.
        case = next(c for c in FRESH37_SET if c.id == "driving_lesson-07")
        assert "| Time | 6:00 pm to 7:30 pm |" in case.answer
        assert "| Before this lesson | 8.5 |\n| Total so far | 9.5 |" in case.answer and 8.5 + 1.5 == 10
        assert "Two skills are at 5/5 already." in case.answer and case.answer.count("| 5/5 |") == 1
        assert "Bring your provisional licence, please." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"licence": True, "hours": False, "fives": False}

    def test_absence_request_truths(self):
        assert absence_request.span("from Monday 8 June to Friday 12 June 2026.") == (
            date(2026, 6, 8),
            date(2026, 6, 12),
        )
        assert absence_request.span("| Dates | Wednesday 1 July to Tuesday 7 July 2026 |")[1] == date(2026, 7, 7)
        assert absence_request.span("We fly out on 6 June.") is None
        dates = "Dates: Thursday 15 October to Tuesday 20 October 2026\nTime off: four school days\n"
        assert absence_request.days_right(dates)
        assert not absence_request.days_right(dates.replace("four", "six"))
        assert not absence_request.days_right("Time off: four school days")
        assert absence_request.attendance_right("His attendance this year has been 116 out of 120 days, or 96.7%.")
        assert absence_request.attendance_right("Her attendance this term is 33 of 34 days (97.1%).")
        assert not absence_request.attendance_right("His attendance this year has been 116 out of 120 days, or 97.6%.")
        assert not absence_request.attendance_right("Her attendance is excellent (98.3%).")
        back = "from Wednesday 11 March to Friday 13 March 2026. He will be back in school on Monday 16 March 2026."
        assert absence_request.return_right(back)
        assert not absence_request.return_right(back.replace("Monday 16", "Tuesday 17"))
        assert absence_request.return_right(dates + "Back in school: Wednesday 21 October 2026")
        assert not absence_request.return_right(dates + "Back in school: Thursday 22 October 2026")
        letter = "Subject: Request for leave of absence\n\nDear Mr Dawson,\n\nReuben plays chess.\nHe is good.\n\n"
        letter += "I ask your permission for him to miss three days.\n"
        assert absence_request.opening(letter) == "Reuben plays chess. He is good."
        assert absence_request.REQUEST.search(
            absence_request.opening(letter.replace("plays chess", "needs permission"))
        )
        assert absence_request.HOLIDAY.search("We know this holiday falls in term time.")
        assert not absence_request.HOLIDAY.search("We know this trip falls in term time.")
        assert absence_request.EXCEPTIONAL.search("I hope you will agree that these are exceptional circumstances.")
        # By hand: Wednesday 11 March to Friday 13 March 2026 is three school days, not the two written; the Monday
        # after is 16 March, as written; the letter never says "holiday".
        case = next(c for c in FRESH37_SET if c.id == "absence_request-09")
        assert "from Wednesday 11 March to Friday 13 March 2026, which is two school days." in case.answer
        assert [date(2026, 3, day).weekday() for day in (11, 12, 13, 16)] == [2, 3, 4, 0]
        assert "He will be back in school on Monday 16 March 2026." in case.answer
        assert "holiday" not in case.answer.lower()
        assert {c.kind: c.met for c in case.criteria} == {"return": True, "no_holiday": True, "days": False}

    def test_raffle_draw_truths(self):
        assert raffle_draw.income_right("- 642 strips sold at £2.00 a strip: £1,284.00")
        assert not raffle_draw.income_right("- 624 strips sold at £2.00 a strip: £1,284.00")
        assert raffle_draw.income_right("| 380 tickets at £1.50 each | £570.00 |")
        assert not raffle_draw.income_right("Two tickets for a home game: £30.00")
        money_raised = "**Money raised**\n- 2,356 tickets sold at £1.00 each: £2,356.00\n- Donations: £143.00\n"
        assert raffle_draw.total_right(money_raised + "- Total raised: £2,499.00\n")
        assert not raffle_draw.total_right(money_raised + "- Total raised: £2,489.00\n")
        assert not raffle_draw.total_right(money_raised)
        listed_prizes = "Winners:\n1. Signed shirt: ticket 155 (Gaz)\n2. Club hoodie: ticket 731 (Ollie)\n"
        assert raffle_draw.prizes_listed(listed_prizes) == 2
        assert raffle_draw.count_right("Two prizes were drawn.\n\n" + listed_prizes)
        assert not raffle_draw.count_right("Three prizes were drawn.\n\n" + listed_prizes)
        table = "## Winners\n| Prize | Ticket |\n|---|---|\n| Hamper | pink 214 |\n| Zoo pass | blue 56 |\n"
        assert raffle_draw.prizes_listed(table) == 2 and raffle_draw.count_right("Ten prizes.\n" + table) is False
        assert raffle_draw.thanked("Special thanks to Hendry's Butchers for the star prize.", "Hendry's Butchers")
        assert raffle_draw.thanked("We are especially grateful to Fellside Lodges.", "Fellside Lodges")
        assert not raffle_draw.thanked("The hamper came from Hendry's Butchers. Thank you all!", "Hendry's Butchers")
        assert raffle_draw.claim_heading("## Claiming your prize\nBring your ticket stub.")
        assert not raffle_draw.claim_heading("Claiming prizes: bring your ticket stub to the bar.")
        assert raffle_draw.sentence_count("Thank you all! Tickets were £1.50 each. Every penny counts.") == 3
        assert raffle_draw.PHONE.search("Christmas hamper from Booths: ticket 1093 (Alan, Ulverston, 01229 583104)")
        assert not raffle_draw.PHONE.search("Christmas hamper from Booths: ticket 1093 (Alan, Ulverston)")
        assert raffle_draw.STUB.search("Please show your ticket when you come.")
        assert not raffle_draw.STUB.search("Collect yours from the clubhouse by Sunday 31 May 2026.")
        # By hand: winners are told to bring the winning ticket; £2,356 + £200 + £143 is £2,699, not the £2,689
        # written; eight prizes are said and eight are listed.
        case = next(c for c in FRESH37_SET if c.id == "raffle_draw-05")
        assert "Please bring your winning ticket and some proof of address" in case.answer
        assert "£2,356.00\n- Sponsorship from Fellside Lodges: £200.00" in case.answer
        assert "returned tickets: £143.00\n- Total raised: £2,689.00" in case.answer and 2356 + 200 + 143 == 2699
        assert "There were eight prizes" in case.answer and case.answer.count(": ticket ") == 8
        assert {c.kind: c.met for c in case.criteria} == {"stub": True, "total": False, "count": True}


class TestTheFresh38Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH38) == {"uniform_swap", "childminder_diary", "holiday_club", "litter_pick"}
        for family in FRESH38:
            cases = [case for case in FRESH38_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH38_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh38"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh38"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_flyer_summary_or_opening_is_clear_of_its_limit_however_it_is_counted(self):
        for flyer in uniform_swap.FLYERS:
            for on, answer in every_answer(uniform_swap, flyer):
                counts = (word_count(answer), len([t for t in answer.split() if re.search(r"\w", t)]))
                if on["length"]:
                    assert max(counts) <= flyer.limit - 5, (flyer.name, counts)
                else:
                    assert min(counts) >= flyer.limit + 15, (flyer.name, counts)
        for diary in childminder_diary.DIARIES:
            for on, answer in every_answer(childminder_diary, diary):
                count = childminder_diary.sentence_count(" ".join(section(answer, childminder_diary.SUMMARY) or []))
                assert count <= diary.sentences if on["summary"] else count >= diary.sentences + 2
        for briefing in litter_pick.BRIEFINGS:
            for on, answer in every_answer(litter_pick, briefing):
                words = litter_pick.words_before_date(answer)
                if on["top"]:
                    assert words <= litter_pick.TOP_WORDS - 15, (briefing.name, words)
                else:
                    assert words >= litter_pick.TOP_WORDS + 30, (briefing.name, words)

    def test_uniform_swap_truths(self):
        assert uniform_swap.percent_right("Of the 610 pre-loved items you gave us, 488 found new homes (80%).")
        assert uniform_swap.percent_right("In July, 398 of the 470 items donated went to a new home, or 85%.")
        assert not uniform_swap.percent_right("In July, 398 of the 470 items donated went to a new home, or 82%.")
        assert not uniform_swap.percent_right("Most items (80%) found new homes.")
        tally = "## Last year's swap\n| Item | Rehomed |\n|---|---|\n| Shirts | 131 |\n| PE kit | 59 |\n"
        assert uniform_swap.tally_right(tally + "| Total | 190 |\n") and not uniform_swap.tally_right(tally)
        assert not uniform_swap.tally_right(tally + "| Total | 180 |\n")
        plain = "Last term:\n1. Polo shirts: 84\n2. Dresses: 41\nTotal: 125 items\n\nDonations:\n279 of 310 (90%)\n"
        assert uniform_swap.tally_right(plain)
        assert not uniform_swap.tally_right(plain.replace("Total: 125", "Total: 135"))
        assert uniform_swap.SECOND_HAND.search("Of the 470 second-hand items donated")
        assert uniform_swap.SECOND_HAND.search("We take used uniform in good condition.")
        assert not uniform_swap.SECOND_HAND.search("Free pre-loved uniform for every family.")
        assert uniform_swap.DONOR.search("The Novak family kindly gave a bag of cardigans.")
        assert not uniform_swap.DONOR.search("Pre-loved uniform, free to every family at Riverside.")
        assert uniform_swap.WASHED.search("All items should be freshly washed, please.")
        assert not uniform_swap.WASHED.search("All items should be in good condition, please.")
        # By hand: 279 of 310 is 90%, not the 88% written; no family is named and nothing is called second-hand.
        case = next(c for c in FRESH38_SET if c.id == "uniform_swap-02")
        assert "Last term 279 of the 310 pre-loved items you gave (88%) found a new home." in case.answer
        assert round(100 * 279 / 310) == 90 and " family " not in case.answer
        assert "second-hand" not in case.answer and "used" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"percent": False, "no_donor": True, "pre_loved": True}

    def test_childminder_diary_truths(self):
        sleep = "## Sleep\n- 12:25 pm to 2:10 pm (1 hour 45 minutes), in the travel cot\n"
        assert childminder_diary.sleep_right(sleep)
        assert not childminder_diary.sleep_right(sleep.replace("1 hour 45", "1 hour 15"))
        naps = "Naps:\n1. 9:40 am to 10:25 am (45 minutes)\n2. 1:00 pm to 2:35 pm (1 hour 35 minutes)\n"
        assert childminder_diary.sleep_right(naps)
        assert not childminder_diary.sleep_right(naps.replace("(45 minutes)", "(55 minutes)"))
        assert not childminder_diary.sleep_right("## Sleep\nA good long nap after lunch.\n")
        drinks = "**Drinks**\n- Water at 9:30 am: 120 ml\n- Milk at 11:00 am: 150 ml\n"
        assert childminder_diary.drinks_right(drinks + "- Total: 270 ml\n")
        assert not childminder_diary.drinks_right(drinks + "- Total: 260 ml\n")
        assert not childminder_diary.drinks_right(drinks)
        nappies = "### Nappies\nThree nappy changes, all wet.\n- 9:15 am\n- 12:20 pm\n- 3:40 pm\n"
        assert childminder_diary.changes_right(nappies)
        assert not childminder_diary.changes_right(nappies.replace("Three", "Two"))
        assert childminder_diary.changes_right("**Toilet**\nTwo toilet trips today.\n- 10:15 am\n- 3:20 pm\n")
        order = (
            "## Summary\nA good day.\n\n## What we did\n- painting\n\n## Notes for you\nSign the form.\n\nLove, Sarah"
        )
        assert childminder_diary.notes_last(order)
        swapped = "## Summary\nA good day.\n\n## Notes for you\nSign the form.\n\n## What we did\n- painting\n\nLove"
        assert not childminder_diary.notes_last(swapped)
        assert not childminder_diary.notes_last("Notes for tomorrow:\nGel.\n\nPlay:\n1. treasure basket\n")
        assert childminder_diary.sentence_count('Matilda had a happy day. She said "duck" lots of times.') == 2
        assert childminder_diary.ACCIDENT.search("Please sign the accident form at pick-up.")
        assert childminder_diary.ACCIDENT.search("The accident book is by the door for you to sign.")
        assert not childminder_diary.ACCIDENT.search("She bumped her forehead; I held a cold pack on it.")
        assert childminder_diary.LABELS.search("He was a bit naughty after lunch.")
        assert not childminder_diary.LABELS.search("He was tired after lunch but perked up after his nap.")
        # By hand: 80 + 150 + 100 ml is 330 ml, not the 340 written; four changes are said and three are listed; the
        # name is spelt Matilda throughout.
        case = next(c for c in FRESH38_SET if c.id == "childminder_diary-12")
        for row in ("| 80 ml |", "| 150 ml |", "| 100 ml |", "| Total | | 340 ml |"):
            assert row in case.answer
        assert 80 + 150 + 100 == 330
        assert "Four nappy changes today.\n- 9:00 am, wet\n- 2:15 pm, wet\n- 4:30 pm, wet\n\n## What" in case.answer
        assert "Mathilda" not in case.answer and case.answer.count("Matilda") == 3
        assert {c.kind: c.met for c in case.criteria} == {"drinks": False, "name": True, "nappies": False}

    def test_holiday_club_truths(self):
        assert holiday_club.fee_right("| 4 days at £32.00 a day | £128.00 |")
        assert holiday_club.fee_right("- 3 days at £38.00 a day: £114.00")
        assert not holiday_club.fee_right("5 days at £27.00 a day: £145.00")
        assert not holiday_club.fee_right("Fees: £128.00 for the week")
        assert holiday_club.discount_right("- Early booking discount, 5% of £114.00: −£5.70")
        assert holiday_club.discount_right("Sibling discount, 15% of £135.00: £20.25")
        assert not holiday_club.discount_right("| Sibling discount, 10% of £128.00 | −£11.52 |")
        assert not holiday_club.discount_right("Sibling discount (10%): −£12.80")
        assert holiday_club.hours_right("Drop-off is from 8:30 am and pick-up is by 3:30 pm (a 7-hour day).")
        assert holiday_club.hours_right("Each day runs from 9:30 am to 4:00 pm (6½ hours).")
        assert not holiday_club.hours_right("- Each day: 10:00 am to 3:30 pm (6½ hours)")
        assert not holiday_club.hours_right("Drop-off is from 8:30 am; it is a 7-hour day.")
        assert holiday_club.cancel_heading("**Cancellations**\nTell us a week before.")
        assert not holiday_club.cancel_heading("## What to bring\n- a drink\n\nCancel up to 48 hours before.")
        assert holiday_club.BIRTH.search("Poppy (DOB 2 May 2017) is booked in with us")
        assert holiday_club.BIRTH.search("Thank you for booking Kofi (born 21 June 2016) onto our course")
        assert not holiday_club.BIRTH.search("Thank you for booking Kofi onto our summer course.")
        assert holiday_club.NUT_FREE.search("- a nut-free packed lunch") and not holiday_club.NUT_FREE.search(
            "- a lunch"
        )
        # By hand: 4 days at £30 is £120, not the £128 written; 10% of £128 is £12.80, not £11.52; no date of birth.
        case = next(c for c in FRESH38_SET if c.id == "holiday_club-08")
        assert "| 4 days at £30.00 a day | £128.00 |" in case.answer and 4 * 30 == 120
        assert "| Sibling discount, 10% of £128.00 | −£11.52 |" in case.answer and 128 * 10 / 100 == 12.80
        assert "birth" not in case.answer and "DOB" not in case.answer and "born" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"no_dob": True, "discount": False, "fee": False}

    def test_litter_pick_truths(self):
        assert litter_pick.hours_right("| Volunteers | 38 volunteers gave 2½ hours each, 95 volunteer hours in all |")
        assert litter_pick.hours_right("- 41 volunteers, 2 hours each: 82 volunteer hours")
        assert not litter_pick.hours_right("29 volunteers worked 3 hours each, which is 78 volunteer hours.")
        assert not litter_pick.hours_right("29 volunteers came along and gave 87 volunteer hours.")
        weight = "We pulled out 64 bags of rubbish, 275 kg (606 lb) in all."
        assert converted(weight, litter_pick.KG, litter_pick.LB, litter_pick.POUNDS_PER_KG)
        assert not converted(weight.replace("606 lb", "125 lb"), litter_pick.KG, litter_pick.LB, 2.20462)
        assert litter_pick.date_on_top("# Hartley Park Litter Pick\n\n**Saturday 21 March 2026, 10:00 am**")
        assert litter_pick.date_on_top("### Spring Clean\n\n| | |\n|---|---|\n| Date | Saturday 28 March 2026 |")
        assert not litter_pick.date_on_top("# Litter Pick\n\n" + litter_pick.INTRO + "Saturday 21 March 2026")
        assert not litter_pick.date_on_top("# Litter Pick\n\nSaturday 21 March, at the bandstand.")
        assert litter_pick.words_before_date("Litter pick on 2026-03-21.") == 3
        assert litter_pick.SHARPS.search("2. Never pick up needles or syringes: mark the spot and tell a leader.")
        assert litter_pick.SHARPS.search("- Don't touch needles, syringes or other sharps: tell a beach leader.")
        assert not litter_pick.SHARPS.search(
            "3. Use your picker for needles and other sharps, and put them in the tub."
        )
        assert litter_pick.UNDER_AGE.search("Under-18s need a parent or guardian with them on the day.")
        assert litter_pick.UNDER_AGE.search("Everyone is welcome, and children under 14 must come with a parent.")
        assert not litter_pick.UNDER_AGE.search("Here is everything you need. Children are welcome too.")
        assert litter_pick.BLAME.search("Thank you for clearing up after the lazy louts who spoil the park.")
        assert not litter_pick.BLAME.search("Thank you for helping to keep Hartley Park beautiful.")
        # By hand: five safety rules are listed, not six; 29 volunteers at 3 hours each is 87 volunteer hours, as
        # written; 275 kg is about 606 lb, not the 125 lb written.
        case = next(c for c in FRESH38_SET if c.id == "litter_pick-06")
        assert "4. Wash your hands before eating.\n5. Stop and rest if you feel tired or unwell.\n\nLast" in case.answer
        assert "6." not in case.answer
        assert "29 volunteers worked 3 hours each, which is 87 volunteer hours." in case.answer and 29 * 3 == 87
        assert "275 kg (125 lb)" in case.answer and round(275 * 2.20462) == 606
        assert {c.kind: c.met for c in case.criteria} == {"rules": False, "hours": True, "weight": False}


class TestTheFresh39Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH39) == {"knitting_pattern", "bird_count", "car_boot_booking", "book_club_schedule"}
        for family in FRESH39:
            cases = [case for case in FRESH39_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH39_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh39"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh39"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_description_summary_or_welcome_is_clear_of_its_limit_however_it_is_counted(self):
        for module, subjects, switch, heading in (
            (knitting_pattern, knitting_pattern.PATTERNS, "intro", knitting_pattern.ABOUT),
            (bird_count, bird_count.COUNTS, "summary", bird_count.SUMMARY),
        ):
            for subject in subjects:
                for on, answer in every_answer(module, subject):
                    text = " ".join(section(answer, heading) or [])
                    counts = (word_count(text), len([t for t in text.split() if re.search(r"\w", t)]))
                    if on[switch]:
                        assert max(counts) <= subject.limit - 5, (subject.name, counts)
                    else:
                        assert min(counts) >= subject.limit + 15, (subject.name, counts)
        for schedule in book_club_schedule.SCHEDULES:
            for on, answer in every_answer(book_club_schedule, schedule):
                count = book_club_schedule.sentences(book_club_schedule.opening(answer))
                assert count <= schedule.limit if on["intro"] else count >= schedule.limit + 2, schedule.name

    def test_knitting_pattern_truths(self):
        assert knitting_pattern.yarn_right("- 2 balls of Westmoor Aran (50 g), 90 m per ball (180 m in all)")
        assert knitting_pattern.yarn_right("- 4 x 100 g balls of DK, 210 m each ball (840 m in total)")
        assert knitting_pattern.yarn_right("| Yarn | 3 balls of Hillside DK, 120 m per ball (360 m in all) |")
        assert not knitting_pattern.yarn_right("- 2 balls of Westmoor Aran (50 g), 90 m per ball (160 m in all)")
        assert not knitting_pattern.yarn_right("- 2 balls of Westmoor Aran, 90 m per ball")
        listed_count = (
            "This pattern uses three abbreviations.\n\n## Abbreviations\n- k: knit\n- p: purl\n- rep: repeat\n"
        )
        assert knitting_pattern.count_right(listed_count)
        assert not knitting_pattern.count_right(listed_count.replace("three", "four"))
        table = "**Abbreviations**\nThere are two abbreviations.\n| Abbreviation | Meaning |\n|---|---|\n| k | knit |\n"
        assert knitting_pattern.count_right(table + "| p | purl |\n")
        assert not knitting_pattern.count_right(table) and not knitting_pattern.count_right("## Abbreviations\n- k\n")
        assert knitting_pattern.tension_heading("**Tension**\n- 20 sts and 40 rows to 10 cm over garter stitch.")
        assert not knitting_pattern.tension_heading("## Size\n70 cm\n\n20 sts and 40 rows to 10 cm.\n")
        size = (knitting_pattern.CM, knitting_pattern.INCHES, knitting_pattern.INCHES_PER_CM)
        assert converted("Circumference 64 cm (25 in), depth 25 cm.", *size)
        assert converted("| Finished size | 150 cm long (59 inches), 18 cm wide |", *size)
        assert not converted("Circumference 64 cm (28 in), depth 25 cm.", *size)
        assert not knitting_pattern.INCHES.search("(180 m in all), and knit 2 in each stitch")
        assert knitting_pattern.US_TERMS.search("6. Bind off loosely in pattern.")
        assert knitting_pattern.US_TERMS.search("22 sts to 10 cm over stockinette stitch")
        assert not knitting_pattern.US_TERMS.search("6. Cast off loosely in pattern, over stocking stitch.")
        assert knitting_pattern.SWATCH.search("Always knit a swatch first: a loose blanket uses more yarn.")
        assert knitting_pattern.SWATCH.search("Knit a tension square before you start.")
        assert not knitting_pattern.SWATCH.search("10 sts and 16 rounds to 10 cm over seed stitch.")
        assert knitting_pattern.PERSONAL.search("Pattern © Little Acorn Knits. For personal use only; not for resale.")
        assert not knitting_pattern.PERSONAL.search("Pattern © Little Acorn Knits.")
        # By hand: the tension has no heading of its own (it runs on under the measurements), 2 skeins of 110 m are
        # 220 m, not the 200 m written, and the copyright line keeps the pattern for personal use.
        case = next(c for c in FRESH39_SET if c.id == "knitting_pattern-10")
        assert "Circumference 64 cm (25 in), depth 25 cm.\n\n10 sts and 16 rounds to 10 cm" in case.answer
        assert "Tension:" not in case.answer and "**Tension**" not in case.answer
        assert "2 skeins of Fellside Chunky (100 g), 110 m per skein (200 m in all)" in case.answer and 2 * 110 == 220
        assert "Copyright Brook Street Wool Shop. This pattern is for personal use only." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"heading": False, "yarn": False, "personal_use": True}

    def test_bird_count_truths(self):
        table = "## Results\n| Species | Count |\n|---|---|\n| Robin | 2 |\n| Wren | 3 |\n"
        assert bird_count.total_right(table + "| **Total** | **5** |\n")
        assert not bird_count.total_right(table + "| **Total** | **6** |\n") and not bird_count.total_right(table)
        assert bird_count.total_right("**Results**\n- Magpie: 4\n- Robin: 2\n- Total: 6 birds\n")
        numbered = "Results:\n1. Teal: 46\n2. Coot: 9\nTotal: 55 birds\n\nHighlights:\n1. 30 Lapwing\n"
        assert bird_count.total_right(numbered)
        assert not bird_count.total_right(numbered.replace("55 birds", "45 birds"))
        assert bird_count.tally(numbered) == ([46.0, 9.0], 55.0)
        assert bird_count.species_right("We saw two species.\n\n## Results\n- Robin: 2\n- Wren: 1\n- Total: 3\n")
        assert not bird_count.species_right("We saw three species.\n\n## Results\n- Robin: 2\n- Wren: 1\n")
        assert bird_count.duration_right("**Time:** 9:15 am to 10:15 am (1 hour)")
        assert bird_count.duration_right("- Tuesday 3 February 2026, 1:30 pm to 2:15 pm (45 minutes)")
        assert bird_count.duration_right("| Time | 6:45 am to 8:15 am (1 hour 30 minutes) |")
        assert bird_count.duration_right("Time: 8:00 am to 10:30 am (2½ hours)")
        assert not bird_count.duration_right("Time: 8:00 am to 10:30 am (3½ hours)")
        assert not bird_count.duration_right("**Time:** 9:15 am to 10:15 am")
        assert bird_count.stated_minutes("we watched for an hour") == 60
        garden = bird_count.COUNTS[0]
        assert bird_count.capitalised(garden, "- a pair of Long-tailed Tits and a Robin")
        assert not bird_count.capitalised(garden, "- a pair of long-tailed tits and a Robin")
        assert bird_count.ADDRESS.search("our back garden at 14 Orchard Close, Hebden Bridge")
        assert bird_count.ADDRESS.search("the school field, Leeds LS12 4PQ")
        assert not bird_count.ADDRESS.search("**Where:** our back garden in Hebden Bridge, Saturday 24 January 2026")
        assert bird_count.RULE.search("We counted the highest number of each species seen at one time.")
        assert not bird_count.RULE.search("We counted every bird that came into the garden.")
        # By hand: 8 + 6 + 5 + 5 + 3 + 2 + 2 + 2 + 1 is 34, not the 36 written; every species name keeps its
        # capitals; the garden is placed by its town alone.
        case = next(c for c in FRESH39_SET if c.id == "bird_count-04")
        for row in ("| House Sparrow | 8 |", "| Goldfinch | 6 |", "| Dunnock | 1 |", "| **Total** | **36** |"):
            assert row in case.answer
        assert 8 + 6 + 5 + 5 + 3 + 2 + 2 + 2 + 1 == 34
        assert "a pair of Long-tailed Tits" in case.answer and "long-tailed tit" not in case.answer
        assert "**Where:** our back garden in Hebden Bridge\n" in case.answer and "Close" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"capitals": True, "no_address": True, "total": False}

    def test_car_boot_booking_truths(self):
        fees = "## Fees\n| Item | Amount |\n|---|---|\n| Car pitch | £12.00 |\n| Extra table | £4.00 |\n"
        assert car_boot_booking.fee_right(fees + "| Total paid | £16.00 |\n")
        assert not car_boot_booking.fee_right(fees + "| Total paid | £19.00 |\n")
        assert not car_boot_booking.fee_right(fees)
        payment = "Payment:\nCar pitch: £10.00\nTable hire (2 tables at £2.50): £5.00\nTotal received: £15.00\n"
        assert car_boot_booking.fee_right(payment)
        assert not car_boot_booking.fee_right(payment.replace("£15.00", "£12.50"))
        assert car_boot_booking.size_right("- Pitch size: 6 m x 3 m (20 ft x 10 ft)\n- Keep to 5 mph")
        assert car_boot_booking.size_right("Pitch size: 5 m by 2.5 m (16 ft by 8 ft)")
        assert not car_boot_booking.size_right("- Pitch size: 6 m x 3 m (18 ft x 9 ft)")
        assert not car_boot_booking.size_right("- Pitch size: 6 m x 3 m\n- Keep to 5 mph")
        assert car_boot_booking.refund_right("If we cancel because of the weather, we will refund your fee in full.")
        assert not car_boot_booking.refund_right(
            "If we cancel because of the weather, we will carry your booking over."
        )
        assert not car_boot_booking.refund_right("## If it rains\nWe will text you.\n\n## Refunds\nNone after booking.")
        assert car_boot_booking.contact_heading("**Questions and contact**\n- Text Rob on the day.")
        assert not car_boot_booking.contact_heading("## Rules\n- Contact Rob if you need help.")
        assert car_boot_booking.NO_FOOD.search("1. No food or drink may be sold: the PTA runs the refreshments.")
        assert car_boot_booking.NO_FOOD.search("1. Food must not be sold, as the church's own tea stall raises money.")
        assert not car_boot_booking.NO_FOOD.search("- No dogs off leads.\n- Park inside your pitch markings.")
        assert car_boot_booking.REFERENCE.findall("Reference OAK-2417; quote OAK-2471.") == ["OAK-2417", "OAK-2471"]
        # By hand: £10.00 and £5.00 make £15.00, not the £12.50 written; 13 June 2026 is a Saturday, not the
        # Sunday written; arrival comes before the rules.
        case = next(c for c in FRESH39_SET if c.id == "car_boot_booking-06")
        assert "Car pitch: £10.00\nTable hire (2 tables at £2.50): £5.00\nTotal received: £12.50" in case.answer
        assert 10 + 5 == 15
        assert "Date: Sunday 13 June 2026" in case.answer and date(2026, 6, 13).strftime("%A") == "Saturday"
        assert case.answer.index("Arrival:") < case.answer.index("Rules:")
        assert {c.kind: c.met for c in case.criteria} == {"order": True, "fee": False, "weekday": False}

    def test_book_club_schedule_truths(self):
        letter = "# Book Club\n\nHi everyone,\n\nHere are the books. We meet at 7:00 pm.\n\n## Meetings\n- x\n"
        assert book_club_schedule.opening(letter) == "Here are the books. We meet at 7:00 pm."
        assert book_club_schedule.sentences(book_club_schedule.opening(letter)) == 2
        table_first = (
            "| | |\n|---|---|\n| Where | Room 2 |\n\nDear members,\n\nOur books are chosen.\n\n### Programme\n"
        )
        assert book_club_schedule.opening(table_first) == "Our books are chosen."
        assert book_club_schedule.opening("# Book Club\n\nHere are the books.") == ""
        meetings = "## Meetings\n| Date | Book |\n|---|---|\n| Tuesday 8 September 2026 | Klara and the Sun |\n"
        assert book_club_schedule.meetings(meetings + "| Tuesday 13 October 2026 | Americanah |\n") == 2
        assert book_club_schedule.meetings("Schedule:\n1. Wednesday 6 May 2026: Hamnet\n\nReading notes:\n1. x\n") == 1
        pages = "- Americanah is 588 pages, so over the four weeks before we meet that is 147 pages a week."
        assert book_club_schedule.pages_right(pages)
        assert not book_club_schedule.pages_right(pages.replace("147", "157"))
        assert book_club_schedule.pages_right("- The Salt Path is 288 pages; over 4 weeks that is 72 pages a week.")
        assert not book_club_schedule.pages_right("- Read about 72 pages a week.")
        offer = "Members get 20% off at Harbour Books: Klara and the Sun is £12.99, so £10.39 with the discount."
        assert book_club_schedule.discount_right(offer)
        assert not book_club_schedule.discount_right(offer.replace("£10.39", "£10.99"))
        assert not book_club_schedule.discount_right("Members get 20% off at Harbour Books.")
        assert book_club_schedule.PHONE.search("If you can't come, ring Margaret on 07700 900 461.")
        assert book_club_schedule.PHONE.search("Ring me on 01632 960 184, or drop by.")
        assert not book_club_schedule.PHONE.search("Tuesday 8 September 2026 at 7:00 pm; subs are £2 a meeting.")
        crown = book_club_schedule.SCHEDULES[1]
        right = "- Demon Copperhead by Barbara Kingsolver\n- Kingsolver's novel retells David Copperfield."
        assert book_club_schedule.truths(crown, right)["author"]
        assert not book_club_schedule.truths(crown, right.replace("Kingsolver's", "Kingslover's"))["author"]
        # By hand: the reading notes come before the dates; every date is a Thursday, as written; 10% off £9.99 is
        # £8.99, not the £8.49 written.
        case = next(c for c in FRESH39_SET if c.id == "book_club_schedule-09")
        assert case.answer.index("**Reading notes**") < case.answer.index("**The dates**")
        for day in ("4 February 2027", "4 March 2027", "1 April 2027", "3 June 2027"):
            assert f"- Thursday {day}: " in case.answer
        assert all(date(2027, m, d).strftime("%A") == "Thursday" for m, d in ((2, 4), (3, 4), (4, 1), (6, 3)))
        assert "Wednesday" not in case.answer
        assert "Foyles gives the club 10% off: Piranesi is £9.99, so £8.49 for us." in case.answer
        assert round(9.99 * 0.9, 2) == 8.99
        assert {c.kind: c.met for c in case.criteria} == {"order": False, "weekday": True, "discount": False}


class TestTheFresh40Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH40) == {"beehive_inspection", "home_brew_log", "fete_stall_plan", "pet_sitter_report"}
        for family in FRESH40:
            cases = [case for case in FRESH40_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH40_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh40"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh40"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_summary_or_tasting_notes_are_clear_of_their_limit_however_they_are_counted(self):
        for stay in pet_sitter_report.STAYS:
            for on, answer in every_answer(pet_sitter_report, stay):
                text = " ".join(section(answer, pet_sitter_report.SUMMARY) or [])
                counts = (word_count(text), len([t for t in text.split() if re.search(r"\w", t)]))
                if on["summary"]:
                    assert max(counts) <= stay.limit - 5, (stay.name, counts)
                else:
                    assert min(counts) >= stay.limit + 15, (stay.name, counts)
        for brew in home_brew_log.BREWS:
            for on, answer in every_answer(home_brew_log, brew):
                notes = home_brew_log.tasting(answer)
                counts = (home_brew_log.sentences(notes), len(re.findall(r"[.!?]+", notes)))
                if on["notes"]:
                    assert max(counts) <= brew.limit, (brew.name, counts)
                else:
                    assert min(counts) >= brew.limit + 2, (brew.name, counts)

    def test_beehive_inspection_truths(self):
        stores = "| Stores | 4 frames of capped honey at about 2.5 kg a frame, 10 kg in all |"
        assert beehive_inspection.stores_right(stores)
        assert not beehive_inspection.stores_right(stores.replace("10 kg", "12 kg"))
        assert beehive_inspection.stores_right("- Three frames of stores at about 2 kg each, about 6 kg in all.")
        assert not beehive_inspection.stores_right("- Eggs on seven frames.\n- Stores: about 10 kg in all.")
        drop = "| Varroa | 42 mites on the tray over 7 days, an average of 6 a day |"
        assert beehive_inspection.varroa_right(drop)
        assert not beehive_inspection.varroa_right(drop.replace("of 6 a day", "of 5 a day"))
        assert beehive_inspection.varroa_right("Tray count of 18 mites over 6 days, 3 mites a day.")
        assert not beehive_inspection.varroa_right("- 42 mites on the tray.\n- Check again in 7 days.")
        clover = beehive_inspection.INSPECTIONS[0]
        dated = "**Date:** Saturday 16 May 2026, 2:10 pm\n\n## Next inspection\nIn 7 days, on 23 May 2026.\n"
        assert beehive_inspection.next_right(clover, dated)
        assert not beehive_inspection.next_right(clover, dated.replace("23 May", "24 May"))
        assert not beehive_inspection.next_right(clover, "**Date:** Saturday 16 May 2026\n\nNext week.\n")
        assert beehive_inspection.next_heading("**Next inspection**\nIn 10 days, on 17 June 2026.")
        assert not beehive_inspection.next_heading("## Actions\n1. Look at frame 9 again at the next inspection.\n")
        assert beehive_inspection.LOCATION.search("teaching apiary, Mill Lane, Ashwell SG7 5PZ")
        assert beehive_inspection.LOCATION.search("Hive: Hazel, at the allotment apiary, ///petal.ladder.honey")
        assert not beehive_inspection.LOCATION.search("Hive 3 (Clover), Millfield teaching apiary, 19 °C")
        assert beehive_inspection.SHORTHAND.search("- Eggs and BIAS on seven frames.")
        assert not beehive_inspection.SHORTHAND.search("- Eggs and brood in all stages on seven frames (bias: none).")
        assert beehive_inspection.QUEEN_CELLS.search("- No queen cells on any frame, only a few empty play cups.")
        assert not beehive_inspection.QUEEN_CELLS.search("- Queen seen on frame 6 (marked blue).")
        # By hand: the actions come before the findings; the findings write BIAS; five frames at 2 kg are the 10 kg
        # written.
        case = next(c for c in FRESH40_SET if c.id == "beehive_inspection-10")
        assert case.answer.index("Actions:") < case.answer.index("Findings:")
        assert "2. BIAS on eight frames, in a good tight pattern." in case.answer
        assert "Five frames of stores, roughly 2 kg each: about 10 kg between" in case.answer and 5 * 2 == 10
        assert {c.kind: c.met for c in case.criteria} == {"stores": True, "no_shorthand": False, "order": False}

    def test_home_brew_log_truths(self):
        readings = "| Original gravity | 1.048 |\n| Final gravity | 1.010 |\n| ABV | 5.0% |\n"
        assert home_brew_log.abv_right(readings)
        assert not home_brew_log.abv_right(readings.replace("5.0%", "3.8%"))
        assert not home_brew_log.abv_right("| Original gravity | 1.048 |\n| Final gravity | 1.010 |\n")
        assert home_brew_log.abv_right("Original gravity: 1.050\nFinal gravity: 1.000\nABV: 6.6%")
        priming = "- Priming sugar: 6 g per litre for 19 litres, 114 g in all."
        assert home_brew_log.priming_right(priming)
        assert not home_brew_log.priming_right(priming.replace("114 g", "104 g"))
        assert home_brew_log.priming_right("2. Priming sugar: 5.5 g per litre for 22 litres, 121 g in all.")
        assert not home_brew_log.priming_right("- Priming sugar: 114 g.")
        days = "Pitched on 3 May 2026 and bottled on 17 May 2026 (14 days), at 19 °C in the spare room."
        assert home_brew_log.days_right(days)
        assert not home_brew_log.days_right(days.replace("14 days", "13 days"))
        assert home_brew_log.days_right("Pitched on 1 March 2026 and bottled on 5 April 2026 (35 days).")
        assert not home_brew_log.days_right("Bottled on 17 May 2026, 14 days after brew day.")
        harbour, meadow = home_brew_log.BREWS[0], home_brew_log.BREWS[2]
        yeast = "**Yeast:** Safale US-05\n5. Pitched one packet of Safale US-05."
        assert home_brew_log.yeast_right(harbour, yeast)
        assert not home_brew_log.yeast_right(harbour, yeast.replace("packet of Safale US-05", "packet of Safale US-04"))
        assert home_brew_log.yeast_right(meadow, "Yeast: Saflager W-34/70\n5. Pitched two sachets of Saflager W-34/70.")
        assert not home_brew_log.yeast_right(meadow, "Yeast: Saflager W-34/70\n5. Pitched Saflager S-23.")
        notes = "## Tasting notes\nPale gold and bright. Soft bready malt. Crisp, dry finish.\n\n## Next time\nMore.\n"
        assert home_brew_log.tasting(notes) == "Pale gold and bright. Soft bready malt. Crisp, dry finish."
        assert home_brew_log.sentences(home_brew_log.tasting(notes)) == 3
        assert home_brew_log.sentences("It started at 1.048 and finished dry.") == 1
        assert home_brew_log.NOT_FOR_SALE.search("For home use only; not for sale.")
        assert home_brew_log.NOT_FOR_SALE.search("| Use | home use only, not for sale |")
        assert not home_brew_log.NOT_FOR_SALE.search("Brewed for the street party in June.")
        assert home_brew_log.SANITISE.search("- Sanitised the bottles, caps and bottling wand with Star San.")
        assert not home_brew_log.SANITISE.search("- Rinsed the bottles, caps and bottling wand with hot water.")
        # By hand: both mentions of the yeast are Safale US-05; the bottles are only rinsed; (1.048 - 1.010) x 131.25
        # is 4.99, so 5.0%, not the 3.8% written.
        case = next(c for c in FRESH40_SET if c.id == "home_brew_log-08")
        assert case.answer.count("Safale US-05") == 2 and "US-04" not in case.answer
        assert "- Rinsed the bottles, caps and bottling wand with hot water before filling." in case.answer
        assert "anitis" not in case.answer and "terilis" not in case.answer
        assert "| Original gravity | 1.048 |\n| Final gravity | 1.010 |\n| ABV | 3.8% |" in case.answer
        assert round((1.048 - 1.010) * 131.25, 1) == 5.0
        assert {c.kind: c.met for c in case.criteria} == {"yeast": True, "sanitise": False, "abv": False}

    def test_fete_stall_plan_truths(self):
        table = "## Stalls\n| Pitch | Stall |\n|---|---|\n| 1 | Cakes |\n| 2 | Tombola |\n\n## Money\n- Float.\n"
        assert fete_stall_plan.stalls(table) == 2
        assert fete_stall_plan.stalls("**The stalls**\n- Pitch 1: plants\n- Pitch 2: cakes\n- Pitch 3: books\n") == 3
        assert fete_stall_plan.stalls("### Kelsall Fete: stall plan\n- Date\n\n### Stalls\n| 1 | Cake stall |\n") == 1
        assert fete_stall_plan.stalls("Stall list:\n1. Jams\n2. Cakes\n\nMoney:\n1. Float\n") == 2
        target = "- Last year the fete raised £2,340; this year's target is 15% more, £2,691."
        assert fete_stall_plan.target_right(target)
        assert not fete_stall_plan.target_right(target.replace("£2,691", "£2,574"))
        assert fete_stall_plan.target_right("Last year's show raised £3,150; this year we hope for 10% more, £3,465.")
        assert not fete_stall_plan.target_right("- This year's target is 15% more than last year.")
        assert fete_stall_plan.hours_right("- Fete open: 12:00 noon to 4:30 pm (4 hours 30 minutes)")
        assert not fete_stall_plan.hours_right("- Fete open: 12:00 noon to 4:30 pm (3 hours 30 minutes)")
        assert fete_stall_plan.hours_right("| Open | 12:30 pm to 4:00 pm (3½ hours) |")
        assert fete_stall_plan.hours_right("The show and fete are open from 11:00 am to 4:00 pm (5 hours).")
        assert not fete_stall_plan.hours_right("- Set up: 10:00 am to 11:30 am (1½ hours)\n- Open: 12:00 to 4:30 pm")
        assert fete_stall_plan.wet_heading("**If it rains**\n- We will move into the church hall.")
        assert not fete_stall_plan.wet_heading("## Money\nIf it rains, we move into the hall.\n")
        assert fete_stall_plan.MOBILE.search("with any questions, or ring Jean on 07700 900 318.")
        assert not fete_stall_plan.MOBILE.search("Email the fete team at fete.team@example.org, pitch 12, £2,340.")
        assert fete_stall_plan.FLOAT.search("- Every stall must bring its own float; we have no spare change.")
        assert not fete_stall_plan.FLOAT.search("- Every stall should bring a price list and some carrier bags.")
        wittenham = fete_stall_plan.FETES[0]
        named = "# Little Wittenham Village Fete\n| 2 | Tombola | 1st Wittenham Scouts |\n"
        assert fete_stall_plan.truths(wittenham, named)["name"]
        assert not fete_stall_plan.truths(wittenham, named.replace("1st Wittenham", "1st Whittenham"))["name"]
        # By hand: all eight stalls are listed; 15% more than £2,340 is £2,691, not the £2,574 written; the stalls
        # come before the timings.
        case = next(c for c in FRESH40_SET if c.id == "fete_stall_plan-00")
        assert all(f"\n| {pitch} | " in case.answer for pitch in range(1, 9)) and "\n| 9 | " not in case.answer
        assert "this year's target is 15% more, £2,574." in case.answer and 2340 * 115 // 100 == 2691
        assert case.answer.index("## Stalls") < case.answer.index("## Timings")
        assert {c.kind: c.met for c in case.criteria} == {"stalls": True, "target": False, "order": False}

    def test_pet_sitter_report_truths(self):
        food = "| Dry food | new 2 kg bag opened on Saturday; 60 g a day for 7 days is 420 g, so 1.58 kg is left |"
        assert pet_sitter_report.food_right(food)
        assert not pet_sitter_report.food_right(food.replace("1.58 kg", "1.42 kg"))
        assert pet_sitter_report.food_right(
            "1. Dry food: I started a 1.5 kg bag; the two of them eat 80 g a day, so 560 g over 7 days and 0.94 kg left."
        )
        assert not pet_sitter_report.food_right("- Dinner: 150 g a day from a 3 kg bag.")
        doses = "| Felimazole | 1 tablet twice a day for 7 days: 14 tablets given |"
        assert pet_sitter_report.doses_right(doses)
        assert not pet_sitter_report.doses_right(doses.replace("14 tablets", "7 tablets"))
        assert pet_sitter_report.doses_right(
            "2. Sooty's thyroid tablets: ½ tablet twice a day for 7 days, 7 tablets given."
        )
        assert not pet_sitter_report.doses_right("- Yumove: 2 tablets once a day.")
        assert pet_sitter_report.CODE.search("I put the key back in the key safe (code 4721).")
        assert pet_sitter_report.CODE.search("The front door keypad (code 5581) is locked.")
        assert not pet_sitter_report.CODE.search("I locked up at 8:20 am on Friday and put the key in the key safe.")
        mittens = pet_sitter_report.STAYS[2]
        assert re.search(mittens.sign, "the cats knocked the spider plant off and the plant pot broke.", re.I)
        assert not re.search(mittens.sign, "Both cats were as good as gold; I put the plant in a spare pot.", re.I)
        # By hand: the alarm code is written out; 20 October 2026 is a Tuesday, not the Wednesday written; 150 g a day
        # for 6 days from a 3 kg bag leaves the 2.1 kg written.
        case = next(c for c in FRESH40_SET if c.id == "pet_sitter_report-09")
        assert "- I set the alarm (code 3390) every time I left" in case.answer
        assert "- Wednesday 20 October 2026: " in case.answer and date(2026, 10, 20).strftime("%A") == "Tuesday"
        assert "a new 3 kg bag; 150 g a day for 6 days is 900 g, so 2.1 kg is left." in case.answer
        assert 3000 - 150 * 6 == 2100
        assert {c.kind: c.met for c in case.criteria} == {"no_code": False, "weekday": False, "food": True}


class TestTheFresh41Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH41) == {"plant_swap", "sponsor_form", "chore_chart", "veg_box"}
        for family in FRESH41:
            cases = [case for case in FRESH41_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH41_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh41"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh41"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_thank_you_or_recipe_is_clear_of_its_limit_however_it_is_counted(self):
        for form in sponsor_form.FORMS:
            for on, answer in every_answer(sponsor_form, form):
                text = " ".join(section(answer, sponsor_form.THANKS) or [])
                counts = (sponsor_form.sentences(answer), len(re.findall(r"[.!?]", text)))
                if on["message"]:
                    assert max(counts) <= form.limit, (form.name, counts)
                else:
                    assert min(counts) >= form.limit + 2, (form.name, counts)
        for delivery in veg_box.DELIVERIES:
            for on, answer in every_answer(veg_box, delivery):
                text = " ".join(section(answer, veg_box.RECIPE) or [])
                counts = (word_count(text), len([t for t in text.split() if re.search(r"\w", t)]))
                if on["recipe"]:
                    assert max(counts) <= delivery.limit - 5, (delivery.name, counts)
                else:
                    assert min(counts) >= delivery.limit + 15, (delivery.name, counts)

    def test_plant_swap_truths(self):
        assert plant_swap.duration_right("| Time | 10:30 am to 1:00 pm (2½ hours) |")
        assert not plant_swap.duration_right("| Time | 10:30 am to 1:00 pm (3½ hours) |")
        assert plant_swap.duration_right("Time: 9:30 am to 12:00 noon (2½ hours)")
        assert plant_swap.duration_right("| Time | 6:00 pm to 7:45 pm (1 hour 45 minutes) |")
        assert not plant_swap.duration_right("| Time | 6:00 pm to 7:45 pm |\nIt lasts 2 hours.")
        assert plant_swap.steps("## How it works\n1. Drop plants.\n2. Take tokens.\n\n## What to bring\n- Pots\n") == 2
        assert plant_swap.steps("**How it works**\n- One\n- Two\n- Three\n**What to bring**\n- Pots\n") == 3
        assert plant_swap.travel_heading("## Getting there\nFive minutes from the station.")
        assert not plant_swap.travel_heading("## When and where\nThere are six parking spaces behind the building.")
        pots = "- Plants in pots no wider than 12 cm (4.7 in), or cuttings in a jar."
        assert converted(pots, plant_swap.CM, plant_swap.INCHES, 1 / plant_swap.CM_PER_INCH)
        assert not converted(pots.replace("4.7 in", "3.7 in"), plant_swap.CM, plant_swap.INCHES, 1 / 2.54)
        assert plant_swap.LABELS.search("3. Labels in every pot, with the plant's name and colour.")
        assert not plant_swap.LABELS.search("- A pen, in case you want to note down any care tips.")
        assert plant_swap.INVASIVE.search("- Please leave invasive plants, such as Japanese knotweed, at home.")
        assert not plant_swap.INVASIVE.search("Please don't bring anything with pests or disease.")
        pelham = plant_swap.SWAPS[2]
        named = "PELHAM ALLOTMENTS AUTUMN PLANT SWAP\nAsk any Pelham committee member."
        assert plant_swap.truths(pelham, named)["name"]
        assert not plant_swap.truths(pelham, named.replace("any Pelham", "any Pellham"))["name"]
        # By hand: the getting-there heading is there; 9 cm is 3.5 in, not the 2.5 in written; the group's name is
        # spelt Hollibrook once.
        case = next(c for c in FRESH41_SET if c.id == "plant_swap-00")
        assert "\n## Getting there\n" in case.answer
        assert "pots no bigger than 9 cm (2.5 in) across" in case.answer and round(9 / 2.54, 1) == 3.5
        assert "Email the Hollibrook Garden Group" in case.answer and "| Place | Hollybrook Community" in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"heading": True, "pots": False, "name": False}

    def test_sponsor_form_truths(self):
        table = "## Sponsors\n| Sponsor | Amount |\n|---|---|\n| Mum | £50.00 |\n| Jean | £25.50 |\n\n## Totals\n"
        assert sponsor_form.pledges(table) == [Decimal("50.00"), Decimal("25.50")]
        assert sponsor_form.total_right(table + "- Total raised: £75.50\n")
        assert not sponsor_form.total_right(table + "- Total raised: £70.50\n")
        assert not sponsor_form.total_right("- Total raised: £75.50\n")
        assert sponsor_form.count_right("Two people sponsored me.\n\n" + table)
        assert not sponsor_form.count_right("Three people sponsored me.\n\n" + table)
        assert sponsor_form.count_right("| Sponsors | two people sponsored me |\n\n" + table)
        gift = "- Gift Aid: £105.00 of this is gift-aided, so the hospice can claim another £26.25."
        assert sponsor_form.gift_aid_right(gift)
        assert not sponsor_form.gift_aid_right(gift.replace("£26.25", "£21.00"))
        assert sponsor_form.gift_aid_right("| Gift Aid claimable on £142.00 | £35.50 |")
        assert not sponsor_form.gift_aid_right("| Grandma Jean | £25.00 | Gift Aid |")
        assert sponsor_form.sentences("## Thank you\nThank you all. Every pound helps! See you soon.\n") == 3
        assert sponsor_form.paying_heading("Paying it in:\nI will hand the cash in by Friday.")
        assert not sponsor_form.paying_heading("## Totals\nI will pay the cash in at the shop.")
        assert sponsor_form.POSTCODE.search("7. Mr Nowak, 3 Mill Court, YO31 8RT: £20.00")
        assert not sponsor_form.POSTCODE.search("7. Mr Nowak: £20.00, Gift Aid, 50 miles on 19 July 2026")
        assert sponsor_form.CHARITY_NUMBER.search("Thornbury Foodbank is registered charity no. 1187654.")
        assert not sponsor_form.CHARITY_NUMBER.search("Charity: St Aldhelm's Hospice, a registered charity")
        # By hand: the intro says eight but nine sponsors are listed; their amounts add to £217.50, not the £212.50
        # written; no sponsor's address is given.
        case = next(c for c in FRESH41_SET if c.id == "sponsor_form-00")
        rows = [line for line in case.answer.splitlines() if line.startswith("| ") and "£" in line]
        assert "Eight people sponsored me" in case.answer and len(rows) == 9
        assert "- Total raised: £212.50" in case.answer and 50 + 25 + 10 + 20 + 15 + 30 + 5 + 20 + 42.5 == 217.5
        assert "| Mr Okafor | £15.00 | no |" in case.answer and "Lane" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"count": False, "no_postcode": True, "total": False}

    def test_chore_chart_truths(self):
        assert chore_chart.earned_right("- Isobel: £0.50 for each chore, 12 chores a week, so £6.00 a week.")
        assert not chore_chart.earned_right("- Isobel: £0.50 for each chore, 12 chores a week, so £5.50 a week.")
        assert chore_chart.earned_right("1. Harriet: £0.75 for each chore, 16 chores a week, so £12.00 a week.")
        assert chore_chart.earned_right("| Zainab | £0.60 | 10 | £6.00 |")
        assert not chore_chart.earned_right("| Zainab | £0.60 | 10 | £6.60 |")
        money_table = "### Pocket money\n| Child | Per chore | Chores a week | Each week |\n|---|---|---|---|\n"
        assert chore_chart.earn_right(money_table + "| Zainab | £0.60 | 10 | £6.00 |\n| Idris | £0.40 | 10 | £4.00 |\n")
        assert not chore_chart.earn_right(
            money_table + "| Zainab | £0.60 | 10 | £6.00 |\n| Idris | £0.40 | 9 | £4.00 |"
        )
        assert not chore_chart.earn_right("### Pocket money\nPaid on Sundays.\n")
        saving = "Isobel is saving £4.00 a week towards a £36.00 art set, so she'll have it in 9 weeks."
        assert chore_chart.weeks_right(saving)
        assert not chore_chart.weeks_right(saving.replace("9 weeks", "8 weeks"))
        assert chore_chart.weeks_right("- Theo is putting £3.00 a week aside for a £40.00 set: that's 14 weeks.")
        assert not chore_chart.weeks_right("Theo is saving for a Lego set: that's 14 weeks.")
        chores = "## Chores\n| Chore | Who |\n|---|---|\n| Beds | both |\n| Cat | Rory |\n\n## Pocket money\n- x\n"
        assert chore_chart.chores(chores) == 2
        assert (
            chore_chart.chores("Chores:\n1. Feed the rabbits\n2. Set the table\n3. Socks\n\nRules:\n1. Be kind\n") == 3
        )
        assert chore_chart.saving_heading("**Saving up**\n- Theo is putting £3.00 a week aside.")
        assert not chore_chart.saving_heading("## Rules\nIsobel is saving £4.00 a week.")
        assert chore_chart.NEGATIVE.search("- Forget a job and it will be docked from your pocket money.")
        assert chore_chart.NEGATIVE.search("3. Lazy chores will be done again.")
        assert not chore_chart.NEGATIVE.search(
            "- If you forget a job, just do it the next day: everyone has busy days."
        )
        assert chore_chart.GROWN_UPS.search("- The iron, the oven and bleach are for adults only.")
        assert not chore_chart.GROWN_UPS.search("- Ask a grown-up before you use the oven.")
        # By hand: no rule says what is for adults or grown-ups only; the saving goal has its own label; £0.60 for 15
        # chores is £9.00, not the £9.60 written.
        case = next(c for c in FRESH41_SET if c.id == "chore_chart-05")
        assert "only" not in case.answer and "**Saving up**\n" in case.answer
        assert "- Maisie: £0.60 for each chore, 15 chores a week, so £9.60 a week." in case.answer
        assert Decimal("0.60") * 15 == Decimal("9.00")
        assert {c.kind: c.met for c in case.criteria} == {"safety": False, "heading": True, "earn": False}

    def test_veg_box_truths(self):
        bill = "## Your bill\n- Box: £17.50\n- Eggs: £2.60\n- Loaf: £3.90\n- Delivery: £1.00\n- Total: £25.00\n"
        assert veg_box.bill_right(bill)
        assert not veg_box.bill_right(bill.replace("£25.00", "£24.00"))
        table = "### Your bill\n| Item | Price |\n|---|---|\n| Box | £19.95 |\n| Juice | £3.25 |\n| Total | £23.20 |\n"
        assert veg_box.bill_right(table)
        assert not veg_box.bill_right("## Your bill\n- Box: £17.50\n- Eggs: £2.60\n")
        box = "## This week's box\n| Item | Amount |\n|---|---|\n| Potatoes | 2 kg |\n| Carrots | 750 g |\n\n## Bill\n"
        assert veg_box.items(box) == 2
        assert veg_box.items("In your box:\n1. Potatoes\n2. Carrots\n3. Onions\n\nYour bill:\n1. Box: £24.00\n") == 3
        weekly, fortnightly = veg_box.DELIVERIES[0], veg_box.DELIVERIES[1]
        dates = (
            "Delivered on Thursday 10 September 2026.\n\n## Next delivery\nYour next box comes on 17 September 2026."
        )
        assert veg_box.next_right(weekly, dates)
        assert not veg_box.next_right(fortnightly, dates)
        assert not veg_box.next_right(weekly, dates.replace("17 September", "24 September"))
        assert veg_box.next_right(
            fortnightly, "Arrives Tuesday 6 October 2026.\n- Your next box is due on 20 October 2026."
        )
        assert veg_box.swapped(weekly, "You asked us to leave out beetroot, so we've swapped it for sweetcorn.")
        assert not veg_box.swapped(
            weekly, "You asked us to leave out beetroot.\nWe've swapped the eggs for free-range."
        )
        assert converted("- 1.5 kg potatoes (3.3 lb)", veg_box.KG, veg_box.LB, veg_box.POUNDS_PER_KG)
        assert not converted("- 1.5 kg potatoes (2.3 lb)", veg_box.KG, veg_box.LB, veg_box.POUNDS_PER_KG)
        assert veg_box.CARD.search("Paid by card 4929 3010 5567 4821, as usual.")
        assert not veg_box.CARD.search("Paid by the card ending 4821 on Thursday 10 September 2026, £25.00.")
        assert veg_box.SKIP.search("Want to skip a week? Reply to this email by Tuesday.")
        assert not veg_box.SKIP.search("Any changes to your order can be made in your account.")
        # By hand: 11 November 2026 is a week after 4 November, not the fortnight asked; £19.95 + £3.25 + £4.80 +
        # £0.99 is the £28.99 written; only the card's last four digits are given.
        case = next(c for c in FRESH41_SET if c.id == "veg_box-15")
        assert "| Delivery day | Wednesday 4 November 2026 |" in case.answer
        assert "Your next box is on Wednesday 11 November 2026." in case.answer
        assert (date(2026, 11, 11) - date(2026, 11, 4)).days == 7
        assert "| Total | £28.99 |" in case.answer
        assert Decimal("19.95") + Decimal("3.25") + Decimal("4.80") + Decimal("0.99") == Decimal("28.99")
        assert "Paid by the card ending 7734." in case.answer and not re.search(r"\d{4} \d{4}", case.answer)
        assert {c.kind: c.met for c in case.criteria} == {"next": False, "bill": True, "no_card": True}


class TestTheFresh42Families:
    """Each truth function reads what its switch changed, whatever the other switches are, and
    a few truths checked by hand against answers of the set."""

    def test_each_family_has_16_answers_and_24_criteria_met_and_24_unmet(self):
        assert set(FRESH42) == {"choir_ticket_order", "model_railway_show", "scarecrow_trail", "pond_water_test"}
        for family in FRESH42:
            cases = [case for case in FRESH42_SET if case.id.startswith(f"{family}-")]
            truths = Counter(c.met for case in cases for c in case.criteria)
            assert len(cases) == 16 and truths[True] == truths[False] == 24, (family, truths)
        assert sum(len(case.criteria) for case in FRESH42_SET) == 192

    def test_every_switch_of_the_set_is_checked_over_every_combination(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh42"][1]:
            assert SWITCHED_SUBJECTS[module] == subjects and len(module.SWITCHES) == 9, module.FAMILY
            assert set(module.truths(subjects[0], subjects[0].text)) == set(module.SWITCHES), module.FAMILY

    def test_every_answer_written_right_meets_every_criterion(self):
        for module, subjects in TestTheFamilies.FRESH_SETS["fresh42"][1]:
            for subject in subjects:
                assert all(module.truths(subject, subject.text).values()), (module.FAMILY, subject.name)

    def test_a_welcome_or_summary_is_clear_of_its_limit_however_it_is_counted(self):
        for show in model_railway_show.SHOWS:
            for on, answer in every_answer(model_railway_show, show):
                text = " ".join(section(answer, model_railway_show.WELCOME) or [])
                counts = (model_railway_show.sentences(answer), len(re.findall(r"[.!?]", text)))
                if on["welcome"]:
                    assert max(counts) <= show.limit, (show.name, counts)
                else:
                    assert min(counts) >= show.limit + 2, (show.name, counts)
        for test in pond_water_test.TESTS:
            for on, answer in every_answer(pond_water_test, test):
                text = " ".join(section(answer, pond_water_test.SUMMARY) or [])
                counts = (word_count(text), len([t for t in text.split() if re.search(r"\w", t)]))
                if on["summary"]:
                    assert max(counts) <= test.limit - 5, (test.name, counts)
                else:
                    assert min(counts) >= test.limit + 15, (test.name, counts)

    def test_choir_ticket_order_truths(self):
        tickets = "## Your tickets\n- 3 adult tickets at £12.00: £36.00\n- Booking fee: £1.00\n- Total: £37.00\n"
        assert choir_ticket_order.total_right(tickets)
        assert not choir_ticket_order.total_right(tickets.replace("£37.00", "£36.00"))
        table = "### Tickets\n| Ticket | How many | Amount |\n|---|---|---|\n| Adult | 2 | £16.00 |\n| Total | 2 | £16.00 |\n"
        assert choir_ticket_order.total_right(table)
        assert not choir_ticket_order.total_right("## Your tickets\n- 3 adult tickets at £12.00: £36.00\n")
        doors = "Doors open at 6:45 pm, 45 minutes before the concert starts at 7:30 pm."
        assert choir_ticket_order.doors_right(doors)
        assert not choir_ticket_order.doors_right(doors.replace("6:45 pm", "7:00 pm"))
        assert choir_ticket_order.doors_right("- Doors open at 6:30 pm, 30 minutes before we start at 7:00 pm.")
        assert not choir_ticket_order.doors_right("Doors open at 6:30 pm.\nThe concert starts at 7:00 pm.")
        assert choir_ticket_order.seats_right("You have five seats together in the nave: C7, C8, C9, C10 and C11.")
        assert not choir_ticket_order.seats_right("You have five seats together in the nave: C7, C8, C9 and C10.")
        assert choir_ticket_order.seats_right("Seats: six seats in the gallery, G1, G2, G3, G4, G5 and G6.")
        assert not choir_ticket_order.seats_right("Your five seats are in row B: B3, B4, B5 and B6.")
        assert choir_ticket_order.pieces("## Programme\n- Zadok\n- Messiah\n\n## Your tickets\n- 2 adult\n") == 2
        assert (
            choir_ticket_order.pieces("Programme:\n1. Calon Lân\n2. Myfanwy\n3. Sospan Fach\n\nTickets:\n1. x\n") == 3
        )
        assert choir_ticket_order.contact_heading("**Get in touch**\n- Email the choir at tickets@example.org.")
        assert not choir_ticket_order.contact_heading("## On the night\nEmail the box office with any questions.")
        assert choir_ticket_order.MOBILE.search("Customer: Mrs Eleri Pugh, mobile 07700 900215")
        assert not choir_ticket_order.MOBILE.search("Order: KMVC-117, Friday 16 October 2026, 7:15 pm")
        assert choir_ticket_order.REFUND.search("Refunds: tickets can be refunded up to 7 days before the concert.")
        assert not choir_ticket_order.REFUND.search("Please keep this email: it is your proof of purchase.")
        kingsmead = choir_ticket_order.ORDERS[2]
        named = "KINGSMEAD MALE VOICE CHOIR\nVenue: Kingsmead Methodist Church"
        assert choir_ticket_order.truths(kingsmead, named)["name"]
        assert not choir_ticket_order.truths(kingsmead, named.replace("KINGSMEAD MALE", "KINGSMEADE MALE"))["name"]
        # By hand: £56.00 + £24.00 + £1.20 is £81.20, not the £80.20 written; the buyer's mobile number is given; the
        # doors open at 6:30 pm, 45 minutes before the 7:15 pm start, as written.
        case = next(c for c in FRESH42_SET if c.id == "choir_ticket_order-06")
        assert "4. Total = £80.20" in case.answer and Decimal("56.00") + Decimal("24.00") + Decimal("1.20") == Decimal(
            "81.20"
        )
        assert "Customer: Mrs Eleri Pugh, mobile 07700 900215" in case.answer
        assert "Doors open at 6:30 pm, 45 minutes before the choir begins at 7:15 pm." in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"total": False, "no_phone": False, "doors": True}

    def test_model_railway_show_truths(self):
        table = "## Layouts\n| Layout | Scale |\n|---|---|\n| Ellerby | N |\n| Pinch Halt | OO9 |\n\n## Arrival and set-up\n"
        assert model_railway_show.layouts(table) == 2
        assert (
            model_railway_show.layouts(
                "Layouts:\n1. Porthkennack\n2. Ravensdale\n3. Wharf Street\n\nPacking up:\n1. x\n"
            )
            == 3
        )
        assert (
            model_railway_show.sentences("## Welcome\nThe show is on. We expect 1,200 visitors! Ready?\n\n## Layouts\n")
            == 3
        )
        admission = (
            "Admission: adults £6.00, children £3.00, family ticket (2 adults, 2 children) £15.00, saving £3.00."
        )
        assert model_railway_show.saving_right(admission)
        assert not model_railway_show.saving_right(admission.replace("saving £3.00", "saving £4.00"))
        assert model_railway_show.saving_right(
            "- Adults £5.00, children £2.00, family ticket (2 adults and 3 children) £14.00, saving £2.00."
        )
        assert not model_railway_show.saving_right("Adults £6.00, children £3.00, family ticket £15.00.")
        tables = "- We have 24 tables in all: 16 for layouts, 6 for traders and 2 for the club stand."
        assert model_railway_show.tables_right(tables)
        assert not model_railway_show.tables_right(tables.replace("24 tables", "23 tables"))
        assert model_railway_show.tables_right(
            "2. We have 28 tables in all: 20 for layouts, 7 for traders and 1 for the club stand."
        )
        length = "- Each table is 5 ft (1.52 m) long."
        ft, metres, factor = model_railway_show.FT, model_railway_show.METRES, model_railway_show.METRES_PER_FOOT
        assert converted(length, ft, metres, factor)
        assert not converted(length.replace("1.52 m", "1.65 m"), ft, metres, factor)
        assert model_railway_show.PAT.search("4. All mains leads and transformers must be PAT tested.")
        assert not model_railway_show.PAT.search("- Saltash Road (N, 6 ft × 2 ft), by Pat Wilde, who is patient.")
        assert model_railway_show.THANKS.search("- Thank you for bringing your layouts.")
        assert not model_railway_show.THANKS.search("We look forward to seeing you in March.")
        plan = "## Arrival and set-up\n- Unload at the side door.\n\n## Packing up\n- Not before 4:00 pm.\n"
        assert heading_order(plan, model_railway_show.SET_UP, model_railway_show.PACKING)
        assert not heading_order(
            plan.replace("set-up", "setting off"), model_railway_show.SET_UP, model_railway_show.PACKING
        )
        # By hand: 5 ft is 1.52 m, not the 1.65 m written; two adults and two children pay £14.00 separately, £2.00 more
        # than the £12.00 family ticket, not the £3.00 written; the manager's name is McAllister both times.
        case = next(c for c in FRESH42_SET if c.id == "model_railway_show-05")
        assert "- Each table is 5 ft (1.65 m) long." in case.answer and round(5 * 0.3048, 2) == 1.52
        assert "family ticket (2 adults, 2 children) £12.00, saving £3.00." in case.answer and 2 * 5 + 2 * 2 - 12 == 2
        assert case.answer.count("Rhona McAllister") == 2 and "McAlister" not in case.answer
        assert {c.kind: c.met for c in case.criteria} == {"conversion": False, "saving": False, "name": True}

    def test_scarecrow_trail_truths(self):
        table = "## The trail\n| No. | Scarecrow |\n|---|---|\n| 1 | Humpty |\n| 2 | Bo Peep |\n\nDon't go in.\n\n## How to vote\n"
        assert scarecrow_trail.stops(table) == 2
        assert (
            scarecrow_trail.stops("**The trail**\n1. Shrek\n2. Elsa\n3. Paddington\n\n**How to vote**\n- Tick\n") == 3
        )
        assert scarecrow_trail.parking_heading("### Parking\nThe farm shop car park is free.")
        assert not scarecrow_trail.parking_heading("## When and where\nFree parking at the playing fields.")
        private = "The scarecrows are in gardens along the route: please don't go into private gardens."
        assert scarecrow_trail.gardens_kept(private)
        assert not scarecrow_trail.gardens_kept("The scarecrows are in gardens along the route: take your litter home.")
        assert scarecrow_trail.gardens_kept("The scarecrows stand in front gardens, which are private.")
        share = "Last year's trail raised £1,240.00, and 25% of it (£310.00) paid for new books."
        assert scarecrow_trail.share_right(share)
        assert not scarecrow_trail.share_right(share.replace("£310.00", "£320.00"))
        assert scarecrow_trail.share_right(
            "- In 2025 the festival raised £960.00, and 50% of it (£480.00) went on swings."
        )
        assert not scarecrow_trail.share_right("Last year's trail raised £1,240.00 for the school.")
        route = "**Route:** a loop of 2.4 km (1.5 miles), starting at the church"
        km, miles, factor = scarecrow_trail.KM, scarecrow_trail.MILES, scarecrow_trail.MILES_PER_KM
        assert converted(route, km, miles, factor)
        assert not converted(route.replace("1.5 miles", "3.9 miles"), km, miles, factor)
        assert weekdays_right("- Opens: Saturday 22 August 2026\n- Closes: Monday 31 August 2026 (bank holiday)")
        assert not weekdays_right("- Opens: Saturday 22 August 2026\n- Closes: Sunday 31 August 2026 (bank holiday)")
        wenford = scarecrow_trail.TRAILS[1]
        assert scarecrow_trail.truths(wenford, "Meet the scarecrows of Wenford.")["no_exclaim"]
        assert not scarecrow_trail.truths(wenford, "Meet the scarecrows of Wenford!")["no_exclaim"]
        # By hand: 31 August 2026 is a Monday, not the Sunday written; the parking line has no heading of its own;
        # 3.2 km is 2.0 miles, not the 2.5 written.
        case = next(c for c in FRESH42_SET if c.id == "scarecrow_trail-09")
        assert "- Closes: Sunday 31 August 2026 (bank holiday)" in case.answer and f"{date(2026, 8, 31):%A}" == "Monday"
        assert "- Free parking at the playing fields" in case.answer and "Parking**" not in case.answer
        assert "The route is 3.2 km (2.5 miles)" in case.answer and round(3.2 * 0.621371, 1) == 2.0
        assert {c.kind: c.met for c in case.criteria} == {"weekday": False, "heading": False, "distance": False}

    def test_pond_water_test_truths(self):
        table = "## Results\n| Test | Reading |\n|---|---|\n| Ammonia | 0 mg/l |\n| pH | 7.8 |\n\n## What to do\n- Feed less\n"
        assert pond_water_test.readings(table) == 2
        assert (
            pond_water_test.readings("Results:\n1. Ammonia: 0\n2. Nitrite: 0\n3. pH: 7.4\n\nWhat to do:\n1. x\n") == 3
        )
        dose = "- Add filter bacteria at 10 ml per 1,000 litres, so 120 ml for your 12,000 litres."
        assert pond_water_test.dose_right(dose)
        assert not pond_water_test.dose_right(dose.replace("120 ml", "12 ml"))
        assert pond_water_test.dose_right(
            "4. Add barley straw extract at 50 ml per 1,000 litres, so 225 ml for 4,500 litres."
        )
        assert not pond_water_test.dose_right("- Add filter bacteria, 120 ml for your 12,000 litres.")
        okonkwo = pond_water_test.TESTS[0]
        dated = "**Tested:** Saturday 13 June 2026\n- Test again in 7 days, on Saturday 20 June 2026."
        assert pond_water_test.retest_right(okonkwo, dated)
        assert not pond_water_test.retest_right(okonkwo, dated.replace("20 June", "19 June"))
        assert not pond_water_test.retest_right(okonkwo, "**Tested:** Saturday 13 June 2026\n- Test again next week.")
        volume = "**Pond:** koi pond, 12,000 litres (2,640 gallons), nine koi"
        litres, gallons, factor = pond_water_test.LITRES, pond_water_test.GALLONS, pond_water_test.GALLONS_PER_LITRE
        assert converted(volume, litres, gallons, factor)
        assert not converted(volume.replace("2,640", "2,460"), litres, gallons, factor)
        assert pond_water_test.DECHLORINATOR.search("- Change a fifth of the water with a tap water conditioner.")
        assert not pond_water_test.DECHLORINATOR.search("- Top the pond up with tap water as it evaporates.")
        assert pond_water_test.FEED_LESS.search("- Feed them less: a pinch once a day.")
        assert pond_water_test.FEED_LESS.search("2. Stop feeding the sticklebacks.")
        assert not pond_water_test.FEED_LESS.search("The phosphate feeds the blanket weed; leftover food adds to it.")
        assert pond_water_test.FORMULA.search("- Nitrate (NO3): 30 mg/l")
        assert not pond_water_test.FORMULA.search("| KH (carbonate hardness) | 6 °dH | pH 7.8 | Nitrite 0.5 mg/l |")
        # By hand: the results come before what to do; the summary runs far past 45 words; 4,500 litres is about 990
        # gallons, not the 1,125 written.
        case = next(c for c in FRESH42_SET if c.id == "pond_water_test-14")
        assert case.answer.index("\nResults:\n") < case.answer.index("\nWhat to do:\n")
        summary = case.answer.split("Summary:\n")[1].split("\n\n")[0]
        assert len(summary.split()) > 80
        assert "4,500 litres (1,125 gallons)" in case.answer and round(4500 * 0.219969) == 990
        assert {c.kind: c.met for c in case.criteria} == {"order": True, "summary": False, "gallons": False}


class TestTheLabelsFile:
    def test_the_committed_file_is_what_the_generator_writes(self):
        committed = (ROOT / "rubricflow" / "labels" / "judge.jsonl").read_text(encoding="utf-8")
        assert committed == labels_text(), (
            "regenerate: python -m benchmarks.labels --write rubricflow/labels/judge.jsonl"
        )

    def test_one_answer_per_line_in_the_calibrate_format(self):
        lines = labels_text().splitlines()
        assert len(lines) == len(ALL)
        for line, case in zip(lines, ALL, strict=True):
            row = json.loads(line)
            assert list(row) == ["id", "request", "answer", "rubric", "labels", "families"]
            assert row["id"] == case.id and row["request"] == case.task and row["answer"] == case.answer
            names = [entry.removeprefix("- ") for entry in row["rubric"].split("\n")]
            assert names == list(row["labels"]) == list(row["families"])
            assert row["labels"] == {c.text: c.met for c in case.criteria}

    def test_the_installed_package_finds_it(self):
        """(That the wheel holds it: tests/test_packaging.py.)"""
        assert labels_file().read_text(encoding="utf-8") == labels_text()


class TestBehaviourByRunningTheCode:
    def test_each_implementation_fails_exactly_the_checks_it_was_written_to_fail(self):
        for fn in behaviour.FUNCTIONS:
            for variant in fn.variants:
                truths = behaviour.truths(fn, variant.code)
                assert {k for k, ok in truths.items() if not ok} == set(variant.fails), (fn.name, variant.code)

    def test_a_function_that_mutates_its_input_is_caught(self):
        mutates = "def f(xs):\n    xs.sort()\n    return xs"
        copies = "def f(xs):\n    return sorted(xs)"
        probe = [
            {"kind": "not_mutated", "args": [[3, 1, 2]]},
            {"kind": "returns", "args": [[3, 1, 2]], "expect": [1, 2, 3]},
        ]
        assert run_probes(mutates, "f", probe) == [False, True]
        assert run_probes(copies, "f", probe) == [True, True]

    def test_raises_wants_the_named_error_and_a_value_wants_no_error(self):
        code = "def f(x):\n    print('noise')\n    return 1 / x"
        probes = [
            {"kind": "raises", "args": [0], "error": "ZeroDivisionError"},
            {"kind": "raises", "args": [0], "error": "ValueError"},
            {"kind": "raises", "args": [1], "error": "ValueError"},
            {"kind": "returns", "args": [0], "expect": 0},
            {"kind": "returns", "args": [4], "expect": 0.25},
            {"kind": "no_repeats", "args": [4]},
        ]
        assert run_probes(code, "f", probes) == [True, False, False, False, True, False]

    def test_code_that_does_not_define_the_function_answers_false(self):
        probes = [{"kind": "returns", "args": [[]], "expect": []}, {"kind": "not_mutated", "args": [[]]}]
        assert run_probes("def g(xs):\n    return xs", "f", probes) == [False, False]
        assert run_probes("def f(xs) return xs", "f", probes) == [False, False]

    def test_a_bool_is_not_a_number(self):
        code = "def f(x):\n    return x > 0"
        assert run_probes(code, "f", [{"kind": "returns", "args": [5], "expect": 1}]) == [False]

    def test_code_that_never_ends_fails_generation_instead_of_hanging(self):
        with pytest.raises(AnswerCodeError, match="ran past"):
            run_probes(
                "def f(xs):\n    while True:\n        pass",
                "f",
                [{"kind": "returns", "args": [[]], "expect": []}],
                timeout=3,
            )

    def test_the_answers_code_is_what_the_truth_ran(self):
        case = next(c for c in NEW if c.id == "behaviour-dedupe-3")
        assert "items.pop(i)" in case.answer
        assert any(c.kind == "pure" and not c.met for c in case.criteria)


class TestTruthFunctions:
    def test_inline_numbers(self):
        assert numbers.numbers_in("Here you go: 11, 13, 17") == [11, 13, 17]
        assert numbers.numbers_in("Here are three primes:\n\n11, 13, 17.") == [11, 13, 17]
        assert numbers.is_prime(2) and numbers.is_prime(97) and not numbers.is_prime(1) and not numbers.is_prime(91)
        assert (
            numbers.ascending([11, 13, 17]) and not numbers.ascending([11, 11, 13]) and not numbers.ascending([13, 11])
        )

    def test_a_stated_total_one_off_is_wrong(self):
        assert arithmetic.stated_is_correct("3,735", Fraction(3735), 0)
        assert not arithmetic.stated_is_correct("3,734", Fraction(3735), 0)
        assert arithmetic.stated_is_correct("$648.00", Fraction(648), 2)
        assert not arithmetic.stated_is_correct("$648.01", Fraction(648), 2)
        assert arithmetic.stated_is_correct("12.3%", Fraction(1234, 100), 1)
        assert not arithmetic.stated_is_correct("12.4%", Fraction(1234, 100), 1)
        assert arithmetic.stated_is_correct("-11.1%", Fraction(-1111, 100), 1)
        assert arithmetic.on_tie(Fraction(1375, 100), 1) and not arithmetic.on_tie(Fraction(1374, 100), 1)

    def test_a_wrong_divisor_is_a_wrong_value_but_not_a_wrong_step(self):
        work = arithmetic.total_and_average(random.Random(1), "divisor")
        said, exact, places = work.stated["average"]
        assert not arithmetic.stated_is_correct(said, exact, places)
        total_said, total_exact, _ = work.stated["total"]
        assert arithmetic.stated_is_correct(total_said, total_exact, 0)

    def test_a_heading_without_substance_does_not_say_it(self):
        markers = {
            "impact": lambda inc: inc.impact,
            "window": lambda inc: f"{inc.start} UTC",
            "cause": lambda inc: inc.cause,
            "fix": lambda inc: inc.fix,
            "actions": lambda inc: inc.actions[0][0],
        }
        for part, marker in markers.items():
            for state in ("full", "vague", "empty", "absent"):
                states = {p: "full" for p in ("impact", "window", "cause", "fix", "actions", "owners")}
                states[part] = state
                if part == "actions" and state == "vague":
                    continue
                rng = random.Random(7)
                _task, answer, criteria = substance.incident(rng, states)
                inc = next(i for i in substance.INCIDENTS if f"Incident report: {i.service}" in answer)
                truth = dict((kind, met) for kind, met, _ in criteria)
                assert truth[part] is (state == "full"), (part, state)
                assert (marker(inc) in answer) is (state == "full"), (part, state, answer)
                if state == "empty":
                    title = {"impact": "Impact", "window": "Timeline", "cause": "Root cause", "fix": "Resolution"}.get(
                        part, "Follow-up actions"
                    )
                    assert title in answer

    def test_prose_counts(self):
        assert text.sentence_count("One two. Three four! Five six? Seven") == 3
        assert text.sentence_count("In short, a cache is fast. It helps!") == 2
        assert text.paragraph_count("a b.\n\nc d.\n  \ne f.") == 3
        assert len(text.words("A colleague's pull request, reviewed.")) == 5
        assert text.bullet_count("Intro:\n\n- one\n- two\n1. three\nplain") == 3
        assert text.starts_with("In short, yes.", "in short") and not text.starts_with("# T\n\nIn short", "In short")
        assert text.all_lowercase("here is the gist: yes.") and not text.all_lowercase("Here")
        assert text.ends_with_question("Does that help?\n") and not text.ends_with_question("Done.")

    def test_a_5_7_6_haiku_is_not_5_7_5(self):
        poem = ["Cold wind in the pines", "Children run to catch the flakes", "The first snow is falling"]
        assert [verse.syllables(line) for line in poem] == [5, 7, 6]
        truths = {kind: truth for kind, truth, _, _ in verse.haiku_criteria(random.Random(0), poem)}
        assert truths["five_seven_five"] is False and truths["middle_seven"] is True and truths["last_five"] is False

    def test_every_haiku_line_is_counted_from_the_table_and_each_flawed_line_is_one_off(self):
        for _theme, lines, off in verse.HAIKUS:
            assert [verse.syllables(line) for line in lines] == [5, 7, 5]
            for where, line in off.items():
                assert abs(verse.syllables(line) - verse.syllables(lines[where])) == 1, line
        with pytest.raises(KeyError):
            verse.syllables("an unlisted fire")

    def test_rhymes_come_from_the_table(self):
        assert verse.rhymes("The harbour settles into night", "The last boat shows a single light")
        assert not verse.rhymes("A single boat heads out to sea", "The tide rolls out across the bay")
        assert not verse.rhymes("out to sea", "out to sea")
        aabb = [
            "The tide rolls out across the bay",
            "The morning fog has burned away",
            "The waves come rolling to the shore",
            "The wind is louder than before",
        ]
        assert verse.follows("AABB", aabb) and not verse.follows("ABAB", aabb)

    def test_negations(self):
        assert not text.uses_word("Rotate every key.", "very") and text.uses_word("A very common mistake.", "very")
        assert text.uses_word("Redis can cache them.", "redis") and not text.uses_word("Redistribute them.", "Redis")
        assert (
            text.has_code("Run:\n\n```bash\nls\n```") and text.has_code("Call `f()`.") and not text.has_code("No code.")
        )
        assert text.has_heading("## Title\n\nText") and not text.has_heading("#hashtag")
        assert text.has_link("See https://example.com.") and not text.has_link("See the docs.")

    def test_code_style(self):
        code = 'def addTwo(a, b, c, d):\n    # a comment\n    return "%s" % (a,)\n\n\nprint(addTwo(1, 2, 3, 4))\n'
        assert not code_style.snake_case(code) and code_style.max_params(code) == 4
        assert not code_style.uses_fstrings_only(code) and not code_style.main_guarded(code)
        assert code_style.has_comment(code) and not code_style.uses_global(code)
        guarded = 'def add(a):\n    return f"{a}"\n\n\nif __name__ == "__main__":\n    print(add(1))\n'
        assert code_style.snake_case(guarded) and code_style.uses_fstrings_only(guarded)
        assert code_style.main_guarded(guarded) and not code_style.has_comment(guarded)
        for case in (c for c in build_set("held") if c.id.startswith("code_style")):  # every answer's code runs
            subprocess.run([sys.executable, "-c", code_style.code_of(case.answer)], check=True, capture_output=True)

    def test_email(self):
        text = "Subject: Budget\n\nHi Priya,\n\nCan we meet? Thanks.\n\nBest regards,\nTomas"
        assert email.first_line(text).startswith("Subject:") and email.greeting_names(text, "Priya")
        assert email.questions(text) == 1 and email.signed_by(text, "Tomas")
        assert not email.greeting_names("Hello,\n\nHi Priya.", "Priya") and not email.signed_by(text, "Priya")

    def test_sql(self):
        query = (
            "select *\nfrom orders o\nJOIN customers c ON c.id = o.customer_id\nORDER BY o.created_at DESC\nLIMIT 10;"
        )
        assert sql.selects_star(query) and sql.joins(query, "customers") and not sql.joins(query, "agents")
        assert sql.newest_first(query, "o.created_at") and sql.limit_of(query) == 10
        assert not sql.keywords_upper(query) and sql.keywords_upper(
            query.replace("select", "SELECT").replace("from", "FROM")
        )

    def test_commit_message(self):
        message = "Fixed the parser.\nIt reads empty files now.\n\nRefs #12"
        assert commit_message.subject_of(message) == "Fixed the parser."
        assert commit_message.body_lines(message) == ["It reads empty files now."]
        assert not commit_message.blank_after_subject(message)
        assert commit_message.blank_after_subject("Fix it\n\nBody")

    def test_comparison_table(self):
        answer = "Here:\n\n| Model | Price (USD) |\n|---|:---:|\n| **A** | $1,299 |\n| B | 899 |\n\nI would pick A."
        assert comparison_table.table_rows(answer) == [["Model", "Price (USD)"], ["**A**", "$1,299"], ["B", "899"]]
        assert comparison_table.price_of("$1,299") == 1299

    def test_action_items(self):
        answer = (
            "Done.\n\n## Action items\n\n- BLOCKED: @li Get legal sign-off on the pricing terms, due 2027-04-14\n"
            "- Send the beta survey, due 9 April"
        )
        items = action_items.action_items(answer)
        assert items == [
            "BLOCKED: @li Get legal sign-off on the pricing terms, due 2027-04-14",
            "Send the beta survey, due 9 April",
        ]
        assert action_items.due_dates(items, action_items.MEETINGS[0]) == [date(2027, 4, 14), date(2027, 4, 9)]

    def test_service_config(self):
        yaml = "server:\n  port: 8080\n  # why\ntls:\n    enabled: true\n"
        assert service_config.value_of(yaml, "port") == "8080" and service_config.value_of(yaml, "enabled") == "true"
        assert service_config.value_of(yaml, "level") is None and service_config.indents(yaml) == {2, 4}

    def test_release_notes(self):
        answer = (
            "## 2.4.0 (2026-11-02)\n\n### Fixed\n\n- a fix (#1) [OPS-2]\n- Another\n\n### Breaking changes\n\n- Gone."
        )
        assert release_notes.section(answer, "Fixed") == ["a fix (#1) [OPS-2]", "Another"]
        assert release_notes.section(answer, "Breaking changes") == ["Gone."]
        assert release_notes.section(answer, "Added") == [] and release_notes.heading(answer) == "## 2.4.0 (2026-11-02)"
        assert release_notes.INTERNAL_ID.search(answer) and not release_notes.INTERNAL_ID.search("(#123) in 2.4.0")

    def test_recipe(self):
        answer = "# Soup\n\n## Ingredients\n\n- 1.25 cups cream\n- Leeks\n\n## Method\n\n1. Heat.\n- Stir.\n"
        assert recipe.section(answer, "Ingredients") == ["1.25 cups cream", "Leeks"]
        assert recipe.section(answer, "Method") == ["Heat.", "Stir."]
        assert recipe.AMOUNT.match("1.25 cups cream") and recipe.AMOUNT.match("12 sheets")
        assert not recipe.AMOUNT.match("Leeks")

    def test_api_docs(self):
        answer = '## GET /x\n\n### Parameters\n\n- `a` (required): A\n- `b`: B\n\n```json\n{"a": 1,\n}\n```'
        assert api_docs.section(answer, "Parameters") == ["`a` (required): A", "`b`: B"]
        assert api_docs.section(answer, "Errors") == [] and api_docs.fenced(answer, "bash") is None
        assert not api_docs.parses(api_docs.fenced(answer, "json")) and api_docs.parses('{"a": 1}')

    def test_incident_update(self):
        answer = "**Monitoring**: Uploads (Resolved soon)\n\nSince 22:15 UTC, slow.\n\nNext update by 23:45 UTC."
        assert incident_update.status_of(answer) == "Monitoring"
        assert incident_update.status_of("Uploads\nResolved") is None
        assert incident_update.in_utc(answer, "22:15") and not incident_update.in_utc("Since 22:15, slow.", "22:15")
        assert incident_update.NEXT_UPDATE.search(answer) and not incident_update.NEXT_UPDATE.search("Since 22:15 UTC")
        assert incident_update.PROMISED_FIX.search("fixed by 23:30 UTC")
        assert not incident_update.PROMISED_FIX.search(answer)
        assert incident_update.listed(("A", "B", "C")) == "A, B and C" and incident_update.listed(("A",)) == "A"

    def test_bug_report(self):
        answer = "# `repokit mirror` crashes\n\n1. Run it.\n2. Wait.\n3. See.\n\n## Expected\n\nOk.\n\n**Actual:** no\n"
        assert bug_report.title_of(answer) == "`repokit mirror` crashes" and bug_report.numbered_steps(answer) == 3
        assert bug_report.numbered_steps("I ran it, waited and saw it.\n- a\n- b") == 0
        assert bug_report.labelled(answer, "Expected") and bug_report.labelled(answer, "Actual")
        assert not bug_report.labelled("## What happens\n\nI expected it to work.", "Expected")
        assert bug_report.has_version("- Version: 2.4.1", "2.4.1")
        assert not bug_report.has_version("- Version: 2.4", "2.4.1") and not bug_report.has_version("2.4.10", "2.4.1")
        assert bug_report.has_os("OS: Windows 11", "Windows 11") and not bug_report.has_os("OS: Windows", "Windows 11")
        assert bug_report.fenced_blocks("Error:\n\n```\nKeyError: 'x'\n```") == ["KeyError: 'x'\n"]
        assert bug_report.fenced_blocks("The error is `KeyError: 'x'`") == []
        assert bug_report.SECRET.search('token = "ghp_4fQk9ZrT2mWx7LbN1cVd8HsJ0pYe"')
        assert bug_report.SECRET.search("password = Tr0ub4dor-3")
        assert not bug_report.SECRET.search('password = ********\ntoken = "<redacted>"')

    def test_json(self):
        assert json_output.parsed('Here:\n\n```json\n{"a": 1}\n```') == {"a": 1}
        assert json_output.parsed('```json\n{"a": 1,}\n```') is None
        assert json_output.parsed("{'a': 1}") is None
        assert json_output.raw_json_only('{"a": 1}') and not json_output.raw_json_only('```json\n{"a": 1}\n```')

    def test_dates_and_units(self):
        assert date(2026, 4, 24).strftime("%A") == "Friday"
        work = dates_units.days_between(random.Random(3), "first")
        assert {kind: truth for kind, truth, _ in work.truths} == {"days": False, "weekday": True}
        work = dates_units.conversions(random.Random(3), "second")
        assert {kind: truth for kind, truth, _ in work.truths} == {"miles_km": True, "f_to_c": False}
        work = dates_units.duration(random.Random(3), "first")
        assert {kind: truth for kind, truth, _ in work.truths} == {"duration": False, "minutes": False}

    def test_table_claims(self):
        table = table_claims.Table({"North": (500, 450), "East": (300, 420), "West": (600, 640), "South": (200, 230)})
        assert table.top_q2() == "West" and table.low_q1() == "South" and table.grew_most() == "East"
        assert table.fell() == {"North"} and table_claims.unambiguous(table)
        tied = table_claims.Table({"North": (500, 600), "East": (300, 400), "West": (600, 500), "South": (200, 230)})
        assert not table_claims.unambiguous(tied)

    def test_ordering(self):
        ask = ordering.ASKS[1]
        assert ordering.items_in("1. Dana\n2. Ivo (x)\n3. Lea") == ["Dana", "Ivo", "Lea"]
        assert ordering.items_in("In order: Seoul, Cairo (22.6), Lagos.") == ["Seoul", "Cairo", "Lagos"]
        assert ordering.in_order(ask, ["Dana", "Ivo", "Lea"]) and not ordering.in_order(ask, ["Ivo", "Dana"])


class TestFamiliesInTheRunner:
    def test_a_family_name_selects_its_cases_and_menu_selects_every_menu_kind(self):
        assert in_families("menu:docstring", ["menu"]) and not in_families("menu:docstring", ["behaviour"])
        assert in_families("verse", None)
        chosen = select(ALL, ["verse", "negation"])
        assert chosen and all(case.families <= {"verse", "negation"} for case in chosen)
        assert len(select(ALL, ["menu"])) == len(CASES)
        with pytest.raises(ValueError, match="unknown family nope: known are menu:docstring"):
            select(ALL, ["nope"])

    def test_figures_per_family_and_only_those_asked(self):
        rows = [
            {
                "seconds": 1.0,
                "tokens": 1,
                "error": False,
                "verdict_right": False,
                "criteria": [
                    {"kind": "k", "family": "verse", "truth": False, "passed": True, "decided_by": None},
                    {"kind": "k", "family": "verse", "truth": True, "passed": True, "decided_by": None},
                    {"kind": "j", "family": "negation", "truth": True, "passed": False, "decided_by": None},
                    {"kind": "j", "family": "negation", "truth": False, "passed": False, "unverified": True},
                ],
            }
        ]
        both = score(rows)
        assert both["by_family"]["verse"] == {
            "criteria": 2,
            "unmet": 1,
            "decided": 2,
            "accuracy": 0.5,
            "unmet_passed": 1,
            "met_failed": 0,
            "unverified": 0,
            "unmet_passed_rate": 1.0,
            "met_failed_rate": 0.0,
            "unverified_rate": 0.0,
        }
        negation = both["by_family"]["negation"]
        # The unverified one is neither right nor wrong: accuracy is over the decided one.
        assert (negation["met_failed"], negation["unverified"], negation["decided"]) == (1, 1, 1)
        assert (negation["accuracy"], negation["unverified_rate"], negation["met_failed_rate"]) == (0.0, 0.5, 1.0)
        verse_only = score(rows, ["verse"])
        assert verse_only["criteria"] == 2 and list(verse_only["by_family"]) == ["verse"]

    def test_an_unknown_family_is_refused_before_anything_starts(self):
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks", "judge", "--families", "nope"],
            capture_output=True,
            text=True,
            timeout=240,
        )
        assert done.returncode == 2
        assert "unknown family nope" in done.stderr and "Traceback" not in done.stderr
