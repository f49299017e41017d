#!/usr/bin/env python3
"""Generate Sources/GlossaCore/Plurals/PluralRules+Data.swift from CLDR cardinal plural rules.

Usage: python3 scripts/gen_plurals.py [--cldr PATH_TO_plurals.json] [--output PATH]

Defaults: the corpus copy at ../shared/corpus/cldr/cldr-json/cldr-core/supplemental/plurals.json
(relative to the package root) and the committed Swift file. Standard library only; the output is
deterministic (locales sorted by CLDR id, categories in CLDR order) so that regenerating is byte-identical.
"""

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CLDR = os.path.join(
    ROOT, "..", "shared", "corpus", "cldr", "cldr-json", "cldr-core", "supplemental", "plurals.json"
)
DEFAULT_OUTPUT = os.path.join(ROOT, "Sources", "GlossaCore", "Plurals", "PluralRules+Data.swift")
CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
PREFIX = "pluralRule-count-"


def fail(message):
    sys.stderr.write("gen_plurals.py: %s\n" % message)
    sys.exit(1)


def swift_string(text):
    """A Swift string literal for `text` (escapes backslash, quote and control characters)."""
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append("\\u{%x}" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def split_rule(locale, category, text):
    """Splits CLDR rule text into (condition, integer samples or None, decimal samples or None)."""
    condition, integer, decimal = text, None, None
    at = text.find("@")
    if at >= 0:
        condition = text[:at]
        rest = text[at:]
        for part in rest.split("@")[1:]:
            keyword, _, samples = part.partition(" ")
            samples = samples.strip()
            if keyword == "integer" and integer is None:
                integer = samples
            elif keyword == "decimal" and decimal is None:
                decimal = samples
            else:
                fail("%s/%s: unexpected sample keyword '@%s'" % (locale, category, keyword))
    return condition.strip(), integer, decimal


def load(path):
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as error:
        fail("cannot read %s: %s" % (path, error.strerror))
    except ValueError as error:
        fail("%s is not valid JSON: %s" % (path, error))
    try:
        supplemental = data["supplemental"]
        rules = supplemental["plurals-type-cardinal"]
        version = supplemental["version"]["_cldrVersion"]
    except (KeyError, TypeError):
        fail("%s has no supplemental/plurals-type-cardinal table" % path)
    return version, rules


def render(version, rules):
    lines = [
        "// swift-format-ignore-file",
        "// GENERATED FILE: do not edit by hand (nor format it: the tests compare it with this script's output).",
        "// CLDR %s cardinal plural rules (cldr-json cldr-core/supplemental/plurals.json)." % version,
        "// Regenerate from the package root with: python3 scripts/gen_plurals.py",
        "",
        "extension PluralRules {",
        "  /// The CLDR release the table was generated from.",
        "  static let cldrVersion = %s" % swift_string(version),
        "",
        "  /// Every CLDR locale's cardinal rules: condition text and sample lists per category, in CLDR order.",
        "  static let table: [RawPluralLocale] = [",
    ]
    for locale in sorted(rules):
        entries = rules[locale]
        found = {}
        for key, text in entries.items():
            if not key.startswith(PREFIX):
                fail("%s: unexpected key %r" % (locale, key))
            category = key[len(PREFIX):]
            if category not in CATEGORIES:
                fail("%s: unknown plural category %r" % (locale, category))
            found[category] = text
        if "other" not in found:
            fail("%s: no 'other' rule" % locale)
        lines.append("    RawPluralLocale(")
        lines.append("      %s," % swift_string(locale))
        lines.append("      [")
        for category in CATEGORIES:
            if category not in found:
                continue
            condition, integer, decimal = split_rule(locale, category, found[category])
            args = [
                "." + category,
                swift_string(condition),
                swift_string(integer) if integer is not None else "nil",
                swift_string(decimal) if decimal is not None else "nil",
            ]
            lines.append("        RawPluralRule(%s)," % ", ".join(args))
        lines.append("      ]")
        lines.append("    ),")
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cldr", default=DEFAULT_CLDR, help="path to CLDR plurals.json")
    parser.add_argument("--output", default=DEFAULT_OUTPUT, help="Swift file to write")
    args = parser.parse_args()
    version, rules = load(args.cldr)
    text = render(version, rules)
    temp = args.output + ".tmp"
    with open(temp, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    os.replace(temp, args.output)


if __name__ == "__main__":
    main()
