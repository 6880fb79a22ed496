import { getSoul } from './souls';
import type { Lang, LangTexts } from './language';
import { BUSINESS_WORDS, CRITERIA, CRITERIA_ASKS, CRITERIA_DONE, GENERIC_TRADE, TIPS, TRADES, type Criterion, type Trade } from './lang/trades';
import { termsOf } from './terms';
import { escapeRe, fold, joinList } from './text';
import type { Soul } from './types';

/**
 * Domains an agent can be made for, named by an entity's purpose (its soul's description, tone and name): the
 * follow-ups that must fit the domain ("what have you enjoyed reading?" in a bookstore, "your booking reference?" at
 * an airline, not "style, area or budget?" or "the order number?"). Keyed by topic id (topics.ts); `default` is asked
 * when the message names no topic. A topic without an entry keeps its own question. Catalogue souls keep their own
 * voices' follow-ups (the concierge is "hotel-style" but books restaurant tables).
 */
export interface Domain {
  id: string;
  match: RegExp;
  asks: Record<string, LangTexts<string>>;
  /** The question of a topic once the person gave a date ("minha consulta de amanhã"): it does not ask for the date again. */
  datedAsks?: Record<string, LangTexts<string>>;
  /**
   * Words that name the domain when the person says them (folded): a conversation at a bookshop ("a present at your
   * bookshop", "encomenda de livro", "club de lectura") takes the domain's follow-ups when the agent names none.
   * Stricter than `match`: "book a table" is no bookshop.
   */
  talk?: RegExp;
  /** The trade (lang/trades.ts) it was made from: its follow-ups ask for what the person has not said yet (tradeAsk). */
  trade?: Trade;
}

const t = (en: string, pt: string, es: string, fr: string): LangTexts<string> => ({ en, pt, es, fr });

const TRIP_REF = t(
  "What's your booking reference, and which flight or travel date is it about?",
  'Qual é o código da sua reserva (localizador), e de qual voo ou data de viagem estamos falando?',
  '¿Cuál es tu código de reserva, y de qué vuelo o fecha de viaje se trata?',
  'Quelle est ta référence de réservation, et de quel vol ou de quelle date de voyage s’agit-il ?',
);
const STAY_REF = t(
  "What's your booking reference, and what are the dates of your stay?",
  'Qual é o código da sua reserva e quais são as datas da hospedagem?',
  '¿Cuál es tu código de reserva y cuáles son las fechas de tu estancia?',
  'Quelle est ta référence de réservation, et quelles sont les dates de ton séjour ?',
);
const APPOINTMENT = t(
  'Which appointment is it — the date and the doctor or specialty?',
  'De qual consulta estamos falando — a data e o médico ou a especialidade?',
  '¿De qué cita se trata — la fecha y el médico o la especialidad?',
  'De quel rendez-vous s’agit-il — la date et le médecin ou la spécialité ?',
);
const NO_SECRETS = {
  en: 'Please never send me your password, PIN or full card number.',
  pt: 'Nunca me envie sua senha, PIN ou o número completo do cartão.',
  es: 'Nunca me envíes tu contraseña, PIN ni el número completo de la tarjeta.',
  fr: 'Ne m’envoie jamais ton mot de passe, ton code PIN ni ton numéro de carte complet.',
};
const withNoSecrets = (x: LangTexts<string>): LangTexts<string> => ({
  en: `${x.en} ${NO_SECRETS.en}`,
  pt: `${x.pt} ${NO_SECRETS.pt}`,
  es: `${x.es} ${NO_SECRETS.es}`,
  fr: `${x.fr} ${NO_SECRETS.fr}`,
});

export const DOMAINS: Domain[] = [
  {
    id: 'books',
    match: /\b(?:books?|bookstore|bookshop|reading|novels?|livr(?:o|os|aria)|leitura|libr(?:o|os|eria)|lectura|librairie|lecture|romans?)\b/,
    talk: /\b(?:books|bookstore|bookshop|bookseller|book club|novels?|paperback|hardcover|livr(?:o|os|aria)|leitura|romances?|libr(?:o|os|eria)|lectura|novelas?|librairie|livres?|lecture|romans?|buchhandlung|buch|bucher|roman|romane|lesekreis)\b/,
    asks: {
      recommendation: {
        en: 'What have you enjoyed reading lately, and which genres or authors do you like?',
        pt: 'O que você gostou de ler ultimamente, e quais gêneros ou autores você curte?',
        es: '¿Qué has disfrutado leyendo últimamente, y qué géneros o autores te gustan?',
        fr: 'Qu’as-tu aimé lire dernièrement, et quels genres ou auteurs préfères-tu ?',
        de: 'Was hast du zuletzt gern gelesen, und welche Genres oder Autoren magst du?',
      },
      shopping: {
        en: 'Is it for you or a gift, and what kind of books do you (or they) enjoy?',
        pt: 'É para você ou para presente, e que tipo de livro você (ou a pessoa) curte?',
        es: '¿Es para ti o para regalar, y qué tipo de libros te (o le) gustan?',
        fr: 'C’est pour toi ou pour offrir, et quel genre de livres aimes-tu (ou aime la personne) ?',
        de: 'Ist es für dich oder ein Geschenk, und welche Art von Büchern liest du (oder die Person) gern?',
      },
    },
  },
  {
    id: 'travel',
    match:
      /\b(?:airlines?|airways|flights?|aerolineas?|companhias? aereas?|compagnies? aeriennes?|voos|vuelos|vols|low-cost carrier|travel agency|agencia de (?:viagens?|viajes)|agence de voyages?|tour operator|operadora de turismo)\b/,
    asks: {
      booking: t(
        'Where are you flying from and to, on which dates, and for how many passengers?',
        'De onde para onde você quer viajar, em quais datas e para quantos passageiros?',
        '¿Desde dónde y hacia dónde quieres viajar, en qué fechas y para cuántos pasajeros?',
        'D’où et vers où veux-tu voyager, à quelles dates et pour combien de passagers ?',
      ),
      cancel: TRIP_REF,
      refund: TRIP_REF,
      billing: TRIP_REF,
      order: t(
        "What's your booking reference and flight number, and what does the bag look like?",
        'Qual é o código da reserva e o número do voo, e como é a bagagem?',
        '¿Cuál es tu código de reserva y el número de vuelo, y cómo es la maleta?',
        'Quelle est ta référence de réservation et ton numéro de vol, et à quoi ressemble le bagage ?',
      ),
      error: TRIP_REF,
      default: TRIP_REF,
    },
  },
  {
    id: 'hotel',
    match: /\b(?:hotels?|hostels?|pousadas?|posadas?|resorts?|auberges?|hospedagem|hospedaje|hebergement|bed and breakfast|guest ?house)\b/,
    asks: {
      booking: t(
        'For which dates, how many guests, and which kind of room?',
        'Para quais datas, quantos hóspedes e que tipo de quarto?',
        '¿Para qué fechas, cuántos huéspedes y qué tipo de habitación?',
        'Pour quelles dates, combien de personnes et quel type de chambre ?',
      ),
      cancel: STAY_REF,
      refund: STAY_REF,
      billing: STAY_REF,
      order: STAY_REF,
    },
  },
  {
    id: 'health',
    match:
      /\b(?:clinics?|clinicas?|cliniques?|hospitals?|hospita(?:l|is|les)|hopital|medical|medic[oa]s?|medecins?|doctors?|dentists?|dentistas?|dentaires?|health|saude|salud|sante|patients?|pacientes?|physio\w*|fisioterapia|kine\w*)\b/,
    asks: {
      booking: t(
        'Which specialty or doctor do you need, and which days and times suit you?',
        'Qual especialidade ou médico você precisa, e quais dias e horários ficam bons para você?',
        '¿Qué especialidad o médico necesitas, y qué días y horarios te vienen bien?',
        'De quelle spécialité ou de quel médecin as-tu besoin, et quels jours et horaires te conviennent ?',
      ),
      cancel: APPOINTMENT,
      billing: t(
        'Which appointment or exam is the charge for, and is it through insurance or private?',
        'A cobrança é de qual consulta ou exame, e foi pelo convênio ou particular?',
        '¿De qué cita o examen es el cobro, y fue por seguro o particular?',
        'Ce paiement concerne quel rendez-vous ou quel examen, et est-ce via une mutuelle ou en privé ?',
      ),
      default: t(
        'Is it about booking, changing or cancelling an appointment, or about a result or a bill? For an emergency, call your local emergency number.',
        'É para marcar, remarcar ou cancelar uma consulta, ou sobre um resultado ou uma cobrança? Em caso de emergência, ligue para o número de emergência local.',
        '¿Es para pedir, cambiar o cancelar una cita, o sobre un resultado o un cobro? En caso de emergencia, llama al número de emergencias local.',
        'Est-ce pour prendre, déplacer ou annuler un rendez-vous, ou au sujet d’un résultat ou d’une facture ? En cas d’urgence, appelle le numéro d’urgence local.',
      ),
    },
    datedAsks: {
      cancel: t(
        'Which appointment is it — the doctor or specialty, and the time?',
        'De qual consulta estamos falando — o médico ou a especialidade, e o horário?',
        '¿De qué cita se trata — el médico o la especialidad, y la hora?',
        'De quel rendez-vous s’agit-il — le médecin ou la spécialité, et l’heure ?',
      ),
    },
  },
  {
    id: 'pharmacy',
    match: /\b(?:pharmac(?:y|ies|ie)|farmacias?|drogarias?|drugstores?|chemists?)\b/,
    asks: {
      order: t(
        "What's the order number, and is it a prescription medicine?",
        'Qual é o número do pedido, e é um medicamento com receita?',
        '¿Cuál es el número de pedido, y es un medicamento con receta?',
        'Quel est le numéro de commande, et est-ce un médicament sur ordonnance ?',
      ),
      shopping: t(
        'Which medicine or product are you looking for, and do you have a prescription?',
        'Qual medicamento ou produto você procura, e você tem receita?',
        '¿Qué medicamento o producto buscas, y tienes receta?',
        'Quel médicament ou produit cherches-tu, et as-tu une ordonnance ?',
      ),
      default: t(
        'Which medicine is it about, and do you have a prescription? For medical advice, please also check with a pharmacist or doctor.',
        'É sobre qual medicamento, e você tem receita? Para orientação médica, confirme também com um farmacêutico ou médico.',
        '¿De qué medicamento se trata, y tienes receta? Para consejo médico, consulta también con un farmacéutico o médico.',
        'De quel médicament s’agit-il, et as-tu une ordonnance ? Pour un avis médical, vérifie aussi auprès d’un pharmacien ou d’un médecin.',
      ),
    },
  },
  {
    id: 'bank',
    match: /\b(?:banks?|banking|bancos?|bancari[oa]|banque|bancaire|fintech|credit union|cooperativa de credito|carte bancaire)\b/,
    asks: {
      billing: withNoSecrets(
        t(
          'Which account or card is it, and what are the date and amount of the transaction?',
          'De qual conta ou cartão se trata, e qual é a data e o valor da transação?',
          '¿De qué cuenta o tarjeta se trata, y cuál es la fecha y el importe de la operación?',
          'De quel compte ou de quelle carte s’agit-il, et quels sont la date et le montant de l’opération ?',
        ),
      ),
      account: withNoSecrets(
        t(
          'Is it the app or online banking, and what message do you see when you try to sign in?',
          'É no aplicativo ou no internet banking, e que mensagem aparece quando você tenta entrar?',
          '¿Es en la app o en la banca en línea, y qué mensaje ves cuando intentas entrar?',
          'C’est sur l’application ou sur la banque en ligne, et quel message vois-tu quand tu essaies de te connecter ?',
        ),
      ),
      cancel: withNoSecrets(
        t(
          'What would you like to cancel — a card, a transfer or the account?',
          'O que você quer cancelar — um cartão, uma transferência ou a conta?',
          '¿Qué quieres cancelar — una tarjeta, una transferencia o la cuenta?',
          'Que veux-tu annuler — une carte, un virement ou le compte ?',
        ),
      ),
      default: withNoSecrets(
        t(
          'Is it about your account, a card or a transaction?',
          'É sobre a sua conta, um cartão ou uma transação?',
          '¿Es sobre tu cuenta, una tarjeta o una operación?',
          'Est-ce au sujet de ton compte, d’une carte ou d’une opération ?',
        ),
      ),
    },
  },
  {
    id: 'telecom',
    match:
      /\b(?:telecoms?|telco|mobile (?:operator|network|plans?)|operadoras?|operador(?:a)? (?:movil|de telefonia)|operateur|internet (?:provider|service)|provedor(?:a)? de internet|proveedor de internet|fournisseur d'acces|fibr[ea]|fiber|broadband|isp|banda larga|banda ancha|telefonia)\b/,
    asks: {
      error: t(
        'Is it the mobile line or the home internet, since when, and have you restarted the phone or router?',
        'É a linha móvel ou a internet de casa, desde quando, e você já reiniciou o celular ou o roteador?',
        '¿Es la línea móvil o el internet de casa, desde cuándo, y ya reiniciaste el móvil o el router?',
        'Est-ce la ligne mobile ou internet à la maison, depuis quand, et as-tu déjà redémarré le téléphone ou la box ?',
      ),
      billing: t(
        'Which line or contract is it, and which charge on the bill do you not recognize?',
        'De qual linha ou contrato se trata, e qual cobrança da fatura você não reconhece?',
        '¿De qué línea o contrato se trata, y qué cargo de la factura no reconoces?',
        'De quelle ligne ou de quel contrat s’agit-il, et quel montant de la facture ne reconnais-tu pas ?',
      ),
      cancel: t(
        'Which line or contract would you like to cancel, and whose name is it in?',
        'Qual linha ou contrato você quer cancelar, e em nome de quem está?',
        '¿Qué línea o contrato quieres cancelar, y a nombre de quién está?',
        'Quelle ligne ou quel contrat veux-tu résilier, et à quel nom est-il ?',
      ),
      default: t(
        'Is it about your mobile line, your home internet or a bill?',
        'É sobre a sua linha móvel, a internet de casa ou uma fatura?',
        '¿Es sobre tu línea móvil, el internet de casa o una factura?',
        'Est-ce au sujet de ta ligne mobile, d’internet à la maison ou d’une facture ?',
      ),
    },
  },
  {
    id: 'software',
    match: /\b(?:software|saas|helpdesk|help desk|service desk|it support|logiciels?|suporte tecnico|soporte tecnico|support technique|support informatique)\b/,
    asks: {
      billing: t(
        'Which plan are you on, and what are the date and amount of the charge?',
        'Em qual plano você está, e qual é a data e o valor da cobrança?',
        '¿En qué plan estás, y cuál es la fecha y el importe del cobro?',
        'Quelle offre as-tu, et quels sont la date et le montant du prélèvement ?',
      ),
      cancel: t(
        "Is it the whole subscription or some seats, and what's the email on the account?",
        'É a assinatura inteira ou algumas licenças, e qual é o e-mail da conta?',
        '¿Es toda la suscripción o algunas licencias, y cuál es el correo de la cuenta?',
        'Est-ce tout l’abonnement ou quelques licences, et quelle est l’adresse e-mail du compte ?',
      ),
      default: t(
        'Which app or feature is it about, and what do you see on the screen?',
        'É sobre qual aplicativo ou função, e o que aparece na tela?',
        '¿De qué aplicación o función se trata, y qué ves en la pantalla?',
        'De quelle application ou fonctionnalité s’agit-il, et que vois-tu à l’écran ?',
      ),
    },
  },
  {
    id: 'education',
    match:
      /\b(?:schools?|escolas?|escuelas?|ecoles?|universit(?:y|ies|e)|universidades?|colleges?|faculdades?|courses|cursos|students?|estudantes?|alunos?|alumnos?|etudiants?|eleves?|tutoring|education|educacao|educacion|enseignement|formation|enrol\w*|matricula)\b/,
    asks: {
      booking: t(
        'Which course or class is it, and which days and times suit you?',
        'Qual curso ou aula, e quais dias e horários ficam bons para você?',
        '¿Qué curso o clase es, y qué días y horarios te vienen bien?',
        'Quel cours ou quelle formation, et quels jours et horaires te conviennent ?',
      ),
      billing: t(
        'Which course is the payment for, and what are its date and amount?',
        'O pagamento é de qual curso, e qual é a data e o valor?',
        '¿De qué curso es el pago, y cuál es la fecha y el importe?',
        'Le paiement concerne quel cours, et quels sont la date et le montant ?',
      ),
      price: t(
        'Which course or program are you interested in, and would it be full-time or part-time?',
        'Qual curso ou programa te interessa, e seria integral ou meio período?',
        '¿Qué curso o programa te interesa, y sería a tiempo completo o parcial?',
        'Quel cours ou programme t’intéresse, et ce serait à temps plein ou à temps partiel ?',
      ),
    },
  },
];

/** Does the folded text use one of the words (whole words, `*` a prefix, an optional plural "s"; phrases word by word)? */
const WORD_RE = new Map<string, RegExp>();
function wordRe(word: string): RegExp {
  let re = WORD_RE.get(word);
  if (re) return re;
  const body = word.replace(/\*$/, '').split(/\s+/).map(escapeRe).join("[\\s'’-]+");
  re = new RegExp(`(?<![\\p{L}\\p{N}])${body}${word.endsWith('*') ? '' : 's?(?![\\p{L}\\p{N}])'}`, 'u');
  WORD_RE.set(word, re);
  return re;
}

function usesWord(text: string, words: readonly string[]): number {
  let first = -1;
  for (const word of words) {
    const m = wordRe(word).exec(text);
    if (m && (first < 0 || m.index < first)) first = m.index;
  }
  return first;
}

/** The trade a purpose names (lang/trades.ts): the one named first. */
export function tradeOf(purpose: string): Trade | undefined {
  return namedTrade(fold(purpose))?.trade;
}

/**
 * Words that name a role any trade has ("coach", "trainer"): a purpose's trade is named by its other words when it has
 * any ("coach de finanças pessoais" is a finance coach, "cooking coach" a cook), by these only when nothing else names it.
 */
const ROLE_WORDS = new Set(['coach', 'coaching', 'trainer', 'entrenador', 'treinador']);

/** Each trade's words apart from its role words, and its role words, split once. */
const TRADE_WORDS = TRADES.map((trade) => ({
  trade,
  strong: trade.words.filter((w) => !ROLE_WORDS.has(w)),
  role: trade.words.filter((w) => ROLE_WORDS.has(w)),
}));

function namedTrade(text: string): { trade: Trade; at: number } | undefined {
  const pick = (kind: 'strong' | 'role') => {
    let best: { trade: Trade; at: number } | undefined;
    for (const words of TRADE_WORDS) {
      const at = usesWord(text, words[kind]);
      if (at >= 0 && (!best || at < best.at)) best = { trade: words.trade, at };
    }
    return best;
  };
  return pick('strong') ?? pick('role');
}

/**
 * The domain an entity was made for, if its purpose names one: a domain with hand-written follow-ups (DOMAINS, the first
 * in order whose words it uses), unless a trade that is a kind of it is named ("clínica veterinária" is a vet); else a
 * trade (lang/trades.ts); else, when the purpose names a business at all, the follow-ups any shop asks.
 * Catalogue souls have none: their voices carry their own follow-ups.
 */
export function domainOf(soul: Soul): Domain | undefined {
  if (getSoul(soul.id)) return undefined;
  const text = fold(`${soul.name} ${soul.description} ${soul.tone}`);
  const known = DOMAINS.find((d) => d.match.test(text));
  const named = namedTrade(fold(`${soul.name} ${soul.description}`));
  const trade = named?.trade;
  if (trade && known && trade.within?.includes(known.id)) return { ...known, trade };
  // The one the purpose names first: "a tax accountancy firm: books appointments…" is an accountant, not a bookshop.
  const first = trade && known && named.at < (known.match.exec(fold(`${soul.name} ${soul.description}`))?.index ?? Infinity);
  if (trade && (!known || trade.over?.includes(known.id) || first)) return { id: trade.id, match: /$^/, asks: {}, trade };
  if (known) return known;
  if (usesWord(text, BUSINESS_WORDS) >= 0) return { id: GENERIC_TRADE.id, match: /$^/, asks: {}, trade: GENERIC_TRADE };
  return undefined;
}

/** Which criteria list a topic's follow-up uses. */
const CRITERIA_OF: Record<string, 'choose' | 'handle' | 'book'> = {
  recommendation: 'choose',
  shopping: 'choose',
  choice: 'choose',
  booking: 'book',
  error: 'handle',
  default: 'handle',
};

/**
 * Has the person given a criterion already? `said`: their recent messages (the latest last), `described`: they already
 * told what is wrong. Word starts of five letters or more match any word they start, shorter ones whole words.
 */
export function criterionKnown(c: Criterion, said: string[], lang: Lang, described: boolean): boolean {
  if (c.problem && described) return true;
  const text = said.join(' \n ');
  const folded = fold(text);
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (c.known?.some((k) => (k.length >= 5 ? words.some((x) => x.startsWith(k)) : words.includes(k)))) return true;
  if (!c.cats?.length && !c.date) return false;
  const terms = termsOf(text, lang);
  if (c.cats?.some((cat) => terms.stems.includes(cat))) return true;
  return Boolean(c.date && terms.dates.length);
}

/**
 * A trade's follow-up for a topic: what it still needs, in one question ("To suggest something that suits you, could
 * you tell me your height and your budget?"); when everything is known, a thanks that asks nothing again. Undefined when
 * the trade has no criteria for the topic (the topic's own follow-up is asked).
 */
export function tradeAsk(trade: Trade, topic: string, lang: Lang, said: string[], described: boolean): string | undefined {
  const which = CRITERIA_OF[topic];
  const ids = which ? trade[which] : undefined;
  if (!which || !ids?.length) return undefined;
  const missing = ids.map((id) => CRITERIA[id]).filter((c) => c && !criterionKnown(c, said, lang, described));
  if (!missing.length) return CRITERIA_DONE[lang];
  return CRITERIA_ASKS[which][lang].replace(
    '{c}',
    joinList(
      missing.map((c) => c.say[lang]),
      lang,
    ),
  );
}

/** Does one of the folded words start with a word start of five letters or more, or equal a shorter one? */
function startsAny(words: string[], starts: readonly string[]): number {
  return starts.filter((k) => (k.length >= 5 ? words.some((x) => x.startsWith(k)) : words.includes(k))).length;
}

/**
 * The tip of a trade or domain (lang/trades.ts TIPS) that answers a question: the one whose word starts it holds most;
 * when none does and `advice` (the person asks for a recommendation), the one said for any advice (`general`).
 */
export function tipFor(ids: string[], message: string, lang: Lang, advice: boolean): string | undefined {
  const tips = ids.flatMap((id) => TIPS[id] ?? []);
  if (!tips?.length) return undefined;
  const words = fold(message)
    .replace(/ß/g, 'ss')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let best: { say: string; score: number } | undefined;
  for (const tip of tips) {
    const score = startsAny(words, tip.about);
    if (score > 0 && (!best || score > best.score)) best = { say: tip.say[lang], score };
  }
  return best?.say ?? (advice ? tips.find((x) => x.general)?.say[lang] : undefined);
}

/**
 * The domain of a conversation: the entity's (domainOf), else the one the person's own words name (`talk`, the latest
 * said first): a catalogue agent asked for a present at a bookshop recommends books, not restaurants.
 */
export function domainOfConversation(soul: Soul, said: string[]): Domain | undefined {
  const own = domainOf(soul);
  if (own) return own;
  for (const text of [...said].reverse()) {
    const folded = fold(text);
    const found = DOMAINS.find((d) => d.talk?.test(folded));
    if (found) return found;
  }
  return undefined;
}
