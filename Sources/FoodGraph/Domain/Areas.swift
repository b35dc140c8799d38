/// Every area of the graph, in the order their SDL is joined into the published `schema.graphql`.
enum Areas {
    static let all: [any Area.Type] = [
        CommonArea.self, AccountsArea.self, CatalogArea.self, DiaryArea.self, PrivacyArea.self, RecipesArea.self,
        NotificationsArea.self, MealsArea.self, SpendingArea.self, RivalsArea.self, KitchenArea.self, JobsArea.self, ScansArea.self,
        SupportArea.self, SubscriptionsArea.self,
    ]
}
