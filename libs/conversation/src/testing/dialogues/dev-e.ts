import type { Dialogue } from './types';

/**
 * Development set E: conversations for the conversational reply engine, tuned on.
 *
 * Written by the `dialogues-ef` helper session, as an outside tester who did not read the engine: WITHOUT reading
 * the engine's source (libs/conversation/src/lib/), docs/reply-engine.md or any other dialogue set. Only the Dialogue
 * format (types.ts), the check rules (score.ts), the souls table in libs/conversation/README.md and the public API
 * descriptions of messaging and entity were read. Development set, tuned on: it is given to the engine's developer,
 * so its pass share says how the engine does on what it was shown, not how it generalizes (held-out F does that).
 *
 * Ids are `e-<language>-<topic>`: the language the user writes in. Each set of four dialogues per language has two
 * messaging agents and two entities, written as people write (lowercase, slang, typos, several facts per message,
 * facts given inside questions). Every check is what any good human agent would certainly say: the remembered value
 * itself (asked for in other words than it was given), the new value after a correction and never the old one, the
 * agent's own name, a word of its trade, and the user's language. A turn's comment names what it checks: recall,
 * correction (recall after it: new value present, old absent), no-reask (a detail just given is not asked for again),
 * identity, domain, lang (only the reply's language).
 */

const FILLER_EN = [
  'did an easy 5k this morning, felt ok',
  "lol my neighbour's dog chased me again",
  'how many rest days do people usually take?',
  "it's raining again here, classic",
  'is stretching better before or after?',
  'my playlist is mostly old hip hop haha',
  'ok cool',
  'just had my second coffee',
  'legs feel fine today tbh',
  'do you think foam rollers actually work?',
  'haha fair enough',
];

const FILLER_PT = [
  'kkkk to muito ansioso',
  'vc já foi pra Europa?',
  'hoje o trânsito tava um caos aqui',
  'tô vendo série enquanto falo com vc',
  'qual a melhor época pra viajar, na sua opinião?',
  'nossa, que calor',
  'ah entendi',
  'vou pegar um café rapidinho',
  'voltei',
  'sabe se precisa de adaptador de tomada lá?',
];

const FILLER_ES = [
  'jaja vale',
  'hoy hace un calor que no veas',
  'es mejor regar por la mañana o por la noche?',
  'mi vecina tiene un limonero precioso',
  'ok, entendido',
  'qué opinas del compost casero?',
  'me encanta mancharme las manos de tierra',
  'uff, qué semana llevo',
  'las macetas de barro son mejores que las de plástico?',
  'perdona, estaba cocinando',
];

const FILLER_FR = [
  'haha ok',
  "il fait super beau aujourd'hui",
  'tu préfères le rouge ou le blanc toi ?',
  "j'ai encore oublié d'acheter du pain",
  "d'accord, je note",
  "c'est quoi la différence entre un cépage et une appellation ?",
  'le fromage, ça se sert avant ou après le dessert ?',
  'désolé, je reviens, le chat a renversé un verre',
  "c'est bon, c'est rangé",
  'tu connais des bons bouquins sur le vin ?',
];

export const DEV_E_DIALOGUES: Dialogue[] = [
  // ───────────────────────────── English ─────────────────────────────
  {
    id: 'e-en-lost-parcel',
    about: 'a parcel that never came: order number inside a question, pickup day recalled in other words, postcode corrected',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en', name: 'Sunny', language: 'en' },
    turns: [
      // no-reask: the order number was in the question
      { say: 'hey, can you check order 55-9013? it never came and the tracking hasnt moved since monday', excludes: ['order number?'], lang: 'en' },
      { say: 'yeah im kinda annoyed tbh, it was a birthday present for my nephew', lang: 'en' },
      { say: "name's Priyanka btw", lang: 'en' },
      { say: "if it turns up at the depot I can pick it up saturday morning, I'm off work then", lang: 'en' },
      { say: 'whats the weather like where you are lol' },
      // identity
      { say: 'who am i talking to anyway?', contains: ['Sunny'], lang: 'en' },
      // recall
      { say: 'ok so which order was i asking about?', contains: ['55-9013'], lang: 'en' },
      // recall in other words ("pick it up" → "collect")
      { say: "and when did I say I'd collect it?", contains: ['Saturday'], lang: 'en' },
      { say: 'oh wait, the postcode on my account is wrong, it says SW9 4RT but it should be SW9 4TR', lang: 'en' },
      // recall after correction
      { say: "what's the right postcode you have for me now?", contains: ['SW9 4TR'], excludes: ['SW9 4RT'], lang: 'en' },
      // recall
      { say: 'do you still have my name?', contains: ['Priyanka'], lang: 'en' },
      // recall in other words (present → who it was for)
      { say: 'who was the parcel for again?', contains: ['nephew'], lang: 'en' },
      { say: 'cheers, talk later' },
    ],
  },
  {
    id: 'e-en-laptop-fan',
    about: 'a loud laptop fan described in the user’s words, model in passing, serial corrected with "sorry, I meant"',
    service: 'messaging',
    agent: { soul_id: 'technical-helper', name: 'Byte', language: 'en' },
    turns: [
      // no-reask: the model was just given
      {
        say: 'hi. my laptop fan sounds like a hairdryer the second i open chrome, its a Zenbook UX3402',
        excludes: ['which model?', 'what model?'],
        lang: 'en',
      },
      { say: 'its like 2 years old, never dropped it or anything', lang: 'en' },
      { say: 'serial on the sticker is K7NX-20418', lang: 'en' },
      // correction
      { say: 'ugh sorry, I meant K7NX-20481, read it upside down', lang: 'en' },
      { say: 'should I try cleaning the vents myself or is that a warranty thing?', lang: 'en' },
      // identity
      { say: 'who am i chatting with btw, a bot?', contains: ['Byte'], lang: 'en' },
      // recall
      { say: 'what laptop did I tell you I have?', contains: ['UX3402'], lang: 'en' },
      // recall after correction
      { say: 'and the serial you got?', contains: ['K7NX-20481'], excludes: ['K7NX-20418'], lang: 'en' },
      // recall of a description in the user's own words
      { say: 'how did I describe the noise?', contains: [['hairdryer', 'hair dryer', 'hair-dryer']], lang: 'en' },
      { say: "fwiw I'm on windows 11, updated last week", lang: 'en' },
      // recall
      { say: 'which OS am I running?', contains: ['Windows 11'], lang: 'en' },
      { say: 'ok thanks, ill try the vents first' },
    ],
  },
  {
    id: 'e-en-bookstore',
    about: 'a bookstore entity: a daughter named in passing and asked for as "my kid", a special order in a question, domain fit',
    service: 'entity',
    entity: {
      name: 'Marlowe',
      purpose: 'Helps customers of Marlowe & Finch, an independent bookstore, find books, order titles and follow their special orders.',
    },
    endUser: { id: 'e-en-bookstore-ruth', name: 'Ruth' },
    turns: [
      { say: "hi! looking for a present for my daughter Ottilie, she's 9 and obsessed with dragons", lang: 'en' },
      // domain
      { say: 'what kind of stuff can you help me with here?', contains: [['book', 'reading', 'novel']], lang: 'en' },
      { say: 'she already read all of Wings of Fire twice lol', lang: 'en' },
      // no-reask: the special order number was in the question
      { say: 'also I ordered the illustrated Hobbit last month, special order SO-7731, any news?', excludes: ['order number?'], lang: 'en' },
      // recall in other words (daughter → kid)
      { say: 'whats my kid called, did i tell you?', contains: ['Ottilie'], lang: 'en' },
      // pronoun follow-up
      { say: "and what's she into?", contains: ['dragon'], lang: 'en' },
      // recall
      { say: 'which special order did I mention?', contains: ['SO-7731'], lang: 'en' },
      // pronoun follow-up
      { say: 'and what book was that for?', contains: ['Hobbit'], lang: 'en' },
      // identity
      { say: 'are you a real person? whats your name', contains: ['Marlowe'], lang: 'en' },
      { say: 'any good place to get pizza near the shop?', lang: 'en' },
      { say: 'ok, what would you get her then?', lang: 'en' },
      { say: 'thanks, bye!' },
    ],
  },
  {
    id: 'e-en-running-coach',
    about: 'a long conversation with a running coach: race, knee and snack given early, recalled after filler; the race corrected',
    service: 'entity',
    entity: {
      name: 'Stride',
      purpose: 'A running coach that builds training plans for amateur runners and keeps track of their races, injuries and progress.',
    },
    endUser: { id: 'e-en-running-coach-kwame', name: 'Kwame' },
    filler: { after: 2, count: 22, messages: FILLER_EN },
    turns: [
      { say: "yo coach, signed up for the Lisbon half marathon, it's on October 19", lang: 'en' },
      { say: 'heads up my left knee gets sore after anything over 10k', lang: 'en' },
      { say: 'fav pre-run snack is a banana with peanut butter, in case that matters', lang: 'en' },
      // recall after filler
      { say: 'ok back to planning. which race did I sign up for?', contains: ['Lisbon'], lang: 'en' },
      // pronoun follow-up
      { say: 'and when is it?', contains: ['October', '19'], lang: 'en' },
      // recall in other words (sore → what about my knee)
      { say: 'what did I tell you about my knee?', contains: ['left'], lang: 'en' },
      // correction
      { say: "actually I mixed it up, it's the Porto half, not Lisbon. Lisbon was last year", lang: 'en' },
      // recall after correction
      { say: 'so which race am I training for?', contains: ['Porto'], excludes: ['Lisbon'], lang: 'en' },
      // recall in other words (pre-run snack → go-to snack)
      { say: "what's my go-to thing to eat before a run?", contains: ['banana'], lang: 'en' },
      // identity
      { say: "who am I talking to, what's your name again?", contains: ['Stride'], lang: 'en' },
      // domain
      { say: 'what do you do exactly?', contains: [['run', 'training', 'race']], lang: 'en' },
      { say: 'cool, later!', lang: 'en' },
    ],
  },

  // ───────────────────────────── Português ─────────────────────────────
  {
    id: 'e-pt-troca-tenis',
    about: 'troca de tênis: pedido corrigido com "me enganei", tamanho desejado, dia de postar lembrado com outras palavras',
    service: 'messaging',
    agent: { soul_id: 'friendly-support', name: 'Tainá', language: 'pt-BR' },
    turns: [
      { say: 'oi, comprei um tênis de corrida no site e veio apertado, quero trocar', lang: 'pt' },
      // no-reask
      { say: 'o pedido é o 4471-XK', excludes: ['número do pedido?'], lang: 'pt' },
      { say: 'calço 42 normalmente mas esse veio pequeno, queria o 43', lang: 'pt' },
      // correction
      { say: 'me enganei, o pedido é 4417-XK, desculpa', lang: 'pt' },
      { say: 'kkk to meio perdido hoje' },
      // recall after correction
      { say: 'qual número de pedido vc anotou?', contains: ['4417-XK'], excludes: ['4471-XK'], lang: 'pt' },
      // recall
      { say: 'e qual tamanho eu quero receber?', contains: ['43'], lang: 'pt' },
      // identity
      { say: 'com quem eu to falando?', contains: ['Tainá'], lang: 'pt' },
      { say: 'posso devolver pelos correios ou tenho que ir numa loja?', lang: 'pt' },
      { say: 'vou levar na agência na quarta depois do trampo', lang: 'pt' },
      // recall in other words (levar na agência → postar)
      { say: 'quando eu disse que ia postar?', contains: ['quarta'], lang: 'pt' },
      { say: 'valeu!', lang: 'pt' },
    ],
  },
  {
    id: 'e-pt-internet-caindo',
    about: 'internet caindo: protocolo dentro de uma pergunta e corrigido com "correção:", cor da luz, cidade e plano lembrados',
    service: 'messaging',
    agent: { soul_id: 'assistente-tecnico', name: 'Téo', language: 'pt-BR' },
    turns: [
      { say: 'boa noite, minha internet cai toda hora desde sexta, o roteador fica piscando laranja', lang: 'pt' },
      // no-reask: the protocol number was in the question
      { say: 'já abri chamado, o protocolo é 2025-889134, alguém vai resolver?', excludes: ['protocolo?'], lang: 'pt' },
      { say: 'o plano é 300 mega, fibra', lang: 'pt' },
      { say: 'moro em Contagem, bairro Eldorado', lang: 'pt' },
      // correction
      { say: 'correção: o protocolo certo é 2025-889143, olhei errado no email', lang: 'pt' },
      // recall after correction
      { say: 'qual protocolo ficou registrado aí?', contains: ['2025-889143'], excludes: ['2025-889134'], lang: 'pt' },
      // recall in other words (piscando → de que cor)
      { say: 'e a luz do roteador, de que cor eu falei que tava?', contains: ['laranja'], lang: 'pt' },
      // recall
      { say: 'desde quando eu disse que ta caindo?', contains: ['sexta'], lang: 'pt' },
      // recall
      { say: 'qual meu plano mesmo?', contains: ['300'], lang: 'pt' },
      // identity
      { say: 'vc é robô? qual seu nome', contains: ['Téo'], lang: 'pt' },
      // recall in other words (moro em → cidade)
      { say: 'em que cidade eu moro?', contains: ['Contagem'], lang: 'pt' },
      { say: 'blz, obrigado', lang: 'pt' },
    ],
  },
  {
    id: 'e-pt-petshop',
    about: 'pet shop: cachorro com alergia, banho remarcado com "na verdade", domínio e nome da entidade',
    service: 'entity',
    entity: {
      name: 'Bidu',
      purpose: 'Atendente do pet shop Patas & Cia: agenda banho e tosa, tira dúvidas sobre ração e lembra de cada pet dos clientes.',
    },
    endUser: { id: 'e-pt-petshop-renata', name: 'Renata' },
    turns: [
      { say: 'oii, queria marcar banho pro meu cachorro, o Paçoca, ele é um vira-lata caramelo', lang: 'pt' },
      { say: 'ele tem alergia a frango, então nada de petisco com frango por favor', lang: 'pt' },
      { say: 'pode ser quinta de manhã?', lang: 'pt' },
      { say: 'kkkk ele odeia secador' },
      // recall in other words (cachorro → dog)
      { say: 'como é o nome do meu dog mesmo, vc anotou?', contains: ['Paçoca'], lang: 'pt' },
      // pronoun follow-up
      { say: 'e ele é alérgico a quê?', contains: ['frango'], lang: 'pt' },
      // recall
      { say: 'pra quando ficou o banho?', contains: ['quinta'], lang: 'pt' },
      // correction
      { say: 'na verdade quinta não dá, pode ser sábado?', lang: 'pt' },
      // recall after correction
      { say: 'então qual dia ficou?', contains: ['sábado'], excludes: ['quinta'], lang: 'pt' },
      { say: 'vcs vendem ração hipoalergênica?', lang: 'pt' },
      // identity
      { say: 'quem tá falando comigo?', contains: ['Bidu'], lang: 'pt' },
      // domain
      { say: 'o que vc faz aqui, exatamente?', contains: [['banho', 'pet', 'tosa', 'ração']], lang: 'pt' },
      { say: 'brigada!!' },
    ],
  },
  {
    id: 'e-pt-viagem',
    about: 'conversa longa com uma companheira de viagem: voo, namorada e dieta antes do filler; data corrigida com "correção:"',
    service: 'entity',
    entity: {
      name: 'Rota',
      purpose: 'Companheira de viagem que ajuda a planejar roteiros e lembra voos, hospedagens e preferências de cada viajante.',
    },
    endUser: { id: 'e-pt-viagem-caio', name: 'Caio' },
    filler: { after: 2, count: 24, messages: FILLER_PT },
    turns: [
      { say: 'e aí! vou pra Lisboa dia 3 de maio, voo TP 088 saindo de Guarulhos', lang: 'pt' },
      { say: 'vou com minha namorada, a Iolanda, é a primeira viagem internacional dela', lang: 'pt' },
      { say: 'sou vegetariano, então me indica lugar pra comer que tenha opção', lang: 'pt' },
      // recall after filler
      { say: 'voltando ao planejamento: qual era o meu voo?', contains: [['TP 088', 'TP088']], lang: 'pt' },
      // recall
      { say: 'e pra onde eu vou mesmo?', contains: ['Lisboa'], lang: 'pt' },
      // correction
      { say: 'correção: o voo é dia 5 de maio, não dia 3, remarcaram', lang: 'pt' },
      // recall after correction
      { say: 'que dia eu viajo então?', contains: [['5 de maio', '05/05', 'dia 5']], excludes: ['3 de maio'], lang: 'pt' },
      // recall
      { say: 'como chama minha namorada, lembra?', contains: ['Iolanda'], lang: 'pt' },
      // recall in other words (sou vegetariano → sobre comida)
      { say: 'o que eu te falei sobre comida?', contains: ['vegetarian'], lang: 'pt' },
      // identity
      { say: 'quem é vc mesmo?', contains: ['Rota'], lang: 'pt' },
      { say: 'tá, valeu demais', lang: 'pt' },
    ],
  },

  // ───────────────────────────── Español ─────────────────────────────
  {
    id: 'e-es-reembolso',
    about: 'doble cobro: factura corregida con "perdón, me equivoqué", importe, correo y mes recordados',
    service: 'messaging',
    agent: { soul_id: 'friendly-support', name: 'Lucía', language: 'es' },
    turns: [
      { say: 'hola, me cobraron dos veces la suscripción de marzo, el cargo es de 12,99 €', lang: 'es' },
      { say: 'mi correo de la cuenta es marta.ibz@correo.es', lang: 'es' },
      { say: 'la factura que tengo es la FAC-30912', lang: 'es' },
      // correction
      { say: 'perdón, me equivoqué, es la FAC-39012', lang: 'es' },
      // recall after correction
      { say: 'qué factura te di al final?', contains: ['FAC-39012'], excludes: ['FAC-30912'], lang: 'es' },
      // recall in other words (cargo → cuánto de más)
      { say: 'cuánto me cobraron de más?', contains: [['12,99', '12.99']], lang: 'es' },
      // identity
      { say: 'con quién hablo?', contains: ['Lucía'], lang: 'es' },
      // recall
      { say: 'cuál es mi correo?', contains: ['marta.ibz@correo.es'], lang: 'es' },
      { say: 'tardan mucho los reembolsos? lo necesito para el alquiler jaja', lang: 'es' },
      // recall
      { say: 'de qué mes era el doble cobro?', contains: ['marzo'], lang: 'es' },
      { say: 'vale, gracias', lang: 'es' },
    ],
  },
  {
    id: 'e-es-reserva-hotel',
    about: 'reserva de hotel: localizador dentro de una frase y corregido, cuna para el bebé, hora de llegada, dieta del marido',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge', name: 'Julián', language: 'es' },
    turns: [
      // no-reask
      { say: 'buenas, tengo una reserva en el hotel para el puente de diciembre, localizador HX-5521', excludes: ['localizador?'], lang: 'es' },
      { say: 'somos dos adultos y un bebé de 8 meses, necesitaríamos cuna', lang: 'es' },
      { say: 'llegamos el viernes 6 por la noche, tarde, tipo a las 23h', lang: 'es' },
      { say: 'ah, y mi marido es celíaco, el desayuno tiene opciones sin gluten?', lang: 'es' },
      // correction
      { say: 'perdón, me equivoqué: el localizador es HX-5512', lang: 'es' },
      // recall after correction
      { say: 'qué localizador tienes anotado?', contains: ['HX-5512'], excludes: ['HX-5521'], lang: 'es' },
      // recall in other words (necesitaríamos → qué te pedí)
      { say: 'qué te pedí para el bebé?', contains: ['cuna'], lang: 'es' },
      // recall
      { say: 'y a qué hora llegamos?', contains: [['23', '11 de la noche', 'once de la noche']], lang: 'es' },
      // identity
      { say: 'quién me atiende?', contains: ['Julián'], lang: 'es' },
      // recall in other words (celíaco → qué le pasa con la comida)
      { say: 'qué le pasa a mi marido con la comida, te acuerdas?', contains: [['celíaco', 'celiaco', 'gluten']], lang: 'es' },
      { say: 'perfecto, muchas gracias', lang: 'es' },
    ],
  },
  {
    id: 'e-es-huerto',
    about: 'conversación larga con un asistente de huerto: ciudad, cultivos y síntoma antes del filler; la hierba corregida',
    service: 'entity',
    entity: {
      name: 'Verdín',
      purpose: 'Asistente de jardinería para huertos urbanos: aconseja sobre cultivos, riego y plagas, y recuerda el huerto de cada persona.',
    },
    endUser: { id: 'e-es-huerto-nacho', name: 'Nacho' },
    filler: { after: 2, count: 22, messages: FILLER_ES },
    turns: [
      { say: 'hola! tengo un huerto en el balcón en Zaragoza, da al sur y pega el sol toda la tarde', lang: 'es' },
      { say: 'planté tomates cherry y albahaca hace tres semanas', lang: 'es' },
      { say: 'los tomates tienen unas manchitas amarillas en las hojas de abajo, como si se quemaran', lang: 'es' },
      // recall after filler, in other words (tengo un huerto en → en qué ciudad)
      { say: 'vuelvo a lo mío: en qué ciudad está mi huerto?', contains: ['Zaragoza'], lang: 'es' },
      // recall
      { say: 'qué te dije que había plantado?', contains: ['tomate', 'albahaca'], lang: 'es' },
      // pronoun follow-up
      { say: 'y qué les pasa a los tomates?', contains: ['amarill'], lang: 'es' },
      // correction
      { say: 'ah no, espera, no es albahaca, es cilantro, me confundí de maceta', lang: 'es' },
      // recall after correction
      { say: 'qué hierba tengo plantada entonces?', contains: ['cilantro'], excludes: ['albahaca'], lang: 'es' },
      // recall
      { say: 'hacia dónde da el balcón?', contains: ['sur'], lang: 'es' },
      // identity
      { say: 'cómo te llamas?', contains: ['Verdín'], lang: 'es' },
      { say: 'gracias, majo', lang: 'es' },
    ],
  },
  {
    id: 'e-es-idiomas',
    about: 'tutora de inglés: examen y fecha, trabajo y destino; la fecha corregida; dominio y nombre',
    service: 'entity',
    entity: {
      name: 'Tomasa',
      purpose: 'Tutora de inglés para hispanohablantes: prepara a cada alumno para sus exámenes y recuerda su nivel y sus objetivos.',
    },
    endUser: { id: 'e-es-idiomas-valeria', name: 'Valeria' },
    turns: [
      { say: 'holaa, necesito aprobar el B2 de Cambridge, el examen es el 14 de junio', lang: 'es' },
      { say: 'trabajo de enfermera en Valencia y quiero irme a Irlanda', lang: 'es' },
      { say: 'lo que peor llevo es el listening, me pongo nerviosa', lang: 'es' },
      // recall
      { say: 'qué examen te dije que tengo?', contains: ['B2'], lang: 'es' },
      // pronoun follow-up
      { say: 'y cuándo es?', contains: ['14', 'junio'], lang: 'es' },
      // recall in other words (trabajo de → en qué trabajo)
      { say: 'de qué trabajo yo?', contains: ['enfermera'], lang: 'es' },
      // recall in other words (irme a → a qué país)
      { say: 'a qué país me quiero mudar?', contains: ['Irlanda'], lang: 'es' },
      // correction
      { say: 'uy no, perdón, me equivoqué de fecha: el examen es el 21 de junio', lang: 'es' },
      // recall after correction
      { say: 'entonces cuándo es el examen?', contains: ['21'], excludes: ['14 de junio'], lang: 'es' },
      // recall in other words (lo que peor llevo → punto débil)
      { say: 'cuál es mi punto débil?', contains: ['listening'], lang: 'es' },
      // identity
      { say: 'cómo te llamas, profe?', contains: ['Tomasa'], lang: 'es' },
      // domain
      { say: 'qué cosas puedes hacer por mí?', contains: [['inglés', 'examen', 'clase']], lang: 'es' },
      { say: 'bueno, me voy a estudiar, chao' },
    ],
  },

  // ───────────────────────────── Français ─────────────────────────────
  {
    id: 'e-fr-colis-abime',
    about: 'colis abîmé : commande dans une phrase puis corrigée avec "en fait", dégât décrit par la cliente, jour de disponibilité',
    service: 'messaging',
    agent: { soul_id: 'friendly-support', name: 'Camille', language: 'fr' },
    turns: [
      // no-reask
      {
        say: "bonjour, j'ai reçu ma commande 78-QT-220 mais le carton était complètement écrasé et la lampe est cassée",
        excludes: ['numéro de commande ?', 'numéro de commande?'],
        lang: 'fr',
      },
      { say: "le pied de la lampe est fendu en deux, et l'abat-jour est tout plié", lang: 'fr' },
      { say: "j'ai pris des photos si besoin", lang: 'fr' },
      { say: 'je suis dispo pour un renvoi jeudi prochain, je télétravaille ce jour-là', lang: 'fr' },
      // identity
      { say: "c'est qui au bout du fil, un robot ?", contains: ['Camille'], lang: 'fr' },
      // recall
      { say: 'vous pouvez me rappeler ma commande ?', contains: ['78-QT-220'], lang: 'fr' },
      // recall in other words (cassée → abîmé)
      { say: "et qu'est-ce qui était abîmé exactement ?", contains: ['lampe'], lang: 'fr' },
      // correction
      { say: "en fait je me suis trompée, c'est la commande 78-QT-202, l'autre c'était celle de ma sœur", lang: 'fr' },
      // recall after correction
      { say: "donc c'est quelle commande au final ?", contains: ['78-QT-202'], excludes: ['78-QT-220'], lang: 'fr' },
      // recall in other words (dispo → quel jour)
      { say: "quel jour j'ai dit que j'étais là ?", contains: ['jeudi'], lang: 'fr' },
      { say: 'merci beaucoup, bonne journée', lang: 'fr' },
    ],
  },
  {
    id: 'e-fr-forfait-mobile',
    about: 'forfait mobile : forfait actuel, numéro client, voyage, budget corrigé avec "en fait"',
    service: 'messaging',
    agent: { soul_id: 'sales-consultant', name: 'Hugo', language: 'fr' },
    turns: [
      { say: "salut, j'ai le forfait 20 Go et je voudrais passer à plus, je suis toujours à court de data", lang: 'fr' },
      // no-reask
      { say: "mon numéro client c'est CL-604118", excludes: ['numéro client ?', 'numéro client?'], lang: 'fr' },
      { say: 'je pars au Canada en août pour trois semaines, faut que ça marche là-bas', lang: 'fr' },
      { say: 'budget max 25 € par mois, pas plus', lang: 'fr' },
      // identity
      { say: "t'es qui toi ?", contains: ['Hugo'], lang: 'fr' },
      // recall
      { say: "j'ai quel forfait en ce moment ?", contains: [['20 Go', '20Go']], lang: 'fr' },
      // recall in other words (je pars au → je vais où)
      { say: 'je vais où cet été déjà ?', contains: ['Canada'], lang: 'fr' },
      // correction
      { say: "en fait mon budget c'est 30 €, j'ai demandé à ma copine", lang: 'fr' },
      // recall after correction
      { say: "c'est combien mon budget ?", contains: ['30'], excludes: ['25 €', '25€'], lang: 'fr' },
      // recall
      { say: "c'est quoi mon numéro client ?", contains: ['CL-604118'], lang: 'fr' },
      { say: 'ok je réfléchis, merci', lang: 'fr' },
    ],
  },
  {
    id: 'e-fr-cave-a-vin',
    about: 'longue conversation avec une caviste : dîner, épouse, plat et goûts avant le filler ; le jour corrigé',
    service: 'entity',
    entity: {
      name: 'Margaux',
      purpose: 'Caviste en ligne de La Cave du Coin : conseille des vins selon les plats et les goûts, et retient les préférences de chaque client.',
    },
    endUser: { id: 'e-fr-cave-a-vin-bastien', name: 'Bastien' },
    filler: { after: 2, count: 21, messages: FILLER_FR },
    turns: [
      { say: "bonsoir ! je fais un dîner samedi pour l'anniversaire de ma femme, Solène", lang: 'fr' },
      { say: "on mange un gigot d'agneau, et elle adore les vins de Loire", lang: 'fr' },
      { say: 'par contre moi je supporte pas le rosé, ça me donne mal à la tête', lang: 'fr' },
      // recall after filler, in other words (ma femme → c'est pour qui)
      { say: "bon, revenons au dîner : c'est l'anniversaire de qui déjà ?", contains: ['Solène'], lang: 'fr' },
      // recall
      { say: 'et on mange quoi ?', contains: [['agneau', 'gigot']], lang: 'fr' },
      // recall
      { say: 'elle aime quelle région ?', contains: ['Loire'], lang: 'fr' },
      // recall in other words (je supporte pas → quel vin j'évite)
      { say: "c'est quoi le vin que j'évite ?", contains: ['rosé'], lang: 'fr' },
      // correction
      { say: "en fait le dîner c'est vendredi, pas samedi, elle travaille samedi", lang: 'fr' },
      // recall after correction
      { say: "c'est quel jour le dîner ?", contains: ['vendredi'], excludes: ['samedi'], lang: 'fr' },
      // identity
      { say: "tu t'appelles comment ?", contains: ['Margaux'], lang: 'fr' },
      // domain
      { say: 'tu fais quoi exactement ?', contains: ['vin'], lang: 'fr' },
      { say: 'merci, à plus', lang: 'fr' },
    ],
  },
  {
    id: 'e-fr-atelier-velo',
    about: 'atelier vélo : bruit décrit par la cliente, modèle, trajet ; jour de dépôt corrigé avec "pardon, je me suis trompée"',
    service: 'entity',
    entity: {
      name: 'Gaston',
      purpose: 'Atelier de réparation de vélos Gaston Cycles : prend les rendez-vous, explique les réparations et se souvient du vélo de chaque client.',
    },
    endUser: { id: 'e-fr-atelier-velo-ines', name: 'Inès' },
    turns: [
      { say: "coucou, mon vélo fait un bruit de criquet à chaque tour de pédale, c'est un Peugeot LR01 vert", lang: 'fr' },
      { say: "je l'utilise tous les jours pour aller bosser à Villeurbanne", lang: 'fr' },
      { say: 'vous pouvez le prendre mardi ? je le dépose avant 9h', lang: 'fr' },
      // recall
      { say: "j'ai quel vélo, vous avez noté ?", contains: ['LR01'], lang: 'fr' },
      // pronoun follow-up, description in the user's words
      { say: 'et il fait quel bruit ?', contains: ['criquet'], lang: 'fr' },
      // recall in other words (aller bosser → où je vais avec)
      { say: "je m'en sers pour aller où ?", contains: ['Villeurbanne'], lang: 'fr' },
      // correction
      { say: "pardon, je me suis trompée, c'est mercredi que je peux le déposer, pas mardi", lang: 'fr' },
      // recall after correction
      { say: "du coup c'est quel jour le dépôt ?", contains: ['mercredi'], excludes: ['mardi'], lang: 'fr' },
      // identity
      { say: 'vous êtes qui ?', contains: ['Gaston'], lang: 'fr' },
      // domain
      { say: 'vous faites quoi à part les réparations ?', contains: [['vélo', 'velo', 'cycle']], lang: 'fr' },
      { say: 'ok super, merci !', lang: 'fr' },
    ],
  },
];
