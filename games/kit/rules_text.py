"""Rules pages: per game, the words the engine cannot say for itself.

Each game's ``rules.py`` (``games/catalogue/<slug>/``) holds its ``RULES``: its meta
description and what each of the engine's options changes, keyed by the option's name and
choice exactly as the engine declares them. The prose lives in
``templates/rules/<slug>.html``. Names, defaults and choices on the page always come from
``engine.options``; a rules text only explains them, so a page cannot offer a choice the
game lacks, and a test fails when the game gains one that is not explained.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class OptionText:
    """What an option changes (``what``), and what each choice means. ``each`` explains
    every number a numeric option offers that ``choices`` does not name ("{choice}" is
    filled in), so a new target score needs no new sentence while a new word does."""

    what: str
    choices: dict[Any, str] = field(default_factory=dict)
    each: str = ""
    # A choice's name in words where the plain one would mislead or read as code ("Rounds 0").
    labels: dict[Any, str] = field(default_factory=dict)

    def label(self, choice: Any) -> str:
        for known, text in self.labels.items():
            if known == choice and type(known) is type(choice):
                return text
        return choice_label(choice)

    def meaning(self, choice: Any) -> str:
        for known, text in self.choices.items():
            if known == choice and type(known) is type(choice):  # True is not 1 here
                return text
        if self.each and type(choice) is int:
            return self.each.format(choice=choice)
        return ""


@dataclass(frozen=True)
class RulesText:
    description: str  # the page's meta description
    options: dict[str, OptionText]


def choice_label(choice: Any) -> str:
    """A choice in words, as forms and rules pages show it: on/off, and words, not code names."""
    if choice is True:
        return "on"
    if choice is False:
        return "off"
    return str(choice).replace("_", " ")


@dataclass(frozen=True)
class ChoiceRow:
    label: str
    meaning: str
    is_default: bool


@dataclass(frozen=True)
class OptionRow:
    name: str
    label: str
    what: str
    default: str
    choices: list[ChoiceRow]


def option_rows(options: dict[str, tuple[Any, tuple[Any, ...]]], rules: RulesText) -> list[OptionRow]:
    """The engine's declared options joined with their explanations, in declaration order."""
    rows = []
    for name, (default, choices) in options.items():
        text = rules.options.get(name, OptionText(what=""))
        rows.append(OptionRow(
            name=name, label=name.replace("_", " ").capitalize(), what=text.what, default=text.label(default),
            choices=[ChoiceRow(label=text.label(choice), meaning=text.meaning(choice), is_default=choice == default
                               and type(choice) is type(default)) for choice in choices],
        ))
    return rows


def unexplained(options: dict[str, tuple[Any, tuple[Any, ...]]], rules: RulesText) -> list[str]:
    """What the page leaves unsaid or says about options the game no longer has:
    ``name``, ``name=choice`` or ``stale name``. Empty when page and engine agree."""
    gaps = [f"stale {name}" for name in rules.options if name not in options]
    for name, (_, choices) in options.items():
        text = rules.options.get(name)
        if text is None or not text.what:
            gaps.append(name)
            continue
        gaps += [f"{name}={choice!r}" for choice in choices if not text.meaning(choice)]
    return gaps
