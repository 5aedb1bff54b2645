//! Numbers in words a person reads: a leaf module, so any part of the model (the spec's
//! cost figures, the log's sentences) can use it without depending on the others.

/// 1234567 -> "1,234,567".
pub fn fmt_n(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
