import type { Lang } from './language';
import { DE_SLOT_LABELS, DE_SLOT_NOUNS } from './slots-de';
import { FR_SLOT_LABELS, FR_SLOT_NOUNS } from './slots-fr';

/** The languages the slot nouns are written in here (French nouns are in slots-fr.ts, German in slots-de.ts). */
export type SlotLang = Exclude<Lang, 'fr' | 'de'>;
import type { FactKind } from './types';

/*
 * The things the built-in engine remembers by name ("slots"), shared by the fact extractor (which
 * fills them from statements) and the question matcher (which answers "what's my order number?"
 * from them). Nouns are regular-expression sources matched on accent-folded, lower-case text.
 */

/** What a slot's value looks like. */
export type ValueShape = 'code' | 'email' | 'phone' | 'postcode' | 'date' | 'text';

export interface SlotDef {
  kind: FactKind;
  key: string;
  shape: ValueShape;
  /** Words naming it, per language (regex sources on folded text). */
  nouns: Record<SlotLang, string[]>;
  /** How to refer to it when talking to the person: "your order number", "o número do seu pedido". */
  label: Record<SlotLang, string>;
  /** How to name it in a stored fact's text: "Order number", "Número do pedido". */
  title: Record<SlotLang, string>;
}

const slot = (
  kind: FactKind,
  key: string,
  shape: ValueShape,
  nouns: Record<SlotLang, string[]>,
  label: Record<SlotLang, string>,
  title: Record<SlotLang, string>,
): SlotDef => ({
  kind,
  key,
  shape,
  nouns,
  label,
  title,
});

const POSS_PT = '(?:(?:meu|minha|seu|sua) )?';
const POSS_ES = '(?:(?:mi|tu|su) )?';

/** Numbers and codes, contacts and dates: their values are taken from statements like "my order number is 88412". */
export const VALUE_SLOTS: SlotDef[] = [
  slot(
    'identifier',
    'order',
    'code',
    {
      en: [
        'order (?:number|no\\.?|nr\\.?|id|code|reference|ref)',
        '(?:number|reference|ref|code|id) (?:of|for|on) (?:my |the |your )?(?:order|purchase)',
        'purchase (?:number|reference|ref|id)',
        'purchase order',
        'order',
        'purchase',
      ],
      pt: [`(?:numero|codigo|referencia|n[o°º]\\.?) d[oa] ${POSS_PT}(?:pedido|compra|encomenda)`, 'numero de pedido', 'pedido', 'encomenda', 'compra'],
      es: [`(?:numero|codigo|referencia) de(?:l)? ${POSS_ES}(?:pedido|orden|compra)`, 'pedido', 'orden de compra', 'compra'],
    },
    { en: 'your order number', pt: 'o número do seu pedido', es: 'tu número de pedido' },
    { en: 'Order number', pt: 'Número do pedido', es: 'Número de pedido' },
  ),
  slot(
    'identifier',
    'ticket',
    'code',
    {
      en: ['(?:support )?ticket(?: (?:number|no\\.?|id))?', 'case (?:number|no\\.?|id)', 'incident (?:number|no\\.?|id)', 'complaint number'],
      pt: [`(?:numero|codigo) d[oe] ${POSS_PT}(?:protocolo|chamado|ticket|atendimento)`, 'protocolo', 'chamado', 'ticket'],
      es: [`(?:numero|codigo) de(?:l)? ${POSS_ES}(?:ticket|caso|incidencia|reclamo)`, 'ticket', 'incidencia'],
    },
    { en: 'your ticket number', pt: 'o número do seu protocolo', es: 'tu número de ticket' },
    { en: 'Ticket number', pt: 'Protocolo', es: 'Número de ticket' },
  ),
  slot(
    'identifier',
    'tracking',
    'code',
    {
      en: ['tracking (?:number|code|id|no\\.?)', 'tracking'],
      pt: ['codigo de (?:rastreio|rastreamento)', 'numero de (?:rastreio|rastreamento)', 'rastreio', 'rastreamento'],
      es: ['(?:numero|codigo) de (?:seguimiento|rastreo)', 'seguimiento', 'rastreo'],
    },
    { en: 'your tracking code', pt: 'o seu código de rastreio', es: 'tu código de seguimiento' },
    { en: 'Tracking code', pt: 'Código de rastreio', es: 'Código de seguimiento' },
  ),
  slot(
    'identifier',
    'invoice',
    'code',
    {
      en: ['invoice(?: (?:number|no\\.?|id))?', 'bill number', 'receipt(?: number)?'],
      pt: [`numero d[ao] ${POSS_PT}(?:nota fiscal|nota|fatura|boleto)`, 'nota fiscal', 'fatura', 'boleto'],
      es: [`numero de(?:l)? ${POSS_ES}(?:factura|recibo)`, 'factura', 'recibo'],
    },
    { en: 'your invoice number', pt: 'o número da sua nota fiscal', es: 'tu número de factura' },
    { en: 'Invoice number', pt: 'Número da nota fiscal', es: 'Número de factura' },
  ),
  slot(
    'identifier',
    'booking',
    'code',
    {
      en: [
        'booking (?:reference|ref|number|code|id|no\\.?)',
        'reservation (?:number|code|id|reference)',
        'confirmation (?:number|code)',
        'booking',
        'reservation',
      ],
      pt: [`(?:numero|codigo) d[ae] ${POSS_PT}reserva`, 'localizador', 'codigo de confirmacao', 'reserva'],
      es: [`(?:numero|codigo) de(?: la)? ${POSS_ES}reserva`, 'localizador', 'codigo de confirmacion', 'reserva'],
    },
    { en: 'your booking reference', pt: 'o código da sua reserva', es: 'el código de tu reserva' },
    { en: 'Booking reference', pt: 'Código da reserva', es: 'Código de reserva' },
  ),
  slot(
    'identifier',
    'account',
    'code',
    {
      en: ['account (?:number|no\\.?|id)', 'customer (?:number|no\\.?|id)', 'member(?:ship)? (?:number|no\\.?|id)', 'client (?:number|id)', 'account'],
      pt: [`numero d[ae] ${POSS_PT}conta`, '(?:numero|codigo) de cliente', 'matricula', 'conta'],
      es: [`numero de ${POSS_ES}cuenta`, 'numero de (?:cliente|socio)', 'cuenta'],
    },
    { en: 'your account number', pt: 'o número da sua conta', es: 'tu número de cuenta' },
    { en: 'Account number', pt: 'Número da conta', es: 'Número de cuenta' },
  ),
  slot(
    'identifier',
    'flight',
    'code',
    { en: ['flight (?:number|no\\.?)', 'flight'], pt: [`numero d[oe] ${POSS_PT}voo`, 'voo'], es: [`numero de(?:l)? ${POSS_ES}vuelo`, 'vuelo'] },
    { en: 'your flight number', pt: 'o número do seu voo', es: 'tu número de vuelo' },
    { en: 'Flight number', pt: 'Número do voo', es: 'Número de vuelo' },
  ),
  slot(
    'identifier',
    'room',
    'code',
    { en: ['room (?:number|no\\.?)', 'room'], pt: [`numero d[oe] ${POSS_PT}quarto`, 'quarto'], es: [`numero de ${POSS_ES}habitacion`, 'habitacion'] },
    { en: 'your room number', pt: 'o número do seu quarto', es: 'tu número de habitación' },
    { en: 'Room number', pt: 'Número do quarto', es: 'Número de habitación' },
  ),
  slot(
    'identifier',
    'plate',
    'code',
    {
      en: ['(?:licen[cs]e )?plate(?: number)?', 'registration number'],
      pt: ['placa(?: do carro)?'],
      es: ['(?:numero de )?placa', 'patente', '(?:numero de )?matricula(?: del coche)?'],
    },
    { en: 'your licence plate', pt: 'a placa do seu carro', es: 'la placa de tu coche' },
    { en: 'Licence plate', pt: 'Placa', es: 'Placa' },
  ),
  slot(
    'identifier',
    'reference',
    'code',
    {
      en: ['reference (?:number|code)', 'reference', 'ref'],
      pt: ['(?:numero|codigo) de referencia', 'referencia'],
      es: ['(?:numero|codigo) de referencia', 'referencia'],
    },
    { en: 'your reference number', pt: 'o seu número de referência', es: 'tu número de referencia' },
    { en: 'Reference', pt: 'Referência', es: 'Referencia' },
  ),
  slot(
    'identifier',
    'tax_id',
    'code',
    { en: ['tax (?:id|number)', 'vat number'], pt: ['cpf', 'cnpj'], es: ['dni', 'nif', 'nie', 'rut', 'cuit', 'rfc'] },
    { en: 'your tax ID', pt: 'o seu CPF', es: 'tu número de documento' },
    { en: 'Tax ID', pt: 'CPF/CNPJ', es: 'Documento' },
  ),
  slot(
    'contact',
    'email',
    'email',
    { en: ['e-?mail(?: address)?', 'mail'], pt: ['(?:endereco de )?e-?mail'], es: ['correo(?: electronico)?', 'e-?mail'] },
    { en: 'your email', pt: 'o seu e-mail', es: 'tu correo electrónico' },
    { en: 'Email', pt: 'E-mail', es: 'Correo' },
  ),
  slot(
    'contact',
    'phone',
    'phone',
    {
      en: ['(?:tele)?phone(?: number)?', 'mobile(?: number)?', 'cell(?: ?phone)?(?: number)?', 'whats ?app(?: number)?', 'contact number', 'number'],
      // A bare "número" is the phone, not "o número da casa", "el número de pedido".
      pt: ['(?:numero de )?(?:telefone|celular|whats ?app|zap)', 'telefone', 'celular', 'cel', 'fone', 'numero(?!\\s+(?:d[aeo]s?|del)\\s)'],
      es: ['(?:numero de )?(?:telefono|celular|movil|whats ?app)', 'cel', 'numero(?!\\s+(?:d[aeo]s?|del)\\s)'],
    },
    { en: 'your phone number', pt: 'o seu telefone', es: 'tu número de teléfono' },
    { en: 'Phone', pt: 'Telefone', es: 'Teléfono' },
  ),
  slot(
    'contact',
    'postcode',
    'postcode',
    { en: ['post ?code', 'zip(?: code)?', 'postal code'], pt: ['cep'], es: ['codigo postal'] },
    { en: 'your postcode', pt: 'o seu CEP', es: 'tu código postal' },
    { en: 'Postcode', pt: 'CEP', es: 'Código postal' },
  ),
  slot(
    'contact',
    'address',
    'text',
    { en: ['(?:home |delivery |shipping |full )?address'], pt: ['endereco(?: de entrega| completo)?'], es: ['direccion(?: de envio| completa)?', 'domicilio'] },
    { en: 'your address', pt: 'o seu endereço', es: 'tu dirección' },
    { en: 'Address', pt: 'Endereço', es: 'Dirección' },
  ),
  ...(
    [
      [
        'birthday',
        ['birthday', 'bday', 'date of birth', 'birth ?date'],
        ['aniversario', 'data de nascimento'],
        ['cumpleanos', 'fecha de nacimiento'],
        ['your birthday', 'o seu aniversário', 'tu cumpleaños'],
        ['Birthday', 'Aniversário', 'Cumpleaños'],
      ],
      [
        'appointment',
        ["(?:doctor|dentist|doctor's|dentist's|medical|hair) appointment", 'appointment', 'consultation'],
        ['consulta(?: medica)?', 'agendamento', 'horario marcado'],
        ['cita(?: medica)?', 'consulta'],
        ['your appointment', 'a sua consulta', 'tu cita'],
        ['Appointment', 'Consulta', 'Cita'],
      ],
      ['meeting', ['meeting'], ['reuniao'], ['reunion'], ['your meeting', 'a sua reunião', 'tu reunión'], ['Meeting', 'Reunião', 'Reunión']],
      ['flight', ['flight'], ['voo'], ['vuelo'], ['your flight', 'o seu voo', 'tu vuelo'], ['Flight', 'Voo', 'Vuelo']],
      [
        'trip',
        ['trip', 'vacation', 'holiday', 'holidays'],
        ['viagem', 'ferias'],
        ['viaje', 'vacaciones'],
        ['your trip', 'a sua viagem', 'tu viaje'],
        ['Trip', 'Viagem', 'Viaje'],
      ],
      [
        'exam',
        ['exam', 'test', 'final'],
        ['prova', 'exame', 'vestibular'],
        ['examen', 'prueba'],
        ['your exam', 'a sua prova', 'tu examen'],
        ['Exam', 'Prova', 'Examen'],
      ],
      [
        'interview',
        ['(?:job )?interview'],
        ['entrevista(?: de emprego)?'],
        ['entrevista(?: de trabajo)?'],
        ['your interview', 'a sua entrevista', 'tu entrevista'],
        ['Interview', 'Entrevista', 'Entrevista'],
      ],
      ['wedding', ['wedding'], ['casamento'], ['boda'], ['your wedding', 'o seu casamento', 'tu boda'], ['Wedding', 'Casamento', 'Boda']],
      [
        'surgery',
        ['surgery', 'operation'],
        ['cirurgia'],
        ['cirugia', 'operacion'],
        ['your surgery', 'a sua cirurgia', 'tu cirugía'],
        ['Surgery', 'Cirurgia', 'Cirugía'],
      ],
      ['delivery', ['delivery'], ['entrega'], ['entrega'], ['your delivery', 'a sua entrega', 'tu entrega'], ['Delivery', 'Entrega', 'Entrega']],
      [
        'deadline',
        ['deadline', 'due date'],
        ['prazo final', 'data limite'],
        ['fecha limite', 'plazo'],
        ['your deadline', 'o seu prazo', 'tu fecha límite'],
        ['Deadline', 'Prazo', 'Fecha límite'],
      ],
      ['party', ['party'], ['festa'], ['fiesta'], ['your party', 'a sua festa', 'tu fiesta'], ['Party', 'Festa', 'Fiesta']],
      ['class', ['class', 'lesson'], ['aula'], ['clase'], ['your class', 'a sua aula', 'tu clase'], ['Class', 'Aula', 'Clase']],
      ['check_in', ['check-?in'], ['check-?in'], ['check-?in'], ['your check-in', 'o seu check-in', 'tu check-in'], ['Check-in', 'Check-in', 'Check-in']],
      [
        'check_out',
        ['check-?out'],
        ['check-?out'],
        ['check-?out'],
        ['your check-out', 'o seu check-out', 'tu check-out'],
        ['Check-out', 'Check-out', 'Check-out'],
      ],
      ['arrival', ['arrival'], ['chegada'], ['llegada'], ['your arrival', 'a sua chegada', 'tu llegada'], ['Arrival', 'Chegada', 'Llegada']],
      ['departure', ['departure'], ['partida', 'saida'], ['salida'], ['your departure', 'a sua partida', 'tu salida'], ['Departure', 'Partida', 'Salida']],
    ] as Array<[string, string[], string[], string[], [string, string, string], [string, string, string]]>
  ).map(([key, en, pt, es, [len, lpt, les], [ten, tpt, tes]]) =>
    slot('date', key, 'date', { en, pt, es }, { en: len, pt: lpt, es: les }, { en: ten, pt: tpt, es: tes }),
  ),
];

/** Facts of the other kinds that questions can name ("what's my job?"). Their values come from facts.ts rules. */
export const NAMED_SLOTS: SlotDef[] = [
  slot(
    'name',
    'name',
    'text',
    { en: ['name'], pt: ['nome'], es: ['nombre'] },
    { en: 'your name', pt: 'o seu nome', es: 'tu nombre' },
    { en: 'Name', pt: 'Nome', es: 'Nombre' },
  ),
  slot(
    'other',
    'age',
    'text',
    { en: ['age'], pt: ['idade'], es: ['edad'] },
    { en: 'your age', pt: 'a sua idade', es: 'tu edad' },
    { en: 'Age', pt: 'Idade', es: 'Edad' },
  ),
  slot(
    'job',
    'job',
    'text',
    {
      en: ['job', 'profession', 'occupation', 'line of work'],
      pt: ['profissao', 'trabalho', 'emprego', 'ocupacao'],
      es: ['trabajo', 'profesion', 'empleo', 'ocupacion'],
    },
    { en: 'what you do for a living', pt: 'a sua profissão', es: 'tu profesión' },
    { en: 'Job', pt: 'Profissão', es: 'Profesión' },
  ),
  slot(
    'job',
    'employer',
    'text',
    { en: ['employer', 'company', 'workplace'], pt: ['empresa'], es: ['empresa'] },
    { en: 'where you work', pt: 'onde você trabalha', es: 'dónde trabajas' },
    { en: 'Employer', pt: 'Empresa', es: 'Empresa' },
  ),
  slot(
    'location',
    'lives_in',
    'text',
    { en: ['city', 'hometown'], pt: ['cidade'], es: ['ciudad'] },
    { en: 'where you live', pt: 'onde você mora', es: 'dónde vives' },
    { en: 'Lives in', pt: 'Mora em', es: 'Vive en' },
  ),
  slot(
    'goal',
    'goal',
    'text',
    { en: ['goal', 'aim', 'objective', 'target', 'dream'], pt: ['objetivo', 'meta', 'sonho', 'foco'], es: ['objetivo', 'meta', 'sueno', 'proposito'] },
    { en: 'your goal', pt: 'o seu objetivo', es: 'tu objetivo' },
    { en: 'Goal', pt: 'Objetivo', es: 'Objetivo' },
  ),
  slot(
    'plan',
    'plan',
    'text',
    { en: ['plans'], pt: ['planos'], es: ['planes'] },
    { en: 'your plans', pt: 'os seus planos', es: 'tus planes' },
    { en: 'Plans', pt: 'Planos', es: 'Planes' },
  ),
];

/**
 * Attributes stated as "my X is Y" ("my budget is 8000 reais"): canonical keys for common nouns in the
 * three languages, so "meu orçamento é 8000" answers "what's my budget?". Other nouns keep their own words as key.
 */
export const ATTRIBUTE_NOUNS: Array<{ key: string; nouns: string[] }> = [
  { key: 'budget', nouns: ['budget', 'orcamento', 'presupuesto'] },
  { key: 'size', nouns: ['size', 'tamanho', 'talla', 'talle'] },
  { key: 'shoe_size', nouns: ['shoe size', 'numero do (?:sapato|tenis|calcado)', 'numero de (?:zapato|calzado)', 'talla de zapato'] },
  { key: 'height', nouns: ['height', 'altura', 'estatura'] },
  { key: 'weight', nouns: ['weight', 'peso'] },
  { key: 'blood_type', nouns: ['blood type', 'tipo sanguineo', 'tipo de sangue', 'tipo de sangre'] },
  { key: 'team', nouns: ['(?:football |soccer )?team', 'time(?: de futebol)?', 'clube', 'equipo', 'club'] },
  { key: 'car', nouns: ['car', 'carro', 'coche', 'auto'] },
  { key: 'plan', nouns: ['plan', 'subscription', 'plano', 'assinatura', 'suscripcion'] },
  {
    key: 'device',
    nouns: [
      'device',
      'phone model',
      'laptop',
      'computer',
      'printer',
      'router',
      'aparelho',
      'dispositivo',
      'notebook',
      'computador',
      'impressora',
      'roteador',
      'ordenador',
      'impresora',
    ],
  },
  { key: 'provider', nouns: ['internet provider', 'carrier', 'operadora', 'provedor', 'proveedor'] },
  { key: 'school', nouns: ['school', 'university', 'college', 'escola', 'faculdade', 'universidade', 'escuela', 'universidad', 'colegio'] },
  { key: 'course', nouns: ['course', 'major', 'degree', 'curso', 'carrera'] },
  { key: 'hotel', nouns: ['hotel'] },
  { key: 'seat', nouns: ['seat', 'assento', 'poltrona', 'asiento'] },
  { key: 'color', nouns: ['colou?r', 'cor', 'color'] },
];

/** Words that name secrets: what follows them is never remembered. */
export const SECRET_NOUNS =
  /\b(?:password|passcode|passwd|pin(?: code| number)?|cvv|cvc|security code|card number|credit card|debit card|senha|codigo de seguranca|numero do cartao|cartao de credito|cartao|contrasena|clave|numero de (?:la )?tarjeta|tarjeta|ssn|social security)\b/;

/** Every slot a noun can name, longest nouns first. */
export const ALL_SLOTS: SlotDef[] = [...VALUE_SLOTS, ...NAMED_SLOTS];

export interface NounHit {
  slot: SlotDef;
  start: number;
  end: number;
  lang: Lang;
}

const LANGS: SlotLang[] = ['en', 'pt', 'es'];
/** Every noun of every slot, longest source first so "order number" is tried before "number". */
const NOUNS = ALL_SLOTS.flatMap((s) => [
  ...LANGS.flatMap((lang) => s.nouns[lang].map((source) => ({ s, lang: lang as Lang, source }))),
  ...(FR_SLOT_NOUNS[s.key] ?? []).map((source) => ({ s, lang: 'fr' as Lang, source })),
  ...(DE_SLOT_NOUNS[s.key] ?? []).map((source) => ({ s, lang: 'de' as Lang, source })),
]).sort((a, b) => b.source.length - a.source.length);
const END = '(?![\\p{L}\\p{N}@-])';
/** One pass over the text finds where a noun starts and ends (the first alternative that matches wins, longest first)… */
const ANY_NOUN = new RegExp(`(?<![\\p{L}\\p{N}@.-])(?:${NOUNS.map((n) => n.source).join('|')})${END}`, 'gu');
/** …then these, anchored there, say which slots the words name ("flight" is both a flight number and a flight date). */
const NOUN_AT = NOUNS.map((n) => ({ ...n, re: new RegExp(`(?:${n.source})${END}`, 'uy') }));

/**
 * Occurrences of slot nouns in folded text, non-overlapping (at a position, the longest noun wins),
 * in text order; a span that names several slots gives one hit per slot. `only` restricts them to some slots.
 */
export function findSlotNouns(folded: string, only?: (s: SlotDef) => boolean): NounHit[] {
  const hits: NounHit[] = [];
  ANY_NOUN.lastIndex = 0;
  for (const m of folded.matchAll(ANY_NOUN)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    for (const n of NOUN_AT) {
      if (only && !only(n.s)) continue;
      n.re.lastIndex = start;
      const exact = n.re.exec(folded);
      if (!exact || start + exact[0].length !== end) continue;
      if (hits.some((h) => h.slot === n.s && h.start === start)) continue;
      hits.push({ slot: n.s, start, end, lang: n.lang });
    }
  }
  return hits;
}

const ATTRIBUTE_RES = ATTRIBUTE_NOUNS.map((a) => ({ key: a.key, re: new RegExp(`^(?:${a.nouns.join('|')})$`, 'u') }));

/** The canonical key of an attribute noun ("orçamento" → "budget"), else the noun itself as snake_case. */
export function attributeKey(folded: string): string {
  const noun = folded.trim().replace(/\s+/g, ' ');
  for (const a of ATTRIBUTE_RES) if (a.re.test(noun)) return a.key;
  return noun.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, '');
}

/** True when the key is one of the canonical attribute keys. */
export function isKnownAttribute(key: string): boolean {
  return ATTRIBUTE_NOUNS.some((a) => a.key === key);
}

/** How to refer to a slot when talking to the person, in any reply language ("your order number", "ton numéro de commande"). */
export function slotLabel(slot: SlotDef, lang: Lang): string {
  if (lang === 'de') return DE_SLOT_LABELS[slot.key]?.label ?? slot.label.en;
  return lang === 'fr' ? (FR_SLOT_LABELS[slot.key]?.label ?? slot.label.en) : slot.label[lang];
}

/** How to name a slot in a stored fact's text, in any language ("Order number", "Numéro de commande"). */
export function slotTitle(slot: SlotDef, lang: Lang): string {
  if (lang === 'de') return DE_SLOT_LABELS[slot.key]?.title ?? slot.title.en;
  return lang === 'fr' ? (FR_SLOT_LABELS[slot.key]?.title ?? slot.title.en) : slot.title[lang];
}
