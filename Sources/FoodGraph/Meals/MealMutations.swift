import Foundation
import GraphQLEngine
import Postgres

/// The Meals area's mutations: following a diet plan, generating a week, swapping a meal (or
/// telling what a swap would change), locking a meal, checking grocery items off.
enum MealMutations {
    static func bind(_ binder: inout SchemaBinder) {
        binder.object(DietPlanFollowingPayload.self) { payload in
            payload.field("following") { $0.following }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(MealPlanPayload.self) { payload in
            payload.field("mealPlan") { $0.mealPlan }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(SwapPlannedMealPayload.self) { payload in
            payload.field("mealPlan") { $0.mealPlan }
            payload.field("groceryListDiff") { $0.groceryListDiff }
            payload.field("applied") { $0.applied }
            payload.field("userErrors") { $0.userErrors }
        }

        binder.mutation("startDietPlan", input: StartDietPlanInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard let plan = DietPlanCatalogue.byKey[input.dietPlanID] else {
                return DietPlanFollowingPayload(failing: [UserError("dietPlanId", "There is no such diet plan.", code: .notFound)])
            }
            return DietPlanFollowingPayload(following: try await DietPlanStore.start(plan, for: viewer.userID, in: scope.transaction))
        }
        binder.mutation("stopDietPlan", access: .signedIn) { scope in
            let viewer = try scope.requireViewer()
            guard let stopped = try await DietPlanStore.stop(of: viewer.userID, in: scope.transaction) else {
                return DietPlanFollowingPayload(failing: [UserError(field: nil, message: "You follow no diet plan.", code: .invalidState)])
            }
            return DietPlanFollowingPayload(following: stopped)
        }

        binder.mutation("generateMealPlan", input: GenerateMealPlanInput.self, access: .signedIn, prepare: prepareGeneration) { checked, scope in
            try await generate(checked, in: scope.transaction)
        }
        binder.mutation("swapPlannedMeal", input: SwapPlannedMealInput.self, access: .signedIn) { input, scope in
            try await swap(input, viewer: try scope.requireViewer(), in: scope.transaction)
        }
        binder.mutation("setPlannedMealLocked", input: SetPlannedMealLockedInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard let meal = try await MealPlanStore.plannedMeals([input.plannedMealID], in: scope.transaction)[input.plannedMealID],
                meal.userID == viewer.userID, let plan = try await MealPlanStore.lockPlan(meal.planID, in: scope.transaction)
            else { return MealPlanPayload(failing: [UserError("plannedMealId", "You have no such planned meal.", code: .notFound)]) }
            if try await isArchived(plan, in: scope.transaction) { return MealPlanPayload(failing: [archivedError("plannedMealId")]) }
            try await MealPlanStore.setLocked(meal.id, input.locked, in: scope.transaction)
            return MealPlanPayload(mealPlan: plan)
        }
        binder.mutation("setGroceryItemChecked", input: SetGroceryItemCheckedInput.self, access: .signedIn) { input, scope in
            let viewer = try scope.requireViewer()
            guard let plan = try await MealPlanStore.lockPlan(input.mealPlanID, in: scope.transaction), plan.userID == viewer.userID else {
                return MealPlanPayload(failing: [UserError("mealPlanId", "You have no such meal plan.", code: .notFound)])
            }
            if try await isArchived(plan, in: scope.transaction) { return MealPlanPayload(failing: [archivedError("mealPlanId")]) }
            let meals = try await MealPlanStore.meals(ofPlans: [plan.id], in: scope.transaction)
            let list = try await GroceryBuilder.lists([plan], meals: meals, in: scope.transaction)[plan.id]
            guard list?.items.contains(where: { $0.key == input.itemKey }) == true else {
                return MealPlanPayload(failing: [UserError("itemKey", "The plan's grocery list has no such item.", code: .notFound)])
            }
            try await MealPlanStore.setChecked(input.itemKey, input.checked, of: plan.id, in: scope.transaction)
            return MealPlanPayload(mealPlan: plan)
        }
        binder.object(OrderGroceryListPayload.self) { payload in
            payload.field("order") { $0.order }
            payload.field("orderedItems") { $0.orderedItems }
            payload.field("skippedItems") { $0.skippedItems }
            payload.field("mealPlan") { $0.mealPlan }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.mutation("orderGroceryList", input: OrderGroceryListInput.self, access: .signedIn) { input, scope in
            try await orderGroceryList(input, viewer: try scope.requireViewer(), in: scope.transaction)
        }
    }

    // MARK: - Ordering the grocery list

    /// At most this many of one product in a cart (the Kitchen's rule for `addToDraftOrder`).
    static let maximumPerProduct = 99

    /// The unchecked items of the plan's list (less the pantry) with packages to buy go to the
    /// viewer's draft order through the Kitchen's draft-order API (`OrderStore.lockDraft`,
    /// `createDraft`, `setItem`; the chain from `OrderFlow.chain`), then are checked off. An item
    /// the cart's chain does not stock (or not enough of) is a user error `OUT_OF_STOCK` naming it,
    /// and then nothing is added (one transaction): check it off, or order it elsewhere, and retry.
    static func orderGroceryList(_ input: OrderGroceryListInput, viewer: Viewer, in transaction: PostgresTransaction) async throws
        -> OrderGroceryListPayload
    {
        guard let plan = try await MealPlanStore.lockPlan(input.mealPlanID, in: transaction), plan.userID == viewer.userID else {
            return OrderGroceryListPayload(failing: [UserError("mealPlanId", "You have no such meal plan.", code: .notFound)])
        }
        if try await isArchived(plan, in: transaction) { return OrderGroceryListPayload(failing: [archivedError("mealPlanId")]) }
        let meals = try await MealPlanStore.meals(ofPlans: [plan.id], in: transaction)
        guard let list = try await GroceryBuilder.lists([plan], meals: meals, subtractPantry: true, in: transaction)[plan.id] else {
            return OrderGroceryListPayload(failing: [UserError("mealPlanId", "The plan has no grocery list.", code: .invalidState)])
        }
        let open = list.items.filter { !$0.checked && $0.quantity > 0 }
        let orderable = open.filter { $0.product != nil && ($0.packages ?? 0) > 0 }
        let skipped = open.filter { $0.product == nil || ($0.packages ?? 0) == 0 }
        guard !orderable.isEmpty else {
            return OrderGroceryListPayload(
                failing: [UserError("mealPlanId", "Nothing on the list can be ordered: every item is checked off, held or without a product.", code: .invalidState)])
        }
        var draft = try await OrderStore.lockDraft(of: viewer.userID, in: transaction)
        if draft == nil {
            guard let chainID = try await OrderFlow.chain(for: viewer.userID, asked: nil, product: orderable.first?.product?.id, in: transaction) else {
                return OrderGroceryListPayload(failing: [UserError("mealPlanId", "No chain takes orders.", code: .invalidState)])
            }
            draft = try await OrderStore.createDraft(for: viewer.userID, chainID: chainID, in: transaction)
        }
        guard let draft else { throw DomainError(.serviceUnavailable, "The cart could not be made.") }
        let inCart = Dictionary(
            (try await OrderStore.items(of: [draft.id], from: transaction)[draft.id] ?? []).map { ($0.productID, $0.quantity) }, uniquingKeysWith: +)
        var errors: [UserError] = []
        for item in orderable {
            guard let product = item.product, let packages = item.packages else { continue }
            let wanted = (inCart[product.id] ?? 0) + packages
            let field = ["items", item.key]
            if wanted > maximumPerProduct {
                errors.append(UserError(field: field, message: "\(product.name): at most \(maximumPerProduct) in a cart.", code: .outOfRange))
                continue
            }
            let offer = try await OfferStore.offer(of: product.id, by: draft.chainID, in: transaction)
            guard product.isActive, let offer, offer.stock >= wanted else {
                let why = offer == nil || !product.isActive ? "is not stocked by the cart's chain" : "is short of stock at the cart's chain (\(offer!.stock) left)"
                errors.append(UserError(field: field, message: "\(product.name) \(why).", code: .outOfStock))
                continue
            }
        }
        guard errors.isEmpty else { return OrderGroceryListPayload(failing: errors) }
        for item in orderable {
            guard let product = item.product, let packages = item.packages else { continue }
            _ = try await OrderStore.setItem(product.id, quantity: packages, adding: true, in: draft.id, transaction: transaction)
            try await MealPlanStore.setChecked(item.key, true, of: plan.id, in: transaction)
        }
        return OrderGroceryListPayload(
            order: try await OrderStore.load([draft.id], from: transaction)[draft.id] ?? draft, orderedItems: orderable.map { var i = $0; i.checked = true; return i },
            skippedItems: skipped, mealPlan: plan)
    }

    static func archivedError(_ field: String) -> UserError {
        UserError(field, "That week is over: past plans are read-only.", code: .invalidState)
    }

    static func isArchived(_ plan: MealPlanRecord, in database: some PostgresQuerying) async throws -> Bool {
        let today = try await ProfileStore.load([plan.userID], in: database)[plan.userID]?.today ?? LocalDate(Date(), in: .gmt)
        return plan.weekOf < MealPlanning.weekStart(of: today)
    }

    // MARK: - Generating a week

    /// What the generation reads before its transaction: the profile and plan followed, the
    /// candidates of each meal time, the picks.
    struct Generation: Sendable {
        var viewer: MealsViewer
        var weekOf: LocalDate
        var pools: [Meal: [RecipeCandidate]]
        var picks: [Meal: [RecipeCandidate]]
    }

    static let maximumWeeksAhead = 52

    @Sendable static func prepareGeneration(_ input: GenerateMealPlanInput, _ context: RequestContext) async throws
        -> Preparation<Generation, MealPlanPayload>
    {
        let viewerID = try context.requireViewer().userID
        let viewer = try await MealsViewer.load(viewerID, in: context.database)
        let current = MealPlanning.weekStart(of: viewer.profile.today)
        let week = MealPlanning.weekStart(of: input.weekOf ?? viewer.profile.today)
        if week < current { return .answer(MealPlanPayload(failing: [archivedError("weekOf")])) }
        if current.days(until: week) > maximumWeeksAhead * 7 {
            return .answer(MealPlanPayload(failing: [UserError("weekOf", "Plan at most a year ahead.", code: .outOfRange)]))
        }
        async let breakfast = MealPlanning.pool(viewer, .breakfast, in: context.database)
        async let lunch = MealPlanning.pool(viewer, .lunch, in: context.database)
        async let dinner = MealPlanning.pool(viewer, .dinner, in: context.database)
        let found = input.picks.isEmpty ? [:] : try await RecipeStore.candidates(ids: input.picks, in: context.database)
        let pools: [Meal: [RecipeCandidate]] = [.breakfast: try await breakfast, .lunch: try await lunch, .dinner: try await dinner]
        // Each pick goes to a meal time it suits: one whose options hold it, else the first with room.
        var picks: [Meal: [RecipeCandidate]] = [:]
        var errors: [UserError] = []
        for (index, id) in input.picks.enumerated() {
            let field = ["picks", String(index)]
            guard let pick = found[id], pick.record.isVisible(to: context.viewer) else {
                errors.append(UserError(field: field, message: "There is no such recipe.", code: .notFound))
                continue
            }
            let suited = MealPlanner.meals.filter { pick.record.mealTimes.contains($0) }
            guard !suited.isEmpty else {
                errors.append(UserError(field: field, message: "This recipe suits none of breakfast, lunch and dinner.", code: .invalidState))
                continue
            }
            let offered = suited.filter { meal in
                MealPlanning.options(viewer, meal, pool: pools[meal] ?? []).contains { $0.record.id == id }
            }
            let listed = suited.filter { meal in pools[meal]?.contains { $0.record.id == id } == true }
            guard let meal = (offered + listed + suited).first(where: { (picks[$0]?.count ?? 0) < 7 }) else {
                errors.append(UserError(field: field, message: "At most 7 picks a meal time (one a day).", code: .outOfRange))
                continue
            }
            picks[meal, default: []].append(pick)
        }
        if !errors.isEmpty { return .answer(MealPlanPayload(failing: errors)) }
        return .proceed(Generation(viewer: viewer, weekOf: week, pools: pools, picks: picks))
    }

    static func generate(_ generation: Generation, in transaction: PostgresTransaction) async throws -> MealPlanPayload {
        let viewer = generation.viewer
        let existing = try await MealPlanStore.lockPlan(of: viewer.userID, weekOf: generation.weekOf, in: transaction)
        var locked: [MealPlanner.Planned] = []
        if let existing {
            locked = (try await MealPlanStore.meals(ofPlans: [existing.id], in: transaction)[existing.id] ?? [])
                .filter(\.locked).map { MealPlanning.planned($0, weekOf: existing.weekOf) }
        }
        let budget = viewer.weeklyBudget
        let result = MealPlanner.plan(
            MealPlanner.Input(
                dailyTargetKcal: viewer.dailyTargetKcal, budget: NSDecimalNumber(decimal: budget.amount).doubleValue,
                pools: generation.pools.mapValues { $0.map(MealPlanning.plannerCandidate) },
                picks: generation.picks.mapValues { $0.map(MealPlanning.plannerCandidate) }, locked: locked,
                seed: UInt64(bitPattern: viewer.userID) &* 1_000_003 &+ UInt64(generation.weekOf.daysSinceEpoch)))
        let planID = try await MealPlanStore.upsertPlan(
            of: viewer.userID, weekOf: generation.weekOf, budget: budget.amount, currency: budget.currency,
            dailyTargetKcal: viewer.dailyTargetKcal, shortfalls: result.shortfalls, in: transaction)
        try await MealPlanStore.replaceUnlockedMeals(of: planID, with: result.meals, weekOf: generation.weekOf, in: transaction)
        return MealPlanPayload(mealPlan: try await MealPlanStore.load([planID], in: transaction)[planID])
    }

    // MARK: - Swapping a meal

    static func swap(_ input: SwapPlannedMealInput, viewer: Viewer, in transaction: PostgresTransaction) async throws -> SwapPlannedMealPayload {
        guard let meal = try await MealPlanStore.plannedMeals([input.plannedMealID], in: transaction)[input.plannedMealID],
            meal.userID == viewer.userID, let plan = try await MealPlanStore.lockPlan(meal.planID, in: transaction)
        else { return SwapPlannedMealPayload(failing: [UserError("plannedMealId", "You have no such planned meal.", code: .notFound)]) }
        if try await isArchived(plan, in: transaction) { return SwapPlannedMealPayload(failing: [archivedError("plannedMealId")]) }
        guard let recipe = try await RecipeStore.candidates(ids: [input.recipeID], in: transaction)[input.recipeID],
            recipe.record.isVisible(to: viewer)
        else { return SwapPlannedMealPayload(failing: [UserError("recipeId", "There is no such recipe.", code: .notFound)]) }
        guard recipe.record.mealTimes.contains(meal.meal) else {
            return SwapPlannedMealPayload(
                failing: [UserError("recipeId", "This recipe does not suit \(meal.meal.rawValue.lowercased()).", code: .invalidState)])
        }
        let before = try await MealPlanStore.meals(ofPlans: [plan.id], in: transaction)[plan.id] ?? []
        let candidate = MealPlanning.plannerCandidate(recipe)
        let portions = MealPlanner.bestPortion(candidate, plan.dailyTargetKcal * MealPlanner.share(of: meal.meal))
        var swapped = meal
        swapped.recipeID = recipe.record.id
        swapped.portions = portions
        swapped.energyKcal = AggregateRounding.kcal(candidate.energyKcal * portions)
        swapped.cost = GroceryAggregation.money(Decimal(string: String(format: "%.2f", candidate.cost * portions)) ?? 0)
        swapped.picked = false
        let after = before.map { $0.id == meal.id ? swapped : $0 }
        let lists = try await GroceryBuilder.lists([plan], meals: [plan.id: before], in: transaction)
        let newLists = try await GroceryBuilder.lists([plan], meals: [plan.id: after], in: transaction)
        guard let old = lists[plan.id], let new = newLists[plan.id] else { throw DomainError.badUserInput("The plan has no grocery list.") }
        let diff = GroceryListDiff(from: old, to: new)
        if !input.dryRun {
            try await MealPlanStore.updateMeal(
                meal.id, recipeID: swapped.recipeID, portions: portions, energyKcal: swapped.energyKcal, cost: swapped.cost, in: transaction)
            try await MealPlanStore.setShortfalls(MealPlanning.shortfalls(plan, after), of: plan.id, in: transaction)
        }
        let current = try await MealPlanStore.load([plan.id], in: transaction)[plan.id]
        return SwapPlannedMealPayload(mealPlan: current, groceryListDiff: diff, applied: !input.dryRun)
    }
}

// MARK: - Inputs and payloads

struct StartDietPlanInput: Decodable, Sendable {
    var dietPlanID: Int64
    private enum Keys: String, CodingKey { case dietPlanId }
    init(from decoder: any Decoder) throws {
        dietPlanID = try decoder.container(keyedBy: Keys.self).decode(NodeID<DietPlan>.self, forKey: .dietPlanId).key
    }
}

struct GenerateMealPlanInput: Decodable, Sendable {
    static let maximumPicks = 21
    var weekOf: LocalDate?
    var picks: [Int64]

    private enum Keys: String, CodingKey { case weekOf, picks }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Keys.self)
        weekOf = try input.decodeIfPresent(LocalDate.self, forKey: .weekOf)
        let ids = try input.decodeIfPresent([NodeID<RecipeRecord>].self, forKey: .picks) ?? []
        if ids.count > Self.maximumPicks && !decoder.isBindingCheck {
            throw InputError(decoder, "Pick at most \(Self.maximumPicks) recipes (7 a meal time).", code: .tooLong)
        }
        picks = ids.map(\.key)
    }
}

struct SwapPlannedMealInput: Decodable, Sendable {
    var plannedMealID: Int64
    var recipeID: Int64
    var dryRun: Bool

    private enum Keys: String, CodingKey { case plannedMealId, recipeId, dryRun }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Keys.self)
        plannedMealID = try input.decode(NodeID<PlannedMealRecord>.self, forKey: .plannedMealId).key
        recipeID = try input.decode(NodeID<RecipeRecord>.self, forKey: .recipeId).key
        dryRun = try input.decodeIfPresent(Bool.self, forKey: .dryRun) ?? false
    }
}

struct SetPlannedMealLockedInput: Decodable, Sendable {
    var plannedMealID: Int64
    var locked: Bool

    private enum Keys: String, CodingKey { case plannedMealId, locked }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Keys.self)
        plannedMealID = try input.decode(NodeID<PlannedMealRecord>.self, forKey: .plannedMealId).key
        locked = try input.decode(Bool.self, forKey: .locked)
    }
}

struct SetGroceryItemCheckedInput: Decodable, Sendable {
    var mealPlanID: Int64
    var itemKey: String
    var checked: Bool

    private enum Keys: String, CodingKey { case mealPlanId, itemKey, checked }

    init(from decoder: any Decoder) throws {
        let input = try decoder.container(keyedBy: Keys.self)
        mealPlanID = try input.decode(NodeID<MealPlanRecord>.self, forKey: .mealPlanId).key
        itemKey = try input.decode(String.self, forKey: .itemKey)
        checked = try input.decode(Bool.self, forKey: .checked)
        if !decoder.isBindingCheck && !(1...300).contains(itemKey.count) {
            throw InputError(decoder, "An item key has 1 to 300 characters.", code: .outOfRange)
        }
    }
}

struct DietPlanFollowingPayload: MutationPayload {
    static let graphQLTypeName = "DietPlanFollowingPayload"
    var following: DietPlanFollowing?
    var userErrors: [UserError] = []
    init(following: DietPlanFollowing?) { self.following = following }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct MealPlanPayload: MutationPayload {
    static let graphQLTypeName = "MealPlanPayload"
    var mealPlan: MealPlanRecord?
    var userErrors: [UserError] = []
    init(mealPlan: MealPlanRecord?) { self.mealPlan = mealPlan }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct SwapPlannedMealPayload: MutationPayload {
    static let graphQLTypeName = "SwapPlannedMealPayload"
    var mealPlan: MealPlanRecord?
    var groceryListDiff: GroceryListDiff?
    var applied = false
    var userErrors: [UserError] = []
    init(mealPlan: MealPlanRecord?, groceryListDiff: GroceryListDiff, applied: Bool) {
        self.mealPlan = mealPlan
        self.groceryListDiff = groceryListDiff
        self.applied = applied
    }
    init(failing errors: [UserError]) { userErrors = errors }
}

struct OrderGroceryListInput: Decodable, Sendable {
    var mealPlanID: Int64

    private enum Keys: String, CodingKey { case mealPlanId }

    init(from decoder: any Decoder) throws {
        mealPlanID = try decoder.container(keyedBy: Keys.self).decode(NodeID<MealPlanRecord>.self, forKey: .mealPlanId).key
    }
}

struct OrderGroceryListPayload: MutationPayload {
    static let graphQLTypeName = "OrderGroceryListPayload"
    var order: OrderRecord?
    var orderedItems: [GroceryItem] = []
    var skippedItems: [GroceryItem] = []
    var mealPlan: MealPlanRecord?
    var userErrors: [UserError] = []
    init(order: OrderRecord, orderedItems: [GroceryItem], skippedItems: [GroceryItem], mealPlan: MealPlanRecord) {
        self.order = order
        self.orderedItems = orderedItems
        self.skippedItems = skippedItems
        self.mealPlan = mealPlan
    }
    init(failing errors: [UserError]) { userErrors = errors }
}

// MARK: - Budget tracking

/// Schema type `MealBudgetWeek`.
struct MealBudgetWeek: ObjectValue {
    static let graphQLTypeName = "MealBudgetWeek"
    var weekOf: LocalDate
    var budget: Money
    var plannedCost: Money?
    var withinBudget: Bool
    var plan: MealPlanRecord?
    var actualSpend: Money
}

/// Budget tracking over the weeks: each week's budget, planned cost and actual spend (the
/// Spending area's `PurchaseStore.totals` per week, in the profile's time zone): three statements.
enum MealBudget {
    static func weeks(of userID: Int64, count: Int, in database: some PostgresQuerying) async throws -> [MealBudgetWeek] {
        let viewer = try await MealsViewer.load(userID, in: database)
        let current = MealPlanning.weekStart(of: viewer.profile.today)
        let first = current.adding(days: -7 * (count - 1))
        let plans = Dictionary(
            uniqueKeysWithValues: try await MealPlanStore.plans(of: userID, from: first, to: current, in: database).map { ($0.weekOf, $0) })
        let meals = try await MealPlanStore.meals(ofPlans: plans.values.map(\.id), in: database)
        let budget = viewer.weeklyBudget
        // Postgres weeks (date_trunc) start on Monday, as the plans' weeks do.
        let spent = Dictionary(
            try await PurchaseStore.totals(
                of: userID, timeZone: viewer.profile.timeZone, from: first, to: current.adding(days: 6), per: .week, in: database
            ).map { ($0.start, $0.total) }, uniquingKeysWith: +)
        return (0..<count).map { offset in
            let week = current.adding(days: -7 * offset)
            guard let plan = plans[week] else {
                return MealBudgetWeek(
                    weekOf: week, budget: Money(amount: DecimalText(RecipeFigures.text(budget.amount)), currency: budget.currency),
                    plannedCost: nil, withinBudget: true, plan: nil,
                    actualSpend: Money(amount: DecimalText(RecipeFigures.text(GroceryAggregation.money(spent[week] ?? 0))), currency: budget.currency))
            }
            let cost = (meals[plan.id] ?? []).reduce(Decimal(0)) { $0 + $1.cost }
            return MealBudgetWeek(
                weekOf: week, budget: plan.money(plan.budget), plannedCost: plan.money(cost), withinBudget: cost <= plan.budget, plan: plan,
                actualSpend: plan.money(GroceryAggregation.money(spent[week] ?? 0)))
        }
    }
}
