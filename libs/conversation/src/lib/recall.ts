import { RECALL_START } from './asking';
import { foldKeep } from './fact-details';
import { article as enArticle, relationPhrase, relationWord } from './facts';
import { tr as pickLang, type Lang, type LangTexts } from './language';
import { ALL_SLOTS, attributeKey, slotLabel, findSlotNouns, isKnownAttribute, SECRET_NOUNS, type SlotDef } from './slots';
import { capitalize, fold, joinList, squish } from './text';
import type { Fact } from './types';

/*
 * Questions about what the person told before ("what's my order number?", "você lembra do meu
 * pedido?", "¿dónde vivo?", "what music do I like?", "qual é o meu nome e o número do meu pedido?"),
 * matched as question frames around the nouns of the slots (slots.ts), and their answers from the
 * remembered facts, part by part; what is not known is said plainly.
 */

/** One thing a memory question asks for. `at` is its position in the question (answers keep that order). */
export type RecallTarget =
  | { type: 'slot'; slot: SlotDef; at: number }
  | { type: 'attribute'; key: string; noun: string; feminine: boolean; at: number }
  | { type: 'tastes'; polarity: 'likes' | 'dislikes'; category?: string; at: number }
  | { type: 'relation'; key: string; word: string; at: number }
  | { type: 'favorite'; phrase: string; key: string; at: number }
  | { type: 'check'; item: string; at: number };

// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

/** Words that open a question about something remembered, before the noun ("what's my…", "qual é o…", "¿recuerdas mi…"). */
const FRAMES = [
  // English
  "what(?:'s|s| is| was| are| were)?",
  'which',
  'tell me(?: again)?',
  'remind me(?: of| about)?(?: what)?',
  '(?:do|did) you (?:still )?(?:remember|know|recall|have|keep|save|note)',
  'have you got',
  'you (?:still )?(?:remember|know|have|got)',
  '(?:can|could|would) you (?:please )?(?:tell me|remind me(?: of| about)?|confirm|repeat|give me|say)',
  'confirm',
  'repeat',
  '(?:(?:can|could|would) you (?:please )?)?read (?:me )?back',
  '(?:(?:can|could|would) you (?:please )?)?(?:go|run) (?:me )?(?:over|through)',
  "i (?:forgot|forget|don'?t remember|can'?t remember|do not remember|cannot remember)",
  'and',
  'what about',
  'how about',
  'also',
  'remember',
  "who(?:'s| is| was)?",
  // Portuguese
  'quem(?: e| eh| era)?',
  'como se chama(?:m)?',
  'qual(?: e| eh| era| foi)?',
  'quais(?: sao| eram| foram)?',
  'me (?:lembra|lembre|diz|diga|fala|fale|confirma|confirme|passa|passe|repete|repita|informa|informe)(?: de novo| novamente| ai| aí)?(?: qual(?: e| era)?)?',
  '(?:voce|vc|tu) (?:ainda )?(?:lembra|se lembra|sabe|tem|guardou|anotou|recorda)(?: d[oa]s?| de)?',
  'lembra(?: d[oa]s?| de)?',
  'sabe',
  'esqueci(?: d[oa]s?| de| qual)?',
  'nao (?:me )?lembro(?: d[oa]s?| de| qual)?',
  '(?:pode|poderia|consegue) (?:me )?(?:dizer|lembrar|confirmar|passar|repetir|informar)',
  'confirma',
  'e',
  // Spanish
  'cual(?: es| era| fue)?',
  'cuales(?: son| eran| fueron)?',
  'dime(?: otra vez| de nuevo)?(?: cual(?: es| era)?)?',
  'recuerdame(?: cual(?: es| era)?)?',
  '(?:te )?acuerdas(?: de)?',
  'recuerdas',
  'sabes',
  'tienes',
  'olvide',
  'no recuerdo',
  '(?:puedes|podrias) (?:decirme|recordarme|confirmar(?:me)?|repetir(?:me)?)',
  'y',
  'quien(?: es| era)?',
  'como se llama(?:n)?',
  'me (?:repites|repite|dices|dice|recuerdas|recuerda|confirmas|confirma|pasas|das)',
  '(?:repiteme|confirmame|recordame|pasame)',
  // French
  "quel(?:le)?s?(?: est| etait| sont| etaient|-ce que| c'est)?",
  "c'est quoi",
  '(?:rappelle|redis|redonne|confirme|dis)(?:-moi| moi)(?: encore| a nouveau)?(?: quel(?:le)?s?(?: est| etait)?)?',
  '(?:tu |vous )?(?:te souviens|vous souvenez|se souvient)(?: de| du| des|-tu de|-tu du)?',
  '(?:tu as|as-tu|vous avez|avez-vous|tu connais|tu sais|sais-tu) (?:encore |toujours |bien )?(?:note |garde |retenu )?',
  '(?:peux|pourrais|pouvez|pourriez)(?:-tu|-vous| tu| vous)? (?:me )?(?:dire|rappeler|redire|confirmer|redonner|repeter)',
  "j'ai oublie",
  'je ne (?:me )?(?:souviens|rappelle) (?:plus )?(?:de|du|des)?',
  'et',
];
const FRAME_RE = new RegExp(`(?<=^|[\\s,;:!?(])(?:${FRAMES.join('|')})\\s+`, 'gu');

/** Words that may stand between the frame and the noun ("what was *my* order number *again*"). */
const FILLER =
  "(?:is|was|are|were|'s|s|my|the|again|still|of|me|exactly|it|that|what|which|e|eh|era|foi|o|a|os|as|meu|minha|meus|minhas|mesmo|de novo|novamente|que|qual|do|da|dos|das|de|es|fue|el|la|los|las|mi|mis|otra vez|de nuevo|cual|please|pls|por favor|number|mon|ma|mes|le|les|l'|du|des|deja|encore|exactement|est|etait|s'il te plait|stp|svp)";
const FILLERS_RE = new RegExp(`^(?:${FILLER}\\s+){0,5}`, 'u');
const POSSESSIVE_BEFORE = /(?:^|\s)(my|meu|minha|mi|meus|minhas|mis|mon|ma|mes)\s+$/u;
const COORDINATION = new RegExp(`^\\s*(?:,|and|e|y|et|&|plus|as well as|or|ou|o)\\s+(?:${FILLER}\\s+){0,4}`, 'u');
/** After a noun, words that make it a modifier: "order *status*", "account *settings*". */
const NOT_HEAD =
  /^\s+(?:status|state|situation|date|total|amount|price|value|cost|history|details|info|information|progress|settings|page|balance|estimate|eta|problem|issue|error)\b/u;

const RELATION_WORDS =
  'sister|brother|mother|mom|mum|father|dad|son|daughter|wife|husband|girlfriend|boyfriend|fiancee|fiance|friend|best friend|dog|puppy|cat|kitten|grandmother|grandma|grandfather|grandpa|aunt|uncle|cousin|niece|nephew|boss|partner|baby|kid|child|' +
  'irma|irmao|mae|pai|filho|filha|esposa|marido|esposo|namorada|namorado|noiva|noivo|amiga|amigo|cachorro|cachorra|cao|cadela|gato|gata|avo|tia|tio|prima|primo|sobrinha|sobrinho|chefe|parceira|parceiro|bebe|' +
  'hermana|hermano|madre|padre|hijo|hija|novia|novio|perro|perra|abuela|abuelo|jefe|jefa';
const RELATION_RE = new RegExp(
  `^(?:(?:older|younger|little|big|best|mais velh[oa]|mais nov[oa]|mayor|menor)\\s+)?(${RELATION_WORDS})\\b((?:'s|s)? name| called)?`,
  'u',
);

/** Questions about a place, a person, an age, a job… asked with a verb rather than a noun. */
const VERB_FRAMES: Array<{ re: RegExp; kind: Fact['kind']; key: string }> = [
  {
    kind: 'location',
    key: 'from',
    re: /\b(?:where am i (?:originally )?from|where i'?m from|where i come from|de onde (?:e que )?(?:eu )?(?:sou|venho)|de donde (?:soy|vengo)|d'ou (?:est-ce que )?(?:je viens|je suis))\b/u,
  },
  {
    kind: 'location',
    key: 'lives_in',
    re: /\b(?:where (?:do|did) i live|where i live|where am i living|where i'?m living|what city do i live in|which city do i live in|onde (?:e que )?(?:eu )?(?:moro|vivo)|em que cidade (?:eu )?(?:moro|vivo)|donde vivo|en que ciudad vivo|donde resido|ou (?:est-ce que )?(?:j'habite|je vis|je reside)|ou j'habite|dans quelle ville (?:j'habite|je vis))\b/u,
  },
  {
    kind: 'job',
    key: 'employer',
    re: /\b(?:where do i work|where i work|what company do i work (?:for|at)|which company do i work (?:for|at)|onde (?:e que )?(?:eu )?trabalho|em que empresa (?:eu )?trabalho|donde trabajo|en que empresa trabajo|ou (?:est-ce que )?je travaille|pour quelle (?:entreprise|societe) je travaille)\b/u,
  },
  {
    kind: 'job',
    key: 'job',
    re: /\b(?:what do i do (?:for a living|for work|professionally)|what i do for a living|what do i work as|o que (?:e que )?eu faco(?: da vida| profissionalmente)|com o que (?:eu )?trabalho|em que (?:eu )?trabalho|a que me dedico|en que trabajo|de que trabajo)\b/u,
  },
  { kind: 'other', key: 'age', re: /\b(?:how old am i|quantos anos (?:eu )?tenho|cuantos anos tengo|quel age (?:j'ai|ai-je))\b/u },
  {
    kind: 'name',
    key: 'name',
    re: /\b(?:who am i(?=\W*$)|what am i called|what do you call me|como (?:e que )?eu me chamo|como me chamo|como (?:voce|vc) me chama|como me llamo|comment (?:est-ce que )?je m'appelle|comment tu m'appelles|qui suis-je)\b/u,
  },
  {
    kind: 'goal',
    key: 'goal',
    re: /\b(?:what am i (?:trying|aiming|hoping) to (?:do|achieve|accomplish|reach)|o que (?:e que )?(?:eu )?(?:estou|to) tentando (?:fazer|conseguir|alcancar)|que estoy intentando(?: hacer| lograr)?)\b/u,
  },
  {
    kind: 'plan',
    key: 'plan',
    re: /\b(?:what am i planning|what (?:do|did) i plan|o que (?:e que )?(?:eu )?(?:estou |to )?planejando|que estoy planeando)\b/u,
  },
];

/** "when is my appointment?", "quando é minha prova?", "¿cuándo es mi cita?" */
const WHEN_RE =
  /\b(?:when|what time|what day|which day|what date|quando|que dia|que horas|a que horas|que data|em que data|cuando|a que hora|que fecha|en que fecha|quand|a quelle heure|quel jour|quelle date)(?: (?:is|was|will be|'s|s|e|eh|sera|vai ser|foi|es|fue|do i have|est|a lieu|tombe|j'ai))?(?: (?:my|the|meu|minha|o|a|mi|el|la|eu tenho|tenho|tengo|mon|ma|le|la))*\s+/gu;

const TASTE_LIKES: RegExp[] = [
  /\bwhat (?:kinds? of |types? of |sorts? of )?(?:([a-z]+(?: [a-z]+)?) )?do i (?:really )?(?:like|love|enjoy|prefer|listen to|eat|watch|play|read|drink|like to \w+|love to \w+)\b/u,
  /\bwhat (?:are )?my (?:hobbies|interests|tastes|likes|favou?rite things)\b/u,
  /\b(?:know|remember|tell me|remind me(?: of)?) what i (?:like|love|enjoy|am into|'?m into)\b/u,
  /\bwhat (?:am i|i'?m) into\b/u,
  /\b(?:o )?que (?:tipos? de )?(?:([a-z]+(?: (?!eu\b)[a-z]+)?) )?(?:e que )?(?:eu )?(?:gosto|curto|adoro|amo|prefiro)\b/u,
  /\bdo que (?:e que )?(?:eu )?(?:gosto|curto)\b/u,
  /\bde que (?:tipos? de )?(?:([a-z]+) )?(?:e que )?(?:eu )?(?:gosto|curto)\b/u,
  /\bquais (?:sao )?(?:os )?meus (?:hobbies|gostos|interesses|passatempos)\b/u,
  /\bque (?:tipos? de )?(?:([a-z]+) )?me (?:gusta|gustan|encanta|encantan)\b/u,
  /\bcuales son mis (?:hobbies|gustos|aficiones|pasatiempos)\b/u,
];
const TASTE_DISLIKES: RegExp[] = [
  /\bwhat (?:kinds? of |types? of |sorts? of )?(?:([a-z]+(?: [a-z]+)?) )?do i (?:hate|dislike|not like|detest|can'?t stand)\b/u,
  /\bwhat (?:kinds? of |types? of )?(?:([a-z]+) )?(?:don'?t|do not) i like\b/u,
  /\bwhat i (?:hate|dislike|don'?t like|do not like)\b/u,
  /\b(?:o |do |de )?que (?:tipos? de )?(?:([a-z]+) )?(?:e que )?(?:eu )?(?:nao gosto|odeio|detesto)\b/u,
  /\b(?:lo )?que (?:tipos? de )?(?:([a-z]+) )?(?:no me gusta|no me gustan|odio)\b/u,
];
const CHECK_RES: RegExp[] = [
  /\bdo i (?:like|love|enjoy) ([\p{L}' -]{2,40})\?/u,
  /\beu (?:gosto|curto) de ([\p{L}' -]{2,40})\?/u,
  /\bme (?:gusta|gustan|encanta) (?:el |la |los |las )?([\p{L}' -]{2,40})\?/u,
];
const FAVORITE_RE = /\b(my|meu|minha|mi) (?:(favou?rite|favorit[oa]|preferid[oa]) ([a-z]+(?: [a-z]+)?)|([a-z]+(?: [a-z]+)?) (favorit[oa]|preferid[oa]))\b/u;

/** Starts that make a message a question even without "?" ("remind me my order number", "me diz meu nome"): lang/*.ts `asking`. */
const ASKING_START = RECALL_START;

/** Text prepared for matching: folded (offsets kept), inverted marks gone, spaces squeezed. */
function prepare(message: string): string {
  return (
    foldKeep(squish(message.normalize('NFC')).replace(/[¿¡]/g, ' '))
      .replace(/[’]/g, "'")
      // "how old did I tell you I am?" is "how old am I?": the telling is left out.
      .replace(/\bdid i (?:tell|say to|mention to) you (?:that )?i (am|was|live|work)\b/g, '$1 i')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * Is this message a question about something remembered? The targets it asks for, or undefined.
 * An attribute ("my budget") counts when its noun is a common attribute or one of `facts` has it as key,
 * so "what is my best option?" is not taken for a memory question.
 */
export function matchMemoryQuestion(message: string, facts: Fact[] = []): RecallTarget[] | undefined {
  const text = prepare(message ?? '');
  if (!text) return undefined;
  const asks = /\?/.test(text) || ASKING_START.test(text);
  if (!asks) return undefined;
  const targets: RecallTarget[] = [];
  const add = (t: RecallTarget) => {
    if (t.type === 'attribute' && !isKnownAttribute(t.key) && !facts.some((f) => f.kind === 'other' && f.key === t.key)) return;
    if (targets.some((x) => x.at === t.at || sameTarget(x, t))) return;
    targets.push(t);
  };

  // Tastes first: "what music do I like?" would otherwise read "music" as an attribute.
  for (const re of TASTE_DISLIKES) {
    const m = re.exec(text);
    if (m) add({ type: 'tastes', polarity: 'dislikes', category: category(m[1]), at: m.index });
  }
  if (!targets.some((t) => t.type === 'tastes')) {
    for (const re of TASTE_LIKES) {
      const m = re.exec(text);
      if (m) {
        add({ type: 'tastes', polarity: 'likes', category: category(m[1]), at: m.index });
        break;
      }
    }
  }
  for (const re of CHECK_RES) {
    const m = re.exec(text);
    if (m && !/^(?:it|that|this|isso|eso|you|voce)\b/.test(m[1])) add({ type: 'check', item: m[1].trim(), at: m.index });
  }
  for (const f of VERB_FRAMES) {
    const m = f.re.exec(text);
    if (m) {
      const slot = ALL_SLOTS.find((s) => s.kind === f.kind && s.key === f.key) ?? namedSlot(f.kind, f.key);
      add({ type: 'slot', slot, at: m.index });
    }
  }
  const fav = FAVORITE_RE.exec(text);
  if (fav && /\?|^(?:what|which|qual|cual|tell|remind|me (?:lembra|diz)|dime)/.test(text)) {
    const what = (fav[3] ?? fav[4]).trim();
    add({ type: 'favorite', phrase: fav[0], key: `favorite_${what.replace(/\s+/g, '_')}`, at: fav.index });
  }

  // "when is my appointment?"
  for (const m of text.matchAll(WHEN_RE)) {
    const start = (m.index ?? 0) + m[0].length;
    const hit = findSlotNouns(text.slice(start), (s) => s.kind === 'date')[0];
    if (hit && hit.start === 0) add({ type: 'slot', slot: hit.slot, at: start });
  }

  // Frames followed by a slot noun, a relation or an attribute, and what is coordinated with it.
  for (const m of text.matchAll(FRAME_RE)) {
    let pos = (m.index ?? 0) + m[0].length;
    // Bare "and"/"e"/"y" open only short follow-ups ("and my name?"), not any sentence with "and".
    const bare = /^(?:and|e|y|also|what about|how about)\s+$/u.test(m[0]);
    if (bare && text.split(' ').length > 8) continue;
    for (let guard = 0; guard < 6; guard++) {
      const target = targetAt(text, pos, bare);
      if (!target) break;
      add(target.target);
      const co = COORDINATION.exec(text.slice(target.end));
      if (!co) break;
      pos = target.end + co[0].length;
    }
  }
  // A short "my order number?" on its own.
  if (!targets.length && /\?\s*$/.test(text) && text.split(' ').length <= 5) {
    const target = targetAt(text, 0, true);
    if (target) add(target.target);
  }
  if (!targets.length) return undefined;
  return targets.sort((a, b) => a.at - b.at);
}

function sameTarget(a: RecallTarget, b: RecallTarget): boolean {
  if (a.type === 'slot' && b.type === 'slot') return a.slot.kind === b.slot.kind && a.slot.key === b.slot.key;
  if (a.type === 'tastes' && b.type === 'tastes') return a.polarity === b.polarity;
  if (a.type === 'relation' && b.type === 'relation') return a.key === b.key;
  if (a.type === 'attribute' && b.type === 'attribute') return a.key === b.key;
  return false;
}

function namedSlot(kind: Fact['kind'], key: string): SlotDef {
  const en = { from: 'where you are from', lives_in: 'where you live' }[key] ?? key;
  const pt = { from: 'de onde você é', lives_in: 'onde você mora' }[key] ?? key;
  const es = { from: 'de dónde eres', lives_in: 'dónde vives' }[key] ?? key;
  return { kind, key, shape: 'text', nouns: { en: [], pt: [], es: [] }, label: { en, pt, es }, title: { en: key, pt: key, es: key } };
}

/** What the question names at `pos` (after fillers): a slot noun, a relation, or a possessive attribute. */
function targetAt(text: string, pos: number, needPossessive: boolean): { target: RecallTarget; end: number } | undefined {
  const rest = text.slice(pos);
  const fill = FILLERS_RE.exec(rest)?.[0] ?? '';
  const at = pos + fill.length;
  const after = text.slice(at);
  const before = text.slice(0, at);
  const possessive = POSSESSIVE_BEFORE.exec(before);
  if (needPossessive && !possessive && !/(?:^|\s)(?:the|o|a|el|la|le|l')\s*$/u.test(before)) return undefined;

  const rel = RELATION_RE.exec(after);
  if (rel && possessive) {
    const word = rel[1];
    return { target: { type: 'relation', key: relationWord(word) ?? word, word, at }, end: at + rel[0].length };
  }
  const hit = findSlotNouns(after)[0];
  if (hit && hit.start === 0 && !NOT_HEAD.test(after.slice(hit.end))) {
    // "meu nome" is the name; "o nome do meu cachorro" is the dog's.
    const of = /^\s+(?:of|d[oa]|de)\s+(?:my|meu|minha|mi|mon|ma)\s+/u.exec(after.slice(hit.end));
    if (of && hit.slot.kind === 'name') {
      const r = RELATION_RE.exec(after.slice(hit.end + of[0].length));
      if (r) return { target: { type: 'relation', key: relationWord(r[1]) ?? r[1], word: r[1], at }, end: hit.end + of[0].length + r[0].length + at };
    }
    if (of && hit.slot.kind !== 'identifier' && hit.slot.kind !== 'contact') return undefined;
    // "o nome da loja", "the name of the shop", "el nombre de la paciente", "a nombre de quién": someone else's name, not the person's.
    if (
      hit.slot.kind === 'name' &&
      /^\s+(?:of|d[oa]s?|de|del|der|des|du)\s+(?!(?:my|meu|minha|mi|mis|mon|ma|mes|meine[mnrs]?)\b)\S/u.test(after.slice(hit.end))
    )
      return undefined;
    return { target: { type: 'slot', slot: hit.slot, at }, end: at + hit.end };
  }
  // "my budget", "mi talla": an attribute, only right after a possessive.
  if (possessive) {
    const words = /^([a-z]+(?: [a-z]+)?)/u.exec(after)?.[1].split(' ') ?? [];
    // "my budget again?": trailing words that are not part of the noun.
    while (words.length > 1 && /^(?:again|please|is|was|then|de|novo|mesmo|otra|vez|and|e|y|now|agora|ahora)$/.test(words[words.length - 1])) words.pop();
    const noun = words.join(' ');
    if (noun) {
      const key = attributeKey(noun);
      if (!/^(?:favou?rite|favorit|preferid)/.test(noun) && key && !SECRET_NOUNS.test(noun)) {
        return { target: { type: 'attribute', key, noun, feminine: /^(?:minha|minhas)$/.test(possessive[1]), at }, end: at + noun.length };
      }
    }
  }
  return undefined;
}

const CATEGORIES: Array<{ names: RegExp; values: RegExp; label: Record<Lang, string> }> = [
  {
    names: /^(?:music|musica|songs?|bands?|singers?|artists?|genres?|musical genres?)$/,
    values:
      /\b(?:jazz|rock|samba|pagode|forro|mpb|bossa|pop|funk|sertanejo|classical|classica|clasica|hip ?hop|rap|blues|reggae|metal|country|electronic|eletronica|electronica|k-?pop|opera|salsa|bachata|reggaeton|tango|flamenco|indie|punk|soul|gospel|axe|choro|cumbia|music|musica|songs?|bands?|singing|cantar|listening|ouvir|escuchar|guitar|guitarra|violao|piano|concerts?|shows?)\b/,
    label: { en: 'music', pt: 'música', es: 'música', fr: 'musique', de: 'Musik' },
  },
  {
    names: /^(?:food|foods|comida|comidas|dishes|pratos?|platos?|cuisine|culinaria|cocina|to eat)$/,
    values:
      /\b(?:pizza|sushi|pasta|massa|macarrao|churrasco|feijoada|tacos?|burgers?|hamburguer|hamburguesa|chocolate|ice cream|sorvete|helado|salad|salada|ensalada|food|comida|cooking|cozinhar|cocinar|bread|pao|pan|cheese|queijo|queso|fruits?|frutas?|cake|bolo|pastel|steak|carne|fish|peixe|pescado|rice|arroz|beans|feijao|acai|tapioca|paella|empanadas?|curry|ramen|tapas|cuisine|culinaria)\b/,
    label: { en: 'food', pt: 'comida', es: 'comida', fr: 'cuisine', de: 'Essen' },
  },
  {
    names: /^(?:drinks?|bebidas?)$/,
    values:
      /\b(?:coffee|cafe|tea|cha|te|wine|vinho|vino|beer|cerveja|cerveza|juice|suco|zumo|jugo|mate|chimarrao|caipirinha|whisky|water|agua|soda|refrigerante)\b/,
    label: { en: 'drinks', pt: 'bebida', es: 'bebida', fr: 'boissons', de: 'Getränke' },
  },
  {
    names: /^(?:sports?|esportes?|deportes?)$/,
    values:
      /\b(?:football|futebol|futbol|soccer|tennis|tenis|basketball|basquete|baloncesto|running|corrida|correr|run|swimming|natacao|natacion|nadar|cycling|ciclismo|bike|pedalar|yoga|climbing|escalada|surf(?:ing)?|volleyball|volei|voleibol|golf|boxing|boxe|boxeo|skate|hiking|trilhas?|senderismo|gym|academia|gimnasio|sports?|esportes?|deportes?|jiu-?jitsu|judo|karate|crossfit|padel)\b/,
    label: { en: 'sports', pt: 'esporte', es: 'deporte', fr: 'sport', de: 'Sport' },
  },
  {
    names: /^(?:movies?|films?|filmes?|peliculas?|cinema|cine)$/,
    values: /\b(?:movies?|films?|filmes?|peliculas?|cinema|cine|horror|terror|comedy|comedia|drama|sci-?fi|ficcao|anime|documentar\w*|marvel|star wars)\b/,
    label: { en: 'movies', pt: 'filme', es: 'película', fr: 'films', de: 'Filme' },
  },
  {
    names: /^(?:books?|livros?|libros?|reading|leitura|lectura)$/,
    values: /\b(?:books?|livros?|libros?|reading|read|ler|leer|leitura|lectura|novels?|romances?|novelas?|poetry|poesia|comics?|quadrinhos|fantasy|fantasia)\b/,
    label: { en: 'books', pt: 'livro', es: 'libro', fr: 'livres', de: 'Bücher' },
  },
  {
    names: /^(?:series|shows?|tv shows?|tv)$/,
    values: /\b(?:series|serie|shows?|tv|netflix|sitcoms?|novelas?)\b/,
    label: { en: 'shows', pt: 'série', es: 'serie', fr: 'séries', de: 'Serien' },
  },
  {
    names: /^(?:games?|jogos?|juegos?|video ?games?|videogames?)$/,
    values: /\b(?:games?|jogos?|juegos?|video ?games?|videogames?|xbox|playstation|nintendo|minecraft|fortnite|chess|xadrez|ajedrez|board games?)\b/,
    label: { en: 'games', pt: 'jogo', es: 'juego', fr: 'jeux', de: 'Spiele' },
  },
];

function category(word: string | undefined): string | undefined {
  const w = word?.trim();
  if (!w || /^(?:things?|stuff|coisas?|cosas?|else|mais|more|do|doing|fazer|hacer|de|que|eu|o|a)$/.test(w)) return undefined;
  return w;
}

// ---------------------------------------------------------------------------------------------
// Answering
// ---------------------------------------------------------------------------------------------

export interface RecallAnswer {
  /** Sentences with what is known, in the order asked. */
  known: string[];
  /** Labels of what was asked and is not known ("your phone number"). */
  unknown: Array<{ label: string; isName?: boolean }>;
}

const IS: Record<Lang, string> = { en: 'is', pt: 'é', es: 'es', fr: 'est', de: 'ist' };

/** "my kids" → "your kids", "minha casa" → "sua casa": a value repeated back to the person. */
export function secondPerson(value: string, lang: Lang): string {
  const map: Record<string, string> =
    lang === 'pt'
      ? { meu: 'seu', minha: 'sua', meus: 'seus', minhas: 'suas', eu: 'você', comigo: 'com você' }
      : lang === 'es'
        ? { mi: 'tu', mis: 'tus', yo: 'tú', me: 'te', conmigo: 'contigo' }
        : lang === 'fr'
          ? { mon: 'ton', ma: 'ta', mes: 'tes', je: 'tu', moi: 'toi' }
          : lang === 'de'
            ? { mein: 'dein', meine: 'deine', meinen: 'deinen', meinem: 'deinem', meiner: 'deiner', ich: 'du', mich: 'dich', mir: 'dir' }
            : { my: 'your', i: 'you', me: 'you', mine: 'yours', myself: 'yourself', "i'm": "you're", am: 'are', "i've": "you've", "i'll": "you'll" };
  return value.replace(/[\p{L}'’]+/gu, (w) => {
    const to = map[w.toLowerCase().replace('’', "'")];
    if (!to) return w;
    return /^\p{Lu}/u.test(w) && w !== 'I' ? capitalize(to) : to;
  });
}

function latest(facts: Fact[], kind: Fact['kind'], key: string): Fact | undefined {
  for (let k = facts.length - 1; k >= 0; k--) if (facts[k].kind === kind && facts[k].key === key) return facts[k];
  return undefined;
}

/** Answers each target from the facts (and the known name). */
export function answerRecall(targets: RecallTarget[], facts: Fact[], name: string | undefined, lang: Lang): RecallAnswer {
  const known: string[] = [];
  const unknown: RecallAnswer['unknown'] = [];
  const tr = <T>(x: LangTexts<T>) => pickLang(lang, x);
  for (const t of targets) {
    switch (t.type) {
      case 'slot': {
        const { slot } = t;
        if (slot.kind === 'name') {
          if (name)
            known.push(
              tr({ en: `Your name is ${name}.`, pt: `Seu nome é ${name}.`, es: `Te llamas ${name}.`, fr: `Tu t’appelles ${name}.`, de: `Du heißt ${name}.` }),
            );
          else unknown.push({ label: slotLabel(slot, lang), isName: true });
          break;
        }
        if (slot.kind === 'plan') {
          const plans = facts.filter((f) => f.kind === 'plan').map((f) => secondPerson(f.value, lang));
          if (plans.length)
            known.push(
              tr({
                en: `You told me you plan to ${joinList(plans.slice(-3), 'en')}.`,
                pt: `Você me contou que planeja ${joinList(plans.slice(-3), 'pt')}.`,
                es: `Me contaste que planeas ${joinList(plans.slice(-3), 'es')}.`,
                de: `Du hattest vor: ${joinList(plans.slice(-3), 'de')}.`,
              }),
            );
          else unknown.push({ label: slotLabel(slot, lang) });
          break;
        }
        let f = latest(facts, slot.kind, slot.key);
        // A goal not stated as one may still be a plan ("I want to learn Spanish").
        if (!f && slot.kind === 'goal') f = latest(facts, 'plan', 'plan');
        if (!f) {
          unknown.push({ label: slotLabel(slot, lang) });
          break;
        }
        known.push(slotSentence(slot, f, lang));
        break;
      }
      case 'attribute': {
        const f = latest(facts, 'other', t.key) ?? facts.filter((x) => x.kind === 'other' && fold(x.key) === fold(t.noun.replace(/\s+/g, '_'))).at(-1);
        const your = tr({ en: `your ${t.noun}`, pt: `${t.feminine ? 'a sua' : 'o seu'} ${t.noun}`, es: `tu ${t.noun}` });
        if (f) known.push(`${capitalize(your)} ${IS[lang]} ${secondPerson(f.value, lang)}.`);
        else unknown.push({ label: your });
        break;
      }
      case 'favorite': {
        const f =
          latest(facts, 'preference', t.key) ??
          facts.filter((x) => x.kind === 'preference' && x.key.startsWith('favorite_') && fold(x.key).includes(fold(t.key.slice(9)))).at(-1);
        const phrase = secondPerson(t.phrase, lang);
        if (f) known.push(`${capitalize(phrase)} ${IS[lang]} ${f.value}.`);
        else unknown.push({ label: phrase });
        break;
      }
      case 'relation': {
        const people = facts.filter((f) => f.kind === 'relation' && f.key === t.key);
        if (people.length) {
          const names = joinList(people.map((p) => p.value).slice(-3), lang);
          const phrase = relationPhrase({ ...people[0], value: '' }, lang).trim();
          known.push(
            tr({
              en: `${capitalize(phrase)}${people.length > 1 ? "s' names are" : "'s name is"} ${names}.`,
              pt: `${capitalize(phrase)} se chama ${names}.`,
              es: `${capitalize(phrase)} se llama ${names}.`,
            }),
          );
        } else {
          const phrase = relationPhrase({ kind: 'relation', key: t.key, value: '', text: '' }, lang).trim();
          unknown.push({ label: tr({ en: `${phrase}'s name`, pt: `o nome d${/^sua\b/.test(phrase) ? 'a' : 'o'} ${phrase}`, es: `cómo se llama ${phrase}` }) });
        }
        break;
      }
      case 'tastes': {
        const key = t.polarity;
        const all = facts.filter((f) => f.kind === 'preference' && f.key === key).map((f) => f.value);
        const cat = t.category ? CATEGORIES.find((c) => c.names.test(t.category!)) : undefined;
        const matching = t.category ? all.filter((v) => (cat ? cat.values.test(fold(v)) : fold(v).includes(fold(t.category!)))) : all;
        const what = t.category ? (cat?.label[lang] ?? t.category) : undefined;
        const items = (matching.length ? matching : []).slice(-5).map((v) => secondPerson(v, lang));
        if (items.length) {
          const list = joinList(items, lang);
          known.push(
            key === 'likes'
              ? tr({ en: `You like ${list}.`, pt: `Você gosta de ${list}.`, es: `Te gusta ${list}.` })
              : tr({ en: `You don't like ${list}.`, pt: `Você não gosta de ${list}.`, es: `No te gusta ${list}.` }),
          );
          break;
        }
        const others = all.slice(-3).map((v) => secondPerson(v, lang));
        const label =
          key === 'likes'
            ? what
              ? tr({ en: `what ${what} you like`, pt: `de que ${what} você gosta`, es: `qué ${what} te gusta` })
              : tr({ en: 'what you like', pt: 'do que você gosta', es: 'qué te gusta' })
            : what
              ? tr({ en: `what ${what} you don't like`, pt: `de que ${what} você não gosta`, es: `qué ${what} no te gusta` })
              : tr({ en: "what you don't like", pt: 'do que você não gosta', es: 'qué no te gusta' });
        unknown.push({ label });
        if (others.length) {
          const list = joinList(others, lang);
          known.push(
            key === 'likes'
              ? tr({ en: `I do know you like ${list}.`, pt: `Sei que você gosta de ${list}.`, es: `Sé que te gusta ${list}.` })
              : tr({ en: `I do know you don't like ${list}.`, pt: `Sei que você não gosta de ${list}.`, es: `Sé que no te gusta ${list}.` }),
          );
        }
        break;
      }
      case 'check': {
        const item = fold(t.item).replace(/^(?:the|o|a|os|as|el|la|los|las)\s+/, '');
        const like = facts.find((f) => f.kind === 'preference' && f.key === 'likes' && (fold(f.value).includes(item) || item.includes(fold(f.value))));
        const dislike = facts.find((f) => f.kind === 'preference' && f.key === 'dislikes' && (fold(f.value).includes(item) || item.includes(fold(f.value))));
        if (like)
          known.push(
            tr({
              en: `Yes — you told me you like ${like.value}.`,
              pt: `Sim — você me disse que gosta de ${like.value}.`,
              es: `Sí — me dijiste que te gusta ${like.value}.`,
            }),
          );
        else if (dislike)
          known.push(
            tr({
              en: `No — you told me you don't like ${dislike.value}.`,
              pt: `Não — você me disse que não gosta de ${dislike.value}.`,
              es: `No — me dijiste que no te gusta ${dislike.value}.`,
            }),
          );
        else unknown.push({ label: tr({ en: `whether you like ${t.item}`, pt: `se você gosta de ${t.item}`, es: `si te gusta ${t.item}` }) });
        break;
      }
    }
  }
  return { known, unknown };
}

function slotSentence(slot: SlotDef, f: Fact, lang: Lang): string {
  const v = secondPerson(f.value, lang);
  const tr = <T>(x: LangTexts<T>) => pickLang(lang, x);
  switch (`${slot.kind}/${slot.key}`) {
    case 'other/age':
      return tr({ en: `You're ${v}.`, pt: `Você tem ${v} anos.`, es: `Tienes ${v} años.`, fr: `Tu as ${v} ans.`, de: `Du bist ${v} Jahre alt.` });
    case 'job/job':
      return tr({
        en: /^(?:a|an)\s/i.test(v) || v === 'retired' ? `You're ${v}.` : `You're ${enArticle(v)}.`,
        pt: `Você trabalha como ${v}.`,
        es: `Trabajas como ${v}.`,
        fr: `Tu travailles comme ${v}.`,
        de: `Du arbeitest als ${v}.`,
      });
    case 'job/employer':
      return tr({
        en: `You work at ${v}.`,
        pt: `Você trabalha na ${v}.`,
        es: `Trabajas en ${v}.`,
        fr: `Tu travailles chez ${v}.`,
        de: `Du arbeitest bei ${v}.`,
      });
    case 'location/lives_in':
      return tr({ en: `You live in ${v}.`, pt: `Você mora em ${v}.`, es: `Vives en ${v}.`, fr: `Tu habites à ${v}.`, de: `Du wohnst in ${v}.` });
    case 'location/from':
      return tr({ en: `You're from ${v}.`, pt: `Você é de ${v}.`, es: `Eres de ${v}.`, fr: `Tu viens de ${v}.`, de: `Du kommst aus ${v}.` });
  }
  return `${capitalize(slotLabel(slot, lang))} ${IS[lang]} ${v}.`;
}

/** The sentences of a memory answer: what is known, then what is not, said plainly, with an invitation. */
export function recallSentences(answer: RecallAnswer, lang: Lang): string[] {
  const out = [...answer.known];
  if (answer.unknown.length) {
    const labels = joinList(
      answer.unknown.map((u) => u.label),
      lang,
      true,
    );
    const onlyName = answer.unknown.length === 1 && answer.unknown[0].isName;
    out.push(
      pickLang(lang, {
        en: `You haven't told me ${labels} yet.`,
        pt: `Você ainda não me disse ${labels}.`,
        es: `Todavía no me has dicho ${labels}.`,
        fr: `Tu ne m’as pas encore dit ${labels}.`,
        de: `Du hast mir ${labels} noch nicht gesagt.`,
      }),
      onlyName
        ? pickLang(lang, {
            en: 'What should I call you?',
            pt: 'Como posso te chamar?',
            es: '¿Cómo puedo llamarte?',
            fr: 'Comment puis-je t’appeler ?',
            de: 'Wie darf ich dich nennen?',
          })
        : pickLang(lang, {
            en: "If you tell me, I'll remember it.",
            pt: 'Se me contar, eu guardo.',
            es: 'Si me lo dices, lo recuerdo.',
            fr: 'Si tu me le dis, je m’en souviendrai.',
            de: 'Wenn du es mir sagst, merke ich es mir.',
          }),
    );
  }
  return out.map(squish);
}
