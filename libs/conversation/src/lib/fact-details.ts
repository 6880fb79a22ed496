import { LANGUAGE_DATA } from './lang';
import type { Lang } from './language';
import { ALL_SLOTS, attributeKey, findSlotNouns, isKnownAttribute, NAMED_SLOTS, SECRET_NOUNS, VALUE_SLOTS, type SlotDef, type ValueShape } from './slots';
import { escapeRe, squish, trimEnd } from './text';

/*
 * Rules for the facts that carry a value the person gives: numbers and codes (orders, tickets,
 * tracking, invoices, bookings…), contacts (email, phone, postcode, address), dates (birthday,
 * appointment, flight…), goals and "my X is Y" attributes, and bare answers to a question the
 * assistant just asked ("What's the order number?" → "It's 31337"). Used by facts.ts.
 */

/** A value found for a slot. */
export interface SlotValue {
  slot: SlotDef;
  value: string;
  /** The language of the words that named it. */
  lang: Lang;
}

/**
 * Lower-cases and removes accents keeping every character in place ("Número" → "numero"), so a
 * match in the folded text has the same offsets in the original (after NFC).
 */
export function foldKeep(s: string): string {
  let out = '';
  for (const ch of s) {
    const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
    const one = base.length === ch.length ? base : ch;
    const lower = one.toLowerCase();
    out += lower.length === one.length ? lower : one;
  }
  return out;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const PHONE = /^\+?\(?\d[\d\s().-]{6,22}\d/;
const CODE = /^#?([\p{L}\p{N}](?:[\p{L}\p{N}]|[-_./](?=[\p{L}\p{N}])){1,39})/u;
const POSTCODE = /^(\d{5}-?\d{3}|\d{4,5}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\b/i;

/** The words between a slot's noun and its value in every language (lang/*.ts `valueLinks`), and the signs ":", "#", "nº". */
const CONNECTOR = new RegExp(
  `^(?:\\s*(?:[:=#–-]|n[º°o]\\.?|no\\.|${[...new Set(Object.values(LANGUAGE_DATA).flatMap((d) => d.valueLinks))]
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|')})(?=[\\s:#]|$))*\\s*`,
  'u',
);

const DIGITS = (s: string) => (s.match(/\d/g) ?? []).length;

/** The value of a shape at the start of `rest` (original text), or undefined. */
function readValue(shape: ValueShape, rest: string, slot: SlotDef): string | undefined {
  switch (shape) {
    case 'email':
      return rest.match(EMAIL)?.[0];
    case 'phone': {
      const m = PHONE.exec(rest);
      if (!m) return undefined;
      const n = DIGITS(m[0]);
      return n >= 8 && n <= 15 ? squish(m[0]) : undefined;
    }
    case 'postcode':
      return POSTCODE.exec(rest)?.[1];
    case 'code': {
      // An e-mail address is no code ("the email on the order is pnair88@outlook.com").
      if (rest.trimStart().search(EMAIL) === 0) return undefined;
      const m = CODE.exec(rest);
      if (!m) return undefined;
      const v = m[1].replace(/[.]+$/, '');
      if (v.length < 3) return undefined;
      if (/\d/.test(v)) return v;
      // Letters only: a reference in capitals ("QXLLPP"), for the slots that use them.
      if (/^\p{Lu}{5,10}$/u.test(v) && ['booking', 'reference', 'tracking', 'ticket', 'code', 'flight'].includes(slot.key)) return v;
      return undefined;
    }
    case 'date': {
      const text = dateClause(rest);
      return text && isDateish(text) ? text : undefined;
    }
    case 'text': {
      const text = valueClause(rest, 12);
      return text && /\d/.test(text) ? text : undefined;
    }
  }
}

/** Where a value's clause ends: the sentence end, or a comma or conjunction starting another clause. */
function valueClause(rest: string, maxWords: number): string | undefined {
  const m = /[;!?\n]|\.(?:\s|$)|,\s+(?!\d)(?=\p{L})|\s(?:and|but|because|so|e|mas|porque|pois|y|pero|porque|et|mais|parce que|donc)\s/iu.exec(rest);
  const text = trimEnd(squish(m ? rest.slice(0, m.index) : rest));
  if (!text) return undefined;
  if (text.split(' ').length > maxWords) return undefined;
  return text;
}

/** A date's clause: commas followed by a year or a time stay in it ("March 3, 2025 at 10am"). */
function dateClause(rest: string): string | undefined {
  const m = /[;!?\n]|\.(?:\s|$)|,\s+(?=\p{L})(?!(?:at|às|as|a las|à)\b)|\s(?:and|but|because|e|mas|porque|pois|y|pero|et|mais|parce que)\s(?!\d)/iu.exec(rest);
  const text = trimEnd(squish(m ? rest.slice(0, m.index) : rest));
  if (!text || text.split(' ').length > 10) return undefined;
  return text;
}

const DATEISH = new RegExp(
  [
    '\\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\b',
    '\\b(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\\b',
    '\\b(?:enero|febrero|marzo|mayo|junio|julio|septiembre|setiembre|octubre|noviembre|diciembre)\\b',
    '\\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)\\b',
    '\\b(?:segunda|terca|quarta|quinta|sexta|sabado|domingo)(?:-feira)?\\b',
    '\\b(?:lunes|martes|miercoles|jueves|viernes)\\b',
    '\\b(?:janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre)\\b',
    '\\b(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\\b',
    "\\b(?:aujourd'hui|demain|apres-demain|la semaine prochaine|le mois prochain|ce week-end|ce soir)\\b",
    '\\b(?:today|tomorrow|tonight|next (?:week|month|year)|this (?:week|month|year|afternoon|morning|evening)|in (?:\\d+|two|three) (?:days|weeks|months))\\b',
    '\\b(?:hoje|amanha|depois de amanha|semana que vem|proxima semana|mes que vem|proximo mes|fim de semana|daqui a \\d+ dias)\\b',
    '\\b(?:hoy|manana|pasado manana|la (?:semana|proxima semana) que viene|la proxima semana|el mes que viene|fin de semana)\\b',
    '\\b\\d{1,2}[/.-]\\d{1,2}(?:[/.-]\\d{2,4})?\\b',
    '\\b\\d{4}-\\d{2}-\\d{2}\\b',
    '\\b(?:dia|el|le) \\d{1,2}\\b',
    '\\b\\d{1,2}(?:st|nd|rd|th)\\b',
    '\\b\\d{1,2}(?::\\d{2})?\\s?(?:am|pm|h)\\b',
    '\\b(?:at|as|a las) \\d{1,2}\\b',
  ].join('|'),
  'u',
);

/** True when folded text names a day, a date or a time. */
export function isDateish(text: string): boolean {
  return DATEISH.test(foldKeep(text));
}

/** Verbs that join a date noun to its date: "is", "é", "vai ser", "es". */
const DATE_VERB =
  /^(?:\s+(?:[\p{L}'-]+\s+){0,3}?)?\s*(?:is|was|will be|'s|’s|falls on|happens|takes place|starts|leaves|e|eh|era|foi|sera|vai ser|fica|cai|comeca|es|era|fue|cae|empieza|sale|est|sera|tombe|a lieu|commence|part)(?=\s)/u;

/**
 * Values of identifier, contact and date slots in one sentence ("My order number is 88412",
 * "o protocolo é 2024-118833", "my appointment is on Friday at 3pm"). In questions only numbers,
 * codes and emails count ("where is order 88412?"), not dates.
 */
export function slotValues(sentence: string, question: boolean): SlotValue[] {
  const text = sentence.normalize('NFC');
  const folded = foldKeep(text);
  const out: SlotValue[] = [];
  const secret = SECRET_NOUNS.test(folded);
  const hits = findSlotNouns(folded, (s) => VALUE_SLOTS.includes(s));
  for (let k = 0; k < hits.length; k++) {
    const hit = hits[k];
    const { slot } = hit;
    if (slot.kind === 'date' && question) continue;
    if (secret && slot.shape !== 'email') continue;
    if (out.some((o) => o.slot.kind === slot.kind && o.slot.key === slot.key)) continue;
    // The value must come before the next noun ("my order is 1 and my phone is 2").
    const next = hits.slice(k + 1).find((h) => h.start >= hit.end);
    const limit = next ? next.start : text.length;
    let value: string | undefined;
    if (slot.shape === 'date') {
      const after = text.slice(hit.end, limit);
      const verb = DATE_VERB.exec(foldKeep(after));
      value = readValue('date', verb ? after.slice(verb[0].length).trim() : after.replace(/^\s*(?:,|:|-)?\s*/, ''), slot);
    } else if (slot.shape === 'email') {
      value = text.slice(hit.end, limit).match(EMAIL)?.[0];
    } else {
      const after = text.slice(hit.end, limit);
      const skip = CONNECTOR.exec(foldKeep(after))?.[0].length ?? 0;
      value = readValue(slot.shape, after.slice(skip), slot);
    }
    if (value) out.push({ slot, value: normalizeValue(slot, value), lang: hit.lang });
  }
  // An email address is the person's email, named or not; a +-prefixed international number is a phone.
  if (!out.some((o) => o.slot.key === 'email')) {
    const email = text.match(EMAIL)?.[0];
    if (email) out.push({ slot: slotByKey('contact', 'email'), value: email.toLowerCase(), lang: 'en' });
  }
  if (!secret && !out.some((o) => o.slot.key === 'phone')) {
    const intl = /(?:^|\s)(\+\d[\d\s().-]{8,20}\d)/.exec(text)?.[1];
    if (intl && DIGITS(intl) >= 10 && DIGITS(intl) <= 15 && !out.some((o) => o.value.includes(intl.trim()))) {
      out.push({ slot: slotByKey('contact', 'phone'), value: squish(intl), lang: 'en' });
    }
  }
  return out;
}

function normalizeValue(slot: SlotDef, value: string): string {
  if (slot.shape === 'code') return value.replace(/^#/, '');
  if (slot.shape === 'email') return value.toLowerCase();
  if (slot.shape === 'postcode') return value.toUpperCase();
  return squish(value);
}

export function slotByKey(kind: SlotDef['kind'], key: string): SlotDef {
  const found = ALL_SLOTS.find((s) => s.kind === kind && s.key === key);
  if (!found) throw new Error(`no slot ${kind}/${key}`);
  return found;
}

const GOAL_RULES: Array<{ re: RegExp; lang: Lang; prefix?: string }> = [
  { re: /\bmy (?:main |big |ultimate |real |only )?(?:goal|aim|objective|target|dream) (?:is|was|would be)\s+/iu, lang: 'en' },
  { re: /\bI(?:'m|’m| am) (?:trying|aiming|hoping|working) (?=to\s)/iu, lang: 'en' },
  { re: /\bwhat I (?:really )?want is (?=to\s)/iu, lang: 'en' },
  { re: /\b(?:o )?meu (?:grande |principal |maior |único |unico )?(?:objetivo|sonho|foco) (?:é|e|era|seria)\s+/iu, lang: 'pt' },
  { re: /\b(?:a )?minha (?:grande |principal |maior |única |unica )?(?:meta|intenção|intencao) (?:é|e|era|seria)\s+/iu, lang: 'pt' },
  { re: /\b(?:estou|tô|to|t[ôo]) tentando\s+/iu, lang: 'pt' },
  { re: /\bmi (?:gran |principal |mayor |único |unico )?(?:objetivo|meta|sueño|sueno|propósito|proposito) (?:es|era|sería|seria)\s+/iu, lang: 'es' },
  { re: /\bestoy (?:intentando|tratando de)\s+/iu, lang: 'es' },
];

/** "My goal is to run a half marathon in April", "meu objetivo é passar na prova". */
export function goalValue(sentence: string): { value: string; lang: Lang } | undefined {
  for (const { re, lang } of GOAL_RULES) {
    const m = re.exec(sentence);
    if (!m) continue;
    const value = valueClause(sentence.slice((m.index ?? 0) + m[0].length), 16);
    // At least two words, or one real word ("emagrecer"), not a stray "it".
    if (!value || (value.split(' ').length < 2 && !/^\p{L}{4,}$/u.test(value))) continue;
    return { value, lang };
  }
  return undefined;
}

/** Nouns that are never attributes: "my problem is…", "my question is…". */
const NOT_ATTRIBUTES =
  /^(?:problem|issue|question|doubt|concern|point|idea|fear|worry|guess|bad|fault|pleasure|turn|way|opinion|favou?rite.*|name|nome|nombre|problema|pergunta|duvida|questao|ideia|medo|preocupacao|culpa|vez|jeito|opiniao|favorit.*|preferid.*|pregunta|miedo|opinion|culpa|life|vida|day|dia|week|semana|english|ingles|portuguese|portugues|spanish|espanol|head|cabeca|cabeza|heart|coracao|corazon|body|corpo|cuerpo|mind|mente|family|familia|house|home|casa|internet|connection|conexao|conexion|computer.*|phone|celular|account|conta|cuenta|order|pedido|package|pacote|paquete)$/u;

const ATTR_RULES: Array<{ re: RegExp; lang: Lang }> = [
  { re: /\bmy ((?:[\p{L}'-]+ ){0,2}?[\p{L}'-]+) (?:is|was|'s|’s) /iu, lang: 'en' },
  { re: /\b(?:o |a )?(?:meu|minha) ((?:[\p{L}'-]+ ){0,2}?[\p{L}'-]+) (?:é|e|era|fica) (?:de )?/iu, lang: 'pt' },
  { re: /\bmi ((?:[\p{L}'-]+ ){0,2}?[\p{L}'-]+) (?:es|era) (?:de )?/iu, lang: 'es' },
];

/** Words that start a value that is not one ("my plan is to…", "my budget is not…"). */
const NOT_A_VALUE = /^(?:to|that|not|very|too|so|really|kind of|pretty|quite|a bit|para|que|nao|não|muito|bem|meio|no|muy|bastante|un poco)\b/iu;

/**
 * "my budget is around 8000 reais", "meu time é o Flamengo", "mi talla es M": attributes stated with
 * a possessive. Kept when the value has a digit, is a proper noun, or the noun is a known attribute;
 * never for slots, relations, secrets or nouns like "problem".
 */
export function attributeValues(
  sentence: string,
  isRelationWord: (w: string) => boolean,
): Array<{ key: string; noun: string; value: string; lang: Lang; slot?: SlotDef }> {
  const out: Array<{ key: string; noun: string; value: string; lang: Lang; slot?: SlotDef }> = [];
  const text = sentence.normalize('NFC');
  if (SECRET_NOUNS.test(foldKeep(text))) return out;
  for (const { re, lang } of ATTR_RULES) {
    const m = re.exec(text);
    if (!m) continue;
    const noun = foldKeep(m[1]).trim();
    if (NOT_ATTRIBUTES.test(noun) || noun.split(' ').some((w) => isRelationWord(w))) continue;
    if (
      findSlotNouns(noun, (s) => VALUE_SLOTS.includes(s) || s.kind === 'name' || s.kind === 'goal' || s.kind === 'job').some(
        (h) => h.start === 0 && h.end === noun.length,
      )
    )
      continue;
    let value = valueClause(text.slice((m.index ?? 0) + m[0].length), 6);
    if (!value) continue;
    value = value.replace(/^(?:a|an|the|o|a|um|uma|el|la|un|una)\s+/iu, '');
    if (!value || NOT_A_VALUE.test(value)) continue;
    const city = NAMED_SLOTS.find((s) => s.key === 'lives_in');
    const isCity = city && findSlotNouns(noun, (s) => s === city).length > 0;
    const key = isCity ? 'lives_in' : attributeKey(noun);
    const proper = /^\p{Lu}/u.test(value) || /\s\p{Lu}/u.test(value);
    if (!/\d/.test(value) && !proper && !isKnownAttribute(key)) continue;
    out.push({ key, noun: m[1].trim(), value, lang, slot: isCity ? city : undefined });
  }
  return out;
}

/** "What's the order number?" — the value slots a question of the assistant asks for, in order. */
function askedSlots(previous: string): SlotDef[] {
  const questions = previous
    .normalize('NFC')
    .split(/(?<=[?])\s+|\n+/u)
    .filter((s) => /\?/.test(s) || /\b(?:send me|tell me|me passa|me manda|me diz|me informa|envíame|dime)\b/iu.test(s));
  const out: SlotDef[] = [];
  for (const q of questions) {
    for (const h of findSlotNouns(foldKeep(q), (s) => VALUE_SLOTS.includes(s) && s.shape !== 'date' && s.shape !== 'text')) {
      if (!out.includes(h.slot)) out.push(h.slot);
    }
  }
  return out;
}

/** Words around a bare answer: "it's", "sure", "o número é", "aquí está". */
const ANSWER_WORDS = new Set(
  (
    "it's its it is it was the number code id is sure yes yeah ok okay here here's heres this that one mine my thanks please sorry of course " +
    'e eh é o a numero codigo sim claro ok aqui ta ai pronto segue meu minha era foi desculpa obrigado obrigada valeu ' +
    'es el la numero codigo si claro vale aqui esta mi gracias perdon'
  ).split(' '),
);
const ORDINAL = /^\d{1,2}(?:st|nd|rd|th|º|ª|o|a)$/i;

/**
 * A bare answer to the assistant's question: after "What's the order number?", "It's 31337" or
 * "31337" is the order number. Only short, non-question messages with exactly one value.
 */
export function answerValue(message: string, previous: string): SlotValue | undefined {
  const text = squish(message.normalize('NFC'));
  if (!text || /\?/.test(text) || text.split(' ').length > 10) return undefined;
  if (SECRET_NOUNS.test(foldKeep(text)) || SECRET_NOUNS.test(foldKeep(previous))) return undefined;
  const asked = askedSlots(previous);
  if (!asked.length) return undefined;
  // A message that names what it gives ("my ticket number is…") is a statement, read as such.
  if (findSlotNouns(foldKeep(text), (s) => VALUE_SLOTS.includes(s) && s.key !== 'phone').length) return undefined;
  // The message must be the answer and little else: "It's 31337", "é 55667", "sure: ana@x.com".
  const words = foldKeep(text)
    .replace(EMAIL, ' ')
    .split(/[\s,;:!.()]+/)
    .filter((w) => w && !/\d/.test(w) && !ANSWER_WORDS.has(w.replace(/['’]/g, "'")));
  if (words.length > 2) return undefined;
  const emails = text.match(EMAIL) ?? [];
  const rest = text.replace(EMAIL, ' ');
  const tokens = [...rest.matchAll(/(?:^|[\s:(])(\+?#?[\p{L}\p{N}][\p{L}\p{N}\s().\-/]*[\p{L}\p{N}]|#?\p{N}+)/gu)].map((m) => m[1]);
  const phones = tokens.map((t) => PHONE.exec(t)?.[0]).filter((p): p is string => !!p && DIGITS(p) >= 8 && DIGITS(p) <= 15);
  const codes = rest
    .split(/[\s,;:()]+/)
    .map((w) => w.replace(/^#/, '').replace(/[.!]+$/, ''))
    .filter((w) => w.length >= 3 && /\d/.test(w) && /^[\p{L}\p{N}][\p{L}\p{N}\-_./]*$/u.test(w) && !ORDINAL.test(w));
  const candidates: Array<{ shape: ValueShape; value: string }> = [];
  if (emails.length === 1) candidates.push({ shape: 'email', value: emails[0].toLowerCase() });
  if (phones.length === 1) candidates.push({ shape: 'phone', value: squish(phones[0]) });
  if (codes.length === 1) candidates.push({ shape: 'code', value: codes[0] });
  if (emails.length > 1 || (codes.length > 1 && phones.length !== 1)) return undefined;
  for (const slot of asked) {
    for (const c of candidates) {
      const fits =
        slot.shape === c.shape || (slot.shape === 'code' && c.shape === 'phone') || (slot.shape === 'postcode' && c.shape === 'code' && POSTCODE.test(c.value));
      if (fits) return { slot, value: slot.shape === 'code' && c.shape === 'phone' ? c.value.replace(/\s+/g, '') : c.value, lang: 'en' };
    }
  }
  return undefined;
}
