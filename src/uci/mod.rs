//! The UCI loop (built by the search work).

pub fn run() {}
