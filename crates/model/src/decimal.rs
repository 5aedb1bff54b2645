//! Decimal text for numbers, by integer arithmetic: what `format!("{v:.2}")`, `{v}` and
//! `str::parse::<f64>` do for the values the model and the lab show or read (times,
//! coordinates, knob values, rates), without core's general float formatting and parsing
//! (Grisu, Dragon, big numbers, Eisel-Lemire: about 17 KB of wasm the lab's first download
//! would otherwise carry). The tests hold each to the standard library's result.

/// `v` with `places` decimals (at most 3), as `format!("{v:.places$}")` writes it: the
/// exact value rounded half to even, a minus sign on any negative value (`-0.0`).
pub fn fixed(v: f64, places: u32) -> String {
    assert!(places <= 3, "fixed: at most 3 decimals");
    let sign = if v.is_sign_negative() { "-" } else { "" };
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return format!("{sign}inf");
    }
    let scale = 10u64.pow(places);
    let n = scaled_round(v.abs(), scale);
    if places == 0 {
        return format!("{sign}{n}");
    }
    let width = places as usize;
    format!("{sign}{}.{:0width$}", n / scale, n % scale)
}

/// `v` × `scale` (at most 1000) rounded to an integer, half to even, computed exactly from
/// the float's bits (a float multiplication would round first and could make false ties).
fn scaled_round(v: f64, scale: u64) -> u64 {
    let bits = v.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1 << 52) - 1);
    let (mantissa, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | 1 << 52, exp - 1075)
    };
    // mantissa < 2^53 and scale <= 2^10: no overflow.
    let n = mantissa * scale;
    if e >= 0 {
        return if e as u32 >= n.leading_zeros() {
            u64::MAX
        } else {
            n << e
        };
    }
    let shift = e.unsigned_abs();
    if shift >= 64 {
        return 0; // n < 2^63, so v × scale < 1/2.
    }
    let whole = n >> shift;
    let rest = n & ((1 << shift) - 1);
    let half = 1 << (shift - 1);
    if rest > half || (rest == half && whole & 1 == 1) {
        whole + 1
    } else {
        whole
    }
}

/// `v` as `format!("{v}")` writes it (the shortest decimal that reads back as `v`) for
/// whole numbers and for numbers with up to six decimals; others get six decimals at most
/// (none from 10^12 on).
pub fn plain(v: f64) -> String {
    let sign = if v.is_sign_negative() { "-" } else { "" };
    if v.is_finite() && v.fract() == 0.0 && v.abs() < 1e18 {
        return format!("{sign}{}", v.abs() as u64);
    }
    if !v.is_finite() || v.abs() >= 1e12 {
        return fixed(v, 0);
    }
    let a = v.abs();
    let scaled = |places: u32| (a * 10u64.pow(places) as f64).round() as u64;
    // The fewest decimals that read back as `a`, else six.
    let places = (1..=6u32)
        .find(|&places| exact(scaled(places), places) == Some(a))
        .unwrap_or(6);
    let scale = 10u64.pow(places);
    let n = scaled(places);
    let digits = format!("{:0width$}", n % scale, width = places as usize);
    match digits.trim_end_matches('0') {
        "" => format!("{sign}{}", n / scale),
        digits => format!("{sign}{}.{digits}", n / scale),
    }
}

/// `v` kept within `[lo, hi]` (`lo` if `v` is NaN): `f64::clamp` without its panic, whose
/// message would bring core's float formatting back into a page that uses this module.
pub fn within(v: f64, lo: f64, hi: f64) -> f64 {
    v.max(lo).min(hi)
}

/// Powers of ten a double holds exactly.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// `n` / 10^`places` correctly rounded, when both are exact doubles (one division of two
/// exact numbers rounds once: Clinger's fast path).
fn exact(n: u64, places: u32) -> Option<f64> {
    (n < 1 << 53 && places < 23).then(|| n as f64 / POW10[places as usize])
}

/// A number in the form `str::parse::<f64>` accepts: an optional sign, digits with an
/// optional point (at least one digit), an optional exponent (`e`/`E`, optional sign,
/// digits), or `inf`, `infinity`, `nan` in any case. No spaces. Exactly the standard
/// library's value when the digits (leading zeros aside) number at most 15 and the
/// decimal exponent stays within ±22; otherwise within a few units in the last place.
pub fn parse(s: &str) -> Option<f64> {
    let (negative, body) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let value = parse_unsigned(body)?;
    Some(if negative { -value } else { value })
}

fn parse_unsigned(s: &str) -> Option<f64> {
    for (word, value) in [
        ("inf", f64::INFINITY),
        ("infinity", f64::INFINITY),
        ("nan", f64::NAN),
    ] {
        if s.eq_ignore_ascii_case(word) {
            return Some(value);
        }
    }
    let (number, exponent) = match s.find(['e', 'E']) {
        Some(at) => (&s[..at], Some(&s[at + 1..])),
        None => (s, None),
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = whole.bytes().chain(fraction.bytes());
    if whole.len() + fraction.len() == 0 || !digits.clone().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut exp10 = match exponent {
        None => 0i64,
        Some(e) => {
            let unsigned = e.strip_prefix(['+', '-']).unwrap_or(e);
            if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            // Saturates: any exponent this large makes 0 or infinity anyway.
            let n = unsigned
                .bytes()
                .fold(0i64, |n, b| (n * 10 + i64::from(b - b'0')).min(100_000));
            if e.starts_with('-') {
                -n
            } else {
                n
            }
        }
    };
    exp10 -= fraction.len() as i64;
    // The first 19 significant digits; the rest only move the exponent.
    let mut mantissa = 0u64;
    let mut kept = 0;
    for b in digits {
        if kept < 19 {
            mantissa = mantissa * 10 + u64::from(b - b'0');
            if mantissa > 0 {
                kept += 1;
            }
        } else {
            exp10 += 1;
        }
    }
    if mantissa == 0 {
        return Some(0.0);
    }
    while mantissa.is_multiple_of(10) {
        mantissa /= 10;
        exp10 += 1;
    }
    if mantissa < 1 << 53 && exp10.abs() <= 22 {
        let p = POW10[exp10.unsigned_abs() as usize];
        return Some(if exp10 < 0 {
            mantissa as f64 / p
        } else {
            mantissa as f64 * p
        });
    }
    let exp10 = exp10.clamp(-400, 400) as i32;
    Some(mantissa as f64 * 10f64.powi(exp10))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn fixed_rounds_the_exact_value_half_to_even_as_format_does() {
        for (v, places) in [
            (0.25, 1),
            (0.35, 1),
            (1.05, 1),
            (2.5, 0),
            (3.5, 0),
            (-0.04, 1),
            (-0.0, 2),
            (1234.5678, 3),
            (5e-324, 3),
            (0.0005, 3),
            (0.0015, 3),
            (12.0, 0),
        ] {
            assert_eq!(fixed(v, places), format!("{v:.*}", places as usize), "{v}");
        }
        assert_eq!(fixed(f64::NAN, 1), "NaN");
        assert_eq!(fixed(f64::NEG_INFINITY, 1), "-inf");
    }

    #[test]
    fn plain_writes_whole_and_short_decimals_as_display_does() {
        for v in [
            0.0, -0.0, 40.0, -3.0, 0.1, 0.3, 12.5, 1e15, 0.000001, 123.456, 1e17,
        ] {
            assert_eq!(plain(v), format!("{v}"), "{v}");
        }
        assert_eq!(plain(1.0 / 3.0), "0.333333");
    }

    #[test]
    fn parse_takes_what_the_standard_parser_takes() {
        for s in [
            "0",
            "12",
            "12.5",
            "-0.125",
            "+7",
            ".5",
            "5.",
            "1e3",
            "1E-2",
            "2.5e+1",
            "inf",
            "-Infinity",
            "007",
            "0.000",
            "1e400",
            "1e-400",
            "0.43101e-16",
            "25000e-25",
        ] {
            assert_eq!(parse(s), s.parse::<f64>().ok(), "{s}");
        }
        // Beyond 15 digits: close, not always the nearest double.
        let long = "123456789012345678901234";
        let (mine, std) = (parse(long).unwrap(), long.parse::<f64>().unwrap());
        assert!(((mine - std) / std).abs() < 1e-15, "{mine} {std}");
        assert!(parse("NaN").unwrap().is_nan());
        for s in [
            "", "-", ".", "e3", "1e", "1e+", "1.2.3", " 1", "1 ", "0x10", "1_000", "abc",
        ] {
            assert_eq!(parse(s), None, "{s:?}");
            assert!(s.parse::<f64>().is_err(), "{s:?}");
        }
    }

    proptest! {
        #[test]
        fn fixed_matches_format(v in -1e9f64..1e9, places in 0u32..=3) {
            prop_assert_eq!(fixed(v, places), format!("{v:.*}", places as usize));
        }

        #[test]
        fn fixed_matches_format_on_ties(n in -100_000i64..100_000, places in 0u32..=3) {
            // Halves, quarters and eighths: exact ties at some precision.
            let v = n as f64 / 8.0;
            prop_assert_eq!(fixed(v, places), format!("{v:.*}", places as usize));
        }

        #[test]
        fn plain_matches_display_up_to_six_decimals(n in -1_000_000_000i64..1_000_000_000, places in 0u32..=6) {
            let v = n as f64 / 10f64.powi(places as i32);
            prop_assert_eq!(plain(v), format!("{v}"));
        }

        #[test]
        fn parse_matches_the_standard_parser(
            whole in "[0-9]{0,8}", fraction in proptest::option::of("[0-9]{0,7}"),
            exp in proptest::option::of(-15i32..15), negative in any::<bool>(),
        ) {
            let mut s = String::from(if negative { "-" } else { "" });
            s.push_str(&whole);
            if let Some(f) = &fraction {
                s.push('.');
                s.push_str(f);
            }
            if let Some(e) = exp {
                s.push_str(&format!("e{e}"));
            }
            prop_assert_eq!(parse(&s), s.parse::<f64>().ok(), "{}", s);
        }
    }
}
