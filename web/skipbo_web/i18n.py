"""Every text a player reads, in English, German and Danish.

``t(lang, key, **args)`` formats one entry. Engine error codes map to ``illegal.<code>``
and game-end reasons to ``end.<reason>``. Arguments named ``card`` print as card
faces and ``source`` (move notation such as ``"H5"``, ``"S"``, ``"PD2"``) as words;
``faces="cards"`` draws playing-card names (A, J, Q, King) instead of numbers.
"""

from __future__ import annotations

from typing import Any, Iterable

DEFAULT = "en"

EN: dict[str, str] = {
    "lang.name": "English",
    "title": "Skip-Bo",
    "getting_ready": "Shuffling the cards…",
    "version": "engine {version}",

    # the bar
    "bar.new": "New game",
    "bar.help": "Keys and rules",
    "bar.speed": "Computer speed",
    "bar.language": "Language",
    "speed.0": "instant",
    "speed.1": "fast",
    "speed.2": "normal",
    "speed.3": "slow",

    # names
    "name.you": "You",
    "name.player": "Player {n}",
    "name.ai": "Computer",
    "name.ai_n": "Computer {n}",
    "level.easy": "easy",
    "level.medium": "medium",
    "level.hard": "hard",
    "level.expert": "expert",
    "who.ai": "{name} ({level})",
    "team.with": "team with {name}",

    # cards
    "card.SB": "Skip-Bo",
    "card.wild": "Skip-Bo card (wild)",
    "card.number": "{n}, {colour}",
    "colour.blue": "blue",
    "colour.green": "green",
    "colour.red": "red",
    "face.1": "A",
    "face.11": "J",
    "face.12": "Q",
    "face.wild": "K",
    "face_name.1": "Ace",
    "face_name.11": "Jack",
    "face_name.12": "Queen",
    "face_name.wild": "King (wild)",
    "card.back": "a card face down",

    # the table
    "table.label": "Card table",
    "building.title": "Building piles",
    "building.needs": "needs {n}",
    "building.aria": "Building pile {n}, top card {top}, needs {needs}",
    "building.aria_empty": "Building pile {n}, empty, needs {needs}: a 1 or a Skip-Bo card starts it",
    "draw.title": "Draw pile",
    "draw.count": "{count} to draw",
    "draw.completed": "{count} set aside",
    "draw.aria": "Draw pile: {count} cards; {done} cards in finished piles set aside",
    "stock.title": "Stock",
    "stock.left": "{count} left",
    "stock.aria": "{name}: stock pile, {count} cards, top card {what}",
    "stock.aria_empty": "{name}: stock pile is empty",
    "discard.title": "Discard {n}",
    "discard.aria": "{name}: discard pile {n}, {count} cards, top card {what}",
    "discard.aria_empty": "{name}: discard pile {n}, empty",
    "hand.title": "Hand",
    "hand.aria": "Your hand",
    "hand.count": "{count} in hand",
    "hand.hidden": "Hand hidden",
    "hand.card_aria": "Hand card {what}",
    "turn.now": "to move",
    "score.points": "{points} points",
    "end_turn": "End turn (nothing left to draw)",
    "cards_left": "{count} stock cards left",

    # the message line
    "msg.welcome": "Welcome!",
    "msg.your_turn": "Your turn: pick a card, then a pile that lights up.",
    "msg.your_turn_named": "{name}, your turn: pick a card, then a pile that lights up.",
    "msg.ai_turn": "{name} is playing…",
    "msg.pass_device": "Pass the device to {name}.",
    "msg.picked": "{source} picked up: choose a pile that lights up (Esc puts it back).",
    "msg.picked_nowhere": "{source} picked up, but it fits nowhere right now (Esc puts it back).",
    "msg.pick_source": "First pick a card: your stock, a hand card or the top of a discard pile.",
    "msg.not_your_turn": "Please wait: it is {name}'s turn.",
    "msg.not_yours": "That pile belongs to {name}: you can only play from your own piles.",
    "msg.not_yours_teams": "That pile belongs to {name}: you can play from your own piles and your partner's.",
    "msg.cancelled": "Card put back.",
    "msg.game_over": "This game is over.",
    "msg.invalid": "That is not a move.",

    # illegal moves (engine codes)
    "illegal": "That move is not allowed.",
    "illegal.game-over": "The game is already over.",
    "illegal.no-teams": "Without teams you can only play from your own piles.",
    "illegal.empty-source": "{source} is empty: there is no card to play.",
    "illegal.not-in-hand": "There is no {card} in your hand.",
    "illegal.wrong-number": "Building pile {pile} needs a {needs} - this is a {card}.",
    "illegal.stock-to-discard": "Stock cards cannot go to a discard pile - only onto building piles.",
    "illegal.discard-to-discard": "A card from a discard pile can only go onto a building pile.",
    "illegal.partner-to-discard": "Your partner's cards can only go onto building piles.",
    "illegal.end-with-cards": "You still hold {hand} cards: end your turn by putting one on a discard pile.",

    # sources in words
    "src.S": "Your stock card",
    "src.H": "Your {card}",
    "src.D": "Your discard pile {n}",
    "src.PS": "Your partner's stock card",
    "src.PD": "Your partner's discard pile {n}",

    # the end of a game
    "end.title": "Game over",
    "end.you_won": "You won!",
    "end.won": "{name} wins!",
    "end.team_won": "{names} win together!",
    "end.nobody": "Nobody wins this game.",
    "end.stock-empty": "{name} played the last card of the stock pile.",
    "end.stock-empty_team": "Both stock piles of the team are empty; {name} played the last card.",
    "end.stalled": "The game is stuck, so it ends without a winner and nobody scores. "
                   "Our stall rule: when the draw pile is used up, no finished piles are left "
                   "to shuffle into a new one, and for one full round no player could put a "
                   "single card onto a building pile, the game ends.",
    "end.resigned": "The game was given up; nobody scores.",
    "end.turn-limit": "The game reached {limit} turns and ends without a winner; nobody scores.",
    "end.points": "Points this game",
    "end.totals": "Match standings (first to {target})",
    "end.match_won": "{name} wins the match with {points} points!",
    "end.player": "Player",
    "end.this_game": "This game",
    "end.total": "Total",
    "end.next_game": "Next game",
    "end.new_match": "New match",
    "end.play_again": "Play again",
    "end.settings": "Change settings",
    "end.show_table": "Look at the table",
    "end.show_result": "Show the result",

    # hot-seat
    "curtain.title": "Pass the device to {name}",
    "curtain.body": "Everyone else, please look away: {name}'s cards are about to show.",
    "curtain.show": "I am {name}: show my cards",

    # notices
    "notice.bad_save": "The saved game could not be read (it is damaged or from another "
                       "version of this page), so a new game starts.",
    "notice.bad_url": "Some options in the address were not understood ({names}): "
                      "their defaults are used.",
    "notice.no_storage": "This browser does not let the page save: the game will not survive a reload.",
    "notice.close": "Dismiss",

    # the new-game screen
    "setup.title": "New game",
    "setup.players": "Players",
    "setup.seat": "Seat {n}",
    "setup.name": "Name",
    "setup.name_placeholder": "Name for seat {n}",
    "setup.kind": "Played by",
    "kind.human": "a person on this device",
    "kind.easy": "the computer, easy",
    "kind.medium": "the computer, medium",
    "kind.hard": "the computer, hard",
    "kind.expert": "the computer, expert",
    "setup.stock": "Stock pile",
    "stock.default": "Standard ({n} cards)",
    "stock.short": "Short game (10 cards)",
    "stock.custom": "Other size",
    "setup.stock_size": "Cards in each stock pile (1 to {most})",
    "setup.teams": "Play in teams of two (partners sit opposite)",
    "setup.teams_legend": "Teams",
    "setup.teams_hint": "Teams need 4 or 6 players.",
    "setup.deck": "Deck",
    "deck.18": "162 cards with 18 Skip-Bo cards",
    "deck.24": "168 cards with 24 Skip-Bo cards (older edition)",
    "setup.faces": "Card faces",
    "faces.skipbo": "Skip-Bo: numbers 1 to 12",
    "faces.cards": "Playing cards: A, 2 to 10, J, Q, King wild",
    "setup.mode": "How long",
    "mode.single": "One game",
    "mode.match": "A match: games until someone reaches the target score",
    "setup.target": "Target score",
    "setup.language": "Language",
    "setup.start": "Deal the cards",
    "setup.cancel": "Back to the game",
    "setup.error": "Please check: {fields}.",
    "field.players": "number of players",
    "field.stock": "stock size (1 to {most} for {players} players)",
    "field.teams": "teams (4 or 6 players only)",
    "field.target": "target score (a whole number from 1)",
    "field.wild_cards": "deck",
    "field.faces": "card faces",
    "field.kind": "who plays seat {n}",

    # help sheet
    "help.title": "How to play",
    "help.goal": "Be the first to get rid of your whole stock pile.",
    "help.rule_build": "The four building piles in the middle belong to everybody. Each starts "
                       "with a 1 and goes up one number at a time to 12; then it is cleared away. "
                       "The number on each pile tells which card it needs next.",
    "help.rule_wild": "A Skip-Bo card can stand in for any number.",
    "help.rule_turn": "At the start of your turn you fill your hand up to five cards. Play as many "
                      "cards as you like from your stock, your hand or the tops of your discard "
                      "piles. Empty your hand and you draw five more. Your turn ends when you put "
                      "a hand card on one of your four discard piles.",
    "help.rule_stock": "Stock cards never go to a discard pile.",
    "help.rule_teams": "In teams you may also play your partner's stock card and the tops of "
                       "your partner's discard piles; you win when both stock piles are empty.",
    "help.rule_stall": "If the draw pile runs out, nothing is left to reshuffle, and a whole "
                       "round passes with no card played on a building pile, the game ends without a winner.",
    "help.rule_score": "The winner scores 25 points plus 5 for each card left in the other "
                       "players' stock piles.",
    "help.controls": "Controls",
    "help.click": "Click or tap a card, then the pile it should go to. Piles where it may go light up.",
    "help.drag": "Or drag the card onto the pile, with the mouse or a finger.",
    "help.keys": "Keys",
    "key.arrows": "Arrow keys",
    "key.arrows_do": "move between cards and piles",
    "key.enter": "Enter or Space",
    "key.enter_do": "pick up the card in focus, or put the picked card on the pile in focus",
    "key.escape": "Esc",
    "key.escape_do": "put the picked card back, or close this sheet",
    "key.stock": "S",
    "key.stock_do": "pick up your stock card",
    "key.hand": "1 to 5",
    "key.hand_do": "pick up a hand card",
    "key.discard": "Shift+1 to Shift+4",
    "key.discard_do": "go to your discard pile 1 to 4",
    "key.build": "B",
    "key.build_do": "go to the building piles",
    "key.help": "?",
    "key.help_do": "open this sheet",
    "key.new": "N",
    "key.new_do": "new game",
    "help.close": "Close",

    # the move log
    "log.title": "Moves",
    "log.build": "{name}: {card} onto building pile {pile}",
    "log.build_stock": "{name}: {card} from the stock onto building pile {pile}",
    "log.discard": "{name}: {card} onto discard pile {pile}",
    "log.end": "{name}: turn over, no cards left",
}

DE: dict[str, str] = {
    "lang.name": "Deutsch",
    "title": "Skip-Bo",
    "getting_ready": "Die Karten werden gemischt…",
    "version": "Engine {version}",
    "bar.new": "Neues Spiel",
    "bar.help": "Tasten und Regeln",
    "bar.speed": "Tempo des Computers",
    "bar.language": "Sprache",
    "speed.0": "sofort",
    "speed.1": "schnell",
    "speed.2": "normal",
    "speed.3": "langsam",
    "name.you": "Du",
    "name.player": "Spieler {n}",
    "name.ai": "Computer",
    "name.ai_n": "Computer {n}",
    "level.easy": "leicht",
    "level.medium": "mittel",
    "level.hard": "schwer",
    "level.expert": "Profi",
    "who.ai": "{name} ({level})",
    "team.with": "im Team mit {name}",
    "card.SB": "Skip-Bo",
    "card.wild": "Skip-Bo-Karte (Joker)",
    "card.number": "{n}, {colour}",
    "colour.blue": "blau",
    "colour.green": "grün",
    "colour.red": "rot",
    "face.1": "A",
    "face.11": "B",
    "face.12": "D",
    "face.wild": "K",
    "face_name.1": "Ass",
    "face_name.11": "Bube",
    "face_name.12": "Dame",
    "face_name.wild": "König (Joker)",
    "card.back": "eine verdeckte Karte",
    "table.label": "Spieltisch",
    "building.title": "Baustapel",
    "building.needs": "braucht {n}",
    "building.aria": "Baustapel {n}, oben {top}, braucht {needs}",
    "building.aria_empty": "Baustapel {n}, leer, braucht {needs}: eine 1 oder eine Skip-Bo-Karte beginnt ihn",
    "draw.title": "Ziehstapel",
    "draw.count": "{count} zum Ziehen",
    "draw.completed": "{count} beiseite",
    "draw.aria": "Ziehstapel: {count} Karten; {done} Karten fertiger Stapel liegen beiseite",
    "stock.title": "Vorrat",
    "stock.left": "noch {count}",
    "stock.aria": "{name}: Vorratsstapel, {count} Karten, oben {what}",
    "stock.aria_empty": "{name}: Vorratsstapel ist leer",
    "discard.title": "Ablage {n}",
    "discard.aria": "{name}: Ablagestapel {n}, {count} Karten, oben {what}",
    "discard.aria_empty": "{name}: Ablagestapel {n}, leer",
    "hand.title": "Hand",
    "hand.aria": "Deine Handkarten",
    "hand.count": "{count} auf der Hand",
    "hand.hidden": "Hand verdeckt",
    "hand.card_aria": "Handkarte {what}",
    "turn.now": "ist dran",
    "score.points": "{points} Punkte",
    "end_turn": "Zug beenden (nichts mehr zu ziehen)",
    "cards_left": "noch {count} Vorratskarten",
    "msg.welcome": "Willkommen!",
    "msg.your_turn": "Du bist dran: wähle eine Karte, dann einen leuchtenden Stapel.",
    "msg.your_turn_named": "{name}, du bist dran: wähle eine Karte, dann einen leuchtenden Stapel.",
    "msg.ai_turn": "{name} spielt…",
    "msg.pass_device": "Gib das Gerät an {name} weiter.",
    "msg.picked": "{source} aufgenommen: wähle einen leuchtenden Stapel (Esc legt sie zurück).",
    "msg.picked_nowhere": "{source} aufgenommen, passt aber gerade nirgends hin (Esc legt sie zurück).",
    "msg.pick_source": "Wähle zuerst eine Karte: Vorrat, Handkarte oder die oberste Karte einer Ablage.",
    "msg.not_your_turn": "Bitte warten: {name} ist am Zug.",
    "msg.not_yours": "Dieser Stapel gehört {name}: du spielst nur von deinen eigenen Stapeln.",
    "msg.not_yours_teams": "Dieser Stapel gehört {name}: du spielst von deinen Stapeln und denen deines Partners.",
    "msg.cancelled": "Karte zurückgelegt.",
    "msg.game_over": "Dieses Spiel ist vorbei.",
    "msg.invalid": "Das ist kein Zug.",
    "illegal": "Dieser Zug ist nicht erlaubt.",
    "illegal.game-over": "Das Spiel ist schon vorbei.",
    "illegal.no-teams": "Ohne Teams spielst du nur von deinen eigenen Stapeln.",
    "illegal.empty-source": "{source} ist leer: da liegt keine Karte.",
    "illegal.not-in-hand": "Du hast keine {card} auf der Hand.",
    "illegal.wrong-number": "Baustapel {pile} braucht eine {needs} - das ist eine {card}.",
    "illegal.stock-to-discard": "Vorratskarten dürfen nicht auf eine Ablage - nur auf Baustapel.",
    "illegal.discard-to-discard": "Eine Karte von einer Ablage darf nur auf einen Baustapel.",
    "illegal.partner-to-discard": "Karten deines Partners dürfen nur auf Baustapel.",
    "illegal.end-with-cards": "Du hast noch {hand} Karten: beende den Zug, indem du eine ablegst.",
    "src.S": "Deine Vorratskarte",
    "src.H": "Deine {card}",
    "src.D": "Deine Ablage {n}",
    "src.PS": "Die Vorratskarte deines Partners",
    "src.PD": "Die Ablage {n} deines Partners",
    "end.title": "Spielende",
    "end.you_won": "Du hast gewonnen!",
    "end.won": "{name} gewinnt!",
    "end.team_won": "{names} gewinnen gemeinsam!",
    "end.nobody": "Dieses Spiel hat keinen Sieger.",
    "end.stock-empty": "{name} hat die letzte Karte des Vorratsstapels gespielt.",
    "end.stock-empty_team": "Beide Vorratsstapel des Teams sind leer; {name} hat die letzte Karte gespielt.",
    "end.stalled": "Das Spiel steckt fest: es endet ohne Sieger, und niemand bekommt Punkte. "
                   "Unsere Regel dafür: ist der Ziehstapel aufgebraucht, gibt es keine fertigen "
                   "Stapel mehr zum Neumischen, und kann eine ganze Runde lang niemand eine Karte "
                   "auf einen Baustapel legen, dann ist das Spiel zu Ende.",
    "end.resigned": "Das Spiel wurde aufgegeben; niemand bekommt Punkte.",
    "end.turn-limit": "Das Spiel hat {limit} Züge erreicht und endet ohne Sieger; niemand bekommt Punkte.",
    "end.points": "Punkte in diesem Spiel",
    "end.totals": "Stand der Partie (Ziel: {target})",
    "end.match_won": "{name} gewinnt die Partie mit {points} Punkten!",
    "end.player": "Spieler",
    "end.this_game": "Dieses Spiel",
    "end.total": "Gesamt",
    "end.next_game": "Nächstes Spiel",
    "end.new_match": "Neue Partie",
    "end.play_again": "Noch einmal",
    "end.settings": "Einstellungen ändern",
    "end.show_table": "Tisch ansehen",
    "end.show_result": "Ergebnis zeigen",
    "curtain.title": "Gib das Gerät an {name}",
    "curtain.body": "Alle anderen bitte wegsehen: gleich werden die Karten von {name} gezeigt.",
    "curtain.show": "Ich bin {name}: zeig meine Karten",
    "notice.bad_save": "Das gespeicherte Spiel ließ sich nicht lesen (beschädigt oder von einer "
                       "anderen Version dieser Seite), darum beginnt ein neues Spiel.",
    "notice.bad_url": "Einige Angaben in der Adresse waren unverständlich ({names}): "
                      "es gelten die Standardwerte.",
    "notice.no_storage": "Dieser Browser lässt die Seite nicht speichern: das Spiel übersteht kein Neuladen.",
    "notice.close": "Schließen",
    "setup.title": "Neues Spiel",
    "setup.players": "Spieler",
    "setup.seat": "Platz {n}",
    "setup.name": "Name",
    "setup.name_placeholder": "Name für Platz {n}",
    "setup.kind": "Gespielt von",
    "kind.human": "einem Menschen an diesem Gerät",
    "kind.easy": "dem Computer, leicht",
    "kind.medium": "dem Computer, mittel",
    "kind.hard": "dem Computer, schwer",
    "kind.expert": "dem Computer, Profi",
    "setup.stock": "Vorratsstapel",
    "stock.default": "Standard ({n} Karten)",
    "stock.short": "Kurzes Spiel (10 Karten)",
    "stock.custom": "Andere Größe",
    "setup.stock_size": "Karten je Vorratsstapel (1 bis {most})",
    "setup.teams": "In Zweierteams spielen (Partner sitzen gegenüber)",
    "setup.teams_legend": "Teams",
    "setup.teams_hint": "Teams gibt es nur mit 4 oder 6 Spielern.",
    "setup.deck": "Kartenspiel",
    "deck.18": "162 Karten mit 18 Skip-Bo-Karten",
    "deck.24": "168 Karten mit 24 Skip-Bo-Karten (ältere Ausgabe)",
    "setup.faces": "Kartenbilder",
    "faces.skipbo": "Skip-Bo: Zahlen 1 bis 12",
    "faces.cards": "Spielkarten: A, 2 bis 10, B, D, König als Joker",
    "setup.mode": "Wie lange",
    "mode.single": "Ein Spiel",
    "mode.match": "Eine Partie: Spiele, bis jemand die Zielpunktzahl erreicht",
    "setup.target": "Zielpunktzahl",
    "setup.language": "Sprache",
    "setup.start": "Karten austeilen",
    "setup.cancel": "Zurück zum Spiel",
    "setup.error": "Bitte prüfen: {fields}.",
    "field.players": "Anzahl der Spieler",
    "field.stock": "Größe des Vorrats (1 bis {most} bei {players} Spielern)",
    "field.teams": "Teams (nur mit 4 oder 6 Spielern)",
    "field.target": "Zielpunktzahl (eine ganze Zahl ab 1)",
    "field.wild_cards": "Kartenspiel",
    "field.faces": "Kartenbilder",
    "field.kind": "wer Platz {n} spielt",
    "help.title": "So wird gespielt",
    "help.goal": "Wer zuerst seinen ganzen Vorratsstapel los ist, gewinnt.",
    "help.rule_build": "Die vier Baustapel in der Mitte gehören allen. Jeder beginnt mit einer 1 "
                       "und steigt Zahl für Zahl bis 12; dann wird er abgeräumt. Die Zahl an jedem "
                       "Stapel sagt, welche Karte er als Nächstes braucht.",
    "help.rule_wild": "Eine Skip-Bo-Karte kann jede Zahl ersetzen.",
    "help.rule_turn": "Zu Beginn deines Zuges füllst du deine Hand auf fünf Karten auf. Spiele so "
                      "viele Karten, wie du willst, vom Vorrat, von der Hand oder oben von deinen "
                      "Ablagen. Ist die Hand leer, ziehst du fünf neue. Dein Zug endet, wenn du eine "
                      "Handkarte auf eine deiner vier Ablagen legst.",
    "help.rule_stock": "Vorratskarten kommen nie auf eine Ablage.",
    "help.rule_teams": "Im Team darfst du auch die Vorratskarte deines Partners und die obersten "
                       "Karten seiner Ablagen spielen; ihr gewinnt, wenn beide Vorratsstapel leer sind.",
    "help.rule_stall": "Ist der Ziehstapel leer, bleibt nichts zum Neumischen, und vergeht eine "
                       "ganze Runde ohne Karte auf einem Baustapel, endet das Spiel ohne Sieger.",
    "help.rule_score": "Der Sieger bekommt 25 Punkte und 5 für jede Karte, die in den "
                       "Vorratsstapeln der anderen übrig ist.",
    "help.controls": "Bedienung",
    "help.click": "Klicke oder tippe auf eine Karte, dann auf den Stapel, auf den sie soll. "
                  "Erlaubte Stapel leuchten auf.",
    "help.drag": "Oder zieh die Karte mit der Maus oder dem Finger auf den Stapel.",
    "help.keys": "Tasten",
    "key.arrows": "Pfeiltasten",
    "key.arrows_do": "zwischen Karten und Stapeln wechseln",
    "key.enter": "Eingabe oder Leertaste",
    "key.enter_do": "die Karte im Fokus aufnehmen oder die aufgenommene Karte auf den Stapel im Fokus legen",
    "key.escape": "Esc",
    "key.escape_do": "die aufgenommene Karte zurücklegen oder dieses Blatt schließen",
    "key.stock": "S",
    "key.stock_do": "deine Vorratskarte aufnehmen",
    "key.hand": "1 bis 5",
    "key.hand_do": "eine Handkarte aufnehmen",
    "key.discard": "Umschalt+1 bis Umschalt+4",
    "key.discard_do": "zu deiner Ablage 1 bis 4",
    "key.build": "B",
    "key.build_do": "zu den Baustapeln",
    "key.help": "?",
    "key.help_do": "dieses Blatt öffnen",
    "key.new": "N",
    "key.new_do": "neues Spiel",
    "help.close": "Schließen",
    "log.title": "Züge",
    "log.build": "{name}: {card} auf Baustapel {pile}",
    "log.build_stock": "{name}: {card} vom Vorrat auf Baustapel {pile}",
    "log.discard": "{name}: {card} auf Ablage {pile}",
    "log.end": "{name}: Zug beendet, keine Karten mehr",
}

DA: dict[str, str] = {
    "lang.name": "Dansk",
    "title": "Skip-Bo",
    "getting_ready": "Kortene bliver blandet…",
    "version": "motor {version}",
    "bar.new": "Nyt spil",
    "bar.help": "Taster og regler",
    "bar.speed": "Computerens tempo",
    "bar.language": "Sprog",
    "speed.0": "med det samme",
    "speed.1": "hurtigt",
    "speed.2": "normalt",
    "speed.3": "langsomt",
    "name.you": "Dig",
    "name.player": "Spiller {n}",
    "name.ai": "Computer",
    "name.ai_n": "Computer {n}",
    "level.easy": "let",
    "level.medium": "mellem",
    "level.hard": "svær",
    "level.expert": "ekspert",
    "who.ai": "{name} ({level})",
    "team.with": "på hold med {name}",
    "card.SB": "Skip-Bo",
    "card.wild": "Skip-Bo-kort (joker)",
    "card.number": "{n}, {colour}",
    "colour.blue": "blå",
    "colour.green": "grøn",
    "colour.red": "rød",
    "face.1": "E",
    "face.11": "B",
    "face.12": "D",
    "face.wild": "K",
    "face_name.1": "Es",
    "face_name.11": "Knægt",
    "face_name.12": "Dame",
    "face_name.wild": "Konge (joker)",
    "card.back": "et kort med bagsiden opad",
    "table.label": "Spillebord",
    "building.title": "Byggebunker",
    "building.needs": "mangler {n}",
    "building.aria": "Byggebunke {n}, øverst {top}, mangler {needs}",
    "building.aria_empty": "Byggebunke {n}, tom, mangler {needs}: et 1-tal eller et Skip-Bo-kort begynder den",
    "draw.title": "Trækbunke",
    "draw.count": "{count} at trække",
    "draw.completed": "{count} lagt til side",
    "draw.aria": "Trækbunke: {count} kort; {done} kort fra færdige bunker ligger til side",
    "stock.title": "Lager",
    "stock.left": "{count} tilbage",
    "stock.aria": "{name}: lagerbunke, {count} kort, øverst {what}",
    "stock.aria_empty": "{name}: lagerbunken er tom",
    "discard.title": "Afkast {n}",
    "discard.aria": "{name}: afkastbunke {n}, {count} kort, øverst {what}",
    "discard.aria_empty": "{name}: afkastbunke {n}, tom",
    "hand.title": "Hånd",
    "hand.aria": "Dine kort på hånden",
    "hand.count": "{count} på hånden",
    "hand.hidden": "Hånden er skjult",
    "hand.card_aria": "Håndkort {what}",
    "turn.now": "er i gang",
    "score.points": "{points} point",
    "end_turn": "Afslut turen (intet at trække)",
    "cards_left": "{count} lagerkort tilbage",
    "msg.welcome": "Velkommen!",
    "msg.your_turn": "Din tur: vælg et kort og derefter en bunke, der lyser op.",
    "msg.your_turn_named": "{name}, din tur: vælg et kort og derefter en bunke, der lyser op.",
    "msg.ai_turn": "{name} spiller…",
    "msg.pass_device": "Giv enheden videre til {name}.",
    "msg.picked": "{source} taget op: vælg en bunke, der lyser op (Esc lægger det tilbage).",
    "msg.picked_nowhere": "{source} taget op, men det passer ingen steder lige nu (Esc lægger det tilbage).",
    "msg.pick_source": "Vælg først et kort: dit lager, et håndkort eller det øverste kort på en afkastbunke.",
    "msg.not_your_turn": "Vent venligst: det er {name}s tur.",
    "msg.not_yours": "Den bunke tilhører {name}: du spiller kun fra dine egne bunker.",
    "msg.not_yours_teams": "Den bunke tilhører {name}: du spiller fra dine egne og din makkers bunker.",
    "msg.cancelled": "Kortet er lagt tilbage.",
    "msg.game_over": "Dette spil er slut.",
    "msg.invalid": "Det er ikke et træk.",
    "illegal": "Det træk er ikke tilladt.",
    "illegal.game-over": "Spillet er allerede slut.",
    "illegal.no-teams": "Uden hold spiller du kun fra dine egne bunker.",
    "illegal.empty-source": "{source} er tom: der er intet kort at spille.",
    "illegal.not-in-hand": "Du har ingen {card} på hånden.",
    "illegal.wrong-number": "Byggebunke {pile} mangler en {needs} - det her er en {card}.",
    "illegal.stock-to-discard": "Lagerkort må ikke på en afkastbunke - kun på byggebunker.",
    "illegal.discard-to-discard": "Et kort fra en afkastbunke må kun lægges på en byggebunke.",
    "illegal.partner-to-discard": "Din makkers kort må kun lægges på byggebunker.",
    "illegal.end-with-cards": "Du har stadig {hand} kort: afslut turen ved at lægge et på en afkastbunke.",
    "src.S": "Dit lagerkort",
    "src.H": "Din {card}",
    "src.D": "Din afkastbunke {n}",
    "src.PS": "Din makkers lagerkort",
    "src.PD": "Din makkers afkastbunke {n}",
    "end.title": "Spillet er slut",
    "end.you_won": "Du vandt!",
    "end.won": "{name} vinder!",
    "end.team_won": "{names} vinder sammen!",
    "end.nobody": "Ingen vinder dette spil.",
    "end.stock-empty": "{name} spillede det sidste kort fra lagerbunken.",
    "end.stock-empty_team": "Begge holdets lagerbunker er tomme; {name} spillede det sidste kort.",
    "end.stalled": "Spillet sidder fast, så det slutter uden vinder, og ingen får point. "
                   "Vores regel: når trækbunken er brugt op, der ikke er flere færdige bunker at "
                   "blande til en ny, og ingen spiller i en hel runde har kunnet lægge et eneste "
                   "kort på en byggebunke, så slutter spillet.",
    "end.resigned": "Spillet blev opgivet; ingen får point.",
    "end.turn-limit": "Spillet nåede {limit} ture og slutter uden vinder; ingen får point.",
    "end.points": "Point i dette spil",
    "end.totals": "Stillingen (først til {target})",
    "end.match_won": "{name} vinder kampen med {points} point!",
    "end.player": "Spiller",
    "end.this_game": "Dette spil",
    "end.total": "I alt",
    "end.next_game": "Næste spil",
    "end.new_match": "Ny kamp",
    "end.play_again": "Spil igen",
    "end.settings": "Skift indstillinger",
    "end.show_table": "Se bordet",
    "end.show_result": "Vis resultatet",
    "curtain.title": "Giv enheden videre til {name}",
    "curtain.body": "Alle andre, kig væk: {name}s kort bliver vist om lidt.",
    "curtain.show": "Jeg er {name}: vis mine kort",
    "notice.bad_save": "Det gemte spil kunne ikke læses (det er beskadiget eller fra en anden "
                       "version af siden), så et nyt spil begynder.",
    "notice.bad_url": "Nogle valg i adressen blev ikke forstået ({names}): "
                      "standardværdierne bruges.",
    "notice.no_storage": "Denne browser lader ikke siden gemme: spillet overlever ikke en genindlæsning.",
    "notice.close": "Luk",
    "setup.title": "Nyt spil",
    "setup.players": "Spillere",
    "setup.seat": "Plads {n}",
    "setup.name": "Navn",
    "setup.name_placeholder": "Navn til plads {n}",
    "setup.kind": "Spilles af",
    "kind.human": "et menneske på denne enhed",
    "kind.easy": "computeren, let",
    "kind.medium": "computeren, mellem",
    "kind.hard": "computeren, svær",
    "kind.expert": "computeren, ekspert",
    "setup.stock": "Lagerbunke",
    "stock.default": "Standard ({n} kort)",
    "stock.short": "Kort spil (10 kort)",
    "stock.custom": "Anden størrelse",
    "setup.stock_size": "Kort i hver lagerbunke (1 til {most})",
    "setup.teams": "Spil på hold af to (makkerne sidder over for hinanden)",
    "setup.teams_legend": "Hold",
    "setup.teams_hint": "Hold kræver 4 eller 6 spillere.",
    "setup.deck": "Kortspil",
    "deck.18": "162 kort med 18 Skip-Bo-kort",
    "deck.24": "168 kort med 24 Skip-Bo-kort (ældre udgave)",
    "setup.faces": "Kortenes udseende",
    "faces.skipbo": "Skip-Bo: tallene 1 til 12",
    "faces.cards": "Spillekort: E, 2 til 10, B, D, konge som joker",
    "setup.mode": "Hvor længe",
    "mode.single": "Ét spil",
    "mode.match": "En kamp: spil, til nogen når målet",
    "setup.target": "Mål (point)",
    "setup.language": "Sprog",
    "setup.start": "Del kortene ud",
    "setup.cancel": "Tilbage til spillet",
    "setup.error": "Tjek venligst: {fields}.",
    "field.players": "antal spillere",
    "field.stock": "lagerets størrelse (1 til {most} ved {players} spillere)",
    "field.teams": "hold (kun med 4 eller 6 spillere)",
    "field.target": "mål (et helt tal fra 1)",
    "field.wild_cards": "kortspil",
    "field.faces": "kortenes udseende",
    "field.kind": "hvem der spiller plads {n}",
    "help.title": "Sådan spiller man",
    "help.goal": "Den, der først har spillet hele sin lagerbunke ud, vinder.",
    "help.rule_build": "De fire byggebunker i midten er fælles. Hver begynder med et 1-tal og går "
                       "op ét tal ad gangen til 12; så ryddes den væk. Tallet ved hver bunke viser, "
                       "hvilket kort den mangler.",
    "help.rule_wild": "Et Skip-Bo-kort kan bruges som et hvilket som helst tal.",
    "help.rule_turn": "Når din tur begynder, fylder du hånden op til fem kort. Spil så mange kort, "
                      "du vil, fra dit lager, din hånd eller toppen af dine afkastbunker. Tømmer du "
                      "hånden, trækker du fem nye. Turen slutter, når du lægger et håndkort på en af "
                      "dine fire afkastbunker.",
    "help.rule_stock": "Lagerkort kommer aldrig på en afkastbunke.",
    "help.rule_teams": "På hold må du også spille din makkers lagerkort og de øverste kort på "
                       "makkerens afkastbunker; I vinder, når begge lagerbunker er tomme.",
    "help.rule_stall": "Er trækbunken tom, er der intet at blande igen, og går en hel runde uden "
                       "et kort på en byggebunke, slutter spillet uden vinder.",
    "help.rule_score": "Vinderen får 25 point plus 5 for hvert kort, der er tilbage i de andres "
                       "lagerbunker.",
    "help.controls": "Betjening",
    "help.click": "Klik eller tryk på et kort og derefter på den bunke, det skal på. "
                  "Tilladte bunker lyser op.",
    "help.drag": "Eller træk kortet over på bunken med musen eller fingeren.",
    "help.keys": "Taster",
    "key.arrows": "Piletaster",
    "key.arrows_do": "flyt mellem kort og bunker",
    "key.enter": "Enter eller mellemrum",
    "key.enter_do": "tag kortet i fokus op, eller læg det optagne kort på bunken i fokus",
    "key.escape": "Esc",
    "key.escape_do": "læg det optagne kort tilbage, eller luk dette ark",
    "key.stock": "S",
    "key.stock_do": "tag dit lagerkort op",
    "key.hand": "1 til 5",
    "key.hand_do": "tag et håndkort op",
    "key.discard": "Skift+1 til Skift+4",
    "key.discard_do": "gå til din afkastbunke 1 til 4",
    "key.build": "B",
    "key.build_do": "gå til byggebunkerne",
    "key.help": "?",
    "key.help_do": "åbn dette ark",
    "key.new": "N",
    "key.new_do": "nyt spil",
    "help.close": "Luk",
    "log.title": "Træk",
    "log.build": "{name}: {card} på byggebunke {pile}",
    "log.build_stock": "{name}: {card} fra lageret på byggebunke {pile}",
    "log.discard": "{name}: {card} på afkastbunke {pile}",
    "log.end": "{name}: turen er slut, ingen kort tilbage",
}

CATALOGUE: dict[str, dict[str, str]] = {"en": EN, "de": DE, "da": DA}
LANGUAGES: tuple[str, ...] = tuple(CATALOGUE)


def card_face(value: Any, faces: str = "skipbo", lang: str = DEFAULT) -> str:
    """What is printed on a card: ``"7"``, ``"Skip-Bo"``; with playing-card faces ``"A"``, ``"K"``."""
    if value in (0, "SB"):
        return t(lang, "face.wild") if faces == "cards" else t(lang, "card.SB")
    if faces == "cards" and str(value) in ("1", "11", "12"):
        return t(lang, f"face.{value}")
    return str(value)


def colour_of(value: int) -> str:
    """The classic colour of a card: ``blue`` 1-4, ``green`` 5-8, ``red`` 9-12, ``wild``."""
    return "wild" if value == 0 else ("blue", "green", "red")[(int(value) - 1) // 4]


def card_name(lang: str, value: Any, faces: str = "skipbo") -> str:
    """A card in words for screen readers: ``"7, blue"``, ``"Skip-Bo card (wild)"``, ``"Queen, red"``."""
    if value in (0, "SB"):
        return t(lang, "face_name.wild") if faces == "cards" else t(lang, "card.wild")
    n = int(value)
    face = t(lang, f"face_name.{n}") if faces == "cards" and n in (1, 11, 12) else str(n)
    return t(lang, "card.number", n=face, colour=t(lang, f"colour.{colour_of(n)}"))


def source_label(lang: str, source: str, faces: str = "skipbo") -> str:
    """A move's source in words: ``"H5"`` -> "Your 5", ``"PD2"`` -> "Your partner's discard pile 2"."""
    if source.startswith("H"):
        return t(lang, "src.H", card=source[1:], faces=faces)
    if source in ("S", "PS"):
        return t(lang, f"src.{source}")
    if source[:-1] in ("D", "PD") and source[-1:].isdigit():
        return t(lang, f"src.{source[:-1]}", n=source[-1])
    return source


def t(lang: str, key: str, faces: str = "skipbo", **args: Any) -> str:
    """The text for ``key`` in ``lang`` with ``args`` filled in.

    ``card`` prints as a card face and ``source`` in words. Unknown keys raise
    ``KeyError``; a key missing in ``lang`` falls back to English.
    """
    table = CATALOGUE.get(lang, CATALOGUE[DEFAULT])
    try:
        text = table[key] if key in table else CATALOGUE[DEFAULT][key]
    except KeyError:
        raise KeyError(f"no text for {key!r}") from None
    if "card" in args and args["card"] is not None:
        args["card"] = card_face(args["card"], faces, lang)
    if "source" in args:
        args["source"] = source_label(lang, str(args["source"]), faces)
    return text.format(**args)


def describe(lang: str, key: str, args: dict[str, Any] | None = None, faces: str = "skipbo") -> str:
    """Like ``t``, but an engine code with no text of its own gets the generic sentence."""
    try:
        return t(lang, key, faces=faces, **(args or {}))
    except KeyError:
        if key.startswith("illegal."):
            return t(lang, "illegal")
        raise


def pick_language(preferred: Iterable[str]) -> str:
    """The first supported language among ``preferred`` (e.g. ``["de-AT", "en"]``)."""
    for tag in preferred:
        code = str(tag).split("-")[0].lower()
        if code in CATALOGUE:
            return code
    return DEFAULT
