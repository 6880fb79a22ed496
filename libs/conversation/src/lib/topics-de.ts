/**
 * German lines of the topics (topics.ts): the words that name each (on accent-folded text: "rückerstattung" is
 * "ruckerstattung") and the follow-up that moves it forward. Only words no other language uses, since a topic is found
 * by any language's words.
 */
export const DE_TOPICS: Record<string, { about: string; ask: string; match?: RegExp }> = {
  refund: {
    about: 'die Erstattung',
    ask: 'Wie lautet die Bestellnummer, und wie hast du bezahlt?',
    match: /\b(ruckerstatt|erstattung|zuruckschick|zuruckgeb|umtausch|reklamation|garantiefall|geld zuruck)/,
  },
  billing: {
    about: 'die Zahlung',
    ask: 'Mit welchem Zahlungsmittel hast du bezahlt, und an welchem Datum und über welchen Betrag?',
    match: /\b(zahlung|bezahl|abbuchung|lastschrift|kreditkarte|abgebucht)/,
  },
  cancel: {
    about: 'die Kündigung',
    ask: 'Was möchtest du kündigen oder stornieren — eine Bestellung, ein Abo oder eine Buchung? Wenn du die Nummer hast, schick sie mir.',
    match: /\b(kundig|storn)/,
  },
  order: {
    about: 'deine Bestellung',
    ask: 'Wie lautet die Bestellnummer, und wann hast du bestellt?',
    match: /\b(bestellung|bestellt|lieferung|geliefert|sendung|paket)/,
  },
  account: {
    about: 'den Zugang zu deinem Konto',
    ask: 'Welche E-Mail-Adresse gehört zum Konto, und was siehst du, wenn du dich anmelden willst?',
    match: /\b(kundenkonto|passwort|kennwort|anmeld|einlogg)/,
  },
  error: {
    about: 'dieses technische Problem',
    ask: 'Wie lautet die genaue Fehlermeldung, auf welchem Gerät oder welcher Version, und was hast du schon ausprobiert?',
    match: /\b(fehler|sturzt ab|absturz|funktioniert nicht|geht nicht mehr|ladt nicht|kaputt)/,
  },
  shopping: { about: 'deinen Kauf', ask: 'Wofür brauchst du es im Alltag, und welches Budget hast du?', match: /\b(kaufen|ich suche|beraten)/ },
  price: {
    about: 'Preise und Angebote',
    ask: 'Für welches Produkt oder Angebot, und für wie viele Personen oder Stück?',
    match: /\b(preis|kostet|angebot|kostenvoranschlag)/,
  },
  booking: {
    about: 'deine Buchung',
    ask: 'Für welches Datum und welche Uhrzeit, und für wie viele Personen?',
    match: /\b(buchen|buchung|reservier|termin vereinbaren|probetraining)/,
  },
  hours: {
    about: 'Öffnungszeiten und Adresse',
    ask: 'Welche Filiale oder welche Stadt meinst du?',
    match: /\b(offnungszeit|geoffnet|wann habt ihr auf|wann haben sie auf)/,
  },
  recommendation: {
    about: 'deine Empfehlung',
    ask: 'Was ist der Anlass, und hast du Vorlieben bei Stil, Gegend oder Budget?',
    match: /\b(empfiehl|empfehl|vorschlag|tipp|schlagst du vor|schlagen sie vor)/,
  },
  choice: {
    about: 'deine Entscheidung',
    ask: 'Was zählt bei deiner Entscheidung am meisten — Kosten, Leistung, Lieferzeit oder Pflegeaufwand?',
    match: /\b(entscheiden|welches soll ich|welchen soll ich|welche soll ich)/,
  },
  learning: {
    about: 'dieses Thema',
    ask: 'Was weißt du schon darüber, damit ich an der richtigen Stelle anfange?',
    match: /\b(lernen|verstehen|erklar|ubung)/,
  },
  grief: {
    about: 'deinen Verlust',
    ask: 'Wenn du möchtest, erzähl mir ein wenig von diesem Verlust — ich bin da und höre zu.',
    match: /\b(gestorben|verstorben|tod |beerdigung|verloren)/,
  },
  feelings: {
    about: 'das, was du fühlst',
    ask: 'Magst du mir erzählen, was passiert ist, dass du dich so fühlst?',
    match: /\b(traurig|einsam|gestresst|erschopft|deprimiert)/,
  },
};
