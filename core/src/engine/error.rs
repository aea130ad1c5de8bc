//! Errors a caller can meet. None of them ever leaves a state half-changed.

use std::borrow::Cow;
use thiserror::Error;

/// An action the rules do not allow. `rule` is the rulebook section ("7.2"), or for a
/// house ruling the brief's ruling id ("H-XFER").
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not allowed by rule {rule}: {message}")]
pub struct RuleError {
    pub rule: Cow<'static, str>,
    pub message: String,
}

impl RuleError {
    pub fn new(rule: impl Into<Cow<'static, str>>, message: impl Into<String>) -> Self {
        RuleError {
            rule: rule.into(),
            message: message.into(),
        }
    }
}

/// Text that is not valid notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("notation: {0}")]
pub struct NotationError(pub String);

impl NotationError {
    pub fn new(msg: impl Into<String>) -> Self {
        NotationError(msg.into())
    }
}
