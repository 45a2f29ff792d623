"""One World Diplomacy movement phase with its money, in the order the rules give (seed §4.3, §6.3):

1. loans fall due and new World Bank loans are paid out; money transfers are made;
2. upkeep (Winter and Summer, not the first Winter): each unit maintained while money lasts; a unit
   nobody pays for disappears before anything moves;
3. rebellions are started and pacified;
4. the resolver adjudicates armies and fleets, with militia guarding and supporting; then militia moves;
5. units bought (Winter and Summer) are placed in home centres that are still unoccupied;
6. bribes offered last phase are decided by their targets' guesses; this phase's bribes are recorded;
7. at the end of the season (after retreats): control follows the occupants, captured home centres
   change hands, and after Spring and Fall taxes are collected.

Every country gets a finance sheet (its own eyes only) with the phase's results.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ...hooks import PhaseEnd, PhaseNote
from ...orders import Build, Order
from ... import outcomes as oc
from ...outcomes import Reason, wording
from ...resolver import MovementResult, Outcome, Tracer, outcome
from ...state import GameState, StackedUnit
from ...types import Phase, PhaseType, Season, Unit, UnitType, province_of
from .ledger import Ledger, Loan as LoanRecord, PendingBribe
from .money import (
    COST_ARMY_OR_FLEET,
    COST_MILITIA,
    LOAN_TERMS,
    PACIFY,
    REBELLION_CITY,
    REBELLION_PROVINCE,
    TAX_CITY,
    TAX_PROVINCE,
    TAX_SEA,
    US_DOLLAR,
    Currency,
    convert,
    shown,
)
from .orders import (
    MILITIA,
    Bribe,
    Guess,
    Loan,
    Maintain,
    MilitiaHold,
    MilitiaMove,
    MilitiaSupportHold,
    Pacify,
    Rebellion,
    Transfer,
    militia_slot,
)
from .resolver import WorldResolver
from .result import WorldResult

if TYPE_CHECKING:
    from .variant import WorldDiplomacy

# --- reasons ---------------------------------------------------------------------------------------------

_WORDS = {
    "not_maintained": "not maintained: disbanded",
    "maintained": "maintained for {cost}",
    "unpaid": "not enough money ({cost} needed)",
    "bought": "bought for {cost}",
    "site_taken": "{site} was taken this turn: nothing bought",
    "bribe_offered": "offered; {owner} guesses next turn",
    "bribe_won": "{unit} joins you for {cost}",
    "bribe_foiled": "the owner guessed it: no bribe",
    "bribe_lapsed": "lapsed: {why}",
    "guess_right": "right: the bribe failed; counter-bid of {cost} paid",
    "guess_wrong": "no bribe was foiled by this guess",
    "rebellion_started": "{province} rises in rebellion for {cost}",
    "pacified": "{province} pacified for {cost}",
    "loan_granted": "lent {cost}, {owed} due by {due}",
    "transferred": "{cost} sent to {to}",
    "militia_moves": "moves to {dest}",
    "militia_blocked": "{dest} is not free: militia never attack",
    "militia_lost": "{unit} destroyed: its province was taken",
}


@wording(*_WORDS)
def _word(r: Reason) -> str:
    data = {k: (str(v) if v is not None else "?") for k, v in r.data.items()}
    try:
        return _WORDS[r.code].format(**data)
    except KeyError:  # a viewer's cut removed a datum the words use
        return _WORDS[r.code].split(":")[0].split("{")[0].strip() or r.code


def _ok(code: str, **data: object) -> Outcome:
    return outcome(True, code, **data)


def _fail(code: str, **data: object) -> Outcome:
    return outcome(False, code, **data)


class _Purse:
    """Money moves during one phase, each recorded on its country's finance sheet."""

    def __init__(self, variant: WorldDiplomacy, state: GameState, ledger: Ledger) -> None:
        self.variant, self.state = variant, state
        self.money = dict(ledger.money)
        self.sheets: dict[str, list[str]] = {}
        self.currencies: dict[str, Currency] = {}
        self._words: dict[tuple[str, int], str] = {}  # (currency's name, cents) -> the amount as a sheet prints it

    def currency(self, power: str) -> Currency:
        if power not in self.currencies:
            self.currencies[power] = self.variant.currency(self.state, power)
        return self.currencies[power]

    def price(self, power: str, usd: int) -> int:
        return self.currency(power).from_dollars(usd)

    def words(self, power: str, cents: int) -> str:
        currency = self.currency(power)
        key = (currency.name, cents)  # (what ``shown`` reads: in the basic game every country's words are one)
        known = self._words.get(key)
        if known is None:
            known = self._words[key] = shown(cents, currency)
        return known

    def pay(self, power: str, cents: int, what: str) -> bool:
        """Take ``cents`` (own currency) from ``power`` if it has them."""
        if self.money.get(power, 0) < cents:
            return False
        self.money[power] = self.money.get(power, 0) - cents
        self.sheets.setdefault(power, []).append(f"{what}: -{self.words(power, cents)}")
        return True

    def receive(self, power: str, cents: int, what: str) -> None:
        self.money[power] = self.money.get(power, 0) + cents
        self.sheets.setdefault(power, []).append(f"{what}: +{self.words(power, cents)}")


def _is_finance(kind: type) -> bool:
    known = _FINANCE_KIND.get(kind)
    if known is None:
        known = _FINANCE_KIND[kind] = issubclass(kind, (Maintain, Bribe, Guess, Rebellion, Pacify, Loan, Transfer))
    return known


_FINANCE_KIND: dict[type, bool] = {}  # order class -> is it a finance line
_UPKEEP_LINES_KEPT = 50_000  # units' upkeep words kept per map (bounded by its places and countries in practice)


def _finance_by_kind(finance: list[Order], kinds: set[type]) -> Callable[..., list[Any]]:
    """``of_kind(*classes)``: the finance lines that are instances of ``classes``, in their order. Sorted by
    class once when every line is of one of the finance classes themselves (none of them derives from
    another); otherwise each call looks through every line."""
    if not kinds <= _EXACT_FINANCE:
        return lambda *classes: [o for o in finance if isinstance(o, classes)]
    grouped: dict[type, list[Order]] = {}
    for order in finance:
        grouped.setdefault(type(order), []).append(order)
    return lambda *classes: list(grouped.get(classes[0], ())) if len(classes) == 1 else \
        [o for o in finance if type(o) in classes]


_EXACT_FINANCE = frozenset({Maintain, Bribe, Guess, Rebellion, Pacify, Loan, Transfer})


def _order_of_seasons(variant: WorldDiplomacy, phase: Phase) -> tuple[int, int]:
    seasons = variant.movement_seasons
    return (phase.year, seasons.index(phase.season) if phase.season in seasons else len(seasons))


def _upkeep_words(variant: WorldDiplomacy, upkeep_of: dict[Unit, str], unit: Unit) -> str:
    """A unit's upkeep line on the finance sheet ("upkeep of {EP} F 3"), kept per map."""
    if len(upkeep_of) >= _UPKEEP_LINES_KEPT:
        upkeep_of.clear()
    line = upkeep_of[unit] = f"upkeep of {variant.seed_text(str(unit))}"
    return line


def _unit_cost(unit: Unit) -> int:
    return COST_MILITIA if unit.type is MILITIA else COST_ARMY_OR_FLEET


# --- before the resolver ------------------------------------------------------------------------------------


def adjudicate(variant: WorldDiplomacy, state: GameState, orders: Mapping[str, Order],
               tracer: Tracer | None = None) -> WorldResult:
    ledger = variant.ledger(state)
    purse = _Purse(variant, state, ledger)
    own: dict[str, Outcome] = {}
    notes: list[PhaseNote] = []
    order_kinds = set(map(type, orders.values()))
    finance_kinds = {kind for kind in order_kinds if _is_finance(kind)}
    finance = [o for o in orders.values() if type(o) in finance_kinds]
    of_kind = _finance_by_kind(finance, finance_kinds)

    # 1. Loans and transfers.
    loans: list[LoanRecord] = []
    now = _order_of_seasons(variant, state.phase)
    for loan in ledger.loans:
        if _order_of_seasons(variant, loan.due) > now:
            loans.append(loan)
            continue
        due = purse.price(loan.power, loan.owed)
        if purse.pay(loan.power, due, "World Bank loan repaid"):
            notes.append(PhaseNote(loan.power, "LOAN", True, f"World Bank loan repaid: {purse.words(loan.power, due)}"))
        else:
            renewed = LoanRecord(loan.power, round(loan.owed * (100 + LOAN_TERMS[1]) / 100),
                                 Phase(loan.due.season, loan.due.year + 1, PhaseType.MOVEMENT))
            loans.append(renewed)
            notes.append(PhaseNote(loan.power, "LOAN", False, "World Bank loan unpaid: renewed for a year at 20 %, "
                                   f"{shown(renewed.owed)} due by {renewed.due}"))
    for asked_loan in sorted(of_kind(Loan), key=str):
        usd = purse.currency(asked_loan.power).to_dollars(asked_loan.amount)
        # At least a cent: a loan of less than half a US cent in a weak currency still leaves a debt on record
        # (and a position whose loans owe nothing is no valid input).
        owed = max(1, round(usd * (100 + LOAN_TERMS[asked_loan.years]) / 100))
        falls_due = Phase(state.phase.season, state.phase.year + asked_loan.years, PhaseType.MOVEMENT)
        purse.receive(asked_loan.power, asked_loan.amount, "World Bank loan")
        loans.append(LoanRecord(asked_loan.power, owed, falls_due))
        own[asked_loan.slot() or ""] = _ok("loan_granted", cost=purse.words(asked_loan.power, asked_loan.amount),
                                      owed=shown(owed), due=str(falls_due))
    for transfer in of_kind(Transfer):
        if transfer.to not in variant.board.powers:
            own[transfer.slot() or ""] = _fail("unpaid", cost=purse.words(transfer.power, transfer.amount))
            continue
        if purse.pay(transfer.power, transfer.amount, f"sent to {variant.power_name(transfer.to)}"):
            got = convert(transfer.amount, purse.currency(transfer.power), purse.currency(transfer.to))
            purse.receive(transfer.to, got, f"from {variant.power_name(transfer.power)}")
            own[transfer.slot() or ""] = _ok("transferred", cost=purse.words(transfer.power, transfer.amount),
                                          to=variant.power_name(transfer.to))
        else:
            own[transfer.slot() or ""] = _fail("unpaid", cost=purse.words(transfer.power, transfer.amount))

    # 2. Upkeep.
    removed: list[Unit] = []
    if variant.is_economy_phase(state.phase):
        listed = variant.options.get("upkeep", "listed") == "listed"
        # The unit -> its upkeep order's slot (the orders are keyed by slot), in the order the sheet lists them.
        asked: dict[Unit, str] = {o.unit: key for key, o in orders.items() if type(o) is Maintain} \
            if finance_kinds <= _EXACT_FINANCE else {o.unit: o.slot() or "" for o in of_kind(Maintain)}
        owned_by: dict[str, list[Unit]] = {}
        for u in state.all_units():
            owned = owned_by.get(u.power)
            if owned is None:
                owned_by[u.power] = [u]
            else:
                owned.append(u)
        asked_by: dict[str, list[Unit]] = {}
        for u in asked:
            listing = asked_by.get(u.power)
            if listing is None:
                asked_by[u.power] = [u]
            else:
                listing.append(u)
        money, sheets = purse.money, purse.sheets
        maintained_for: dict[str, Outcome] = {}  # a price as printed -> the outcome of paying it
        upkeep_of = variant.tables.upkeep_words  # a unit -> "upkeep of {EP} F 3", its sheet line's words
        for power in variant.powers:
            owned = owned_by.get(power)
            if not owned:
                continue  # (nothing listed is on the board: nothing to pay, nothing to lose)
            unpaid: set[Unit] = set()
            if listed:
                on_board = set(owned)
                keep = [u for u in asked_by.get(power, ()) if u in on_board]
                for u in owned:
                    if u not in asked:
                        removed.append(u)
                        unpaid.add(u)
            else:
                keep = sorted(owned, key=lambda u: (u.type is MILITIA, u.loc))
            # A price in dollars -> in the country's money, as printed, and the outcome of paying it (the same
            # words give the same outcome: in the basic game every country's), found at the first unit of its kind.
            # One pass writes the sheet as if every unit listed were paid for (the usual sheet) and totals it.
            prices: dict[int, tuple[int, str, Outcome]] = {}
            total = 0
            lines: list[str] = []
            paid_slots: list[tuple[str, Outcome]] = []
            for unit in keep:
                usd = COST_MILITIA if unit.type is MILITIA else COST_ARMY_OR_FLEET
                price = prices.get(usd)
                if price is None:
                    cost = purse.price(power, usd)
                    words = purse.words(power, cost)
                    paid_outcome = maintained_for.get(words)
                    if paid_outcome is None:
                        paid_outcome = maintained_for[words] = _ok("maintained", cost=words)
                    price = prices[usd] = (cost, words, paid_outcome)
                total += price[0]
                line = upkeep_of.get(unit)
                if line is None:
                    line = _upkeep_words(variant, upkeep_of, unit)
                lines.append(f"{line}: -{price[1]}")
                slot = asked.get(unit)
                if slot is not None:
                    paid_slots.append((slot, price[2]))
            have = money.get(power, 0)
            if total <= have:
                # Every unit listed is paid for: what ``purse.pay`` does unit by unit, at once.
                for slot, maintained in paid_slots:
                    own[slot] = maintained
                if keep:
                    money[power] = have - total
                    sheet = sheets.get(power)
                    if sheet is None:
                        sheets[power] = lines
                    else:
                        sheet += lines
            else:
                for unit in keep:  # ``purse.pay`` for each, while money lasts
                    cost, words, maintained = prices[COST_MILITIA if unit.type is MILITIA else COST_ARMY_OR_FLEET]
                    have = money.get(power, 0)
                    paid = have >= cost
                    if paid:
                        money[power] = have - cost
                        line = upkeep_of.get(unit)
                        if line is None:
                            line = _upkeep_words(variant, upkeep_of, unit)
                        sheets.setdefault(power, []).append(f"{line}: -{words}")
                    else:
                        removed.append(unit)
                        unpaid.add(unit)
                    slot = asked.get(unit)
                    if slot is not None:
                        own[slot] = maintained if paid else _fail("unpaid", cost=words)
            if unpaid:
                for unit in owned:
                    # An army's or fleet's own order line says it already; a militia given no order has none.
                    if unit in unpaid and unit.type is MILITIA and militia_slot(unit) not in orders:
                        notes.append(PhaseNote(power, str(unit), False, Reason("not_maintained", {"unit": unit})))
    gone = set(removed)

    # 3. Rebellions.
    rebellions = set(ledger.rebellions)
    for rising in of_kind(Rebellion, Pacify):
        prov = rising.province
        if isinstance(rising, Rebellion):
            usd = REBELLION_CITY if variant.has_city(prov) else REBELLION_PROVINCE
            cost = purse.price(rising.power, usd)
            if prov not in rebellions and purse.pay(rising.power, cost, f"rebellion in {variant.seed_text(prov)}"):
                rebellions.add(prov)
                own[rising.slot() or ""] = _ok("rebellion_started", province=prov, cost=purse.words(rising.power, cost))
            else:
                own[rising.slot() or ""] = _fail("unpaid", cost=purse.words(rising.power, cost))
        else:
            cost = purse.price(rising.power, PACIFY)
            if prov in rebellions and purse.pay(rising.power, cost, f"pacified {variant.seed_text(prov)}"):
                rebellions.discard(prov)
                own[rising.slot() or ""] = _ok("pacified", province=prov, cost=purse.words(rising.power, cost))
            else:
                own[rising.slot() or ""] = _fail("unpaid", cost=purse.words(rising.power, cost))

    # 4. The resolver, then militia moves.
    units = {p: u for p, u in state.units.items() if u not in gone} if gone else state.units
    military = {p: o for p, o in orders.items() if p in units}
    militia: dict[str, Order] = {}
    for s in state.stacked:
        unit = s.unit
        if gone and unit in gone:
            continue
        key = militia_slot(unit)
        militia[key] = orders.get(key) or MilitiaHold(unit)
    for unit in gone:
        key = militia_slot(unit) if unit.type is MILITIA else province_of(unit.loc)
        own[key] = _fail("not_maintained")
    resolver = WorldResolver(variant.board, units, military, tracer, militia)
    result = resolver.run()
    for key, m_order in militia.items():  # (the resolver's outcomes are of its orders)
        if not isinstance(m_order, MilitiaMove) and key in resolver.orders:
            own[key] = result.outcomes[key]
    holders = _holders_after(units, result)
    stacked, lost = _militia_after(state, units, result, resolver.move_dest, militia, own, holders)
    for s in lost:
        notes.append(PhaseNote(s.power, str(s.unit), False, Reason("militia_lost", {"unit": s.unit})))

    # 5. Purchases, placed where nothing now stands.
    bought = sorted((o for o in orders.values() if type(o) is Build), key=str) if Build in order_kinds else []
    taken = set(holders) | {s.province for s in stacked} if bought else set()
    placed: list[Unit] = []
    bought_for: dict[str, Outcome] = {}  # a price as printed -> the outcome of a purchase at it
    for build in bought:
        assert isinstance(build, Build)
        unit, site = build.unit, province_of(build.unit.loc)
        cost = purse.price(unit.power, _unit_cost(unit))
        if site in taken:
            own[build.slot() or ""] = _fail("site_taken", site=site)
        elif purse.pay(unit.power, cost, f"bought {variant.seed_text(str(unit))}"):
            taken.add(site)
            words = purse.words(unit.power, cost)
            bought_outcome = bought_for.get(words)
            if bought_outcome is None:
                bought_outcome = bought_for[words] = _ok("bought", cost=words)
            own[build.slot() or ""] = bought_outcome
            if unit.type is MILITIA:
                stacked.append(StackedUnit(unit.power, MILITIA, unit.loc))
            else:
                placed.append(unit)
        else:
            own[build.slot() or ""] = _fail("unpaid", cost=purse.words(unit.power, cost))

    # 6. Bribes.
    offers = of_kind(Bribe)
    where = _followed(state, units, result, stacked) if ledger.bribes or offers else {}
    turned: dict[tuple[str, UnitType], str] = {}
    guesses = {o.power: o for o in of_kind(Guess)}
    right: set[str] = set()
    for bribe in ledger.bribes:
        target = bribe.unit.power
        guess = guesses.get(target)
        now_at = where.get(bribe.unit)
        if now_at is None:
            notes.append(PhaseNote(bribe.briber, f"BRIBE {bribe.unit}", False,
                                   Reason("bribe_lapsed", {"why": "the unit is gone"})))
            continue
        if guess is not None and guess.unit == bribe.unit and \
                purse.currency(target).to_dollars(guess.price) >= bribe.price and \
                purse.pay(target, guess.price, "counter-bid"):
            right.add(target)
            own[guess.slot() or ""] = _ok("guess_right", cost=purse.words(target, guess.price))
            notes.append(PhaseNote(bribe.briber, f"BRIBE {bribe.unit}", False, Reason("bribe_foiled")))
            continue
        cost = purse.price(bribe.briber, bribe.price)
        if not purse.pay(bribe.briber, cost, f"bribe for {variant.seed_text(str(bribe.unit))}"):
            notes.append(PhaseNote(bribe.briber, f"BRIBE {bribe.unit}", False,
                                   Reason("bribe_lapsed", {"why": "not enough money"})))
            continue
        handed = convert(cost, purse.currency(bribe.briber), purse.currency(target))
        purse.receive(target, handed, f"bribe money for {variant.seed_text(str(bribe.unit))}")
        turned[(now_at, bribe.unit.type)] = bribe.briber
        notes.append(PhaseNote(bribe.briber, f"BRIBE {bribe.unit}", True,
                               Reason("bribe_won", {"unit": bribe.unit, "cost": purse.words(bribe.briber, cost)})))
        notes.append(PhaseNote(target, str(bribe.unit), False,
                               f"{bribe.unit} was bribed away by {variant.power_name(bribe.briber)}; "
                               f"{purse.words(target, handed)} handed into your account"))
    for power, guess in guesses.items():
        if power not in right:
            own[guess.slot() or ""] = _fail("guess_wrong")
    pending: list[PendingBribe] = []
    offered: dict[str, int] = {}
    for offer in offers:
        now_at = where.get(offer.unit)
        if now_at is None or (now_at, offer.unit.type) in turned:
            own[offer.slot() or ""] = _fail("bribe_lapsed", why="the unit is gone")
            continue
        usd = purse.currency(offer.power).to_dollars(offer.price)
        loc = now_at
        pending.append(PendingBribe(offer.power, Unit(offer.unit.power, offer.unit.type, loc), usd, state.phase))
        offered[offer.unit.power] = offered.get(offer.unit.power, 0) + 1
        own[offer.slot() or ""] = _ok("bribe_offered", owner=variant.power_name(offer.unit.power))
    for target, count in sorted(offered.items()):
        notes.append(PhaseNote(target, "BRIBES", True,
                               f"{count} bribe{'s' if count > 1 else ''} offered for your units: "
                               "name one unit and a counter-bid next turn (GUESS)"))

    new_ledger = replace(ledger, money=purse.money, rebellions=tuple(sorted(rebellions)), loans=tuple(loans),
                         bribes=tuple(pending))
    # The economy's and militia's outcomes go in beside the resolver's, which it words when first asked for
    # (one look-up per order, where a dict of the economy's in front of the resolver's took two).
    outcomes = result.outcomes
    dict.update(outcomes, own)
    return WorldResult(outcomes, result.moved, result.dislodged, result.contested,
                       result.convoyed, ledger=new_ledger, removed=removed, stacked=tuple(stacked), placed=placed,
                       turned=turned, notes=notes, sheets=purse.sheets)


def _holders_after(units: Mapping[str, Unit], result: MovementResult) -> dict[str, str]:
    """Province -> the country whose army or fleet stands there after movement (what militia moves and
    purchases ask; no unit is made for it)."""
    out: dict[str, str] = {}
    dislodged, moved = result.dislodged, result.moved
    for prov, unit in units.items():
        if prov in dislodged:
            continue
        dest = moved.get(prov)
        if dest is not None:
            out[dest.partition("/")[0]] = unit.power
        elif prov not in out:
            out[prov] = unit.power
    return out


def _militia_after(state: GameState, units: Mapping[str, Unit], result: MovementResult, move_dest: Mapping[str, str],
                   militia: Mapping[str, Order], own: dict[str, Outcome],
                   holders: Mapping[str, str]) -> tuple[list[StackedUnit], list[StackedUnit]]:
    """The militia after movement, and those lost. A militia moves only into a province that no other
    country's unit holds or tried to enter, where no militia stood or is going; one whose province another
    country took is destroyed (militia don't retreat)."""
    start = {s.province for s in state.stacked}
    wanted: dict[str, list[str]] = {}
    for key, m_order in militia.items():
        if isinstance(m_order, MilitiaMove):
            wanted.setdefault(province_of(m_order.dest), []).append(key)
    foreign_tries: dict[str, set[str]] = {}  # province wanted -> the countries whose units tried to enter it
    if wanted:
        for origin, dest in move_dest.items():
            if dest in wanted and origin in units:
                foreign_tries.setdefault(dest, set()).add(units[origin].power)
    kept: list[StackedUnit] = []
    lost: list[StackedUnit] = []
    for s in state.stacked:
        key = f"M:{s.loc.partition('/')[0]}"  # (militia_slot of the unit, without making it)
        given = militia.get(key)
        if given is None:
            continue  # not maintained
        m_order = given
        loc = s.loc
        if isinstance(m_order, MilitiaMove):
            dest = province_of(m_order.dest)
            holder = holders.get(dest)
            free = (dest not in start and len(wanted.get(dest, ())) == 1
                    and (holder is None or holder == s.power)
                    and not (foreign_tries.get(dest, set()) - {s.power}) and dest not in result.contested)
            if free:
                loc = m_order.dest
                own[key] = _ok("militia_moves", dest=m_order.dest)
            else:
                own[key] = _fail("militia_blocked", dest=dest)
        here = holders.get(province_of(loc))
        if here is not None and here != s.power:
            lost.append(s)
            own[key] = _fail("militia_lost", unit=s.unit)
            continue
        if key not in own:  # guarding its province: holding, or supporting the unit beside it
            own[key] = _ok(oc.SUPPORT_GIVEN if isinstance(m_order, MilitiaSupportHold) else oc.HOLDS)
        kept.append(StackedUnit(s.power, MILITIA, loc))
    return kept, lost


def _followed(state: GameState, units: Mapping[str, Unit], result: MovementResult,
              stacked: Sequence[StackedUnit]) -> dict[Unit, str]:
    """Each unit as it stood at the phase's start -> its province after movement (absent: gone)."""
    out: dict[Unit, str] = {}
    for prov, unit in units.items():
        if prov in result.dislodged:
            continue
        out[unit] = province_of(result.moved.get(prov, prov))
    after = {(s.power, s.province) for s in stacked}
    for s in state.stacked:
        if (s.power, s.province) in after:
            out[s.unit] = s.province
    return out


# --- after the standard processing ---------------------------------------------------------------------------


def after_phase(variant: WorldDiplomacy, before: GameState, after: GameState,
                submitted: Mapping[str, Sequence[Order]], result: MovementResult | None) -> PhaseEnd:
    notes: list[PhaseNote] = []
    state = after
    if isinstance(result, WorldResult):
        units = dict(state.units)
        arrived = {dest.partition("/")[0] for dest in result.moved.values()} if result.removed else set()
        for unit in result.removed:
            prov = province_of(unit.loc)
            if prov not in arrived and units.get(prov) == unit:  # (not a unit of its kind that moved there)
                del units[prov]
        for unit in result.placed:
            units[province_of(unit.loc)] = unit
        stacked = list(result.stacked)
        for (prov, kind), briber in result.turned.items():
            held = units.get(prov)
            if kind is MILITIA:
                stacked = [StackedUnit(briber, s.kind, s.loc) if s.province == prov else s for s in stacked]
            elif held is not None and held.type is kind:
                units[prov] = Unit(briber, held.type, held.loc)
        stacked, lost = _clean_stacks(units, stacked)
        notes += [PhaseNote(s.power, str(s.unit), False, Reason("militia_lost", {"unit": s.unit})) for s in lost]
        ledger = result.ledger
        state = state.replace(units=units, stacked=tuple(sorted(stacked, key=StackedUnit.sort_key)))
        if state.dislodged:  # (otherwise the season ends now, and writes the ledger once)
            state = variant.recheck_retreats(state.replace(extra=variant.ledger_extra(ledger)))
        notes += result.notes
        sheets = result.sheets
    else:
        stacked, lost = _clean_stacks(dict(state.units), list(state.stacked))
        notes += [PhaseNote(s.power, str(s.unit), False, Reason("militia_lost", {"unit": s.unit})) for s in lost]
        state = state.replace(stacked=tuple(sorted(stacked, key=StackedUnit.sort_key)))
        sheets = {}
        ledger = None
    if not state.dislodged:
        state, taxes = settle_season(variant, state, ledger)
        for power, lines in taxes.items():
            sheets = {**sheets, power: [*sheets.get(power, []), *lines]}
    notes += _finance_sheets(variant, before, state, sheets)
    return PhaseEnd(state, notes=tuple(notes))


def _clean_stacks(units: Mapping[str, Unit], stacked: list[StackedUnit]) -> tuple[list[StackedUnit], list[StackedUnit]]:
    """A militia beside another country's unit is lost (it can't hold against it, nor retreat)."""
    kept: list[StackedUnit] = []
    lost: list[StackedUnit] = []
    for s in stacked:
        occupant = units.get(s.province)
        (lost if occupant is not None and occupant.power != s.power else kept).append(s)
    return kept, lost


def settle_season(variant: WorldDiplomacy, state: GameState,
                  ledger: Ledger | None = None) -> tuple[GameState, dict[str, list[str]]]:
    """Control follows the occupants; captured home centres change hands; after Spring and Fall, taxes.
    ``ledger``: the phase's own, when ``state.extra`` doesn't hold it yet."""
    state = variant.settle_season(state)
    if ledger is None:
        ledger = variant.ledger(state)
    control = dict(ledger.control)
    tables = variant.tables
    land, units = tables.land, state.units
    for prov, unit in units.items():
        if prov in land:
            control[prov] = unit.power
    for s in state.stacked:
        if s.province not in units:
            control[s.province] = s.power
    homes = {p: list(h) for p, h in ledger.homes.items()}
    for power, provs in list(homes.items()):
        for prov in list(provs):
            if prov not in units:
                continue
            holder = control.get(prov)
            if holder is not None and holder != power:
                provs.remove(prov)
                homes.setdefault(holder, []).append(prov)
    ledger = replace(ledger, control=control, homes={p: tuple(sorted(h)) for p, h in homes.items()})
    taxes: dict[str, list[str]] = {}
    if state.phase.season in (Season.SPRING, Season.FALL):
        money = dict(ledger.money)
        rebels = set(ledger.rebellions)
        cities_of = tables.cities
        seas: dict[str, int] = {}
        sea_zones = tables.seas
        for prov, u in units.items():
            if prov in sea_zones:
                seas[u.power] = seas.get(u.power, 0) + 1
        cities: dict[str, int] = {}
        plain: dict[str, int] = {}
        for prov, p in control.items():
            if prov not in rebels:
                counts = cities if prov in cities_of else plain
                counts[p] = counts.get(p, 0) + 1
        controlled = state.replace(extra=variant.ledger_extra(ledger)) if variant.advanced else state
        for power in variant.powers:
            at_sea, in_cities, provinces = seas.get(power, 0), cities.get(power, 0), plain.get(power, 0)
            usd = at_sea * TAX_SEA + provinces * TAX_PROVINCE + in_cities * TAX_CITY
            currency = variant.currency(controlled, power)
            got = currency.from_dollars(usd)
            if usd or power in money:
                money[power] = money.get(power, 0) + got
                taxes[power] = [f"taxes ({at_sea} sea zones, {provinces} provinces, {in_cities} cities): "
                                f"+{shown(got, currency)}"]
        ledger = replace(ledger, money=money)
    return state.replace(extra=variant.ledger_extra(ledger)), taxes


def _finance_sheets(variant: WorldDiplomacy, before: GameState, after: GameState,
                    sheets: Mapping[str, list[str]]) -> list[PhaseNote]:
    """Every country's finance sheet (seed §7.2), seen by that country alone."""
    ledger = variant.ledger(after)
    notes = []
    had_units = {u.power for u in before.units.values()}
    had_units.update(s.power for s in before.stacked)
    advanced = variant.advanced  # (in the basic game every country's money is the US dollar)
    owed_by: dict[str, list[str]] = {}
    for ln in ledger.loans:
        owed_by.setdefault(ln.power, []).append(f"loan {shown(ln.owed)} due by {ln.due}")
    for power in variant.powers:
        lines = sheets.get(power, [])
        if not lines and power not in had_units:
            continue
        currency = variant.currency(after, power) if advanced else US_DOLLAR
        owed = owed_by.get(power)
        body = "; ".join([*lines, *owed] if owed else lines) or "no official transactions"
        notes.append(PhaseNote(power, "FINANCES", True,
                               f"finances: {body}; savings {shown(ledger.balance(power), currency)}"))
    return notes


__all__ = ["WorldResult", "adjudicate", "after_phase", "settle_season"]
