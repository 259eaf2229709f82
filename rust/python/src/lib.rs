//! placeholder until bindings land
