import Foundation

/// Receipt line texts: the form mappings compare (`matchText`) and the words a text search looks
/// for (`searchText`), with the abbreviations receipts print expanded. The table is documented in
/// docs/spending.md; a word not in it is searched as printed (the catalog's search tolerates typos).
enum ReceiptText {
    /// Upper case, letters and digits and `%`/`.` kept, every other run of characters one space:
    /// `gv  whl-mlk 2L` → `GV WHL MLK 2L`. What a store's text is mapped by.
    static func matchText(_ text: String) -> String {
        var words: [String] = []
        var word = ""
        for character in text.uppercased() {
            if character.isLetter || character.isNumber || character == "%" || character == "." {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.joined(separator: " ")
    }

    /// Receipt abbreviations and what they stand for (lower case, as product names are searched).
    static let abbreviations: [String: String] = [
        // Store brands
        "GV": "great value", "PC": "president's choice", "NN": "no name", "KS": "kirkland signature", "CMP": "compliments",
        "SEL": "selection", "EF": "escarpment farms",
        // Dairy and eggs
        "MLK": "milk", "MLKS": "milk", "WHL": "whole", "WHOL": "whole", "HOMO": "homogenized", "SKM": "skim", "PRTLY": "partly",
        "CHS": "cheese", "CHSE": "cheese", "CHED": "cheddar", "MOZZ": "mozzarella", "YGRT": "yogurt", "YOG": "yogurt", "YGT": "yogurt",
        "BTR": "butter", "BUTR": "butter", "CRM": "cream", "SR": "sour", "EGG": "eggs", "LRG": "large", "LG": "large",
        // Bakery and grains
        "BRD": "bread", "WW": "whole wheat", "WHT": "wheat", "MLTGRN": "multigrain", "BGL": "bagel", "BGLS": "bagels",
        "TORT": "tortillas", "PSTA": "pasta", "SPAG": "spaghetti", "RCE": "rice", "CRL": "cereal", "OATS": "oats",
        // Produce
        "BAN": "bananas", "BNNA": "bananas", "APPL": "apples", "APL": "apple", "ORG": "organic", "ORGN": "organic", "TOM": "tomatoes",
        "TOMS": "tomatoes", "POT": "potatoes", "POTS": "potatoes", "ONN": "onions", "ONIO": "onions", "CARR": "carrots", "LETT": "lettuce",
        "BROC": "broccoli", "SPIN": "spinach", "STRW": "strawberries", "BLUB": "blueberries", "AVO": "avocado", "GRN": "green",
        "RD": "red", "YLW": "yellow", "VEG": "vegetables", "FRT": "fruit",
        // Meat and fish
        "CHKN": "chicken", "CHK": "chicken", "BRST": "breast", "BNLS": "boneless", "SKNLS": "skinless", "GRD": "ground", "BF": "beef",
        "PRK": "pork", "SLMN": "salmon", "TNA": "tuna", "BCN": "bacon", "HM": "ham", "SSG": "sausage", "TRKY": "turkey",
        // Pantry and drinks
        "JCE": "juice", "JC": "juice", "OJ": "orange juice", "CFE": "coffee", "COF": "coffee", "SUG": "sugar", "FLR": "flour",
        "SLT": "salt", "OIL": "oil", "PNT": "peanut", "PB": "peanut butter", "CHOC": "chocolate", "CKIE": "cookies", "CRKR": "crackers",
        "CHPS": "chips", "SCE": "sauce", "SP": "soup", "WTR": "water", "FRZ": "frozen", "FZN": "frozen", "BTL": "bottle",
        "PK": "pack", "PKG": "package", "CN": "can",
    ]

    /// Sizes printed with the number (`2L`, `500G`, `12PK`): searched as number and unit.
    private static let sizeUnits: [String: String] = ["L": "l", "ML": "ml", "G": "g", "KG": "kg", "LB": "lb", "OZ": "oz", "PK": "pack", "CT": "count"]

    /// The words to search the catalog for: abbreviations expanded, sizes split, lower case.
    /// `GV WHL MLK 2L` → `great value whole milk 2 l`.
    static func searchText(_ text: String) -> String {
        var words: [String] = []
        for word in matchText(text).split(separator: " ").map(String.init) {
            if let expansion = abbreviations[word] {
                words.append(expansion)
            } else if let size = splitSize(word) {
                words.append(size)
            } else if word.allSatisfy({ $0.isNumber || $0 == "." || $0 == "%" }) {
                words.append(word)
            } else {
                words.append(word.lowercased())
            }
        }
        return words.joined(separator: " ")
    }

    /// The words that name the food, without sizes and numbers: what confidence compares.
    static func foodWords(_ text: String) -> String {
        searchText(text).split(separator: " ").filter { word in
            !word.allSatisfy { $0.isNumber || $0 == "." || $0 == "%" } && !sizeUnits.values.contains(String(word))
        }.joined(separator: " ")
    }

    private static func splitSize(_ word: String) -> String? {
        guard let firstLetter = word.firstIndex(where: { $0.isLetter }), firstLetter != word.startIndex else { return nil }
        let number = word[..<firstLetter]
        let unit = String(word[firstLetter...])
        guard number.allSatisfy({ $0.isNumber || $0 == "." }), let name = sizeUnits[unit] else { return nil }
        return "\(number) \(name)"
    }
}
