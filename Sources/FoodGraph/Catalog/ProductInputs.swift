import Foundation
import GraphQLEngine

// The inputs of the product mutations, decoded with their rules (CatalogInputRules.swift): a value
// a rule refuses becomes a user error naming its field.

/// `CreateProductInput` (createProduct, submitProduct).
struct CreateProductInput: Decodable, Sendable {
    var name: String
    var brand: String?
    /// A category slug.
    var category: String
    /// Normalised (EAN-13 or EAN-8).
    var barcode: String?
    var packageSize: QuantityInput?
    var servingSize: QuantityInput?
    var servingDescription: String?
    var nutrition: NutritionInput
    var allergens: [Allergen]
    var dietLabels: [DietLabel]
    var shelfLifeDays: Int?
    var storage: StorageLocation?
    var catalogPrice: DecimalText?
    /// The chain whose own product this is.
    var chainId: NodeID<RetailChainRecord>?
    var image: Base64Bytes?

    private enum Keys: String, CodingKey {
        case name, brand, category, barcode, packageSize, servingSize, servingDescription, nutrition, allergens, dietLabels
        case shelfLifeDays, storage, catalogPrice, chainId, image
    }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        name = try input.requiredText(.name, .productName)
        brand = try input.text(.brand, .brand)
        category = try input.requiredText(.category, .categorySlug)
        barcode = try input.barcode(.barcode)
        packageSize = try input.decodeIfPresent(QuantityInput.self, .packageSize)
        servingSize = try input.decodeIfPresent(QuantityInput.self, .servingSize)
        if servingSize?.unit == .piece { try input.refuse(.servingSize, "A serving is measured in grams or millilitres.", code: .invalidFormat) }
        servingDescription = try input.text(.servingDescription, .servingDescription)
        nutrition = try input.decode(NutritionInput.self, .nutrition)
        allergens = try input.decodeIfPresent([Allergen].self, .allergens) ?? []
        dietLabels = try input.decodeIfPresent([DietLabel].self, .dietLabels) ?? []
        shelfLifeDays = try input.int(.shelfLifeDays, NumberRule.shelfLifeDays)
        storage = try input.decodeIfPresent(StorageLocation.self, .storage)
        catalogPrice = try input.amount(.catalogPrice)
        chainId = try input.decodeIfPresent(NodeID<RetailChainRecord>.self, .chainId)
        image = try input.decodeIfPresent(Base64Bytes.self, .image)
    }
}

/// `UpdateProductInput`: a patch. A field left out is unchanged (nil); one given as null is
/// cleared where the product allows it (`.some(nil)`); name, category and nutrition cannot be cleared.
struct UpdateProductInput: Decodable, Sendable {
    var productId: NodeID<ProductRecord>
    var name: String?
    var brand: String??
    var category: String?
    var barcode: String??
    var packageSize: QuantityInput??
    var servingSize: QuantityInput??
    var servingDescription: String??
    var nutrition: NutritionInput?
    /// Null clears the list.
    var allergens: [Allergen]?
    var dietLabels: [DietLabel]?
    var shelfLifeDays: Int??
    var storage: StorageLocation??
    /// A new image; `.some(nil)` removes it.
    var image: Base64Bytes??

    private enum Keys: String, CodingKey {
        case productId, name, brand, category, barcode, packageSize, servingSize, servingDescription, nutrition, allergens
        case dietLabels, shelfLifeDays, storage, image
    }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        productId = try input.decode(NodeID<ProductRecord>.self, .productId)
        name = try input.patch(.name) { try input.text(.name, .productName) }.map { name in
            guard let name else { try input.refuse(.name, "A product needs a name.", code: .required); return "" }
            return name
        }
        brand = try input.patch(.brand) { try input.text(.brand, .brand) }
        category = try input.patch(.category) { try input.text(.category, .categorySlug) }.map { slug in
            guard let slug else { try input.refuse(.category, "A product needs a category.", code: .required); return "" }
            return slug
        }
        barcode = try input.patch(.barcode) { try input.barcode(.barcode) }
        packageSize = try input.patch(.packageSize) { try input.decodeIfPresent(QuantityInput.self, .packageSize) }
        servingSize = try input.patch(.servingSize) { try input.decodeIfPresent(QuantityInput.self, .servingSize) }
        if servingSize??.unit == .piece { try input.refuse(.servingSize, "A serving is measured in grams or millilitres.", code: .invalidFormat) }
        servingDescription = try input.patch(.servingDescription) { try input.text(.servingDescription, .servingDescription) }
        nutrition = try input.patch(.nutrition) { try input.decodeIfPresent(NutritionInput.self, .nutrition) }.map { nutrition in
            guard let nutrition else { try input.refuse(.nutrition, "A product's nutrition cannot be cleared.", code: .required); return .sample }
            return nutrition
        }
        allergens = try input.patch(.allergens) { try input.decodeIfPresent([Allergen].self, .allergens) }.map { $0 ?? [] }
        dietLabels = try input.patch(.dietLabels) { try input.decodeIfPresent([DietLabel].self, .dietLabels) }.map { $0 ?? [] }
        shelfLifeDays = try input.patch(.shelfLifeDays) { try input.int(.shelfLifeDays, NumberRule.shelfLifeDays) }
        storage = try input.patch(.storage) { try input.decodeIfPresent(StorageLocation.self, .storage) }
        image = try input.patch(.image) { try input.decodeIfPresent(Base64Bytes.self, .image) }
    }

    /// Whether the patch changes anything of the product's description (everything but its id).
    var isEmpty: Bool {
        name == nil && brand == nil && category == nil && barcode == nil && packageSize == nil && servingSize == nil
            && servingDescription == nil && nutrition == nil && allergens == nil && dietLabels == nil && shelfLifeDays == nil
            && storage == nil && image == nil
    }
}

/// `WithdrawProductInput`.
struct WithdrawProductInput: Decodable, Sendable {
    var productId: NodeID<ProductRecord>
}

/// `QuantityInput`: more than 0 and at most 100000, in a unit.
struct QuantityInput: Decodable, Sendable {
    var value: Double
    var unit: QuantityUnit

    private enum Keys: String, CodingKey { case value, unit }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        value = try input.requiredDouble(.value, NumberRule.quantity)
        unit = try input.decode(QuantityUnit.self, .unit)
    }
}

/// `NutritionInput`: amounts per 100 g or ml, energy in kcal or kJ (kJ converted).
struct NutritionInput: Decodable, Sendable {
    var basis: NutritionBasis
    var per100: Nutrition

    /// Grams per 100 g: 0–100; milligrams 0–100000; micrograms 0–100000000.
    static let grams = 0.0...100
    static let milligrams = 0.0...100_000
    static let micrograms = 0.0...100_000_000
    static let kilocalories = 0.0...1000
    static let kilojoules = 0.0...4200

    static let sample = NutritionInput(
        basis: .per100G,
        per100: Nutrition(
            basis: nil, energyKcal: 0, fatG: 0, saturatedFatG: nil, transFatG: nil, cholesterolMg: nil, carbohydratesG: 0, fibreG: nil,
            sugarsG: nil, sodiumMg: nil, proteinG: 0, vitaminAUg: nil, vitaminCMg: nil, calciumMg: nil, ironMg: nil))

    private enum Keys: String, CodingKey {
        case basis, energyKcal, energyKj, fatG, saturatedFatG, transFatG, cholesterolMg, carbohydratesG, fibreG, sugarsG, sodiumMg
        case proteinG, vitaminAUg, vitaminCMg, calciumMg, ironMg
    }

    init(basis: NutritionBasis, per100: Nutrition) {
        self.basis = basis
        self.per100 = per100
    }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        basis = try input.decodeIfPresent(NutritionBasis.self, .basis) ?? .per100G
        let kilocalories = try input.double(.energyKcal, Self.kilocalories)
        let kilojoules = try input.double(.energyKj, Self.kilojoules)
        let energy = kilocalories ?? kilojoules.map { ($0 / 4.184 * 10).rounded() / 10 }
        if energy == nil { try input.refuse(.energyKcal, "Give the energy in kcal or kJ.", code: .required) }
        per100 = Nutrition(
            basis: basis, energyKcal: energy ?? 0,
            fatG: try input.requiredDouble(.fatG, Self.grams),
            saturatedFatG: try input.double(.saturatedFatG, Self.grams),
            transFatG: try input.double(.transFatG, Self.grams),
            cholesterolMg: try input.double(.cholesterolMg, Self.milligrams),
            carbohydratesG: try input.requiredDouble(.carbohydratesG, Self.grams),
            fibreG: try input.double(.fibreG, Self.grams),
            sugarsG: try input.double(.sugarsG, Self.grams),
            sodiumMg: try input.double(.sodiumMg, Self.milligrams),
            proteinG: try input.requiredDouble(.proteinG, Self.grams),
            vitaminAUg: try input.double(.vitaminAUg, Self.micrograms),
            vitaminCMg: try input.double(.vitaminCMg, Self.milligrams),
            calciumMg: try input.double(.calciumMg, Self.milligrams),
            ironMg: try input.double(.ironMg, Self.milligrams))
    }
}

/// `ReviewProductInput`.
struct ReviewProductInput: Decodable, Sendable {
    var productId: NodeID<ProductRecord>
    var decision: ReviewDecision
    var note: String?

    private enum Keys: String, CodingKey { case productId, decision, note }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        productId = try input.decode(NodeID<ProductRecord>.self, .productId)
        decision = try input.decode(ReviewDecision.self, .decision)
        note = try input.text(.note, .reviewNote)
    }
}

/// `UpdateProductOfferInput`: stock and prices left out stay; a null catalog price removes it, a
/// null sale price ends the sale; stock cannot be null.
struct UpdateProductOfferInput: Decodable, Sendable {
    var productId: NodeID<ProductRecord>
    /// The chain whose offer this is: a representative's own when nil.
    var chainId: NodeID<RetailChainRecord>?
    var stock: Int?
    var catalogPrice: DecimalText?
    var removesCatalogPrice: Bool
    var salePrice: DecimalText?
    var endsSale: Bool

    private enum Keys: String, CodingKey { case productId, chainId, stock, catalogPrice, salePrice }

    init(from decoder: any Decoder) throws {
        let input = try CatalogInput(decoder, keyedBy: Keys.self)
        productId = try input.decode(NodeID<ProductRecord>.self, .productId)
        chainId = try input.decodeIfPresent(NodeID<RetailChainRecord>.self, .chainId)
        stock = try input.patch(.stock) { try input.int(.stock, NumberRule.stock) }.map { stock in
            if stock == nil { try input.refuse(.stock, "Stock cannot be cleared; give 0 for none.", code: .required) }
            return stock ?? 0
        }
        let catalogPrice = try input.patch(.catalogPrice) { try input.amount(.catalogPrice) }
        self.catalogPrice = catalogPrice ?? nil
        removesCatalogPrice = catalogPrice.map { $0 == nil } ?? false
        let salePrice = try input.patch(.salePrice) { try input.amount(.salePrice) }
        self.salePrice = salePrice ?? nil
        endsSale = salePrice.map { $0 == nil } ?? false
    }
}
