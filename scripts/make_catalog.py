#!/usr/bin/env python3
"""Turns a generated bundle (gen_bundle.py's <lang>.lproj folders) into one String Catalog.

    python3 scripts/make_catalog.py /tmp/medium /tmp/medium-catalog/Localizable.xcstrings

Every language's `Localizable.strings` and `Localizable.stringsdict` become units of one
`Localizable.xcstrings`, laid out as Xcode writes catalogs (2-space indentation, " : "
separators, no trailing newline):

- a plain `"key" = "value";` becomes a `stringUnit` (state `translated`), its comment the key's
  comment (from the development language, else the first language that has one);
- `KEY##{one}` families become `variations.plural`;
- a `.stringsdict` entry whose format key is exactly `%#@var@` becomes `variations.plural`,
  any other one a unit with `substitutions`.

It is the catalog of issue 16's budget 2: the same strings as the bundle's `.strings` files, so
linting both compares the two readers on equal text. Keys are sorted case-insensitively (close
to, not exactly, Xcode's ICU order; the order does not matter to the benchmark). Output is
deterministic. The `.strings` reader here is small: comments, quoted keys and values with the
usual escapes, UTF-8 or UTF-16 with a BOM; anything else stops the script with the file and
offset.
"""
import json
import os
import plistlib
import re
import sys

ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r", "0": "\0", "'": "'"}


def decode(data):
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        return data.decode("utf-16")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.decode("utf-8")


def read_strings(path):
    """[(key, value, comment)] in file order."""
    text = decode(open(path, "rb").read())
    entries, comment, i, n = [], None, 0, len(text)

    def fail(what):
        sys.exit(f"{path}: offset {i}: expected {what}")

    def quoted():
        nonlocal i
        if text[i] != '"':
            fail("a quoted string")
        i += 1
        out = []
        while i < n and text[i] != '"':
            if text[i] == "\\":
                i += 1
                c = text[i]
                if c in "uU":
                    out.append(chr(int(text[i + 1:i + 5], 16)))
                    i += 5
                    continue
                out.append(ESCAPES.get(c, c))
            else:
                out.append(text[i])
            i += 1
        if i >= n:
            fail("a closing quote")
        i += 1
        return "".join(out)

    def blank():
        nonlocal i, comment
        while i < n:
            if text[i].isspace():
                i += 1
            elif text.startswith("/*", i):
                end = text.find("*/", i + 2)
                if end < 0:
                    fail("the end of a comment")
                comment = text[i + 2:end].strip()
                i = end + 2
            elif text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                comment = text[i + 2:end].strip()
                i = end
            else:
                return

    while True:
        blank()
        if i >= n:
            return entries
        key = quoted()
        blank()
        if text[i] != "=":
            fail("'='")
        i += 1
        blank()
        value = quoted()
        blank()
        if text[i] != ";":
            fail("';'")
        i += 1
        entries.append((key, value, comment))
        comment = None


def unit(value):
    return {"stringUnit": {"state": "translated", "value": value}}


def plural_units(forms):
    return {"plural": {category: unit(text) for category, text in forms.items()}}


def main(bundle, output):
    root = os.path.join(bundle, "Resources") if os.path.isdir(os.path.join(bundle, "Resources")) else bundle
    languages = sorted(name[:-6] for name in os.listdir(root) if name.endswith(".lproj"))
    if not languages:
        sys.exit(f"{bundle}: no <lang>.lproj folders")
    source = "en" if "en" in languages else languages[0]
    keys = {}

    def key_info(key):
        return keys.setdefault(key, {"comment": None, "localizations": {}})

    for language in languages:
        folder = os.path.join(root, language + ".lproj")
        strings = os.path.join(folder, "Localizable.strings")
        if os.path.exists(strings):
            families = {}
            for key, value, comment in read_strings(strings):
                match = re.fullmatch(r"(.*)##\{(zero|one|two|few|many|other)\}", key, re.S)
                base = match.group(1) if match else key
                info = key_info(base)
                if comment and (info["comment"] is None or language == source):
                    info["comment"] = comment
                if match:
                    families.setdefault(base, {})[match.group(2)] = value
                else:
                    info["localizations"].setdefault(language, {}).update(unit(value))
            for base, forms in families.items():
                info["localizations"].setdefault(language, {})["variations"] = plural_units(forms)
        stringsdict = os.path.join(folder, "Localizable.stringsdict")
        if os.path.exists(stringsdict):
            with open(stringsdict, "rb") as handle:
                table = plistlib.load(handle)
            for key, entry in table.items():
                format_key = entry.get("NSStringLocalizedFormatKey", "")
                variables = {name: spec for name, spec in entry.items() if isinstance(spec, dict)}
                localization = key_info(key)["localizations"].setdefault(language, {})
                whole = re.fullmatch(r"%#@(\w+)@", format_key)
                if whole and whole.group(1) in variables:
                    spec = variables[whole.group(1)]
                    forms = {c: spec[c] for c in ("zero", "one", "two", "few", "many", "other") if c in spec}
                    localization["variations"] = plural_units(forms)
                    continue
                localization.update(unit(format_key))
                substitutions = {}
                for number, (name, spec) in enumerate(variables.items(), start=1):
                    forms = {c: spec[c] for c in ("zero", "one", "two", "few", "many", "other") if c in spec}
                    substitutions[name] = {
                        "argNum": number,
                        "formatSpecifier": spec.get("NSStringFormatValueTypeKey", "lld"),
                        "variations": plural_units(forms),
                    }
                localization["substitutions"] = substitutions

    strings = {}
    for key in sorted(keys, key=lambda k: (k.casefold(), k)):
        info = keys[key]
        entry = {}
        if info["comment"]:
            entry["comment"] = info["comment"]
        entry["extractionState"] = "manual"
        entry["localizations"] = {language: info["localizations"][language]
                                  for language in sorted(info["localizations"])}
        strings[key] = entry
    catalog = {"sourceLanguage": source, "strings": strings, "version": "1.0"}
    os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(catalog, ensure_ascii=False, indent=2, separators=(",", " : ")))
    print(f"{output}: {len(strings)} keys, {len(languages)} languages, {os.path.getsize(output):,} bytes")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: make_catalog.py BUNDLE_DIR OUTPUT.xcstrings")
    main(sys.argv[1], sys.argv[2])
