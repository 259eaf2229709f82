//! Errors of the core. Each carries enough context for a clear message; the bindings map them
//! onto the Python exception hierarchy rooted at `cardavia.CardaviaError`.

use std::fmt;

/// A card token that could not be read, with its 0-based position in the input text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardError {
    pub token: String,
    pub position: usize,
    pub reason: String,
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid card {:?} at position {}: {}",
            self.token, self.position, self.reason
        )
    }
}

impl std::error::Error for CardError {}

/// Every error the core reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Bad card text.
    Card(CardError),
    /// A request that cannot be met as asked (wrong card count, duplicate cards, impossible deal...).
    Invalid(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Card(e) => e.fmt(f),
            Error::Invalid(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for Error {}

impl From<CardError> for Error {
    fn from(e: CardError) -> Self {
        Error::Card(e)
    }
}

/// Shorthand for building an [`Error::Invalid`].
pub fn invalid(msg: impl Into<String>) -> Error {
    Error::Invalid(msg.into())
}

/// Why an action is illegal: the rule id that forbids it and a readable explanation. Every
/// engine's `can_*` / `do_*` pair reports this (climbing tables, trick-taking states).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleViolation {
    /// The rule id, exactly as the rules file numbers it (`"DDZ-6.2"`, `"BR-4.5"`).
    pub rule: &'static str,
    pub message: String,
}

impl RuleViolation {
    /// A violation of `rule` explained by `message`.
    pub fn new(rule: &'static str, message: impl Into<String>) -> RuleViolation {
        RuleViolation {
            rule,
            message: message.into(),
        }
    }
}

impl fmt::Display for RuleViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.rule)
    }
}

impl std::error::Error for RuleViolation {}
