import GraphQLEngine

/// Personal data (PIPEDA): who sees it (`PersonalDataPolicy`), consent to the policies, a copy of
/// everything held about a user (`exportMyData`), and deleting the account (`deleteMyAccount`).
enum PrivacyArea: Area {
    static var jobs: [PeriodicJob] { [DataExportStore.job, KeyRotation.job] }

    static func bind(_ binder: inout SchemaBinder) {
        // A malformed key list stops the start, rather than failing the first upload.
        do { _ = try DataEncryption.keyring } catch { fatalError("\(error)") }
        binder.enumeration(PolicyDocumentKind.self)
        binder.enumeration(DataExportStatus.self)
        DataCorrections.bind(&binder)
        binder.query { query in
            query.field("policyDocuments") { _ in .value(PolicyDocuments.current) }
        }
        binder.object(UserRecord.self) { user in
            user.field(.consents, resolve: { user, context in Resolved<[ConsentRecord]>(unchecked: context.privacy.consents.load(user.id)) })
            user.field(.pendingConsents, resolve: { user, context in
                Resolved<[ConsentRecord]>(unchecked: context.privacy.consents.load(user.id)).map(ConsentStore.pending)
            })
            user.field(.dataExports, resolve: { user, context in
                Resolved<[DataExportRecord]>(unchecked: context.privacy.exports.load(user.id))
            })
        }
        binder.object(PolicyDocument.self) { document in
            document.field("kind") { $0.kind }
            document.field("version") { $0.version }
            document.field("publishedOn") { $0.publishedOn }
        }
        binder.object(ConsentRecord.self) { consent in
            consent.field("document") { $0.document }
            consent.field("version") { $0.version }
            consent.field("acceptedAt") { $0.acceptedAt }
        }
        binder.object(DataExportRecord.self) { export in
            export.field("id") { $0.globalID }
            export.field("status") { $0.status }
            export.field("requestedAt") { $0.requestedAt }
            export.field("readyAt") { $0.readyAt }
            export.field("expiresAt") { $0.expiresAt }
            export.field("downloadedAt") { $0.downloadedAt }
            export.field("sizeBytes") { $0.sizeBytes }
        }
        // node(id:): an export is its owner's only (PersonalDataPolicy's `exports`).
        binder.node(DataExportRecord.self) { key, context in
            guard context.viewer != nil else { return .null }
            return Resolved<DataExportRecord?>(unchecked: context.privacy.exportsByID.load(key)).map { export in
                guard let export, PersonalDataPolicy.allows(.exports, ofUser: export.userID, context) else { return nil }
                return export
            }
        }
        bindMutations(&binder)
    }

    private static func bindMutations(_ binder: inout SchemaBinder) {
        binder.mutation("exportMyData", access: .signedIn) { scope in
            ExportMyDataPayload(dataExport: try await DataExportStore.request(for: try scope.requireViewer().userID, in: scope.transaction))
        }
        binder.mutation("downloadDataExport", input: DownloadDataExportInput.self, access: .signedIn) { input, scope in
            switch try await DataExportStore.download(input.exportId.key, of: try scope.requireViewer().userID, in: scope.transaction) {
            case .document(let export, let document):
                return DownloadDataExportPayload(dataExport: export, document: String(decoding: document, as: UTF8.self))
            case .refused(nil):
                return DownloadDataExportPayload(failing: [UserError("exportId", "No such export.", code: .notFound)])
            case .refused(let export?):
                let reason =
                    switch export.status {
                    case .pending: "This export is still being prepared; try again in a minute."
                    case .downloaded: "This export was downloaded already; ask for a new one."
                    default: "This export expired; ask for a new one."
                    }
                return DownloadDataExportPayload(failing: [UserError("exportId", reason, code: .invalidState)])
            }
        }
        binder.mutation(
            "deleteMyAccount", input: DeleteMyAccountInput.self, access: .signedIn, prepare: AccountDeletion.check, AccountDeletion.delete)
        binder.mutation("acceptPolicies", input: AcceptPoliciesInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard input.termsOfServiceVersion != nil || input.privacyPolicyVersion != nil else {
                return UserPayload(failing: [UserError(field: nil, message: "Give the version of at least one document.", code: .required)])
            }
            let consents = PolicyDocuments.check([
                (PolicyDocumentKind.termsOfService, input.termsOfServiceVersion),
                (PolicyDocumentKind.privacyPolicy, input.privacyPolicyVersion),
            ])
            guard consents.errors.isEmpty else { return UserPayload(failing: consents.errors) }
            try await ConsentStore.record(consents.accepted, for: viewer.userID, in: scope.transaction)
            return UserPayload(user: try await UserStore.load(viewer.userID, in: scope.transaction))
        }
        binder.object(ExportMyDataPayload.self) { payload in
            payload.field("dataExport") { $0.dataExport }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(DownloadDataExportPayload.self) { payload in
            payload.field("dataExport") { $0.dataExport }
            payload.field("document") { $0.document }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(DeleteMyAccountPayload.self) { payload in
            payload.field("deleted") { $0.deleted }
            payload.field("userErrors") { $0.userErrors }
        }
    }
}

struct DownloadDataExportInput: Decodable, Sendable {
    var exportId: NodeID<DataExportRecord>
}

struct AcceptPoliciesInput: Decodable, Sendable {
    var termsOfServiceVersion: String?
    var privacyPolicyVersion: String?
}

struct ExportMyDataPayload: MutationPayload {
    static let graphQLTypeName = "ExportMyDataPayload"
    var dataExport: DataExportRecord?
    var userErrors: [UserError] = []

    init(dataExport: DataExportRecord) {
        self.dataExport = dataExport
    }

    init(failing errors: [UserError]) {
        userErrors = errors
    }
}

struct DownloadDataExportPayload: MutationPayload {
    static let graphQLTypeName = "DownloadDataExportPayload"
    var dataExport: DataExportRecord?
    var document: String?
    var userErrors: [UserError] = []

    init(dataExport: DataExportRecord, document: String) {
        self.dataExport = dataExport
        self.document = document
    }

    init(failing errors: [UserError]) {
        userErrors = errors
    }
}

/// The Privacy area's DataLoaders of one request.
struct PrivacyLoaders {
    let context: RequestContext

    /// Users' acceptances, by user.
    var consents: DataLoader<Int64, [ConsentRecord]> {
        let database = context.database
        return context.loader("privacy.consents") { try await ConsentStore.consents(of: $0, in: database) }
    }

    /// Users' export requests, by user.
    var exports: DataLoader<Int64, [DataExportRecord]> {
        let database = context.database
        return context.loader("privacy.exports") { try await DataExportStore.exports(of: $0, in: database) }
    }

    /// Export requests by id (any owner: callers check it).
    var exportsByID: DataLoader<Int64, DataExportRecord> {
        let database = context.database
        return context.loader("privacy.exportsByID") { try await DataExportStore.load($0, in: database) }
    }
}

extension RequestContext {
    /// The Privacy area's loaders of this request.
    var privacy: PrivacyLoaders { PrivacyLoaders(context: self) }
}
