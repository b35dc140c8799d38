import GraphQLEngine

/// Live subscriptions: each field follows one topic of the `LiveEventHub` and resolves the object an
/// event names for its subscriber, with the event's own context (permissions checked again).
enum SubscriptionsArea: Area {
    static func bind(_ binder: inout SchemaBinder) {
        binder.subscription { root in
            root.subscription(
                "notificationAdded", arguments: NoSubscriptionArguments.self,
                subscribe: { _, context in
                    let viewer = try context.requireViewer()
                    return LiveEventHub.shared(for: context.database.pool).events(for: .notifications(userID: viewer.userID))
                },
                resolve: { notificationID, _, context in
                    Resolved<NotificationRecord?>.run {
                        let viewer = try context.requireViewer()
                        let notification = try await NotificationStore.load([notificationID], from: context.database)[notificationID]
                        return notification?.userID == viewer.userID ? notification : nil
                    }
                })
            follow(
                &root, "orderStatusChanged", arguments: OrderStatusChangedArguments.self, topic: .order, id: \.orderID.key,
                what: "order"
            ) { id, context in
                try await OrderStore.load([id], from: context.database)[id].flatMap { $0.isVisible(to: context.viewer) ? $0 : nil }
            }
            follow(&root, "scanUpdated", arguments: ScanUpdatedArguments.self, topic: .scan, id: \.scanID.key, what: "scan") { id, context in
                try await ScanStore.load([id], from: context.database)[id].flatMap { $0.isVisible(to: context.viewer) ? $0 : nil }
            }
            follow(
                &root, "leaderboardChanged", arguments: LeaderboardChangedArguments.self, topic: .leaderboard, id: \.groupID.key,
                what: "group"
            ) { id, context in
                try await GroupStore.groups(ids: [id], visibleTo: try context.requireViewer().userID, in: context.database)[id]
            }
            follow(
                &root, "supportIssueUpdated", arguments: SupportIssueUpdatedArguments.self, topic: .supportIssue, id: \.issueID.key,
                what: "support issue"
            ) { id, context in
                try await SupportArea.issue(id, visibleTo: context.viewer, in: context.database)
            }
        }
    }

    /// Binds a field that follows one object of `topic`: `load` gives the object as the viewer may
    /// see it, or nil. It refuses at subscribe time what the viewer may not see (`NOT_FOUND`, as
    /// `node(id:)` does, so that others' IDs reveal nothing), and resolves every event with it.
    static func follow<Arguments: Decodable & Sendable, Record: ObjectValue>(
        _ root: inout RootBinder<RequestContext>, _ name: String, arguments: Arguments.Type, topic: LiveEvent.Topic,
        id: KeyPath<Arguments, Int64> & Sendable, what: String,
        load: @escaping @Sendable (Int64, RequestContext) async throws -> Record?
    ) {
        root.subscription(
            name, arguments: Arguments.self,
            subscribe: { arguments, context in
                _ = try context.requireViewer()
                let key = arguments[keyPath: id]
                guard try await load(key, context) != nil else {
                    throw DomainError(.notFound, "There is no \(what) with this ID that you may follow.")
                }
                return LiveEventHub.shared(for: context.database.pool).events(for: .object(LiveEvent(topic, id: key)))
            },
            resolve: { _, arguments, context in
                Resolved<Record?>.run { try await load(arguments[keyPath: id], context) }
            })
    }
}
