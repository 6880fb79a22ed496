/**
 * Per-message language detection for Brazilian Portuguese, English, Spanish, French and German: deterministic,
 * no model, a few kilobytes of data.
 *
 * Method (documented in libs/conversation/README.md, "detectLanguage"):
 * 1. Words come from `Intl.Segmenter` (word granularity), lower-cased.
 * 2. Stop words: each word found in a language's list of frequent function words and chat words
 *    scores 2 for that language; a word two or three languages list ("que", "de", "no") scores 1.2
 *    split between them, so distinctive words decide.
 * 3. Letters only one language uses: "ã", "õ", "ç", "ê", "â", "à" (Portuguese), "ñ", "¿", "¡" (Spanish).
 * 4. Character trigrams: each word, padded with spaces, is scored against a trigram profile of each
 *    language built at load time from the sample text below (add-one smoothed log-probabilities,
 *    averaged per trigram, so long and short messages weigh alike).
 * The three scores add up; the confidence is the softmax probability of the best language. Only the
 * first DETECTION_MAX_CHARS characters are read. Below
 * `DETECTION_THRESHOLD`, or with too little evidence (fewer than 3 letters and no known word), the
 * message is "unclear" and the caller falls back (the conversation's earlier messages, then the
 * agent's or entity's language).
 */

export type DetectedLanguage = 'pt' | 'en' | 'es' | 'fr' | 'de';

/** The BCP 47 tag replies use for each detected language. */
export const DETECTED_TAGS: Record<DetectedLanguage, string> = { pt: 'pt-BR', en: 'en', es: 'es', fr: 'fr', de: 'de' };

/** Softmax probability of the best language under which a message counts as unclear. */
export const DETECTION_THRESHOLD = 0.7;

export interface LanguageGuess {
  /** The language, or undefined when the message is unclear ("ok", "88412", "👍"). */
  language?: DetectedLanguage;
  /** Softmax probability of the best language (0–1). */
  confidence: number;
  /** The combined score of each language (higher is more likely). */
  scores: Record<DetectedLanguage, number>;
}

const LANGS: DetectedLanguage[] = ['pt', 'en', 'es', 'fr', 'de'];

// Frequent function words and chat words. Accents are kept: "está", "é", "sí" are distinctive.
const STOP: Record<DetectedLanguage, string> = {
  pt:
    'a o os as um uma uns umas de do da dos das em no na nos nas ao aos à às pelo pela pelos pelas para pra pro por com sem sobre ' +
    'e ou mas porque porquê pois que quem qual quais quando onde como quanto quanta quantos quantas isso isto aquilo esse essa este esta ' +
    'eu você vocês voce vc ele ela eles elas nós nos me te se lhe meu minha meus minhas seu sua seus suas nosso nossa dele dela ' +
    'é são era foi foram ser estar está estou estão estava tenho tem têm tinha ter vou vai vamos fazer faz fiz pode posso podia ' +
    'não nao sim já ja também tambem muito muita mais menos ainda só so bem aqui ali lá agora hoje amanhã ontem depois antes ' +
    'oi olá ola obrigado obrigada obg valeu tchau beleza tudo bom boa dia noite tarde gente cadê cade então entao né ne tá ta ' +
    'queria quero preciso gostaria gosto moro chamo nome pedido número numero código codigo meu lembra sabe qualé ' +
    'você mora trabalha chama disse contou ainda',
  en:
    'the a an of to in on at for from with without about by and or but because so if then than that this these those there here ' +
    'i me my mine you your yours he him his she her it its we us our they them their who whom whose what which when where why how ' +
    'is are was were be been being am do does did done have has had having will would can could should shall may might must ' +
    'not no yes yeah yep just also very really too more most some any all much many now today tomorrow yesterday ' +
    'hi hello hey thanks thank please bye goodbye sorry good morning evening night great nice cool ' +
    "i'm im i've i'll i'd don't dont can't cant won't isn't it's its what's whats that's let's " +
    'want need like love know remember tell name number order live work again help lol',
  es:
    'el la los las un una unos unas de del al en con sin sobre por para hasta desde entre ' +
    'y o pero porque que quien quién cual cuál cuales cuáles cuando cuándo donde dónde como cómo cuanto cuánto esto eso este esta ese esa ' +
    'yo tú tu usted ustedes él ella ellos ellas nosotros me te se le lo mi mis su sus nuestro nuestra ' +
    'es son era fue ser estar está estoy están estaba tengo tiene tenía tener voy va vamos hacer hace hice puede puedo podía ' +
    'no sí si ya también muy más menos todavía aún solo bien aquí allí ahora hoy mañana ayer después antes ' +
    'hola gracias adiós adios buenos buenas días noches tardes vale bueno claro genial perdón disculpa favor ' +
    'quiero necesito quisiera gusta gustan vivo llamo nombre pedido número código recuerdas sabes dime cuál ayuda ayúdame ' +
    'eres tienes vives trabajas llamas dijiste contaste todavía',
  fr:
    'le la les un une des du de au aux en dans sur sous avec sans pour par chez entre depuis ' +
    'et ou mais donc car parce que qui quoi quel quelle quels quelles quand où comment combien ceci cela ça ce cet cette ces ' +
    "je j' tu il elle nous vous ils elles moi toi lui leur mon ma mes ton ta tes son sa ses notre votre nos vos " +
    'est sont était été être suis es sommes êtes ai as avons avez ont avait avoir vais va allons fait faire peux peut pouvez ' +
    'ne pas non oui déjà aussi très plus moins encore seulement bien ici maintenant aujourd hui demain hier après avant ' +
    'bonjour bonsoir salut merci revoir pardon désolé désolée svp plaît beaucoup ' +
    "veux voudrais besoin aime habite appelle nom commande numéro code souviens sais dis rappelle aider aide c'est j'ai " +
    "qu'est-ce quoi d'accord vraiment",
  de:
    'was so in am an um da es man also ja will der die das den dem des ein eine einen einem einer eines im zum zur vom beim bei mit für auf aus nach von zu über unter ' +
    'und oder aber denn weil dass ob wenn als wie wer wen wem wessen wo wohin woher wann warum weshalb wieso welche welcher welches ' +
    'ich mich mir du dich dir er sie wir uns ihr euch ihnen ihm ihn mein meine meinen meinem meiner dein deine deinen ihre ihren unser unsere euer ' +
    'ist sind bin bist seid war waren gewesen sein habe hast hat haben hatte hätte wird werden würde kann kannst können konnte soll sollte muss möchte möchten ' +
    'nicht kein keine keinen nichts doch mal schon noch auch sehr gern gerne nur immer wieder jetzt heute morgen gestern hier dort eigentlich genau ' +
    'hallo moin servus tschüss tschüs danke bitte guten gute tag abend nacht morgen super prima okay ach naja ' +
    'heiße heißt heißen wohne wohnst arbeite name nummer bestellung bestellnummer uhr bis erinnerst weißt sag sagen gesagt erzählt hilfe',
};

// Sample text for the trigram profiles: everyday chat and support sentences in each language.
const SAMPLE: Record<DetectedLanguage, string> = {
  pt:
    'oi tudo bem com você meu nome é ana e eu moro em são paulo. obrigado pela ajuda, você foi muito atenciosa. ' +
    'meu pedido ainda não chegou e já faz uma semana que eu comprei. qual é o prazo de entrega para o meu endereço? ' +
    'eu gosto muito de café, de música brasileira e de viajar com a minha família nas férias. ' +
    'não consigo entrar na minha conta, aparece uma mensagem de erro quando eu coloco a senha. ' +
    'você pode me ajudar a cancelar a assinatura? queria saber quanto custa o plano anual. ' +
    'amanhã tenho uma consulta no médico às três horas da tarde, depois vou trabalhar. ' +
    'estou muito cansado hoje, o trabalho foi pesado e ainda preciso estudar para a prova. ' +
    'você lembra qual é o número do meu pedido? eu te passei ontem à noite. ' +
    'minha irmã se chama mariana e ela mora no rio de janeiro com o marido e os filhos. ' +
    'que legal, adorei saber disso! então vamos ver o que dá para fazer agora. ' +
    'boa tarde, gostaria de saber se vocês entregam na minha cidade e quanto sai o frete. ' +
    'não entendi muito bem, pode explicar de novo com outras palavras? tá bom, valeu, até mais.',
  en:
    'hi how are you doing today my name is anna and i live in london. thanks for the help, you were really kind. ' +
    'my order still has not arrived and it has been a week since i bought it. what is the delivery time to my address? ' +
    'i really like coffee, jazz music and travelling with my family during the holidays. ' +
    'i cannot sign in to my account, there is an error message when i type my password. ' +
    'could you help me cancel the subscription? i would like to know how much the annual plan costs. ' +
    'tomorrow i have a doctor appointment at three in the afternoon, then i am going to work. ' +
    'i am so tired today, work was hard and i still need to study for the exam. ' +
    'do you remember what my order number is? i gave it to you last night. ' +
    'my sister is called marianne and she lives in boston with her husband and the kids. ' +
    'that is great, i love hearing that! so let us see what we can do right now. ' +
    'good afternoon, i would like to know whether you deliver to my city and how much the shipping is. ' +
    "i didn't quite get that, could you explain it again in other words? okay, thanks, see you later.",
  es:
    'hola qué tal cómo estás mi nombre es ana y vivo en madrid. gracias por la ayuda, fuiste muy amable. ' +
    'mi pedido todavía no ha llegado y ya hace una semana que lo compré. cuál es el plazo de entrega a mi dirección? ' +
    'me gusta mucho el café, la música latina y viajar con mi familia en las vacaciones. ' +
    'no puedo entrar en mi cuenta, aparece un mensaje de error cuando pongo la contraseña. ' +
    'puedes ayudarme a cancelar la suscripción? quisiera saber cuánto cuesta el plan anual. ' +
    'mañana tengo una cita con el médico a las tres de la tarde, después voy a trabajar. ' +
    'estoy muy cansado hoy, el trabajo fue pesado y todavía necesito estudiar para el examen. ' +
    'recuerdas cuál es el número de mi pedido? te lo di anoche. ' +
    'mi hermana se llama mariana y vive en sevilla con su marido y sus hijos. ' +
    'qué bien, me encanta saber eso! entonces vamos a ver qué se puede hacer ahora. ' +
    'buenas tardes, quisiera saber si hacen envíos a mi ciudad y cuánto cuesta el envío. ' +
    'no entendí muy bien, puedes explicarlo otra vez con otras palabras? vale, gracias, hasta luego.',
  fr:
    "bonjour comment ça va je m'appelle anne et j'habite à lyon. merci pour votre aide, vous avez été très gentille. " +
    "ma commande n'est toujours pas arrivée et cela fait une semaine que je l'ai achetée. quel est le délai de livraison chez moi ? " +
    "j'aime beaucoup le café, la musique et voyager avec ma famille pendant les vacances. " +
    "je n'arrive pas à me connecter à mon compte, il y a un message d'erreur quand je tape mon mot de passe. " +
    "pouvez-vous m'aider à annuler l'abonnement ? je voudrais savoir combien coûte le forfait annuel. " +
    "demain j'ai un rendez-vous chez le médecin à trois heures de l'après-midi, ensuite je vais travailler. " +
    "je suis très fatigué aujourd'hui, le travail était dur et je dois encore étudier pour l'examen. " +
    'tu te souviens de mon numéro de commande ? je te l’ai donné hier soir. ' +
    "ma sœur s'appelle marianne et elle vit à bordeaux avec son mari et leurs enfants. " +
    "c'est génial, ça me fait plaisir ! alors voyons ce que nous pouvons faire maintenant. " +
    'bonsoir, je voudrais savoir si vous livrez dans ma ville et combien coûtent les frais de port. ' +
    "je n'ai pas bien compris, pouvez-vous expliquer encore avec d'autres mots ? d'accord, merci, à bientôt.",
  de:
    'guten morgen, wie geht es dir heute? ich heiße anna und wohne in hamburg. danke für die hilfe, sie waren sehr freundlich. ' +
    'meine bestellung ist immer noch nicht angekommen und ich habe sie schon vor einer woche gekauft. wie lange dauert die lieferung zu meiner adresse? ' +
    'ich mag kaffee, musik und reisen mit meiner familie in den ferien sehr gern. ' +
    'ich kann mich nicht in mein konto einloggen, es erscheint eine fehlermeldung, wenn ich mein passwort eingebe. ' +
    'können sie mir helfen, das abo zu kündigen? ich möchte wissen, wie viel der jahrestarif kostet. ' +
    'morgen habe ich um drei uhr nachmittags einen termin beim arzt, danach gehe ich zur arbeit. ' +
    'ich bin heute so müde, die arbeit war anstrengend und ich muss noch für die prüfung lernen. ' +
    'weißt du noch, wie meine bestellnummer lautet? ich habe sie dir gestern abend gegeben. ' +
    'meine schwester heißt marianne und wohnt mit ihrem mann und den kindern in münchen. ' +
    'das ist ja toll, das freut mich zu hören! dann schauen wir mal, was wir jetzt machen können. ' +
    'guten tag, ich würde gern wissen, ob sie in meine stadt liefern und was der versand kostet. ' +
    'das habe ich nicht ganz verstanden, kannst du es noch einmal mit anderen worten erklären? okay, danke, bis später.',
};

const DISTINCT: Array<{ re: RegExp; lang: DetectedLanguage; weight: number }> = [
  { re: /[ãõ]/gu, lang: 'pt', weight: 2 },
  { re: /[âêôà]/gu, lang: 'pt', weight: 0.75 },
  { re: /[âêôà]/gu, lang: 'fr', weight: 0.75 },
  { re: /ç/gu, lang: 'pt', weight: 0.75 },
  { re: /ç/gu, lang: 'fr', weight: 0.75 },
  { re: /[èëîïûùœ]/gu, lang: 'fr', weight: 2 },
  { re: /\b(?:[jldmnst]|qu)['’]\p{L}/gu, lang: 'fr', weight: 1.5 },
  { re: /[ñ¿¡]/gu, lang: 'es', weight: 2 },
  { re: /[äöß]/gu, lang: 'de', weight: 2 },
  { re: /ü/gu, lang: 'de', weight: 1.5 },
];

const stopSets = Object.fromEntries(LANGS.map((l) => [l, new Set(STOP[l].split(/\s+/).filter(Boolean))])) as Record<DetectedLanguage, Set<string>>;

/**
 * How many languages list each stop word: shared words are split between them. German is not counted here, so adding it
 * left the other languages' scores as they were; a German word another language also lists ("was", "so", "um", "in")
 * scores for German as if German were one more language sharing it.
 */
const stopShare = new Map<string, number>();
for (const l of LANGS) if (l !== 'de') for (const w of stopSets[l]) stopShare.set(w, (stopShare.get(w) ?? 0) + 1);

interface Profile {
  counts: Map<string, number>;
  total: number;
}

function trigramsOf(word: string): string[] {
  const padded = ` ${word} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Word-like segments, lower-cased ("Olá, tudo bem?" → ["olá", "tudo", "bem"]). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text)) {
    if (s.isWordLike && /\p{L}/u.test(s.segment)) out.push(s.segment.toLowerCase());
  }
  return out;
}

const profiles = Object.fromEntries(
  LANGS.map((l) => {
    const counts = new Map<string, number>();
    let total = 0;
    for (const w of words(SAMPLE[l])) {
      for (const t of trigramsOf(w)) {
        counts.set(t, (counts.get(t) ?? 0) + 1);
        total++;
      }
    }
    return [l, { counts, total }];
  }),
) as Record<DetectedLanguage, Profile>;
const vocabulary = new Set(LANGS.flatMap((l) => [...profiles[l].counts.keys()])).size;

/** How much of a message is read: a few sentences show the language, and the cost stays flat for long messages. */
export const DETECTION_MAX_CHARS = 600;

/** Detects the language of one message. Deterministic; see the module comment for the method. */
export function detectLanguage(input: string): LanguageGuess {
  const scores: Record<DetectedLanguage, number> = { pt: 0, en: 0, es: 0, fr: 0, de: 0 };
  const text = (input ?? '').slice(0, DETECTION_MAX_CHARS);
  const ws = words(text);
  let evidence = 0;

  // 1. Stop words (their share when several languages list them).
  for (const w of ws) {
    const share = stopShare.get(w);
    const german = stopSets.de.has(w);
    if (!share && !german) continue;
    evidence++;
    if (share) for (const l of LANGS) if (l !== 'de' && stopSets[l].has(w)) scores[l] += share === 1 ? 2 : 1.2 / share;
    if (german) scores.de += share ? 1.2 / (share + 1) : 2;
  }
  // 2. Letters of one language.
  for (const { re, lang, weight } of DISTINCT) {
    const n = text.toLowerCase().match(re)?.length ?? 0;
    if (n) {
      scores[lang] += weight * Math.min(n, 3);
      evidence++;
    }
  }
  // 3. Character trigrams, averaged log-probabilities relative to the mean of the languages.
  // Codes ("BR998877665BR") are not words of any language: only words without digits count.
  const lettered = ws.filter((w) => !/\d/.test(w));
  const grams = lettered.flatMap(trigramsOf);
  const letters = lettered.join('').length;
  if (grams.length) {
    const ll = LANGS.map((l) => {
      const p = profiles[l];
      let sum = 0;
      for (const g of grams) sum += Math.log(((p.counts.get(g) ?? 0) + 1) / (p.total + vocabulary));
      return sum / grams.length;
    });
    const mean = ll.reduce((a, b) => a + b, 0) / ll.length;
    // Weighted by how much text there is: a long message's trigrams are good evidence.
    const weight = 4 * Math.min(1, letters / 12);
    LANGS.forEach((l, i) => (scores[l] += (ll[i] - mean) * weight));
  }

  const max = Math.max(...LANGS.map((l) => scores[l]));
  const exp = LANGS.map((l) => Math.exp(scores[l] - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  const best = LANGS[exp.indexOf(Math.max(...exp))];
  const confidence = Math.max(...exp) / sum;
  const enough = evidence > 0 || letters >= 3;
  return { language: enough && confidence >= DETECTION_THRESHOLD ? best : undefined, confidence, scores };
}
