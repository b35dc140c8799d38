import GraphQLEngine

/// The close codes of `graphql-transport-ws` (and this server's 4500 for a client too slow to read).
enum GraphQLWebSocketClose: UInt16 {
    case badRequest = 4400
    case unauthorized = 4401
    case forbidden = 4403
    case initTimeout = 4408
    case duplicateSubscriber = 4409
    case tooManyInitialisations = 4429
    case tooSlow = 4500
}

/// A message from the client, as `graphql-transport-ws` defines them.
enum GraphQLWebSocketInbound {
    case connectionInit(payload: GraphQLObject)
    case ping(payload: GraphQLValue?)
    case pong
    case subscribe(id: String, payload: GraphQLValue)
    case complete(id: String)

    struct Invalid: Error {
        var reason: String
    }

    init(json: GraphQLValue) throws(Invalid) {
        guard case .object(let message) = json, case .string(let type)? = message["type"] else {
            throw Invalid(reason: "Messages are JSON objects with a string `type`.")
        }
        func id() throws(Invalid) -> String {
            guard case .string(let id)? = message["id"], !id.isEmpty, id.utf8.count <= 128 else {
                throw Invalid(reason: "`\(type)` needs an `id`: a string of 1–128 bytes.")
            }
            return id
        }
        switch type {
        case "connection_init":
            switch message["payload"] {
            case .object(let payload)?: self = .connectionInit(payload: payload)
            case nil, .null?: self = .connectionInit(payload: GraphQLObject())
            default: throw Invalid(reason: "`connection_init`'s payload must be an object.")
            }
        case "ping": self = .ping(payload: message["payload"])
        case "pong": self = .pong
        case "subscribe":
            let id = try id()
            guard let payload = message["payload"], case .object = payload else {
                throw Invalid(reason: "`subscribe` needs a `payload` object with the `query`.")
            }
            self = .subscribe(id: id, payload: payload)
        case "complete": self = .complete(id: try id())
        default: throw Invalid(reason: "Unknown message type.")
        }
    }

    /// The session token: `{"authorization": "Bearer <token>"}` (as the HTTP header) or `{"token": "<token>"}`.
    static func bearerToken(in payload: GraphQLObject) -> String? {
        if case .string(let token)? = payload["token"] {
            let trimmed = token.trimmingWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        }
        for key in ["authorization", "Authorization"] {
            if case .string(let header)? = payload[key] { return GraphQLHTTPHandler.bearerToken(header) }
        }
        return nil
    }
}

/// Messages to the client, as JSON text.
enum GraphQLWebSocketOutbound {
    static let connectionAck = #"{"type":"connection_ack"}"#
    static let ping = #"{"type":"ping"}"#
    static let pong = #"{"type":"pong"}"#

    static func next(_ id: String, _ result: ExecutionResult) -> String {
        #"{"id":\#(quoted(id)),"type":"next","payload":\#(String(decoding: result.jsonBytes(), as: UTF8.self))}"#
    }

    static func error(_ id: String, _ errors: [GraphQLError]) -> String {
        // `{"errors":[…]}` is the one serialisation of errors there is; the message wants the list.
        let body = String(decoding: ExecutionResult.failure(errors).jsonBytes(), as: UTF8.self)
        let list = body.hasPrefix(#"{"errors":"#) && body.hasSuffix("}") ? String(body.dropFirst(10).dropLast()) : "[]"
        return #"{"id":\#(quoted(id)),"type":"error","payload":\#(list)}"#
    }

    static func complete(_ id: String) -> String {
        #"{"id":\#(quoted(id)),"type":"complete"}"#
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
