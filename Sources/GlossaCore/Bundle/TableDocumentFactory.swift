import Foundation

extension TableFormat {
  /// Parses `data` as a document of this format. Never throws: problems become diagnostics.
  public func parse(_ data: Data, file: String) -> any TableDocument {
    switch self {
    case .strings: StringsDocument(data: data, file: file)
    case .stringsdict: StringsdictDocument(data: data, file: file)
    case .json: JSONTableDocument(data: data, file: file)
    case .xcstrings:
      StringCatalogView.views(of: StringCatalogDocument(data: data, file: file), fallbackLanguage: "en")[0]
    }
  }

  /// The bytes of a new, empty file of this format.
  public var emptyFileData: Data {
    switch self {
    case .strings: Data()
    case .json: Data("{\n}\n".utf8)
    case .xcstrings:
      Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}".utf8)
    case .stringsdict:
      Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        </dict>
        </plist>

        """.utf8)
    }
  }
}
