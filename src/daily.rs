//! The day's deal: the seed everyone gets for a game on a calendar day, by a fixed formula that
//! anyone can check: the 32-bit FNV-1a hash of the text `gridplay/<game>/<date>`, where `<game>`
//! is the game's route (`threes`, `2048`, `fifteen`, `mines`) and `<date>` the day as
//! `YYYY-MM-DD` (the player's own calendar day).

/// FNV-1a, 32 bits: offset basis 2166136261, prime 16777619, over the text's UTF-8 bytes.
pub fn fnv1a32(text: &str) -> u32 {
    fnv1a32_bytes(text.bytes())
}

/// FNV-1a, 32 bits, of `bytes` as they come (the day's seed; a check on kept solver tables).
pub(crate) fn fnv1a32_bytes(bytes: impl Iterator<Item = u8>) -> u32 {
    bytes.fold(2_166_136_261u32, |hash, byte| {
        (hash ^ u32::from(byte)).wrapping_mul(16_777_619)
    })
}

/// The day's seed of the game tagged `tag` on `date` (`YYYY-MM-DD`, a real calendar day from
/// the year 2000 to 9999); for a text that is not such a day, why, in words.
pub fn daily_seed(tag: &str, date: &str) -> Result<u32, String> {
    // The bytes of `gridplay/<tag>/<date>`, hashed as they come rather than written out first.
    let text = b"gridplay/"
        .iter()
        .chain(tag.as_bytes())
        .chain(b"/")
        .chain(date.as_bytes());
    if !is_calendar_day(date) {
        return Err(format!(
            "the date must be a calendar day written YYYY-MM-DD (2000 to 9999), got {}",
            crate::replay::quoted(date)
        ));
    }
    Ok(fnv1a32_bytes(text.copied()))
}

/// `YYYY-MM-DD`, with a day the month has (29 February in leap years only).
fn is_calendar_day(date: &str) -> bool {
    let bytes = date.as_bytes();
    if !date.is_ascii() || bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    // Read from the bytes, not by slicing the text: a slice's char-boundary check would bring
    // the panic message's formatting into every page's engine (about 4 KB of wasm).
    let number = |range: std::ops::Range<usize>| {
        bytes[range].iter().try_fold(0u32, |n, &b| {
            b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
        })
    };
    let (Some(year), Some(month), Some(day)) = (number(0..4), number(5..7), number(8..10)) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (2000..=9999).contains(&year) && (1..=days).contains(&day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a32_matches_the_published_test_vectors() {
        assert_eq!(fnv1a32(""), 0x811c_9dc5);
        assert_eq!(fnv1a32("a"), 0xe40c_292c);
        assert_eq!(fnv1a32("foobar"), 0xbf9c_f968);
    }

    #[test]
    fn a_seed_per_game_and_day() {
        let seed = daily_seed("2048", "2026-11-25").unwrap();
        assert_eq!(seed, fnv1a32("gridplay/2048/2026-11-25"));
        assert_ne!(daily_seed("2048", "2026-11-26"), Ok(seed), "another day");
        assert_ne!(daily_seed("threes", "2026-11-25"), Ok(seed), "another game");
        assert_eq!(
            daily_seed("2048", "2026-11-25"),
            Ok(seed),
            "the same for everyone"
        );
    }

    #[test]
    fn only_calendar_days() {
        for good in ["2000-01-01", "2024-02-29", "2026-12-31", "9999-12-31"] {
            assert!(daily_seed("threes", good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "2026-11-5",
            "2026-13-01",
            "2026-00-10",
            "2026-11-31",
            "2025-02-29",
            "1900-02-28",
            "1999-12-31",
            "2026/11/25",
            "+026-11-25",
            "2026-11-25T",
            "２026-11-25",
            "é-1é-11-2",
        ] {
            let reason = daily_seed("threes", bad).unwrap_err();
            assert!(
                reason.starts_with("the date must be a calendar day written YYYY-MM-DD"),
                "{bad}: {reason}"
            );
        }
    }
}
