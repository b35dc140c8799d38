import GraphQLEngine
import Synchronization

/// The built-in avatars a user may pick instead of uploading a photo (Scan&Cook US-108, "Pick
/// avatar"): a fruit or vegetable on a coloured ground, 200×200 PNG, drawn by the server on first
/// use (no image files in the repository). They are the same for everyone and public, so they are
/// served at fixed addresses (`/images/gallery-<name>`).
enum AvatarGallery {
    struct Avatar: ObjectValue, Hashable {
        static let graphQLTypeName = "GalleryAvatar"
        var name: String
        fileprivate var ground: (UInt8, UInt8, UInt8)
        fileprivate var fruit: (UInt8, UInt8, UInt8)

        var url: String { "/images/gallery-" + name }

        static func == (a: Avatar, b: Avatar) -> Bool { a.name == b.name }
        func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }

    static let all: [Avatar] = [
        Avatar(name: "apple", ground: (0xFD, 0xE2, 0xE2), fruit: (0xD6, 0x28, 0x28)),
        Avatar(name: "orange", ground: (0xFF, 0xF1, 0xDC), fruit: (0xF7, 0x8C, 0x1B)),
        Avatar(name: "lemon", ground: (0xFE, 0xFA, 0xDC), fruit: (0xF2, 0xD0, 0x24)),
        Avatar(name: "lime", ground: (0xE8, 0xF8, 0xE0), fruit: (0x6A, 0xB0, 0x2E)),
        Avatar(name: "blueberry", ground: (0xE2, 0xE8, 0xFB), fruit: (0x3B, 0x4C, 0xA8)),
        Avatar(name: "plum", ground: (0xF1, 0xE4, 0xF6), fruit: (0x7B, 0x2D, 0x83)),
        Avatar(name: "tomato", ground: (0xFB, 0xE6, 0xDF), fruit: (0xE0, 0x43, 0x1F)),
        Avatar(name: "eggplant", ground: (0xEC, 0xE6, 0xF3), fruit: (0x4B, 0x23, 0x5C)),
    ]

    static func avatar(named name: String) -> Avatar? { all.first { $0.name == name } }

    private static let drawn = Mutex<[String: [UInt8]]>([:])

    /// The avatar's PNG, drawn once per process.
    static func image(named name: String) -> [UInt8]? {
        guard let avatar = avatar(named: name) else { return nil }
        if let bytes = drawn.withLock({ $0[name] }) { return bytes }
        guard let bytes = draw(avatar) else { return nil }
        drawn.withLock { $0[name] = bytes }
        return bytes
    }

    /// A round fruit with a leaf, on a plain ground.
    private static func draw(_ avatar: Avatar) -> [UInt8]? {
        let side = ProfilePreferences.avatarSide
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        let leaf: (UInt8, UInt8, UInt8) = (0x3E, 0x8E, 0x41)
        for y in 0..<side {
            for x in 0..<side {
                let (dx, dy) = (Double(x) - 100, Double(y) - 112)
                let (lx, ly) = ((Double(x) - 116) / 22, (Double(y) - 44) / 11)
                let colour =
                    dx * dx + dy * dy <= 66 * 66 ? avatar.fruit : (lx * lx + ly * ly <= 1 ? leaf : avatar.ground)
                let offset = (y * side + x) * 4
                pixels[offset] = colour.0
                pixels[offset + 1] = colour.1
                pixels[offset + 2] = colour.2
                pixels[offset + 3] = 0xFF
            }
        }
        return ImageCodec.encode(ImageCodec.Decoded(format: .png, width: side, height: side, rgba: pixels))
    }
}
