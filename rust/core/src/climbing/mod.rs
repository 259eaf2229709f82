//! The climbing (shedding) games engine: one combination engine parameterised by a ruleset.
