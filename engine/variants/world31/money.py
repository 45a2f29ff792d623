"""World Diplomacy's money: the prices of the basic game, the advanced game's 31 currencies with their
city-count value factors, and conversions between them.

Amounts are whole hundredths ("cents") of a currency. Every price the rules give is in US dollars (the
World Bank's currency); in the basic game every country pays and is paid in US dollars, in the advanced
game each country keeps its own money, and a price or a transfer is converted at the country's rate of
the moment (units of its currency per US dollar): the seed's table times the factor of its city count.
"""
from __future__ import annotations

from dataclasses import dataclass

DOLLAR = 100  # cents

# Prices in US dollars (seed §2.3, §6.2-6.6).
TAX_SEA, TAX_PROVINCE, TAX_CITY = 1 * DOLLAR, 2 * DOLLAR, 3 * DOLLAR
COST_ARMY_OR_FLEET, COST_MILITIA = 3 * DOLLAR, 6 * DOLLAR  # build and maintain alike
BRIBE_MINIMUM = 8 * DOLLAR
REBELLION_PROVINCE, REBELLION_CITY, PACIFY = 9 * DOLLAR, 12 * DOLLAR, 15 * DOLLAR
LOAN_LIMIT = 25 * DOLLAR
LOAN_TERMS = {1: 20, 2: 50}  # years -> interest in per cent

# Seed §6.12: the advanced game's currencies, units per US dollar at the start ("as printed": Quebec's
# 1.83 and the two 4.32s are the table's own). Keyed by the country's name as the seed writes it.
CURRENCIES: dict[str, tuple[str, float]] = {
    "Canada": ("Canadian Dollar", 1.36), "Quebec": ("Quebec Dollar", 1.83),
    "United States": ("US Dollar", 1.00), "Cuba": ("Peso", 1000), "Mexico": ("Nuevo Peso", 7.45),
    "Colombia": ("Colombian Peso", 1030), "Peru": ("Nuevo Peso", 2.36),
    "Argentina": ("Nuevo Peso Argentino", 1), "Brazil": ("Real", 0.99),
    "United Kingdom": ("Pound Sterling", 0.66), "France": ("Franc", 5.17), "Spain": ("Peseta", 127.20),
    "Germany": ("Deutsch Mark", 1.53), "Italy": ("Lira", 1561), "Poland": ("Zloty", 2.65),
    "Ukraine": ("Hryvnia", 3500), "Russia": ("Ruble", 4954), "Turkey": ("Turkish Lira", 74421.50),
    "Libya": ("Dinar", 0.354), "Cote d'Ivoire": ("CFA Franc", 284.60), "Zaire": ("New Zaire", 3276),
    "South Africa": ("Rand", 4.32), "Ethiopia": ("Birr", 4.32), "Syria": ("Syrian Pound", 22),
    "Saudi Arabia": ("Riyal", 3.75), "Iran": ("Rial", 3000), "India": ("Rupee", 34.75),
    "China": ("Yuan", 8.71), "Japan": ("Yen", 95), "Indonesia": ("Rupiah", 2227),
    "Australia": ("Australian Dollar", 1.27),
}

# Seed §6.12: a currency's value factor by the number of cities its country holds (upper bound, factor).
CITY_FACTORS: tuple[tuple[int, float], ...] = (
    (0, 1.5), (1, 1.3), (2, 1.1), (10, 1.0), (20, 0.9), (30, 0.8), (40, 0.7), (50, 0.6), (60, 0.5),
    (70, 0.4), (80, 0.3), (90, 0.2), (100, 0.1))
FACTOR_ABOVE = 0.09  # 101 cities and more


def city_factor(cities: int) -> float:
    """The seed's factor for a country holding ``cities`` cities."""
    for bound, factor in CITY_FACTORS:
        if cities <= bound:
            return factor
    return FACTOR_ABOVE


@dataclass(frozen=True, slots=True)
class Currency:
    """A country's money: its name and its rate (units per US dollar) of the moment."""

    name: str
    rate: float

    def from_dollars(self, cents: int) -> int:
        """``cents`` US cents in this currency's cents, rounded to the nearest."""
        return round(cents * self.rate)

    def to_dollars(self, cents: int) -> int:
        return round(cents / self.rate)


US_DOLLAR = Currency("US Dollar", 1.0)


def currency_of(country_name: str, cities: int) -> Currency:
    """A country's currency in the advanced game (unknown countries keep US dollars at par)."""
    name, table = CURRENCIES.get(country_name, ("US Dollar", 1.0))
    return Currency(name, table * city_factor(cities))


def convert(cents: int, source: Currency, target: Currency) -> int:
    """``cents`` of ``source`` in ``target``'s cents (through the US dollar), rounded to the nearest."""
    if source == target:
        return cents
    return round(cents / source.rate * target.rate)


def shown(cents: int, currency: Currency = US_DOLLAR) -> str:
    """An amount as a finance sheet prints it: ``US$12.00``, ``-3.50 Franc``."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    if currency.name == "US Dollar":
        return f"{sign}US${whole:,}.{part:02d}"
    return f"{sign}{whole:,}.{part:02d} {currency.name}"


__all__ = [
    "BRIBE_MINIMUM", "CITY_FACTORS", "COST_ARMY_OR_FLEET", "COST_MILITIA", "CURRENCIES", "Currency", "DOLLAR",
    "LOAN_LIMIT", "LOAN_TERMS", "PACIFY", "REBELLION_CITY", "REBELLION_PROVINCE", "TAX_CITY", "TAX_PROVINCE",
    "TAX_SEA", "US_DOLLAR", "city_factor", "convert", "currency_of", "shown",
]
