extension AccountsArea {
    static let schema = #"""
extend type Query {
  "The signed-in user, or null for anonymous requests."
  me: User

  """
  Accounts, newest first, optionally filtered by email, username or display name. Requires the
  administrator role: support staff see a user's data only through the support issues that user
  opened, never by browsing accounts (docs/security.md).
  """
  users(first: Int, after: String, last: Int, before: String, query: String): UserConnection!
    @auth(roles: [ADMINISTRATOR])

  "The built-in avatars a user can pick instead of uploading an image (`chooseGalleryAvatar`). Public."
  avatarGallery: [GalleryAvatar!]!

  "The languages emails and messages can be in (BCP 47 tags for `Profile.locale`), English first. Public."
  supportedLocales: [String!]!
}

extend type Mutation {
  "Create an account and email a confirmation link. The new account can log in at once."
  register(input: RegisterInput!): RegisterPayload!

  """
  Confirm an email address with the code from the confirmation email: the address registered, or
  a new address asked for with `changeEmail` (which then replaces the account's; the old address
  is told).
  """
  confirmEmail(input: ConfirmEmailInput!): ConfirmEmailPayload!

  "Send the confirmation email again. Requires a signed-in user."
  resendConfirmationEmail: ResendConfirmationEmailPayload! @auth

  """
  Log in with email and password and get a session token for `Authorization: Bearer <token>`.
  Repeated failures for one account or one client address are refused for a while with code
  `RATE_LIMITED` (`extensions.retryAfterSeconds` says how long).
  """
  login(input: LoginInput!): LoginPayload!

  """
  A single-use nonce for sign-in with Google or Facebook: give it to the provider's SDK when asking
  for an ID token, then send both to `signInWithProvider` or `linkProvider`. Valid 10 minutes and
  for one sign-in, so a token seen by someone else cannot be used again. Public.
  """
  providerSignInNonce: ProviderSignInNoncePayload!

  """
  Sign in with an OpenID Connect ID token from Google or Facebook (Limited Login) and get a session
  token, as `login` does. The token must be signed by the provider's published keys (RS256), issued
  by it for this server's client id, not expired, and carry the nonce of `providerSignInNonce`.
  The identity signs in to the account it is linked to; else, when Google vouches for the address
  (`email_verified`), to the account with that address (linking it); else a new account is made
  with the profile's defaults and no password. Facebook addresses never link an existing account
  (Facebook does not say it verified them): such a sign-up is refused with code `TAKEN`; sign in
  and use `linkProvider`. Codes: `PROVIDER_NOT_CONFIGURED`, `INVALID_TOKEN` (`field` says whether
  the token or the nonce), `TAKEN`, `REQUIRED` (no email shared), `INVALID_STATE` (a disabled
  account); too many refused attempts from one client address are `RATE_LIMITED`, as for `login`.
  """
  signInWithProvider(input: SignInWithProviderInput!): LoginPayload!

  """
  Link a Google or Facebook identity to your account, with an ID token and nonce as for
  `signInWithProvider`; afterwards it signs in to this account. One identity per provider;
  refused with `TAKEN` when the identity is another account's or you have linked another one.
  """
  linkProvider(input: SignInWithProviderInput!): LinkProviderPayload! @auth

  """
  Unlink a provider from your account. Refused with `LAST_SIGN_IN_METHOD` when it is your only way
  to sign in (no password and no other provider); `NOT_FOUND` when it is not linked.
  """
  unlinkProvider(input: UnlinkProviderInput!): UnlinkProviderPayload! @auth

  "End the current session. Requires a signed-in user."
  logout: LogoutPayload! @auth

  "End one of your sessions by ID, or all of them except the current one with `allOthers: true`."
  revokeSessions(input: RevokeSessionsInput!): RevokeSessionsPayload! @auth

  """
  Email a password-reset link when the address has an account. The answer is the same whether or
  not it has one, so the answer reveals nothing about who is registered.
  """
  requestPasswordReset(input: RequestPasswordResetInput!): RequestPasswordResetPayload!

  "Set a new password with the emailed token (single use, valid one hour). Ends every session."
  resetPassword(input: ResetPasswordInput!): ResetPasswordPayload!

  """
  Change your password, giving the current one. Ends your other sessions. Wrong current passwords
  count with failed sign-ins: past the limit the mutation is refused with code `RATE_LIMITED`.
  """
  changePassword(input: ChangePasswordInput!): ChangePasswordPayload! @auth

  """
  Change your email address, giving your password: a code goes to the new address, and the
  address changes when `confirmEmail` receives it (within 7 days); until then you sign in with the
  current one, which is told of the request at once and of the change when it happens. A new
  request replaces an earlier one. Wrong passwords count with failed sign-ins.
  """
  changeEmail(input: ChangeEmailInput!): ChangeEmailPayload! @auth

  "Change your profile. Only the fields given are changed; null clears a field where allowed."
  updateProfile(input: UpdateProfileInput!): UpdateProfilePayload! @auth

  """
  Upload your avatar: a PNG, JPEG or WebP image of 200×200 pixels, at most 2 MB. The image is
  decoded in full and encoded again (its metadata, such as a photo's location, is not kept);
  anything that is not a complete image of those types is refused with `UNSUPPORTED_IMAGE_TYPE`.
  It is served at a new unguessable address (`Profile.avatarUrl`); the previous avatar is deleted.
  """
  uploadAvatar(input: UploadAvatarInput!): UploadAvatarPayload! @auth

  "Use one of the built-in avatars (`avatarGallery`) instead of an uploaded image, which is deleted."
  chooseGalleryAvatar(input: ChooseGalleryAvatarInput!): ChooseGalleryAvatarPayload! @auth

  """
  Delete your avatar, uploaded or picked, and return to the default: `avatarUrl` becomes null and
  the app shows its default image. An uploaded image is deleted at once.
  """
  deleteAvatar: DeleteAvatarPayload! @auth

  "Mark a store as preferred or ignored, or clear the mark."
  setStorePreference(input: SetStorePreferenceInput!): SetStorePreferencePayload! @auth

  "Grant a role to an account. Requires the administrator role."
  grantRole(input: GrantRoleInput!): GrantRolePayload! @auth(roles: [ADMINISTRATOR])

  "Revoke a role from an account. Requires the administrator role."
  revokeRole(input: RevokeRoleInput!): RevokeRolePayload! @auth(roles: [ADMINISTRATOR])

  """
  Disable or re-enable an account. Disabling ends the account's sessions at once and for good:
  re-enabling it does not bring them back. Requires the administrator role.
  """
  setAccountDisabled(input: SetAccountDisabledInput!): SetAccountDisabledPayload!
    @auth(roles: [ADMINISTRATOR])
}

"What an account may do beyond managing its own data."
enum Role {
  "Every account."
  USER
  "Sees and answers support issues; sees a user's data only through the issues that user opened (their name, contact and attachments), nothing else."
  SUPPORT
  "Works the order queue: sees orders, their items, delivery addresses and contacts, nothing else of a user."
  ORDER_HANDLER
  "Full read and write access."
  ADMINISTRATOR
  "Manages one retail chain's stores and goods."
  CHAIN_REPRESENTATIVE
}

"""
An account. Visible, with every field, to its owner and to administrators only, whichever way it is
reached (`me`, `node(id:)`, `users`, a payload): to anyone else `node(id:)` gives null, and a field
read anyway is `FORBIDDEN`. Support staff and order handlers see what they need of a user through
support issues and orders, not here. The rule, per role: docs/security.md.
"""
type User implements Node {
  id: ID!
  "The address as registered, after Unicode NFKC normalisation (case kept)."
  email: EmailAddress!
  "A new address asked for with `changeEmail`, until it is confirmed (null when none is pending)."
  pendingEmail: EmailAddress
  "Whether the email address has been confirmed."
  emailConfirmed: Boolean!
  "The account's roles; always includes `USER`."
  roles: [Role!]!
  "For chain representatives: the chain they manage."
  representedChain: RetailChain
  "Whether an administrator disabled the account."
  disabled: Boolean!
  createdAt: DateTime!
  profile: Profile!
  """
  Daily targets from the profile (Mifflin–St Jeor × activity, adjusted by goal), with the user's own
  targets (`Profile.customTargets`) over them; null until sex, birth date, height and weight are set
  (custom targets are kept meanwhile, and apply from then on).
  """
  nutritionTargets: NutritionTargets
  "Body-mass index from height and weight; null until both are set."
  bmi: BodyMassIndex
  "Your sessions, most recently used first. Owner only (administrators end them by disabling the account)."
  sessions(first: Int, after: String, last: Int, before: String): SessionConnection!
  "The Google and Facebook identities that sign in to this account, oldest link first. Owner only."
  linkedProviders: [LinkedProvider!]!
}

"Who vouches for a person signing in without a password."
enum IdentityProvider {
  GOOGLE
  "Facebook Limited Login (its tokens are OpenID Connect ID tokens)."
  FACEBOOK
}

"A provider identity linked to an account."
type LinkedProvider {
  provider: IdentityProvider!
  "The address the provider shared when it was linked, if any."
  email: String
  linkedAt: DateTime!
}

input SignInWithProviderInput {
  provider: IdentityProvider!
  "The provider's OpenID Connect ID token (a JWT), at most 8192 characters."
  idToken: String!
  "The nonce from `providerSignInNonce` that the token was requested with (16 to 128 characters)."
  nonce: String!
}

input UnlinkProviderInput {
  provider: IdentityProvider!
}

type ProviderSignInNoncePayload {
  "Give this to the provider as the ID token's nonce. Single use."
  nonce: String!
  expiresAt: DateTime!
}

type LinkProviderPayload {
  user: User
  userErrors: [UserError!]!
}

type UnlinkProviderPayload {
  user: User
  userErrors: [UserError!]!
}

type UserConnection {
  edges: [UserEdge!]!
  pageInfo: PageInfo!
  totalCount: Int!
}

type UserEdge {
  cursor: String!
  node: User!
}

"A signed-in session."
type Session implements Node {
  id: ID!
  createdAt: DateTime!
  "When the session was last used, to the minute: a use within a minute of the last one is not recorded."
  lastUsedAt: DateTime!
  "When the session ends unless it is used again: each use moves this to the idle timeout from now (30 days by default), but never past the maximum lifetime after sign-in (365 days by default)."
  expiresAt: DateTime!
  "The client's User-Agent when the session was created."
  userAgent: String
  "Whether this is the session making the request."
  current: Boolean!
}

type SessionConnection {
  edges: [SessionEdge!]!
  pageInfo: PageInfo!
}

type SessionEdge {
  cursor: String!
  node: Session!
}

enum Gender {
  FEMALE
  MALE
  "Calorie targets use the mean of the female and male formulas."
  OTHER
}

enum ActivityLevel {
  "Little or no exercise (×1.2)."
  SEDENTARY
  "Light exercise 1–3 days a week (×1.375)."
  LIGHT
  "Moderate exercise 3–5 days a week (×1.55)."
  MODERATE
  "Hard exercise 6–7 days a week (×1.725)."
  ACTIVE
  "Very hard exercise or a physical job (×1.9)."
  VERY_ACTIVE
}

enum WeightGoal {
  LOSE
  HOLD
  GAIN
}

enum DietType {
  ORDINARY
  VEGETARIAN
  VEGAN
  "Separate nutrition (food combining)."
  SEPARATE
  RAW
  LOW_CARB
  LOW_FAT
  MONO
}

enum UnitSystem {
  METRIC
  IMPERIAL
  "Canadian mix: body height in feet and inches and weight in pounds, food in grams and millilitres."
  CANADIAN
}

"A user's personal data and preferences. Visible to its owner and administrators only."
type Profile {
  displayName: String
  "Unique, case-insensitive; friends find each other by it."
  username: String
  """
  Path of the avatar image on this server, or null for the default avatar: an uploaded image at
  `/images/<token>` (an unguessable token, new with each upload, so the address is known only to
  whom the profile is visible), or a gallery avatar at `/images/gallery-<name>`. Served with the
  type its decoder found and `X-Content-Type-Options: nosniff`.
  """
  avatarUrl: String
  "The gallery avatar picked, if the avatar is one (`chooseGalleryAvatar`)."
  galleryAvatar: GalleryAvatar
  gender: Gender
  birthDate: Date
  "Age in whole years today, in the user's time zone."
  age: Int
  heightCm: Float
  weightKg: Float
  "Height and weight in the user's unit system, e.g. `5 ft 7 in`, `154 lb`."
  heightDisplay: String
  weightDisplay: String
  activityLevel: ActivityLevel!
  goal: WeightGoal!
  "Intended change per week when losing or gaining, in kilograms (0–1)."
  goalRateKgPerWeek: Float!
  dietType: DietType!
  restrictions: DietaryRestrictions!
  unitSystem: UnitSystem!
  "IANA time zone, e.g. `America/Toronto`; the diary's day turns at local midnight."
  timeZone: String!
  "ISO 4217 code of the user's currency."
  currency: String!
  "Weekly food budget (at least 60), in its own currency: a preset's, or the profile's when a custom amount was set."
  weeklyBudget: Money
  location: GeoPoint
  accessibleRadiusKm: Float
  preferredStores: [Store!]!
  ignoredStores: [Store!]!
  shippingAddress: Address
  notifications: NotificationSettings!
  "A North American phone number in Scan&Cook's format, `AAA-EEE-NNNN`, with ` XXXXX` for an extension."
  phone: String
  "The unit weights are shown in (`weightDisplay`, `WeightEntry.weightDisplay`); null follows `unitSystem` (kilograms for metric, pounds otherwise)."
  weightUnit: WeightUnit
  "The language of your emails and messages, a BCP 47 tag from `supportedLocales` (`en` by default)."
  locale: String!
  "The daily targets you set yourself (null where computed): they override `User.nutritionTargets`."
  customTargets: CustomTargets!
}

"How weights are written."
enum WeightUnit {
  "`70.2 kg`"
  KILOGRAMS
  "`155 lb`"
  POUNDS
  "Stones and pounds, 14 pounds to the stone: `11 st 1 lb`."
  STONES_POUNDS
}

"A daily target a user may set themself."
enum TargetNutrient {
  ENERGY_KCAL
  PROTEIN_G
  CARBOHYDRATES_G
  FAT_G
}

"Daily targets the user set (NutriBud: \"as documented by the user\"); null where the computed target applies."
type CustomTargets {
  energyKcal: Float
  proteinG: Float
  carbohydratesG: Float
  fatG: Float
}

type DietaryRestrictions {
  allergies: [String!]!
  illnesses: [String!]!
  pregnant: Boolean!
  dislikedFoods: [String!]!
}

type Address {
  recipient: String
  line1: String!
  line2: String
  city: String!
  region: String!
  postalCode: String!
  "ISO 3166-1 alpha-2 code."
  country: String!
  phone: String
}

"Which notifications the user wants. Every kind is on by default."
type NotificationSettings {
  expiringFood: Boolean!
  budgetExceeded: Boolean!
  cheaperAlternative: Boolean!
  orderStatus: Boolean!
  friendRequests: Boolean!
  upcomingRecurringOrder: Boolean!
  scanReady: Boolean!
  groupInvitations: Boolean!
  supportIssueAnswered: Boolean!
}

"""
Daily intake targets: computed from the profile, with the user's own targets (`Profile.customTargets`)
over them. A user-set energy target moves the protein, fat, carbohydrate, fibre and sugar targets
with it, unless those are set too.
"""
type NutritionTargets {
  "Basal metabolic rate (Mifflin–St Jeor), kcal."
  basalMetabolicRateKcal: Float!
  "Energy burned per day at the activity level, kcal."
  maintenanceKcal: Float!
  "Daily calorie target after the goal adjustment, never below a safe floor, kcal."
  energyKcal: Float!
  proteinG: Float!
  fatG: Float!
  carbohydratesG: Float!
  fibreG: Float!
  "Upper limit, g."
  sugarsG: Float!
  "Upper limit, mg."
  sodiumMg: Float!
  "The targets the user set (the others are computed)."
  userSet: [TargetNutrient!]!
}

type BodyMassIndex {
  value: Float!
  category: BmiCategory!
}

enum BmiCategory {
  UNDERWEIGHT
  NORMAL
  OVERWEIGHT
  OBESE
}

input RegisterInput {
  """
  The address, 6–256 characters shaped like `name@domain.tld`, without control or invisible
  characters. It is stored after Unicode NFKC normalisation, and an account's address is unique
  case-insensitively: `josé@…` typed with a combining accent and precomposed, fullwidth `ｗ` and
  `w`, `Ana@Example.com` and `ana@example.com` are one address.
  """
  email: String!
  "8–25 characters with an uppercase letter, a lowercase letter, a digit and a special character."
  password: String!
  "At most 100 characters, without control characters."
  displayName: String
  """
  The version of the terms of service the user accepted in the app: the current one
  (`policyDocuments`), recorded with the time (`User.consents`); another version is refused with
  `INVALID_STATE`. Left out, nothing is recorded and the account has it in `pendingConsents`.
  """
  termsOfServiceVersion: String
  "The version of the privacy policy the user accepted, as `termsOfServiceVersion`."
  privacyPolicyVersion: String
}

type RegisterPayload {
  user: User
  userErrors: [UserError!]!
}

input ConfirmEmailInput {
  token: String!
}

type ConfirmEmailPayload {
  user: User
  userErrors: [UserError!]!
}

type ResendConfirmationEmailPayload {
  "True when an email was queued (false when the address is already confirmed)."
  sent: Boolean!
}

input LoginInput {
  "The address registered, in any of its forms (normalised as in `RegisterInput.email`)."
  email: String!
  password: String!
}

type LoginPayload {
  "The bearer token. Shown once; the server keeps only its hash."
  token: String
  session: Session
  user: User
  userErrors: [UserError!]!
}

type LogoutPayload {
  "Whether a session was ended."
  success: Boolean!
}

"Exactly one of the fields."
input RevokeSessionsInput @oneOf {
  sessionId: ID
  allOthers: Boolean
}

type RevokeSessionsPayload {
  revokedCount: Int!
  userErrors: [UserError!]!
}

input RequestPasswordResetInput {
  email: String!
}

type RequestPasswordResetPayload {
  "Always true; the email goes out only when the address has an account."
  accepted: Boolean!
}

input ResetPasswordInput {
  token: String!
  newPassword: String!
}

type ResetPasswordPayload {
  success: Boolean!
  userErrors: [UserError!]!
}

input ChangeEmailInput {
  "The new address, as `RegisterInput.email` (normalised, 6–256 characters); one another account has is refused with `TAKEN`."
  newEmail: String!
  "Your password (at most 100 characters)."
  currentPassword: String!
}

type ChangeEmailPayload {
  user: User
  userErrors: [UserError!]!
}

input ChangePasswordInput {
  currentPassword: String!
  newPassword: String!
}

type ChangePasswordPayload {
  success: Boolean!
  userErrors: [UserError!]!
}

input AddressInput {
  recipient: String
  line1: String!
  line2: String
  city: String!
  region: String!
  postalCode: String!
  country: String!
  phone: String
}

input DietaryRestrictionsInput {
  allergies: [String!]
  illnesses: [String!]
  pregnant: Boolean
  dislikedFoods: [String!]
}

input NotificationSettingsInput {
  expiringFood: Boolean
  budgetExceeded: Boolean
  cheaperAlternative: Boolean
  orderStatus: Boolean
  friendRequests: Boolean
  upcomingRecurringOrder: Boolean
  scanReady: Boolean
  groupInvitations: Boolean
  supportIssueAnswered: Boolean
}

input GeoPointInput {
  latitude: Float!
  longitude: Float!
}

"A weekly budget: one of the presets, or a custom amount of at least 60."
input WeeklyBudgetInput @oneOf {
  "An amount in the preset's own currency, whatever the profile's."
  preset: BudgetPreset
  "An amount in the profile's currency (the one this update sets, if it sets one)."
  customAmount: Decimal
}

"Weekly budget presets: amounts in US dollars."
enum BudgetPreset {
  USD_75
  USD_100
  USD_125
  USD_150
}

"Fields left out stay as they are; fields set to null are cleared where the profile allows it."
input UpdateProfileInput {
  displayName: String
  username: String
  gender: Gender
  birthDate: Date
  heightCm: Float
  weightKg: Float
  activityLevel: ActivityLevel
  goal: WeightGoal
  goalRateKgPerWeek: Float
  dietType: DietType
  restrictions: DietaryRestrictionsInput
  unitSystem: UnitSystem
  timeZone: String
  "An ISO 4217 code of a circulating currency, e.g. `CAD`."
  currency: String
  weeklyBudget: WeeklyBudgetInput
  location: GeoPointInput
  accessibleRadiusKm: Float
  shippingAddress: AddressInput
  notifications: NotificationSettingsInput
  """
  A North American phone number (Scan&Cook's `AAA-EEE-NNNN XXXXX`): typed forms such as
  `(905) 555-0100`, `+1 905.555.0100` or `905 555 0100 ext 12` are accepted (at most 40
  characters) and stored as `905-555-0100 12`; the area code and exchange start with 2–9, an
  extension has 1–5 digits. Null clears it.
  """
  phone: String
  "Null follows the unit system."
  weightUnit: WeightUnit
  "A tag from `supportedLocales`; cannot be cleared."
  locale: String
  "Your own daily targets: a field given sets it, a field given as null clears it (the computed target applies again); null clears them all."
  customTargets: CustomTargetsInput
}

input CustomTargetsInput {
  "Kilocalories, 800–6000."
  energyKcal: Float
  "Grams, 10–500."
  proteinG: Float
  "Grams, 10–1000."
  carbohydratesG: Float
  "Grams, 10–400."
  fatG: Float
}

type UpdateProfilePayload {
  user: User
  userErrors: [UserError!]!
}

"A built-in avatar: a fruit or vegetable on a coloured ground, 200×200 PNG."
type GalleryAvatar {
  "Its name, e.g. `apple`: what `chooseGalleryAvatar` takes."
  name: String!
  "Path of its image on this server, `/images/gallery-<name>`."
  url: String!
}

input ChooseGalleryAvatarInput {
  "A name from `avatarGallery`; another is refused with `NOT_FOUND`."
  name: String!
}

type ChooseGalleryAvatarPayload {
  user: User
  userErrors: [UserError!]!
}

type DeleteAvatarPayload {
  user: User
  userErrors: [UserError!]!
}

input UploadAvatarInput {
  "The image file's bytes: PNG, JPEG or WebP, 200×200 pixels, at most 2 MB decoded."
  image: Base64!
}

type UploadAvatarPayload {
  user: User
  userErrors: [UserError!]!
}

enum StorePreference {
  PREFERRED
  IGNORED
}

input SetStorePreferenceInput {
  storeId: ID!
  "Null clears the mark."
  preference: StorePreference
}

type SetStorePreferencePayload {
  user: User
  userErrors: [UserError!]!
}

input GrantRoleInput {
  userId: ID!
  role: Role!
  "Required for `CHAIN_REPRESENTATIVE`: the chain they will manage."
  chainId: ID
}

type GrantRolePayload {
  user: User
  userErrors: [UserError!]!
}

input RevokeRoleInput {
  userId: ID!
  role: Role!
}

type RevokeRolePayload {
  user: User
  userErrors: [UserError!]!
}

input SetAccountDisabledInput {
  userId: ID!
  disabled: Boolean!
}

type SetAccountDisabledPayload {
  user: User
  userErrors: [UserError!]!
}
"""#
}
