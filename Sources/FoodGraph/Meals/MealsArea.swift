import Foundation
import GraphQLEngine
import Postgres

/// Meals and diets: the diet plan catalogue and following a plan, meal advice, weekly meal plans
/// within a budget with their grocery lists, swaps with the list's difference, budget tracking.
/// Builds on the Recipes area's Swift API (candidates, ingredients, figures) and the Accounts
/// profile (targets, restrictions, budget).
enum MealsArea: Area {
    static var healthDisclaimer: String { RecipesArea.healthDisclaimer }

    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(MealAdviceReason.self)
        binder.enumeration(GroceryPriceSource.self)
        bindDietPlans(&binder)
        bindUser(&binder)
        bindPlans(&binder)
        bindGroceries(&binder)
        MealMutations.bind(&binder)
    }

    // MARK: - Diet plans

    private static func bindDietPlans(_ binder: inout SchemaBinder) {
        binder.query { query in
            query.field("dietPlans", arguments: DietPlansArguments.self) { arguments, _ in
                .value(DietPlanCatalogue.plans(goal: arguments.goal, dietType: arguments.dietType))
            }
        }
        binder.object(DietPlan.self) { plan in
            plan.field("id") { $0.globalID }
            plan.field("name") { $0.name }
            plan.field("goal") { $0.goal }
            plan.field("dietType") { $0.dietType }
            plan.field("description") { $0.summary }
            plan.field("calorieAdjustmentPercent") { $0.calorieAdjustmentPercent }
            plan.field("dailyCalorieRule") { $0.calorieRule }
            plan.field("macroSplit") {
                MacroSplit(
                    proteinPercent: Double($0.proteinPercent), fatPercent: Double($0.fatPercent), carbohydratesPercent: Double($0.carbohydratesPercent))
            }
            plan.field("mealsPerDay") { $0.mealsPerDay }
            plan.field("favouredFoods") { $0.favouredFoods }
            plan.field("avoidedFoods") { $0.avoidedFoods }
            plan.field("healthDisclaimer") { _ in healthDisclaimer }
        }
        binder.object(DietPlanFollowing.self) { following in
            following.field("id") { $0.globalID }
            following.field("plan") { $0.plan }
            following.field("startedAt") { $0.startedAt }
            following.field("stoppedAt") { $0.stoppedAt }
            following.field("targets", resolve: { following, context in
                if let targets = following.targets { return .value(targets) }
                return Resolved<DietPlanTargets>(unchecked: context.accounts.profiles.load(following.userID).map { profile in
                    let profile = profile as? ProfileRecord ?? ProfileRecord(userID: following.userID)
                    return .value(MealsViewer(userID: following.userID, profile: profile, following: following).targets(for: following.plan))
                })
            })
            following.field("healthDisclaimer") { _ in healthDisclaimer }
        }
        binder.object(DietPlanTargets.self) { targets in
            targets.field("energyKcal") { $0.energyKcal }
            targets.field("proteinG") { $0.proteinG }
            targets.field("fatG") { $0.fatG }
            targets.field("carbohydratesG") { $0.carbohydratesG }
            targets.field("fromProfile") { $0.fromProfile }
        }
        binder.connection(of: DietPlanFollowing.self)
        binder.node(DietPlan.self) { key, _ in .value(DietPlanCatalogue.byKey[key]) }
        binder.node(DietPlanFollowing.self) { key, context in
            Resolved<DietPlanFollowing?>.run {
                guard let following = try await DietPlanStore.load([key], in: context.database)[key],
                    PersonalDataPolicy.allows(.health, ofUser: following.userID, context)
                else { return nil }
                return following
            }
        }
    }

    // MARK: - User

    private static func bindUser(_ binder: inout SchemaBinder) {
        binder.object(UserRecord.self) { user in
            user.field(.activeDietPlan) { user, context -> Resolved<DietPlanFollowing?> in
                let active = context.loader("meals.activeDietPlans") { try await DietPlanStore.active(of: $0, in: context.database) }
                return Resolved(unchecked: active.load(user.id))
            }
            user.field(.dietPlanHistory, arguments: PageArguments.self) { user, arguments, context in
                let page = try Page(arguments, list: "dietPlanHistory")
                return Resolved<Connection<DietPlanFollowing>>.run {
                    try await DietPlanStore.history(of: user.id, page: page, in: context.database).sealed(for: "dietPlanHistory")
                }
            }
            user.field(.mealAdvice, arguments: MealAdviceArguments.self) { user, arguments, context in
                Resolved<[MealSuggestion]>.run {
                    let viewer = try await MealsViewer.load(user.id, in: context.database)
                    return try await MealAdvice.suggestions(
                        for: viewer, date: arguments.date ?? viewer.profile.today, meal: arguments.meal, in: context.database)
                }
            }
            user.field(.mealPlanOptions, arguments: MealPlanOptionsArguments.self) { user, arguments, context in
                Resolved<[RecipeRecord]>(unchecked: options(of: user.id, context).load(arguments.meal.index))
            }
            user.field(.mealPlan, arguments: MealPlanArguments.self) { user, arguments, context in
                Resolved<MealPlanRecord?>.run {
                    let today = try await ProfileStore.load([user.id], in: context.database)[user.id]?.today ?? LocalDate(Date(), in: .gmt)
                    let week = MealPlanning.weekStart(of: arguments.weekOf ?? today)
                    return try await MealPlanStore.plans(of: [user.id], weekOf: week, in: context.database)[user.id]
                }
            }
            user.field(.mealPlans, arguments: PageArguments.self) { user, arguments, context in
                let page = try Page(arguments, list: "mealPlans")
                return Resolved<Connection<MealPlanRecord>>.run {
                    try await MealPlanStore.archive(of: user.id, page: page, in: context.database).sealed(for: "mealPlans")
                }
            }
            user.field(.mealBudgetWeeks, arguments: MealBudgetArguments.self) { user, arguments, context in
                guard (1...52).contains(arguments.weeks) else { throw DomainError.badUserInput("`weeks` must be between 1 and 52.") }
                return Resolved<[MealBudgetWeek]>.run { try await MealBudget.weeks(of: user.id, count: arguments.weeks, in: context.database) }
            }
        }
        binder.object(MealSuggestion.self) { suggestion in
            suggestion.field("recipe") { $0.recipe }
            suggestion.field("caloriesKcal") { ($0.energyKcal * 10).rounded() / 10 }
            suggestion.field("score") { $0.score }
            suggestion.field("reasonCodes") { $0.reasonCodes }
            suggestion.field("reasons") { $0.reasons }
            suggestion.field("healthDisclaimer") { _ in healthDisclaimer }
        }
        binder.object(MealBudgetWeek.self) { week in
            week.field("weekOf") { $0.weekOf }
            week.field("budget") { $0.budget }
            week.field("plannedCost") { $0.plannedCost }
            week.field("withinBudget") { $0.withinBudget }
            week.field("plan") { $0.plan }
            week.field("actualSpend") { $0.actualSpend }
        }
    }

    /// The options of each meal time (by `Meal.index`) for a user: one statement per meal time
    /// asked for in the request, whatever the number of fields asking.
    static func options(of userID: Int64, _ context: RequestContext) -> DataLoader<Int64, [RecipeRecord]> {
        context.loader("meals.options|\(userID)") { indexes in
            let viewer = try await MealsViewer.load(userID, in: context.database)
            var result: [Int64: [RecipeRecord]] = [:]
            for index in indexes {
                guard let meal = MealPlanner.meals.first(where: { $0.index == index }) else { continue }
                let pool = try await MealPlanning.pool(viewer, meal, in: context.database)
                result[index] = MealPlanning.options(viewer, meal, pool: pool).map(\.record)
            }
            return result
        }
    }

    // MARK: - Plans

    static func plannedMeals(_ context: RequestContext) -> DataLoader<Int64, [PlannedMealRecord]> {
        context.loader("meals.plannedMeals") { try await MealPlanStore.meals(ofPlans: $0, in: context.database) }
    }

    static func groceryLists(_ context: RequestContext, subtractPantry: Bool = true) -> DataLoader<Int64, GroceryList> {
        context.loader("meals.groceryLists|\(subtractPantry)") { planIDs in
            let plans = try await MealPlanStore.load(planIDs, in: context.database)
            let meals = try await MealPlanStore.meals(ofPlans: planIDs, in: context.database)
            return try await GroceryBuilder.lists(Array(plans.values), meals: meals, subtractPantry: subtractPantry, in: context.database)
        }
    }

    private static func withMeals<Value: OutputValue>(
        _ plan: MealPlanRecord, _ context: RequestContext, _ transform: @escaping @Sendable ([PlannedMealRecord]) -> Value
    ) -> Resolved<Value> {
        Resolved(unchecked: plannedMeals(context).load(plan.id).map { value in
            Resolved(transform(value as? [PlannedMealRecord] ?? [])).resolution
        })
    }

    private static func bindPlans(_ binder: inout SchemaBinder) {
        binder.object(MealPlanRecord.self) { plan in
            plan.field("id") { $0.globalID }
            plan.field("weekOf") { $0.weekOf }
            plan.field("weekEnd") { $0.weekEnd }
            plan.field("meals", resolve: { plan, context in withMeals(plan, context) { $0 } })
            plan.field("days", resolve: { plan, context in
                withMeals(plan, context) { meals in
                    (0..<7).map { offset in
                        let date = plan.weekOf.adding(days: offset)
                        let ofDay = meals.filter { $0.date == date }
                        return MealPlanDay(
                            date: date, meals: ofDay, calories: AggregateRounding.kcal(ofDay.reduce(0) { $0 + $1.energyKcal }),
                            cost: plan.money(ofDay.reduce(Decimal(0)) { $0 + $1.cost }))
                    }
                }
            })
            plan.field("totalCost", resolve: { plan, context in withMeals(plan, context) { plan.money($0.reduce(Decimal(0)) { $0 + $1.cost }) } })
            plan.field("budget") { $0.money($0.budget) }
            plan.field("overBudgetBy", resolve: { plan, context in
                withMeals(plan, context) { meals -> Money? in
                    let total = meals.reduce(Decimal(0)) { $0 + $1.cost }
                    return total > plan.budget ? plan.money(total - plan.budget) : nil
                }
            })
            plan.field("dailyCalorieTarget") { $0.dailyTargetKcal }
            plan.field("shortfalls") { $0.shortfalls }
            plan.field("archived", resolve: { plan, context in
                Resolved<Bool>(unchecked: context.accounts.profiles.load(plan.userID).map { profile in
                    let today = (profile as? ProfileRecord)?.today ?? LocalDate(Date(), in: .gmt)
                    return .value(plan.weekOf < MealPlanning.weekStart(of: today))
                })
            })
            plan.field("groceryList", arguments: GroceryListArguments.self) { plan, arguments, context in
                Resolved<GroceryList>(unchecked: groceryLists(context, subtractPantry: arguments.subtractPantry).load(plan.id))
            }
            plan.field("generatedAt") { $0.generatedAt }
            plan.field("healthDisclaimer") { _ in healthDisclaimer }
        }
        binder.object(MealPlanDay.self) { day in
            day.field("date") { $0.date }
            day.field("meals") { $0.meals }
            day.field("calories") { $0.calories }
            day.field("cost") { $0.cost }
        }
        binder.object(PlannedMealRecord.self) { meal in
            meal.field("id") { $0.globalID }
            meal.field("date") { $0.date }
            meal.field("meal") { $0.meal }
            meal.field("recipe", resolve: { meal, context in Resolved<RecipeRecord>(unchecked: context.recipes.recipes.load(meal.recipeID)) })
            meal.field("portions") { $0.portions }
            meal.field("calories") { $0.energyKcal }
            meal.field("cost") { $0.money }
            meal.field("ingredients", resolve: { meal, context in plannedIngredients(meal, context) })
            meal.field("picked") { $0.picked }
            meal.field("locked") { $0.locked }
            meal.field("alternatives", resolve: { meal, context in
                Resolved<[RecipeRecord]>(unchecked: options(of: meal.userID, context).load(meal.meal.index).map { value in
                    .value((value as? [RecipeRecord] ?? []).filter { $0.id != meal.recipeID })
                })
            })
        }
        binder.object(PlannedIngredient.self) { ingredient in
            ingredient.field("food") { $0.food }
            ingredient.field("product") { $0.product }
            ingredient.field("quantity") { $0.quantity }
            ingredient.field("unit") { $0.unit }
            ingredient.field("pieceName") { $0.pieceName }
        }
        binder.object(Connection<MealPlanRecord>.self) { connection in
            connection.field("edges") { $0.edges }
            connection.field("pageInfo") { $0.pageInfo }
            connection.field("totalCount") { $0.totalCount ?? 0 }
        }
        binder.object(Edge<MealPlanRecord>.self) { edge in
            edge.field("cursor") { $0.outwardCursor() }
            edge.field("node") { $0.boxedNode }
        }
        binder.node(MealPlanRecord.self) { key, context in
            Resolved<MealPlanRecord?>.run {
                guard let plan = try await MealPlanStore.load([key], in: context.database)[key],
                    PersonalDataPolicy.allows(.health, ofUser: plan.userID, context)
                else { return nil }
                return plan
            }
        }
        binder.node(PlannedMealRecord.self) { key, context in
            Resolved<PlannedMealRecord?>.run {
                guard let meal = try await MealPlanStore.plannedMeals([key], in: context.database)[key],
                    PersonalDataPolicy.allows(.health, ofUser: meal.userID, context)
                else { return nil }
                return meal
            }
        }
    }

    /// A planned meal's ingredients scaled to its portions, through the Recipes area's loaders
    /// (every meal of a level shares each load).
    private static func plannedIngredients(_ meal: PlannedMealRecord, _ context: RequestContext) -> Resolved<[PlannedIngredient]> {
        let products = context.catalog.products
        let ingredients = context.recipes.ingredients
        return Resolved(unchecked: context.recipes.recipes.load(meal.recipeID).map { value in
            let servings = Double(max((value as? RecipeRecord)?.servings ?? 1, 1))
            let scale = meal.portions / servings
            return ingredients.load(meal.recipeID).map { value in
                let list = value as? [RecipeIngredientRecord] ?? []
                let ids = Array(Set(list.compactMap(\.productID))).sorted()
                return products.loadMany(ids).map { loaded in
                    var byID: [Int64: ProductRecord] = [:]
                    for case let product as ProductRecord in loaded as? [(any Sendable)?] ?? [] { byID[product.id] = product }
                    let found = byID
                    return Resolved<[PlannedIngredient]>(
                        list.map { ingredient in
                            PlannedIngredient(
                                food: ingredient.food, product: ingredient.productID.flatMap { found[$0] },
                                quantity: ingredient.quantity.map { (($0 * scale) * 100).rounded() / 100 }, unit: ingredient.unit,
                                pieceName: ingredient.pieceName)
                        }
                    ).resolution
                }
            }
        })
    }

    // MARK: - Groceries

    private static func bindGroceries(_ binder: inout SchemaBinder) {
        binder.object(GroceryList.self) { list in
            list.field("items") { $0.items }
            list.field("groups") { $0.groups }
            list.field("total") { Money(amount: DecimalText(RecipeFigures.text($0.total)), currency: $0.budgetCurrency) }
            list.field("budget") { Money(amount: DecimalText(RecipeFigures.text($0.budget)), currency: $0.budgetCurrency) }
            list.field("overBudgetBy") { list -> Money? in
                list.total > list.budget ? Money(amount: DecimalText(RecipeFigures.text(list.total - list.budget)), currency: list.budgetCurrency) : nil
            }
            list.field("unpricedItems") { $0.unpriced }
            list.field("pantrySubtracted") { $0.subtractsPantry }
        }
        binder.object(GroceryCategoryGroup.self) { group in
            group.field("name") { $0.categoryName }
            group.field("category", resolve: { group, context -> Resolved<CategoryRecord?> in
                guard let id = group.items.first?.categoryID else { return .null }
                return Resolved(unchecked: context.catalog.categories.load(id))
            })
            group.field("items") { $0.items }
            group.field("subtotal") { group in
                Money(amount: DecimalText(RecipeFigures.text(group.subtotal)), currency: group.items.first?.currency ?? "USD")
            }
        }
        binder.object(GroceryItem.self) { item in
            item.field("key") { $0.key }
            item.field("name") { $0.name }
            item.field("product") { $0.product }
            item.field("category", resolve: { item, context -> Resolved<CategoryRecord?> in
                guard let id = item.categoryID else { return .null }
                return Resolved(unchecked: context.catalog.categories.load(id))
            })
            item.field("quantity") { $0.quantity }
            item.field("neededQuantity") { $0.neededQuantity }
            item.field("unit") { $0.unit }
            item.field("packages") { $0.packages }
            item.field("packageSize") { $0.packageSize }
            item.field("unitPrice") { item in item.unitPrice.map { Money(amount: DecimalText(RecipeFigures.text($0.amount)), currency: item.currency) } }
            item.field("cost") { item in item.cost.map { Money(amount: DecimalText(RecipeFigures.text($0)), currency: item.currency) } }
            item.field("priceSource") { $0.priceSource }
            item.field("checked") { $0.checked }
            item.field("inPantry") { $0.inPantry }
        }
        binder.object(GroceryListDiff.self) { diff in
            diff.field("added") { $0.added }
            diff.field("removed") { $0.removed }
            diff.field("changed") { $0.changed }
            diff.field("previousTotal") { Money(amount: DecimalText(RecipeFigures.text($0.previousTotal)), currency: $0.budgetCurrency) }
            diff.field("newTotal") { Money(amount: DecimalText(RecipeFigures.text($0.newTotal)), currency: $0.budgetCurrency) }
            diff.field("budget") { Money(amount: DecimalText(RecipeFigures.text($0.budget)), currency: $0.budgetCurrency) }
            diff.field("overBudgetBy") { diff -> Money? in
                diff.newTotal > diff.budget ? Money(amount: DecimalText(RecipeFigures.text(diff.newTotal - diff.budget)), currency: diff.budgetCurrency) : nil
            }
        }
        binder.object(GroceryItemChange.self) { change in
            change.field("item") { $0.item }
            change.field("previous") { $0.previous }
        }
    }
}

/// Schema type `MealPlanDay`.
struct MealPlanDay: ObjectValue {
    static let graphQLTypeName = "MealPlanDay"
    var date: LocalDate
    var meals: [PlannedMealRecord]
    var calories: Double
    var cost: Money
}

/// Schema type `PlannedIngredient`.
struct PlannedIngredient: ObjectValue {
    static let graphQLTypeName = "PlannedIngredient"
    var food: String
    var product: ProductRecord?
    var quantity: Double?
    var unit: IngredientUnit?
    var pieceName: String?
}

extension Meal {
    /// A loader key for the meal time.
    var index: Int64 { Int64(Meal.allCases.firstIndex(of: self) ?? 0) }
}

struct DietPlansArguments: Decodable, Sendable {
    var goal: WeightGoal?
    var dietType: DietType?
}

struct MealAdviceArguments: Decodable, Sendable {
    var date: LocalDate?
    var meal: Meal
}

struct MealPlanOptionsArguments: Decodable, Sendable {
    var meal: Meal

    private enum Keys: String, CodingKey { case meal }

    init(from decoder: any Decoder) throws {
        meal = try decoder.container(keyedBy: Keys.self).decode(Meal.self, forKey: .meal)
        if meal == .snack && !decoder.isBindingCheck {
            throw DomainError.badUserInput("Weekly plans have options for BREAKFAST, LUNCH and DINNER only.")
        }
    }
}

struct MealPlanArguments: Decodable, Sendable {
    var weekOf: LocalDate?
}

struct GroceryListArguments: Decodable, Sendable {
    var subtractPantry: Bool

    private enum Keys: String, CodingKey { case subtractPantry }

    init(from decoder: any Decoder) throws {
        subtractPantry = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Bool.self, forKey: .subtractPantry) ?? true
    }
}

struct MealBudgetArguments: Decodable, Sendable {
    var weeks: Int
}
