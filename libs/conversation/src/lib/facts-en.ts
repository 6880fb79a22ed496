import { NAME, WORD, type FactRules } from './facts-rules';

/** English rules and words of the fact extraction (facts.ts). */
export const EN_FACTS: FactRules = {
  notNames: (
    'a an the and or not no yes so very just really still also here there back fine good great ok okay sorry happy sad glad sure ' +
    'tired busy ready done new going looking trying interested afraid in at on from with brazilian american english british canadian ' +
    'french german spanish portuguese italian mexican argentinian chinese japanese indian ' +
    'fan huge big bit little customer user client ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september ' +
    'october november december today tomorrow tonight christmas ' +
    // States a message may end on after "im" that the dictionary (wink-lexicon) lacks.
    'vegan vegetarian pescatarian celiac coeliac allergic asthmatic diabetic lactose intolerant freelance freelancing offline online ' +
    'hungover hangry sleepy starving awesome alright autistic epileptic colorblind downstairs onsite wfh nope yep yeah'
  ).split(' '),
  notNameTail: 'but because i im please with to hello hi and here thanks thank also will can'.split(' '),
  pronouns: 'you it this that them him her these those when how what so much lot'.split(' '),
  notPlaces: 'a an the this that my our apartment house city town flat here'.split(' '),
  relations: {
    sister: { key: 'sister' },
    brother: { key: 'brother' },
    mother: { key: 'mother' },
    mom: { key: 'mother' },
    mum: { key: 'mother' },
    father: { key: 'father' },
    dad: { key: 'father' },
    son: { key: 'son' },
    daughter: { key: 'daughter' },
    wife: { key: 'wife' },
    husband: { key: 'husband' },
    girlfriend: { key: 'girlfriend' },
    boyfriend: { key: 'boyfriend' },
    fiancee: { key: 'fiancee' },
    fiancée: { key: 'fiancee' },
    fiance: { key: 'fiance' },
    fiancé: { key: 'fiance' },
    friend: { key: 'friend' },
    dog: { key: 'dog' },
    puppy: { key: 'dog' },
    cat: { key: 'cat' },
    kitten: { key: 'cat' },
    grandmother: { key: 'grandmother' },
    grandma: { key: 'grandmother' },
    grandfather: { key: 'grandfather' },
    grandpa: { key: 'grandfather' },
    aunt: { key: 'aunt' },
    uncle: { key: 'uncle' },
    cousin: { key: 'cousin' },
    niece: { key: 'niece' },
    nephew: { key: 'nephew' },
    boss: { key: 'boss' },
    partner: { key: 'partner' },
    colleague: { key: 'colleague' },
    coworker: { key: 'colleague' },
    baby: { key: 'baby' },
    kid: { key: 'child' },
    child: { key: 'child' },
  },
  relationNames: {
    'mother-in-law': ['mother-in-law', 'mother-in-law'],
    'father-in-law': ['father-in-law', 'father-in-law'],
    fiancee: ['fiancée', 'fiancée'],
    fiance: ['fiancé', 'fiancé'],
  },
  jobs: (
    'teacher doctor nurse engineer developer programmer designer student lawyer attorney accountant chef cook driver architect ' +
    'journalist dentist psychologist writer author artist musician photographer manager consultant analyst scientist researcher pilot ' +
    'firefighter officer farmer electrician plumber mechanic pharmacist veterinarian vet freelancer entrepreneur salesperson cashier ' +
    'waiter waitress baker barista translator therapist professor surgeon paramedic carpenter librarian editor intern retiree ' +
    'administrator economist actor actress dancer singer realtor agent broker banker clerk secretary receptionist tutor coach'
  ).split(' '),
  weakPlans: 'wait try check see think look send share reply restart confirm explain forward resend'.split(' '),
  nameRules: [
    {
      re: /\b(?:my name is|my name's|name's|call me|you can call me)\s+((?:(?:dr|mr|mrs|ms|prof)\.\s+)?\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*)?)/iu,
      cap: false,
    },
    { re: new RegExp(`\\b(?:I'm|I’m|I am|Im|[Tt]his is|[Ii]t's)\\s+${NAME}`, 'u'), cap: true },
    // "Hey, Joaquín here": a name after a greeting (or opening the message) followed by "here".
    {
      re: new RegExp(`(?:^|^(?:[Hh]i|[Hh]ey|[Hh]ello|[Hh]iya|[Gg]ood (?:morning|afternoon|evening))[,!.]?\\s+)${NAME}\\s+here(?=\\s*(?:[,.!;]|$))`, 'u'),
      cap: true,
    },
    // "hey, im dana.": in lower case, the name ends its clause and is no English word (facts.ts couldBeName).
    {
      re: /(?:^|[,.!?]\s*|\b(?:hi|hey|heyy|hello|hiya|yo)[,!.]?\s+)(?:i'?m|i’m|i am|this is)\s+(\p{Ll}[\p{L}'’-]*)(?=\s*(?:[,.!;]|$))/u,
      cap: false,
      lower: true,
    },
  ],
  preferenceRules: [
    { re: /\bI\s+(?:really\s+|just\s+)?(?:don't|do not|dont|do n't)\s+(?:like|enjoy|love)\s+/giu, like: false },
    { re: /\bI\s+(?:really\s+|just\s+)?(?:hate|dislike|detest|can't stand|cannot stand|can not stand)\s+/giu, like: false },
    { re: /\bI\s+(?:really\s+|absolutely\s+|just\s+|also\s+)?(?:like|love|enjoy|adore)\s+/giu, like: true },
    { re: /\bI(?:'m|’m| am)\s+(?:a\s+(?:big\s+|huge\s+)?fan of|really into|into|passionate about|crazy about)\s+/giu, like: true },
  ],
  favourite: /\bmy\s+favou?rite\s+(\p{L}+(?:\s+\p{L}+)?)\s+is\s+()/iu,
  relationRules: (relWords) => [
    new RegExp(
      `\\b(?:[Mm]y|I have an?|I've got an?)\\s+(?:(?:older|younger|little|big|best|baby|twin|old|new)\\s+)?(${relWords})(?:,)?\\s+(?:(?:is\\s+)?called\\s+|(?:is\\s+)?named\\s+|is\\s+)?${NAME}`,
      'gu',
    ),
    new RegExp(`\\b[Mm]y\\s+(?:(?:older|younger|little|big|best|baby|twin)\\s+)?(${relWords})(?:'s|’s)\\s+name\\s+is\\s+${NAME}`, 'gu'),
  ],
  locationRules: [
    { re: /\bI\s+(?:live|am living|'m living|’m living|reside)\s+in\s+|\bI(?:'m|’m| am)\s+based\s+in\s+/iu, kind: 'lives_in', lower: true },
    { re: /\b(?:I|we)\s+(?:just\s+|recently\s+)?(?:moved|relocated)\s+to\s+/iu, kind: 'lives_in', lower: true },
    { re: /\b(?:I(?:'m|’m| am)|I come|I'm originally|I am originally)\s+(?:originally\s+)?from\s+/iu, kind: 'from', lower: false },
  ],
  jobIdentity: new RegExp(`\\bI(?:'m|’m| am)\\s+(?:an?\\s+)((?:${WORD}\\s+){0,2}${WORD})`, 'iu'),
};

/** "I'm moving" → "move": the base form a plan is said with. */
export const ING_TO_BASE: Record<string, string> = {
  moving: 'move',
  traveling: 'travel',
  travelling: 'travel',
  flying: 'fly',
  heading: 'head',
  starting: 'start',
  visiting: 'visit',
  getting: 'get',
  having: 'have',
  going: 'go',
  changing: 'change',
  leaving: 'leave',
  taking: 'take',
  buying: 'buy',
};
