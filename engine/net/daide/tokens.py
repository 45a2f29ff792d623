"""The DAIDE token table: every token's 16-bit value and its three-letter name (docs/daide.md, "Tokens").

Values are those of the published DAIDE documents. A token's high byte is its category; numbers are the
values 0x0000-0x3FFF (14-bit two's complement) and text characters are 0x4B00 plus the ASCII code.
"""
from __future__ import annotations

BRACKET, POWER, UNIT, ORDER, ORDER_NOTE, RESULT, COAST, SEASON, COMMAND, PARAMETER, PRESS, TEXT = (
    0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x4B)
PROVINCE_CATEGORIES = range(0x50, 0x58)  # inland/sea/coastal/bicoastal, each without and with a supply centre

NUMBER_MAX = 0x1FFF  # 8191
NUMBER_MIN = -0x2000  # -8192

_TABLE: dict[int, tuple[str, ...]] = {
    BRACKET: ("BRA", "KET"),
    POWER: ("AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"),
    UNIT: ("AMY", "FLT"),
    RESULT: ("SUC", "BNC", "CUT", "DSR", "FLD", "NSO", "RET"),
    SEASON: ("SPR", "SUM", "FAL", "AUT", "WIN"),
    COMMAND: ("CCD", "DRW", "FRM", "GOF", "HLO", "HST", "HUH", "IAM", "LOD", "MAP", "MDF", "MIS", "NME", "NOT",
              "NOW", "OBS", "OFF", "ORD", "OUT", "PRN", "REJ", "SCO", "SLO", "SND", "SUB", "SVE", "THX", "TME",
              "YES", "ADM", "SMR"),
}

_SPARSE: dict[str, int] = {
    "CTO": 0x4320, "CVY": 0x4321, "HLD": 0x4322, "MTO": 0x4323, "SUP": 0x4324, "VIA": 0x4325,
    "DSB": 0x4340, "RTO": 0x4341, "BLD": 0x4380, "REM": 0x4381, "WVE": 0x4382,
    "MBV": 0x4400, "BPR": 0x4401, "CST": 0x4402, "ESC": 0x4403, "FAR": 0x4404, "HSC": 0x4405, "NAS": 0x4406,
    "NMB": 0x4407, "NMR": 0x4408, "NRN": 0x4409, "NRS": 0x440A, "NSA": 0x440B, "NSC": 0x440C, "NSF": 0x440D,
    "NSP": 0x440E, "NST": 0x440F, "NSU": 0x4410, "NVR": 0x4411, "NYU": 0x4412, "YSC": 0x4413,
    "NCS": 0x4600, "NEC": 0x4602, "ECS": 0x4604, "SEC": 0x4606, "SCS": 0x4608, "SWC": 0x460A, "WCS": 0x460C,
    "NWC": 0x460E,
    "AOA": 0x4900, "BTL": 0x4901, "ERR": 0x4902, "LVL": 0x4903, "MRT": 0x4904, "MTL": 0x4905, "NPB": 0x4906,
    "NPR": 0x4907, "PDA": 0x4908, "PTL": 0x4909, "RTL": 0x490A, "UNO": 0x490B, "DSD": 0x490D,
    # Press tokens: read so that press is recognised and refused (the port plays at level 0).
    "ALY": 0x4A00, "AND": 0x4A01, "BWX": 0x4A02, "DMZ": 0x4A03, "ELS": 0x4A04, "EXP": 0x4A05, "FCT": 0x4A06,
    "FOR": 0x4A07, "FWD": 0x4A08, "HOW": 0x4A09, "IDK": 0x4A0A, "IFF": 0x4A0B, "INS": 0x4A0C, "OCC": 0x4A0E,
    "ORR": 0x4A0F, "PCE": 0x4A10, "POB": 0x4A11, "PRP": 0x4A13, "QRY": 0x4A14, "SCD": 0x4A15, "SRY": 0x4A16,
    "SUG": 0x4A17, "THK": 0x4A18, "THN": 0x4A19, "TRY": 0x4A1A, "VSS": 0x4A1C, "WHT": 0x4A1D, "WHY": 0x4A1E,
    "XDO": 0x4A1F, "XOY": 0x4A20, "YDO": 0x4A21, "CHO": 0x4A22, "BCC": 0x4A23, "UNT": 0x4A24, "NAR": 0x4A25,
    "CCL": 0x4A26,
}

# The standard map's 75 provinces in token order; the category byte says inland/sea/coastal/bicoastal and
# whether it holds a supply centre.
_PROVINCES: tuple[tuple[int, tuple[str, ...]], ...] = (
    (0x50, ("BOH", "BUR", "GAL", "RUH", "SIL", "TYR", "UKR")),
    (0x51, ("BUD", "MOS", "MUN", "PAR", "SER", "VIE", "WAR")),
    (0x52, ("ADR", "AEG", "BAL", "BAR", "BLA", "EAS", "ECH", "GOB", "GOL", "HEL", "ION", "IRI", "MAO", "NAO",
            "NTH", "NWG", "SKA", "TYS", "WES")),
    (0x54, ("ALB", "APU", "ARM", "CLY", "FIN", "GAS", "LVN", "NAF", "PIC", "PIE", "PRU", "SYR", "TUS", "WAL",
            "YOR")),
    (0x55, ("ANK", "BEL", "BER", "BRE", "CON", "DEN", "EDI", "GRE", "HOL", "KIE", "LON", "LVP", "MAR", "NAP",
            "NWY", "POR", "ROM", "RUM", "SEV", "SMY", "SWE", "TRI", "TUN", "VEN")),
    (0x57, ("BUL", "SPA", "STP")),
)


def _build() -> dict[str, int]:
    values: dict[str, int] = {}
    for category, names in _TABLE.items():
        for i, name in enumerate(names):
            values[name] = (category << 8) | i
    values.update(_SPARSE)
    number = 0
    for category, names in _PROVINCES:  # provinces are numbered on across categories
        for name in names:
            values[name] = (category << 8) | number
            number += 1
    return values


VALUES: dict[str, int] = _build()
NAMES: dict[int, str] = {v: k for k, v in VALUES.items()}
PROVINCE_NAMES: tuple[str, ...] = tuple(name for _, names in _PROVINCES for name in names)
POWER_NAMES: tuple[str, ...] = _TABLE[POWER]


def category(value: int) -> int:
    return value >> 8


def is_number(value: int) -> bool:
    return value < 0x4000


def is_text(value: int) -> bool:
    return category(value) == TEXT


def is_known(value: int) -> bool:
    """A value a message may hold: a number, a text character or a named token."""
    return value < 0x4000 or (category(value) == TEXT and 0x20 <= (value & 0xFF) < 0x7F) or value in NAMES


def number_value(value: int) -> int:
    """The integer a number token stands for (14-bit two's complement)."""
    return value - 0x4000 if value & 0x2000 else value


def number_token(number: int) -> int:
    if not NUMBER_MIN <= number <= NUMBER_MAX:
        raise ValueError(f"{number} is outside DAIDE's numbers ({NUMBER_MIN} to {NUMBER_MAX})")
    return number & 0x3FFF


def is_province(value: int) -> bool:
    return category(value) in PROVINCE_CATEGORIES and value in NAMES


__all__ = ["NAMES", "POWER_NAMES", "PROVINCE_NAMES", "VALUES", "category", "is_known", "is_number",
           "is_province", "is_text", "number_token", "number_value"]
