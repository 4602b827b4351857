//! Billing: invoices, line items and tax rules.
//!
//! All amounts are in cents.

use std::fmt;

/// Tax rate in basis points (1/100 of a percent).
pub const DEFAULT_TAX_BP: u32 = 1900;

/// One line of an invoice.
///
/// Quantities are whole units.
#[derive(Debug, Clone, PartialEq)]
pub struct LineItem {
    pub description: String,
    pub unit_cents: u64,
    pub quantity: u32,
}

/// Something that can be priced.
pub trait Priced {
    /// Total price in cents, before tax.
    fn net_cents(&self) -> u64;

    /// Total price in cents including tax at `rate_bp`.
    fn gross_cents(&self, rate_bp: u32) -> u64 {
        apply_tax(self.net_cents(), rate_bp)
    }
}

impl Priced for LineItem {
    fn net_cents(&self) -> u64 {
        self.unit_cents * u64::from(self.quantity)
    }
}

/// Invoice status.
pub enum Status {
    Draft,
    Sent { at: u64 },
    Paid(u64),
}

pub struct Invoice<'a> {
    items: Vec<LineItem>,
    customer: &'a str,
}

impl<'a> Invoice<'a> {
    /// Creates an empty invoice for `customer`.
    pub fn new(customer: &'a str) -> Self {
        Invoice { items: Vec::new(), customer }
    }

    // Plain comment: not documentation.
    pub fn add(&mut self, item: LineItem) -> &mut Self {
        self.items.push(item);
        self
    }
}

impl fmt::Display for Invoice<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Invoice for {}", self.customer)?;
        for item in &self.items {
            writeln!(f, "{} x{}: {}", item.description, item.quantity, format_cents(item.net_cents()))?;
        }
        Ok(())
    }
}

/// Applies a tax rate given in basis points, rounding half up.
pub fn apply_tax(net: u64, rate_bp: u32) -> u64 {
    (net * (10_000 + u64::from(rate_bp)) + 5_000) / 10_000
}

fn format_cents(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tax_rounds_half_up() {
        assert_eq!(apply_tax(100, 1900), 119);
    }
}
