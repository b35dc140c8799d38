extension RecipesArea {
    static let schema = #"""
extend type Query {
  """
  Find recipes. `query` matches titles, descriptions and ingredient foods (every word, as the
  start of a word: "pepper" finds "peppers") and tolerates typos: a word no listed recipe holds ("lasagne", "brocoli") also matches its nearest
  words of the cookbook (up to 3, by trigram similarity of at least 0.4); words of under 3 letters
  and numbers are taken as written. Recipes matching as written come before those found through a
  correction. Filters combine with AND. The list holds the public recipes every user sees and your
  own (private and pending ones too).

  Defaults for a signed-in viewer (switch each off in `filter`): only recipes whose calories per
  serving fit the calories left today (`fitsCaloriesLeft`), and your restrictions applied
  (`respectRestrictions`). The default order is `RECOMMENDED`. A cursor belongs to its list, order
  and filter: one of another is an error with code `BAD_USER_INPUT`. Every list carries a health
  disclaimer for clients to show.
  """
  recipes(
    "At most 200 characters, no control characters; blank means none."
    query: String
    filter: RecipeFilter
    orderBy: RecipeOrder
    "For `RANDOM`: the same seed gives the same order (any Int). Left out, a seed is chosen and carried by the cursors, so paging stays stable."
    seed: Int
    first: Int
    after: String
    last: Int
    before: String
  ): RecipeConnection!

  "One recipe at random among those the filter (with the same defaults as `recipes`) lets through; null when none does."
  randomRecipe(filter: RecipeFilter): Recipe

  """
  Split an ingredient line into quantity, unit, food and note, and find the catalog product the
  food most likely is. `text`: 1–500 characters, no control characters, else `BAD_USER_INPUT`.
  """
  parseIngredientLine(text: String!): ParsedIngredient!

  "Public recipes waiting for moderation, oldest first. Requires the administrator role."
  pendingRecipes(first: Int, after: String, last: Int, before: String): RecipeConnection!
    @auth(roles: [ADMINISTRATOR])
}

extend type User {
  "Recipes you marked as favourites, most recently marked first (the owner's only; support cannot see them)."
  favoriteRecipes(first: Int, after: String, last: Int, before: String): RecipeConnection!
  "Recipes you wrote or imported, newest first, whatever their visibility and moderation (the owner's only)."
  recipes(first: Int, after: String, last: Int, before: String): RecipeConnection!
}

extend type Profile {
  "Foods you like (\"My parameters\"): the chosen products of a recipe search with `useFavoriteFoods`."
  favoriteFoods: [Product!]!
}

extend type Mutation {
  """
  Write a recipe. A private one is yours alone; a public one waits for an administrator's approval
  before others see it. Free-text foods are matched to catalog products (see `RecipeIngredientInput`).
  """
  createRecipe(input: CreateRecipeInput!): RecipePayload! @auth

  """
  Change one of your recipes (administrators may change any public one). A public recipe changed
  by its author, or made public, goes back to moderation.
  """
  updateRecipe(input: UpdateRecipeInput!): RecipePayload! @auth

  "Delete one of your recipes (administrators may delete any public one)."
  deleteRecipe(input: DeleteRecipeInput!): DeleteRecipePayload! @auth

  "Mark or unmark a recipe you can see as a favourite."
  setRecipeFavorite(input: SetRecipeFavoriteInput!): RecipePayload! @auth

  "Approve or reject a public recipe waiting for moderation (a rejection needs a reason). Requires the administrator role."
  moderateRecipe(input: ModerateRecipeInput!): RecipePayload! @auth(roles: [ADMINISTRATOR])

  """
  Make a private recipe of yours from pasted text or from a web page's schema.org `Recipe`
  JSON-LD, with its ingredient lines parsed and matched to catalog products. Edit it, then publish
  it with `updateRecipe`.
  """
  importRecipe(input: ImportRecipeInput!): RecipePayload! @auth

  "Set the foods you like (replacing the list)."
  setFavoriteFoods(input: SetFavoriteFoodsInput!): SetFavoriteFoodsPayload! @auth

  """
  Cook a recipe you can see: its ingredients, scaled to `servings`, are taken from your pantry
  (each product's oldest expiry first, as `consumePantryItem` does), all in one movement group.
  What the pantry lacks is reported in `missingIngredients` and the rest is still taken, unless
  `strict` (then nothing changes and a user error with code `INVALID_STATE` names what is missing).
  Which ingredients count is said at `Recipe.missingIngredients`. Undo it with `undoCooking`.
  """
  cookRecipe(input: CookRecipeInput!): CookRecipePayload! @auth

  """
  Undo a cooking of yours: every pantry lot it took from gets exactly what was taken back (the
  kitchen's movement undo, also after later changes to the lots). A cooking is undone once.
  """
  undoCooking(input: UndoCookingInput!): UndoCookingPayload! @auth

  """
  Put what your pantry lacks for a recipe you can see (as `Recipe.missingIngredients` says, for
  `servings`) in your cart (`User.draftOrder`), as `addToDraftOrder` does: whole packages covering
  each missing amount (the amount over the package size; pieces are packages; one package when the
  size is unknown), at most 99 of a product. Products the cart's chain does not offer, or has too
  little of, are listed in `unavailableIngredients` and left out; not an error.
  """
  addMissingIngredientsToDraftOrder(input: AddMissingIngredientsToDraftOrderInput!): AddMissingIngredientsToDraftOrderPayload! @auth
}

enum DishType {
  MAIN_DISH
  SALAD
  SOUP
  APPETIZER
  BEVERAGE
  COOKIES
  DESSERT
}

enum RecipeCategory {
  CELEBRATORY
  DIETARY
  FOR_ADULTS
  FOR_CHILDREN
}

enum KitchenAppliance {
  SLOW_COOKER
  MICROWAVE_OVEN
  BREAD_MAKER
  BLENDER
  OVEN
  DEEP_FRYER
  STOVE
  GRILL
  AIR_FRYER
}

"Total time: preparation plus cooking."
enum CookingTime {
  "At most 20 minutes."
  FAST
  "At least 120 minutes."
  SLOW
}

"""
Where a serving's energy comes from: protein and carbohydrates count 4 kcal per gram, fat 9.
"""
enum MacroProfile {
  "At least 25 % of the energy from protein."
  HIGH_PROTEIN
  "At most 20 % of the energy from fat."
  LOW_FAT
  "At least 55 % of the energy from carbohydrates."
  HIGH_CARB
}

enum RecipeOrder {
  "The 3 most suitable recipes (as `SUITABILITY` orders them), then the rest by title. The default."
  RECOMMENDED
  """
  Most suitable first. The target is a meal's share of your day: the calories left today, at most
  35 % of your daily calorie target (700 kcal without a target). Recipes within the target come
  before those above it; among those within, calories are grouped in bands 5 % wide counted down
  from the target (a recipe in the first band has 95–100 % of the target), nearer bands first; and
  inside a band, the higher `vitaminMineralScore` first, then the title. Above the target, the
  lower calories first.
  """
  SUITABILITY
  "By title, A to Z."
  TITLE
  "In a random order that the `seed` fixes."
  RANDOM
  "The lowest cost per serving at catalog prices first; recipes with no price last."
  COST
}

enum RecipeVisibility {
  "Everyone sees it once an administrator approves it."
  PUBLIC
  "Only you see it."
  PRIVATE
}

enum RecipeModerationStatus {
  "A private recipe: nothing to moderate."
  NOT_REQUIRED
  "Public, waiting for an administrator; only you and administrators see it."
  PENDING
  "Public and approved: everyone sees it."
  APPROVED
  "Public but refused (see `moderationNote`); only you and administrators see it."
  REJECTED
}

"Units of an ingredient's quantity. Volumes are US customary: a cup is 236.59 ml, a tablespoon 14.79 ml, a teaspoon 4.93 ml, a fluid ounce 29.57 ml, a pinch 1/16 teaspoon."
enum IngredientUnit {
  "A number of the food itself (`3 eggs`)."
  COUNT
  GRAM
  KILOGRAM
  MILLILITRE
  LITRE
  TEASPOON
  TABLESPOON
  CUP
  FLUID_OUNCE
  "Avoirdupois ounce, 28.35 g."
  OUNCE
  "453.59 g."
  POUND
  PINCH
  "A named piece (`pieceName`: a clove, a slice, a can) or a piece of the food."
  PIECE
}

"""
A recipe. Public approved recipes are everyone's; a private recipe is its author's only; a public
recipe in moderation (or rejected) is its author's and administrators' only — on every path,
`node(id:)` included. Nutrition and cost are derived from the ingredients' catalog products.
"""
type Recipe implements Node {
  id: ID!
  title: String!
  description: String
  "The method, one step per item."
  steps: [String!]!
  servings: Int!
  prepMinutes: Int!
  cookMinutes: Int!
  "Preparation plus cooking."
  totalMinutes: Int!
  dishType: DishType!
  categories: [RecipeCategory!]!
  appliances: [KitchenAppliance!]!
  "The meal times the recipe suits."
  mealTimes: [Meal!]!
  ingredients: [RecipeIngredient!]!
  """
  Per serving: the sum over the ingredients of each product's nutrition for the amount used,
  divided by the servings. Ingredients without a product or a weighable amount are left out (see
  `completeness`); amounts "to taste" and water are not counted. Null when nothing could be counted.
  """
  nutritionPerServing: Nutrition
  """
  Estimated cost of a serving: each ingredient's share of its product's package, at the latest price
  at your preferred stores (the lowest of them), else the catalog price (the sale price while on
  sale). Null when no ingredient has a price.
  """
  costPerServing: Money
  "Which ingredients lacked data for the figures."
  completeness: RecipeCompleteness!
  """
  Vitamins and minerals per serving: the sum, over vitamin A (daily value 900 µg), vitamin C (90 mg),
  calcium (1300 mg), iron (18 mg) and every further micronutrient with an FDA daily value, of its
  percentage of the daily value, each capped at 100.
  """
  vitaminMineralScore: Float!
  "The macro profiles a serving has (thresholds in `MacroProfile`)."
  macroProfiles: [MacroProfile!]!
  "Allergens of the ingredients: their products' allergens, or for free-text foods, those their names imply."
  allergens: [Allergen!]!
  "Among VEGAN, VEGETARIAN, GLUTEN_FREE, DAIRY_FREE and NUT_FREE: those every ingredient carries."
  dietLabels: [DietLabel!]!
  """
  The diet types the recipe suits. ORDINARY always; VEGETARIAN and VEGAN by the labels; SEPARATE when
  it does not combine a concentrated protein (meat, fish, eggs, cheese, tofu, pulses) with a starch
  (bread, pasta, rice, potatoes, flour, grains, sugar); RAW when nothing is cooked (0 cooking minutes,
  no heating appliance); LOW_CARB when at most 26 % of the energy comes from carbohydrates; LOW_FAT
  at most 20 % from fat; MONO when one food makes at least 80 % of the weighed ingredients.
  """
  dietTypes: [DietType!]!
  "Served at `/images/<id>`."
  imageUrl: String
  "The author's username or display name; null for the FoodGraph cookbook's own recipes."
  authorName: String
  "Whether you wrote it."
  isOwn: Boolean!
  visibility: RecipeVisibility!
  moderationStatus: RecipeModerationStatus!
  "The administrator's reason for a rejection (author and administrators only; null for others)."
  moderationNote: String
  "Whether you marked it as a favourite (false when signed out)."
  isFavorite: Boolean!
  """
  What your pantry lacks to cook it, with quantities; null when signed out. Counted: the ingredients
  with a catalog product and an amount (free-text foods, amounts "to taste" and water are not
  checked), compared in the pantry's units — mass in grams, volume in millilitres (1 g = 1 ml, as
  the pantry adds them up), counts by the weight of a piece (in pieces when it is unknown); the
  pantry's pieces of a packaged product count as its package size. An ingredient listed
  twice needs both amounts. `servings`: 1–100, the recipe's own when left out (the amounts scale).
  """
  missingIngredients(servings: Int): [MissingIngredient!]
  "A warning to show with the figures: they are estimates, not medical advice (Scan&Cook SEC-4)."
  healthDisclaimer: String!
  createdAt: DateTime!
  updatedAt: DateTime!
}

"An ingredient: a catalog product or a free-text food, with its amount."
type RecipeIngredient {
  "The catalog product the figures use; null for a free-text food not matched to one."
  product: Product
  "The food as the recipe names it (the product's name when only a product was given)."
  food: String!
  "Null for an amount \"to taste\"."
  quantity: Float
  "The upper end of a range (`2–3 cloves`); the figures use the middle."
  quantityMax: Float
  unit: IngredientUnit
  "For `PIECE`: what a piece is (`clove`, `slice`, `can`)."
  pieceName: String
  note: String
  """
  The mass the nutrition used, in grams; null when unknown. Volumes become mass through a density:
  the product label's (`1/4 cup (30 g)`), else the food's typical density, else 1 g/ml for
  products measured per 100 ml. Pieces through the weight of one (the label's serving, else a
  typical weight).
  """
  grams: Float
  """
  How sure the match of a free-text food to `product` is, 0–1; 1 when the author chose the product.
  The author changes it by giving `productId`, or `matchProduct: false` to keep the food unmatched.
  """
  matchConfidence: Float
}

"What the pantry lacks of an ingredient (see `Recipe.missingIngredients`)."
type MissingIngredient {
  product: Product!
  "The food as the recipe names it."
  food: String!
  "What is missing: `needed` minus `available`, in `unit`."
  quantity: Float!
  unit: QuantityUnit!
  "What the servings need, in `unit`."
  needed: Float!
  "What the pantry holds, in `unit`."
  available: Float!
}

input CookRecipeInput {
  recipeId: ID!
  "1–100; the recipe's servings when left out. The ingredients scale by `servings` ÷ the recipe's servings."
  servings: Int
  "Refuse (and change nothing) when the pantry lacks anything."
  strict: Boolean = false
  """
  Also log the servings cooked to your diary as this meal: one entry named after the recipe, of
  `servings` servings, carrying the recipe's `nutritionPerServing` × `servings` (source `RECIPE`).
  Refused with `INVALID_STATE` when the recipe's nutrition is unknown. `undoCooking` removes it.
  """
  logMeal: Meal
  "The diary date (only with `logMeal`): today in your time zone by default; the same bounds as `addDiaryEntry`'s `date`."
  logDate: Date
}

input AddMissingIngredientsToDraftOrderInput {
  recipeId: ID!
  "1–100; the recipe's servings when left out."
  servings: Int
}

type AddMissingIngredientsToDraftOrderPayload {
  "Your cart; null when nothing could be added and you have none."
  order: Order
  "The missing ingredients added to the cart."
  addedIngredients: [MissingIngredient!]!
  "The missing ingredients the cart's chain does not offer or has too little of."
  unavailableIngredients: [MissingIngredient!]!
  userErrors: [UserError!]!
}

input UndoCookingInput {
  "The `cookingId` that `cookRecipe` returned."
  cookingId: ID!
}

type CookRecipePayload {
  recipe: Recipe
  "The servings cooked."
  servings: Int
  "Give it to `undoCooking`; null when nothing was taken from the pantry."
  cookingId: ID
  "The pantry movements of the cooking, one per lot taken from."
  movements: [PantryMovement!]!
  "What the pantry lacked (not taken)."
  missingIngredients: [MissingIngredient!]!
  """
  The diary entry logged (with `logMeal`). When nothing was taken from the pantry there is no
  `cookingId`: delete the entry with `deleteDiaryEntry` to take it back.
  """
  diaryEntry: DiaryEntry
  userErrors: [UserError!]!
}

type UndoCookingPayload {
  "The undo movements, one per lot restored."
  movements: [PantryMovement!]!
  "The diary entry the cooking logged, now removed (null when it logged none or it was deleted already)."
  removedDiaryEntryId: ID
  userErrors: [UserError!]!
}

"An ingredient line split into its parts, with the catalog product the food most likely is."
type ParsedIngredient {
  "Null when the line gives none (`salt to taste`). Fractions, mixed numbers and number words are read."
  quantity: Float
  "The upper end of a range (`2-3`, `2 to 3`)."
  quantityMax: Float
  "Null without a quantity; `COUNT` for a number without unit."
  unit: IngredientUnit
  pieceName: String
  food: String!
  "What follows a comma or stands in parentheses, preparations (`finely chopped`) and phrases like `to taste`."
  note: String
  "The best catalog match for `food`, when its confidence is at least 0.5."
  product: Product
  matchConfidence: Float
}

"Which ingredients lacked data for a recipe's figures."
type RecipeCompleteness {
  "Whether every counted ingredient has nutrition (a product and an amount that can be weighed)."
  nutritionComplete: Boolean!
  "Whether every counted ingredient has a price and a package size."
  costComplete: Boolean!
  "Foods left out of the nutrition."
  missingNutrition: [String!]!
  "Foods left out of the cost."
  missingPrice: [String!]!
}

type RecipeConnection {
  edges: [RecipeEdge!]!
  pageInfo: PageInfo!
  "The calories left today that the list honoured (`fitsCaloriesLeft`); null when it did not apply."
  caloriesLeftToday: Float
  "Whether your restrictions filtered the list."
  restrictionsApplied: Boolean!
  "A warning to show with the list (Scan&Cook SEC-4)."
  healthDisclaimer: String!
}

type RecipeEdge {
  cursor: String!
  node: Recipe!
}

"""
What recipes to find; every criterion given applies (AND). Lists match any of their values.
"""
input RecipeFilter {
  dishTypes: [DishType!]
  categories: [RecipeCategory!]
  "Recipes made with any of these appliances."
  appliances: [KitchenAppliance!]
  "Recipes suiting any of these meal times."
  mealTimes: [Meal!]
  "Recipes suiting any of these diet types (see `Recipe.dietTypes`)."
  dietTypes: [DietType!]
  cookingTime: CookingTime
  macroProfile: MacroProfile
  "Recipes using any of these products (all of them with `allProducts`); at most 50 IDs."
  productIds: [ID!]
  "With `productIds` or `useFavoriteFoods`: require every product, not any."
  allProducts: Boolean = false
  "Use your profile's favourite foods as `productIds` (signed in only; none saved means no product filter)."
  useFavoriteFoods: Boolean = false
  """
  Only recipes whose calories per serving are at most what is left of your daily calorie target
  today (target minus what your diary has for today, in your time zone). On by default when you
  are signed in and your profile gives a target; ignored otherwise.
  """
  fitsCaloriesLeft: Boolean
  "0–10000 kcal."
  maxCaloriesPerServing: Float
  "At catalog prices: 0–99999.99, at most two decimals."
  maxCostPerServing: Decimal
  "Only your favourites (signed in only, else `UNAUTHENTICATED`)."
  favoritesOnly: Boolean = false
  "Recipes free of every one of these allergens (applies signed out too)."
  allergenFree: [Allergen!]
  """
  Apply your profile's restrictions (signed in only). Allergies: recipes with those allergens are
  left out (names such as `peanuts`, `tree nuts`, `nuts` (both), `dairy`/`lactose` (MILK),
  `gluten` (WHEAT), `shellfish`, `soy` are understood; other names count as foods you avoid).
  Foods you don't like: recipes with an ingredient whose name contains one of those words. Diet
  type: recipes suiting it. Pregnancy: recipes with raw or cold-smoked fish, deli or cured meats,
  mould-ripened or blue cheese, liver, high-mercury fish or alcohol are left out. Illnesses:
  diabetes — at most 15 g sugars per serving; hypertension (high blood pressure) — at most 600 mg
  sodium; celiac disease (gluten intolerance) — gluten-free only; lactose intolerance — no MILK;
  high cholesterol — at most 5 g saturated fat; gout — no purine-rich foods (organ meats, anchovies,
  sardines, mussels, scallops, herring, mackerel, trout, beer); kidney disease — at most 600 mg sodium
  and 30 g protein; heart disease — at most 600 mg sodium and 5 g saturated fat. A nutrient a recipe's
  data does not know does not exclude it. Other illness names change nothing.
  """
  respectRestrictions: Boolean = true
  """
  Only recipes your pantry can make (signed in only, else `UNAUTHENTICATED`): every counted
  ingredient (one with an amount) is held but for at most `maxMissingIngredients`. An ingredient
  with a catalog product is held when the pantry has at least the amount the recipe's servings
  need, converted as `Recipe.missingIngredients` does (grams, millilitres 1:1, or pieces; lines
  of the same product add up); a free-text food when the pantry has a lot of that name.
  `Recipe.missingIngredients` gives each shortfall.
  """
  fromPantry: Boolean = false
  "With `fromPantry`: how many ingredients may be missing, 0–20."
  maxMissingIngredients: Int = 0
}

"Texts are trimmed of surrounding white space; control characters are refused (line breaks are allowed in `description` and `steps`)."
input CreateRecipeInput {
  "1–200 characters."
  title: String!
  "1–2000 characters."
  description: String
  "1–100."
  servings: Int!
  dishType: DishType!
  "0–2880 minutes."
  prepMinutes: Int!
  "0–2880 minutes."
  cookMinutes: Int!
  "1–50 steps of 1–2000 characters each."
  steps: [String!]!
  visibility: RecipeVisibility = PRIVATE
  categories: [RecipeCategory!] = []
  appliances: [KitchenAppliance!] = []
  mealTimes: [Meal!] = []
  "1–60 ingredients."
  ingredients: [RecipeIngredientInput!]!
  "A PNG, JPEG or WebP image of at most 2 MB, 200×200 to 4000×4000 pixels."
  image: Base64
}

"""
A catalog product (`productId`) or a free-text food (`food`), or both (the food then names the
product in the recipe). A food alone is matched to the best catalog product when the match's
confidence is at least 0.5, unless `matchProduct` is false.
"""
input RecipeIngredientInput {
  productId: ID
  "1–200 characters."
  food: String
  "More than 0, at most 100000; left out for an amount \"to taste\"."
  quantity: Float
  "More than `quantity`, at most 100000."
  quantityMax: Float
  "Required with `quantity`."
  unit: IngredientUnit
  "1–50 characters, for `PIECE`."
  pieceName: String
  "1–500 characters."
  note: String
  matchProduct: Boolean = true
}

"A patch: fields left out stay as they are; `ingredients` replaces the whole list; `image: null` removes the image. The bounds of `CreateRecipeInput` apply."
input UpdateRecipeInput {
  recipeId: ID!
  title: String
  description: String
  servings: Int
  dishType: DishType
  prepMinutes: Int
  cookMinutes: Int
  steps: [String!]
  visibility: RecipeVisibility
  categories: [RecipeCategory!]
  appliances: [KitchenAppliance!]
  mealTimes: [Meal!]
  ingredients: [RecipeIngredientInput!]
  image: Base64
}

input DeleteRecipeInput {
  recipeId: ID!
}

input SetRecipeFavoriteInput {
  recipeId: ID!
  favorite: Boolean!
}

input ModerateRecipeInput {
  recipeId: ID!
  decision: ReviewDecision!
  "Required to reject: 1–1000 characters."
  reason: String
}

"""
Exactly one source. `text`: at most 20000 characters — the first non-empty line is the title; the
lines after an `Ingredients` heading (or, without headings, the lines that start with a quantity)
are ingredients; the lines after a `Method`/`Directions`/`Instructions`/`Steps` heading are steps.
`jsonLd`: at most 500000 characters — a schema.org `Recipe` object, or a page's JSON-LD holding one
(in `@graph` or a list); `name`, `description`, `recipeIngredient`, `recipeInstructions`,
`recipeYield`, `prepTime`, `cookTime` (ISO 8601 durations), `recipeCategory` and `image` (ignored)
are read.
"""
input ImportRecipeInput @oneOf {
  text: String
  jsonLd: String
}

input SetFavoriteFoodsInput {
  "At most 50 products."
  productIds: [ID!]!
}

type RecipePayload {
  recipe: Recipe
  userErrors: [UserError!]!
}

type DeleteRecipePayload {
  deletedRecipeId: ID
  userErrors: [UserError!]!
}

type SetFavoriteFoodsPayload {
  favoriteFoods: [Product!]
  userErrors: [UserError!]!
}
"""#
}
