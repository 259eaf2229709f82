"""The rules of every game in the project's own words, in English and Korean.

Each game has one Markdown document per language in this package, ``<game_id>.md`` (English)
and ``<game_id>.ko.md`` (Korean), installed with the wheel and shown by the docs site as
``docs/rules/<game_id>.md``. The rule ids the code, the docstrings and every
:class:`cardavia.IllegalActionError` cite (``DDZ-4.1``, ``FTK-TV-24``, ``GD-V10``...) are defined
there, with the same ids in the same order in both languages::

    from cardavia import rules

    rules.summary("doudizhu")             # the one-line summary the lobby shows
    rules.rule("doudizhu", "DDZ-6.2")     # the text of one rule, e.g. to explain an error
    rules.rule_ids("guandan", lang="ko")  # every id the Korean Guandan document defines
    rules.rules_text("red_ten")           # the whole document

Document format (what this module reads):

* the first line is the title (``# ...``), the first paragraph after it the one-line summary;
* a rule is defined by a line that starts with its id, optionally after a list marker, a
  heading marker or a table's first ``|``, and optionally in bold: ``- **DDZ-3.5** text``,
  ``    - **DDZ-3.5a** text`` (a lettered sub-item, nested under its rule),
  ``| DDZ-V01 | ... |`` (a row of a table of reference cases);
* a list-item rule runs until the next item at its own or a shallower indentation, a heading
  or the end of its paragraph, and includes its nested sub-items;
* a heading that starts with an id (``## HE-2 Hand rankings``) defines that id as its whole
  section; a numbered heading (``## 5. Beating``, ``### 9.1 Pack``) makes the section id
  (``DDZ-5``, ``DDZ-9.1``) resolvable by :func:`rule` when no rule has that id;
* code blocks are never read for definitions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from cardavia.errors import InvalidArgumentError
from cardavia.games import GAME_MODULES

__all__ = [
    "GAMES",
    "LANGUAGES",
    "RULE_ID_PATTERN",
    "RULE_PREFIXES",
    "game_of",
    "rule",
    "rule_ids",
    "rules_text",
    "summary",
]

GAMES: tuple[str, ...] = tuple(sorted(GAME_MODULES))
"""Every game id :func:`cardavia.load` knows, each with a rules document."""

LANGUAGES: tuple[str, ...] = ("en", "ko")
"""The languages of the documents: English and Korean."""

RULE_PREFIXES: dict[str, str] = {
    "DDZ": "doudizhu",
    "ZSY": "zhengshangyou",
    "RT": "red_ten",
    "FTK": "five_ten_king",
    "GD": "guandan",
    "TR": "tractor",
    "BR": "bridge",
    "SM": "smear",
    "HE": "holdem",
    "OP": "one_poker",
}
"""Rule-id prefix -> game id."""

_PREFIX = "|".join(RULE_PREFIXES)
_BODY = rf"(?:{_PREFIX})-(?:TV-[A-Z]?\d+|[VD]\d+|\d+(?:\.\d+)*[A-Za-z]?)(?![A-Za-z0-9]|\.\d)"
RULE_ID_PATTERN = rf"\b{_BODY}"
"""A regular expression matching one rule id: a game prefix, then a rule number with an
optional letter (``DDZ-3.5c``, ``ZSY-7.7A``, ``BR-3.8.1``), a reference case (``DDZ-V01``,
``FTK-TV-24``, ``BR-TV-A01``) or a decision (``GD-D12``). A bare number (``DDZ-5``) is a
section."""

_ID = re.compile(RULE_ID_PATTERN)
_DEFINITION = re.compile(
    r"^(?P<indent>[ \t]*)"
    r"(?P<lead>(?:[-*+][ \t]+|\d+[.)][ \t]+)?(?:#{1,6}[ \t]+)?(?:\|[ \t]*)?)"
    r"(?P<open>\*\*|__|`)?"
    rf"(?P<id>{_BODY})"
    r"(?P<close>\*\*|__|`)?"
    r"(?=$|[\s:.,;|)\]—–-])"
)
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
_SECTION = re.compile(r"^(\d+(?:\.\d+)*)\.?(?:[ \t]|$)")
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+")
_FENCE = re.compile(r"^[ \t]*(```|~~~)")


@dataclass(frozen=True)
class _Document:
    text: str
    summary: str
    rules: dict[str, str]
    sections: dict[str, str]
    duplicates: tuple[str, ...]
    """Ids defined more than once (the first definition counts); a well-formed document has
    none."""


def _check_game(game_id: str) -> str:
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise InvalidArgumentError(f"unknown game {game_id!r}; valid games: {', '.join(GAMES)}")
    return game_id


def _check_lang(lang: str) -> str:
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise InvalidArgumentError(
            f"unknown language {lang!r}; valid languages: {', '.join(LANGUAGES)}"
        )
    return lang


def _file_name(game_id: str, lang: str) -> str:
    return f"{game_id}.md" if lang == "en" else f"{game_id}.{lang}.md"


@cache
def _document(game_id: str, lang: str) -> _Document:
    name = _file_name(_check_game(game_id), _check_lang(lang))
    path = resources.files(__name__).joinpath(name)
    if not path.is_file():
        present = sorted(
            g for g in GAMES if resources.files(__name__).joinpath(_file_name(g, lang)).is_file()
        )
        raise InvalidArgumentError(
            f"no {lang} rules document for {game_id!r} is installed ({name}); "
            f"documents in {lang}: {', '.join(present) or 'none'}"
        )
    return _parse(path.read_text(encoding="utf-8"))


def _indent(line: str) -> int:
    return len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())


def _cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return [c.strip() for c in inner.split("|")]


def _clean(text: str) -> str:
    return text.replace("**", "").strip()


def _table_row_text(lines: list[str], row: int) -> str:
    """The cells after the id of table row ``row``, each labelled with its column header."""
    top = row
    while top > 0 and lines[top - 1].lstrip().startswith("|"):
        top -= 1
    header: list[str] = []
    if row - top >= 2 and re.fullmatch(r"[\s|:-]+", lines[top + 1]):
        header = _cells(lines[top])
    parts = []
    for i, cell in enumerate(_cells(lines[row])[1:], start=1):
        if not cell:
            continue
        label = header[i] if i < len(header) and header[i] else ""
        parts.append(f"{_clean(label)}: {_clean(cell)}" if label else _clean(cell))
    return "; ".join(parts)


def _is_plain_table(lines: list[str], start: int) -> bool:
    """Whether a table starts at ``start`` and none of its rows defines a rule."""
    if not lines[start].lstrip().startswith("|"):
        return False
    end = start
    while end < len(lines) and lines[end].lstrip().startswith("|"):
        if _DEFINITION.match(lines[end]):
            return False
        end += 1
    return True


def _item_text(lines: list[str], start: int, definition: re.Match[str]) -> str:
    """A list-item or paragraph rule: its first line after the id, its lazy continuation
    lines and everything indented under it (its sub-items), dedented."""
    base = _indent(lines[start])
    first = lines[start][definition.end() :].lstrip(" \t:—–-")
    body = [first]
    i = start + 1
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            nxt = next((j for j in range(i + 1, len(lines)) if lines[j].strip()), None)
            if nxt is not None and _is_plain_table(lines, nxt):
                body.append("")  # the rule's own table (not a table of definitions)
                end = nxt
                while end < len(lines) and lines[end].lstrip().startswith("|"):
                    end += 1
                body.extend(lines[nxt:end])
                i = end
                continue
            if nxt is None or _indent(lines[nxt]) <= base:
                break
            body.append("")
            i += 1
            continue
        if _HEADING.match(line) or (
            _indent(line) <= base
            and (_LIST_ITEM.match(line) or line.lstrip().startswith("|") or _FENCE.match(line))
        ):
            break
        body.append(line)
        i += 1
    rest = [ln for ln in body[1:] if ln.strip()]
    cut = min((_indent(ln) for ln in rest), default=0)
    out = [body[0].strip()] + [ln.expandtabs(4)[cut:].rstrip() for ln in body[1:]]
    return _clean("\n".join(out))


def _section_end(lines: list[str], begin: int, level: int) -> int:
    """The line after the section whose heading (of ``level``) is at ``begin``."""
    in_fence = False
    for j in range(begin + 1, len(lines)):
        if _FENCE.match(lines[j]):
            in_fence = not in_fence
        heading = None if in_fence else _HEADING.match(lines[j])
        if heading and len(heading.group(1)) <= level:
            return j
    return len(lines)


def _section_text(lines: list[str], begin: int, level: int, title: str) -> str:
    return _clean("\n".join([title, *lines[begin + 1 : _section_end(lines, begin, level)]]))


def _parse(text: str) -> _Document:
    lines = text.splitlines()
    rules: dict[str, str] = {}
    sections: dict[str, str] = {}
    duplicates: list[str] = []
    in_fence = False
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        heading = _HEADING.match(line)
        if heading and len(heading.group(1)) > 1:
            number = _SECTION.match(heading.group(2))
            if number:  # "## 5. Beating": resolvable as DDZ-5
                level = len(heading.group(1))
                sections.setdefault(
                    number.group(1), _section_text(lines, i, level, heading.group(2))
                )
        definition = _DEFINITION.match(line)
        if definition is None:
            continue
        rule_id = definition.group("id")
        if rule_id in rules:
            duplicates.append(rule_id)
        elif line.lstrip().startswith("|") or "|" in definition.group("lead"):
            rules[rule_id] = _table_row_text(lines, i)
        elif heading:  # "## HE-2 Hand rankings": the id names the whole section
            title = line[definition.end() :].strip(" \t:—–-")
            rules[rule_id] = _section_text(lines, i, len(heading.group(1)), title)
        else:
            rules[rule_id] = _item_text(lines, i, definition)
    return _Document(text, _first_paragraph(lines), rules, sections, tuple(duplicates))


def _first_paragraph(lines: list[str]) -> str:
    """The first paragraph after the ``# `` title, as one line."""
    start = next((i for i, ln in enumerate(lines) if ln.startswith("# ")), -1) + 1
    out: list[str] = []
    for line in lines[start:]:
        if not line.strip():
            if out:
                break
            continue
        if _HEADING.match(line):
            break
        out.append(line.strip())
    return _clean(" ".join(out))


def rules_text(game_id: str, lang: str = "en") -> str:
    """The whole rules document of ``game_id`` (Markdown) in ``lang`` (``"en"`` or ``"ko"``).

    Raises :class:`cardavia.InvalidArgumentError` for an unknown game or language."""
    return _document(game_id, lang).text


def rule_ids(game_id: str, lang: str = "en") -> list[str]:
    """Every rule id the document of ``game_id`` defines, in document order (rules, their
    lettered sub-items, reference cases, decisions)."""
    return list(_document(game_id, lang).rules)


def rule(game_id: str, rule_id: str, lang: str = "en") -> str:
    """The text of rule ``rule_id`` of ``game_id`` in ``lang``, without its id (a rule with
    sub-items includes them). A bare section id such as ``"DDZ-5"`` gives that section.

    Raises :class:`cardavia.InvalidArgumentError` for an unknown game, language or rule."""
    doc = _document(game_id, lang)
    if not isinstance(rule_id, str):
        raise InvalidArgumentError(f"a rule id is text such as 'DDZ-4.1', got {rule_id!r}")
    key = rule_id.strip()
    if key in doc.rules:
        return doc.rules[key]
    prefix, _, number = key.partition("-")
    if RULE_PREFIXES.get(prefix) == game_id and number in doc.sections:  # a section: DDZ-5
        return doc.sections[number]
    expected = next(p for p, g in RULE_PREFIXES.items() if g == game_id)
    hint = (
        f"{game_id} rule ids start with {expected}-"
        if prefix != expected
        else f"{game_id} defines {', '.join(list(doc.rules)[:3])}, ... "
        f"({len(doc.rules)} ids; see rule_ids())"
    )
    raise InvalidArgumentError(f"no rule {rule_id!r} in the {lang} rules of {game_id}; {hint}")


def summary(game_id: str, lang: str = "en") -> str:
    """The one-sentence summary of ``game_id`` (the first paragraph after the title)."""
    return _document(game_id, lang).summary


def game_of(rule_id: str) -> str:
    """The game a rule id belongs to, by its prefix: ``game_of("GD-6.7")`` is ``"guandan"``.

    Together with :func:`rule` it explains an :class:`cardavia.IllegalActionError`:
    ``rule(game_of(error.rule), error.rule)``."""
    text = rule_id.strip() if isinstance(rule_id, str) else ""
    if _ID.fullmatch(text) is None:
        raise InvalidArgumentError(
            f"not a rule id: {rule_id!r} (expected e.g. 'DDZ-4.1'; prefixes: "
            f"{', '.join(RULE_PREFIXES)})"
        )
    return RULE_PREFIXES[text.partition("-")[0]]
