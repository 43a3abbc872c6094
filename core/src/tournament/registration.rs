//! Registration as clubs and federations run it (issue 49): a limit of places with a waiting
//! list promoted first come first, a deadline in the event's time zone, and an entry fee the
//! desk marks paid. Parsed from the director's form here; stored and enforced by the services.
use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};

use super::player::FieldError;
use crate::limits::MAX_PLAYERS_PER_EVENT;
use crate::message::Message;

/// The terms as the director set them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Terms {
    /// The most players with a place at once (None: no limit).
    pub places: Option<i32>,
    /// After this moment players cannot register themselves (None: no deadline).
    pub deadline: Option<DateTime<Utc>>,
    pub fee: Option<Fee>,
}

/// An entry fee: an amount in the currency's smallest unit (cents, fen) and the currency as
/// the director writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fee {
    pub minor: i32,
    pub currency: String,
}

/// The largest fee a form takes (in whole units): a typo of extra zeros is caught.
const MAX_FEE_UNITS: i32 = 1_000_000;
const CURRENCY_MAX_CHARS: usize = 8;

impl Terms {
    /// The terms typed into the form: places (blank: no limit), the deadline as the browser's
    /// `datetime-local` sends it, read in the event's `time_zone` (blank: none), the fee as
    /// `200` or `12.50` (blank: none) and its currency.
    pub fn parse(
        places: &str,
        deadline: &str,
        fee: &str,
        currency: &str,
        time_zone: &str,
    ) -> Result<Terms, FieldError> {
        Ok(Terms {
            places: parse_places(places)?,
            deadline: parse_deadline(deadline, time_zone)?,
            fee: parse_fee(fee, currency)?,
        })
    }
}

fn parse_places(text: &str) -> Result<Option<i32>, FieldError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<i32>() {
        Ok(n) if (2..=MAX_PLAYERS_PER_EVENT as i32).contains(&n) => Ok(Some(n)),
        _ => {
            Err(FieldError(Message::new("error-places").text("text", text).number("max", MAX_PLAYERS_PER_EVENT as i64)))
        }
    }
}

fn parse_deadline(text: &str, time_zone: &str) -> Result<Option<DateTime<Utc>>, FieldError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let bad = || FieldError(Message::new("error-deadline").text("text", text));
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M"))
        .map_err(|_| bad())?;
    let zone: chrono_tz::Tz = time_zone.parse().unwrap_or(chrono_tz::UTC);
    // A moment the clocks skip (spring forward) is none; one they pass twice is the first.
    zone.from_local_datetime(&local).earliest().map(|at| Some(at.with_timezone(&Utc))).ok_or_else(bad)
}

fn parse_fee(amount: &str, currency: &str) -> Result<Option<Fee>, FieldError> {
    let amount = amount.trim();
    if amount.is_empty() {
        return Ok(None);
    }
    let bad = || FieldError(Message::new("error-fee").text("text", amount));
    let (units, cents) = match amount.replace(',', ".").split_once('.') {
        Some((units, cents)) => (units.to_string(), cents.to_string()),
        None => (amount.to_string(), String::new()),
    };
    if units.is_empty() || !units.bytes().all(|b| b.is_ascii_digit()) || cents.len() > 2 {
        return Err(bad());
    }
    if !cents.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let units: i32 = units.parse().map_err(|_| bad())?;
    if units > MAX_FEE_UNITS {
        return Err(bad());
    }
    let cents: i32 = format!("{cents:0<2}").parse().map_err(|_| bad())?;
    let currency = currency.trim();
    if currency.chars().count() > CURRENCY_MAX_CHARS || currency.chars().any(|c| c.is_control()) {
        return Err(FieldError(Message::new("error-currency").text("text", currency)));
    }
    Ok(Some(Fee { minor: units * 100 + cents, currency: currency.to_string() }))
}

/// An amount as a form and a page write it: `200` for whole units, `12.50` otherwise.
pub fn amount_text(minor: i64) -> String {
    let (units, cents) = (minor / 100, minor % 100);
    if cents == 0 { units.to_string() } else { format!("{units}.{cents:02}") }
}

/// How a new entry comes in: with a place while the places are not all taken, else on the
/// waiting list. `taken`: the entries that have a place and have not withdrawn.
pub fn has_room(places: Option<i32>, taken: usize) -> bool {
    places.is_none_or(|places| taken < places.max(0) as usize)
}

/// How many from the head of the waiting list get a place now.
pub fn to_promote(places: Option<i32>, taken: usize, waiting: usize) -> usize {
    match places {
        None => waiting,
        Some(places) => (places.max(0) as usize).saturating_sub(taken).min(waiting),
    }
}

/// What the treasurer sees: paid and owed, in count and in money.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FeeTotals {
    pub paid: usize,
    pub owed: usize,
    pub paid_minor: i64,
    pub owed_minor: i64,
}

/// The totals of `entries`, each (has paid, still owes: playing and not paid). A player who
/// paid and withdrew counts as paid: the money is in the box.
pub fn fee_totals(fee_minor: i32, entries: impl IntoIterator<Item = (bool, bool)>) -> FeeTotals {
    let mut totals = FeeTotals::default();
    for (paid, plays) in entries {
        if paid {
            totals.paid += 1;
        } else if plays {
            totals.owed += 1;
        }
    }
    totals.paid_minor = totals.paid as i64 * i64::from(fee_minor);
    totals.owed_minor = totals.owed as i64 * i64::from(fee_minor);
    totals
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_fees_and_deadlines_are_read_as_typed() {
        let terms = Terms::parse(" 40 ", "2026-12-01T18:00", "12,5", " EUR ", "Europe/Amsterdam")
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(terms.places, Some(40));
        assert_eq!(terms.deadline.map(|d| d.to_rfc3339()), Some("2026-12-01T17:00:00+00:00".into()));
        assert_eq!(terms.fee, Some(Fee { minor: 1250, currency: "EUR".into() }));
        let shanghai = Terms::parse("", "2026-12-01 18:00", "200", "元", "Asia/Shanghai").unwrap_or_default();
        assert_eq!(shanghai.deadline.map(|d| d.to_rfc3339()), Some("2026-12-01T10:00:00+00:00".into()));
        assert_eq!(shanghai.places, None);
        assert_eq!(Terms::parse("", "", "", "", "UTC"), Ok(Terms::default()));
        for (places, deadline, fee) in
            [("1", "", ""), ("x", "", ""), ("-3", "", ""), ("", "tomorrow", ""), ("", "", "12.345"), ("", "", "-5")]
        {
            assert!(Terms::parse(places, deadline, fee, "", "UTC").is_err(), "{places}/{deadline}/{fee}");
        }
        // 02:30 does not happen in Amsterdam on the last Sunday of March.
        assert!(Terms::parse("", "2027-03-28T02:30", "", "", "Europe/Amsterdam").is_err());
        assert_eq!(amount_text(20000), "200");
        assert_eq!(amount_text(1250), "12.50");
        assert_eq!(amount_text(1205), "12.05");
    }

    #[test]
    fn the_waiting_list_moves_up_as_places_free() {
        assert!(has_room(None, 500));
        assert!(has_room(Some(40), 39) && !has_room(Some(40), 40));
        assert_eq!(to_promote(Some(40), 38, 3), 2, "two places free: the first two wait no more");
        assert_eq!(to_promote(Some(40), 40, 3), 0);
        assert_eq!(to_promote(Some(40), 41, 3), 0, "over the limit by a director's choice: nobody");
        assert_eq!(to_promote(None, 10, 3), 3, "the limit lifted: everyone");
    }

    #[test]
    fn the_treasurer_counts_the_money_in_the_box_and_the_money_owed() {
        let totals = fee_totals(20000, [(true, true), (true, false), (false, true), (false, false), (false, true)]);
        assert_eq!(totals, FeeTotals { paid: 2, owed: 2, paid_minor: 40000, owed_minor: 40000 });
    }
}
