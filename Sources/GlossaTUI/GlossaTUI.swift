import GlossaCore

/// The review TUI's pure model, update function and views live in this module.
public enum GlossaTUI {
  public static let name = "glossa review"
}
