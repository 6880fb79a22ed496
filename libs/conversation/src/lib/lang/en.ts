import type { LanguageData } from './types';

/** English data of the statement memory. */
export const EN: LanguageData = {
  stemmer: 'english',
  stop: (
    'a an the of to in on at for from with without about by and or but so if then than that this these those there here it its ' +
    'is are was were be been being am do does did done have has had will would can could should shall may might must ' +
    'i me my mine myself you your yours he him his she her we us our they them their what which who whom whose when where why how ' +
    "i'm i've i'll i'd it's that's what's im ive not no yes just also very really too some any all much many please again still " +
    'again exactly only even ever'
  ).split(' '),
  firstPerson: ['i', "i'm", 'im', "i've", "i'd", "i'll", 'me', 'my', 'mine', 'myself', 'we', 'our', 'us'],
  questionWords: ['what', 'whats', "what's", 'where', 'when', 'which', 'who', 'whos', "who's", 'why', 'how', 'do', 'did', 'does', 'is', 'are', 'am', 'was', 'were', 'can', 'could', 'would', 'have', 'has', 'remind', 'tell'],
  recallWords: ['say', 'said', 'tell', 'told', 'mention', 'mentioned', 'remember', 'recall', 'know', 'remind', 'again', 'forgot', 'forget', 'note', 'noted', 'give', 'gave', 'saying', 'each', 'thing', 'end', 'side', 'now', 'ago', 'got', 'down', 'you\'ve', 'again', 'exactly', 'already'],
  recallCues: [
    'did i say', 'did i tell', 'did i mention', 'have i told', 'what did i say', 'did i give', 'i told you', 'i said', 'i mentioned',
    'do you remember', 'you remember', 'do you know', 'remind me', 'tell me again', 'i forgot', 'i forget', 'what was',
    'where am i', 'what am i', 'when am i', 'where do i', 'what do i', 'when do i', 'who do i', 'what did i', 'where did i', 'when did i', 'which did i',
    'what is my', "what's my", 'whats my', 'what are my', 'which is my', 'who is my', "who's my",
  ],
  correctionMarkers: ['actually', 'sorry i meant', 'i meant', 'sorry, i meant', 'correction', 'my mistake', 'my bad', 'i was wrong', 'wait', 'oops', 'i mean', 'let me correct', 'no wait', 'whoops', 'i misspoke', 'i mixed up', 'i swapped'],
  notWords: ['not'],
  agentQuestions: [
    'who am i talking to', 'who am i speaking to', 'who am i speaking with', 'who am i chatting with', 'who am i talking with', "who's this", 'who is this',
    'what is your name', "what's your name", 'whats your name', 'who are you', 'what are you', 'what do you do', 'your name',
  ],
  smallTalk: ['hi', 'hello', 'hey', 'thanks', 'thank', 'ok', 'okay', 'bye', 'good', 'morning', 'evening', 'great', 'cool', 'nice', 'haha', 'lol', 'sure', 'yes', 'no', 'fine', 'perfect', 'awesome', 'cheers', 'hmm'],
  shift: {
    i: 'you', "i'm": "you're", im: "you're", "i've": "you've", "i'd": "you'd", "i'll": "you'll", me: 'you', my: 'your', mine: 'yours', myself: 'yourself',
    am: 'are', was: 'were', we: 'you', our: 'your', us: 'you', "we're": "you're", ours: 'yours',
  },
  verbs: {},
  synonyms: [
    ['fly', 'flying', 'flight', 'flights', 'plane', 'airport', 'travel', 'travelling', 'traveling', 'trip'],
    ['live', 'living', 'lives', 'home', 'reside', 'based'],
    ['allergic', 'allergy', 'allergies'],
    ['colour', 'color', 'colours', 'colors'],
    ['favourite', 'favorite'],
    ['call', 'called', 'name'],
    ['order', 'purchase', 'bought', 'buy'],
    ['package', 'parcel', 'delivery', 'shipment', 'tracking'],
    ['broken', 'broke', 'cracked', 'shattered', 'damaged', 'torn', 'ripped'],
    ['email', 'e-mail', 'mail', 'address'],
    ['phone', 'mobile', 'cell'],
    ['error', 'message', 'code'],
    ['book', 'novel'],
    ['problem', 'issue', 'wrong', 'trouble'],
    ['work', 'job', 'employer', 'company'],
  ],
  toldYou: ['You told me {s}.', 'You mentioned that {s}.'],
  toldYouQuote: 'You told me: “{q}”',
  and: 'and',
  categories: [
    { id: 'carrier', words: ['carrier', 'operator', 'provider', 'isp'], members: ['vivo', 'claro', 'tim', 'oi', 'movistar', 'orange', 'vodafone', 'verizon', 'at&t', 't-mobile', 'sfr', 'bouygues', 'free', 'digi', 'yoigo', 'jazztel', 'meo', 'nos', 'o2', 'ee', 'sprint', 'telcel', 'personal', 'entel'] },
    { id: 'job', words: ['job', 'profession', 'occupation', 'work'], members: ['teacher', 'doctor', 'nurse', 'engineer', 'developer', 'programmer', 'designer', 'lawyer', 'accountant', 'chef', 'cook', 'driver', 'architect', 'journalist', 'dentist', 'writer', 'baker', 'barista', 'pharmacist', 'electrician', 'plumber', 'mechanic', 'firefighter', 'waiter', 'waitress', 'translator', 'therapist', 'surgeon', 'paramedic', 'carpenter', 'librarian', 'student'] },
    { id: 'amount', words: ['much', 'amount', 'owe', 'owed', 'cost', 'price', 'total'] },
  ],
};
