import SkaldFFI

/// The words a screen shows for an error from the core: its own message for the core's
/// typed errors (a refusal names its rule), the error as Swift prints it otherwise.
func words(_ error: Error) -> String {
    guard let skald = error as? SkaldError else { return "\(error)" }
    switch skald {
    case let .BadInput(message), let .Refused(message), let .Storage(message):
        return message
    }
}
