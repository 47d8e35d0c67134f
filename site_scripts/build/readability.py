"""Readability of the site's prose (issue #17): Markdown to plain sentences, and the
Flesch–Kincaid grade of a text, measured with `textstat` (pinned in requirements.txt).

Used by tests/site/test_readability.py and by hand:

    python -m site_scripts.build.readability docs/history.md docs/story.md
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import textstat

_FENCE = re.compile(r"^(```|~~~).*?^\1\s*$", re.M | re.S)
_ADMONITION = re.compile(r'^(!!!|\?\?\?\+?)\s*\w+(\s+"([^"]*)")?\s*$', re.M)
_ABBR = re.compile(r"^\*\[[^\]]+\]:.*$", re.M)


def plain_text(markdown: str) -> str:
    """The prose of a Markdown page as plain text: one sentence-ending mark after every heading,
    list item, table cell or caption, so that they do not run into the next sentence; code, board
    fences, HTML tags, link targets and attribute lists removed."""
    text = _FENCE.sub("", markdown)
    text = _ABBR.sub("", text)
    text = _ADMONITION.sub(lambda m: (m.group(3) or "") + ".", text)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", "", text)          # images: the caption says it
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)        # links keep their words
    text = re.sub(r"\{[^}]*\}", "", text)                       # attribute lists
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1", r"\2", text, flags=re.S)
    joined: list[str] = []       # continuation lines joined to their paragraph or list item
    for line in text.splitlines():
        line = line.strip()
        if line and joined and joined[-1] and not re.match(r"(#{1,6} |[-*+] |\d+\. |\|)", line) \
                and not joined[-1].startswith(("#", "|")):
            joined[-1] += " " + line
        else:
            joined.append(line)
    lines = []
    for line in joined:
        if not line or re.fullmatch(r"[|\-: ]+", line):
            lines.append("")
            continue
        block_end = bool(re.match(r"(#{1,6} |[-*+] |\d+\. |\|)", line))
        line = re.sub(r"^(#{1,6} |[-*+] |\d+\. )", "", line)
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|") if c.strip()]
            line = " ".join(c if c[-1] in ".!?:" else c + "." for c in cells)
        elif block_end and line[-1] not in ".!?:":
            line += "."
        lines.append(line)
    paragraphs = re.split(r"\n\s*\n", "\n".join(lines))
    out = []
    for para in paragraphs:
        para = " ".join(para.split())
        if para:
            out.append(para if para[-1] in ".!?:\"”)" else para + ".")
    return "\n\n".join(out)


def grade(text: str) -> float:
    """Flesch–Kincaid grade level (US school grade) of plain text."""
    return float(textstat.flesch_kincaid_grade(text))


def long_sentences(text: str, words: int = 35) -> list[str]:
    """The sentences of plain text longer than `words` words."""
    sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z\"“(*])", text)
    return [s for s in sentences if len(s.split()) > words]


def main(paths: list[str]) -> None:
    for path in paths:
        text = plain_text(Path(path).read_text(encoding="utf-8"))
        print(f"{path}: grade {grade(text):.1f}, {len(long_sentences(text))} sentences over 35 words, "
              f"{textstat.lexicon_count(text)} words")


if __name__ == "__main__":
    main(sys.argv[1:])
