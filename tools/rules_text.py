"""The texts of the rules page (``rules.html``) in English, German and Danish.

One section per rule of docs/RULES.md, in page order, each with a stable anchor (``SECTIONS``)
and in every language a title, the rule and a small example. Written in our own words.

The texts use a small markup that ``tools/rules_page.py`` turns into HTML:

- blank lines separate paragraphs; lines starting ``- `` make a list, ``1. `` a numbered one
  (a line that starts with neither continues the item or paragraph above);
- ``[5]`` draws a card (1-12), ``[SB]`` a Skip-Bo card, ``[SB=12]`` one counting as 12,
  ``[1|A]`` a card with a playing-card face, ``[back]`` a face-down card, ``[empty]`` an
  empty place;
- ```S>B1``` is move notation, ``[[rule-teams]]`` a link to that section (its title);
- ``{turn_limit}`` and the other names in ``tools.rules_page.facts`` are numbers taken from
  the engine, so the page cannot drift from what the engine does.

Only the build reads this module; the game page ships just ``skipbo_web/rules_links.py``.
"""

from __future__ import annotations

from typing import NamedTuple

LANGUAGES: tuple[str, ...] = ("en", "de", "da")

SECTIONS: tuple[str, ...] = (
    "rule-aim", "rule-cards", "rule-faces", "rule-setup", "rule-turn", "rule-building",
    "rule-complete", "rule-empty-hand", "rule-discard", "rule-end-empty", "rule-draw-pile",
    "rule-winning", "rule-stall", "rule-game-end", "rule-scoring", "rule-teams",
    "rule-program", "rule-notation",
)
"""Every anchor of the page, in page order."""


class Rule(NamedTuple):
    title: str
    body: str
    example: str


PAGE: dict[str, dict[str, str]] = {
    "en": {
        "lang.name": "English",
        "title": "Skip-Bo: the rules",
        "heading": "Skip-Bo rules",
        "intro": "These are the rules exactly as this game plays them. The game checks every "
                 "move for you; when it refuses one, its message links to the rule here.",
        "back": "Back to the game",
        "skip": "Skip to the rules",
        "language": "Language",
        "toc": "Contents",
        "example": "Example",
        "top": "To the top",
        "card.as": "as",
        "card.SB": "Skip-Bo",
        "card.back": "a face-down card",
        "card.empty": "an empty place",
    },
    "de": {
        "lang.name": "Deutsch",
        "title": "Skip-Bo: die Regeln",
        "heading": "Skip-Bo-Regeln",
        "intro": "Hier stehen die Regeln genau so, wie dieses Spiel sie anwendet. Das Spiel "
                 "prüft jeden Zug für dich; lehnt es einen ab, führt dich ein Link in der "
                 "Meldung zur passenden Regel auf dieser Seite.",
        "back": "Zurück zum Spiel",
        "skip": "Direkt zu den Regeln",
        "language": "Sprache",
        "toc": "Inhalt",
        "example": "Beispiel",
        "top": "Nach oben",
        "card.as": "als",
        "card.SB": "Skip-Bo",
        "card.back": "eine verdeckte Karte",
        "card.empty": "ein freier Platz",
    },
    "da": {
        "lang.name": "Dansk",
        "title": "Skip-Bo: reglerne",
        "heading": "Skip-Bo-regler",
        "intro": "Her er reglerne præcis, som dette spil bruger dem. Spillet tjekker hvert træk "
                 "for dig; afviser det et træk, fører et link i beskeden dig hen til den regel "
                 "på denne side, det drejer sig om.",
        "back": "Tilbage til spillet",
        "skip": "Spring til reglerne",
        "language": "Sprog",
        "toc": "Indhold",
        "example": "Eksempel",
        "top": "Til toppen",
        "card.as": "som",
        "card.SB": "Skip-Bo",
        "card.back": "et kort med bagsiden opad",
        "card.empty": "en tom plads",
    },
}
"""The page around the rules: headings, links, labels of the card drawings."""


EN: dict[str, Rule] = {
    "rule-aim": Rule(
        "The aim",
        """
        Everybody has a stock pile of their own. Whoever first plays every card of it onto
        the building piles in the middle wins. The building piles belong to everybody and
        go up from 1 to 12.
        """,
        """
        Your stock shows [7]. As soon as a building pile has reached 6, you can put the 7
        there, and your next stock card is turned face up.
        """),
    "rule-cards": Rule(
        "The cards",
        """
        - The standard deck has {deck} cards: twelve of each number from 1 to 12, plus
          {wild} Skip-Bo cards.
        - Skip-Bo cards are wild: each one can stand for any number.
        - An older edition has {wild_old} Skip-Bo cards ({deck_old} cards in all); you can
          choose it when you set up a game.
        - Colours are only there to help the eye: 1–4 blue, 5–8 green, 9–12 red. They never
          matter in play.
        """,
        """
        [1] and [4] are blue, [5] and [8] green, [9] and [12] red, and [SB] is a Skip-Bo
        card.
        """),
    "rule-faces": Rule(
        "Playing-card faces",
        """
        Prefer the look of ordinary playing cards? Choose these card faces when you set up
        a game: the 1 becomes an Ace, 11 a Jack, 12 a Queen, and the Skip-Bo card a King.
        Only the pictures change; the rules stay exactly the same. Played with ordinary
        cards, the game is also known as Cat and Mouse.
        """,
        """
        [1|A] is a 1, [11|J] an 11, [12|Q] a 12, and [SB|K] is wild, just like a Skip-Bo
        card.
        """),
    "rule-setup": Rule(
        "Setting up",
        """
        - 2 to 6 people can play.
        - Everybody gets a stock pile: {stock_small} cards with 2–4 players, {stock_large}
          with 5 or 6. You may choose another size from 1 to {max_stock} (a short game uses
          10), as long as at least {min_draw} cards are left for the draw pile.
        - The stock piles are dealt one card at a time around the table, each card going on
          top of that player's stock. The rest of the cards, in their order, become the
          draw pile.
        - The top card of every stock pile is turned face up straight away; the cards below
          stay hidden.
        - The middle has room for 4 building piles, empty at the start. Each player also
          has 4 discard piles of their own, empty too.
        - The player to the left of the dealer starts.
        """,
        """
        Two players with {stock_small} cards each: {dealt_2p} cards are dealt, and the other
        {draw_2p} form the draw pile.
        """),
    "rule-turn": Rule(
        "Your turn, step by step",
        """
        1. Draw from the draw pile until you hold five cards. On your first turn, that
           means five cards.
        2. Play as many cards as you like onto the building piles, in any order. Each card
           comes from the top of your stock, from your hand, or from the top of one of your
           discard piles. Playing is never compulsory.
        3. End your turn by putting one card from your hand on one of your discard piles.
           Then it is the next player's turn.

        You can only play a card that is really there: an empty stock or discard pile has
        nothing to give, and from your hand only the cards you hold.
        """,
        """
        You kept [4] and [10] from your last turn, so you draw three cards to get back to
        five.
        """),
    "rule-building": Rule(
        "Building piles",
        """
        - A building pile starts on an empty place with a 1 or a Skip-Bo card.
        - After that it goes up one number at a time: a 2 on the 1, a 3 on the 2, and so on
          up to 12. The game shows which number each pile needs next.
        - A Skip-Bo card counts as exactly the number the pile needs, 12 included. Several
          Skip-Bo cards may follow one another.
        - There are at most 4 building piles at a time. They belong to everybody: anyone
          may play on any of them.
        """,
        """
        - The pile shows [1] [2] [3] [4] and needs a 5. You hold [5] and [SB]: either one
          fits.
        - [10] [SB=11] [SB=12]: two Skip-Bo cards in a row count as 11 and 12 and finish
          the pile.
        - An empty place takes only a [1] or a [SB]; a [2] has to wait.
        """),
    "rule-complete": Rule(
        "Finished piles",
        """
        When a pile reaches 12 it is finished. It leaves its place, so a new pile can start
        there right away, and its cards are set aside. Skip-Bo cards in it are plain
        Skip-Bo cards again: the number they stood for only counted on that pile. The cards
        set aside come back later as a new draw pile ([[rule-draw-pile]]).
        """,
        """
        You play [12] on [9] [10] [11]: the pile is finished and set aside, and its place
        is free again for a [1] or a [SB].
        """),
    "rule-empty-hand": Rule(
        "Empty hand: draw five",
        """
        If you play the last card from your hand during your turn, you draw five new cards
        at once and carry on. If nothing can be drawn at that moment, you go on without a
        hand; should cards become drawable again in the same turn (because you finish a
        pile, for example), you draw your five right then.
        """,
        """
        You hold only [6], and a pile needs a 6. Play it: your hand is empty, so you draw
        five new cards and keep going.
        """),
    "rule-discard": Rule(
        "Discarding ends your turn",
        """
        - You end your turn by putting one card from your hand face up on one of your four
          discard piles.
        - Any hand card will do, Skip-Bo cards included, on any of your discard piles. You
          don't have to fill empty piles first.
        - Only the top card of a discard pile can be played later on.
        - Stock cards never go on a discard pile, and a card from a discard pile can only
          go onto a building pile, not onto another discard pile.
        """,
        """
        Your discard pile holds [11] with [7] on top: only the 7 can be played. The 11
        comes free once the 7 is gone.
        """),
    "rule-end-empty": Rule(
        "Ending a turn with an empty hand",
        """
        As long as you hold a card, you end your turn by discarding. Only when your hand is
        empty and nothing can be drawn (the draw pile is used up and no finished piles are
        waiting to be shuffled) do you end your turn without a discard. The game then shows
        a button for it.
        """,
        """
        The draw pile is gone and nothing is set aside. You play your last hand card, [8]:
        there is nothing to draw, so you end your turn with an empty hand.
        """),
    "rule-draw-pile": Rule(
        "When the draw pile runs out",
        """
        When a card has to be drawn and the draw pile is empty, all the finished piles set
        aside so far are shuffled into a new draw pile: only at that moment, never earlier.
        If none are set aside, nothing is drawn and everybody plays on with the cards they
        have.
        """,
        """
        The draw pile is empty and two finished piles, 24 cards, are set aside. You need
        three cards: the 24 are shuffled into a new draw pile, and you draw your three from
        it.
        """),
    "rule-winning": Rule(
        "Winning",
        """
        You win the moment you play the last card of your stock pile. The game ends right
        there; you don't need to discard. When playing in teams, a team wins once both
        partners' stocks are empty ([[rule-teams]]).
        """,
        """
        Your stock has one card left, [SB]. Put it on any building pile, and you have won.
        """),
    "rule-stall": Rule(
        "When nobody can move (stall rule)",
        """
        Printed rules don't say what happens when a game gets stuck, so this is our own
        rule.

        A turn counts as stuck when, as it ends, the draw pile is empty, no finished piles
        are waiting to be shuffled into a new one, and the player has no card that fits on
        any building pile: not in the hand, not on top of the stock or of a discard pile
        (in teams, not among the partner's cards either).

        When every turn of a full round is stuck, one player after another, the game ends
        without a winner and nobody scores. The game tells you when this
        happens.
        """,
        """
        You play the computer. The draw pile is gone, nothing is set aside, every building
        pile needs a 9 or a 12, and neither of you has one, nor a Skip-Bo card. You
        discard, the computer discards: the round is over, and the game ends in a stall.
        """),
    "rule-game-end": Rule(
        "Other ways a game ends",
        """
        - A game that is given up ends at once without a winner; nobody scores.
        - As a last safety net, a game ends after {turn_limit} turns without a winner, and
          nobody scores. The stall rule normally ends a stuck game long before that.
        - Once a game is over, no more cards can be played: start the next game or a new
          one.
        """,
        """
        Turn {turn_limit} is over and nobody has emptied their stock: the game stops, and
        everybody gets 0 points.
        """),
    "rule-scoring": Rule(
        "Points and matches",
        """
        - The winner scores 25 points, plus 5 for every card still left in the other
          players' stocks.
        - A game without a winner scores 0 for everybody.
        - In a match you play game after game and add up the points. Whoever first reaches
          {target} points wins the match; you can set another target.
        - After each game of a match the dealer moves one seat to the left, so the next
          player starts the next game.
        """,
        """
        You win, and your two opponents still have 4 and 7 cards in their stocks:
        25 + 5 × 11 = 80 points.
        """),
    "rule-teams": Rule(
        "Playing in teams",
        """
        - With 4 or 6 players you can play in teams of two. Partners sit opposite each
          other.
        - On your turn you may also play your partner's top stock card and the top cards
          of your partner's discard piles onto building piles.
        - You discard only onto your own discard piles, and your partner's cards only ever
          go onto building piles.
        - Without teams, you play only from your own piles.
        - Once your stock is empty, you keep taking turns and can help your partner.
        - Your team wins when both your stocks are empty. Both partners score 25 points
          plus 5 for every card left in the opponents' stocks.
        """,
        """
        Your partner's stock shows [6], and a building pile needs a 6: you may play it for
        them, and their next stock card is turned face up.
        """),
    "rule-program": Rule(
        "What the program takes care of",
        """
        Printed rules carry penalties for slips at a real table: playing out of turn,
        drawing too many cards, partners talking about their cards. Here they aren't
        needed, because such slips cannot happen: only the player whose turn it is can
        move, the program draws exactly the cards that are due, and everyone sees only
        their own hand. A move that breaks a rule is simply refused, and the message says
        why.
        """,
        """
        You try to put your stock card on a discard pile: nothing changes, and the message
        explains the rule, with a link to it on this page.
        """),
    "rule-notation": Rule(
        "Move notation",
        """
        Game records write each move in a short form: `SOURCE>TARGET`, or `end`.

        - Source: `S` your stock card, `H5` a 5 from your hand (`H1` to `H12`; `HSB` a
          Skip-Bo card), `D2` the top of your discard pile 2 (`D1` to `D4`). In teams also
          `PS` and `PD1` to `PD4`: your partner's stock and discard piles.
        - Target: `B3` building pile 3 (`B1` to `B4`), or `D1` to `D4`: one of your discard
          piles (hand cards only; this ends your turn).
        - `end` ends a turn with an empty hand when nothing could be drawn.
        """,
        """
        - `S>B1`: your stock card onto building pile 1.
        - `HSB>B3`: a Skip-Bo card from your hand onto building pile 3.
        - `PD1>B2`: the top of your partner's discard pile 1 onto building pile 2.
        - `H9>D1`: a 9 onto your discard pile 1, which ends your turn.
        """),
}

DE: dict[str, Rule] = {
    "rule-aim": Rule(
        "Das Ziel",
        """
        Jeder hat einen eigenen Vorratsstapel. Wer als Erstes alle Karten daraus auf die
        Baustapel in der Mitte gelegt hat, gewinnt. Die Baustapel gehören allen und werden
        von 1 bis 12 aufgebaut.
        """,
        """
        Oben auf deinem Vorrat liegt [7]. Sobald ein Baustapel bis zur 6 reicht, kannst du
        die 7 darauflegen, und deine nächste Vorratskarte wird aufgedeckt.
        """),
    "rule-cards": Rule(
        "Die Karten",
        """
        - Das normale Spiel hat {deck} Karten: je zwölf von jeder Zahl von 1 bis 12 und
          dazu {wild} Skip-Bo-Karten.
        - Skip-Bo-Karten sind Joker: jede kann für jede beliebige Zahl stehen.
        - Eine ältere Ausgabe hat {wild_old} Skip-Bo-Karten ({deck_old} Karten insgesamt);
          du kannst sie beim Einrichten eines Spiels wählen.
        - Die Farben sind nur fürs Auge da: 1–4 blau, 5–8 grün, 9–12 rot. Für das Spiel
          sind sie ohne Bedeutung.
        """,
        """
        [1] und [4] sind blau, [5] und [8] grün, [9] und [12] rot, und [SB] ist eine
        Skip-Bo-Karte.
        """),
    "rule-faces": Rule(
        "Spielkarten-Bilder",
        """
        Dir gefallen gewöhnliche Spielkarten besser? Dann wähle beim Einrichten diese
        Kartenbilder: Die 1 wird zum Ass, die 11 zum Buben, die 12 zur Dame und die
        Skip-Bo-Karte zum König. Nur die Bilder ändern sich, die Regeln bleiben genau
        gleich. Mit gewöhnlichen Karten kennt man das Spiel auch als „Katz und Maus“.
        """,
        """
        [1|A] ist eine 1, [11|B] eine 11, [12|D] eine 12, und [SB|K] ist ein Joker, genau
        wie eine Skip-Bo-Karte.
        """),
    "rule-setup": Rule(
        "Vorbereitung",
        """
        - Es spielen 2 bis 6 Personen.
        - Alle bekommen einen Vorratsstapel: {stock_small} Karten bei 2–4 Spielern,
          {stock_large} bei 5 oder 6. Du kannst auch eine andere Größe von 1 bis
          {max_stock} wählen (ein kurzes Spiel hat 10), solange mindestens {min_draw}
          Karten für den Ziehstapel übrig bleiben.
        - Die Vorratsstapel werden reihum Karte für Karte ausgeteilt; jede Karte kommt oben
          auf den Vorrat des jeweiligen Spielers. Die übrigen Karten bilden in ihrer
          Reihenfolge den Ziehstapel.
        - Die oberste Karte jedes Vorratsstapels liegt von Anfang an offen; die Karten
          darunter bleiben verdeckt.
        - In der Mitte ist Platz für 4 Baustapel, zu Beginn leer. Außerdem hat jeder
          Spieler 4 eigene Ablagestapel, ebenfalls leer.
        - Es beginnt, wer links vom Geber sitzt.
        """,
        """
        Zwei Spieler mit je {stock_small} Karten: {dealt_2p} Karten werden ausgeteilt, die
        übrigen {draw_2p} bilden den Ziehstapel.
        """),
    "rule-turn": Rule(
        "Dein Zug Schritt für Schritt",
        """
        1. Zieh vom Ziehstapel, bis du fünf Karten auf der Hand hast. Bei deinem ersten Zug
           sind das fünf Karten.
        2. Leg so viele Karten auf die Baustapel, wie du möchtest, in beliebiger
           Reihenfolge. Jede Karte kommt oben von deinem Vorrat, aus deiner Hand oder oben
           von einem deiner Ablagestapel. Spielen musst du nie.
        3. Beende deinen Zug, indem du eine Handkarte auf einen deiner Ablagestapel legst.
           Dann ist der nächste Spieler an der Reihe.

        Spielen kannst du nur Karten, die wirklich da sind: Ein leerer Vorrat oder
        Ablagestapel gibt nichts her, und von der Hand spielst du nur Karten, die du auch
        hast.
        """,
        """
        Vom letzten Zug hast du noch [4] und [10], also ziehst du drei Karten und hast
        wieder fünf.
        """),
    "rule-building": Rule(
        "Baustapel",
        """
        - Ein Baustapel beginnt auf einem freien Platz mit einer 1 oder einer
          Skip-Bo-Karte.
        - Danach geht es Zahl für Zahl aufwärts: die 2 auf die 1, die 3 auf die 2, bis
          hinauf zur 12. Das Spiel zeigt an, welche Zahl jeder Stapel als Nächstes braucht.
        - Eine Skip-Bo-Karte zählt genau als die Zahl, die der Stapel braucht, auch als 12.
          Mehrere Skip-Bo-Karten dürfen aufeinander folgen.
        - Es gibt höchstens 4 Baustapel gleichzeitig. Sie gehören allen: Jeder darf auf
          jeden davon spielen.
        """,
        """
        - Der Stapel zeigt [1] [2] [3] [4] und braucht eine 5. Du hast [5] und [SB]: Beide
          passen.
        - [10] [SB=11] [SB=12]: Zwei Skip-Bo-Karten hintereinander zählen als 11 und 12 und
          machen den Stapel fertig.
        - Auf einen freien Platz passt nur eine [1] oder eine [SB]; eine [2] muss warten.
        """),
    "rule-complete": Rule(
        "Fertige Stapel",
        """
        Erreicht ein Stapel die 12, ist er fertig. Er räumt seinen Platz, sodass dort sofort
        ein neuer Stapel beginnen kann, und seine Karten werden beiseitegelegt.
        Skip-Bo-Karten darin sind danach wieder ganz normale Skip-Bo-Karten: Die Zahl, für
        die sie standen, galt nur auf diesem Stapel. Die beiseitegelegten Karten kommen
        später als neuer Ziehstapel zurück ([[rule-draw-pile]]).
        """,
        """
        Du legst [12] auf [9] [10] [11]: Der Stapel ist fertig und wird beiseitegelegt, und
        sein Platz ist wieder frei für eine [1] oder eine [SB].
        """),
    "rule-empty-hand": Rule(
        "Leere Hand: fünf nachziehen",
        """
        Hast du mitten im Zug alle Handkarten ausgespielt, bekommst du gleich fünf neue vom
        Ziehstapel und spielst weiter. Lässt sich in dem Moment nichts ziehen, machst du
        ohne Handkarten weiter; kann im selben Zug wieder gezogen werden (etwa weil du einen
        Stapel fertig machst), ziehst du deine fünf genau dann.
        """,
        """
        Du hast nur noch [6] auf der Hand, und ein Stapel braucht eine 6. Spiel sie aus:
        Deine Hand ist leer, also ziehst du fünf neue Karten und machst weiter.
        """),
    "rule-discard": Rule(
        "Ablegen beendet den Zug",
        """
        - Zum Schluss deines Zuges kommt eine deiner Handkarten aufgedeckt auf einen
          deiner vier Ablagestapel; damit ist der Zug vorbei.
        - Jede Handkarte ist erlaubt, auch eine Skip-Bo-Karte, und jeder deiner
          Ablagestapel. Leere Stapel musst du nicht zuerst belegen.
        - Später spielen kannst du nur die oberste Karte eines Ablagestapels.
        - Vorratskarten kommen nie auf einen Ablagestapel, und eine Karte von einem
          Ablagestapel darf nur auf einen Baustapel, nicht auf einen anderen Ablagestapel.
        """,
        """
        Auf deinem Ablagestapel liegt [11], darauf [7]: Nur die 7 kann gespielt werden. Die
        11 wird erst frei, wenn die 7 weg ist.
        """),
    "rule-end-empty": Rule(
        "Zugende mit leerer Hand",
        """
        Solange du eine Karte auf der Hand hast, beendest du deinen Zug durch Ablegen. Nur
        wenn deine Hand leer ist und nichts gezogen werden kann (der Ziehstapel ist
        aufgebraucht und keine fertigen Stapel warten aufs Mischen), beendest du den Zug
        ohne abzulegen. Das Spiel zeigt dir dafür einen Knopf.
        """,
        """
        Der Ziehstapel ist weg, und nichts liegt beiseite. Du spielst deine letzte
        Handkarte, [8]: Es gibt nichts zu ziehen, also beendest du den Zug mit leerer Hand.
        """),
    "rule-draw-pile": Rule(
        "Wenn der Ziehstapel leer ist",
        """
        Muss eine Karte gezogen werden und der Ziehstapel ist leer, werden alle bisher
        beiseitegelegten fertigen Stapel zu einem neuen Ziehstapel gemischt: erst in diesem
        Moment, nie früher. Liegt nichts beiseite, wird nichts gezogen, und alle spielen mit
        den Karten weiter, die sie haben.
        """,
        """
        Der Ziehstapel ist leer, und zwei fertige Stapel mit 24 Karten liegen beiseite. Du
        brauchst drei Karten: Die 24 werden zu einem neuen Ziehstapel gemischt, und du
        ziehst deine drei davon.
        """),
    "rule-winning": Rule(
        "Gewinnen",
        """
        Sobald deine letzte Vorratskarte auf einem Baustapel liegt, hast du gewonnen. Das
        Spiel endet genau in diesem Augenblick; ablegen musst du nicht mehr. Im Teamspiel gewinnt
        ein Team, sobald die Vorratsstapel beider Partner leer sind ([[rule-teams]]).
        """,
        """
        Auf deinem Vorrat liegt nur noch [SB]. Leg sie auf irgendeinen Baustapel, und du
        hast gewonnen.
        """),
    "rule-stall": Rule(
        "Wenn niemand weiterkommt (Patt-Regel)",
        """
        Die gedruckten Regeln sagen nicht, was passiert, wenn ein Spiel feststeckt; deshalb
        gilt hier unsere eigene Regel.

        Ein Zug gilt als festgefahren, wenn bei seinem Ende der Ziehstapel leer ist, keine
        fertigen Stapel zum Neumischen bereitliegen und der Spieler keine Karte hat, die
        auf einen Baustapel passt: weder auf der Hand noch oben auf dem Vorrat oder einem
        Ablagestapel (im Team auch nicht bei den Karten des Partners).

        Sind eine ganze Runde lang alle Züge nacheinander festgefahren, endet das Spiel
        ohne Sieger, und niemand bekommt Punkte. Das Spiel sagt dir
        Bescheid, wenn das passiert.
        """,
        """
        Du spielst gegen den Computer. Der Ziehstapel ist weg, nichts liegt beiseite, jeder
        Baustapel braucht eine 9 oder eine 12, und keiner von euch hat eine davon oder eine
        Skip-Bo-Karte. Du legst ab, der Computer legt ab: Die Runde ist vorbei, und das
        Spiel endet im Patt.
        """),
    "rule-game-end": Rule(
        "Wie ein Spiel sonst endet",
        """
        - Ein aufgegebenes Spiel endet sofort ohne Sieger; niemand bekommt Punkte.
        - Als letzte Sicherung endet ein Spiel nach {turn_limit} Zügen ohne Sieger, und
          niemand bekommt Punkte. Normalerweise beendet die Patt-Regel ein festgefahrenes
          Spiel lange vorher.
        - Ist ein Spiel vorbei, kann keine Karte mehr gespielt werden: Starte das nächste
          oder ein neues Spiel.
        """,
        """
        Zug {turn_limit} ist vorbei, und niemand hat seinen Vorrat geleert: Das Spiel
        endet, und alle bekommen 0 Punkte.
        """),
    "rule-scoring": Rule(
        "Punkte und Partien",
        """
        - Der Sieger bekommt 25 Punkte, dazu 5 Punkte pro Karte, die die anderen noch im
          Vorrat haben.
        - Ein Spiel ohne Sieger bringt allen 0 Punkte.
        - In einer Partie spielt ihr mehrere Spiele hintereinander und zählt die Punkte
          zusammen. Wer zuerst {target} Punkte erreicht, gewinnt die Partie; ihr könnt auch
          ein anderes Ziel einstellen.
        - Nach jedem Spiel einer Partie rückt der Geber einen Platz nach links, sodass der
          nächste Spieler das nächste Spiel beginnt.
        """,
        """
        Du gewinnst, und deine zwei Gegner haben noch 4 und 7 Karten im Vorrat:
        25 + 5 × 11 = 80 Punkte.
        """),
    "rule-teams": Rule(
        "Im Team spielen",
        """
        - Mit 4 oder 6 Spielern könnt ihr in Zweierteams spielen. Partner sitzen einander
          gegenüber.
        - In deinem Zug darfst du auch die oberste Vorratskarte deines Partners und die
          obersten Karten seiner Ablagestapel auf Baustapel spielen.
        - Ablegen darfst du nur auf deine eigenen Ablagestapel, und Karten deines Partners
          kommen immer nur auf Baustapel.
        - Ohne Teams spielst du nur von deinen eigenen Stapeln.
        - Ist dein Vorrat leer, kommst du trotzdem weiter an die Reihe und kannst deinem
          Partner helfen.
        - Euer Team gewinnt, wenn beide Vorratsstapel leer sind. Beide Partner bekommen 25
          Punkte, dazu 5 Punkte pro Karte, die die Gegner noch im Vorrat haben.
        """,
        """
        Oben auf dem Vorrat deines Partners liegt [6], und ein Baustapel braucht eine 6: Du
        darfst sie für ihn spielen, und seine nächste Vorratskarte wird aufgedeckt.
        """),
    "rule-program": Rule(
        "Was das Programm übernimmt",
        """
        Gedruckte Regeln kennen Strafen für Fehler am echten Tisch: außer der Reihe spielen,
        zu viele Karten ziehen, Absprachen zwischen Partnern. Hier braucht es sie nicht,
        weil solche Fehler gar nicht passieren können: Nur wer an der Reihe ist, kann
        spielen, das Programm zieht genau die fälligen Karten, und jeder sieht nur seine
        eigene Hand. Ein Zug gegen die Regeln wird einfach abgelehnt, und die Meldung sagt
        dir, warum.
        """,
        """
        Du versuchst, deine Vorratskarte auf einen Ablagestapel zu legen: Nichts ändert
        sich, und die Meldung erklärt die Regel, mit einem Link zu ihr auf dieser Seite.
        """),
    "rule-notation": Rule(
        "Zugnotation",
        """
        In Spielprotokollen steht jeder Zug in Kurzform: `QUELLE>ZIEL` oder `end`.

        - Quelle: `S` deine Vorratskarte, `H5` eine 5 aus deiner Hand (`H1` bis `H12`;
          `HSB` eine Skip-Bo-Karte), `D2` die oberste Karte deines Ablagestapels 2 (`D1`
          bis `D4`). Im Team außerdem `PS` und `PD1` bis `PD4`: Vorrat und Ablagestapel
          deines Partners.
        - Ziel: `B3` Baustapel 3 (`B1` bis `B4`) oder `D1` bis `D4`: einer deiner
          Ablagestapel (nur für Handkarten; das beendet den Zug).
        - `end` beendet einen Zug mit leerer Hand, wenn nichts gezogen werden konnte.
        """,
        """
        - `S>B1`: deine Vorratskarte auf Baustapel 1.
        - `HSB>B3`: eine Skip-Bo-Karte aus deiner Hand auf Baustapel 3.
        - `PD1>B2`: die oberste Karte von Ablagestapel 1 deines Partners auf Baustapel 2.
        - `H9>D1`: eine 9 auf deinen Ablagestapel 1; damit endet dein Zug.
        """),
}

DA: dict[str, Rule] = {
    "rule-aim": Rule(
        "Målet",
        """
        Alle har deres egen lagerbunke. Den, der først har lagt alle kortene fra den på
        byggebunkerne i midten, vinder. Byggebunkerne er fælles og bygges op fra 1 til 12.
        """,
        """
        Øverst på dit lager ligger [7]. Så snart en byggebunke er nået op på 6, kan du
        lægge 7'eren dér, og dit næste lagerkort bliver vendt.
        """),
    "rule-cards": Rule(
        "Kortene",
        """
        - Det almindelige spil har {deck} kort: tolv af hvert tal fra 1 til 12 og desuden
          {wild} Skip-Bo-kort.
        - Skip-Bo-kort er jokere: hvert af dem kan bruges som et hvilket som helst tal.
        - En ældre udgave har {wild_old} Skip-Bo-kort ({deck_old} kort i alt); den kan du
          vælge, når du sætter et spil op.
        - Farverne er kun en hjælp for øjet: 1–4 er blå, 5–8 grønne og 9–12 røde. De
          betyder intet for spillet.
        """,
        """
        [1] og [4] er blå, [5] og [8] grønne, [9] og [12] røde, og [SB] er et Skip-Bo-kort.
        """),
    "rule-faces": Rule(
        "Almindelige spillekort",
        """
        Kan du bedre lide almindelige spillekort? Så vælg dette udseende, når du sætter et
        spil op: 1 bliver til es, 11 til knægt, 12 til dame og Skip-Bo-kortet til konge.
        Kun billederne skifter; reglerne er nøjagtig de samme.
        """,
        """
        [1|E] er et 1-tal, [11|B] et 11-tal, [12|D] et 12-tal, og [SB|K] er joker ligesom
        et Skip-Bo-kort.
        """),
    "rule-setup": Rule(
        "Forberedelse",
        """
        - Man kan være 2 til 6 spillere.
        - Hver spiller får en lagerbunke: {stock_small} kort ved 2–4 spillere,
          {stock_large} ved 5 eller 6. Du kan også vælge en anden størrelse fra 1 til
          {max_stock} (et kort spil bruger 10), så længe der er mindst {min_draw} kort
          tilbage til trækbunken.
        - Lagerbunkerne deles ud ét kort ad gangen hele vejen rundt; hvert kort lægges
          øverst på den spillers lager. Resten af kortene bliver i samme rækkefølge til
          trækbunken.
        - Det øverste kort i hver lagerbunke vendes med det samme; kortene nedenunder
          forbliver skjulte.
        - I midten er der plads til 4 byggebunker, som er tomme fra start. Hver spiller har
          desuden 4 afkastbunker, også tomme.
        - Spilleren til venstre for giveren begynder.
        """,
        """
        To spillere med {stock_small} kort hver: {dealt_2p} kort deles ud, og de øvrige
        {draw_2p} bliver til trækbunken.
        """),
    "rule-turn": Rule(
        "Din tur trin for trin",
        """
        1. Træk fra trækbunken, til du har fem kort på hånden. I din første tur er det fem
           kort.
        2. Læg så mange kort på byggebunkerne, som du har lyst til, i den rækkefølge du
           vil. Hvert kort
           kommer fra toppen af dit lager, fra din hånd eller fra toppen af en af dine
           afkastbunker. Du er aldrig tvunget til at spille.
        3. Til sidst lægger du et håndkort på en af dine afkastbunker; dermed er din tur
           slut, og den næste spiller tager over.

        Du kan kun spille kort, der virkelig er der: En tom lager- eller afkastbunke har
        intet at give, og fra hånden kan du kun spille de kort, du har.
        """,
        """
        Fra sidste tur har du stadig [4] og [10], så du trækker tre kort og har fem igen.
        """),
    "rule-building": Rule(
        "Byggebunker",
        """
        - En byggebunke begynder på en tom plads med et 1-tal eller et Skip-Bo-kort.
        - Derpå skal hvert nyt kort være præcis ét højere end det øverste: 2 på 1, 3 på 2,
          helt op til 12. Spillet viser, hvilket tal hver bunke mangler som det næste.
        - Et Skip-Bo-kort tæller som præcis det tal, bunken mangler, også 12. Flere
          Skip-Bo-kort må gerne komme lige efter hinanden.
        - Der er højst 4 byggebunker ad gangen. De er fælles: Alle må spille på dem alle.
        """,
        """
        - Bunken viser [1] [2] [3] [4] og mangler et 5-tal. Du har [5] og [SB]: Begge
          passer.
        - [10] [SB=11] [SB=12]: To Skip-Bo-kort i træk tæller som 11 og 12 og gør bunken
          færdig.
        - På en tom plads passer kun [1] eller [SB]; et [2] må vente.
        """),
    "rule-complete": Rule(
        "Færdige bunker",
        """
        En bunke, der er nået op til 12, er færdig. Den forlader sin plads, så en ny bunke kan
        begynde der med det samme, og dens kort lægges til side. Skip-Bo-kort i den er
        derefter almindelige Skip-Bo-kort igen: Det tal, de stod for, gjaldt kun på den
        bunke. Kortene, der er lagt til side, kommer senere tilbage som en ny trækbunke
        ([[rule-draw-pile]]).
        """,
        """
        Du lægger [12] på [9] [10] [11]: Bunken er færdig og ryger til side, og pladsen står
        tom og venter på [1] eller [SB].
        """),
    "rule-empty-hand": Rule(
        "Tom hånd: træk fem",
        """
        Har du spillet hele hånden ud midt i din tur, tager du fem nye kort fra trækbunken
        på én gang og spiller videre. Kan der ikke trækkes noget lige da, fortsætter du uden kort
        på hånden; bliver det muligt at trække igen i samme tur (fx fordi du gør en bunke
        færdig), trækker du dine fem i det øjeblik.
        """,
        """
        Du har kun [6] på hånden, og en bunke mangler 6. Spil det: Nu er hånden tom, så du
        får fem friske kort og spiller videre.
        """),
    "rule-discard": Rule(
        "Afkast afslutter turen",
        """
        - Turen slutter, når et af dine håndkort er lagt med billedsiden opad på en
          afkastbunke; du har fire at vælge imellem.
        - Ethvert håndkort er tilladt, også Skip-Bo-kort, og på hvilken som helst af dine
          afkastbunker. Du behøver ikke at fylde de tomme bunker først.
        - Senere kan du kun spille det kort, der ligger øverst i en afkastbunke.
        - Lagerkort kommer aldrig på en afkastbunke, og et kort fra en afkastbunke må kun
          lægges på en byggebunke, ikke på en anden afkastbunke.
        """,
        """
        I din afkastbunke ligger [11] med [7] øverst: Kun 7'eren kan spilles. 11'eren
        bliver først fri, når 7'eren er væk.
        """),
    "rule-end-empty": Rule(
        "Afslut turen med tom hånd",
        """
        Så længe du har et kort på hånden, afslutter du turen ved at lægge et kort i
        afkast. Kun hvis hånden er tom, og der ikke kan trækkes noget (trækbunken er brugt
        op, og der ligger ingen færdige bunker, der kan blandes), afslutter du turen uden
        afkast. Spillet viser så en knap til det.
        """,
        """
        Trækbunken er væk, og intet ligger til side. Du spiller dit sidste håndkort, [8]:
        Der er intet at trække, så du afslutter turen med tom hånd.
        """),
    "rule-draw-pile": Rule(
        "Når trækbunken slipper op",
        """
        Skal der trækkes et kort, og trækbunken er tom, blandes alle de færdige bunker, der
        er lagt til side indtil da, til en ny trækbunke: først i det øjeblik, aldrig før.
        Ligger der intet til side, trækkes der ikke, og alle spiller videre med de kort, de
        har.
        """,
        """
        Trækbunken er tom, og to færdige bunker, 24 kort, ligger til side. Du skal bruge
        tre kort: De 24 blandes til en ny trækbunke, og du trækker dine tre fra den.
        """),
    "rule-winning": Rule(
        "At vinde",
        """
        Du vinder i det øjeblik, du spiller det sidste kort fra din lagerbunke. Spillet
        slutter med det samme; du skal ikke lægge noget i afkast. Når der spilles på hold,
        vinder holdet, så snart begge makkeres lagerbunker er tomme ([[rule-teams]]).
        """,
        """
        Dit lager har kun [SB] tilbage. Læg det på en hvilken som helst byggebunke, og du
        har vundet.
        """),
    "rule-stall": Rule(
        "Når ingen kan komme videre (dødvande)",
        """
        De trykte regler siger ikke, hvad der sker, når et spil går i stå, så her gælder
        vores egen regel.

        En tur tæller som fastlåst, når trækbunken er tom, idet turen slutter, der ikke
        ligger færdige bunker klar til at blive blandet, og spilleren ikke har et eneste
        kort, der passer på en byggebunke: hverken på hånden, øverst på lageret eller på en
        afkastbunke (på hold heller ikke blandt makkerens kort).

        Er alle ture i en hel runde fastlåste, den ene spiller efter den anden, slutter
        spillet uden vinder, og ingen får point. Spillet giver besked, når det
        sker.
        """,
        """
        Du spiller mod computeren. Trækbunken er væk, intet ligger til side, hver
        byggebunke mangler 9 eller 12, og ingen af jer har et af dem eller et Skip-Bo-kort.
        Du lægger i afkast, computeren lægger i afkast: Runden er omme, og spillet ender i
        dødvande.
        """),
    "rule-game-end": Rule(
        "Andre måder et spil kan slutte på",
        """
        - Et spil, der bliver opgivet, slutter straks uden vinder; ingen får point.
        - Som en sidste sikring slutter et spil efter {turn_limit} ture uden vinder, og
          ingen får point. Normalt har dødvandereglen stoppet et fastlåst spil længe før.
        - Når et spil er slut, kan der ikke spilles flere kort: Start det næste eller et
          nyt spil.
        """,
        """
        Tur {turn_limit} er forbi, og ingen har tømt sit lager: Spillet stopper, og alle
        får 0 point.
        """),
    "rule-scoring": Rule(
        "Point og kampe",
        """
        - Vinderen får 25 point plus 5 for hvert kort, der stadig ligger i de andre
          spilleres lagerbunker.
        - Et spil uden vinder giver 0 point til alle.
        - I en kamp spiller I flere spil efter hinanden og lægger pointene sammen. Den, der
          først når {target} point, vinder kampen; I kan også vælge et andet mål.
        - Efter hvert spil i en kamp rykker giveren én plads til venstre, så den næste
          spiller begynder det næste spil.
        """,
        """
        Du vinder, og dine to modstandere har stadig 4 og 7 kort på lageret:
        25 + 5 × 11 = 80 point.
        """),
    "rule-teams": Rule(
        "Spil på hold",
        """
        - Med 4 eller 6 spillere kan I spille på hold af to. Makkere sidder over for
          hinanden.
        - I din tur må du også spille det øverste kort på din makkers lager og de øverste
          kort på makkerens afkastbunker på byggebunkerne.
        - Du må kun lægge afkast på dine egne afkastbunker, og din makkers kort kommer kun
          på byggebunker.
        - Uden hold spiller du kun fra dine egne bunker.
        - Når dit lager er tomt, får du stadig dine ture og kan hjælpe din makker.
        - Jeres hold vinder, når begge jeres lagerbunker er tomme. Begge makkere får 25
          point plus 5 for hvert kort, der er tilbage i modstandernes lagerbunker.
        """,
        """
        Øverst på din makkers lager ligger [6], og en byggebunke mangler 6: Du må spille
        det for makkeren, og makkerens næste lagerkort bliver vendt.
        """),
    "rule-program": Rule(
        "Det klarer programmet",
        """
        Trykte regler har straffe for fejl ved et rigtigt bord: at spille, når det ikke er
        ens tur, at trække for mange kort, eller at makkere snakker om deres kort. Her er
        der ikke brug for dem, for den slags fejl kan slet ikke ske: Kun den, hvis tur det
        er, kan spille, programmet trækker præcis de kort, man skal have, og hver spiller
        ser kun sin egen hånd. Et træk, der bryder en regel, bliver bare afvist, og
        beskeden fortæller hvorfor.
        """,
        """
        Du prøver at lægge dit lagerkort på en afkastbunke: Intet ændrer sig, og beskeden
        forklarer reglen med et link til den her på siden.
        """),
    "rule-notation": Rule(
        "Notation for træk",
        """
        Spilprotokoller skriver hvert træk i kort form: `KILDE>MÅL` eller `end`.

        - Kilde: `S` dit lagerkort, `H5` et 5-tal fra hånden (`H1` til `H12`; `HSB` et
          Skip-Bo-kort), `D2` det øverste kort i din afkastbunke 2 (`D1` til `D4`). På hold
          også `PS` og `PD1` til `PD4`: makkerens lager og afkastbunker.
        - Mål: `B3` byggebunke 3 (`B1` til `B4`) eller `D1` til `D4`: en af dine
          afkastbunker (kun håndkort; det afslutter turen).
        - `end` afslutter en tur med tom hånd, når der ikke kunne trækkes noget.
        """,
        """
        - `S>B1`: dit lagerkort på byggebunke 1.
        - `HSB>B3`: et Skip-Bo-kort fra hånden på byggebunke 3.
        - `PD1>B2`: det øverste kort fra makkerens afkastbunke 1 på byggebunke 2.
        - `H9>D1`: et 9-tal på din afkastbunke 1, hvilket afslutter turen.
        """),
}

RULES: dict[str, dict[str, Rule]] = {"en": EN, "de": DE, "da": DA}
