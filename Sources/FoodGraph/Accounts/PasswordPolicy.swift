/// What a password must be: 8 to 25 characters with an upper-case letter, a lower-case letter, a
/// digit and a special character. Every rule broken is reported, so the form can show them all.
enum PasswordPolicy {
    static func problems(_ password: String, field: String = "password") -> [UserError] {
        var errors: [UserError] = []
        if password.count < 8 { errors.append(UserError(field, "Use at least 8 characters.", code: .tooShort)) }
        if password.count > 25 { errors.append(UserError(field, "Use at most 25 characters.", code: .tooLong)) }
        if !password.contains(where: \.isUppercase) {
            errors.append(UserError(field, "Add an upper-case letter.", code: .passwordNeedsUppercase))
        }
        if !password.contains(where: \.isLowercase) {
            errors.append(UserError(field, "Add a lower-case letter.", code: .passwordNeedsLowercase))
        }
        if !password.contains(where: \.isNumber) { errors.append(UserError(field, "Add a digit.", code: .passwordNeedsDigit)) }
        if !password.contains(where: { !$0.isLetter && !$0.isNumber && !$0.isWhitespace }) {
            errors.append(UserError(field, "Add a special character such as ! or -.", code: .passwordNeedsSpecialCharacter))
        }
        return errors
    }
}
