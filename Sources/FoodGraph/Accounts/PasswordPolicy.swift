/// What a password must be: 8 to 128 characters with an upper-case letter, a lower-case letter
/// and a digit. Every rule broken is reported, so the form can show them all at once.
enum PasswordPolicy {
    static func problems(_ password: String, field: String = "password") -> [UserError] {
        var errors: [UserError] = []
        if password.count < 8 { errors.append(UserError(field, "Use at least 8 characters.", code: .tooShort)) }
        if password.count > 128 { errors.append(UserError(field, "Use at most 128 characters.", code: .tooLong)) }
        if !password.contains(where: \.isUppercase) {
            errors.append(UserError(field, "Add an upper-case letter.", code: .passwordNeedsUppercase))
        }
        if !password.contains(where: \.isLowercase) {
            errors.append(UserError(field, "Add a lower-case letter.", code: .passwordNeedsLowercase))
        }
        if !password.contains(where: \.isNumber) { errors.append(UserError(field, "Add a digit.", code: .passwordNeedsDigit)) }
        return errors
    }
}
