/**
 * What the statement memory needs to know about one language: kept as data (one module per language),
 * read by terms.ts and statements.ts. Words and phrases are lower case; phrases are compared on
 * accent-folded text, word by word.
 */
export interface LanguageData {
  /** The snowball-stemmers algorithm. */
  stemmer: string;
  /** Function words that carry no meaning for retrieval. */
  stop: string[];
  /** Words that make a sentence about the speaker ("i", "my", "eu", "meu"…). */
  firstPerson: string[];
  /** Words that open a question. */
  questionWords: string[];
  /**
   * The question words of the language (folded): interrogatives that open a question without "?" ("em que dia é a
   * entrevista", "when's the surgery again lol"), the words before one that keep it a question ("em que dia", "on which
   * device", "à quelle heure"), the relative that follows such a word ("o que eu disse"), the auxiliaries and modals that
   * open a yes/no question or a request ("can you…", "pode…", "¿puedes…?", "est-ce que…"), the starts that make a
   * message a question for the intents (`questionStarts`: the `questionWords` less `notStarts`, with `moreStarts`), and
   * the starts that make it a question about something remembered
   * (`recallStarts`, after any of `openers`: "and", "so", "ok", "e", "y", "et"…). Phrases are folded and matched word by
   * word from the start of the message.
   */
  asking: {
    interrogatives: string[];
    leads: string[];
    relatives: string[];
    auxiliaries: string[];
    /** Starts of a question for the intents that are not question words: "can you", "pode", "hay", "gibt es". */
    moreStarts: string[];
    /** Question words that do not make a message a question for the intents ("tell me…", "have a nice day", "que bom"). */
    notStarts: string[];
    recallStarts: string[];
    openers: string[];
    /**
     * What opens a question whether something is there ("is there", "y a", "hay", "gibt es"), folded: asked of the
     * business unless what it asks for was said (statements.ts `asksForSomethingNew`).
     */
    existential?: string[];
    /**
     * A yes/no question written without "?" in a language that puts the verb before its subject: the verbs and the subjects
     * ("is this the clinic or a person", "am i talking to a real person"), folded. A message opening with one of the verbs
     * and then one of the subjects asks; it tells nothing to keep. English only: German chat drops subjects before a verb
     * in statements ("hab ich schon gemacht", "ist mir egal").
     */
    inverted?: {
      verbs: string[];
      subjects: string[];
      modals?: string[];
      /**
       * A statement puts its verb second, after any word ("eigentlich ist es der 29."): only a verb that opens the sentence
       * as typed asks, not one left first once the openers are stripped.
       */
      verbSecond?: boolean;
    };
  };
  /** Words a question about what was said carries besides its subject ("tell", "said", "remember"…): not matched against statements. */
  recallWords: string[];
  /** Phrases that make a question a question about what the person said ("did i say", "do you remember"…). */
  recallCues: string[];
  /** The names of the months, lower case as written ("märz"): "am 2. August" goes on after the ordinal's dot. */
  months: string[];
  /**
   * Nouns an ordinal written with a dot comes before ("3. OG", "2. Stock", "5. Klasse"), so that the dot ends no sentence
   * (German); months go on a sentence too.
   */
  ordinalNouns?: string[];
  /**
   * Noun endings a linking "s" follows inside a compound ("Wohnung|s|nummer", "Sicherheit|s|code"): a word of this shape is
   * read as its two parts (German).
   */
  compoundHeads?: string[];
  /**
   * Short nouns a compound may end with that the language's synonym and category words do not hold ("amt" in
   * "Standesamt", "termin" in "Zahnarzttermin"): a long word ending with one (or with one of those words) is also that
   * word, so "welches Amt?" finds "Standesamt" (terms.ts).
   */
  compoundTails?: string[];
  /**
   * Words between a slot's noun and its value, skipped to read the value: "my order number **is** 4412", "o pedido **é o**
   * 4412", "die Bestellnummer **lautet** 88412". Folded (accents dropped, "ß" kept), lower case.
   */
  valueLinks: string[];
  /**
   * The correction markers that say a mistake was made ("i meant", "me enganei", "ich meinte", "je voulais dire"), unlike
   * "actually" or "en fait", which also open plain statements: a sentence opening with one corrects what was said on its
   * subject even with no value of its own ("sorry, i meant tobias will collect it").
   */
  strongCorrections: string[];
  /** Phrases that open a correction ("actually", "sorry, i meant"…), compared folded at the start of a sentence or after a comma. */
  correctionMarkers: string[];
  /**
   * Words saying a value was mistyped, anywhere in the sentence ("QX7T4N for the booking ref, the M at the end was a typo",
   * "erro de digitação", "Tippfehler"): the sentence corrects, as one opening with a correction marker does.
   */
  slipMarkers: string[];
  /**
   * Words between a correction's marker and a new value given alone ("wait no, it's wednesday", "oops, make that 55132",
   * "perdón, me equivoqué, es el martes"): dropped to read the value, which then replaces the latest value of its kind
   * said just before (the slot is implied by the previous turn). Folded, matched word by word.
   */
  correctionLeads: string[];
  /** The word of "X, not Y" ("not", "não", "no", "pas"). */
  notWords: string[];
  /** The word of "not X but Y" that brings the value meant ("but", "sondern", "e sim", "sino", "mais"). */
  butWords: string[];
  /**
   * Phrases before the value a sentence puts aside for another ("frau demir statt herrn okafor", "11:30 instead of 10",
   * "con Marta en vez de Luis"): the value after one is ruled out (earlier clauses saying it are dropped) and the phrase
   * with its value is not told back. Folded, matched word by word.
   */
  insteadOf: string[];
  /**
   * The subject pronouns of the person, singular and plural ("i", "we", "eu", "a gente", "nous", "on", "wir"), folded: a
   * question with one asks about what the person said ("quanto a gente tinha de grana?", "für wie viele kochen wir?").
   */
  selfSubjects: string[];
  /**
   * Chat shorthand and words written without their apostrophe, as typed ("q", "qdo", "msm", "u", "im", "hab", "nen", "rdv"),
   * lower case → the words they stand for: a message is read with them written out (shorthand.ts), so "¿a q hora…?" is a
   * question about a time and "o q ficou na minha compra" finds what was bought. Only words that mean nothing else in the
   * language (not "to", "ta", "ne").
   */
  shorthand: Record<string, string>;
  /**
   * Words saying the value of the sentence replaces one said before, with nothing after them ("saturdays instead", "le jeudi
   * soir à la place", "stattdessen", "em vez disso", "en su lugar"): the sentence is a correction. Folded, word by word.
   */
  insteadWords: string[];
  /**
   * Words saying whom one is with, meets or is seen by ("with", "com", "con", "avec", "mit", "bei"): a name right after one
   * (past articles and `titles`) is a person, in any case ("ideally with gareth"), so a "who" question finds it.
   */
  companions: string[];
  /** Forms of address before a name ("mr", "dr", "herr", "frau", "sra", "señor", "madame"): the word after one is a name. */
  titles: string[];
  /** Words of a street address ("rua", "street", "calle", "rue", "Straße"), folded: a statement holding one with a number is a place. */
  streets: string[];
  /** Words after which a capitalized word names a place ("in Siegburg", "no Sítio Dois Ipês", "nach Bonn", "à Lyon"), as written. */
  placeLeads: string[];
  /**
   * Words of sending something somewhere ("deliver", "bring", "entregar", "mandar", "liefern", "livrer"), folded: "where
   * should the driver bring it?" asks for the address the person gave last, whatever else it says.
   */
  sendWords: string[];
  /**
   * Words before a bare hour that make it a time of day ("at 9", "a las 11", "às 8", "um 16", "vers 10"): a statement
   * saying one holds a time of day (an `hour` question finds it). Folded, matched word by word before the number.
   */
  hourLeads: string[];
  /** Phrases between a wrong value and the right one: "it says SW9 4RT but it should be SW9 4TR", "diz 12, o certo é 21". */
  shouldBe: string[];
  /** Phrases after a value that rule it out, the next value of its kind replacing it: "thursday doesn't work, friday then", "quinta não dá, pode ser sábado". */
  refusals: string[];
  /** Questions about the agent itself ("who am i talking to", "what's your name"). */
  agentQuestions: string[];
  /** Greetings, thanks and chat words: a sentence made only of these is not remembered. */
  smallTalk: string[];
  /** First person → second person, word by word (lower case, as written). */
  shift: Record<string, string>;
  /** A first-person verb form → the second person the reply uses, when it follows the subject or opens the sentence. */
  verbs: Record<string, string>;
  /**
   * More first-person forms → the form the reply uses, for telling back only ("ich glaub" → "du glaubst", "saio da rua" →
   * "sai da rua", "salgo a las 8" → "sales a las 8"): they do not make a clause first-person the way `verbs` do (a stray
   * "brauch" would split what a German sentence asks from what it tells).
   */
  tellingVerbs?: Record<string, string>;
  /**
   * Endings of the verb right after a subject word, rewritten when the person is shifted and the verb is not in `verbs`
   * (German "ich singe" → "du singst", "wir haben" → "ihr habt"): subject → [ending, new ending], the first that fits.
   */
  verbEndings?: Record<string, Array<[string, string]>>;
  /** Groups of words that mean the same thing for retrieval (stemmed when loaded). */
  synonyms: string[][];
  /** How a remembered statement is told back: {s} is the person-shifted statement. */
  toldYou: string[];
  /** When the statement was said in another language: {q} is the statement quoted as written. */
  toldYouQuote: string;
  /**
   * A proposal kept from a question ("can i drop it off on thursday, like 7:45?", "¿podríamos ir el viernes 17?"): the
   * words that open it (`leads`, folded, matched word by word) are dropped and the rest is told back with `told` ({s}),
   * not as something the person stated ("You told me can you drop it off…"). Only leads that a statement does not open
   * with ("can i", not "je peux": "je peux bosser 2h par soir" states what the person can do).
   */
  proposals: { leads: string[]; told: string[] };
  /** Joins several recalled statements. */
  and: string;
  /**
   * Categories for retrieval: a question's category word ("operadora", "métier", "how much") is the term
   * `cat:<id>`, and a statement holding one of its members ("da Vivo", "je suis boulanger") carries that term too.
   * Members match capitalized, or after one of `CATEGORY_LEADS` ("chip da vivo"), so the verb "vivo" is no carrier;
   * with `anyCase` in any case (weekdays: "we train tuesdays").
   * The `amount` category's members are numbers with a currency (terms.ts).
   * `unlike`: words whose stem is that of one of `words` but that do not name the category ("quantos" asks how many,
   * not how much: "quantos andares?" is no question about a price).
   * `asWritten`: members count only as written, never by their stem (names of places do not inflect, and "madre" is no
   * Madrid).
   */
  categories: Array<{ id: string; words: string[]; members?: readonly string[]; anyCase?: boolean; unlike?: string[]; asWritten?: boolean }>;
  /**
   * What kind of value a question asks for, by the phrases that ask it: a "when" question is best answered by a
   * statement holding a date or time, "where" a place, "who" a name, "how many" a number. Phrases are folded and
   * matched word by word; their words are not matched against statements (they name the kind, not the subject).
   */
  answerTypes: Record<AnswerType, string[]>;
  /**
   * Words that give a reason in a statement ("because", "porque", "weil", "parce que", "es geht um"): a "why" question
   * (`answerTypes.reason`) is best answered by a statement holding one. Matched like `answerTypes`.
   */
  reasons: string[];
  /**
   * What opens a return to an earlier subject ("back to", "voltando ao", "volviendo a", "zurück zu", "revenons à"): the
   * subject it names is context, not what the question asks ("voltando ao bolo kkk quantas pessoas ele tem que servir?"
   * asks for the number of guests). Folded, matched at the start of a message after a filler word ("ok, back to…").
   */
  returnLeads: string[];
  /**
   * Time spans counted back from now that the date parser (chrono-node) does not read in every language: "hace dos semanas",
   * "há três dias", "faz um mês", "il y a deux jours", "two weeks ago". `phrases` hold `{n}` (a number, in digits or one of
   * `numbers`) and `{unit}` (one of `units`); a statement saying one names a date (a "when" question finds it).
   */
  ago: {
    phrases: string[];
    /** Number words ("two", "dois", "dos", "deux"): also read as numbers in any statement ("somos ocho" holds 8). */
    numbers: Record<string, number>;
    /** Counts that are only about so many ("a couple of", "uns", "unos", "quelques"): read in spans counted back only. */
    vague: Record<string, number>;
    units: Record<string, 'hour' | 'day' | 'week' | 'month' | 'year'>;
  };
  /** Chat filler that carries nothing for retrieval ("lol", "kkk", "jaja", "mdr"): added to the stop words. */
  filler: string[];
  /**
   * Words and phrases a message may end with that say nothing about the person ("lol", "btw", "if that matters", "kkk",
   * "por cierto", "mdr", "übrigens"), folded: dropped from the end of a sentence told back or noted.
   */
  tails: string[];
  /**
   * How someone of the person's named in a question is kept as a statement: `{who}` is the possessive and the relation or
   * pet word as said, `{name}` the name ("je peux venir avec mon chien oscar ?" → "mon chien, c'est oscar").
   */
  namedAs: string;
  /**
   * Third-person pronouns that point back to someone or something named earlier ("she", "ela", "dele", "elle"), as
   * written (accents kept: Spanish "él" is not the article "el"), with `/f` or `/m` when the word tells the gender. A
   * question or statement holding one and naming no one is about the person or animal last named whose gender fits
   * (referents.ts).
   */
  thirdPerson: string[];
  /**
   * Words naming a person or animal a pronoun may point back to, besides the relation words of the fact rules
   * (facts-*.ts `relations`): word → referent key, with `/f` or `/m` when the word tells the gender ("chienne" → "dog/f").
   */
  referentWords: Record<string, string>;
  /**
   * Words after which a person is named, in any case ("a woman called priya shah", "uma moça que se chama ana", "elle
   * s'appelle sophie"): a statement saying one before a word names someone (a "who…?" question may ask for them).
   */
  namings: string[];
  /**
   * Questions for everything the agent knows about the person ("what do you know about me", "o que você sabe de mim", "was
   * weißt du alles über mich"): matched as whole words in the folded message, shorthand written out. They are answered with
   * the person's name and the statements that carry the most details (statements.ts `profileStatements`).
   */
  aboutMe: string[];
  /**
   * "What's on the 14th?", "o que tenho no dia 9?", "was ist am 12.?": `asks`, the words such a question opens with (after
   * "and", "so"…); `book`, words saying the person asked for a slot ("appointment", "marcar", "cita", "Termin"); `booked`,
   * the lead told before the statement that asked for that day, `{day}` the day as the question wrote it.
   */
  agenda: { asks: string[]; book: string[]; booked: string };
}

/** The kinds of value a question may ask for. */
/** `hour`: a time of day ("what time…", "a qué hora…", "um wie viel Uhr…"), narrower than `time` (a date does not answer it). */
/** `code`: a code, reference or error code ("what's the error code i gave you?"), answered by a statement holding one. */
export type AnswerType = 'time' | 'hour' | 'place' | 'person' | 'number' | 'reason' | 'code';

/** The starts that make a message a question for the intents: the question words less `notStarts`, with `moreStarts`. */
export function questionStarts(d: Pick<LanguageData, 'questionWords' | 'asking'>): string[] {
  return [...d.questionWords.filter((w) => !d.asking.notStarts.includes(w)), ...d.asking.moreStarts];
}
