"""How to play, written for the table's own rules: what each action does and when it is allowed here.

`how_to_play(rules)` gives sections of paragraphs; a paragraph may name cards to picture
beside it, as card codes with a suit (`("AS", "6H")`) the game draws from its own sprites.
The section whose `slot` is `KEYS_SLOT` is left empty: the game fills in its own keys.
Every word is in the player's language (`engine.i18n`), looked up when the guide is made.

>>> from engine.rulesets import load_rules
>>> [section.title for section in how_to_play(load_rules("home-game"))]
['The goal', 'Card values', 'Soft hands and blackjack', 'Hit and stand', 'The dealer', \
'Doubling down', 'Splitting', 'Payouts', 'Keys']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.i18n import N_, _, money, ngettext
from engine.money import scale
from engine.rule_words import ratio_words
from engine.rules import BlackjackVsBlackjack, DealerBlackjackTakes, DoubleOn, Rules, Surrender

KEYS_SLOT = "keys"
"""The `slot` of the section the game fills with its keys."""


@dataclass(frozen=True, slots=True)
class Paragraph:
    """Some sentences, and the cards to picture beside them (codes such as 'AS'), if any."""

    text: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Section:
    """A titled part of the guide; `slot` names a part the game writes itself (its paragraphs are empty)."""

    title: str
    paragraphs: tuple[Paragraph, ...]
    slot: str | None = None


def how_to_play(rules: Rules) -> tuple[Section, ...]:
    """The guide to this table: the goal, card values, each action as allowed here, offers, payouts, keys.

    Surrender and insurance have a section only where the table offers them.

    >>> from engine.rulesets import load_rules
    >>> guide = how_to_play(load_rules("vegas-strip"))
    >>> [p.text for p in guide[2].paragraphs][0]
    'A hand with an ace counted as 11 is soft: an ace and a six make soft 17.'
    >>> guide[2].paragraphs[0].cards
    ('AS', '6H')
    """
    sections = [
        _goal(rules),
        Section(_("Card values"), (
            Paragraph(
                _("Cards two to ten count their number; jacks, queens and kings count 10."), ("7C", "KD")
            ),
            Paragraph(_("An ace counts 11, or 1 when 11 would take the hand over 21."), ("AD", "9S")),
        )),
        _soft_hands(rules),
        Section(_("Hit and stand"), (
            Paragraph(
                _("Hit to take another card, as many times as you like; stand to keep your total and end "
                  "your turn. A hand that goes over 21 is bust and loses at once, even if the dealer busts "
                  "later."),
                ("TH", "6C", "8D"),
            ),
        )),
        _dealer(rules),
        _doubling(rules),
        _splitting(rules),
    ]
    if rules.surrender is not Surrender.NONE:
        sections.append(_surrender(rules))
    if rules.insurance:
        sections.append(_insurance(rules))
    sections.append(_payouts(rules))
    if rules.tournament is not None:
        sections.append(Section(_("Tournament"), (Paragraph(
            _("Every seat starts with {bankroll}. Reach {goal} to win; when you cannot cover the minimum "
              "bet, you are out.").format(
                bankroll=money(rules.tournament.bankroll), goal=money(rules.tournament.goal))
        ),)))
    # TRANSLATORS: the heading of the section listing the game's keys
    sections.append(Section(_("Keys"), (), slot=KEYS_SLOT))
    return tuple(sections)


def _goal(rules: Rules) -> Section:
    if rules.dealer_draws_after_players:
        dealer = _("The dealer takes no card until every player has played.")
    elif rules.dealer_gets_hole_card:
        dealer = _("The dealer takes one card face up and one face down, the hole card.")
    else:
        dealer = _("The dealer takes one card face up and draws the rest after the players have played.")
    deal = _("Each player bets, then gets two cards face up.")
    if rules.first_card_before_bet:
        deal = _("Each player sees a first card, then bets, then gets a second card.")
    return Section(_("The goal"), (
        Paragraph(
            _("Beat the dealer: finish closer to 21 than the dealer without going over. "
              "You play against the dealer only, never against the other players.")
        ),
        Paragraph(f"{deal} {dealer}"),
    ))


def _soft_hands(rules: Rules) -> Section:
    if rules.blackjack_vs_dealer_blackjack is BlackjackVsBlackjack.PLAYER_WINS:
        blackjack = _("An ace and a ten, jack, queen or king as your first two cards make a blackjack; "
                      "it beats any other hand, even the dealer's blackjack.")
    else:
        blackjack = _("An ace and a ten, jack, queen or king as your first two cards make a blackjack; "
                      "it beats any other 21.")
    return Section(_("Soft hands and blackjack"), (
        Paragraph(
            _("A hand with an ace counted as 11 is soft: an ace and a six make soft 17."), ("AS", "6H")
        ),
        Paragraph(
            _("A soft hand cannot bust on the next card: draw a nine to soft 17 and the ace counts 1, "
              "for hard 16."),
            ("AS", "6H", "9D"),
        ),
        Paragraph(blackjack, ("AH", "KS")),
    ))


def _dealer(rules: Rules) -> Section:
    if rules.dealer_hits_soft_17:
        draws = Paragraph(
            _("The dealer makes no choices: it draws to 16, draws to soft 17 too, and stands on hard 17 "
              "and more."),
            ("AC", "6D"),
        )
    else:
        draws = Paragraph(
            _("The dealer makes no choices: it draws to 16 and stands on every 17, soft 17 too.")
        )
    if rules.dealer_peeks:
        peek = _(
            "With an ace or a ten showing, the dealer checks the hole card for blackjack before anyone "
            "plays; a dealer blackjack ends the round at once and takes only the original bets."
        )
    elif rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL_BETS:
        peek = _(
            "The dealer does not check for blackjack before you play. "
            "A dealer blackjack found after play takes every bet, doubles and splits too."
        )
    else:
        peek = _(
            "The dealer does not check for blackjack before you play. A dealer blackjack found after "
            "play takes only the original bet; what you added to double or split comes back."
        )
    return Section(_("The dealer"), (draws, Paragraph(peek)))


def _doubling(rules: Rules) -> Section:
    if rules.double_on is DoubleOn.NONE:
        return Section(_("Doubling down"), (Paragraph(_("This table does not allow doubling down.")),))
    if rules.double_on is DoubleOn.ANY:
        where = _("Double down to double your bet and take exactly one more card. "
                  "Here you may double on any first two cards.")
    elif rules.double_on is DoubleOn.NINE_TO_ELEVEN:
        where = _("Double down to double your bet and take exactly one more card. "
                  "Here you may double only when your first two cards total 9, 10 or 11.")
    else:
        where = _("Double down to double your bet and take exactly one more card. "
                  "Here you may double only when your first two cards total 10 or 11.")
    paragraphs = [Paragraph(where, ("6H", "5D"))]
    if rules.splitting_allowed:
        paragraphs.append(Paragraph(
            _("You may double a hand made by splitting, too.")
            if rules.double_after_split
            else _("You may not double a hand made by splitting.")
        ))
    return Section(_("Doubling down"), tuple(paragraphs))


def _splitting(rules: Rules) -> Section:
    if not rules.splitting_allowed:
        return Section(_("Splitting"), (Paragraph(_("This table does not allow splitting.")),))
    if rules.pair_by_value:
        pair = _("Two cards of the same value are a pair (any two ten-value cards, K and Q say): split them "
                 "into two hands, each with a bet equal to the first, and play them one by one.")
    else:
        pair = _("Two cards of the same rank are a pair (K and Q are not): split them into two hands, each "
                 "with a bet equal to the first, and play them one by one.")
    if rules.max_hands == 0:
        limit = _("Split again whenever another pair comes, without limit.")
    elif rules.max_hands == 2:
        limit = _("You may split only once.")
    else:
        limit = ngettext(
            "Split again when another pair comes, up to {count} hand.",
            "Split again when another pair comes, up to {count} hands.",
            rules.max_hands,
        ).format(count=rules.max_hands)
    paragraphs = [Paragraph(f"{pair} {limit}", ("8S", "8D"))]
    again = rules.resplit_aces and rules.max_hands != 2
    aces = _(_SPLIT_ACES[rules.hit_split_aces, again])
    if rules.split_ace_21_is_blackjack:
        ten = _("A ten on a split ace pays as a blackjack.")
    else:
        ten = _("A ten on a split ace is 21, not a blackjack.")
    paragraphs.append(Paragraph(f"{aces} {ten}", ("AS", "AH")))
    return Section(_("Splitting"), tuple(paragraphs))


_SPLIT_ACES = {
    (True, True): N_("Split aces may be hit like any hand, and a pair of aces may be split again."),
    (True, False): N_("Split aces may be hit like any hand."),
    (False, True): N_("Split aces get one card each, and a pair of aces may be split again."),
    (False, False): N_("Split aces get one card each."),
}
"""What split aces may do, by (they may be hit, a pair of aces may be split again)."""


def _surrender(rules: Rules) -> Section:
    if rules.surrender is Surrender.EARLY:
        text = _("On your first two cards, before anything else, you may surrender: give up half your bet "
                 "and end the hand. Surrender is early here: it stands even when the dealer has a blackjack.")
    elif rules.dealer_peeks:
        text = _("On your first two cards, before anything else, you may surrender: give up half your bet "
                 "and end the hand. Surrender is late here: it is offered once the dealer has checked for "
                 "blackjack.")
    else:
        text = _("On your first two cards, before anything else, you may surrender: give up half your bet "
                 "and end the hand. Surrender is late here: if the dealer turns out to have a blackjack, "
                 "the whole bet is lost.")
    return Section(_("Surrender"), (Paragraph(text),))


def _insurance(rules: Rules) -> Section:
    paragraphs = [Paragraph(
        _("When the dealer shows an ace you may take insurance, a side bet of half your bet that pays 2 to 1 "
          "if the dealer has a blackjack and is lost otherwise. "
          "It is a bet on the dealer's blackjack, not on your hand."),
        ("AC",),
    )]
    if rules.even_money:
        paragraphs.append(Paragraph(
            _("Holding a blackjack against an ace, you may take even money: "
              "1 to 1 at once, whatever the dealer has."),
            ("AH", "KS"),
        ))
    return Section(_("Insurance and even money") if rules.even_money else _("Insurance"), tuple(paragraphs))


_EXAMPLE_BET = 1000


def _payouts(rules: Rules) -> Section:
    paragraphs = [Paragraph(_("A win pays 1 to 1; a tie is a push, and your bet comes back."))]
    if rules.blackjack_pays == Fraction(1):
        sentences = [_("Blackjack pays 1 to 1, like any other win.")]
    else:
        sentences = [_("Blackjack pays {ratio}: a {bet} bet wins {won}.").format(
            ratio=ratio_words(rules.blackjack_pays), bet=money(_EXAMPLE_BET),
            won=money(scale(_EXAMPLE_BET, rules.blackjack_pays)))]
    if rules.blackjack_vs_dealer_blackjack is BlackjackVsBlackjack.PUSH:
        sentences.append(_("Against a dealer blackjack it pushes."))
    if rules.player_blackjack_paid_at_once:
        sentences.append(_("It is paid at once."))
    paragraphs.append(Paragraph(" ".join(sentences), ("AH", "KS")))
    if rules.double_on is not DoubleOn.NONE or rules.splitting_allowed:
        paragraphs.append(
            Paragraph(_("A doubled hand wins or loses twice its bet; each split hand settles on its own."))
        )
    return Section(_("Payouts"), tuple(paragraphs))
