"""The judge benchmark's sets run alone (`--set NAME`), never in `all`: the held-out families and the documents'
tuning families of `benchmarks.families`, and the fresh sets, in the order they were written (`fresh`, then `fresh2`
onwards).

A fresh set is four families of kinds of document the project had never graded, written before any rule was drawn
from the records of the sets before it (from fresh3 on by a writer who read none of the grader), so a figure on it says
how a grader does on documents none of its rules was written with. Each set's docstring names its kinds;
docs/grading.md says when each was written and graded.

Each family draws from its own seeded stream, so a set's cases are the same whichever module lists it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from benchmarks.families import DOCS, HELD_OUT
from benchmarks.labelled import JudgeCase


def _families(*modules: str) -> dict[str, Callable[[], list[JudgeCase]]]:
    """Each named module of `benchmarks.families` by its family name, to its cases."""
    loaded = [importlib.import_module(f"benchmarks.families.{name}") for name in modules]
    return {module.FAMILY: module.cases for module in loaded}


FRESH = _families("shell_script", "quiz", "product_description", "csv_export")
"""A shell script, a quiz, a product description, a CSV export (`--set fresh`)."""


FRESH2 = _families("dockerfile", "word_problem", "html_form", "social_post")
"""A Dockerfile, a worked maths word problem, an HTML form, a social media post (`--set fresh2`)."""


FRESH3 = _families("cover_letter", "regex_answer", "travel_itinerary", "yaml_ci_pipeline")
"""A cover letter, a regular expression with its test, a travel itinerary, a CI workflow in YAML (`--set fresh3`)."""


FRESH4 = _families("press_release", "pytest_file", "makefile", "faq_page")
"""A press release, a pytest test module, a Makefile, a Markdown FAQ page (`--set fresh4`)."""


FRESH5 = _families("user_story", "python_class", "ui_error_messages", "meeting_agenda")
"""An agile user story, a Python class, a product's error messages, a meeting agenda (`--set fresh5`)."""


FRESH6 = _families("research_abstract", "lesson_plan", "acrostic_poem", "cli_readme")
"""A research paper's abstract, a lesson plan, an acrostic poem, a command-line tool's README (`--set fresh6`)."""


FRESH7 = _families("changelog_entry", "sql_migration", "product_comparison", "limerick")
"""A changelog entry, a SQL migration, a product comparison, a limerick (`--set fresh7`)."""


FRESH8 = _families("status_report", "crontab", "glossary", "code_review")
"""A weekly team status report, a crontab, a Markdown glossary, a code review of a short diff (`--set fresh8`)."""


FRESH9 = _families("bibliography", "terraform_module", "interview_guide", "packing_list")
"""An APA 7 reference list, a Terraform configuration, a structured interview guide, a Markdown packing checklist
(`--set fresh9`)."""


FRESH10 = _families("onboarding_checklist", "nginx_config", "recipe_scaling", "sprint_retro")
"""A new employee's first-week onboarding plan, an nginx server configuration, a recipe scaled to other servings, a
sprint retrospective summary (`--set fresh10`)."""


FRESH11 = _families("invoice", "k8s_deployment", "runbook", "workout_plan")
"""A freelancer's invoice, a Kubernetes Deployment and Service in YAML, an on-call runbook for an alert, a weekly
workout plan (`--set fresh11`)."""


FRESH12 = _families("data_dictionary", "systemd_unit", "test_plan", "event_budget")
"""A data dictionary for a table, a systemd service unit, a QA test plan for a feature, an event's budget (`--set
fresh12`)."""


FRESH13 = _families("postmortem", "dns_zone", "course_syllabus", "loan_schedule")
"""An incident postmortem, a DNS zone file in BIND format, a university course syllabus, a loan's amortization schedule
(`--set fresh13`)."""


FRESH14 = _families("ssh_config", "lab_report", "shipping_quote", "accessibility_audit")
"""An OpenSSH client config, a science lab report, a freight shipping quote, a web accessibility audit (`--set
fresh14`)."""


FRESH15 = _families("gitignore", "bill_of_materials", "league_table", "nutrition_label")
"""A project's .gitignore, an electronics bill of materials, a sports league table, a Nutrition Facts label (`--set
fresh15`)."""


FRESH16 = _families("requirements_txt", "timesheet", "seating_plan", "medication_schedule")
"""A pinned Python requirements.txt, a weekly timesheet, a wedding seating plan, a daily medication schedule (`--set
fresh16`)."""


FRESH17 = _families("env_file", "exam_timetable", "git_log_summary", "shopping_receipt")
"""A web service's .env file, a school exam timetable, a weekly summary of a repository's commits, a shop's till receipt
(`--set fresh17`)."""


FRESH18 = _families("purchase_order", "flight_booking", "grant_budget", "conference_schedule")
"""A purchase order to a supplier, a flight booking confirmation, a research grant's budget justification, a one-day
conference programme (`--set fresh18`)."""


FRESH19 = _families("bank_reconciliation", "staff_rota", "dunning_letter", "payslip")
"""A month-end bank reconciliation, a week's staff rota, a first reminder about overdue invoices, an employee's monthly
payslip (`--set fresh19`)."""


FRESH20 = _families("vehicle_service", "vaccination_record", "asset_register", "electricity_bill")
"""A car's service record, a vaccination record, an office's IT asset register, a check of an electricity bill against
the meter readings (`--set fresh20`)."""


FRESH21 = _families("stock_take", "deposit_return", "mileage_claim", "train_timetable")
"""A shop's stock take count sheet, a landlord's deposit return statement, an employee's monthly mileage claim, a
train's timetable (`--set fresh21`)."""


FRESH22 = _families("clinic_letter", "fixture_list", "route_card", "sample_log")
"""A clinic's appointment letter for a procedure, a sports team's season fixture list, a walk leader's route card, a
testing lab's sample receipt log (`--set fresh22`)."""


FRESH23 = _families("agm_notice", "renovation_schedule", "expense_split", "calibration_certificate")
"""A notice of an annual general meeting, a builder's schedule of works, a summary of a shared trip's costs and who owes
whom, an instrument's calibration certificate (`--set fresh23`)."""


FRESH24 = _families("pet_boarding", "trip_consent", "room_bookings", "car_hire")
"""A kennel's or cattery's booking confirmation, a school's trip letter with its consent form, a week's meeting room
booking sheet, a car hire confirmation (`--set fresh24`)."""


FRESH25 = _families("dental_estimate", "rent_increase", "venue_quote", "job_sheet")
"""A dental practice's treatment plan and estimate, a tenancy's rent increase notice, a wedding venue's quote, a
plumber's job sheet (`--set fresh25`)."""


FRESH26 = _families("install_guide", "spec_sheet", "match_report", "lab_procedure")
"""An install guide for a self-hosted service, a product's spec sheet with its units, a football match report, a lab
procedure for making up a solution and diluting it (`--set fresh26`)."""


FRESH27 = _families("exhibit_label", "reference_letter", "code_of_conduct", "deprecation_notice")
"""A museum exhibit label, a job reference letter, a community's code of conduct, an API deprecation notice; criteria
mostly about words (`--set fresh27`)."""


FRESH28 = _families("talk_proposal", "warranty_claim", "shift_handover", "show_notes")
"""A conference talk proposal, a warranty claim letter, a volunteer's shift handover note, a podcast episode's show
notes; criteria half words, half figures (`--set fresh28`)."""


FRESH29 = _families("vet_discharge", "parking_appeal", "rehearsal_plan", "boat_charter")
"""A vet's discharge note, a parking fine appeal, a rehearsal plan, a boat charter confirmation (`--set fresh29`)."""


FRESH30 = _families("allergen_menu", "swim_report", "planting_calendar", "fun_run_results")
"""A restaurant's allergen menu card, a child's swimming progress report, a garden planting calendar, a charity fun
run's results sheet (`--set fresh30`)."""


FRESH31 = _families("insurance_renewal", "school_newsletter", "party_invitation", "property_listing")
"""A home insurance renewal letter, an item for a school newsletter, a party invitation, a letting agent's property
listing (`--set fresh31`)."""


FRESH32 = _families("donation_receipt", "babysitter_note", "concert_programme", "hotel_group_booking")
"""A charity's donation receipt, a parent's note for a babysitter, a choir's concert programme, a hotel's group
booking confirmation (`--set fresh32`)."""


FRESH33 = _families("removals_quote", "library_overdue", "bike_repair", "holiday_let_guide")
"""A removals firm's quote, a library's overdue notice, a bike shop's repair estimate, a holiday let's welcome guide
(`--set fresh33`)."""


FRESH34 = _families("boiler_service", "garden_plot", "bin_day_changes", "parents_evening")
"""A heating engineer's boiler service report, a community garden's plot allocation letter, a council's notice of bin
collections moved by a bank holiday, a school's parents' evening appointment confirmation (`--set fresh34`)."""


FRESH35 = _families("dog_grooming", "window_cleaning", "lost_property", "piano_tuning")
"""A dog groomer's appointment confirmation, a window cleaner's round notice, a venue's lost property report, a
piano tuner's visit report (`--set fresh35`)."""


FRESH36 = _families("chimney_sweep", "tenancy_inventory", "celebration_cake", "planning_objection")
"""A chimney sweep's sweeping certificate, a tenancy's check-in inventory, a bakery's celebration cake order
confirmation, a neighbour's letter objecting to a planning application (`--set fresh36`)."""


FRESH37 = _families("hall_hire", "driving_lesson", "absence_request", "raffle_draw")
"""A church or village hall's hire confirmation, a driving instructor's lesson progress note, a parent's letter asking
for a child's leave of absence in term time, a charity raffle's results notice (`--set fresh37`)."""


FRESH38 = _families("uniform_swap", "childminder_diary", "holiday_club", "litter_pick")
"""A school PTA's uniform swap shop flyer, a childminder's daily diary for a parent, a children's holiday club booking
confirmation, a volunteer leader's briefing for a community litter pick (`--set fresh38`)."""


FRESH39 = _families("knitting_pattern", "bird_count", "car_boot_booking", "book_club_schedule")
"""A yarn shop's knitting pattern, the write-up of a bird count, a car boot sale's pitch booking confirmation, a book
club's season reading schedule (`--set fresh39`)."""


FRESH40 = _families("beehive_inspection", "home_brew_log", "fete_stall_plan", "pet_sitter_report")
"""A beekeeper's hive inspection record, a home brewer's batch log, a village fete's stall plan for stallholders, a
pet sitter's end-of-stay report for the owners (`--set fresh40`)."""


FRESH41 = _families("plant_swap", "sponsor_form", "chore_chart", "veg_box")
"""A gardening group's plant swap notice, a fundraiser's sponsorship form summary, a family's chore and pocket money
chart, a farm box scheme's veg box delivery note (`--set fresh41`)."""


FRESH42 = _families("choir_ticket_order", "model_railway_show", "scarecrow_trail", "pond_water_test")
"""A choir's concert ticket order summary, a model railway club's exhibition plan for exhibitors, a village scarecrow
festival's trail guide, an aquatic shop's pond water test report (`--set fresh42`)."""


ALONE: dict[str, dict[str, Callable[[], list[JudgeCase]]]] = {
    "held": HELD_OUT,
    "docs": DOCS,
    "fresh": FRESH,
    "fresh2": FRESH2,
    "fresh3": FRESH3,
    "fresh4": FRESH4,
    "fresh5": FRESH5,
    "fresh6": FRESH6,
    "fresh7": FRESH7,
    "fresh8": FRESH8,
    "fresh9": FRESH9,
    "fresh10": FRESH10,
    "fresh11": FRESH11,
    "fresh12": FRESH12,
    "fresh13": FRESH13,
    "fresh14": FRESH14,
    "fresh15": FRESH15,
    "fresh16": FRESH16,
    "fresh17": FRESH17,
    "fresh18": FRESH18,
    "fresh19": FRESH19,
    "fresh20": FRESH20,
    "fresh21": FRESH21,
    "fresh22": FRESH22,
    "fresh23": FRESH23,
    "fresh24": FRESH24,
    "fresh25": FRESH25,
    "fresh26": FRESH26,
    "fresh27": FRESH27,
    "fresh28": FRESH28,
    "fresh29": FRESH29,
    "fresh30": FRESH30,
    "fresh31": FRESH31,
    "fresh32": FRESH32,
    "fresh33": FRESH33,
    "fresh34": FRESH34,
    "fresh35": FRESH35,
    "fresh36": FRESH36,
    "fresh37": FRESH37,
    "fresh38": FRESH38,
    "fresh39": FRESH39,
    "fresh40": FRESH40,
    "fresh41": FRESH41,
    "fresh42": FRESH42,
}
"""The sets run alone (`--set NAME`), each its families."""


def build_alone(which: str) -> list[JudgeCase]:
    """The cases of the set `which` of `ALONE`, family by family."""
    return [case for build in ALONE[which].values() for case in build()]
