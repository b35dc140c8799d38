import GraphQLEngine

/// The food diary and weight log: the `User` fields that read them, their types, and the six
/// mutations that write them.
enum DiaryArea: Area {
    static var jobs: [PeriodicJob] { [DiaryRetention.job] }

    static func bind(_ binder: inout SchemaBinder) {
        binder.enumeration(Meal.self)
        binder.enumeration(DiaryEntrySource.self)
        binder.enumeration(DiaryQuantityUnit.self)
        binder.enumeration(NutrientKey.self)
        binder.enumeration(TimelineGranularity.self)
        bindUser(&binder)
        bindEntries(&binder)
        bindDays(&binder)
        bindWeights(&binder)
        bindTimelines(&binder)
        bindMutations(&binder)
    }

    /// What a `diaryDay` field's selection reads, worked out once per document.
    private struct DaySelection: Sendable {
        let readsProfile: Bool
        let nutrients: DiaryNutrientColumns

        init(_ info: ResolveInfo) {
            readsProfile = !info.selectedFieldNames().isDisjoint(with: DiaryCalendar.fieldsReadingProfile)
            nutrients = .needed(by: info)
        }
    }

    /// The fields `extend type User` adds: whom `PersonalDataPolicy` lets see a user's health data
    /// (the owner and administrators).
    private static func bindUser(_ binder: inout SchemaBinder) {
        binder.object(UserRecord.self) { user in
            user.field(.diaryDay, arguments: DiaryDayArguments.self) { user, arguments, context, info in
                let selection = info.derivedFromSelection(DaySelection.init)
                return DiaryCalendar.day(
                    of: user.id, date: arguments.date, readingProfile: selection.readsProfile, nutrients: selection.nutrients,
                    context)
            }
            user.field(.diaryEntries, arguments: DiaryEntriesArguments.self) { user, arguments, context in
                let page = try Page(arguments.page)
                return Resolved<Connection<DiaryEntryRecord>>(unchecked: context.diary.entryPages(page, from: arguments.from, to: arguments.to).load(user.id))
            }
            user.field(.weightEntries, arguments: WeightEntriesArguments.self) { user, arguments, context in
                let page = try Page(arguments.page)
                return Resolved<Connection<WeightEntryRecord>>(unchecked: context.diary.weightPages(page, from: arguments.from, to: arguments.to).load(user.id))
            }
            user.field(.nutritionTimeline, arguments: Timelines.Range.self) { user, range, context in
                return Resolved<[NutritionPeriod]>(unchecked: context.diary.nutritionTimelines(range).load(user.id))
            }
            user.field(.weightTimeline, arguments: Timelines.Range.self) { user, range, context in
                return Resolved<[WeightPeriod]>(unchecked: context.diary.weightTimelines(range).load(user.id))
            }
        }
    }

    private static func bindEntries(_ binder: inout SchemaBinder) {
        binder.object(DiaryEntryRecord.self) { entry in
            entry.field("id") { $0.globalID }
            entry.field("date") { $0.date }
            entry.field("meal") { $0.meal }
            entry.field("product", resolve: { entry, context -> Resolved<ProductRecord?> in
                guard let productID = entry.productID else { return .null }
                return Resolved(unchecked: context.catalog.products.load(productID))
            })
            entry.field("foodName") { $0.foodName }
            entry.field("quantity") { $0.quantity }
            entry.field("unit") { $0.unit }
            entry.field("grams") { $0.grams }
            entry.field("source") { $0.source }
            entry.field("nutrition") { $0.nutrition }
            entry.field("overriddenNutrients") { $0.overriddenNutrients }
            entry.field("createdAt") { $0.createdAt }
        }
        binder.connection(of: DiaryEntryRecord.self)
        // node(id:): as the owner's diary (PersonalDataPolicy: the owner and administrators).
        binder.node(DiaryEntryRecord.self) { key, context in
            guard context.viewer != nil else { return .null }
            return Resolved<DiaryEntryRecord?>(unchecked: context.diary.entries.load(key)).map { entry in
                guard let entry, PersonalDataPolicy.allows(.health, ofUser: entry.userID, context) else { return nil }
                return entry
            }
        }
    }

    private static func bindDays(_ binder: inout SchemaBinder) {
        binder.object(DiaryDay.self) { day in
            day.field("date") { $0.date }
            day.field("isToday", resolve: { day, context in
                if let isToday = day.isToday { return .value(isToday) }
                return context.accounts.withProfile(of: day.userID) { .value(DiaryCalendar.today($0) == day.date) }
            })
            day.field("meals") { $0.meals }
            day.field("totals") { $0.totals }
            day.field("targets", resolve: { day, context in
                context.accounts.withProfile(of: day.userID) { Resolved<NutritionTargets?>($0?.targets) }
            })
            day.field("remaining", resolve: { day, context in
                context.accounts.withProfile(of: day.userID) { Resolved<NutrientBalance?>($0?.targets.map(day.remaining(against:))) }
            })
            day.field("macroSplit") { $0.macroSplit }
        }
        binder.object(MealSummary.self) { meal in
            meal.field("meal") { $0.meal }
            meal.field("entries") { $0.entries }
            meal.field("totals") { $0.totals }
        }
        binder.object(NutrientBalance.self) { balance in
            balance.field("energyKcal") { $0.energyKcal }
            balance.field("proteinG") { $0.proteinG }
            balance.field("fatG") { $0.fatG }
            balance.field("carbohydratesG") { $0.carbohydratesG }
        }
        binder.object(MacroSplit.self) { split in
            split.field("proteinPercent") { $0.proteinPercent }
            split.field("fatPercent") { $0.fatPercent }
            split.field("carbohydratesPercent") { $0.carbohydratesPercent }
        }
    }

    private static func bindWeights(_ binder: inout SchemaBinder) {
        binder.object(WeightEntryRecord.self) { weight in
            weight.field("id") { $0.globalID }
            weight.field("date") { $0.date }
            weight.field("weightKg") { $0.weightKg }
            // As the owner reads weights (their weight unit, or their unit system's).
            weight.field("weightDisplay", resolve: { entry, context in
                context.accounts.withProfile(of: entry.userID) {
                    Resolved($0?.weightDisplay(kilograms: entry.weightKg) ?? entry.display(unitSystem: "metric"))
                }
            })
        }
        binder.connection(of: WeightEntryRecord.self)
        // node(id:): as the owner's weights (PersonalDataPolicy: the owner and administrators).
        binder.node(WeightEntryRecord.self) { key, context in
            guard context.viewer != nil else { return .null }
            return Resolved<WeightEntryRecord?>(unchecked: context.diary.weights.load(key)).map { entry in
                guard let entry, PersonalDataPolicy.allows(.health, ofUser: entry.userID, context) else { return nil }
                return entry
            }
        }
    }

    private static func bindTimelines(_ binder: inout SchemaBinder) {
        binder.object(NutritionPeriod.self) { period in
            period.field("start") { $0.start }
            period.field("end") { $0.end }
            period.field("entryCount") { $0.entryCount }
            period.field("totals") { $0.totals }
        }
        binder.object(WeightPeriod.self) { period in
            period.field("start") { $0.start }
            period.field("end") { $0.end }
            period.field("weightKg") { $0.weightKg }
        }
    }

    private static func bindMutations(_ binder: inout SchemaBinder) {
        binder.mutation("addDiaryEntry", input: AddDiaryEntryInput.self, access: .signedIn, DiaryEntryMutations.add)
        binder.mutation("updateDiaryEntry", input: UpdateDiaryEntryInput.self, access: .signedIn, DiaryEntryMutations.update)
        binder.mutation("logDiaryEntryAgain", input: LogDiaryEntryAgainInput.self, access: .signedIn, DiaryEntryMutations.logAgain)
        binder.mutation("deleteDiaryEntry", input: DeleteDiaryEntryInput.self, access: .signedIn, DiaryEntryMutations.delete)
        binder.mutation("logWeight", input: LogWeightInput.self, access: .signedIn, WeightMutations.log)
        binder.mutation("deleteWeightEntry", input: DeleteWeightEntryInput.self, access: .signedIn, WeightMutations.delete)
        binder.object(DiaryEntryPayload.self) { payload in
            payload.field("entry") { $0.entry }
            payload.field("day") { $0.day }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(DeleteDiaryEntryPayload.self) { payload in
            payload.field("deletedEntryId") { $0.deletedEntryId }
            payload.field("day") { $0.day }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(WeightEntryPayload.self) { payload in
            payload.field("entry") { $0.entry }
            payload.field("user") { $0.user }
            payload.field("userErrors") { $0.userErrors }
        }
        binder.object(DeleteWeightEntryPayload.self) { payload in
            payload.field("deletedEntryId") { $0.deletedEntryId }
            payload.field("userErrors") { $0.userErrors }
        }
    }
}
