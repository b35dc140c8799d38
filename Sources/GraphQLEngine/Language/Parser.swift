/// Limits that keep a hostile document from costing more than it is worth to reject.
public struct ParseOptions: Sendable {
    /// The most tokens a document may have; nil for no limit (trusted input such as our own SDL).
    public var maxTokens: Int?
    /// The deepest nesting of selection sets, list and object values and list types. Recursion is
    /// bounded by this, so no document can overflow the stack.
    public var maxDepth: Int

    public init(maxTokens: Int? = nil, maxDepth: Int = 128) {
        self.maxTokens = maxTokens
        self.maxDepth = maxDepth
    }
}

/// Parses a GraphQL document, executable or type system (spec 2 and 3).
public func parse(_ source: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> DocumentNode {
    var document = try withParser(source, options) { (parser: inout Parser) throws(GraphQLError) in try parser.parseDocument() }
    document.source = source
    return document
}

/// Parses a single value literal such as `{a: [1, 2]}`.
public func parseValue(_ source: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> ValueNode {
    try withParser(source, options) { (parser: inout Parser) throws(GraphQLError) in
        try parser.expect(.startOfFile)
        let value = try parser.parseValueLiteral(isConstant: false)
        try parser.expect(.endOfFile)
        return value
    }
}

/// Parses a type reference such as `[String!]!`.
public func parseType(_ source: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> TypeNode {
    try withParser(source, options) { (parser: inout Parser) throws(GraphQLError) in
        try parser.expect(.startOfFile)
        let type = try parser.parseTypeReference()
        try parser.expect(.endOfFile)
        return type
    }
}

private func withParser<Result>(
    _ source: String, _ options: ParseOptions, _ body: (inout Parser) throws(GraphQLError) -> Result
) throws(GraphQLError) -> Result {
    var text = source
    // Native strings are contiguous UTF-8 already; `makeContiguousUTF8` is free for them.
    text.makeContiguousUTF8()
    let outcome: Swift.Result<Result, GraphQLError>? = text.utf8.withContiguousStorageIfAvailable { bytes in
        var parser = Parser(bytes: bytes, options: options)
        // Also after a syntax error, so that the storage goes back to the pool with its capacity.
        defer { parser.tree.storage = parser.storage }
        do throws(GraphQLError) {
            return .success(try body(&parser))
        } catch {
            return .failure(error)
        }
    }
    guard let outcome else {
        throw GraphQLError("Syntax Error: The document cannot be read as UTF-8.")
    }
    return try outcome.get()
}

/// A recursive-descent parser following graphql-js 16's grammar functions and error messages.
struct Parser {
    var lexer: Lexer
    let options: ParseOptions
    /// Where the document's nodes go; handed to `tree` when parsing is over.
    var storage = StoragePool.take()
    let tree = SyntaxTree()
    /// The selections of the selection sets being parsed, moved to `storage` side by side when
    /// their set ends (nested sets end first).
    private var pendingSelections: [SelectionRecord] = []
    private var tokenCount = 0
    private var depth = 0
    /// End of the last consumed token: where the node being parsed ends.
    private var previousEnd: Int32 = 0

    init(bytes: UnsafeBufferPointer<UInt8>, options: ParseOptions) {
        self.lexer = Lexer(bytes: bytes)
        self.options = options
    }

    var token: Token { lexer.token }

    // MARK: - Document

    mutating func parseDocument() throws(GraphQLError) -> DocumentNode {
        let start = token
        try expect(.startOfFile)
        var definitions: [DefinitionNode] = []
        repeat {
            definitions.append(try parseDefinition())
        } while try !skip(.endOfFile)
        return DocumentNode(definitions: definitions, location: location(from: start))
    }

    private mutating func parseDefinition() throws(GraphQLError) -> DefinitionNode {
        if peek(.braceLeft) { return .operation(try parseOperationDefinition()) }
        let hasDescription = peekDescription()
        let keyword = hasDescription ? try lexer.lookahead() : token
        if keyword.kind == .name {
            switch text(of: keyword) {
            case "schema": return .schema(try parseSchemaDefinition())
            case "scalar", "type", "interface", "union", "enum", "input": return .type(try parseTypeDefinition())
            case "directive": return .directive(try parseDirectiveDefinition())
            case "query", "mutation", "subscription": return .operation(try parseOperationDefinition())
            case "fragment": return .fragment(try parseFragmentDefinition())
            case "extend":
                if hasDescription {
                    throw syntaxError(
                        at: token.start, "Unexpected description, descriptions are supported only on type definitions.")
                }
                return try parseTypeSystemExtension()
            default: break
            }
        }
        throw unexpected(keyword)
    }

    // MARK: - Operations and fragments

    private mutating func parseOperationDefinition() throws(GraphQLError) -> OperationDefinitionNode {
        let start = token
        if peek(.braceLeft) {
            return OperationDefinitionNode(
                operation: .query, name: nil, variableDefinitions: NodeList(), directives: NodeList(),
                selectionSet: try parseSelectionSet(), location: location(from: start))
        }
        let description = try parseDescription()
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : nil
        return OperationDefinitionNode(
            description: description, operation: operation, name: name,
            variableDefinitions: try parseVariableDefinitions(), directives: try parseDirectives(isConstant: false),
            selectionSet: try parseSelectionSet(), location: location(from: start))
    }

    mutating func parseOperationType() throws(GraphQLError) -> OperationType {
        let operationToken = token
        try expect(.name)
        switch text(of: operationToken) {
        case "query": return .query
        case "mutation": return .mutation
        case "subscription": return .subscription
        default: throw unexpected(operationToken)
        }
    }

    private mutating func parseVariableDefinitions() throws(GraphQLError) -> NodeList<VariableDefinitionNode> {
        guard try skip(.parenLeft) else { return NodeList() }
        let first = storage.variableDefinitions.count
        repeat {
            let definition = try parseVariableDefinition()
            storage.variableDefinitions.append(definition)
        } while try !skip(.parenRight)
        return NodeList(tree, span(from: first, to: storage.variableDefinitions.count))
    }

    private mutating func parseVariableDefinition() throws(GraphQLError) -> VariableDefinitionRecord {
        let start = token
        var description = Int32.none
        if let text = try parseDescription() { description = store(text, in: &storage.descriptions) }
        let variable = store(try parseVariable(), in: &storage.variables)
        try expect(.colon)
        let type = store(try parseTypeReference(), in: &storage.types)
        var defaultValue = Int32.none
        if try skip(.equals) { defaultValue = store(try parseValueLiteral(isConstant: true), in: &storage.values) }
        return VariableDefinitionRecord(
            description: description, variable: variable, type: type, defaultValue: defaultValue,
            directives: try parseDirectiveSpan(isConstant: true), location: location(from: start))
    }

    private mutating func parseVariable() throws(GraphQLError) -> VariableNode {
        let start = token
        try expect(.dollar)
        return VariableNode(name: try parseName(), location: location(from: start))
    }

    mutating func parseSelectionSet() throws(GraphQLError) -> SelectionSetNode {
        SelectionSetNode(tree: tree, number: try parseSelectionSetNumber())
    }

    private mutating func parseSelectionSetNumber() throws(GraphQLError) -> Int32 {
        let start = token
        try enterNesting()
        defer { depth -= 1 }
        try expect(.braceLeft)
        let firstPending = pendingSelections.count
        repeat {
            let selection = peek(.spread) ? try parseFragment() : try parseField()
            pendingSelections.append(selection)
        } while try !skip(.braceRight)
        let first = storage.selections.count
        storage.selections.append(contentsOf: pendingSelections[firstPending...])
        pendingSelections.removeSubrange(firstPending...)
        storage.selectionSets.append(
            SelectionSetRecord(
                selections: span(from: first, to: storage.selections.count), location: location(from: start)))
        return Int32(storage.selectionSets.count - 1)
    }

    private mutating func parseField() throws(GraphQLError) -> SelectionRecord {
        let start = token
        let nameOrAlias = try parseNameNumber()
        var alias = Int32.none
        var name = nameOrAlias
        if try skip(.colon) {
            alias = nameOrAlias
            name = try parseNameNumber()
        }
        let arguments = try parseArguments(isConstant: false)
        let directives = try parseDirectiveSpan(isConstant: false)
        let selectionSet = peek(.braceLeft) ? try parseSelectionSetNumber() : .none
        return SelectionRecord(
            kind: .field, alias: alias, name: name, arguments: arguments, directives: directives,
            selectionSet: selectionSet, location: location(from: start))
    }

    private mutating func parseArguments(isConstant: Bool) throws(GraphQLError) -> Span {
        guard try skip(.parenLeft) else { return .empty }
        let first = storage.arguments.count
        repeat {
            let start = token
            let name = try parseName()
            try expect(.colon)
            let value = try parseValueLiteral(isConstant: isConstant)
            storage.arguments.append(ArgumentNode(name: name, value: value, location: location(from: start)))
        } while try !skip(.parenRight)
        return span(from: first, to: storage.arguments.count)
    }

    private mutating func parseFragment() throws(GraphQLError) -> SelectionRecord {
        let start = token
        try expect(.spread)
        let hasTypeCondition = try skipKeyword("on")
        if !hasTypeCondition && peek(.name) {
            let name = try parseNameNumber()
            return SelectionRecord(
                kind: .fragmentSpread, name: name, directives: try parseDirectiveSpan(isConstant: false),
                location: location(from: start))
        }
        let typeCondition = hasTypeCondition ? try parseNameNumber() : .none
        let directives = try parseDirectiveSpan(isConstant: false)
        return SelectionRecord(
            kind: .inlineFragment, name: typeCondition, directives: directives,
            selectionSet: try parseSelectionSetNumber(), location: location(from: start))
    }

    private mutating func parseFragmentDefinition() throws(GraphQLError) -> FragmentDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        try expectKeyword("on")
        let typeCondition = try parseNamedType()
        return FragmentDefinitionNode(
            description: description, name: name, typeCondition: typeCondition,
            directives: try parseDirectives(isConstant: false), selectionSet: try parseSelectionSet(),
            location: location(from: start))
    }

    private mutating func parseFragmentName() throws(GraphQLError) -> NameNode {
        if token.kind == .name, lexer.isName(token, "on") { throw unexpected(token) }
        return try parseName()
    }

    // MARK: - Values

    mutating func parseValueLiteral(isConstant: Bool) throws(GraphQLError) -> ValueNode {
        let start = token
        switch start.kind {
        case .bracketLeft:
            try enterNesting()
            defer { depth -= 1 }
            try advance()
            var values: [ValueNode] = []
            while try !skip(.bracketRight) { values.append(try parseValueLiteral(isConstant: isConstant)) }
            return .list(values, location(from: start))
        case .braceLeft:
            try enterNesting()
            defer { depth -= 1 }
            try advance()
            var fields: [ObjectFieldNode] = []
            while try !skip(.braceRight) {
                let fieldStart = token
                let name = try parseName()
                try expect(.colon)
                let value = try parseValueLiteral(isConstant: isConstant)
                fields.append(ObjectFieldNode(name: name, value: value, location: location(from: fieldStart)))
            }
            return .object(fields, location(from: start))
        case .int:
            try advance()
            return .int(text(of: start), location(from: start))
        case .float:
            try advance()
            return .float(text(of: start), location(from: start))
        case .string, .blockString:
            return .string(try parseStringLiteral())
        case .name:
            try advance()
            switch text(of: start) {
            case "true": return .boolean(true, location(from: start))
            case "false": return .boolean(false, location(from: start))
            case "null": return .null(location(from: start))
            default: return .enumValue(text(of: start), location(from: start))
            }
        case .dollar:
            if isConstant {
                try expect(.dollar)
                if token.kind == .name {
                    throw syntaxError(at: start.start, "Unexpected variable \"$\(text(of: token))\" in constant value.")
                }
                throw unexpected(token)
            }
            return .variable(try parseVariable())
        default:
            throw unexpected(start)
        }
    }

    mutating func parseStringLiteral() throws(GraphQLError) -> StringValueNode {
        let start = token
        let value = text(of: start)
        try advance()
        return StringValueNode(value: value, isBlock: start.kind == .blockString, location: location(from: start))
    }

    // MARK: - Directives and types

    mutating func parseDirectives(isConstant: Bool) throws(GraphQLError) -> NodeList<DirectiveNode> {
        NodeList(tree, try parseDirectiveSpan(isConstant: isConstant))
    }

    private mutating func parseDirectiveSpan(isConstant: Bool) throws(GraphQLError) -> Span {
        guard peek(.at) else { return .empty }
        let first = storage.directives.count
        repeat {
            let start = token
            try advance()
            let name = try parseNameNumber()
            let arguments = try parseArguments(isConstant: isConstant)
            storage.directives.append(DirectiveRecord(name: name, arguments: arguments, location: location(from: start)))
        } while peek(.at)
        return span(from: first, to: storage.directives.count)
    }

    mutating func parseTypeReference() throws(GraphQLError) -> TypeNode {
        let start = token
        var type: TypeNode
        if try skip(.bracketLeft) {
            try enterNesting()
            let inner = try parseTypeReference()
            depth -= 1
            try expect(.bracketRight)
            type = .list(inner, location(from: start))
        } else {
            type = .named(try parseNamedType())
        }
        if try skip(.bang) { type = .nonNull(type, location(from: start)) }
        return type
    }

    mutating func parseNamedType() throws(GraphQLError) -> NamedTypeNode {
        let start = token
        return NamedTypeNode(name: try parseName(), location: location(from: start))
    }

    mutating func parseName() throws(GraphQLError) -> NameNode {
        let start = token
        try expect(.name)
        return NameNode(value: text(of: start), location: location(from: start))
    }

    /// Parses a name into the storage, for a record to refer to.
    private mutating func parseNameNumber() throws(GraphQLError) -> Int32 {
        store(try parseName(), in: &storage.names)
    }

    private func span(from first: Int, to end: Int) -> Span {
        Span(start: Int32(first), count: Int32(end - first))
    }

    // MARK: - Token helpers

    func peek(_ kind: Token.Kind) -> Bool { token.kind == kind }

    func peekDescription() -> Bool { token.kind == .string || token.kind == .blockString }

    mutating func parseDescription() throws(GraphQLError) -> StringValueNode? {
        peekDescription() ? try parseStringLiteral() : nil
    }

    mutating func advance() throws(GraphQLError) {
        previousEnd = token.end
        try lexer.advance()
        if let maxTokens = options.maxTokens, token.kind != .endOfFile {
            tokenCount += 1
            if tokenCount > maxTokens {
                throw syntaxError(at: token.start, "Document contains more than \(maxTokens) tokens. Parsing aborted.")
            }
        }
    }

    mutating func expect(_ kind: Token.Kind) throws(GraphQLError) {
        guard token.kind == kind else {
            throw syntaxError(at: token.start, "Expected \(kind.description), found \(describe(token)).")
        }
        try advance()
    }

    /// Consumes the token when it is of `kind`.
    mutating func skip(_ kind: Token.Kind) throws(GraphQLError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    mutating func expectKeyword(_ keyword: StaticString) throws(GraphQLError) {
        guard lexer.isName(token, keyword) else {
            throw syntaxError(at: token.start, "Expected \"\(keyword)\", found \(describe(token)).")
        }
        try advance()
    }

    mutating func skipKeyword(_ keyword: StaticString) throws(GraphQLError) -> Bool {
        guard lexer.isName(token, keyword) else { return false }
        try advance()
        return true
    }

    private mutating func enterNesting() throws(GraphQLError) {
        depth += 1
        if depth > options.maxDepth {
            throw syntaxError(
                at: token.start, "Document is nested more than \(options.maxDepth) levels deep. Parsing aborted.")
        }
    }

    func text(of token: Token) -> String { lexer.text(of: token) }

    func describe(_ token: Token) -> String { lexer.describe(token) }

    func location(from start: Token) -> Location {
        Location(start: start.start, end: previousEnd, line: start.line, column: start.column)
    }

    func unexpected(_ token: Token) -> GraphQLError {
        syntaxError(at: token.start, "Unexpected \(describe(token)).")
    }

    func syntaxError(at offset: Int32, _ description: String) -> GraphQLError {
        lexer.syntaxError(at: Int(offset), description)
    }
}

/// Appends a node to one of the storage's arrays and returns its number there.
private func store<Node>(_ node: Node, in nodes: inout [Node]) -> Int32 {
    nodes.append(node)
    return Int32(nodes.count - 1)
}
