import GlossaCore

/// One CLDR plural category of a language with sample numbers that select it.
public struct PluralCategoryInfo: Sendable, Hashable {
  public var category: PluralCategory
  /// Sample numbers, as CLDR lists them (`1, 21, 31, …`).
  public var samples: String
  public init(category: PluralCategory, samples: String) {
    self.category = category
    self.samples = samples
  }
}

/// Tells the detail pane which plural categories a language uses (wired to the CLDR rules).
public struct PluralGuide: Sendable {
  /// The categories of a language code, in CLDR order; nil when the language is unknown.
  public var categories: @Sendable (_ language: String) -> [PluralCategoryInfo]?

  public init(categories: @escaping @Sendable (String) -> [PluralCategoryInfo]?) {
    self.categories = categories
  }

  /// A guide that knows no language: the detail pane shows the forms present.
  public static let unknown = PluralGuide { _ in nil }
}
