import Testing

@testable import GraphQLEngine

/// The wiring mistakes a typed binding must catch when the schema is built, each named by
/// `Type.field` in the error.
@Suite struct BindingCheckTests {
    static let sdl = """
        type Query { dish(id: ID!): Dish, dishes(first: Int, course: Course): [Dish!]! }
        type Dish { name: String!, calories: Float, course: Course!, tags: [String!]! }
        enum Course { STARTER MAIN DESSERT }
        """

    struct Dish: ObjectValue {
        static let graphQLTypeName = "Dish"
        var name: String
        var calories: Double?
        var course: Course
        var tags: [String]
    }

    enum Course: String, GraphQLEnum {
        static let graphQLTypeName = "Course"
        case starter = "STARTER", main = "MAIN", dessert = "DESSERT"
    }

    struct DishArguments: Decodable, Sendable { var id: String }
    struct DishesArguments: Decodable, Sendable {
        var first: Int?
        var course: Course?
    }

    /// A correct binding, with one mistake applied by `mistake`.
    static func problems(
        sdl: String = sdl, _ mistake: (inout Resolvers, inout ObjectBinder<Dish, Void>) -> Void = { _, _ in }
    ) throws -> [String] {
        var resolvers = Resolvers()
        resolvers.requiresTypedBindings = true
        resolvers.enumeration(Course.self)
        resolvers.root("Query", context: Void.self) { query in
            query.field("dish", arguments: DishArguments.self) { _, _ in Resolved<Dish?>(unchecked: .null) }
            query.field("dishes", arguments: DishesArguments.self) { _, _ in Resolved([Dish]()) }
        }
        var extra = ObjectBinder<Dish, Void>(typeName: "Dish")
        resolvers.object(Dish.self, context: Void.self) { dish in
            dish.field("name") { $0.name }
            dish.field("calories") { $0.calories }
            dish.field("course") { $0.course }
            dish.field("tags") { $0.tags }
        }
        mistake(&resolvers, &extra)
        for field in extra.fields { resolvers.declare("Dish", field.name, field.binding, field.declaration) }
        do {
            _ = try ExecutableSchema(schema: try SchemaBuilder.build(sdl: sdl), resolvers: resolvers)
            return []
        } catch let error as ExecutableSchema.BindingError {
            return error.missing
        }
    }

    @Test func aCorrectBindingPasses() throws {
        #expect(try Self.problems() == [])
    }

    @Test func aSchemaFieldWithoutResolverIsNamed() throws {
        let sdl = Self.sdl.replacingOccurrences(of: "tags: [String!]! }", with: "tags: [String!]!, servings: Int! }")
        #expect(try Self.problems(sdl: sdl) == ["Dish.servings has no resolver"])
    }

    @Test func anEnumValueWithoutSwiftCaseIsNamed() throws {
        let sdl = Self.sdl.replacingOccurrences(of: "DESSERT }", with: "DESSERT SIDE }")
        #expect(try Self.problems(sdl: sdl) == ["Course.SIDE has no case in Course"])
    }

    @Test func aMisspeltEnumCaseIsNamedBothWays() throws {
        let sdl = Self.sdl.replacingOccurrences(of: "DESSERT }", with: "DESERT }")
        #expect(try Self.problems(sdl: sdl) == ["Course has a case \"DESSERT\" that enum Course lacks", "Course.DESERT has no case in Course"])
    }

    @Test func aNullabilityMismatchIsNamed() throws {
        let sdl = Self.sdl.replacingOccurrences(of: "calories: Float,", with: "calories: Float!,")
        #expect(try Self.problems(sdl: sdl) == ["Dish.calories is Float! in the schema, but its resolver returns Optional<Double> (Float)"])
    }

    @Test func aScalarMismatchIsNamed() throws {
        let problems = try Self.problems { _, extra in extra.field("name") { _ in 1 } }
        #expect(problems.contains("Dish.name is String! in the schema, but its resolver returns Int (Int!)"))
        #expect(problems.contains("Dish.name is bound twice"))
    }

    @Test func aResolverForAFieldTheSchemaLacksIsNamed() throws {
        let problems = try Self.problems { _, extra in extra.field("colour") { _ in "red" } }
        #expect(problems == ["Dish.colour is bound but not in the schema"])
    }

    @Test func anArgumentNeverReadOrMisnamedIsNamed() throws {
        struct Misnamed: Decodable, Sendable {
            var first: Int?
            var cours: Course?
        }
        let problems = try Self.problems { resolvers, _ in
            resolvers.duplicates = []
            resolvers.root("Query", context: Void.self) { query in
                query.field("dishes", arguments: Misnamed.self) { _, _ in Resolved([Dish]()) }
            }
            resolvers.duplicates = []
        }
        #expect(
            problems == [
                "Query.dishes.course is never read by Misnamed",
                "Query.dishes: Misnamed reads argument \"cours\", which the schema lacks",
            ])
    }

    @Test func aRequiredSwiftFieldForAnOptionalArgumentIsNamed() throws {
        struct Strict: Decodable, Sendable {
            var first: Int
            var course: Course?
        }
        let problems = try Self.problems { resolvers, _ in
            resolvers.root("Query", context: Void.self) { query in
                query.field("dishes", arguments: Strict.self) { _, _ in Resolved([Dish]()) }
            }
            resolvers.duplicates = []
        }
        #expect(problems == ["Query.dishes: Strict requires Query.dishes.first, which the schema lets clients leave out"])
    }

    @Test func typedFieldsResolve() async throws {
        var resolvers = Resolvers()
        resolvers.enumeration(Course.self)
        resolvers.root("Query", context: Void.self) { query in
            query.field("dish", arguments: DishArguments.self) { arguments, _ in
                Resolved<Dish?>(Dish(name: "Soup \(arguments.id)", calories: nil, course: .starter, tags: ["hot"]))
            }
            query.field("dishes", arguments: DishesArguments.self) { arguments, _ in
                .run { [Dish(name: "Cake", calories: 350, course: arguments.course ?? .main, tags: [])] }
            }
        }
        resolvers.object(Dish.self, context: Void.self) { dish in
            dish.field("name") { $0.name }
            dish.field("calories") { $0.calories }
            dish.field("course") { $0.course }
            dish.field("tags") { $0.tags }
        }
        let executable = try ExecutableSchema(schema: try SchemaBuilder.build(sdl: Self.sdl), resolvers: resolvers)
        let result = await execute(
            executable,
            ExecutionRequest(
                document: try parse(#"{ dish(id: "1") { name calories course tags } dishes(course: DESSERT) { name calories course } }"#)))
        #expect(
            String(decoding: result.jsonBytes(), as: UTF8.self)
                == #"{"data":{"dish":{"name":"Soup 1","calories":null,"course":"STARTER","tags":["hot"]},"dishes":[{"name":"Cake","calories":350,"course":"DESSERT"}]}}"#)
    }
}
