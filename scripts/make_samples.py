#!/usr/bin/env python3
"""Writes SampleBundles/local (the bundle the app ships) and SampleBundles/remote (the newer copy
the app downloads; zipped to SampleBundles/remote.zip with `glossa pack`), and through
scripts/sample_catalog.py the String Catalog (SampleBundles/catalog) and the localized-object
JSON content (SampleBundles/content).

The sample app is "Trailmate", a hiking app written for this project. Every kind of problem Glossa
finds is planted on purpose; SampleBundles/README.md lists where. Run from the package root:
    python3 scripts/make_samples.py && swift run glossa pack SampleBundles/remote -o SampleBundles/remote.zip
"""
import os, shutil, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import sample_catalog

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "SampleBundles")

def write(path, text, encoding="utf-8", bom=b""):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    data = text.encode(encoding)
    with open(path, "wb") as f:
        f.write(bom + data)

def strings(entries):
    """entries: list of (comment or None, key, value) or raw lines (str)."""
    out = []
    for e in entries:
        if isinstance(e, str):
            out.append(e)
            continue
        comment, key, value = e
        if comment:
            out.append("/* %s */" % comment)
        out.append('"%s" = "%s";' % (key, value))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"

def info_plist(version, short, refresh, package="BNDL"):
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleDevelopmentRegion</key>
	<string>en</string>
	<key>CFBundleIdentifier</key>
	<string>app.trailmate.strings</string>
	<key>CFBundleInfoDictionaryVersion</key>
	<string>6.0</string>
	<key>CFBundlePackageType</key>
	<string>{package}</string>
	<key>CFBundleShortVersionString</key>
	<string>{short}</string>
	<key>CFBundleVersion</key>
	<string>{version}</string>
	<key>NMBundleRefreshRate</key>
	{refresh}
</dict>
</plist>
"""

HEADER = "/*\n  Localizable.strings\n  Trailmate\n*/\n"

EN = [
    ("Sign-in screen title. max-length: 20", "login.title", "Sign in"),
    ("Button that starts recording a hike. max-length: 12", "hike.start", "Start"),
    ("Toolbar button. max-length: 10", "toolbar.save", "Save"),
    ("Tab bar title. max-length: 8", "tab.map", "Map"),
    ("Shown when the GPS signal is lost", "gps.lost", "GPS signal lost. Trying to reconnect\\U2026"),
    ("%@ is the trail name, %d the distance in kilometres", "trail.summary", "%@: %d km"),
    ("Greeting: %1$@ is the hiker's name, %2$@ the weekday", "greeting", "Hi %1$@, happy %2$@!"),
    ("Settings row", "settings.units", "Units"),
    (None, "settings.units.metric", "Metric"),
    ("Confirmation before deleting a hike; %@ is its name", "Delete %@?", "Delete %@?"),
    ("Text shared to other apps", "share.message", "Check out my hike on Trailmate!"),
    (None, "error.network", "The network connection was lost. Please try again."),
    ("First onboarding page", "onboarding.welcome", "Welcome to Trailmate"),
    (None, "OK", "OK"),
    ("About screen, shown in a scrolling text view", "about.body",
     "Trailmate helps you plan hikes, record your routes and share them with friends."),
    ("Number of photos on a hike", "%d photos##{one}", "%d photo"),
    (None, "%d photos##{other}", "%d photos"),
    ("Battery warning; 20%% is literal", "battery.low", "Battery below 20%% \\U2014 recording may stop"),
]

def tr(values, drop=(), extra=(), plural=None, header=HEADER):
    """Builds a translation from EN's keys: values maps key -> value; missing keys in `drop`."""
    out = [header]
    for comment, key, value in EN:
        base = key.split("##")[0]
        if key in drop or base in drop:
            continue
        if "##{" in key:
            continue
        out.append((comment, key, values.get(key, value)))
    for cat, text in (plural or []):
        out.append((None, "%%d photos##{%s}" % cat, text))
    out.extend(extra)
    return strings(out)

LANGS = {}

LANGS["de"] = tr({
    "login.title": "Anmelden", "hike.start": "Aufzeichnung starten", "toolbar.save": "Sichern",
    "tab.map": "Karte", "gps.lost": "GPS-Signal verloren. Neuer Versuch\\U2026",
    "trail.summary": "%@: %d km", "greeting": "Schönen %2$@, %1$@!", "settings.units": "Einheiten",
    "settings.units.metric": "Metrisch", "Delete %@?": "%@ löschen?",
    "error.network": "Die Netzwerkverbindung wurde unterbrochen. Bitte versuche es erneut.",
    "onboarding.welcome": "Welcome to Trailmate", "OK": "OK",
    "about.body": "Trailmate hilft dir, Wanderungen zu planen, Routen aufzuzeichnen und mit Freunden zu teilen.",
    "battery.low": "Akku unter 20%% \\U2014 die Aufzeichnung kann stoppen",
}, drop=("share.message",), plural=[("one", "%d Foto"), ("other", "%d Fotos")])

LANGS["fr"] = tr({
    "login.title": "Connexion", "hike.start": "Démarrer ", "toolbar.save": "Enregistrer",
    "tab.map": "Carte", "gps.lost": "Signal GPS perdu. Nouvelle tentative\\U2026",
    "trail.summary": "%@ : %d km", "greeting": "Bonjour %1$@, bon %2$@ !", "settings.units": "Unités",
    "settings.units.metric": "Métrique", "Delete %@?": "Supprimer %@ ?",
    "share.message": "Découvrez ma randonnée sur Trailmate !",
    "error.network": "La connexion réseau a été perdue. Veuillez réessayer.",
    "onboarding.welcome": "Bienvenue dans Trailmate", "OK": "OK",
    "about.body": "Trailmate vous aide à planifier vos randonnées, à enregistrer vos itinéraires et à les partager "
                  "avec vos amis, vos proches, vos collègues, les clubs de randonnée de votre région et toute la "
                  "communauté des marcheurs qui parcourent les sentiers du monde entier, été comme hiver.",
    "battery.low": "Batterie sous 20 %% \\U2014 l’enregistrement peut s’arrêter",
}, plural=[("one", "%d photo"), ("other", "%d photos")],
   extra=[("Removed from English in 2.0", "legacy.banner", "Nouvelle version disponible")])

LANGS["es"] = tr({
    "login.title": "Iniciar sesión", "hike.start": "Iniciar", "toolbar.save": "Guardar",
    "tab.map": "Mapa", "gps.lost": "Se perdió la señal GPS. Reconectando\\U2026",
    "trail.summary": "%@: %d km", "greeting": "¡Hola %1$@, feliz %2$@!", "settings.units": "",
    "settings.units.metric": "Métrico", "Delete %@?": "¿Eliminar %@?",
    "share.message": "¡Mira mi ruta en Trailmate!",
    "error.network": "Se perdió la conexión de red. Inténtalo de nuevo.",
    "onboarding.welcome": "Te damos la bienvenida a Trailmate", "OK": "Aceptar",
    "about.body": "Trailmate te ayuda a planificar rutas, grabar tus recorridos y compartirlos con tus amigos.",
    "battery.low": "Batería por debajo del 20 %% \\U2014 la grabación puede detenerse",
}, plural=[("one", "%d foto"), ("many", "%d de fotos"), ("other", "%d fotos")])

LANGS["ru"] = tr({
    "login.title": "Войти", "hike.start": "Начать", "toolbar.save": "Сохранить",
    "tab.map": "Карта", "gps.lost": "Сигнал GPS потерян. Переподключение\\U2026",
    "trail.summary": "%d км: %@", "greeting": "Привет, %1$@! Хорошего дня: %2$@!", "settings.units": "Единицы",
    "settings.units.metric": "Метрические", "Delete %@?": "Удалить «%@»?",
    "share.message": "Посмотрите мой поход в Trailmate!",
    "error.network": "Соединение с сетью потеряно. Повторите попытку.",
    "onboarding.welcome": "Добро пожаловать в Trailmate", "OK": "OK",
    "about.body": "Trailmate помогает планировать походы, записывать маршруты и делиться ими с друзьями.",
    "battery.low": "Заряд ниже 20%% \\U2014 запись может остановиться",
}, plural=[("one", "%d фотография"), ("many", "%d фотографий"), ("other", "%d фотографии")])

PL_BODY = tr({
    "login.title": "Zaloguj się", "hike.start": "Start", "toolbar.save": "Zapisz",
    "tab.map": "Mapa", "gps.lost": "Utracono sygnał GPS. Ponowne łączenie\\U2026",
    "trail.summary": "%@: %d km", "greeting": "Cześć %1$@, miłego dnia: %2$@!", "settings.units": "Jednostki",
    "settings.units.metric": "Metryczne", "Delete %@?": "Usunąć %@?",
    "share.message": "Zobacz moją wędrówkę w Trailmate!",
    "error.network": "Utracono połączenie sieciowe. Spróbuj ponownie.",
    "onboarding.welcome": "Witamy w Trailmate", "OK": "OK",
    "about.body": "Trailmate pomaga planować wędrówki, nagrywać trasy i dzielić się nimi ze znajomymi.",
    "battery.low": "Bateria poniżej 20%% \\U2014 nagrywanie może się zatrzymać",
}, plural=[("one", "%d zdjęcie"), ("few", "%d zdjęcia"), ("many", "%d zdjęć"), ("other", "%d zdjęcia")],
   extra=[("Saved again by a second translator", "toolbar.save", "Zachowaj")])
LANGS["pl"] = PL_BODY

AR_ENTRIES = [HEADER,
    ("Sign-in screen title. max-length: 20", "login.title", "تسجيل الدخول"),
    (None, "hike.start", "ابدأ"),
    (None, "toolbar.save", "حفظ"),
    (None, "tab.map", "الخريطة"),
    (None, "gps.lost", "فُقدت إشارة GPS. جارٍ إعادة الاتصال\\U2026"),
    (None, "trail.summary", "%@: %d كم"),
    (None, "greeting", "مرحبًا %1$@، %2$@ سعيد!"),
    (None, "settings.units", "الوحدات"),
    '"settings.units.metric" = "متري"',
    (None, "Delete %@?", "هل تريد حذف %@؟"),
    (None, "share.message", "شاهد رحلتي على Trailmate!"),
    (None, "error.network", "انقطع الاتصال بالشبكة. يرجى المحاولة مرة أخرى."),
    (None, "onboarding.welcome", "مرحبًا بك في Trailmate"),
    (None, "OK", "حسنًا"),
    (None, "about.body", "يساعدك Trailmate على تخطيط الرحلات وتسجيل مساراتك ومشاركتها مع أصدقائك."),
    (None, "battery.low", "البطارية أقل من 20%% \\U2014 قد يتوقف التسجيل"),
    (None, "%d photos##{zero}", "لا صور"),
    (None, "%d photos##{one}", "صورة واحدة"),
    (None, "%d photos##{two}", "صورتان"),
    (None, "%d photos##{few}", "%d صور"),
    (None, "%d photos##{many}", "%d صورة"),
    (None, "%d photos##{other}", "%d صورة"),
]
LANGS["ar"] = strings(AR_ENTRIES)

LANGS["ja"] = tr({
    "login.title": "アカウントにサインインする", "hike.start": "開始", "toolbar.save": "保存",
    "tab.map": "地図", "gps.lost": "GPS信号が失われました。再接続しています\\U2026",
    "trail.summary": "%@：%dキロ", "greeting": "%1$@さん、楽しい%2$@を！", "settings.units": "単位",
    "settings.units.metric": "メートル法", "Delete %@?": "%@を削除しますか？",
    "share.message": "Trailmateで私のハイキングを見てください！",
    "onboarding.welcome": "Trailmateへようこそ", "OK": "OK",
    "about.body": "Trailmateはハイキングの計画、ルートの記録、友達との共有をお手伝いします。",
    "battery.low": "バッテリー残量が20%%未満です \\U2014 記録が停止する可能性があります",
}, drop=("error.network",), plural=[("one", "写真%d枚"), ("other", "写真%d枚")])

def stringsdict(entries):
    """entries: list of (key, format, variable, valuetype, {cat: text})"""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
           '<plist version="1.0">', '<dict>']
    for key, fmt, var, vt, forms in entries:
        out += [f'\t<key>{key}</key>', '\t<dict>', '\t\t<key>NSStringLocalizedFormatKey</key>',
                f'\t\t<string>{fmt}</string>', f'\t\t<key>{var}</key>', '\t\t<dict>',
                '\t\t\t<key>NSStringFormatSpecTypeKey</key>', '\t\t\t<string>NSStringPluralRuleType</string>',
                '\t\t\t<key>NSStringFormatValueTypeKey</key>', f'\t\t\t<string>{vt}</string>']
        for cat in ["zero", "one", "two", "few", "many", "other"]:
            if cat in forms:
                out += [f'\t\t\t<key>{cat}</key>', f'\t\t\t<string>{forms[cat]}</string>']
        out += ['\t\t</dict>', '\t</dict>']
    out += ['</dict>', '</plist>']
    return "\n".join(out) + "\n"

SD = {
    "en": {"one": "%d hike this week", "other": "%d hikes this week"},
    "de": {"one": "%d Wanderung diese Woche", "other": "%d Wanderungen diese Woche"},
    "ru": {"one": "%d поход за неделю", "few": "%d похода за неделю", "many": "%d походов за неделю",
           "other": "%d похода за неделю"},
    "pl": {"one": "%d wędrówka w tym tygodniu", "few": "%d wędrówki w tym tygodniu",
           "other": "%d wędrówki w tym tygodniu"},
    "ar": {"zero": "لا رحلات هذا الأسبوع", "one": "رحلة واحدة هذا الأسبوع", "two": "رحلتان هذا الأسبوع",
           "few": "%d رحلات هذا الأسبوع", "many": "%d رحلة هذا الأسبوع", "other": "%d رحلة هذا الأسبوع"},
    "ja": {"other": "今週のハイキング%d件"},
}

JSON = {
    "en": ('{\n  "brand" : {\n    "name" : "Trailmate"\n  },\n  "login" : {\n    "title" : "Sign in",\n'
           '    "subtitle" : "Use your {brand.name} account"\n  },\n  "map" : {\n'
           '    "empty" : "No trails nearby. Try zooming out on the {login.title} screen."\n  }\n}\n'),
    "de": ('{\n  "brand" : {\n    "name" : "Trailmate"\n  },\n  "login" : {\n    "title" : "Anmelden",\n'
           '    "subtitle" : "Mit deinem {brand.nmae}-Konto"\n  },\n  "map" : {\n'
           '    "empty" : "Keine Wege in der N\\u00e4he."\n  }\n}\n'),
    "fr": ('{\n  "brand" : {\n    "name" : "Trailmate"\n  },\n  "login" : {\n    "title" : "Connexion",\n'
           '    "subtitle" : "Utilisez votre compte {brand.name}"\n  },\n  "map" : {\n'
           '    "empty" : "Aucun sentier à proximité."\n  }\n}\n'),
}

def build_local(base):
    res = os.path.join(base, "Resources")
    write(os.path.join(res, "Info.plist"), info_plist("11", "2.0", "<string>3 days</string>"))
    write(os.path.join(res, "en.lproj", "Localizable.strings"), HEADER + "\n" + strings(EN))
    for lang, text in LANGS.items():
        if lang == "ja":  # Japanese ships as UTF-16LE with a BOM, as older Xcode exports did.
            write(os.path.join(res, "ja.lproj", "Localizable.strings"), text, "utf-16-le", b"\xff\xfe")
        elif lang == "ar":  # A translator dropped a semicolon in the middle of the Arabic file.
            write(os.path.join(res, "ar.lproj", "Localizable.strings"), text)
        else:
            write(os.path.join(res, lang + ".lproj", "Localizable.strings"), text)
    # A file saved as Latin-1 by an old editor: not UTF-8, no BOM.
    write(os.path.join(res, "es.lproj", "InfoPlist.strings"),
          '/* Name shown under the app icon */\n"CFBundleDisplayName" = "Trailmate";\n'
          '/* Location permission prompt */\n"NSLocationWhenInUseUsageDescription" = "Trailmate usa tu ubicación para grabar rutas.";\n',
          "latin-1")
    write(os.path.join(res, "en.lproj", "InfoPlist.strings"),
          '/* Name shown under the app icon */\n"CFBundleDisplayName" = "Trailmate";\n'
          '/* Location permission prompt */\n"NSLocationWhenInUseUsageDescription" = "Trailmate uses your location to record routes.";\n')
    for lang, forms in SD.items():
        write(os.path.join(res, lang + ".lproj", "Localizable.stringsdict"),
              stringsdict([("hikes.week", "%#@hikes@", "hikes", "d", forms)]))
    for lang, text in JSON.items():
        write(os.path.join(res, lang + ".lproj", "json.strings"), text)
    for lang, text in JSON_MORE.items():
        write(os.path.join(res, lang + ".lproj", "json.strings"), text)
    for lang, (name, usage) in INFOPLIST.items():
        write(os.path.join(res, lang + ".lproj", "InfoPlist.strings"),
              '/* Name shown under the app icon */\n"CFBundleDisplayName" = "%s";\n'
              '/* Location permission prompt */\n"NSLocationWhenInUseUsageDescription" = "%s";\n' % (name, usage))
    for lang, forms in SD_MORE.items():
        write(os.path.join(res, lang + ".lproj", "Localizable.stringsdict"),
              stringsdict([("hikes.week", "%#@hikes@", "hikes", "d", forms)]))

def json_table(title, subtitle, empty):
    return ('{\n  "brand" : {\n    "name" : "Trailmate"\n  },\n  "login" : {\n    "title" : "%s",\n'
            '    "subtitle" : "%s"\n  },\n  "map" : {\n    "empty" : "%s"\n  }\n}\n' % (title, subtitle, empty))

JSON_MORE = {
    "es": json_table("Iniciar sesión", "Usa tu cuenta de {brand.name}", "No hay rutas cerca."),
    "ru": json_table("Войти", "Используйте аккаунт {brand.name}", "Рядом нет маршрутов."),
    "pl": json_table("Zaloguj się", "Użyj konta {brand.name}", "Brak szlaków w pobliżu."),
    "ar": json_table("تسجيل الدخول", "استخدم حساب {brand.name}", "لا توجد مسارات قريبة."),
    "ja": json_table("サインイン", "{brand.name}アカウントを使用", "近くにトレイルがありません。"),
}

INFOPLIST = {
    "de": ("Trailmate", "Trailmate nutzt deinen Standort, um Routen aufzuzeichnen."),
    "fr": ("Trailmate", "Trailmate utilise votre position pour enregistrer vos itinéraires."),
    "ru": ("Trailmate", "Trailmate использует вашу геопозицию для записи маршрутов."),
    "pl": ("Trailmate", "Trailmate używa Twojej lokalizacji do nagrywania tras."),
    "ar": ("Trailmate", "يستخدم Trailmate موقعك لتسجيل المسارات."),
    "ja": ("Trailmate", "Trailmateはルートを記録するために位置情報を使用します。"),
}

SD_MORE = {
    "fr": {"one": "%d randonnée cette semaine", "other": "%d randonnées cette semaine"},
    "es": {"one": "%d ruta esta semana", "many": "%d de rutas esta semana", "other": "%d rutas esta semana"},
}

def build_remote(base):
    """Version 2.1 of the strings, as served by the app's update server."""
    global EN
    res = os.path.join(base, "Resources")
    # Start from the shipped bundle, then apply what changed in 2.1.
    shutil.copytree(os.path.join(ROOT, "local", "Resources"), res)
    for lang in ("fr", "es", "pl", "ar"):
        path = os.path.join(res, lang + ".lproj", "Localizable.strings")
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(l for l in lines if not l.startswith('"OK" =')))
    write(os.path.join(res, "Info.plist"), info_plist("12", "2.1", "<integer>3</integer>"))
    en = [e for e in EN if e[1] != "OK"] + [("Pause button while recording. max-length: 10", "hike.pause", "Pause")]
    write(os.path.join(res, "en.lproj", "Localizable.strings"), HEADER + "\n" + strings(en))
    saved = EN
    EN = en
    de = tr({
        "login.title": "Anmelden", "hike.start": "Starten", "hike.pause": "Pause", "toolbar.save": "Sichern",
        "tab.map": "Karte", "gps.lost": "GPS-Signal verloren. Neuer Versuch\\U2026",
        "trail.summary": "%@: %d km", "greeting": "Schönen %2$@, %1$@!", "settings.units": "Einheiten",
        "settings.units.metric": "Metrisch", "Delete %@?": "%@ löschen?",
        "share.message": "Schau dir meine Wanderung in Trailmate an!",
        "error.network": "Die Netzwerkverbindung wurde unterbrochen. Bitte versuche es erneut.",
        "onboarding.welcome": "Willkommen bei Trailmate",
        "about.body": "Trailmate hilft dir, Wanderungen zu planen, Routen aufzuzeichnen und mit Freunden zu teilen.",
        "battery.low": "Akku unter 20%% \\U2014 die Aufzeichnung kann stoppen",
    }, plural=[("one", "%d Foto"), ("other", "%d Fotos")])
    write(os.path.join(res, "de.lproj", "Localizable.strings"), de)
    ru = tr({
        "login.title": "Войти", "hike.start": "Начать", "hike.pause": "Пауза", "toolbar.save": "Сохранить",
        "tab.map": "Карта", "gps.lost": "Сигнал GPS потерян. Переподключение\\U2026",
        "trail.summary": "%1$@: %2$d км", "greeting": "Привет, %1$@! Хорошего дня: %2$@!",
        "settings.units": "Единицы", "settings.units.metric": "Метрические", "Delete %@?": "Удалить «%@»?",
        "share.message": "Посмотрите мой поход в Trailmate!",
        "error.network": "Соединение с сетью потеряно. Повторите попытку.",
        "onboarding.welcome": "Добро пожаловать в Trailmate",
        "about.body": "Trailmate помогает планировать походы, записывать маршруты и делиться ими с друзьями.",
        "battery.low": "Заряд ниже 20%% \\U2014 запись может остановиться",
    }, plural=[("one", "%d фотография"), ("few", "%d фотографии"), ("many", "%d фотографий"),
               ("other", "%d фотографии")])
    write(os.path.join(res, "ru.lproj", "Localizable.strings"), ru)
    ja = LANGS["ja"]
    write(os.path.join(res, "ja.lproj", "Localizable.strings"), ja, "utf-16-le", b"\xff\xfe")
    EN = saved
    for lang in ("en", "de", "ru", "ja"):
        write(os.path.join(res, lang + ".lproj", "Localizable.stringsdict"),
              stringsdict([("hikes.week", "%#@hikes@", "hikes", "d", SD[lang])]))
    for lang in ("en", "de"):
        write(os.path.join(res, lang + ".lproj", "json.strings"), JSON[lang].replace("brand.nmae", "brand.name"))

def main():
    for name in ("local", "remote"):
        path = os.path.join(ROOT, name)
        if os.path.isdir(path):
            shutil.rmtree(path)
    build_local(os.path.join(ROOT, "local"))
    build_remote(os.path.join(ROOT, "remote"))
    sample_catalog.build(ROOT, write)
    # Arabic: drop the semicolon after "settings.units.metric" (already written without it above).
    print("wrote", os.path.normpath(ROOT))

if __name__ == "__main__":
    main()
