import GraphQLEngine

/// A value refused while decoding input, with the user error code to report and the path of the
/// value (below `input`), taken from the decoder where the value was read.
struct InputError: Error {
    var path: [String]
    var message: String
    var code: UserErrorCode

    init(_ decoder: any Decoder, _ message: String, code: UserErrorCode = .invalidFormat) {
        path = decoder.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.drop { $0 == "input" }.map { $0 }
        self.message = message
        self.code = code
    }
}
