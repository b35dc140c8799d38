import Foundation
import GraphQLEngine
import Postgres

/// Notifications: one model for every kind, created by the areas through `Notifications.post`,
/// read and marked by their recipient, switched per kind in the profile.
enum NotificationsArea: Area {
    /// Read notifications are kept this long, unread ones `retention`.
    static let readRetention: TimeInterval = 90 * 86_400
    static let retention: TimeInterval = 365 * 86_400

    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(NotificationKind.self)
        binder.object(NotificationRecord.self) { notification in
            notification.field("id") { $0.globalID }
            notification.field("kind") { $0.kind }
            notification.field("title") { $0.title }
            notification.field("body") { $0.body }
            notification.field("subjectId") { $0.subjectID.flatMap(GlobalID.init(parsing:)) }
            notification.field("createdAt") { $0.createdAt }
            notification.field("readAt") { $0.readAt }
        }
        binder.connection(of: NotificationRecord.self)
        binder.object(UserRecord.self) { user in
            user.field(.notifications, arguments: NotificationsArguments.self) { user, arguments, context in
                let page = try Page(arguments.page)
                return Resolved<Connection<NotificationRecord>>.run {
                    try await NotificationStore.page(of: user.id, unreadOnly: arguments.unreadOnly, page: page, in: context.database)
                }
            }
            user.field(.unreadNotificationCount) { user, context -> Resolved<Int> in
                let counts = context.loader("notifications.unreadCounts") { ids in
                    try await NotificationStore.unreadCounts(of: ids, in: context.database)
                }
                return Resolved(unchecked: counts.load(user.id))
            }
        }
        binder.node(NotificationRecord.self) { key, context in
            Resolved<NotificationRecord?>.run {
                guard let viewer = context.viewer, let notification = try await NotificationStore.load([key], from: context.database)[key],
                    notification.userID == viewer.userID
                else { return nil }
                return notification
            }
        }
        binder.object(MarkNotificationsReadPayload.self) { payload in
            payload.field("markedCount") { $0.markedCount }
            payload.field("unreadNotificationCount") { $0.unreadNotificationCount }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(SetNotificationEnabledPayload.self) { payload in
            payload.field("settings") { $0.settings }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.mutation("markNotificationsRead", input: MarkNotificationsReadInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            if let ids = input.notificationIDs {
                let owned = try await NotificationStore.owned(ids, by: viewer.userID, in: scope.transaction)
                let errors = ids.enumerated().filter { !owned.contains($0.element) }.map { index, _ in
                    UserError(field: ["notificationIds", String(index)], message: "You have no such notification.", code: .notFound)
                }
                if !errors.isEmpty { return MarkNotificationsReadPayload(failing: errors) }
            }
            let marked = try await NotificationStore.markRead(input.notificationIDs, of: viewer.userID, in: scope.transaction)
            let unread = try await NotificationStore.unreadCounts(of: [viewer.userID], in: scope.transaction)[viewer.userID] ?? 0
            return MarkNotificationsReadPayload(markedCount: marked, unreadNotificationCount: unread)
        }
        binder.mutation("setNotificationEnabled", input: SetNotificationEnabledInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            try await ProfileStore.update(
                viewer.userID, with: [.notifications(switched: [input.kind.settingName: input.enabled], reset: [])], in: scope.transaction)
            return SetNotificationEnabledPayload(
                settings: try await ProfileStore.load([viewer.userID], in: scope.transaction)[viewer.userID]?.notifications)
        }
    }

    static var jobs: [PeriodicJob] {
        [
            PeriodicJob("notifications.purge", every: .seconds(3600)) { database, _ in
                _ = try await NotificationStore.purge(
                    readBefore: Date().addingTimeInterval(-readRetention), before: Date().addingTimeInterval(-retention), in: database)
            }
        ]
    }
}

/// `User.notifications(unreadOnly:…)`.
struct NotificationsArguments: Decodable, Sendable {
    var unreadOnly: Bool
    var page: PageArguments

    private enum Keys: String, CodingKey { case unreadOnly }

    init(from decoder: any Decoder) throws {
        unreadOnly = try decoder.container(keyedBy: Keys.self).decode(Bool.self, forKey: .unreadOnly)
        page = try PageArguments(from: decoder)
    }
}

struct MarkNotificationsReadInput: Decodable, Sendable {
    static let maximumIDs = 100
    var notificationIDs: [Int64]?

    private enum Keys: String, CodingKey { case notificationIds }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Keys.self)
        let ids = try input.decodeIfPresent([NodeID<NotificationRecord>].self, forKey: .notificationIds)
        if let ids, ids.count > Self.maximumIDs, !decoder.isBindingCheck {
            throw InputError(decoder, "At most \(Self.maximumIDs) IDs at once.", code: .tooLong)
        }
        notificationIDs = ids?.map(\.key)
    }
}

struct SetNotificationEnabledInput: Decodable, Sendable {
    var kind: NotificationKind
    var enabled: Bool
}

struct MarkNotificationsReadPayload: MutationPayload {
    static let graphQLTypeName = "MarkNotificationsReadPayload"
    var markedCount = 0
    var unreadNotificationCount = 0
    var userErrors: [UserError] = []

    init(markedCount: Int, unreadNotificationCount: Int) {
        self.markedCount = markedCount
        self.unreadNotificationCount = unreadNotificationCount
    }

    init(failing errors: [UserError]) { userErrors = errors }
}

struct SetNotificationEnabledPayload: MutationPayload {
    static let graphQLTypeName = "SetNotificationEnabledPayload"
    var settings: NotificationSettings?
    var userErrors: [UserError] = []

    init(settings: NotificationSettings?) { self.settings = settings }
    init(failing errors: [UserError]) { userErrors = errors }
}
