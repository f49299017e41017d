/// The columns a key's value may take on screen: `max-length: N` in the source entry's comment,
/// else the first `.glossa.yml` `max-length` rule whose glob matches the key. The `overlong`
/// check, the review's width ruler and its pseudo-localization preview all ask this one place.
public enum ColumnBudget {
  /// The limit for `key` with the source comment `comment`, or nil when the key has none.
  public static func limit(comment: String?, key: String, options: CheckOptions) -> Int? {
    comment.flatMap(Overlong.commentLimit) ?? options.configuredLimit(forKey: key)
  }
}
