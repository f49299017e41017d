"""The multi-language samples of SampleBundles, written by scripts/make_samples.py:

- catalog/Localizable.xcstrings: Trailmate's String Catalog, formatted byte for byte as Xcode
  writes catalogs (2-space indentation, " : " separators, keys sorted, an empty object as an
  opening brace, a blank line and the closing brace, no trailing newline).
- content/announcements.json and content/motd.json: localized-object JSON as the app's content
  service serves it.

Every planted problem is listed in SampleBundles/README.md. Output is deterministic.
"""
import json, os, re, shutil


def unit(value, state="translated"):
    return {"stringUnit": {"state": state, "value": value}}


def plural(forms, state="translated"):
    return {"variations": {"plural": {category: unit(text, state) for category, text in forms.items()}}}


def device(forms):
    return {"variations": {"device": {name: unit(text) for name, text in forms.items()}}}


def substitution(value, name, arg_num, specifier, forms):
    """A string whose `%#@name@` is replaced by a plural variation of argument `arg_num`."""
    entry = unit(value)
    entry["substitutions"] = {name: {
        "argNum": arg_num, "formatSpecifier": specifier,
        "variations": {"plural": {category: unit(text) for category, text in forms.items()}},
    }}
    return entry


STRINGS = {
    # Good keys: every language translated.
    "about.title": {"extractionState": "manual", "localizations": {
        "ar": unit("حول Trailmate"), "de": unit("Über Trailmate"), "en": unit("About Trailmate"),
        "fr": unit("À propos de Trailmate"), "ja": unit("Trailmateについて"), "pl": unit("O aplikacji Trailmate"),
    }},
    # The brand name is never translated.
    "app.name": {"extractionState": "manual", "localizations": {"en": unit("Trailmate")}, "shouldTranslate": False},
    # Device variations; the German iPhone value is far over the limit in the comment.
    "button.start": {"comment": "Starts recording a hike. max-length: 12", "extractionState": "manual",
                     "localizations": {
        "ar": device({"ipad": "ابدأ المسار", "iphone": "ابدأ", "mac": "ابدأ المسار"}),
        "de": device({"ipad": "Starten", "iphone": "Aufzeichnung starten", "mac": "Starten"}),
        "en": device({"ipad": "Start hike", "iphone": "Start", "mac": "Start Hike"}),
        "fr": device({"ipad": "Démarrer", "iphone": "Go", "mac": "Démarrer"}),
        "ja": device({"ipad": "開始", "iphone": "開始", "mac": "開始"}),
        "pl": device({"ipad": "Rozpocznij", "iphone": "Start", "mac": "Rozpocznij"}),
    }},
    # Plural variations: Polish lacks `many`, Japanese has a `one` it never uses.
    "hikes.count": {"comment": "Number of hikes in the list header", "extractionState": "manual", "localizations": {
        "ar": plural({"few": "%lld مسارات", "many": "%lld مسارًا", "one": "مسار واحد", "other": "%lld مسار",
                      "two": "مساران", "zero": "لا مسارات"}),
        "de": plural({"one": "%lld Wanderung", "other": "%lld Wanderungen"}),
        "en": plural({"one": "%lld hike", "other": "%lld hikes"}),
        "fr": plural({"many": "%lld de randonnées", "one": "%lld randonnée", "other": "%lld randonnées"}),
        "ja": plural({"one": "%lld件のハイク", "other": "%lld件のハイク"}),
        "pl": plural({"few": "%lld wędrówki", "one": "%lld wędrówka", "other": "%lld wędrówki"}),
    }},
    # Review states: German needs review, French is stale.
    "map.offline": {"extractionState": "manual", "localizations": {
        "ar": unit("الخريطة غير متصلة"), "de": unit("Karte offline", "needs_review"),
        "en": unit("Map is offline"), "fr": unit("Carte indisponible", "stale"),
        "ja": unit("地図はオフラインです"), "pl": unit("Mapa jest offline"),
    }},
    # Japanese has no translation.
    "settings.title": {"extractionState": "manual", "localizations": {
        "ar": unit("الإعدادات"), "de": unit("Einstellungen"), "en": unit("Settings"),
        "fr": unit("Réglages"), "pl": unit("Ustawienia"),
    }},
    # A substitution: French writes the integer argument with %@.
    "stats.summary": {"comment": "%1$@ is the hiker's name; the hike count is argument 2",
                      "extractionState": "manual", "localizations": {
        "ar": substitution("%1$@ · %#@hikes@", "hikes", 2, "lld", {
            "few": "%2$lld مسارات", "many": "%2$lld مسارًا", "one": "مسار واحد", "other": "%2$lld مسار",
            "two": "مساران", "zero": "لا مسارات"}),
        "de": substitution("%1$@ · %#@hikes@", "hikes", 2, "lld",
                           {"one": "%2$lld Wanderung", "other": "%2$lld Wanderungen"}),
        "en": substitution("%1$@ · %#@hikes@", "hikes", 2, "lld", {"one": "%2$lld hike", "other": "%2$lld hikes"}),
        "fr": substitution("%1$@ · %#@hikes@", "hikes", 2, "lld", {
            "many": "%2$@ de randonnées", "one": "%2$@ randonnée", "other": "%2$@ randonnées"}),
        "ja": substitution("%1$@ · %#@hikes@", "hikes", 2, "lld", {"other": "%2$lld件のハイク"}),
        "pl": substitution("%1$@ · %#@hikes@", "hikes", 2, "lld", {
            "few": "%2$lld wędrówki", "many": "%2$lld wędrówek", "one": "%2$lld wędrówka",
            "other": "%2$lld wędrówki"}),
    }},
    # Extracted from code, never translated: Xcode writes the empty object over three lines.
    "trail.new": {},
    "welcome.title": {"extractionState": "manual", "localizations": {
        "ar": unit("مرحبًا بك في Trailmate"), "de": unit("Willkommen bei Trailmate"),
        "en": unit("Welcome to Trailmate"), "fr": unit("Bienvenue dans Trailmate"),
        "ja": unit("Trailmateへようこそ"), "pl": unit("Witaj w Trailmate"),
    }},
}


def xcode_json(obj):
    """JSON as Xcode writes String Catalogs."""
    text = json.dumps(obj, indent=2, separators=(",", " : "), ensure_ascii=False, sort_keys=True)
    # json.dumps writes an empty object as {}; Xcode opens it, leaves a blank line and closes it
    # at the indentation of the line that opened it.
    return re.sub(r"^( *)(.*)\{\}", lambda m: "%s%s{\n\n%s}" % (m.group(1), m.group(2), m.group(1)),
                  text, flags=re.M)


ANNOUNCEMENTS = """{
  "banner": {
    "trail-closed": {
      "en": "The Ridge Trail is closed until Friday.",
      "en-GB": "The Ridge Trail is closed until Friday, owing to storm damage.",
      "de": "Der Kammweg ist bis Freitag gesperrt.",
      "fr": "Le sentier des crêtes est fermé jusqu'à vendredi.",
      "pl": "Szlak Grzbietowy jest zamknięty do piątku.",
      "ja": "尾根道は金曜日まで通行止めです。"
    },
    "offline-maps": {
      "en": "Offline maps are here: download a region before you go.",
      "de": "Offline-Karten sind da: Lade vor der Tour eine Region herunter.",
      "fr": "Les cartes hors ligne sont là : téléchargez une région avant de partir.",
      "pl": "Mapy offline już są: pobierz region przed wyjściem."
    }
  },
  "footer": {"en": "Happy trails!", "en-US": "Happy trails, y'all!", "de": "Schöne Tour!", "fr": "Bonne randonnée !", "pl": "Udanej wędrówki!", "ja": "よい山旅を！"},
  "revision": 7
}
"""

MOTD = '{\n  "en": "Happy trails!",\n  "en-GB": "Happy rambling!",\n  "de": "Schöne Wanderung!",\n  "fr": "Bonne randonnée !"\n}\n'


def build(root, write):
    """Writes catalog/ and content/ below `root` with `write(path, text)`."""
    for name in ("catalog", "content"):
        path = os.path.join(root, name)
        if os.path.isdir(path):
            shutil.rmtree(path)
    catalog = {"sourceLanguage": "en", "strings": STRINGS, "version": "1.0"}
    write(os.path.join(root, "catalog", "Localizable.xcstrings"), xcode_json(catalog))
    write(os.path.join(root, "content", "announcements.json"), ANNOUNCEMENTS)
    write(os.path.join(root, "content", "motd.json"), MOTD)
