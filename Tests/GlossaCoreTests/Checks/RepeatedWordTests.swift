import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct RepeatedWordTests {
  @Test func aWordRepeatedAfterOneSpaceIsReported() {
    let found = TextCheckFixtures.messages(
      .repeatedWord, source: [("a", "Delete the file"), ("b", "Check the the settings"), ("c", "Say bye-bye")],
      [
        "de": [("a", "Die Datei Datei löschen"), ("b", "Einstellungen prüfen"), ("c", "Tschüss")],
        "ru": [("a", "Удалить файл файл"), ("b", "Проверить настройки"), ("c", "Пока-пока")],
        "ar": [("a", "حذف الملف الملف"), ("b", "تحقق من الإعدادات"), ("c", "وداعا")],
      ])
    #expect(found.map(\.0) == ["en b", "ar a", "de a", "ru a"])
    #expect(found[2].1 == "The translation repeats “Datei”: “Die Datei Datei löschen”.")
  }

  @Test func grammarSpecifiersNumbersAndHyphensAreNotRepeats() {
    let found = TextCheckFixtures.found(
      .repeatedWord,
      source: [("a", "We connected"), ("b", "%d of %d"), ("c", "Step 2 2"), ("d", "Files that the app made")],
      [
        "fr": [
          ("a", "Nous nous sommes connectés"), ("b", "%d sur %d"), ("c", "Étape 2 2"), ("d", "Fichiers de l’app"),
        ],
        "de": [
          ("a", "Wir haben uns verbunden"), ("b", "%d %d"), ("c", "Schritt 2 2"),
          ("d", "Dateien, die die App erstellt hat"),
        ],
        "id": [("a", "Kami terhubung"), ("b", "%d dari %d"), ("c", "Langkah 2 2"), ("d", "Berkas-berkas aplikasi")],
        "zh-Hans": [("a", "我们已连接"), ("b", "%d/%d"), ("c", "第 2 2 步"), ("d", "应用创建的文件")],
      ])
    #expect(found.isEmpty)
  }
}
