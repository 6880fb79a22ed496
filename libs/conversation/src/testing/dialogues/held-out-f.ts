import type { Dialogue } from './types';

/**
 * Frozen held-out set F: conversations for the conversational reply engine, never shown to its developer, never tuned on.
 *
 * Written by the `dialogues-ef` helper session, as an outside tester who did not read the engine: WITHOUT reading
 * the engine's source (libs/conversation/src/lib/), docs/reply-engine.md or any other dialogue set. Only the Dialogue
 * format (types.ts), the check rules (score.ts), the souls table in libs/conversation/README.md and the public API
 * descriptions of messaging and entity were read. Its situations and phrasings differ from development set E
 * (dev-e.ts), which was written at the same time and is given to the engine's developer; this one is not.
 *
 * FROZEN: never shown to the engine's developer, never tuned on, never edited to make a dialogue pass. If a check
 * turns out to be unfair (a good human agent could fail it), remove that check in a commit that says why; do not
 * rewrite it to fit the engine's wording.
 *
 * Ids are `f-<language>-<topic>`: the language the user writes in. Every check is what any good human agent would
 * certainly say: the remembered value itself (asked for in other words than it was given), the new value after a
 * correction and never the old one, the agent's own name, a word of its trade, and the user's language. A turn's comment
 * names what it checks: recall, correction (recall after it: new value present, old absent), no-reask (a detail just
 * given is not asked for again), identity, domain, lang (only the reply's language).
 */

const FILLER_EN = [
  'sorry, got distracted by the telly',
  'haha yeah',
  'do you ever get bored answering stuff all day?',
  "it's absolutely chucking it down here",
  'one sec, kettle',
  'ok back',
  'my phone is on 3% lol',
  'right, fair',
  'what do you think about pineapple on pizza, honestly',
  'mm ok',
  'have you got any good podcast recs?',
];

const FILLER_PT = [
  'kkkkk sério?',
  'nossa, hoje tá um frio danado aqui',
  'peraí que o interfone tocou',
  'pronto, tô de volta',
  'vc viu o jogo ontem?',
  'ah sim, entendi',
  'to morrendo de sono hoje',
  'minha vizinha tá ouvindo sertanejo no último volume',
  'tá bom então',
  'vc gosta de pão de queijo?',
];

const FILLER_ES = [
  'jajaja ya',
  'perdona, me llamaron por teléfono',
  'ya estoy',
  'qué calor hace hoy, madre mía',
  'vale vale',
  'has visto alguna serie buena últimamente?',
  'uf, tengo un día larguísimo',
  'bueno, a lo que íbamos... no, espera, una cosa más',
  'nada, olvídalo',
  'mi gato acaba de tirar un vaso',
];

const FILLER_FR = [
  'mdr',
  'attends, on sonne à la porte',
  "c'est bon je suis là",
  "il pleut encore, j'en peux plus",
  "t'as un avis sur les salles de sport en général ?",
  'ok ok',
  'je mange un truc vite fait',
  "j'ai regardé un docu sur l'Himalaya hier, dingue",
  'bref',
  "tu connais des bons films d'aventure ?",
];

export const HELD_OUT_F_DIALOGUES: Dialogue[] = [
  // ───────────────────────────── English ─────────────────────────────
  {
    id: 'f-en-flight-rebooking',
    about: 'a cancelled flight: flight number in a request, mother needing a wheelchair, an allergy, booking reference fixed as a typo',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge', name: 'Mr. Whitmore', language: 'en' },
    turns: [
      // no-reask: the flight number was in the request
      { say: 'good evening. my flight BA 2749 to Nairobi got cancelled, I need to rebook asap', excludes: ['flight number?'], lang: 'en' },
      { say: "I'm travelling with my mother, she uses a wheelchair so we need assistance at the gate", lang: 'en' },
      { say: 'also I have a severe sesame allergy, please note it for the meal', lang: 'en' },
      { say: 'booking ref is QZ7P4M', lang: 'en' },
      // correction
      { say: 'sorry, typo: the reference is QZ7P4N', lang: 'en' },
      // recall
      { say: "which flight was cancelled, just so we're on the same page?", contains: [['BA 2749', 'BA2749']], lang: 'en' },
      // recall in other words (to Nairobi → where was I headed)
      { say: 'where was I headed?', contains: ['Nairobi'], lang: 'en' },
      // recall in other words (allergy → what can't I eat)
      { say: "what can't I eat, did you put it down?", contains: ['sesame'], lang: 'en' },
      // recall after correction
      { say: 'and the booking reference you have?', contains: ['QZ7P4N'], excludes: ['QZ7P4M'], lang: 'en' },
      // identity
      { say: "may I ask who I'm speaking with?", contains: ['Whitmore'], lang: 'en' },
      // recall in other words (my mother → my mum)
      { say: 'what help does my mum need at the airport?', contains: ['wheelchair'], lang: 'en' },
      { say: "thank you, that's all for now" },
    ],
  },
  {
    id: 'f-en-gym-freeze',
    about: 'freezing a gym membership after an injury: membership number, return month, freeze length changed',
    service: 'messaging',
    agent: { soul_id: 'concise-expert', name: 'Morgan', language: 'en' },
    turns: [
      { say: 'hey i want to freeze my membership for 2 months, I tore a ligament playing five-a-side', lang: 'en' },
      // no-reask
      { say: 'membership no. is FT-66120', excludes: ['membership number?'], lang: 'en' },
      { say: 'the physio reckons I should be back by mid september', lang: 'en' },
      { say: 'do I still get charged while its frozen??', lang: 'en' },
      // identity
      { say: 'whats your name btw', contains: ['Morgan'], lang: 'en' },
      // recall in other words (tore → what happened)
      { say: 'what did I say happened to me?', contains: ['ligament'], lang: 'en' },
      // pronoun follow-up
      { say: 'and how did I do it?', contains: [['five-a-side', 'five a side', 'football']], lang: 'en' },
      // recall in other words (be back by → when can I train)
      { say: 'when can I train again according to the physio?', contains: ['September'], lang: 'en' },
      // correction
      { say: 'make it 3 months instead of 2, the physio just emailed', lang: 'en' },
      // recall after correction
      { say: 'how long is the freeze now?', contains: [['3 months', 'three months']], excludes: ['2 months', 'two months'], lang: 'en' },
      // recall
      { say: 'and my membership number?', contains: ['FT-66120'], lang: 'en' },
      { say: 'ok cheers' },
    ],
  },
  {
    id: 'f-en-vet-clinic',
    about: 'a long conversation with a vet front desk: cat, symptoms, vet and day given before filler; the day changed after it',
    service: 'entity',
    entity: {
      name: 'Willow',
      purpose: 'Front desk assistant of Greenbank Vet Clinic: books appointments, answers questions about pet care and remembers each pet and owner.',
    },
    endUser: { id: 'f-en-vet-clinic-hannah', name: 'Hannah' },
    filler: { after: 3, count: 25, messages: FILLER_EN },
    turns: [
      { say: 'hi, my cat Biscotti has been sneezing for like 4 days and barely eating', lang: 'en' },
      { say: "she's a tabby, getting on a bit, and she's already on thyroid pills", lang: 'en' },
      { say: 'we usually see Dr. Okafor, is she in on thursday?', lang: 'en' },
      { say: 'I can only do after 5pm, I work at a school', lang: 'en' },
      // recall after filler, a title
      { say: "ok sorry, back to my cat. who's our usual vet?", contains: ['Okafor'], lang: 'en' },
      // recall in other words (is she in on → which day)
      { say: 'what day was I hoping to come in?', contains: ['Thursday'], lang: 'en' },
      // recall
      { say: 'what symptoms did I mention?', contains: ['sneez'], lang: 'en' },
      // recall
      { say: "what's my cat called, do you have it?", contains: ['Biscotti'], lang: 'en' },
      // recall in other words (pills → meds)
      { say: 'what meds is she on?', contains: ['thyroid'], lang: 'en' },
      // correction
      { say: 'oh wait, not thursday, friday works better, my shift changed', lang: 'en' },
      // recall after correction
      { say: 'so which day are we going for?', contains: ['Friday'], excludes: ['Thursday'], lang: 'en' },
      // identity
      { say: 'and you are...?', contains: ['Willow'], lang: 'en' },
      // domain
      { say: 'what else can you help with besides appointments?', contains: [['pets', 'pet care', 'animal', 'vet', 'Biscotti']], lang: 'en' },
      { say: 'thanks, bye' },
    ],
  },
  {
    id: 'f-en-wedding-planner',
    about: 'a long conversation with a wedding planner: venue, date, fiancée and flowers before filler; guest count cut after it',
    service: 'entity',
    entity: {
      name: 'Juniper',
      purpose: "Wedding planning companion: keeps track of the couple's venue, guests, suppliers and budget, and helps with decisions.",
    },
    endUser: { id: 'f-en-wedding-planner-tomasz', name: 'Tomasz' },
    filler: { after: 2, count: 20, messages: FILLER_EN },
    turns: [
      { say: 'so we finally booked the venue!! Harrow Mill Barn, 7 June next year', lang: 'en' },
      { say: 'my fiancée Annika wants peonies literally everywhere lol', lang: 'en' },
      { say: 'guest list is at 120 right now which is... a lot', lang: 'en' },
      // recall after filler
      { say: 'right, where were we. remind me where the wedding is?', contains: ['Harrow Mill'], lang: 'en' },
      // recall in other words (fiancée → partner)
      { say: 'what flowers does my partner want?', contains: ['peon'], lang: 'en' },
      // pronoun follow-up
      { say: "what's her name again, just testing you", contains: ['Annika'], lang: 'en' },
      // correction
      { say: "we cut the list, it's 95 now, not 120", lang: 'en' },
      // recall after correction
      { say: 'how many people are we inviting?', contains: ['95'], excludes: ['120'], lang: 'en' },
      // pronoun follow-up
      { say: 'and the date?', contains: ['June', '7'], lang: 'en' },
      // identity
      { say: 'sorry who is this again?', contains: ['Juniper'], lang: 'en' },
      // domain
      { say: 'what are you actually for?', contains: [['wedding', 'plan']], lang: 'en' },
      { say: 'ha ok, night', lang: 'en' },
    ],
  },

  // ───────────────────────────── Português ─────────────────────────────
  {
    id: 'f-pt-segunda-via-boleto',
    about: 'segunda via de boleto: contrato corrigido, titular, vencimento e dia de pagamento lembrados com outras palavras',
    service: 'messaging',
    agent: { soul_id: 'friendly-support', name: 'Jandira', language: 'pt-BR' },
    turns: [
      { say: 'bom dia, preciso da segunda via do boleto da mensalidade, venceu ontem', lang: 'pt' },
      { say: 'o contrato tá no nome da minha mãe, dona Zuleide', lang: 'pt' },
      // no-reask
      { say: 'o número do contrato é 7730-2201', excludes: ['número do contrato?'], lang: 'pt' },
      { say: 'consigo pagar por pix?', lang: 'pt' },
      // correction
      { say: 'foi mal, digitei errado, o contrato é 7730-2210', lang: 'pt' },
      // recall after correction
      { say: 'vc anotou qual contrato?', contains: ['7730-2210'], excludes: ['7730-2201'], lang: 'pt' },
      // recall in other words (no nome da minha mãe → titular)
      { say: 'quem é a titular do contrato?', contains: ['Zuleide'], lang: 'pt' },
      // recall
      { say: 'quando venceu o boleto, eu te falei?', contains: ['ontem'], lang: 'pt' },
      // identity
      { say: 'qual seu nome, moça?', contains: ['Jandira'], lang: 'pt' },
      { say: 'eu pago até sexta sem falta, recebo na quinta', lang: 'pt' },
      // recall in other words (pago até → prazo)
      { say: 'qual prazo eu te dei pra pagar?', contains: ['sexta'], lang: 'pt' },
      { say: 'obrigada, flor', lang: 'pt' },
    ],
  },
  {
    id: 'f-pt-geladeira-barulho',
    about: 'conversa longa sobre uma geladeira barulhenta: modelo, barulho descrito pela cliente e gelo antes do filler; modelo corrigido',
    service: 'messaging',
    agent: { soul_id: 'assistente-tecnico', name: 'Téo', language: 'pt-BR' },
    filler: { after: 2, count: 22, messages: FILLER_PT },
    turns: [
      { say: 'oi, minha geladeira Brastemp Frost Free BRM44 tá fazendo um barulho de motor de caminhão de madrugada', lang: 'pt' },
      { say: 'e o freezer tá formando gelo no fundo, coisa que nunca teve', lang: 'pt' },
      { say: 'comprei ela em 2021 na Casas Bahia', lang: 'pt' },
      // recall after filler
      { say: 'voltando à geladeira, qual modelo eu falei?', contains: ['BRM44'], lang: 'pt' },
      // recall of a description in the user's words
      { say: 'como eu descrevi o barulho?', contains: ['caminhão'], lang: 'pt' },
      // recall in other words (formando → aparecendo)
      { say: 'e o que tá aparecendo no freezer?', contains: ['gelo'], lang: 'pt' },
      // recall in other words (comprei em → quantos anos / ano)
      { say: 'de que ano ela é, falei pra vc?', contains: ['2021'], lang: 'pt' },
      // correction
      { say: 'opa, corrigindo: o modelo é BRM45, confundi com a antiga', lang: 'pt' },
      // recall after correction
      { say: 'então qual é o modelo?', contains: ['BRM45'], excludes: ['BRM44'], lang: 'pt' },
      // identity
      { say: 'vc é gente ou robô? como se chama?', contains: ['Téo'], lang: 'pt' },
      // recall
      { say: 'e em que horário o barulho acontece?', contains: ['madrugada'], lang: 'pt' },
      { say: 'show, vou ver isso' },
    ],
  },
  {
    id: 'f-pt-escola-musica',
    about: 'escola de música: filho, instrumento trocado com "ops, na verdade", dia possível, domínio',
    service: 'entity',
    entity: {
      name: 'Cadência',
      purpose: 'Secretaria da escola de música Acorde: matrículas, horários de aula, professores e acompanhamento de cada aluno.',
    },
    endUser: { id: 'f-pt-escola-musica-marcia', name: 'Márcia' },
    turns: [
      { say: 'olá! quero matricular meu filho Caetano no violão, ele tem 10 anos', lang: 'pt' },
      { say: 'ele já tocou um pouco de ukulele com o avô', lang: 'pt' },
      { say: 'só pode nas terças à tarde, de manhã ele tem escola', lang: 'pt' },
      // domain
      { say: 'o que vcs oferecem aí?', contains: [['aula', 'música', 'instrumento', 'curso']], lang: 'pt' },
      // recall in other words (meu filho → meu menino)
      { say: 'qual o nome do meu menino, anotou?', contains: ['Caetano'], lang: 'pt' },
      // recall
      { say: 'qual instrumento ele quer aprender?', contains: ['violão'], lang: 'pt' },
      // pronoun follow-up
      { say: 'e o que ele já tocou antes?', contains: ['ukulele'], lang: 'pt' },
      // recall in other words (só pode nas → que dia da semana)
      { say: 'que dia da semana ele consegue ir?', contains: ['terça'], lang: 'pt' },
      // correction
      { say: 'ops, na verdade ele quer guitarra, não violão, mudou de ideia ontem kkk', lang: 'pt' },
      // recall after correction
      { say: 'então vai ser aula de quê?', contains: ['guitarra'], excludes: ['violão'], lang: 'pt' },
      // identity
      { say: 'com quem eu falo, por gentileza?', contains: ['Cadência'], lang: 'pt' },
      { say: 'beleza, obrigada!', lang: 'pt' },
    ],
  },
  {
    id: 'f-pt-receitas',
    about: 'conversa longa com uma companheira de cozinha: alergia, prato favorito e almoço antes do filler; número de pessoas corrigido',
    service: 'entity',
    entity: {
      name: 'Tempero',
      purpose: 'Companheira de cozinha: sugere receitas, adapta pratos às restrições de cada pessoa e lembra do que ela gosta.',
    },
    endUser: { id: 'f-pt-receitas-joao', name: 'João' },
    filler: { after: 2, count: 23, messages: FILLER_PT },
    turns: [
      { say: 'salve! sou alérgico a camarão, então nada de frutos do mar pra mim', lang: 'pt' },
      { say: 'minha comida preferida é escondidinho de carne seca', lang: 'pt' },
      { say: 'domingo vou fazer almoço pra família da minha esposa, umas 12 pessoas', lang: 'pt' },
      // recall after filler
      { say: 'bora planejar o almoço: eu tenho alergia a quê mesmo?', contains: ['camarão'], lang: 'pt' },
      // recall in other words (comida preferida → prato favorito)
      { say: 'qual meu prato favorito?', contains: ['escondidinho'], lang: 'pt' },
      // recall
      { say: 'o almoço é que dia?', contains: ['domingo'], lang: 'pt' },
      // pronoun follow-up
      { say: 'e pra quantas pessoas?', contains: ['12'], lang: 'pt' },
      // correction
      { say: 'errei, são 15 pessoas, os primos vão vir também', lang: 'pt' },
      // recall after correction
      { say: 'quantas pessoas vêm então?', contains: ['15'], excludes: ['12 pessoas'], lang: 'pt' },
      // identity
      { say: 'e vc, quem é?', contains: ['Tempero'], lang: 'pt' },
      // domain
      { say: 'no que mais vc pode me ajudar?', contains: [['receita', 'prato', 'cozinha', 'comida']], lang: 'pt' },
      { say: 'valeu!', lang: 'pt' },
    ],
  },

  // ───────────────────────────── Español ─────────────────────────────
  {
    id: 'f-es-mudanza',
    about: 'mudanza: dirección de destino corregida con "perdona, me lié", piano, presupuesto y día',
    service: 'messaging',
    agent: { soul_id: 'friendly-support', name: 'Rocío', language: 'es' },
    turns: [
      { say: 'buenas, contraté la mudanza para el sábado 15 y quería confirmar la dirección de destino', lang: 'es' },
      { say: 'la casa nueva está en la calle Albarracín 27, en Madrid', lang: 'es' },
      { say: 'tenemos un piano de pared, eso tiene coste extra?', lang: 'es' },
      // no-reask
      { say: 'el presupuesto que me mandaron es el PR-2290', excludes: ['número de presupuesto?'], lang: 'es' },
      // correction
      { say: 'perdona, me lié: es calle Albarracín 72, no 27', lang: 'es' },
      // recall after correction
      { say: 'a qué dirección vamos entonces?', contains: ['Albarracín', '72'], excludes: ['Albarracín 27'], lang: 'es' },
      // recall in other words (contraté para → qué día nos mudamos)
      { say: 'qué día nos mudamos?', contains: ['sábado'], lang: 'es' },
      // recall
      { say: 'qué mueble especial te dije que tenemos?', contains: ['piano'], lang: 'es' },
      // recall
      { say: 'y el presupuesto cuál era?', contains: ['PR-2290'], lang: 'es' },
      // identity
      { say: 'perdona, con quién estoy hablando?', contains: ['Rocío'], lang: 'es' },
      // recall
      { say: 'en qué ciudad está la casa nueva?', contains: ['Madrid'], lang: 'es' },
      { say: 'vale, mil gracias' },
    ],
  },
  {
    id: 'f-es-movil-mojado',
    about: 'conversación larga sobre un móvil mojado: modelo, síntoma y lo ya probado antes del filler; modelo corregido con "corrijo"',
    service: 'messaging',
    agent: { soul_id: 'technical-helper', name: 'Byte', language: 'es' },
    filler: { after: 2, count: 20, messages: FILLER_ES },
    turns: [
      { say: 'hola, se me cayó el móvil a la piscina y ahora la pantalla parpadea en verde', lang: 'es' },
      { say: 'es un Xiaomi Redmi Note 12, me lo compré hace poco', lang: 'es' },
      { say: 'lo dejé en arroz toda la noche, pero nada', lang: 'es' },
      // recall after filler
      { say: 'sigo con lo del móvil: qué modelo te dije?', contains: ['Note 12'], lang: 'es' },
      // recall in other words (parpadea en → de qué color)
      { say: 'de qué color se ve el parpadeo?', contains: ['verde'], lang: 'es' },
      // recall
      { say: 'dónde se me cayó?', contains: ['piscina'], lang: 'es' },
      // recall in other words (lo dejé en → qué probé)
      { say: 'qué he probado ya?', contains: ['arroz'], lang: 'es' },
      // correction
      { say: 'ah, corrijo: no es el Note 12, es el Note 13', lang: 'es' },
      // recall after correction
      { say: 'entonces qué modelo tengo?', contains: ['Note 13'], excludes: ['Note 12'], lang: 'es' },
      // identity
      { say: 'eres una persona o un bot? cómo te llamas?', contains: ['Byte'], lang: 'es' },
      // recall (brand)
      { say: 'y de qué marca es?', contains: ['Xiaomi'], lang: 'es' },
      { say: 'vale, lo llevo al servicio técnico', lang: 'es' },
    ],
  },
  {
    id: 'f-es-clinica-dental',
    about: 'conversación larga con una clínica dental: muela, alergia, doctora y horario antes del filler; lado corregido',
    service: 'entity',
    entity: {
      name: 'Amparo',
      purpose: 'Recepcionista virtual de la Clínica Dental Ribera: citas, presupuestos y recordatorios de cada paciente.',
    },
    endUser: { id: 'f-es-clinica-dental-jorge', name: 'Jorge' },
    filler: { after: 3, count: 22, messages: FILLER_ES },
    turns: [
      { say: 'hola, me duele una muela de abajo a la izquierda desde el martes', lang: 'es' },
      { say: 'soy alérgico a la penicilina, que conste', lang: 'es' },
      { say: 'mi dentista de siempre es la doctora Ferrán', lang: 'es' },
      { say: 'puedo ir cualquier día a partir de las 6 de la tarde', lang: 'es' },
      // recall after filler, in other words (soy alérgico a → qué no me podéis dar)
      { say: 'volviendo a la cita: qué medicamento no me podéis dar?', contains: ['penicilina'], lang: 'es' },
      // recall
      { say: 'qué muela me duele?', contains: ['izquierda'], lang: 'es' },
      // pronoun follow-up
      { say: 'desde cuándo?', contains: ['martes'], lang: 'es' },
      // recall in other words (dentista de siempre → con quién voy), a title
      { say: 'con qué doctora voy normalmente?', contains: ['Ferrán'], lang: 'es' },
      // correction
      { say: 'me confundí, la muela es la de la derecha, no la izquierda', lang: 'es' },
      // recall after correction
      { say: 'entonces de qué lado es?', contains: ['derecha'], excludes: ['izquierda'], lang: 'es' },
      // identity
      { say: 'me dices tu nombre?', contains: ['Amparo'], lang: 'es' },
      // domain
      { say: 'a qué os dedicáis exactamente?', contains: [['dental', 'dientes', 'dentista', 'cita']], lang: 'es' },
      { say: 'gracias, hasta luego', lang: 'es' },
    ],
  },
  {
    id: 'f-es-entradas-concierto',
    about: 'entradas de concierto: pedido dentro de una frase y corregido, prima, artista y ciudad, cambio pedido',
    service: 'entity',
    entity: {
      name: 'Tarima',
      purpose: 'Asistente de una ticketera de conciertos: ayuda a comprar entradas, cambiar ubicaciones y recordar los planes de cada fan.',
    },
    endUser: { id: 'f-es-entradas-concierto-ximena', name: 'Ximena' },
    turns: [
      // no-reask
      { say: 'holiii, compré 2 entradas para Rosalía en Barcelona, pedido TK-88410', excludes: ['número de pedido?'], lang: 'es' },
      { say: 'voy con mi prima Xiomara, es su primer concierto', lang: 'es' },
      { say: 'queremos cambiar de pista a grada si se puede', lang: 'es' },
      // recall in other words (voy con → para quién es la otra)
      { say: 'para quién es la otra entrada?', contains: ['Xiomara'], lang: 'es' },
      // recall
      { say: 'de qué artista es el concierto?', contains: ['Rosalía'], lang: 'es' },
      // recall
      { say: 'en qué ciudad?', contains: ['Barcelona'], lang: 'es' },
      // recall in other words (queremos cambiar → qué te pedí)
      { say: 'qué cambio te pedí?', contains: ['grada'], lang: 'es' },
      // correction
      { say: 'corrijo el pedido, es TK-88401', lang: 'es' },
      // recall after correction
      { say: 'qué pedido tienes apuntado?', contains: ['TK-88401'], excludes: ['TK-88410'], lang: 'es' },
      // identity
      { say: 'oye, tú quién eres?', contains: ['Tarima'], lang: 'es' },
      { say: 'me recomiendas un sitio para cenar cerca del estadio?', lang: 'es' },
      { say: 'ok graciaaas' },
    ],
  },

  // ───────────────────────────── Français ─────────────────────────────
  {
    id: 'f-fr-facture-electricite',
    about: "facture d'électricité trop haute : montant corrigé, contrat, logement et chauffage rappelés autrement",
    service: 'messaging',
    agent: { soul_id: 'friendly-support', name: 'Élodie', language: 'fr' },
    turns: [
      { say: "bonjour, ma facture d'électricité de janvier est à 342 €, d'habitude c'est 90 €, il y a un souci", lang: 'fr' },
      // no-reask
      { say: 'mon numéro de contrat est EDX-551207', excludes: ['numéro de contrat ?', 'numéro de contrat?'], lang: 'fr' },
      { say: 'je vis seule dans un T2 à Rennes, chauffage au gaz', lang: 'fr' },
      { say: "le compteur c'est un Linky, posé en octobre", lang: 'fr' },
      // identity
      { say: 'je parle à qui, là ?', contains: ['Élodie'], lang: 'fr' },
      // recall in other words (est à → combien on me demande)
      { say: 'on me demande combien sur cette facture ?', contains: ['342'], lang: 'fr' },
      // recall
      { say: "et d'habitude je paie combien ?", contains: ['90'], lang: 'fr' },
      // correction
      { say: "correction : c'est 324 €, pas 342, j'ai mal lu", lang: 'fr' },
      // recall after correction
      { say: 'donc la facture est de combien ?', contains: ['324'], excludes: ['342'], lang: 'fr' },
      // recall in other words (je vis à → dans quelle ville)
      { say: "j'habite dans quelle ville ?", contains: ['Rennes'], lang: 'fr' },
      // recall
      { say: 'je me chauffe comment ?', contains: ['gaz'], lang: 'fr' },
      { say: "merci, j'attends votre retour" },
    ],
  },
  {
    id: 'f-fr-location-voiture',
    about: 'longue conversation de location de voiture : réservation, ville, conducteur avant le filler ; type de voiture corrigé',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge', name: 'Bertrand', language: 'fr' },
    filler: { after: 2, count: 21, messages: FILLER_FR },
    turns: [
      // no-reask
      {
        say: "bonjour, j'ai réservé une voiture à Nice du 12 au 19 juillet, réservation LC-7093",
        excludes: ['numéro de réservation ?', 'numéro de réservation?'],
        lang: 'fr',
      },
      { say: 'on sera quatre avec deux gros chiens, il faudrait un break', lang: 'fr' },
      { say: 'mon mari, Anatole, sera le deuxième conducteur', lang: 'fr' },
      // recall after filler
      { say: 'bon, ma réservation, vous avez le numéro ?', contains: ['LC-7093'], lang: 'fr' },
      // recall
      { say: 'je récupère la voiture dans quelle ville ?', contains: ['Nice'], lang: 'fr' },
      // recall in other words (deuxième conducteur → qui conduira aussi)
      { say: 'qui conduira avec moi ?', contains: ['Anatole'], lang: 'fr' },
      // recall
      { say: 'quel genre de voiture il nous faut ?', contains: ['break'], lang: 'fr' },
      // correction
      { say: 'ah pardon, je voulais dire un monospace, pas un break, les chiens sont énormes', lang: 'fr' },
      // recall after correction
      { say: 'du coup on prend quoi comme voiture ?', contains: ['monospace'], excludes: ['break'], lang: 'fr' },
      // identity
      { say: 'à qui ai-je affaire ?', contains: ['Bertrand'], lang: 'fr' },
      // recall in other words (on sera quatre avec → qui voyage)
      { say: "on emmène quels animaux, je vous l'ai dit ?", contains: ['chien'], lang: 'fr' },
      { say: 'parfait, bonne soirée', lang: 'fr' },
    ],
  },
  {
    id: 'f-fr-creche',
    about: 'crèche : fille, allergie, papa et doudou ; premier jour corrigé avec "en fait non"',
    service: 'entity',
    entity: {
      name: 'Capucine',
      purpose: 'Assistante de la crèche Les Petits Loups : inscriptions, horaires, repas et suivi de chaque enfant avec ses parents.',
    },
    endUser: { id: 'f-fr-creche-sarah', name: 'Sarah' },
    turns: [
      { say: 'bonjour, ma fille Zélie commence chez vous lundi, elle a 14 mois', lang: 'fr' },
      { say: "elle est allergique à l'œuf, c'est important pour la cantine", lang: 'fr' },
      { say: "c'est son papa qui viendra la chercher le soir, il s'appelle Karim", lang: 'fr' },
      { say: 'elle a un doudou lapin, elle dort pas sans', lang: 'fr' },
      // recall in other words (ma fille → ma petite)
      { say: "comment s'appelle ma petite, vous avez noté ?", contains: ['Zélie'], lang: 'fr' },
      // pronoun follow-up
      { say: 'elle est allergique à quoi ?', contains: [['œuf', 'oeuf']], lang: 'fr' },
      // recall in other words (viendra la chercher → qui la récupère)
      { say: 'qui la récupère à la sortie ?', contains: ['Karim'], lang: 'fr' },
      // recall
      { say: 'elle fait sa rentrée quel jour ?', contains: ['lundi'], lang: 'fr' },
      // correction
      { say: "en fait non, elle commence mardi, lundi c'est férié", lang: 'fr' },
      // recall after correction
      { say: 'donc son premier jour, c’est quand ?', contains: ['mardi'], excludes: ['lundi'], lang: 'fr' },
      // recall
      { say: "c'est quoi déjà son doudou ?", contains: ['lapin'], lang: 'fr' },
      // identity
      { say: 'et vous, vous êtes qui ?', contains: ['Capucine'], lang: 'fr' },
      { say: 'merci, bonne journée !' },
    ],
  },
  {
    id: 'f-fr-salle-escalade',
    about: "longue conversation avec un coach d'escalade : niveau, blessure et chaussons avant le filler ; le coude corrigé",
    service: 'entity',
    entity: {
      name: 'Vertigo',
      purpose: "Coach de la salle d'escalade Bloc Session : conseille sur l'entraînement, les voies et le matériel, et suit la progression de chaque grimpeur.",
    },
    endUser: { id: 'f-fr-salle-escalade-lou', name: 'Lou' },
    filler: { after: 2, count: 24, messages: FILLER_FR },
    turns: [
      { say: 'yo ! je grimpe depuis six mois, je bloque sur les 6a en dévers', lang: 'fr' },
      { say: "j'ai une tendinite au coude droit depuis deux semaines, du coup j'y vais mollo", lang: 'fr' },
      { say: "mes chaussons c'est des Scarpa Vapor, taille 40", lang: 'fr' },
      // recall after filler
      { say: 'bon, du coup : je bloque à quel niveau ?', contains: ['6a'], lang: 'fr' },
      // recall in other words (tendinite → j'ai mal où)
      { say: "et j'ai mal où ?", contains: ['coude'], lang: 'fr' },
      // recall
      { say: "c'est quoi mes chaussons ?", contains: ['Vapor'], lang: 'fr' },
      // correction
      { say: "en fait c'est le coude gauche, pas le droit, je sais plus où j'ai la tête", lang: 'fr' },
      // recall after correction
      { say: "c'est quel coude alors ?", contains: ['gauche'], excludes: ['coude droit'], lang: 'fr' },
      // recall
      { say: 'ça fait combien de temps que je grimpe ?', contains: [['six mois', '6 mois']], lang: 'fr' },
      // identity
      { say: "au fait, c'est quoi ton petit nom ?", contains: ['Vertigo'], lang: 'fr' },
      // domain
      { say: "tu peux m'aider pour quoi ?", contains: [['escalade', 'grimpe', 'entraînement', 'voie']], lang: 'fr' },
      { say: 'ciao !', lang: 'fr' },
    ],
  },
];
