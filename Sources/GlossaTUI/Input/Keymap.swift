import GlossaCore

/// Finds the action a key triggers in a scope, from `Action.table` plus user overrides.
public struct Keymap: Sendable {
  private var bindings: [Scope: [Key: Action]]
  /// The keys of each action after overrides, for the footer and help.
  public private(set) var keys: [Action: [Key]]

  /// The default keymap, optionally with some actions rebound (`overrides[action]` replaces its keys).
  public init(overrides: [Action: [Key]] = [:]) {
    bindings = [:]
    keys = [:]
    for info in Action.table {
      let actionKeys = overrides[info.action] ?? info.keys
      keys[info.action] = actionKeys
      for scope in info.scopes {
        for key in actionKeys where bindings[scope, default: [:]][key] == nil {
          bindings[scope, default: [:]][key] = info.action
        }
      }
    }
  }

  /// Keys bound to two actions that work in the same scope (empty when none).
  public var conflicts: [KeymapProblem] {
    var found: [KeymapProblem] = []
    for scope in Scope.allCases {
      var owner: [Key: Action] = [:]
      for info in Action.table where info.scopes.contains(scope) {
        for key in keys[info.action] ?? [] {
          if let other = owner[key], other != info.action {
            let conflict = KeymapProblem.conflict(key: key.label, actions: [other.rawValue, info.action.rawValue])
            if !found.contains(conflict) { found.append(conflict) }
          } else {
            owner[key] = info.action
          }
        }
      }
    }
    return found
  }

  /// The action `key` triggers in `scope`, if any.
  public func action(for key: Key, in scope: Scope) -> Action? {
    bindings[scope]?[key]
  }

  /// The label of the first key bound to `action` (empty when unbound).
  public func keyLabel(_ action: Action) -> String {
    keys[action]?.first?.label ?? ""
  }

  /// All key labels of `action`, joined for the help overlay.
  public func keyLabels(_ action: Action) -> String {
    (keys[action] ?? []).map(\.label).joined(separator: " ")
  }
}
