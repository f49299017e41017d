import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct PunctuationMismatchTests {
  static let source = [
    ("q", "Delete this file?"), ("s", "The file was saved."), ("c", "Name:"), ("e", "Loading…"), ("x", "Done!"),
    ("n", "Settings"), ("m", "For your 👀 only."),
  ]

  @Test func scriptEquivalentsAreTheSameMark() {
    let found = TextCheckFixtures.found(
      .punctuationMismatch, source: Self.source,
      [
        "fr": [
          ("q", "Supprimer ce fichier\u{202F}?"), ("s", "Le fichier a été enregistré."), ("c", "Nom\u{00A0}:"),
          ("e", "Chargement..."), ("x", "Terminé !"), ("n", "Réglages."), ("m", "Pour vos yeux seulement. 👀"),
        ],
        "es": [
          ("q", "¿Eliminar este archivo?"), ("s", "Se guardó el archivo."), ("c", "Nombre:"), ("e", "Cargando…"),
          ("x", "¡Listo!"), ("n", "Ajustes"),
        ],
        "ja": [
          ("q", "このファイルを削除しますか？"), ("s", "ファイルを保存しました"), ("c", "名前："), ("e", "読み込み中…"),
          ("x", "完了！"), ("n", "設定"),
        ],
        "zh-Hans": [
          ("q", "删除此文件？"), ("s", "文件已保存。"), ("c", "名称："), ("e", "正在载入…"), ("x", "完成！"), ("n", "设置"),
        ],
        "ar": [
          ("q", "حذف هذا الملف؟"), ("s", "تم حفظ الملف."), ("c", "الاسم:"), ("e", "جارٍ التحميل…"), ("x", "تم!"),
          ("n", "الإعدادات"),
        ],
        "el": [
          ("q", "Διαγραφή αυτού του αρχείου;"), ("s", "Το αρχείο αποθηκεύτηκε."), ("c", "Όνομα:"), ("e", "Φόρτωση…"),
          ("x", "Έγινε!"), ("n", "Ρυθμίσεις"),
        ],
        "th": [
          ("q", "ลบไฟล์นี้?"), ("s", "บันทึกไฟล์แล้ว"), ("c", "ชื่อ:"), ("e", "กำลังโหลด…"), ("x", "เสร็จแล้ว!"), ("n", "การตั้งค่า"),
        ],
      ])
    #expect(found.isEmpty)
  }

  @Test func aLostOrChangedMarkIsReported() {
    let found = TextCheckFixtures.messages(
      .punctuationMismatch, source: Self.source,
      [
        "de": [
          ("q", "Diese Datei löschen"), ("s", "Die Datei wurde gesichert."), ("c", "Name"), ("e", "Laden."),
          ("x", "Fertig!"), ("n", "Einstellungen"),
        ],
        "ja": [("q", "このファイルを削除"), ("c", "名前")],
        "ar": [("q", "حذف هذا الملف."), ("x", "تم")],
      ])
    #expect(found.map(\.0) == ["ar q", "ar x", "de q", "de c", "de e", "ja q", "ja c"])
    #expect(found[2].1 == "The translation ends with no end punctuation where the source ends with a question mark.")
  }
}
