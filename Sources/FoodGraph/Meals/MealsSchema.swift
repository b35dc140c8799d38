extension MealsArea {
    static let schema = #"""
extend type Query {
  """
  The diet plan catalogue: three plans for every weight goal and diet food type (72), filtered by
  either or both. Public.
  """
  dietPlans(goal: WeightGoal, dietType: DietType): [DietPlan!]!
}

extend type User {
  "The diet plan you follow now; null when none (the owner's and administrators' only, as all health data)."
  activeDietPlan: DietPlanFollowing
  "The diet plans you followed, the latest first."
  dietPlanHistory(first: Int, after: String, last: Int, before: String): DietPlanFollowingConnection!
  """
  Recipes for one meal time and date (today in your time zone when left out), best first, at most
  10: those that suit your diet plan (its diet type and foods to avoid; your profile's diet type
  when you follow none) and your restrictions, within the calories left for the meal (its share of
  the day — breakfast 25 %, lunch 35 %, dinner 30 %, snack 10 % — less what your diary holds for
  it, and no more than is left of the day, at least 100 kcal), then those using up pantry items
  that expire within 7 days (the sooner, the higher; "Uses your milk, expiring on …"), then
  those using foods the plan favours and close to its macro split. Each says why it was chosen.
  """
  mealAdvice(date: Date, meal: Meal!): [MealSuggestion!]!
  """
  The ten options of a meal time (BREAKFAST, LUNCH or DINNER; SNACK is `BAD_USER_INPUT`) for your
  weekly budget: recipes suiting the meal time, your restrictions and diet plan, near the meal's
  calories, whose cost per serving at catalog prices is at most the meal's share of the budget for
  a day (breakfast 25 %, lunch 35 %, dinner 40 % of a seventh). The same budget and restrictions
  give the same ten. Fewer when fewer recipes fit.
  """
  mealPlanOptions(meal: Meal!): [Recipe!]!
  "The plan of the week `weekOf` falls in (weeks start on Monday; this week when left out); null before one is generated."
  mealPlan(weekOf: Date): MealPlan
  "Your weekly plans, the latest week first: past weeks are the archive (read-only)."
  mealPlans(first: Int, after: String, last: Int, before: String): MealPlanConnection!
  """
  Budget tracking: for each of the `weeks` weeks up to this one (1–52, default 8, else
  `BAD_USER_INPUT`), the latest first: the budget, the planned cost and what your purchases
  (receipts) added up to in the week.
  """
  mealBudgetWeeks(weeks: Int = 8): [MealBudgetWeek!]!
}

extend type Mutation {
  "Start following a diet plan; the one you followed, if any, stops. Advice and weekly plans follow it."
  startDietPlan(input: StartDietPlanInput!): DietPlanFollowingPayload! @auth
  "Stop following your diet plan (a user error `INVALID_STATE` when you follow none)."
  stopDietPlan: DietPlanFollowingPayload! @auth
  """
  Plan a week: your picks spread over the days (each meal time's picks on different days), the
  other meals filled from the options within your weekly budget and near your daily calorie
  target (portions of 1, 1.5 or 2 servings). Generating a week again replaces its meals except the
  locked ones. Past weeks cannot be changed (`INVALID_STATE`).
  """
  generateMealPlan(input: GenerateMealPlanInput!): MealPlanPayload! @auth
  """
  Put another recipe at a planned meal. With `dryRun: true` nothing changes: the payload tells how
  the grocery list would change, for the client to warn before applying.
  """
  swapPlannedMeal(input: SwapPlannedMealInput!): SwapPlannedMealPayload! @auth
  "Lock a planned meal so that generating the week again keeps it, or unlock it."
  setPlannedMealLocked(input: SetPlannedMealLockedInput!): MealPlanPayload! @auth
  "Check a grocery list item off, or back on."
  setGroceryItemChecked(input: SetGroceryItemCheckedInput!): MealPlanPayload! @auth
  """
  Send the unchecked items of a plan's grocery list (less what your pantry holds) to your draft
  order (the cart; made with your preferred store's chain when you have none), in whole packages
  (at most 99 of one product in the cart), and check them off. Items without a catalog product
  or with nothing to buy are left out (`skippedItems`). When the cart's chain does not stock an
  item, or not enough of it, each such item is a user error `OUT_OF_STOCK` (field `["items",
  key]`) and nothing is added: check it off and send the list again. Past weeks: `INVALID_STATE`.
  """
  orderGroceryList(input: OrderGroceryListInput!): OrderGroceryListPayload! @auth
}

input OrderGroceryListInput {
  "One of your meal plans, not of a past week."
  mealPlanId: ID!
}

type OrderGroceryListPayload {
  "Your draft order with the items added; null with user errors."
  order: Order
  "The items added to the order (now checked off)."
  orderedItems: [GroceryItem!]!
  "Unchecked items that could not be ordered: no catalog product, or nothing to buy."
  skippedItems: [GroceryItem!]!
  mealPlan: MealPlan
  userErrors: [UserError!]!
}

"""
A diet plan of the catalogue. The figures are general guidance, not medical advice: see
`healthDisclaimer`.
"""
type DietPlan implements Node {
  id: ID!
  name: String!
  goal: WeightGoal!
  dietType: DietType!
  description: String!
  "Daily energy relative to your maintenance energy (what you burn in a day), in percent: -20 to 15."
  calorieAdjustmentPercent: Int!
  "The daily calorie rule in words."
  dailyCalorieRule: String!
  "Shares of the day's energy, in percent (they add up to 100)."
  macroSplit: MacroSplit!
  "3 to 5."
  mealsPerDay: Int!
  "Foods to eat often (matched as words of a recipe's ingredients)."
  favouredFoods: [String!]!
  "Foods to leave out: advice and plans skip recipes using them."
  avoidedFoods: [String!]!
  "A warning to show with the plan (Scan&Cook SEC-4)."
  healthDisclaimer: String!
}

"Your following of a diet plan."
type DietPlanFollowing implements Node {
  id: ID!
  plan: DietPlan!
  startedAt: DateTime!
  "Null while you follow it."
  stoppedAt: DateTime
  "The plan's daily targets for you."
  targets: DietPlanTargets!
  healthDisclaimer: String!
}

"""
A plan's daily targets for you: your maintenance energy (Mifflin–St Jeor with your activity; 2000
kcal without sex, age, height and weight in your profile) times the plan's rule, at least 1200 kcal,
split by the plan's macro split (protein and carbohydrates 4 kcal/g, fat 9).
"""
type DietPlanTargets {
  energyKcal: Float!
  proteinG: Float!
  fatG: Float!
  carbohydratesG: Float!
  "Whether your profile had what maintenance energy needs (else 2000 kcal was assumed)."
  fromProfile: Boolean!
}

type DietPlanFollowingConnection {
  edges: [DietPlanFollowingEdge!]!
  pageInfo: PageInfo!
}

type DietPlanFollowingEdge {
  cursor: String!
  node: DietPlanFollowing!
}

input StartDietPlanInput {
  dietPlanId: ID!
}

type DietPlanFollowingPayload {
  "The following started, or the one stopped."
  following: DietPlanFollowing
  userErrors: [UserError!]!
}

"Why a recipe was suggested."
enum MealAdviceReason {
  "Within the calories left for the meal."
  FITS_CALORIES
  "Suits the diet plan you follow (its diet type, without the foods it avoids)."
  SUITS_DIET_PLAN
  "Uses foods the plan favours."
  FAVOURED_FOOD
  "Close to the plan's macro split."
  MACRO_SPLIT
  "Your allergies, dislikes, illnesses and diet type were applied."
  RESPECTS_RESTRICTIONS
  "A vitamin and mineral score of at least 100."
  NUTRIENT_RICH
  "Uses a pantry item that expires within 7 days (the soonest first), not yet expired on the meal's date."
  USES_EXPIRING
}

"A recipe suggested for a meal."
type MealSuggestion {
  recipe: Recipe!
  "Per serving."
  caloriesKcal: Float!
  "Higher is better; for ordering only."
  score: Float!
  reasonCodes: [MealAdviceReason!]!
  "Why it was chosen, in words, one reason per item."
  reasons: [String!]!
  "A warning to show with the advice (Scan&Cook SEC-4)."
  healthDisclaimer: String!
}

"""
A week of planned meals (breakfast, lunch and dinner for seven days from `weekOf`). Yours only
(administrators too, as all health data), on every path including `node(id:)`. Costs are catalog
amounts shown in the budget's currency: FoodGraph does not convert currencies.
"""
type MealPlan implements Node {
  id: ID!
  "The first day (a Monday)."
  weekOf: Date!
  weekEnd: Date!
  "By date, then breakfast, lunch, dinner."
  meals: [PlannedMeal!]!
  "The seven days with their meals and totals."
  days: [MealPlanDay!]!
  "What the week's meals use, at catalog prices (each meal's share of its ingredients' packages)."
  totalCost: Money!
  "The weekly budget when the plan was generated."
  budget: Money!
  "How much `totalCost` exceeds the budget; null within it."
  overBudgetBy: Money
  "The daily energy the plan aims at (your diet plan's, else your profile's target, else 2000 kcal)."
  dailyCalorieTarget: Float!
  "What the plan could not do, in words: over budget by how much and why, days more than 10 % from the target, empty meals."
  shortfalls: [String!]!
  "Whether the week is over: the archive is read-only."
  archived: Boolean!
  """
  What to buy for the week. With `subtractPantry` (the default), what your pantry holds of each
  product (converted to the item's unit; a piece counts as one package) is taken off before
  rounding up to packages; `false` lists everything the meals need.
  """
  groceryList(subtractPantry: Boolean = true): GroceryList!
  generatedAt: DateTime!
  healthDisclaimer: String!
}

type MealPlanDay {
  date: Date!
  meals: [PlannedMeal!]!
  calories: Float!
  cost: Money!
}

"A meal of a weekly plan."
type PlannedMeal implements Node {
  id: ID!
  date: Date!
  meal: Meal!
  recipe: Recipe!
  "Servings of the recipe: 1, 1.5 or 2."
  portions: Float!
  "Of the portions, as planned."
  calories: Float!
  "Of the portions at catalog prices, as planned."
  cost: Money!
  "The recipe's ingredients for these portions."
  ingredients: [PlannedIngredient!]!
  "Whether you picked it (else the plan chose it)."
  picked: Boolean!
  "Locked meals stay when the week is generated again."
  locked: Boolean!
  "Other recipes for this meal time: the options for your budget, without this one."
  alternatives: [Recipe!]!
}

"An ingredient of a planned meal, scaled to its portions."
type PlannedIngredient {
  food: String!
  product: Product
  "Null for an amount \"to taste\"."
  quantity: Float
  unit: IngredientUnit
  pieceName: String
}

"""
The week's ingredients, each product (or unmatched food) once: amounts converted to one unit and
summed (volumes to mass through the food's density, pieces by count), rounded up to whole
packages, and priced per package at your preferred stores (the lowest), else the average of the
latest price at every store, else the catalog's price (`priceSource` says which). Amounts "to
taste" and water are left out.
"""
type GroceryList {
  "By category (alphabetical; foods without a product last), then by name."
  items: [GroceryItem!]!
  groups: [GroceryCategoryGroup!]!
  "The priced items' cost."
  total: Money!
  budget: Money!
  "How much `total` exceeds the budget; null within it."
  overBudgetBy: Money
  "Items without a price (left out of `total`)."
  unpricedItems: [String!]!
  "Whether what your pantry holds was taken off the quantities to buy."
  pantrySubtracted: Boolean!
}

type GroceryCategoryGroup {
  "The category's name; `Other` for foods without a product."
  name: String!
  category: Category
  items: [GroceryItem!]!
  subtotal: Money!
}

type GroceryItem {
  "What `setGroceryItemChecked` takes."
  key: String!
  name: String!
  "Null for a food no catalog product matched."
  product: Product
  category: Category
  "What to buy, in `unit`: whole packages when the package size is known."
  quantity: Float!
  "What the week's meals need, in `unit`."
  neededQuantity: Float!
  unit: QuantityUnit!
  "Packages to buy; null without a package size."
  packages: Int
  packageSize: Quantity
  "Price of one package."
  unitPrice: Money
  "Of the packages; null without a price."
  cost: Money
  priceSource: GroceryPriceSource!
  checked: Boolean!
  """
  What your pantry holds of the product, in `unit`, taken off the need (at most the need; 0 when
  the list does not subtract the pantry or for a food without a product). When it covers the need,
  `quantity` and `packages` are 0.
  """
  inPantry: Float!
}

enum GroceryPriceSource {
  "The lowest latest price at one of your preferred stores."
  PREFERRED_STORE
  "The average of the latest price at every store that has one."
  AVERAGE_OBSERVED
  "The catalog's price (the sale price while on sale)."
  CATALOG
  "No price known."
  NONE
}

"How a swap changes the grocery list."
type GroceryListDiff {
  "Items the new list has and the old did not."
  added: [GroceryItem!]!
  "Items the old list had and the new does not."
  removed: [GroceryItem!]!
  "Items in both whose quantity or cost changed."
  changed: [GroceryItemChange!]!
  previousTotal: Money!
  newTotal: Money!
  budget: Money!
  "How much `newTotal` exceeds the budget; null within it."
  overBudgetBy: Money
}

type GroceryItemChange {
  "The item in the new list."
  item: GroceryItem!
  "The item in the old list."
  previous: GroceryItem!
}

type MealPlanConnection {
  edges: [MealPlanEdge!]!
  pageInfo: PageInfo!
  totalCount: Int!
}

type MealPlanEdge {
  cursor: String!
  node: MealPlan!
}

"A week's budget against its plan."
type MealBudgetWeek {
  weekOf: Date!
  "The plan's budget, else your current one."
  budget: Money!
  "Null without a plan for the week."
  plannedCost: Money
  "Whether the planned cost is within the budget (true without a plan)."
  withinBudget: Boolean!
  plan: MealPlan
  """
  What your purchases (the spending area's, from receipts) add up to from Monday to Sunday in
  your time zone; 0 without any. Amounts are added as they are (no currency conversion) and shown
  in the budget's currency.
  """
  actualSpend: Money!
}

input GenerateMealPlanInput {
  "Any day of the week to plan (this week when left out); not a past week."
  weekOf: Date
  "Recipes you picked from the options, at most 21 and at most 7 per meal time (one a day); each must suit breakfast, lunch or dinner."
  picks: [ID!] = []
}

input SwapPlannedMealInput {
  plannedMealId: ID!
  "A recipe you can see that suits the meal time."
  recipeId: ID!
  "Only tell how the grocery list would change."
  dryRun: Boolean = false
}

input SetPlannedMealLockedInput {
  plannedMealId: ID!
  locked: Boolean!
}

input SetGroceryItemCheckedInput {
  mealPlanId: ID!
  "A `GroceryItem.key` of the plan's list: 1–300 characters."
  itemKey: String!
  checked: Boolean!
}

type MealPlanPayload {
  mealPlan: MealPlan
  userErrors: [UserError!]!
}

type SwapPlannedMealPayload {
  "The plan after the swap (unchanged on a dry run)."
  mealPlan: MealPlan
  groceryListDiff: GroceryListDiff
  "Whether the swap was applied (false on a dry run)."
  applied: Boolean!
  userErrors: [UserError!]!
}
"""#
}
