import Testing

@testable import GlossaCore

@Suite(.timeLimit(.minutes(10))) struct NumberMismatchTests {
  @Test func localeDigitsAndGroupingAreTheSameNumber() {
    let source = [("a", "1,000 files"), ("b", "Up to 150 items"), ("c", "Version 2.5"), ("d", "%1$@ of 30 MB")]
    let found = TextCheckFixtures.found(
      .numberMismatch, source: source,
      [
        "fr": [("a", "1 000 fichiers"), ("b", "Jusqu’à 150 éléments"), ("c", "Version 2,5"), ("d", "%1$@ sur 30 Mo")],
        "de": [("a", "1.000 Dateien"), ("b", "Bis zu 150 Elemente"), ("c", "Version 2,5"), ("d", "%1$@ von 30 MB")],
        "ar": [("a", "١٬٠٠٠ ملف"), ("b", "حتى ١٥٠ عنصرًا"), ("c", "الإصدار ٢٫٥"), ("d", "%1$@ من ٣٠ ميغابايت")],
        "ja": [("a", "1,000 ファイル"), ("b", "最大１５０項目"), ("c", "バージョン 2.5"), ("d", "%1$@ / 30 MB")],
        "fa": [("a", "۱۰۰۰ فایل"), ("b", "تا ۱۵۰ مورد"), ("c", "نسخه ۲٫۵"), ("d", "%1$@ از ۳۰ مگابایت")],
      ])
    #expect(found.isEmpty)
  }

  @Test func changedAndMissingNumbersAreReported() {
    let messages = TextCheckFixtures.messages(
      .numberMismatch,
      source: [("a", "Up to 150 items"), ("b", "Default: 36000"), ("c", "Keep 30 days"), ("d", "1 second")],
      [
        "de": [("a", "Bis zu 100 Elemente"), ("b", "Standard"), ("c", "30 Tage behalten"), ("d", "Eine Sekunde")],
        "zh-Hans": [("a", "最多 150 项"), ("b", "默认：36000"), ("c", "保留三十天"), ("d", "一秒")],
        "ar": [("a", "حتى ١٠٠ عنصر"), ("b", "الافتراضي: ٣٦٠٠٠"), ("c", "الاحتفاظ ٣٠ يومًا"), ("d", "ثانية واحدة")],
      ])
    // “三十天” spells 30 out: a missing number up to 100 is not a finding.
    #expect(messages.map(\.0) == ["ar a", "de a", "de b"])
    #expect(messages[1].1 == "The translation's numbers differ from the source's: 150 is 100.")
    #expect(messages[2].1 == "The translation's numbers differ from the source's: 36000 is missing.")
  }
}
