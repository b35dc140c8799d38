extension DiaryArea {
    static let schema = #"""
extend type User {
  "The diary of one local date (today in your time zone by default), with totals against targets."
  diaryDay(date: Date): DiaryDay!
  "Diary entries in a date range (inclusive), newest first."
  diaryEntries(from: Date!, to: Date!, first: Int, after: String, last: Int, before: String): DiaryEntryConnection!
  "Weight entries, newest first."
  weightEntries(from: Date, to: Date, first: Int, after: String, last: Int, before: String): WeightEntryConnection!
  "Nutrient totals per day, week (ISO, from Monday) or month over a date range (`from` to `to`, inclusive, at most 5 years apart, else BAD_USER_INPUT). Every period of the range is present, in order; a period without entries has `entryCount` 0 and zero totals."
  nutritionTimeline(from: Date!, to: Date!, granularity: TimelineGranularity!): [NutritionPeriod!]!
  "Weight per day, week (ISO, from Monday) or month (the last entry of each period) over a date range (`from` to `to`, inclusive, at most 5 years apart, else BAD_USER_INPUT). Every period of the range is present, in order; a period without entries has a null weight."
  weightTimeline(from: Date!, to: Date!, granularity: TimelineGranularity!): [WeightPeriod!]!
}

extend type Mutation {
  "Log a food to your diary: a catalog product or a custom food, with a quantity."
  addDiaryEntry(input: AddDiaryEntryInput!): DiaryEntryPayload! @auth

  "Change an entry: quantity, meal, date, or nutrient overrides."
  updateDiaryEntry(input: UpdateDiaryEntryInput!): DiaryEntryPayload! @auth

  "Log an earlier entry again, on a date and meal (today's date in your time zone by default)."
  logDiaryEntryAgain(input: LogDiaryEntryAgainInput!): DiaryEntryPayload! @auth

  "Delete an entry."
  deleteDiaryEntry(input: DeleteDiaryEntryInput!): DeleteDiaryEntryPayload! @auth

  "Record your weight for a date (today by default); a second entry for the same date replaces the first. Your profile's weight becomes the latest weigh-in dated today or earlier."
  logWeight(input: LogWeightInput!): WeightEntryPayload! @auth

  "Delete a weight entry; your profile's weight becomes the latest remaining weigh-in dated today or earlier (it stays as it is when there is none)."
  deleteWeightEntry(input: DeleteWeightEntryInput!): DeleteWeightEntryPayload! @auth
}

enum Meal {
  BREAKFAST
  LUNCH
  DINNER
  SNACK
}

enum DiaryEntrySource {
  MANUAL
  BARCODE
  SEARCH
  PHOTO
  RECIPE
}

enum DiaryQuantityUnit {
  GRAM
  MILLILITRE
  SERVING
  PIECE
}

"A nutrient an entry's value can be overridden for."
enum NutrientKey {
  ENERGY_KCAL
  FAT_G
  SATURATED_FAT_G
  TRANS_FAT_G
  CHOLESTEROL_MG
  CARBOHYDRATES_G
  FIBRE_G
  SUGARS_G
  SODIUM_MG
  PROTEIN_G
  VITAMIN_A_UG
  VITAMIN_C_MG
  CALCIUM_MG
  IRON_MG
}

"Something eaten, on a local date and meal."
type DiaryEntry implements Node {
  id: ID!
  date: Date!
  meal: Meal!
  "The catalog product, when the entry is one."
  product: Product
  "The product's name, or the custom food's."
  foodName: String!
  quantity: Float!
  unit: DiaryQuantityUnit!
  "The quantity in grams (millilitres count as grams)."
  grams: Float!
  source: DiaryEntrySource!
  "The entry's nutrients: computed when logged and frozen, or as overridden by the user."
  nutrition: Nutrition!
  "The nutrients whose values are the user's overrides."
  overriddenNutrients: [NutrientKey!]!
  createdAt: DateTime!
}

type DiaryEntryConnection {
  edges: [DiaryEntryEdge!]!
  pageInfo: PageInfo!
}

type DiaryEntryEdge {
  cursor: String!
  node: DiaryEntry!
}

"One local date of the diary."
type DiaryDay {
  date: Date!
  "Whether the date is today in the user's time zone."
  isToday: Boolean!
  meals: [MealSummary!]!
  "Totals of every nutrient for the day."
  totals: Nutrition!
  "The user's targets, when the profile allows computing them."
  targets: NutritionTargets
  "Target minus consumed, per nutrient; negative when over. Null without targets."
  remaining: NutrientBalance
  "Share of energy from protein, fat and carbohydrates, in percent."
  macroSplit: MacroSplit!
}

type MealSummary {
  meal: Meal!
  entries: [DiaryEntry!]!
  totals: Nutrition!
}

type NutrientBalance {
  energyKcal: Float!
  proteinG: Float!
  fatG: Float!
  carbohydratesG: Float!
}

type MacroSplit {
  proteinPercent: Float!
  fatPercent: Float!
  carbohydratesPercent: Float!
}

"A weight measurement."
type WeightEntry implements Node {
  id: ID!
  date: Date!
  weightKg: Float!
  "The weight in the user's unit system, e.g. `154.3 lb`."
  weightDisplay: String!
}

type WeightEntryConnection {
  edges: [WeightEntryEdge!]!
  pageInfo: PageInfo!
}

type WeightEntryEdge {
  cursor: String!
  node: WeightEntry!
}

enum TimelineGranularity {
  DAY
  "ISO weeks, Monday to Sunday."
  WEEK
  MONTH
}

"Totals over one period of a timeline."
type NutritionPeriod {
  "The first date of the period."
  start: Date!
  "The last date of the period."
  end: Date!
  entryCount: Int!
  totals: Nutrition!
}

type WeightPeriod {
  start: Date!
  end: Date!
  "The last weight logged in the period, or null."
  weightKg: Float
}

"A nutrient value set by the user instead of the computed one."
input NutrientOverrideInput {
  nutrient: NutrientKey!
  "The value for the whole entry, in the nutrient's unit, from 0 to 100000; null removes the override."
  value: Float
}

"A food that is not in the catalog, with its nutrition per 100 g."
input CustomFoodInput {
  "1 to 200 characters."
  name: String!
  "Per 100 g (100 ml counts as 100 g): energy in kcal or kJ, and every value from 0 to 100000 (`energyKj` to 418400)."
  nutrition: NutritionInput!
  "Grams in one serving, from 0.1 to 5000, to allow the SERVING unit."
  servingGrams: Float
  "Grams in one piece, from 0.1 to 5000, to allow the PIECE unit."
  pieceGrams: Float
}

"Exactly one of a catalog product or a custom food."
input DiaryFoodInput @oneOf {
  productId: ID
  customFood: CustomFoodInput
}

input AddDiaryEntryInput {
  food: DiaryFoodInput!
  "Today in your time zone by default. From five years before today (the diary keeps five years; earlier is OUT_OF_RANGE) to tomorrow in your time zone (later is DATE_IN_FUTURE)."
  date: Date
  meal: Meal!
  "In `unit`s, from 0.01 to 10000; the portion must weigh from 0.01 g to 100 kg."
  quantity: Float!
  unit: DiaryQuantityUnit!
  source: DiaryEntrySource = MANUAL
  overrides: [NutrientOverrideInput!]
}

input UpdateDiaryEntryInput {
  entryId: ID!
  "From five years before today to tomorrow in your time zone, as in `addDiaryEntry`."
  date: Date
  meal: Meal
  "In `unit`s, from 0.01 to 10000; the portion must weigh from 0.01 g to 100 kg."
  quantity: Float
  unit: DiaryQuantityUnit
  "Merged into the entry's overrides; a null value removes that override."
  overrides: [NutrientOverrideInput!]
}

input LogDiaryEntryAgainInput {
  entryId: ID!
  "Today in your time zone by default; from five years before today to tomorrow, as in `addDiaryEntry`."
  date: Date
  meal: Meal
}

type DiaryEntryPayload {
  entry: DiaryEntry
  "The day the entry is on, with updated totals."
  day: DiaryDay
  userErrors: [UserError!]!
}

input DeleteDiaryEntryInput {
  entryId: ID!
}

type DeleteDiaryEntryPayload {
  deletedEntryId: ID
  day: DiaryDay
  userErrors: [UserError!]!
}

input LogWeightInput {
  "Today in your time zone by default. From five years before today (earlier is OUT_OF_RANGE) to tomorrow in your time zone (later is DATE_IN_FUTURE); a weigh-in dated after today does not change your profile's weight."
  date: Date
  "In kilograms, from 20 to 450; or give `pounds`."
  kilograms: Float
  "In pounds, from 44.1 to 992 (20 to 450 kg); or give `kilograms`."
  pounds: Float
}

type WeightEntryPayload {
  entry: WeightEntry
  user: User
  userErrors: [UserError!]!
}

input DeleteWeightEntryInput {
  entryId: ID!
}

type DeleteWeightEntryPayload {
  deletedEntryId: ID
  userErrors: [UserError!]!
}
"""#
}
