//! Texas Hold'em: hand evaluation (rules/holdem.md HE-2) and equity.
