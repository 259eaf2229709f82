"""The rules documents in the package (issue 19, point 2).

Every rule id cited in ``python/``, ``rust/`` and ``tests/`` is defined in its game's English
and Korean documents; both languages define the same ids in the same order; the reader
(:mod:`cardavia.rules`) and ``cardavia rules`` work and refuse bad input.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

import cardavia
from cardavia import rules
from cardavia.cli import main

ROOT = Path(__file__).resolve().parent.parent
SCANNED_DIRS = ("python", "rust", "tests")
SCANNED_SUFFIXES = {".py", ".pyi", ".rs", ".txt", ".toml", ".md"}
RULES_DIR = ROOT / "python" / "cardavia" / "rules"
THIS_FILE = Path(__file__).resolve()  # cites made-up ids on purpose (bad-input tests)

# One id, optionally followed by the end of a range: DDZ-7.4-7.7, FTK-TV-01..26, ZSY-V38..V41.
CITATION = re.compile(
    rf"(?P<start>{rules.RULE_ID_PATTERN})"
    r"(?:(?:\.\.|[-–])(?P<end>(?:TV-)?[A-Z]?\d+(?:\.\d+)*[A-Za-z]?)(?![A-Za-z0-9]))?"
)


def ids_in(text: str) -> list[str]:
    """Every rule id cited in ``text``; a range cites both of its ends."""
    found = []
    for m in CITATION.finditer(text):
        start, end = m.group("start"), m.group("end")
        found.append(start)
        if end:
            prefix, _, body = start.partition("-")
            if end[0].isdigit() and not body[0].isdigit():
                stem = re.sub(r"\d+$", "", body)  # TV-01..26 -> TV-26, V38..41 -> V41
                found.append(f"{prefix}-{stem}{end}")
            else:
                found.append(f"{prefix}-{end}")
    return found


def cited_ids() -> dict[str, list[str]]:
    """Rule id -> where it is cited (``path:line``), over the scanned source trees."""
    where: dict[str, list[str]] = defaultdict(list)
    for top in SCANNED_DIRS:
        for path in sorted((ROOT / top).rglob("*")):
            if (
                not path.is_file()
                or path.suffix not in SCANNED_SUFFIXES
                or RULES_DIR in path.parents
                or path.resolve() == THIS_FILE
                or "target" in path.relative_to(ROOT).parts
            ):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for n, line in enumerate(text.splitlines(), start=1):
                for rule_id in ids_in(line):
                    where[rule_id].append(f"{path.relative_to(ROOT)}:{n}")
    return where


CITED = cited_ids()


def document_exists(game: str, lang: str) -> bool:
    name = f"{game}.md" if lang == "en" else f"{game}.{lang}.md"
    return resources.files("cardavia.rules").joinpath(name).is_file()


def need_document(game: str, lang: str) -> None:
    assert document_exists(game, lang), f"the {lang} rules of {game} are missing"


GAME_LANGS = [(g, lang) for g in rules.GAMES for lang in rules.LANGUAGES]


# ---- the citation scanner itself ---------------------------------------------------------


def test_the_scanner_reads_every_id_format_and_ranges() -> None:
    text = (
        "DDZ-6.7, FTK-TV-24 and GD-V10; DDZ-3.5c, ZSY-7.7A, BR-3.8.1, BR-TV-A01, GD-D12, "
        "see DDZ-5. Ranges DDZ-7.4-7.7, FTK-TV-01..26, ZSY-V38..V41. Not ids: DDZ-x.y, GD-Vnn."
    )
    assert ids_in(text) == [
        "DDZ-6.7",
        "FTK-TV-24",
        "GD-V10",
        "DDZ-3.5c",
        "ZSY-7.7A",
        "BR-3.8.1",
        "BR-TV-A01",
        "GD-D12",
        "DDZ-5",
        "DDZ-7.4",
        "DDZ-7.7",
        "FTK-TV-01",
        "FTK-TV-26",
        "ZSY-V38",
        "ZSY-V41",
    ]


def test_the_code_cites_rules_of_every_game() -> None:
    prefixes = {rule_id.partition("-")[0] for rule_id in CITED}
    assert prefixes == set(rules.RULE_PREFIXES)
    assert "DDZ-6.7" in CITED and "GD-6.7" in CITED


# ---- (a) every cited id is defined ---------------------------------------------------------


@pytest.mark.parametrize(("game", "lang"), GAME_LANGS)
def test_every_cited_rule_id_is_in_the_document(game: str, lang: str) -> None:
    need_document(game, lang)
    defined = set(rules.rule_ids(game, lang))
    missing = {}
    for rule_id, where in sorted(CITED.items()):
        if rules.RULE_PREFIXES[rule_id.partition("-")[0]] != game:
            continue
        if rule_id in defined:
            continue
        try:  # a section number (DDZ-5, BR-7.1) names its numbered section
            rules.rule(game, rule_id, lang)
        except cardavia.InvalidArgumentError:
            missing[rule_id] = where[:3]
    assert not missing, f"cited but not defined in the {lang} rules of {game}: {missing}"


# ---- (b) the two languages agree -------------------------------------------------------------


@pytest.mark.parametrize("game", rules.GAMES)
def test_english_and_korean_define_the_same_ids_in_the_same_order(game: str) -> None:
    need_document(game, "en")
    need_document(game, "ko")
    english, korean = rules.rule_ids(game, "en"), rules.rule_ids(game, "ko")
    assert english, f"the rules of {game} define no rule id"
    extra = [i for i in korean if i not in english]
    absent = [i for i in english if i not in korean]
    assert not extra and not absent, f"{game}: only in ko {extra}, only in en {absent}"
    assert english == korean


@pytest.mark.parametrize(("game", "lang"), GAME_LANGS)
def test_document_is_well_formed(game: str, lang: str) -> None:
    need_document(game, lang)
    doc = rules._document(game, lang)
    assert doc.duplicates == (), f"ids defined twice: {doc.duplicates}"
    assert doc.text.startswith("# ")
    line = rules.summary(game, lang)
    assert line and "\n" not in line and len(line) < 400
    assert all(rules.rule(game, i, lang) for i in rules.rule_ids(game, lang))
    prefix = next(p for p, g in rules.RULE_PREFIXES.items() if g == game)
    assert all(i.startswith(prefix + "-") for i in rules.rule_ids(game, lang))


@pytest.mark.parametrize(("game", "lang"), GAME_LANGS)
def test_every_option_of_the_game_is_documented(game: str, lang: str) -> None:
    need_document(game, lang)
    text = rules.rules_text(game, lang)
    for option in cardavia.load(game).OPTIONS:
        assert f"`{option.name}`" in text, f"option {option.name} of {game} is not documented"


@pytest.mark.parametrize("game", rules.GAMES)
def test_the_rule_an_illegal_action_names_can_be_explained(game: str) -> None:
    # Play a seeded random deal and retry actions that were legal earlier: each refusal names
    # a rule, and that rule has a text in both languages (the web table's "illegal because").
    need_document(game, "en")
    need_document(game, "ko")
    state = cardavia.load(game).new_state(seed=3)
    rng = random.Random(3)
    named: set[str] = set()
    earlier: list[cardavia.Action] = []
    for _ in range(80):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        for old in earlier[-20:]:
            if old in legal:
                continue
            with pytest.raises(cardavia.IllegalActionError) as refused:
                state.check(old)
            assert refused.value.rule is not None, f"{old} refused without a rule"
            named.add(refused.value.rule)
        action = rng.choice(legal)
        earlier.append(action)
        state.apply(action)
    assert named
    for rule_id in sorted(named):
        assert rules.game_of(rule_id) == game
        for lang in rules.LANGUAGES:
            assert rules.rule(game, rule_id, lang)


# ---- (c) the reader and the command --------------------------------------------------------


def test_reader_gives_text_rules_sub_items_sections_and_summaries() -> None:
    text = rules.rules_text("doudizhu")
    assert text.startswith("# Dou Dizhu")
    assert "DDZ-6.2" in rules.rule_ids("doudizhu")
    assert "may not pass" in rules.rule("doudizhu", "DDZ-6.2")
    whole = rules.rule("doudizhu", "DDZ-3.5")  # includes its lettered sub-items
    part = rules.rule("doudizhu", "DDZ-3.5c")
    assert part in whole and "void" in part
    assert rules.rule_ids("doudizhu").index("DDZ-3.5") < rules.rule_ids("doudizhu").index(
        "DDZ-3.5a"
    )
    assert "7h" in rules.rule("doudizhu", "DDZ-V03")  # a row of a table of cases
    assert "DDZ-5.5" in rules.rule("doudizhu", "DDZ-5")  # a whole section
    assert rules.summary("doudizhu").endswith(".")
    assert rules.game_of("GD-V10") == "guandan" and rules.game_of("FTK-TV-24") == "five_ten_king"
    assert cardavia.rules is rules


def test_reader_understands_every_definition_format() -> None:
    doc = rules._parse(
        "# Game\n\nOne line about it.\n\n"
        "## HE-2 Rankings\n\nHigh cards first.\n\n"
        "## 5. Scoring\n\n"
        "- **BR-5.2 Made.** Declarer scores:\n"
        "    1. trick points;\n"
        "    - **BR-5.2.1** trick points are `m × base`.\n"
        "- BR-5.3 Defeated: nothing.\n"
        "  (continued)\n\n"
        "TR-3.8 A plain paragraph\nover two lines.\n\n"
        "### 5.1 Cases\n\n| ID | Cards | Expected |\n|---|---|---|\n| BR-TV-A01 | `7h` | single |\n"
        "\n```text\nBR-9.9 inside a code block\n```\n"
    )
    assert doc.summary == "One line about it."
    assert list(doc.rules) == ["HE-2", "BR-5.2", "BR-5.2.1", "BR-5.3", "TR-3.8", "BR-TV-A01"]
    assert doc.rules["HE-2"].startswith("Rankings") and "High cards first." in doc.rules["HE-2"]
    assert "trick points;" in doc.rules["BR-5.2"] and "m × base" in doc.rules["BR-5.2"]
    assert doc.rules["BR-5.2.1"] == "trick points are `m × base`."
    assert doc.rules["BR-5.3"] == "Defeated: nothing.\n(continued)"
    assert doc.rules["TR-3.8"] == "A plain paragraph\nover two lines."
    assert doc.rules["BR-TV-A01"] == "Cards: `7h`; Expected: single"
    assert set(doc.sections) == {"5", "5.1"} and "BR-5.3" in doc.sections["5"]
    assert doc.duplicates == ()


def test_korean_text_is_korean() -> None:
    for game in ("doudizhu", "zhengshangyou", "red_ten", "five_ten_king", "guandan"):
        hangul = re.findall(
            r"[\uac00-\ud7a3]", rules.rule(game, rules.rule_ids(game, "ko")[0], "ko")
        )
        assert len(hangul) > 10, game
        assert re.search(r"[\uac00-\ud7a3]", rules.summary(game, "ko"))


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda: rules.rules_text("chess"), "unknown game 'chess'; valid games: bridge, doudizhu"),
        (lambda: rules.rule_ids("doudizhu", lang="fr"), "unknown language 'fr'; valid languages"),
        (lambda: rules.summary("Doudizhu"), "valid games"),
        (lambda: rules.rule("doudizhu", "DDZ-99.9"), "no rule 'DDZ-99.9'"),
        (lambda: rules.rule("doudizhu", "GD-6.7"), "doudizhu rule ids start with DDZ-"),
        (lambda: rules.rule("doudizhu", 6.2), "a rule id is text"),  # type: ignore[arg-type]
        (lambda: rules.game_of("XX-1.2"), "not a rule id"),
    ],
)
def test_reader_rejects_bad_input(call: Callable[[], object], expected: str) -> None:
    with pytest.raises(cardavia.InvalidArgumentError, match=re.escape(expected)):
        call()


def test_command_prints_the_rules() -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["rules", "doudizhu"])
    assert out.exit_code == 0, out.output
    assert out.output == rules.rules_text("doudizhu").rstrip("\n") + "\n"
    ko = runner.invoke(main, ["rules", "guandan", "--lang", "ko"])
    assert ko.exit_code == 0 and ko.output.startswith("# ") and "GD-6.7" in ko.output
    one = runner.invoke(main, ["rules", "red_ten", "--rule", "RT-4.2"])
    assert one.exit_code == 0 and one.output == f"RT-4.2: {rules.rule('red_ten', 'RT-4.2')}\n"


def test_command_prints_json() -> None:
    out = CliRunner().invoke(main, ["rules", "five_ten_king", "--lang", "ko", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert set(data) == {"game", "lang", "summary", "rules"}
    assert data["game"] == "five_ten_king" and data["lang"] == "ko"
    assert data["summary"] == rules.summary("five_ten_king", "ko")
    assert list(data["rules"]) == rules.rule_ids("five_ten_king", "ko")
    assert data["rules"]["FTK-3.15"] == rules.rule("five_ten_king", "FTK-3.15", "ko")


def test_command_help_lists_the_games_and_explains_its_options() -> None:
    out = CliRunner().invoke(main, ["rules", "--help"])
    assert out.exit_code == 0
    flat = " ".join(out.output.split())
    assert ", ".join(rules.GAMES) in flat
    for option in ("--lang", "--json", "--rule"):
        assert option in flat
    assert "Korean" in flat and "Only the rule ID" in flat


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "chess"], "'chess' is not one of 'bridge', 'doudizhu'"),
        (["rules", "doudizhu", "--lang", "fr"], "'fr' is not one of 'en', 'ko'"),
        (["rules", "doudizhu", "--rule", "DDZ-99.9"], "no rule 'DDZ-99.9'"),
        (["rules"], "Missing argument 'GAME'"),
    ],
)
def test_command_rejects_bad_input(args: list[str], message: str) -> None:
    out = CliRunner().invoke(main, args)
    assert out.exit_code != 0
    assert message in out.output
