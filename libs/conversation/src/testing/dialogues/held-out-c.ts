import type { Dialogue } from './types';

/**
 * Held-out set C: a frozen evaluation set for the conversational reply engine.
 *
 * Written on 2026-11-27 by the `conv-heldout` helper session, as an outside tester: WITHOUT reading the
 * engine's source (libs/conversation/src/lib/), the tuned suite, the earlier held-out suites or the
 * apps' dialogue tests. Only the Dialogue format (types.ts), the check rules (score.ts), the souls table
 * in libs/conversation/README.md and the public API descriptions were read.
 *
 * FROZEN: never tune the engine on this set, never edit a dialogue to make it pass. If a check turns out
 * to be unfair (a good human agent could fail it), remove that check in a commit that says why; do not
 * rewrite it to fit the engine's wording.
 *
 * Ids are `c-<language>-<topic>`: the language the user writes in. Each turn carries a comment naming
 * what it checks: recall (a remembered detail), correction (the corrected value is taken), recall after
 * correction (new value present, old value absent), no-reask (a detail just given is not asked for again),
 * confirm (a detail just given is acknowledged), identity (the agent names itself, not the user), domain
 * (it speaks from its purpose), lang (only the reply's language is checked).
 */
export const HELD_OUT_C_DIALOGUES: Dialogue[] = [
  // ───────────────────────────── English ─────────────────────────────
  {
    id: 'c-en-bookstore-missing-parcel',
    about: 'bookstore customer care: order number correction, e-mail, city and books given in passing',
    service: 'entity',
    entity: {
      name: 'Quill',
      purpose: 'Customer care for Pageturner Books, an online bookstore: orders, deliveries, returns and book recommendations.',
    },
    endUser: { id: 'c-en-marta', name: 'Marta' },
    turns: [
      { say: 'hi there, hope ur having a good day', lang: 'en' }, // lang
      {
        say: 'so i ordered two books last week, the illustrated hobbit and a vegan cookbook, order number is PB-40917. tracking says delivered but nothing arrived at my flat in leeds',
        excludes: ['order number?', 'what is your order number', "what's your order number", 'share your order number'],
        lang: 'en',
      }, // no-reask
      {
        say: 'my email is marta.k@fastmail.co.uk if you need it',
        excludes: ['email?', 'e-mail?', 'email address?', 'what is your email', "what's your email"],
        lang: 'en',
      }, // no-reask
      { say: 'btw do you guys sell gift cards? my mum loves reading', contains: [['gift card', 'gift-card', 'giftcard', 'voucher']], lang: 'en' }, // domain
      { say: 'what order number did i give you?', contains: ['PB-40917'], lang: 'en' }, // recall
      { say: 'and remind me what i ordered', contains: [['hobbit']], lang: 'en' }, // recall
      { say: 'sorry, the order number is actually PB-40971, i mixed up the last digits', contains: ['PB-40971'], lang: 'en' }, // correction
      { say: "ok so what's the order number you have now?", contains: ['PB-40971'], excludes: ['PB-40917'], lang: 'en' }, // recall after correction
      { say: 'where did i say i live?', contains: ['Leeds'], lang: 'en' }, // recall
      { say: 'who am i talking to btw?', contains: ['Quill'], excludes: ['you are marta', "you're marta", 'your name is marta'], lang: 'en' }, // identity
      { say: "and what's my email again", contains: ['marta.k@fastmail.co.uk'], lang: 'en' }, // recall
      {
        say: 'what can you actually do about a parcel that never showed up?',
        contains: [['order', 'parcel', 'delivery', 'package', 'refund', 'replacement']],
        lang: 'en',
      }, // domain
      { say: 'thanks, talk later' },
    ],
  },
  {
    id: 'c-en-mealkit-long',
    about: 'warm support, long conversation: allergy, subscription code correction and delivery day recalled after many messages',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    filler: {
      after: 3,
      count: 30,
      messages: [
        'haha yeah',
        'ugh, it is raining again here',
        'hold on, making coffee',
        'my neighbour is drilling the wall again lol',
        'anyway',
        'ok',
        'do you ever get tired of answering people?',
        'sorry, got distracted by a video',
        'lol',
        'back',
      ],
    },
    turns: [
      { say: 'heyy' },
      {
        say: 'im priya, been a customer for like 2 yrs. quick thing - im allergic to peanuts and my last box had a satay sauce in it 😬 not great',
        excludes: ['what is your name', "what's your name", 'may i have your name'],
        lang: 'en',
      }, // no-reask
      {
        say: 'my subscription code is MK-7781',
        excludes: ['subscription code?', 'what is your code', "what's your code", 'your code?'],
        lang: 'en',
      }, // no-reask
      { say: 'also can you move my deliveries to thursdays? i work from home that day so someone is in', lang: 'en' }, // lang
      { say: 'ok back to business. what am i allergic to, do you remember?', contains: ['peanut'], lang: 'en' }, // recall
      { say: 'whats my subscription code', contains: ['MK-7781'], lang: 'en' }, // recall
      { say: 'which day did i ask for deliveries?', contains: ['Thursday'], lang: 'en' }, // recall
      { say: 'and my name?', contains: ['Priya'], lang: 'en' }, // recall
      { say: "what's your name by the way", contains: ['Sunny'], excludes: ['your name is priya', 'you are priya', "you're priya"], lang: 'en' }, // identity
      { say: 'oops, actually my code is MK-7718 not MK-7781, sorry, looked at the wrong email', contains: ['MK-7718'], lang: 'en' }, // correction
      { say: 'so the code you have on file is..?', contains: ['MK-7718'], excludes: ['MK-7781'], lang: 'en' }, // recall after correction
      { say: 'what was wrong with my last box, can you remind me?', contains: [['satay', 'peanut']], lang: 'en' }, // recall
    ],
  },
  {
    id: 'c-en-airline-cork',
    about: 'airline: destination corrected in passing, booking reference, seat preference, companion',
    service: 'entity',
    entity: {
      name: 'Aria',
      purpose: 'Customer service assistant for Northwind Airlines: bookings, baggage, seat changes, delays and refunds.',
    },
    endUser: { id: 'c-en-tom', name: 'Tom' },
    turns: [
      { say: 'hello, i need some help with a booking please', lang: 'en' }, // lang
      {
        say: "booking ref QX7PLM, it's me and my daughter flying boston to dublin on the 3rd of march",
        excludes: ['booking reference?', 'booking ref?', 'what is your booking reference', "what's your booking reference", 'your reference?'],
        lang: 'en',
      }, // no-reask
      { say: "sorry i meant Cork, not dublin. dublin was last year's trip lol", contains: ['Cork'], lang: 'en' }, // correction
      { say: 'can i pick an aisle seat? i always go aisle, long legs', contains: [['seat', 'aisle']], lang: 'en' }, // domain
      { say: "what's ireland like in march anyway, will it be freezing?", lang: 'en' }, // lang
      { say: 'ok so remind me, where am i flying to?', contains: ['Cork'], excludes: ['Dublin'], lang: 'en' }, // recall after correction
      { say: 'and from where?', contains: ['Boston'], lang: 'en' }, // recall
      { say: 'what was my booking reference?', contains: ['QX7PLM'], lang: 'en' }, // recall
      { say: "who's travelling with me, did i tell you?", contains: ['daughter'], lang: 'en' }, // recall
      { say: 'which seat did i say i like?', contains: ['aisle'], lang: 'en' }, // recall
      { say: 'are you a person or a bot? what should i call you', contains: ['Aria'], excludes: ['you are tom', 'your name is tom'], lang: 'en' }, // identity
      { say: 'what do you help with exactly?', contains: [['flight', 'booking', 'baggage', 'luggage', 'seat', 'refund']], lang: 'en' }, // domain
      { say: "when's my flight again?", contains: [['march 3', '3rd of march', '3 march', '3rd march', 'march 3rd', '03/03', '3/3']], lang: 'en' }, // recall
    ],
  },
  {
    id: 'c-en-helpdesk-vpn',
    about: 'software helpdesk: error code, OS correction, laptop model, ticket number',
    service: 'messaging',
    agent: { soul_id: 'technical-helper', name: 'Nova' },
    turns: [
      {
        say: "hi nova, my vpn keeps dropping every 10 min since yesterday's update, error 809 every time",
        excludes: ['what error', 'which error', 'error code?'],
        lang: 'en',
      }, // no-reask
      { say: 'laptop is a thinkpad t14, running windows 10', lang: 'en' }, // lang
      { say: "correction: it's windows 11, not 10. IT upgraded it last month", contains: ['Windows 11'], lang: 'en' }, // correction
      {
        say: 'my ticket number from last week is HD-22671 if that helps',
        excludes: ['ticket number?', 'what is your ticket', "what's your ticket"],
        lang: 'en',
      }, // no-reask
      { say: "my colleague says it's the firewall, is that even a thing?", contains: ['firewall'], lang: 'en' }, // domain
      { say: 'what error code did i mention?', contains: ['809'], lang: 'en' }, // recall
      { say: 'which os am i on again', contains: ['Windows 11'], excludes: ['Windows 10'], lang: 'en' }, // recall after correction
      { say: 'what laptop do i have', contains: [['thinkpad', 't14']], lang: 'en' }, // recall
      { say: "what's your name?", contains: ['Nova'], lang: 'en' }, // identity
      { say: 'remind me my ticket number', contains: ['HD-22671'], lang: 'en' }, // recall
      { say: 'how often does it drop, did i tell you?', contains: [['10 min', 'ten min', 'every 10']], lang: 'en' }, // recall
      { say: 'ok thanks nova, gonna grab lunch' },
    ],
  },
  {
    id: 'c-en-study-calculus-long',
    about: 'study companion (teacher soul), long conversation: exam date correction, weak topic, textbook, name',
    service: 'messaging',
    agent: { soul_id: 'patient-teacher' },
    filler: {
      after: 3,
      count: 24,
      messages: [
        'ok',
        'hmm let me think',
        'wait my phone is dying, brb',
        'back',
        'lol sorry',
        'my roommate is playing music really loud',
        'yeah',
        'honestly i should sleep more',
      ],
    },
    turns: [
      { say: 'hi ms hart! can u help me study? im leo btw', lang: 'en' }, // lang
      { say: "i have a calculus exam on december 14th and i'm honestly terrible at integration by parts", lang: 'en' }, // lang
      { say: 'we use the stewart textbook, 8th edition', lang: 'en' }, // lang
      { say: 'oh wait, sorry, i meant december 16th. the 14th is my physics lab', contains: ['16'], lang: 'en' }, // correction
      { say: "when's my calculus exam again?", contains: ['16'], excludes: ['december 14', 'dec 14', '14 december', '14th of december'], lang: 'en' }, // recall after correction
      { say: 'which topic did i say i struggle with?', contains: ['integration by parts'], lang: 'en' }, // recall
      { say: 'what book are we using', contains: ['Stewart'], lang: 'en' }, // recall
      { say: "what's on the 14th then?", contains: ['physics'], lang: 'en' }, // recall
      { say: 'can you give me one practice problem?', lang: 'en' }, // lang
      { say: 'what is your name again?', contains: ['Hart'], excludes: ['your name is leo', 'you are leo'], lang: 'en' }, // identity
      { say: 'do you remember my name?', contains: ['Leo'], lang: 'en' }, // recall
      { say: 'thanks!! see u tomorrow' },
    ],
  },
  {
    id: 'c-en-companion-sax',
    about: 'playful companion (pt-BR soul) talked to in English: job, cat, favourite musician, city correction',
    service: 'messaging',
    agent: { soul_id: 'playful-companion' },
    turns: [
      { say: "hiii pipoca, i'm sam 👋", lang: 'en' }, // lang
      { say: 'long day. i teach music at a middle school, saxophone mostly, and the kids were wild today', lang: 'en' }, // lang
      { say: 'my cat mochi knocked my coffee onto my sheet music this morning lol', lang: 'en' }, // lang
      { say: "do you like jazz? i'm kind of obsessed with coltrane", lang: 'en' }, // lang
      { say: 'i live in new orleans, the jazz here is unreal', lang: 'en' }, // lang
      { say: 'sorry, i meant baton rouge, i moved out of new orleans in the spring', contains: ['Baton Rouge'], lang: 'en' }, // correction
      { say: "what's my cat called again? testing you haha", contains: ['Mochi'], lang: 'en' }, // recall
      { say: 'where do i live now?', contains: ['Baton Rouge'], excludes: ['New Orleans'], lang: 'en' }, // recall after correction
      { say: 'what instrument do i teach?', contains: [['saxophone', 'sax']], lang: 'en' }, // recall
      { say: "who's my favourite musician?", contains: ['Coltrane'], lang: 'en' }, // recall
      { say: "and what's your name, silly?", contains: ['Pipoca'], excludes: ['your name is sam', "you're sam", 'you are sam'], lang: 'en' }, // identity
      { say: 'what do i do for a living, do you remember?', contains: [['teach', 'music']], lang: 'en' }, // recall
    ],
  },

  // ───────────────────────────── Português (Brasil) ─────────────────────────────
  {
    id: 'c-pt-loja-tenis',
    about: 'suporte de loja: tamanho errado, número do pedido corrigido, e-mail, cidade',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    turns: [
      { say: 'oi lia, boa tarde', lang: 'pt' }, // lang
      {
        say: 'comprei um tenis ai no site semana passada e veio o tamanho errado, pedi 42 e veio 40. o pedido é 70452-K',
        excludes: ['numero do pedido?', 'qual o numero do pedido', 'qual e o numero do pedido', 'informar o numero do pedido'],
        lang: 'pt',
      }, // no-reask
      {
        say: 'meu email é ju.ramos@uol.com.br',
        excludes: ['seu e-mail?', 'seu email?', 'qual o seu e-mail', 'qual e o seu e-mail', 'qual seu email', 'qual o seu email'],
        lang: 'pt',
      }, // no-reask
      { say: 'correção: o pedido é 70425-K, inverti os numeros', contains: ['70425-K'], lang: 'pt' }, // correction
      { say: 'moro em curitiba, vcs tem loja fisica aqui?', lang: 'pt' }, // lang
      { say: 'qual número de pedido vc anotou?', contains: ['70425-K'], excludes: ['70452-K'], lang: 'pt' }, // recall after correction
      { say: 'me lembra qual tamanho eu pedi e qual veio', contains: ['42', '40'], lang: 'pt' }, // recall
      { say: 'onde eu falei que moro?', contains: ['Curitiba'], lang: 'pt' }, // recall
      { say: 'com quem eu falo?', contains: ['Lia'], excludes: ['voce e a ju', 'seu nome e ju'], lang: 'pt' }, // identity
      { say: 'qual email eu te passei msm?', contains: ['ju.ramos@uol.com.br'], lang: 'pt' }, // recall
      { say: 'kkkk vc é rápida hein', lang: 'pt' }, // lang
      { say: 'o que eu comprei mesmo?', contains: ['tenis'], lang: 'pt' }, // recall
    ],
  },
  {
    id: 'c-pt-clinica-longa',
    about: 'recepção de clínica, conversa longa: convênio corrigido, carteirinha, alergia, especialidade, horário',
    service: 'entity',
    entity: {
      name: 'Bia',
      purpose: 'Recepcionista da Clínica Vida Plena: agenda consultas, confirma horários, informa os convênios aceitos e o preparo para exames.',
    },
    endUser: { id: 'c-pt-roberto', name: 'Roberto' },
    filler: {
      after: 3,
      count: 26,
      messages: [
        'tá bom',
        'hoje tá um calor danado aqui',
        'to no trabalho agora, respondo aos poucos',
        'rs',
        'espera um pouco',
        'voltei',
        'minha filha tá me chamando aqui, já volto',
        'ok',
        'entendi',
      ],
    },
    turns: [
      { say: 'bom dia, queria marcar uma consulta', contains: [['consulta', 'agendar', 'agendamento', 'horario']], lang: 'pt' }, // domain
      {
        say: 'é com dermatologista. meu convenio é unimed, carteirinha 4471-0093',
        excludes: ['qual o seu convenio', 'qual e o seu convenio', 'qual seu convenio', 'numero da carteirinha?', 'qual a sua carteirinha'],
        lang: 'pt',
      }, // no-reask
      { say: 'ah e sou alérgico a dipirona, sempre aviso', lang: 'pt' }, // lang
      { say: 'me enganei, o convênio é amil, não unimed. troquei esse ano', contains: ['Amil'], lang: 'pt' }, // correction
      { say: 'então, qual convênio eu te falei?', contains: ['Amil'], excludes: ['Unimed'], lang: 'pt' }, // recall after correction
      { say: 'qual o número da minha carteirinha?', contains: ['4471-0093'], lang: 'pt' }, // recall
      { say: 'e do que eu sou alérgico mesmo?', contains: ['dipirona'], lang: 'pt' }, // recall
      { say: 'prefiro de manhã, antes das 10 se der', lang: 'pt' }, // lang
      { say: 'com qual especialidade eu quero marcar?', contains: ['dermatolog'], lang: 'pt' }, // recall
      { say: 'qual é o seu nome?', contains: ['Bia'], excludes: ['seu nome e roberto', 'voce e o roberto'], lang: 'pt' }, // identity
      { say: 'que horário eu disse que prefiro?', contains: [['manha', 'antes das 10']], lang: 'pt' }, // recall
      { say: 'vocês fazem exame de sangue aí?', contains: [['exame', 'exames', 'coleta']], lang: 'pt' }, // domain
    ],
  },
  {
    id: 'c-pt-desabafo-enfermeira',
    about: 'ouvinte empática: profissão, cidade, cachorro, problema de sono em palavras próprias, dia da cirurgia corrigido',
    service: 'messaging',
    agent: { soul_id: 'empathetic-listener' },
    turns: [
      { say: 'oi clara... dia difícil hoje', lang: 'pt' }, // lang
      { say: 'sou enfermeira, faço plantão noturno aqui em recife, e desde que mudei de hospital não consigo dormir direito', lang: 'pt' }, // lang
      { say: 'minha mãe vai operar o joelho na quinta e eu to preocupada', lang: 'pt' }, // lang
      { say: 'desculpa, falei errado: a cirurgia é na sexta, não na quinta', contains: ['sexta'], lang: 'pt' }, // correction
      { say: 'pelo menos o thor, meu cachorro, não sai do meu lado kkk', lang: 'pt' }, // lang
      { say: 'vc gosta de cachorro?', lang: 'pt' }, // lang
      { say: 'lembra o nome do meu cachorro?', contains: ['Thor'], lang: 'pt' }, // recall
      { say: 'quando é a cirurgia da minha mãe mesmo?', contains: ['sexta'], excludes: ['quinta'], lang: 'pt' }, // recall after correction
      { say: 'e o que que eu te contei que tá me tirando o sono?', contains: [['dormir', 'sono', 'hospital', 'plantao']], lang: 'pt' }, // recall
      { say: 'em que cidade eu falei que moro?', contains: ['Recife'], lang: 'pt' }, // recall
      { say: 'qual é a minha profissão?', contains: ['enfermeira'], lang: 'pt' }, // recall
      { say: 'e você, quem é? com quem eu tô falando?', contains: ['Clara'], lang: 'pt' }, // identity
    ],
  },
  {
    id: 'c-pt-nota-fiscal',
    about: 'suporte técnico: código de erro corrigido, empresa, CNPJ, e-mail, navegador',
    service: 'messaging',
    agent: { soul_id: 'assistente-tecnico' },
    turns: [
      { say: 'bom dia téo, to com problema pra emitir nota fiscal, dá erro 503 toda hora', lang: 'pt' }, // lang
      {
        say: 'a empresa é a padaria pão quente, cnpj 12.345.678/0001-90',
        excludes: ['qual o cnpj', 'qual e o cnpj', 'informe o cnpj', 'seu cnpj?', 'qual o seu cnpj'],
        lang: 'pt',
      }, // no-reask
      { say: 'na verdade o erro é 502, não 503, olhei agora no print', contains: ['502'], lang: 'pt' }, // correction
      { say: 'uso o chrome no windows 10', lang: 'pt' }, // lang
      { say: 'vc sabe se o sistema ta fora do ar hoje?', lang: 'pt' }, // lang
      { say: 'qual erro eu te falei que aparece?', contains: ['502'], excludes: ['503'], lang: 'pt' }, // recall after correction
      { say: 'qual o nome da minha empresa?', contains: ['pao quente'], lang: 'pt' }, // recall
      {
        say: 'manda o protocolo pro email financeiro@paoquente.com.br por favor',
        excludes: ['qual o seu e-mail', 'qual o seu email', 'seu e-mail?', 'seu email?', 'qual e o seu e-mail'],
        lang: 'pt',
      }, // no-reask
      { say: 'qual email eu te passei?', contains: ['financeiro@paoquente.com.br'], lang: 'pt' }, // recall
      { say: 'qual navegador eu uso?', contains: ['Chrome'], lang: 'pt' }, // recall
      { say: 'qual o cnpj que eu te mandei', contains: [['12.345.678/0001-90', '12345678000190']], lang: 'pt' }, // recall
      { say: 'quem é vc?', contains: ['Teo'], lang: 'pt' }, // identity
    ],
  },
  {
    id: 'c-pt-notebook-orcamento',
    about: 'consultor de vendas: orçamento corrigido, uso, programa, cidade, tela',
    service: 'messaging',
    agent: { soul_id: 'sales-consultant' },
    turns: [
      { say: 'opa, tudo bem? to procurando um notebook', lang: 'pt' }, // lang
      {
        say: 'é pra edição de vídeo, uso premiere, e meu orçamento é até 4.500',
        excludes: ['qual o seu orcamento', 'qual e o seu orcamento', 'quanto pretende gastar', 'quanto voce pretende investir', 'qual seu orcamento'],
        lang: 'pt',
      }, // no-reask
      { say: 'corrigindo: meu orçamento é até 5 mil, não 4.500', contains: [['5 mil', '5.000', '5000', 'cinco mil']], lang: 'pt' }, // correction
      { say: 'moro em bh, vcs entregam aqui?', lang: 'pt' }, // lang
      { say: 'tenho preferência por tela de 15 polegadas ou mais', lang: 'pt' }, // lang
      { say: 'qual é meu orçamento mesmo?', contains: [['5 mil', '5.000', '5000', 'cinco mil']], excludes: ['4.500', '4500'], lang: 'pt' }, // recall after correction
      { say: 'pra que eu falei que vou usar o notebook?', contains: [['edicao de video', 'editar video', 'edicao de videos', 'premiere']], lang: 'pt' }, // recall
      { say: 'qual programa eu uso?', contains: ['Premiere'], lang: 'pt' }, // recall
      { say: 'onde eu moro?', contains: [['bh', 'belo horizonte']], lang: 'pt' }, // recall
      { say: 'qual o tamanho de tela que eu prefiro?', contains: ['15'], lang: 'pt' }, // recall
      { say: 'vc é quem? qual seu nome?', contains: ['Rafael'], lang: 'pt' }, // identity
      { say: 'tem alguma promoção essa semana?', contains: [['notebook', 'promoc', 'oferta', 'desconto']], lang: 'pt' }, // domain
    ],
  },

  // ───────────────────────────── Español ─────────────────────────────
  {
    id: 'c-es-aerolinea-maleta',
    about: 'aerolínea: maleta perdida, localizador corregido, vuelo, correo, origen',
    service: 'entity',
    entity: {
      name: 'Valeria',
      purpose: 'Atención al cliente de la aerolínea Vuela Sur: reservas, equipaje, cambios de vuelo y reclamos.',
    },
    endUser: { id: 'c-es-camila', name: 'Camila' },
    turns: [
      { say: 'hola buenas, tengo un problema con mi maleta', lang: 'es' }, // lang
      {
        say: 'volé de madrid a bogotá ayer en el vuelo VS 318 y mi maleta no llegó. es una maleta roja grande con una cinta amarilla',
        excludes: ['numero de vuelo?', 'cual es su numero de vuelo', 'cual es tu numero de vuelo', 'en que vuelo viajo'],
        lang: 'es',
      }, // no-reask
      { say: 'mi localizador es ABX92K', excludes: ['localizador?', 'cual es su localizador', 'cual es tu localizador'], lang: 'es' }, // no-reask
      { say: 'perdón, me equivoqué: el localizador es ABX29K', contains: ['ABX29K'], lang: 'es' }, // correction
      {
        say: 'mi correo es camila.ortiz@gmail.com por si me escriben',
        excludes: ['su correo?', 'tu correo?', 'cual es su correo', 'cual es tu correo', 'correo electronico?'],
        lang: 'es',
      }, // no-reask
      { say: '¿cuál es el localizador que tienes?', contains: ['ABX29K'], excludes: ['ABX92K'], lang: 'es' }, // recall after correction
      { say: '¿de qué color es mi maleta, te acuerdas?', contains: [['roja', 'rojo']], lang: 'es' }, // recall
      { say: '¿y en qué vuelo venía?', contains: [['VS 318', 'VS318']], lang: 'es' }, // recall
      { say: '¿con quién hablo?', contains: ['Valeria'], excludes: ['usted es camila', 'tu eres camila', 'te llamas camila'], lang: 'es' }, // identity
      { say: '¿a qué correo me van a escribir?', contains: ['camila.ortiz@gmail.com'], lang: 'es' }, // recall
      { say: '¿qué más puedes hacer por mí además de lo de la maleta?', contains: [['vuelo', 'reserva', 'equipaje', 'cambio', 'reclamo']], lang: 'es' }, // domain
      { say: '¿desde dónde volaba yo?', contains: ['Madrid'], lang: 'es' }, // recall
    ],
  },
  {
    id: 'c-es-conserje-aniversario',
    about: 'conserje formal en español: habitación corregida, alergia de la esposa, aniversario, hora de salida',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge', name: 'Ignacio', language: 'es' },
    turns: [
      { say: 'buenas noches', lang: 'es' }, // lang
      {
        say: 'soy Andrés Fuentes, estoy alojado en la habitación 512 con mi esposa, es nuestro aniversario de bodas',
        excludes: ['cual es su nombre', 'como se llama usted', 'su nombre?'],
        lang: 'es',
      }, // no-reask
      { say: 'no, perdón, la habitación es la 521', contains: ['521'], lang: 'es' }, // correction
      { say: 'mi esposa es alérgica a los frutos secos, por favor ténganlo en cuenta para la cena', lang: 'es' }, // lang
      { say: '¿me recomienda algún restaurante tranquilo cerca del hotel?', lang: 'es' }, // lang
      { say: '¿en qué habitación le dije que estamos?', contains: ['521'], excludes: ['512'], lang: 'es' }, // recall after correction
      { say: '¿a qué es alérgica mi esposa?', contains: [['frutos secos', 'nueces']], lang: 'es' }, // recall
      { say: '¿qué celebramos, se acuerda?', contains: ['aniversario'], lang: 'es' }, // recall
      { say: '¿cómo se llama usted?', contains: ['Ignacio'], excludes: ['usted es andres', 'se llama andres'], lang: 'es' }, // identity
      { say: '¿y cómo me llamo yo?', contains: ['Andres'], lang: 'es' }, // recall
      { say: 'queremos salir temprano el domingo, a las 7, ¿nos pueden pedir un taxi?', lang: 'es' }, // lang
      { say: '¿a qué hora le dije que salimos?', contains: [['7', 'siete']], lang: 'es' }, // recall
    ],
  },
  {
    id: 'c-es-estudio-larga',
    about: 'compañera de estudio, conversación larga: día del examen corregido, tema, materia, horario, ciudad',
    service: 'entity',
    entity: {
      name: 'Lupe',
      purpose: 'Compañera de estudio para estudiantes de bachillerato: organiza el repaso, hace preguntas de práctica y ayuda a no procrastinar.',
    },
    endUser: { id: 'c-es-mateo', name: 'Mateo' },
    filler: {
      after: 3,
      count: 25,
      messages: ['jaja sí', 'espera que me llama mi mamá', 'ya volví', 'qué flojera hoy', 'ok', 'sí sí', 'mmm no sé', 'perdón, estaba viendo el celular'],
    },
    turns: [
      { say: 'holaa lupe, necesito ayuda para estudiar', lang: 'es' }, // lang
      { say: 'tengo examen de historia el martes sobre la revolución mexicana y no he estudiado nada jaja', lang: 'es' }, // lang
      { say: 'perdón, me equivoqué, el examen es el jueves, no el martes', contains: ['jueves'], lang: 'es' }, // correction
      { say: 'yo estudio mejor de noche, después de las 9', lang: 'es' }, // lang
      { say: '¿cuándo es mi examen?', contains: ['jueves'], excludes: ['martes'], lang: 'es' }, // recall after correction
      { say: '¿de qué tema era?', contains: ['revolucion mexicana'], lang: 'es' }, // recall
      { say: '¿y de qué materia?', contains: ['historia'], lang: 'es' }, // recall
      { say: '¿a qué hora te dije que estudio mejor?', contains: [['noche', '9', 'nueve']], lang: 'es' }, // recall
      { say: 'vivo en guadalajara, ¿conoces alguna biblioteca buena para estudiar?', lang: 'es' }, // lang
      { say: '¿dónde dije que vivo?', contains: ['Guadalajara'], lang: 'es' }, // recall
      { say: '¿cómo te llamas tú?', contains: ['Lupe'], excludes: ['te llamas mateo', 'tu eres mateo'], lang: 'es' }, // identity
      { say: 'hazme una pregunta de práctica del tema', contains: [['revolucion', 'madero', 'villa', 'zapata', '1910', 'porfirio', 'carranza']], lang: 'es' }, // domain
    ],
  },
  {
    id: 'c-es-auriculares',
    about: 'soporte (alma en inglés) con cliente en español: pedido, correo corregido, falla, ciudad',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [
      { say: 'hola, buenas tardes, tengo un problema con un pedido', lang: 'es' }, // lang
      {
        say: 'compré unos auriculares inalámbricos hace dos semanas y el lado izquierdo ya no suena. pedido 55-33871',
        excludes: ['numero de pedido?', 'cual es su numero de pedido', 'cual es tu numero de pedido'],
        lang: 'es',
      }, // no-reask
      { say: 'mi correo es lucia.m@protonmail.com', excludes: ['su correo?', 'tu correo?', 'cual es su correo', 'cual es tu correo'], lang: 'es' }, // no-reask
      { say: 'corrijo: mi correo es lucia.m@proton.me, el otro ya no lo uso', contains: ['lucia.m@proton.me'], lang: 'es' }, // correction
      { say: '¿cuánto tarda normalmente un cambio?', lang: 'es' }, // lang
      { say: '¿qué correo tienes mío?', contains: ['lucia.m@proton.me'], excludes: ['protonmail'], lang: 'es' }, // recall after correction
      { say: 'recuérdame el número de pedido', contains: ['55-33871'], lang: 'es' }, // recall
      { say: '¿qué te dije que le pasaba a los auriculares?', contains: ['izquierdo'], lang: 'es' }, // recall
      { say: '¿cómo te llamas?', contains: ['Sunny'], lang: 'es' }, // identity
      { say: 'ah, y vivo en valencia, por si hay que pasar a recogerlos', lang: 'es' }, // lang
      { say: '¿dónde te dije que vivo?', contains: ['Valencia'], lang: 'es' }, // recall
      { say: '¿qué producto compré, te acuerdas?', contains: [['auriculares', 'cascos']], lang: 'es' }, // recall
    ],
  },

  // ───────────────────────────── Français ─────────────────────────────
  {
    id: 'c-fr-librairie-commande',
    about: 'service client de librairie : numéro de commande corrigé, livres, livre abîmé, ville, e-mail',
    service: 'entity',
    entity: {
      name: 'Élise',
      purpose: 'Service client de la librairie en ligne Le Marque-Page : commandes de livres, livraisons, retours et conseils de lecture.',
    },
    endUser: { id: 'c-fr-claire', name: 'Claire' },
    turns: [
      { say: "bonjour, j'ai un souci avec ma commande", lang: 'fr' }, // lang
      {
        say: "j'ai commandé L'Étranger de Camus et Le Petit Prince, numéro de commande LMP-66120, et le Petit Prince est arrivé avec la couverture déchirée",
        excludes: ['numero de commande ?', 'numero de commande?', 'quel est votre numero de commande'],
        lang: 'fr',
      }, // no-reask
      { say: "pardon, je me suis trompée : c'est LMP-66102, pas LMP-66120", contains: ['LMP-66102'], lang: 'fr' }, // correction
      {
        say: "mon mail c'est claire.dubois@orange.fr",
        excludes: [
          'votre e-mail ?',
          'votre email ?',
          'votre e-mail?',
          'votre email?',
          'quel est votre e-mail',
          'quelle est votre adresse e-mail',
          'adresse e-mail ?',
        ],
        lang: 'fr',
      }, // no-reask
      { say: 'vous avez des recommandations de polars ?', contains: [['livre', 'roman', 'polar', 'lecture', 'auteur']], lang: 'fr' }, // domain
      { say: 'quel numéro de commande vous avez noté ?', contains: ['LMP-66102'], excludes: ['LMP-66120'], lang: 'fr' }, // recall after correction
      { say: "rappelez-moi ce que j'ai commandé", contains: ['Etranger', 'Petit Prince'], lang: 'fr' }, // recall
      { say: 'quel livre est arrivé abîmé ?', contains: ['Petit Prince'], lang: 'fr' }, // recall
      { say: "j'habite à lyon, vous livrez en point relais ?", lang: 'fr' }, // lang
      { say: "où est-ce que j'ai dit que j'habite ?", contains: ['Lyon'], lang: 'fr' }, // recall
      {
        say: "c'est qui, au fait, à l'autre bout ? vous vous appelez comment ?",
        contains: ['Elise'],
        excludes: ['vous etes claire', 'vous vous appelez claire'],
        lang: 'fr',
      }, // identity
      { say: 'et quelle adresse mail je vous ai donnée ?', contains: ['claire.dubois@orange.fr'], lang: 'fr' }, // recall
    ],
  },
  {
    id: 'c-fr-cabinet-medical-long',
    about: 'accueil de cabinet médical, conversation longue : jour corrigé, médecin, motif, dossier, allergie',
    service: 'entity',
    entity: {
      name: 'Margaux',
      purpose: 'Accueil du cabinet médical des Tilleuls : prise de rendez-vous, rappels, documents à apporter et informations pratiques.',
    },
    endUser: { id: 'c-fr-julien', name: 'Julien' },
    filler: {
      after: 4,
      count: 25,
      messages: [
        "d'accord",
        "il fait un froid de canard aujourd'hui",
        'je suis au bureau là, je réponds entre deux réunions',
        'attendez deux minutes',
        'me revoilà',
        'ok merci',
        "mon chef m'appelle, je reviens",
        'oui oui',
      ],
    },
    turns: [
      { say: 'bonjour, je voudrais prendre rendez-vous avec le docteur lemaire', contains: [['rendez-vous', 'rdv', 'creneau', 'disponib']], lang: 'fr' }, // domain
      { say: "j'ai mal au bas du dos depuis trois semaines, ça me réveille la nuit", lang: 'fr' }, // lang
      {
        say: "mon numéro de dossier chez vous c'est 7741-TR",
        excludes: ['numero de dossier ?', 'numero de dossier?', 'quel est votre numero de dossier'],
        lang: 'fr',
      }, // no-reask
      { say: 'je suis dispo le mardi après-midi seulement', lang: 'fr' }, // lang
      { say: "ah non je me suis trompé, c'est le jeudi après-midi, pas le mardi", contains: ['jeudi'], lang: 'fr' }, // correction
      { say: "au fait je suis allergique à la pénicilline, c'est noté ?", contains: ['penicilline'], lang: 'fr' }, // confirm
      { say: "quel jour je vous ai dit que j'étais disponible ?", contains: ['jeudi'], excludes: ['mardi'], lang: 'fr' }, // recall after correction
      { say: 'avec quel médecin je voulais le rendez-vous ?', contains: ['Lemaire'], lang: 'fr' }, // recall
      {
        say: 'vous vous rappelez pourquoi je consulte ?',
        contains: [['mal au dos', 'bas du dos', 'douleur au dos', 'douleurs au dos', 'mal de dos', 'lombalgie', 'lombaire', 'votre dos']],
        lang: 'fr',
      }, // recall
      { say: "c'est quoi mon numéro de dossier déjà ?", contains: ['7741-TR'], lang: 'fr' }, // recall
      { say: 'et à quoi je suis allergique ?', contains: ['penicilline'], lang: 'fr' }, // recall
      { say: 'qui êtes-vous exactement ?', contains: ['Margaux'], excludes: ['vous etes julien', 'vous vous appelez julien'], lang: 'fr' }, // identity
      {
        say: "qu'est-ce que je dois apporter au rendez-vous ?",
        contains: [['carte vitale', 'ordonnance', 'carte', 'document', 'piece', 'mutuelle']],
        lang: 'fr',
      }, // domain
    ],
  },
  {
    id: 'c-fr-imprimante',
    about: 'support informatique en français : code erreur corrigé, imprimante, ticket, nombre de personnes',
    service: 'messaging',
    agent: { soul_id: 'technical-helper', language: 'fr' },
    turns: [
      { say: "salut, notre imprimante ne veut plus imprimer depuis la mise à jour de windows d'hier", lang: 'fr' }, // lang
      {
        say: "c'est une HP LaserJet M404, partagée sur le réseau du bureau, et windows affiche l'erreur 0x00000709",
        excludes: ["quel est le message d'erreur", 'quelle erreur', "code d'erreur ?", "code d'erreur?"],
        lang: 'fr',
      }, // no-reask
      { say: "désolée, je me suis trompée de code : c'est 0x0000011b, pas 0x00000709", contains: ['0x0000011b'], lang: 'fr' }, // correction
      {
        say: "j'ai déjà ouvert un ticket la semaine dernière, INC-40388",
        excludes: ['numero de ticket ?', 'numero de ticket?', 'quel est votre numero de ticket', 'numero du ticket ?'],
        lang: 'fr',
      }, // no-reask
      { say: "franchement windows c'est pénible parfois", lang: 'fr' }, // lang
      { say: "quel code d'erreur je vous ai donné ?", contains: ['0x0000011b'], excludes: ['0x00000709'], lang: 'fr' }, // recall after correction
      { say: "c'est quelle imprimante déjà ?", contains: ['M404'], lang: 'fr' }, // recall
      { say: 'rappelez-moi mon numéro de ticket', contains: ['INC-40388'], lang: 'fr' }, // recall
      { say: 'vous êtes qui, en fait ? un humain ?', contains: ['Byte'], lang: 'fr' }, // identity
      { say: "ça a commencé quand, d'après ce que je vous ai dit ?", contains: [['mise a jour', 'hier']], lang: 'fr' }, // recall
      { say: 'on est 12 au bureau à bordeaux et tout le monde est bloqué', lang: 'fr' }, // lang
      { say: 'combien de personnes sont bloquées, je vous ai dit ?', contains: [['12', 'douze']], lang: 'fr' }, // recall
    ],
  },
  {
    id: 'c-fr-aerien-teckel',
    about: 'compagnie aérienne : date corrigée, trajet, référence, chien en cabine, place préférée',
    service: 'entity',
    entity: {
      name: 'Capucine',
      purpose: 'Assistante de la compagnie aérienne Air Azur : réservations, bagages, changements de vol, retards et remboursements.',
    },
    endUser: { id: 'c-fr-karim', name: 'Karim' },
    turns: [
      { say: 'bonsoir ! question rapide sur mon vol', lang: 'fr' }, // lang
      {
        say: 'je pars de nice pour montréal le 8 février, réf. de réservation K7WQ2P',
        excludes: ['reference de reservation ?', 'reference de reservation?', 'numero de reservation ?', 'quelle est votre reference'],
        lang: 'fr',
      }, // no-reask
      { say: 'je voyage avec mon chien, un petit teckel de 6 kg, il peut venir en cabine ?', contains: [['cabine', 'animal', 'animaux', 'chien']], lang: 'fr' }, // domain
      { say: "en fait c'est le 9 février, pas le 8, je confonds toujours", contains: [['9 fevrier', '09/02', '9/02']], lang: 'fr' }, // correction
      { say: 'et je préfère toujours le hublot', lang: 'fr' }, // lang
      { say: "c'est quoi déjà ma date de départ ?", contains: [['9 fevrier', '09/02', '9/02']], excludes: ['8 fevrier', '08/02'], lang: 'fr' }, // recall after correction
      { say: "je pars d'où et je vais où, je vous l'ai dit ?", contains: ['Nice', 'Montreal'], lang: 'fr' }, // recall
      { say: 'ma référence de dossier, vous l’avez ?', contains: ['K7WQ2P'], lang: 'fr' }, // recall
      { say: 'avec qui je voyage ?', contains: [['chien', 'teckel']], lang: 'fr' }, // recall
      { say: "quelle place j'aime ?", contains: ['hublot'], lang: 'fr' }, // recall
      { say: 'je parle à qui là ?', contains: ['Capucine'], excludes: ['vous etes karim', 'vous vous appelez karim'], lang: 'fr' }, // identity
      { say: "vous pouvez aussi m'aider pour le remboursement d'un ancien vol ?", contains: ['rembours'], lang: 'fr' }, // domain
    ],
  },
];
