"""House rules: named options with typed values and per-variant defaults.

Where the sources disagree, the choice is an option here, never a silent pick.
Each option has a key (as written in ``[Rules "key=value; …"]`` and ``--rule``),
the values it takes, a one-line description and the source it comes from.
:meth:`HouseRules.with_values` applies written options over a variant's defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any, Literal

from pfn.diagnostics import OptionError
from pfn.i18n import N_
from pfn.messages import msg


def _opt(default: Any, doc: str, values: str, source: str) -> Any:
    """A dataclass field for an option, its documentation in the field's metadata."""
    return field(default=default, metadata={"doc": doc, "values": values, "source": source})


Hold = Literal["never", "first-after-pass", "earlier-bidder", "eldest"]
"""Who may hold ("here", "moje") the standing bid instead of raising it."""


def _levels(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.replace(",", "-").split("-") if p.strip())


@dataclass(frozen=True)
class HouseRules:
    """Every house-rule option, with the common Russian (Sochi) defaults; a variant
    overrides some of them (``Variant.defaults``)."""

    # auction
    jumps: bool = _opt(True, N_("a bid may skip rungs of the ladder (off: exactly the next bid)"),
                       "on|off", N_("russian-core.md; seed 000 requires the next step"))
    hold: Hold = _opt("never", N_("who may hold (say 'here') the last bid instead of raising it"),
                     "never|first-after-pass|earlier-bidder|eldest",
                     N_("russian-core.md; seed 000: the first bidder after a pass"))
    misere_after_bid: bool = _opt(
        False, N_("a player who has bid a contract may still call misère"), "on|off",
        N_("seed 002 (Mail.ru): misère only as a first call"))
    misere_bidder_limited: bool = _opt(
        False, N_("after misère a player may only call misère without the talon or pass"),
        "on|off", N_("seed 002 (Mail.ru), the mailru default; russian-core.md gives it as a"
           " Mail.ru rule, so Sochi leaves it off"))
    without_talon: bool = _opt(False, N_("bids without the talon (9S-hand, mis-hand) are allowed"),
                               "on|off", N_("russian-core.md; seed 000, seed 002"))
    # defence
    whist: Literal["greedy", "gentleman"] = _opt(
        "greedy", N_("one whists and one passes: the whister writes all the defence's"
           " tricks (greedy) or they split them (gentleman)"),
        "greedy|gentleman", N_("russian-scoring.md"))
    responsible: Literal["full", "half"] = _opt(
        "full", N_("a whister who fails his obligation pays the price per"
           " missing trick (full) or half of it (half)"),
        "full|half", N_("russian-scoring.md"))
    high_whist_failure: Literal["both", "second"] = _opt(
        "both", N_("two whisters at 8–10 taking no trick: both answer, or only the second"),
        "both|second", N_("russian-scoring.md (Mail.ru: both); seed 000: only the second"))
    half_whist: Literal["off", "6", "6-7"] = _opt(
        "6-7", N_("levels at which the second defender may half-whist"),
        "off|6|6-7", N_("russian-core.md"))
    whist_after_half: bool = _opt(
        False, N_("the first defender may still whist after his partner's half-whist"),
        "on|off", N_("seed 002: whist–pass–half-whist not allowed"))
    stalingrad: bool = _opt(False, N_("6♠ must be whisted by both defenders"), "on|off",
                            N_("seed 002 (Mail.ru)"))
    ten: Literal["played", "checked"] = _opt(
        "played", N_("a ten is whisted and played, or checked by the defenders"),
        "played|checked", N_("russian-core.md; seed 000 and seed 002 check it"))
    consolation: Literal["all", "whisters", "none"] = _opt(
        "all", N_("who writes the consolation whists for the declarer's"
           " undertricks: every defender, only whisters, or nobody"),
        "all|whisters|none", N_("russian-scoring.md"))
    consolation_factor: Fraction = _opt(Fraction(1), N_("consolation whists per undertrick, as a"
                                           " multiple of the whist price"), "a number (1, 2)",
                                        N_("russian-scoring.md: Leningrad sources differ"
                                           " (P or 2P)"))
    # play
    notrump_lead: Literal["eldest", "declarer-left"] = _opt(
        "eldest", N_("who leads to the first trick in no-trumps"),
        "eldest|declarer-left", N_("russian-core.md"))
    # all-pass
    allpass_progression: tuple[int, ...] = _opt(
        (1, 2, 3), N_("trick price in the 1st, 2nd, 3rd… all-pass in a row (the last repeats)"),
        "e.g. 1-2-3, 1-2-4, 2-4-6, 1", N_("russian-scoring.md; seed 002: ×1 ×2 ×3"))
    allpass_exit: tuple[int, ...] = _opt(
        (6, 7, 8), N_("lowest contract after the 1st, 2nd, 3rd… all-pass in a row"),
        "e.g. 6-7-8, 6", N_("seed 002: tightened exit 6, 7, 8"))
    allpass_factor: int = _opt(
        1, N_("the all-pass trick price is multiplied by this (Leningrad, doubling everything"
           " but the pool, may or may not double the all-pass too)"), "a number",
        N_("russian-scoring.md: Leningrad sources differ; 1 (not doubled) everywhere by default"))
    allpass_no_trick: int = _opt(1, N_("pool points for a player who takes no trick in all-pass"),
                                 "a number", N_("russian-scoring.md; seed 000: 2"))
    allpass_no_trick_progressive: bool = _opt(
        False, N_("the no-trick reward follows the progression too"), "on|off",
        N_("russian-scoring.md (Sochi: not multiplied)"))
    allpass_unfollowed: Literal["nobody", "highest"] = _opt(
        "nobody", N_("a talon-led all-pass trick nobody can follow goes to nobody, or to the"
           " highest card played (the first of equal ranks)"), "nobody|highest",
        N_("russian-core.md: the sources are silent"))
    allpass_talon_shown: bool = _opt(True, N_("the talon is turned in all-pass"), "on|off",
                                     N_("seed 002"))
    allpass_dealer: Literal["rotate", "stay", "stay-3"] = _opt(
        "rotate", N_("after an all-pass the deal passes on as usual, stays with the same dealer, or"
           " stays for up to three all-passes in a row"), "rotate|stay|stay-3",
        N_("seed 002 (Mail.ru: 'сдача не переходит'); seed 000: the same dealer up to three times"))
    allpass_whists: int = _opt(0, N_("all-pass written as whists: whists per trick the others"
                                  " take, written by the player with fewest (0: on the mountain)"),
                               "a number", N_("russian-scoring.md (Rostov: typically 5)"))
    # sheet and settlement
    help: Literal["next", "largest", "none"] = _opt(
        "next", N_("where points beyond a closed pool go: the next open pool in"
           " playing order, the largest open pool, or nowhere"),
        "next|largest|none", N_("russian-scoring.md"))
    settlement: Literal["average", "n-1"] = _opt("average", N_("settlement method"), "average|n-1",
                           N_("russian-scoring.md"))
    rounding: Literal["exact", "integer"] = _opt(
        "exact", N_("settlement amounts: exact fractions, or whole numbers that"
           " still sum to zero"), "exact|integer", N_("russian-scoring.md"))
    pool_ratio: int = _opt(1, N_("mountain points per unclosed pool point at settlement"),
                           "a number", N_("russian-scoring.md (Leningrad: 2)"))
    mountain_ratio: int = _opt(10, N_("whists per mountain point at settlement"), "a number",
                               N_("russian-scoring.md; seed 000"))
    # russian-standard (seed 000)
    talon_bonus: bool = _opt(False, N_("the idle dealer scores whists for aces and honours in the"
                                " talon"), "on|off", N_("seed 000"))
    undertrick_price: Literal["price", "half-plus-one"] = _opt(
        "price", N_("declarer's mountain per undertrick: the price, or"
           " half the price for the fall plus each missing trick"),
        "price|half-plus-one", N_("seed 000, example III"))
    # serbian (seed 001)
    refe: Literal["auto"] | int = _opt(
        "auto", N_("how many all-passes in a match write refe (auto: one per 30"
           " bule of the target)"), "auto|a number",
        N_("seed 001: agreed in advance, often one per 30 bule ('90/3')"))
    pik_without_kontra: bool = _opt(
        False, N_("pik (2) played without kontra is not played and writes a refa"), "on|off",
        N_("seed 001: 'pik bez kontre'"))
    betl_kontra: bool = _opt(False, N_("a defender may say kontra on betl: the value doubles and"
                                " the kontra caller answers for the betl"), "on|off",
                             N_("other Serbian implementations; seed 001 is silent (off)"))
    personal_obligation: bool = _opt(
        False, N_("each follower answers for his own two tricks, even when the two reach four"),
        "on|off", N_("some Serbian clubs and apps; seed 001: only the one below two when the"
           " pair falls short (off)"))
    supe_cap: int = _opt(0, N_("the most tricks a follower's supe count in one deal (0: no cap)"),
                         "a number", N_("some Serbian clubs and apps; seed 001 is silent (0)"))
    # britannica (seed 002)
    ante: int = _opt(10, N_("units each player puts into the pot whenever it is empty; a made"
                        " contract takes one ante from it, a failed one pays two"),
                     "a number", N_("seed 002 (Britannica): «согласованную сумму в банк, скажем,"
                        " 10 единиц каждый»"))
    misere_stakes: Literal["none", "ante"] = _opt(
        "none", N_("Britannica misère: no payment (the source names none, so the deal is not"
           " scored), or paid as the trick contracts are"),
        "none|ante", N_("seed 002 gives figures for six-trick contracts only (none); 'ante' is"
           " a house rule"))
    kontra: Literal["kontra", "rekontra", "subkontra", "mortkontra"] = _opt(
        "mortkontra", N_("the highest kontra allowed"),
        "kontra|rekontra|subkontra|mortkontra", N_("seed 001"))

    @classmethod
    def option_names(cls) -> list[str]:
        """Option keys as written in Rules tags (underscores become hyphens)."""
        return [f.name.replace("_", "-") for f in fields(cls)]

    @classmethod
    def describe(cls) -> list[dict[str, str]]:
        """Key, values, description and source of every option (for docs and help)."""
        return [{"key": f.name.replace("_", "-"), "values": f.metadata["values"],
                 "doc": f.metadata["doc"], "source": f.metadata["source"]} for f in fields(cls)]

    def with_values(self, pairs: tuple[tuple[str, str], ...]) -> HouseRules:
        """These rules with ``option=value`` pairs applied; ``ValueError`` names the bad one."""
        known = {f.name: f for f in fields(self)}
        changes: dict[str, Any] = {}
        for key, text in pairs:
            name = key.strip().lower().replace("-", "_")
            if name not in known:
                raise OptionError(msg("unknown house rule {key}", key=repr(key)))
            changes[name] = value = _convert(known[name].metadata["values"], getattr(self, name),
                                             text, key)
            _check_range(name, key, value)
        return replace(self, **changes)

    def value_text(self, name: str) -> str:
        """An option's value as written in a Rules tag."""
        value = getattr(self, name.replace("-", "_"))
        if isinstance(value, bool):
            return "on" if value else "off"
        if isinstance(value, tuple):
            return "-".join(str(v) for v in value)
        return str(value)

    def allows_half_whist(self, level: int) -> bool:
        """Whether a half-whist is allowed at ``level``."""
        return self.half_whist != "off" and level in _levels(self.half_whist)


_RANGES: dict[str, tuple[int, int | None]] = {
    "pool_ratio": (1, 100), "mountain_ratio": (1, 1000), "allpass_no_trick": (0, 1000),
    "allpass_whists": (0, 1000), "refe": (0, 100), "allpass_factor": (1, 100),
    "allpass_progression": (1, 100),
    "allpass_exit": (6, 10), "supe_cap": (0, 10), "ante": (1, 100_000),
}
"""The least and the most a number option may be (every part of a sequence too): far
beyond what any table plays, and short of numbers no sheet can hold."""

MOST_CONSOLATION = Fraction(100)
"""The largest consolation factor (a table's is 1 or ½); its denominator at most 100."""


def _check_range(name: str, key: str, value: Any) -> None:
    """A ratio, price or count that makes no sense (zero ratios, negative counts) is an
    error, not a silent oddity."""
    if name == "consolation_factor" and not (
            0 < value <= MOST_CONSOLATION and value.denominator <= 100):
        raise OptionError(msg("house rule {key}: the factor must be a fraction above 0 and at"
                             " most {most} (denominator at most 100), not {value}",
                             key=repr(key), most=MOST_CONSOLATION, value=_short(value)))
    low, high = _RANGES.get(name, (None, None))
    if low is None or isinstance(value, str):
        return
    for number in value if isinstance(value, tuple) else (value,):
        if number < low or (high is not None and number > high):
            bound = f"{low}…{high}" if high is not None else msg("at least {n}", n=low)
            raise OptionError(msg("house rule {key}: {value} is out of range ({bound})",
                                 key=repr(key), value=_short(number), bound=bound))


def _short(number: object) -> str:
    """A number for a message: a huge one by its first digits and its length."""
    text = str(number)
    return text if len(text) <= 24 else f"{text[:12]}… ({len(text)} characters)"


def _convert(values: str, current: Any, text: str, key: str) -> Any:
    text = text.strip().lower()
    choices = values.split("|")
    if "a number" in choices and len(choices) > 1:  # a word or a number (refe=auto|3)
        if text.isdigit():
            return int(text)
        if text not in choices:
            raise _not_one_of(key, text, values)
        return text
    try:
        if isinstance(current, bool):
            if text in ("on", "yes", "true", "1"):
                return True
            if text in ("off", "no", "false", "0"):
                return False
            raise ValueError
        if isinstance(current, Fraction):
            if len(text) > 20:
                raise ValueError
            return Fraction(text)
        if isinstance(current, int):
            return int(text)
        if isinstance(current, tuple):
            parsed = _levels(text)
            if not parsed:
                raise ValueError
            return parsed
    except (ValueError, ZeroDivisionError):
        raise _not_one_of(key, text, values) from None
    if "|" in values and text not in choices:
        raise _not_one_of(key, text, values)
    return text


def _not_one_of(key: str, text: str, values: str) -> OptionError:
    return OptionError(msg("house rule {key}: {text} is not one of {values}", key=repr(key),
                          text=repr(text), values=values))
