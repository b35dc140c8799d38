import Foundation
import GraphQLEngine

/// The API contract, `schema.graphql`, shipped inside the binary's resource bundle.
public enum SchemaDocument {
    public static func text() throws -> String {
        guard let url = Bundle.module.url(forResource: "schema", withExtension: "graphql") else {
            throw DomainError(.serviceUnavailable, "schema.graphql is missing from the resources.")
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The schema with FoodGraph's custom scalars.
    public static func build() throws -> GraphQLSchema {
        try SchemaBuilder.build(
            sdl: try text(),
            scalars: [
                "DateTime": DateTimeScalar(), "Date": DateScalar(), "Decimal": DecimalScalar(), "Base64": Base64Scalar(),
                "EmailAddress": EmailAddressScalar(),
            ])
    }
}
