import Foundation

enum DebugMenu {
  #if DEBUG
    static let title = NSLocalizedString("debug.only.missing", comment: "")
    static let used = NSLocalizedString("debug.used", comment: "")
  #else
    static let title = NSLocalizedString("release.missing", comment: "")
  #endif

  #if !DEBUG
    static let banner = NSLocalizedString("not.debug.missing", comment: "")
  #else
    static let banner = NSLocalizedString("debug.else.missing", comment: "")
  #endif

  #if DEBUG && targetEnvironment(simulator)
    static let simulator = NSLocalizedString("simulator.debug.missing", comment: "")
  #elseif os(iOS)
    static let device = NSLocalizedString("ios.missing", comment: "")
  #endif
}
