import Foundation
import Testing
import GlossaTestSupport

@testable import GlossaCore

/// A small catalog in Xcode's layout (rendered by Python's `json.dumps` with Xcode's
/// separators, the oracle the tests use) holding every shape Glossa reads: an empty key object,
/// plural variations (en, ja with a superfluous `one`, pl missing `many`), a key marked
/// `shouldTranslate: false`, a substitution whose German `formatSpecifier` is wrong and whose
/// unit needs review, states `new` and `stale`, an unknown member with an array, and device
/// variations with a nested plural.
enum CatalogFixtures {
  static let catalog = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "" : {

        },
        "%lld items" : {
          "comment" : "Item count, max-length: 30",
          "localizations" : {
            "en" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld item"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld items"
                    }
                  }
                }
              }
            },
            "ja" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld 個"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld 個"
                    }
                  }
                }
              }
            },
            "pl" : {
              "variations" : {
                "plural" : {
                  "few" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld elementy"
                    }
                  },
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld element"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld elementu"
                    }
                  }
                }
              }
            }
          }
        },
        "App Name" : {
          "shouldTranslate" : false
        },
        "followers %lld" : {
          "extractionState" : "manual",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "needs_review",
                "value" : "%#@count@"
              },
              "substitutions" : {
                "count" : {
                  "argNum" : 1,
                  "formatSpecifier" : "@",
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%arg Follower"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%arg Follower"
                        }
                      }
                    }
                  }
                }
              }
            },
            "en" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "%#@count@"
              },
              "substitutions" : {
                "count" : {
                  "argNum" : 1,
                  "formatSpecifier" : "lld",
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%arg follower"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%arg followers"
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "Hello" : {
          "comment" : "Greeting",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Hallo"
              }
            },
            "fr" : {
              "stringUnit" : {
                "state" : "stale",
                "value" : "Bonjour"
              }
            },
            "ja" : {
              "stringUnit" : {
                "state" : "new",
                "value" : "こんにちは \"友\"\n"
              },
              "x-note" : [
                1,
                2.5,
                null
              ]
            }
          }
        },
        "Tap to open" : {
          "localizations" : {
            "de" : {
              "variations" : {
                "device" : {
                  "mac" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "Klicken zum Öffnen"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "Tippen zum Öffnen"
                    }
                  }
                }
              }
            },
            "en" : {
              "variations" : {
                "device" : {
                  "iphone" : {
                    "variations" : {
                      "plural" : {
                        "one" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Tap once"
                          }
                        },
                        "other" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Tap %lld times"
                          }
                        }
                      }
                    }
                  },
                  "mac" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "Click to open"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "Tap to open"
                    }
                  }
                }
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """#

  static func document(_ text: String = catalog, file: String = "Localizable.xcstrings") -> StringCatalogDocument {
    StringCatalogDocument(data: Data(text.utf8), file: file)
  }

  static func text(_ document: StringCatalogDocument) -> String {
    String(decoding: document.serialized(), as: UTF8.self)
  }

  /// The IceCubesApp catalog from the shared corpus.
  /// Fails the test (see `Corpus.root()`) when the corpus is absent or has no catalog.
  static func corpusCatalog(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try #require(
      try Corpus.files(endingWith: ".xcstrings", sourceLocation: sourceLocation).first,
      "../shared/corpus has no .xcstrings file", sourceLocation: sourceLocation)
  }
}

extension CatalogFixtures {
  /// `text` written as `Localizable.xcstrings` in a fresh directory, loaded as a bundle.
  static func bundle(_ text: String = catalog, in directory: TemporaryDirectory) throws -> LocalizationBundle {
    let url = directory.url.appendingPathComponent("Localizable.xcstrings")
    try Data(text.utf8).write(to: url)
    return try LocalizationBundle.load(url.path)
  }

  /// A catalog with one key: `localizations` is the JSON text of its `localizations` object.
  static func catalog(key: String, localizations: String, extra: String = "") -> String {
    """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "\(key)" : {\(extra)
          "localizations" : \(localizations)
        }
      },
      "version" : "1.0"
    }
    """
  }
}
