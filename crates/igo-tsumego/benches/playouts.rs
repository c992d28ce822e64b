//! Local playouts per second (placeholder replaced below).
fn main() {}
