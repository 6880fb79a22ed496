import type { Dialogue } from './types';

/**
 * Development set K (issue 37 item 5): sixteen conversations written by an outside tester, a helper session that had never
 * seen the reply engine. It read only the Dialogue format (types.ts), the scorer (score.ts), the registry (index.ts), the
 * shape every set must meet (set-shape.ts), one set's spec (held-out-h.spec.ts), the souls table of the library's README
 * and the public API of messaging and entity with their two dialogue runners; never the engine, its documentation, the
 * other sets, or how the engine answers this one (the dialogue suite was not run while writing it).
 *
 * Four conversations per language (en, pt-BR, es, de), half through messaging (an agent with a catalogue soul and a name
 * of its own) and half through entity (an entity with a name, a purpose naming its trade and an end user), one topic each.
 * Users write as real customers do: a whole situation in one message, several facts at once, lower case, a typo, an
 * emoji, small talk, impatience. Four conversations are long: 22 off-topic messages in the dialogue's language sit between
 * an early fact and its recall, far past the history window.
 *
 * What a check means (every one is something any good human agent would certainly say or avoid):
 * - `lang` on every turn: the reply is in the user's language.
 * - recall: the reply names a value the user gave earlier (a name, date, time, number, code, e-mail, place, the problem in
 *   the user's words, an allergy, a preference, a person, a reason), asked for in other words than it was given; values
 *   have generous alternatives (`['11:30', '11.30', 'half eleven']`) so no check depends on one wording.
 * - correction: a value corrected in one of many forms ("sorry, I meant", "actually", "wait, no:", "correção:",
 *   "me enganei", "perdón, me equivoqué", "mejor dicho", "Korrektur:", "ich meinte", "doch lieber"...) is asked for later:
 *   the reply `contains` the new value and `excludes` the old one.
 * - no re-asking: right after the user gives a detail, the reply `excludes` the question that would ask for it again.
 * - identity: asked who they are talking to, the reply names the agent or entity and not the user.
 * - domain: asked an entity for advice, the reply names something of its trade and no other trade's words.
 *
 * This is a development set: it is given to the engine's developer to tune on and it is printed apart (part 'dev K', run
 * with DIALOGUE_DEV_SETS=1), never counting toward the pass bar. A check found unfair (a good human agent could fail it) is
 * removed in a commit that says why, never rewritten to fit the engine's wording.
 */

const FILLER_EN = [
  'random but did you see the rain this morning? absolutely biblical',
  "my neighbour's cat has decided my car bonnet is her bed now 🐈",
  'anyway, do you watch any football? my lot lost again on saturday',
  'i made banana bread yesterday and burnt the top, still ate half of it',
  "have you got any podcast recommendations? i'm bored of mine",
  'the trains were a nightmare today, twenty minutes stuck outside the station',
  'my kid asked me why the sky is blue and i had no idea lol',
  'is it just me or is everything more expensive every week',
  "we're thinking about getting a dog, maybe a whippet, they look so daft",
  'sorry for rambling, long week',
  'i finally fixed the squeaky door with a bit of olive oil, felt like a genius',
  'do you ever get tired of people like me chatting at you? 😂',
  'the new series everyone is raving about, i fell asleep in episode two',
  'my mum keeps sending me voice notes that are four minutes long',
  "i've been trying to drink more water, it's going badly",
  'saw a fox in the garden at 2am, scared the life out of me',
  'thinking of repainting the hallway, sage green maybe?',
  'the supermarket had no oat milk again, third week running',
  'my phone screen has a crack across the corner now, great',
  'went to a pub quiz last night and we came second to last',
  'the kettle at work has been broken for a month and nobody cares except me',
  'ok, enough of my life story',
];

const FILLER_PT = [
  'nossa, que calor tá fazendo hoje, derretendo aqui 🥵',
  'vc viu o jogo ontem? meu time perdeu de novo, não aguento mais',
  'minha gata derrubou um copo da mesa só pra me olhar na cara',
  'tô maratonando uma série coreana, já são 3 da manhã todo dia kkk',
  'o trânsito na marginal hoje tava impossível',
  'fiz pão de queijo em casa e ficou parecendo biscoito',
  'minha vó mandou áudio de 5 minutos falando da novela',
  'alguém aí gosta de pagode? tô numa fase',
  'comprei uma planta e ela já tá morrendo, não tenho jeito pra isso',
  'o preço do café no mercado tá um absurdo',
  'desculpa, tô falando demais hoje',
  'meu celular tá com a bateria durando nada',
  'fui na academia ontem e hoje não consigo subir escada',
  'vc prefere praia ou montanha? eu sou time praia',
  'meu vizinho resolveu reformar o apartamento justo agora',
  'choveu tanto ontem que alagou a rua aqui de casa',
  'tô pensando em aprender a tocar violão',
  'o ônibus passou direto no ponto, acredita?',
  'hoje é dia de pizza aqui em casa 🍕',
  'minha irmã vai fazer intercâmbio no Canadá, tô com saudade já',
  'vc sabe alguma receita boa de brigadeiro de colher?',
  'bom, chega de papo furado',
];

const FILLER_ES = [
  'por cierto, qué calor hace hoy, no se puede ni salir',
  'ayer vi el partido y casi me da algo en el último minuto ⚽',
  'mi suegra viene a comer el domingo y aún no sé qué cocinar',
  'el autobús ha llegado con veinte minutos de retraso otra vez',
  '¿tú ves series? estoy enganchada a una de detectives',
  'hice una tortilla de patatas y se me rompió al darle la vuelta',
  'mi perro ha aprendido a abrir la nevera, estamos perdidos',
  'qué caro está todo en el súper, madre mía',
  'perdona que te cuente mi vida jaja',
  'el vecino de arriba está tocando la batería desde las ocho',
  'me he apuntado a clases de salsa y tengo dos pies izquierdos',
  '¿prefieres playa o montaña? yo playa siempre',
  'mi sobrino cumple años y no sé qué regalarle',
  'se me ha roto la pantalla del móvil, por una esquina',
  'ayer llovió tanto que se inundó el garaje del edificio',
  'estoy intentando dejar el café pero no hay manera ☕',
  'el fin de semana fuimos al pueblo y hacía un frío que pelaba',
  'mi hija dice que quiere ser astronauta, ya veremos',
  'he empezado a leer una novela de misterio muy buena',
  'hoy en el trabajo se ha caído internet toda la mañana',
  'oye, ¿a ti también te cuesta madrugar los lunes?',
  'bueno, ya dejo de enrollarme',
];

const FILLER_DE = [
  'übrigens, was für ein wetter heute, dauernd dieser nieselregen',
  'hast du gestern das spiel gesehen? unfassbar, in der 90. minute noch verloren',
  'mein nachbar mäht schon wieder um sieben uhr morgens rasen',
  'ich hab gestern zum ersten mal brot gebacken, war steinhart 😅',
  'die bahn hatte heute wieder 40 minuten verspätung',
  'kennst du einen guten podcast? mir ist langweilig beim pendeln',
  'unser hund hat die fernbedienung zerkaut',
  'alles wird teurer, butter kostet jetzt fast drei euro',
  'sorry, ich quatsch dich voll',
  'am wochenende waren wir an der ostsee, war herrlich windig',
  'meine tochter lernt gerade blockflöte, es ist... laut',
  'ich versuch gerade weniger zu scrollen, klappt null',
  'magst du eigentlich lieber kaffee oder tee?',
  'im büro ist die kaffeemaschine seit einer woche kaputt',
  'ich überlege, mir ein lastenrad zu kaufen',
  'mein handy-akku hält keinen halben tag mehr',
  'heute beim bäcker gab es keine franzbrötchen mehr, skandal',
  'wir planen einen urlaub in portugal, warst du mal da?',
  'die serie, die alle gucken, finde ich total langweilig',
  'meine mutter ruft jeden sonntag pünktlich um zehn an',
  'gestern hat es gehagelt, mitten im frühling',
  'na gut, genug abgeschweift',
];

export const DEV_K_DIALOGUES: Dialogue[] = [
  // ---------------------------------------------------------------- English
  {
    id: 'k-en-camera-lens',
    about: 'a camera order with the wrong lens: order code, address and pickup-window corrections, the problem recalled',
    service: 'messaging',
    agent: { soul_id: 'concise-expert', name: 'Juniper' },
    turns: [
      {
        say: "hi so my order arrived yesterday and it's wrong 😤 i paid for the fujifilm x-s20 with the 16-50 lens and the box has a 15-45 in it. order FX-88213, name's declan moyo",
        excludes: ['what is your order number', "what's your order number", 'can you give me your order number', 'what is the order number'],
        lang: 'en',
      },
      {
        say: "the body's fine btw, battery charges, screen works. i just need the proper lens, kinda urgent, i'm shooting my cousin's wedding on the 22nd",
        lang: 'en',
      },
      { say: 'who am i even chatting with rn? bot or human?', contains: ['Juniper'], excludes: ['Declan'], lang: 'en' },
      {
        say: 'ok cool. send the right one express to my work pls: 41 harrow lane, leeds LS6 2QT',
        excludes: ['what is your address', "what's your address", 'what address should', 'which address should'],
        lang: 'en',
      },
      { say: 'sorry, i meant 14 harrow lane, not 41. fat thumbs 🙃', lang: 'en' },
      { say: 'and the courier can grab the wrong lens from me on friday between 9 and 11?', lang: 'en' },
      { say: "oops, make that between 1 and 3, forgot i've got the dentist that morning", lang: 'en' },
      { say: "what's my order ref? deleted the confirmation email like an idiot", contains: [['FX-88213', '88213']], lang: 'en' },
      { say: "where's the new lens headed?", contains: [['14 harrow', '14, harrow']], excludes: ['41 harrow'], lang: 'en' },
      {
        say: "and when's the courier turning up for the other one?",
        contains: [
          ['friday', 'fri'],
          ['1 and 3', '1-3', '1 to 3', '1pm', '1 pm', '13:00', '1:00', 'between 1', '1 - 3', '1–3'],
        ],
        excludes: ['9 and 11', '9-11', '9 to 11', '9am', '9 am', '9:00'],
        lang: 'en',
      },
      { say: 'hang on, why did i say the 22nd was a big deal?', contains: ['wedding'], lang: 'en' },
      {
        say: "just so we're on the same page, what came in the box vs what i paid for?",
        contains: [
          ['15-45', '15–45', '15 - 45', '15/45', '15mm-45'],
          ['16-50', '16–50', '16 - 50', '16/50', '16mm-50'],
        ],
        lang: 'en',
      },
      { say: 'whose name is the order under?', contains: [['declan', 'moyo']], lang: 'en' },
      { say: 'ok thanks, appreciate it 🙏', lang: 'en' },
    ],
  },
  {
    id: 'k-en-printer-ink',
    about: 'a printer ink subscription: plan change corrected with "actually", printer model, e-mail, extra cartridge, a paused month',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en', name: 'Harriet' },
    turns: [
      {
        say: "hey! i've got your ink subscription for my hp envy 6055, the 100 pages a month plan, account email thandi.lockhart@fastmail.com. want to change a few things",
        excludes: ['what is your email', "what's your email", 'your email address?', 'which email'],
        lang: 'en',
      },
      { say: "first, who's this? i spoke to someone last month and she was lovely", contains: ['Harriet'], excludes: ['Thandi'], lang: 'en' },
      { say: "so we're printing loads more now, my son started homeschooling in january. can i go up to the 300 page plan?", lang: 'en' },
      { say: 'actually no, the 700 page one, he prints EVERYTHING 🙄', lang: 'en' },
      { say: 'also the last box had colour cartridges but the black ran out first, can you stick an extra black one in the next shipment', lang: 'en' },
      { say: 'which printer did i say i have? my husband swears its a canon lol', contains: [['envy', '6055']], lang: 'en' },
      { say: 'how many pages a month am i moving to?', contains: ['700'], excludes: ['300'], lang: 'en' },
      {
        say: 'whats the email on the account, i want to check its my personal one',
        contains: [['thandi.lockhart@fastmail.com', 'thandi.lockhart']],
        lang: 'en',
      },
      { say: 'and the extra thing i asked for in the next box?', contains: ['black'], lang: 'en' },
      {
        say: "why am i upping the plan again, remind me, it's been a long day",
        contains: [['son', 'homeschool', 'home school', 'home-school']],
        lang: 'en',
      },
      { say: "ok last thing, can you pause it for august? we're away the whole month", lang: 'en' },
      { say: 'which month is getting skipped?', contains: ['august'], lang: 'en' },
      { say: 'great, thanks so much 😊', lang: 'en' },
    ],
  },
  {
    id: 'k-en-running-coach',
    about: 'a running coach companion: race, goal and best time, an injury, long-run day corrected with "scratch that", advice',
    service: 'entity',
    entity: {
      name: 'Coach Bex',
      purpose: 'A running coach and training companion: builds weekly running plans, tracks races, paces and niggles, and keeps runners motivated.',
    },
    endUser: { id: 'k-en-runner-ollie', name: 'Ollie' },
    turns: [
      {
        say: 'morning! ok so i finally signed up for the bristol half marathon, it’s on 14 september, and i want to go under 1:50. my current best is 1:58 from last spring',
        lang: 'en',
      },
      { say: "who am i talking to exactly? my mate said you're like a coach bot", contains: ['Bex'], excludes: ['Ollie'], lang: 'en' },
      { say: "my left achilles gets tight after anything over 15k, fyi. physio said it's not torn just grumpy", lang: 'en' },
      {
        say: 'how many days a week should i be out for this? i can do mornings before work',
        contains: [['2', '3', '4', '5', 'two', 'three', 'four', 'five']],
        excludes: ['restaurant', 'bookstore', 'mortgage'],
        lang: 'en',
      },
      { say: 'wait, no: my best is 1:56, just checked strava', lang: 'en' },
      { say: "long runs will be sundays, that's my free morning", lang: 'en' },
      { say: "scratch that, saturdays. sunday is my mum's roast, non negotiable 🍗", lang: 'en' },
      {
        say: "what's a good thing to do on rest days so i don't go stir crazy",
        contains: [['stretch', 'mobility', 'foam', 'yoga', 'walk', 'cross-train', 'cross train', 'cycling', 'swim', 'bike', 'strength', 'recover']],
        excludes: ['restaurant', 'bookstore'],
        lang: 'en',
      },
      { say: 'remind me what my pb is, i keep mixing it up', contains: ['1:56'], excludes: ['1:58'], lang: 'en' },
      { say: 'and what am i aiming for on race day?', contains: [['1:50', '1h50', '1.50']], lang: 'en' },
      { say: 'which leg is the grumpy one? physio asked and i blanked 😅', contains: ['left', 'achilles'], lang: 'en' },
      { say: 'which morning is my long run going on?', contains: ['saturday'], excludes: ['sunday'], lang: 'en' },
      { say: "what's happening on the 14th? testing you lol", contains: [['bristol', 'half marathon', 'race']], lang: 'en' },
      { say: 'cheers, off to stretch 🙌', lang: 'en' },
    ],
  },
  {
    id: 'k-en-tax-accountant',
    about: 'a tax accountant appointment, long: time changed "on second thought", accountant, phone, UTR and trade asked after filler',
    service: 'entity',
    entity: {
      name: 'Penrose',
      purpose:
        'Front desk assistant for Penrose & Cole, a small tax accountancy firm: books appointments with the accountants, lists the documents to bring for self-assessment tax returns and answers questions about deadlines.',
    },
    endUser: { id: 'k-en-taxclient-imogen', name: 'Imogen' },
    filler: { after: 5, count: 22, messages: FILLER_EN },
    turns: [
      {
        say: "hi there, i'm a self-employed upholsterer and i need someone to do my self assessment, left it late as usual 🙈 can i get in on thursday 21st at 10am? ideally with gareth, he did my brother's",
        lang: 'en',
      },
      { say: "who's this i'm messaging, a real person at the office?", contains: ['Penrose'], excludes: ['Imogen'], lang: 'en' },
      {
        say: 'what should i bring along? i have a shoebox of receipts lol',
        contains: [['invoice', 'bank statement', 'statements', 'expenses', 'utr', 'p60', 'records', 'income', 'mileage']],
        excludes: ['restaurant', 'bookstore'],
        lang: 'en',
      },
      {
        say: 'my UTR is 48213 90715 if that helps',
        excludes: ['what is your utr', "what's your utr", 'your utr number?', 'can you give me your utr'],
        lang: 'en',
      },
      { say: "on second thought, can we do 11:30 instead of 10? i've got the school run", lang: 'en' },
      {
        say: "and my mobile's 07700 914 238 in case anyone needs to call",
        excludes: ['what is your phone number', "what's your number", 'your phone number?', 'what is your mobile'],
        lang: 'en',
      },
      {
        say: 'right, sorry, got distracted 😂 what time am i seeing you guys?',
        contains: [['11:30', '11.30', 'half eleven', 'half past eleven', '1130']],
        excludes: ['10am', '10:00', '10 am', '10.00'],
        lang: 'en',
      },
      { say: 'who am i booked in with?', contains: ['Gareth'], lang: 'en' },
      {
        say: "what's on the 21st for me, did it go through?",
        contains: [['appointment', 'self assessment', 'self-assessment', 'tax return', 'gareth', 'meeting', 'booked']],
        lang: 'en',
      },
      { say: 'what number do you have for me?', contains: [['07700 914 238', '07700914238', '914 238', '914238']], lang: 'en' },
      { say: 'what do i do for a living, did i tell you? just checking your notes', contains: [['upholster']], lang: 'en' },
      { say: 'can you read back the taxpayer reference i gave you?', contains: [['48213 90715', '4821390715']], lang: 'en' },
      { say: 'brilliant. see you then 👋', lang: 'en' },
    ],
  },

  // ---------------------------------------------------------------- Portuguese (Brazil)
  {
    id: 'k-pt-wedding-cake',
    about: 'encomenda de bolo de casamento, longa: convidados ("correção:") e local ("me enganei") corrigidos, alergia, recheio',
    service: 'messaging',
    agent: { soul_id: 'sales-consultant', name: 'Dandara' },
    filler: { after: 4, count: 22, messages: FILLER_PT },
    turns: [
      {
        say: 'oii! vou casar dia 8 de novembro 💍 e queria encomendar o bolo com vcs. festa pra 120 convidados, na chácara Recanto das Palmeiras em Atibaia',
        lang: 'pt',
      },
      { say: 'com quem eu tô falando? vc é da confeitaria mesmo?', contains: ['Dandara'], excludes: ['Lívia'], lang: 'pt' },
      {
        say: 'meu nome é Lívia, o noivo é o Caio. a gente quer 3 andares, massa de nozes com doce de leite',
        excludes: ['qual é o seu nome', 'qual o seu nome', 'como você se chama', 'qual seu nome'],
        lang: 'pt',
      },
      { say: 'ah, importante: minha mãe é alérgica a amendoim, então nada de amendoim nem na decoração tá?', lang: 'pt' },
      { say: 'correção: são 150 convidados, não 120, a família do Caio confirmou mais gente 😅', lang: 'pt' },
      { say: 'voltando ao bolo kkk quantas pessoas ele tem que servir mesmo?', contains: ['150'], excludes: ['120'], lang: 'pt' },
      { say: 'e qual era o recheio que eu escolhi?', contains: ['doce de leite'], lang: 'pt' },
      { say: 'tem alguma coisa que não pode ir no bolo de jeito nenhum? lembra?', contains: ['amendoim'], lang: 'pt' },
      { say: 'me enganei no local, vai ser no Sítio Dois Ipês, em Mairiporã, a chácara cancelou com a gente 😭', lang: 'pt' },
      { say: 'pra onde vcs vão entregar então?', contains: [['dois ipes', 'mairipora']], excludes: ['atibaia', 'palmeiras'], lang: 'pt' },
      { say: 'o que acontece no dia 8? tô testando vc 😂', contains: [['casamento', 'bolo', 'festa', 'entrega']], lang: 'pt' },
      { say: 'como chama o meu noivo msm? brincadeira, mas vc lembra?', contains: ['Caio'], lang: 'pt' },
      { say: 'quantos andares a gente pediu?', contains: [['3', 'três']], lang: 'pt' },
      { say: 'perfeito, obrigada!! 💕', lang: 'pt' },
    ],
  },
  {
    id: 'k-pt-bank-card',
    about: 'cartão bloqueado: final, horário, CPF, endereço corrigido com "quer dizer", onde a senha foi errada ("na verdade")',
    service: 'messaging',
    agent: { soul_id: 'friendly-support', name: 'Jussara' },
    turns: [
      {
        say: 'boa noite, meu cartão de débito foi bloqueado do nada hoje às 14h quando fui pagar o mercado. final 5521. tô sem conseguir comprar nada',
        lang: 'pt',
      },
      { say: 'quem tá me atendendo?', contains: ['Jussara'], excludes: ['Rodrigo'], lang: 'pt' },
      {
        say: 'sou o Rodrigo Falcão, cpf 318.442.905-17, conta corrente na agência 0452',
        excludes: ['qual é o seu cpf', 'qual o seu cpf', 'me informe o cpf', 'informe seu cpf', 'qual seu cpf'],
        lang: 'pt',
      },
      { say: 'acho que bloqueou pq errei a senha 3 vezes no caixa eletrônico de manhã', lang: 'pt' },
      { say: 'na verdade errei a senha no app, não no caixa eletrônico, confundi tudo', lang: 'pt' },
      {
        say: 'quero desbloquear e também pedir um cartão novo, o meu tá meio quebrado. manda pro meu endereço, rua Tupinambás 770, apto 31, Belo Horizonte',
        excludes: ['qual é o seu endereço', 'qual o seu endereço', 'qual endereço', 'qual seu endereço'],
        lang: 'pt',
      },
      { say: 'quer dizer, apto 13, não 31. sempre inverto 🤦', lang: 'pt' },
      { say: 'qual é o final do cartão que foi bloqueado, só pra confirmar que é o certo?', contains: ['5521'], lang: 'pt' },
      { say: 'a que horas o bloqueio aconteceu? eu te falei', contains: [['14h', '14:00', '14 h', 'duas da tarde', '2 da tarde']], lang: 'pt' },
      {
        say: 'pra onde vai o cartão novo?',
        contains: ['tupinambas', ['apto 13', 'apartamento 13', 'ap 13', 'apt 13', 'ap. 13', 'apto. 13']],
        excludes: ['apto 31', 'apartamento 31', 'ap 31', 'apto. 31'],
        lang: 'pt',
      },
      { say: 'onde foi mesmo que eu errei a senha?', contains: [['app', 'aplicativo']], excludes: ['caixa eletronico'], lang: 'pt' },
      { say: 'qual agência eu falei?', contains: ['0452'], lang: 'pt' },
      { say: 'valeu, salvou meu dia', lang: 'pt' },
    ],
  },
  {
    id: 'k-pt-book-club',
    about: 'amiga do clube do livro: último livro, data do encontro corrigida, horário, gosto de leitura, indicações',
    service: 'entity',
    entity: {
      name: 'Iara',
      purpose: 'Amiga de clube do livro: conversa sobre leituras, sugere livros, lembra o que cada pessoa está lendo e as datas dos encontros do clube.',
    },
    endUser: { id: 'k-pt-leitora-helena', name: 'Helena' },
    turns: [
      {
        say: "oi! terminei ontem 'Torto Arado' pro clube, o encontro é dia 17 na casa da Bete, às 19h30. amei mas chorei horrores 😭",
        lang: 'pt',
      },
      { say: 'aliás, com quem eu tô conversando? a Bete que me passou esse contato', contains: ['Iara'], excludes: ['Helena'], lang: 'pt' },
      {
        say: 'o próximo do clube quem escolhe sou eu 😬 me dá umas ideias de autoras brasileiras contemporâneas?',
        contains: [['livro', 'romance', 'contos', 'escritora', 'obra', 'evaristo', 'clarice', 'lispector', 'madeira']],
        excludes: ['restaurante', 'farmácia'],
        lang: 'pt',
      },
      { say: 'eu não curto muito fantasia nem ficção científica, prefiro coisa mais realista, de família', lang: 'pt' },
      { say: 'ops, na verdade o encontro mudou pro dia 24, a Bete vai viajar naquela semana', lang: 'pt' },
      { say: 'qual foi o último que eu li mesmo? minha cabeça tá uma peneira', contains: [['torto arado', 'itamar']], lang: 'pt' },
      { say: 'quando a gente se reúne de novo?', contains: ['24'], excludes: ['17'], lang: 'pt' },
      { say: 'e que horas começa?', contains: [['19h30', '19:30', 'sete e meia', '19h 30', '19 h 30']], lang: 'pt' },
      { say: 'o que tem no dia 24? (sim, tô te testando kkk)', contains: [['encontro', 'clube', 'reuniao']], lang: 'pt' },
      {
        say: 'lembra que tipo de história eu curto e qual eu evito?',
        contains: [
          ['realista', 'realismo', 'família', 'familiar'],
          ['fantasia', 'ficção', 'sci-fi'],
        ],
        lang: 'pt',
      },
      {
        say: 'me indica UM só então, pensando no meu gosto',
        contains: [['livro', 'romance', 'autora', 'escritora', 'obra', 'conto']],
        excludes: ['restaurante', 'receita'],
        lang: 'pt',
      },
      { say: 'o que eu senti lendo o último? contei lá no começo', contains: [['chorou', 'chorei', 'chorar', 'choro', 'emocion', 'amou', 'amei']], lang: 'pt' },
      { say: 'brigada, vou dormir, bjs 📚', lang: 'pt' },
    ],
  },
  {
    id: 'k-pt-hairdresser',
    about: 'salão de beleza: corte e luzes, profissional, horário corrigido ("opa, errei"), alergia, telefone, dicas de cabelo',
    service: 'entity',
    entity: {
      name: 'Jurema',
      purpose:
        'Atendente virtual do Salão Jurema Beleza: agenda cortes, coloração, escova e tratamentos capilares, informa preços e lembra as preferências de cada cliente.',
    },
    endUser: { id: 'k-pt-cliente-patricia', name: 'Patrícia' },
    turns: [
      {
        say: 'oi, queria marcar corte + luzes pra sexta, dia 12, de tarde. pode ser com a Kelly? ela já cortou meu cabelo antes e amei',
        lang: 'pt',
      },
      { say: 'quem é vc, é a recepcionista?', contains: ['Jurema'], excludes: ['Patrícia'], lang: 'pt' },
      { say: 'prefiro umas 15h, saio do trabalho mais cedo na sexta', lang: 'pt' },
      { say: 'opa, errei: 16h, não 15h, esqueci da reunião das 3', lang: 'pt' },
      { say: 'ah, e eu tenho alergia a amônia, da última vez no outro salão meu couro cabeludo ficou ardendo', lang: 'pt' },
      {
        say: 'que tipo de produto vcs recomendam pra quem tem cabelo cacheado e ressecado?',
        contains: [['hidratação', 'máscara', 'nutrição', 'óleo', 'leave-in', 'creme', 'cronograma', 'reconstrução', 'umectação', 'shampoo', 'condicionador']],
        excludes: ['restaurante', 'livraria'],
        lang: 'pt',
      },
      {
        say: 'meu whatsapp é (11) 98812-4470 se precisar confirmar',
        excludes: ['qual é o seu telefone', 'qual o seu número', 'qual seu whatsapp', 'qual é o seu whatsapp'],
        lang: 'pt',
      },
      { say: 'com quem ficou meu horário?', contains: ['Kelly'], lang: 'pt' },
      { say: 'que horas mesmo?', contains: [['16h', '16:00', '16 h', 'quatro da tarde', '4 da tarde']], excludes: ['15h', '15:00'], lang: 'pt' },
      {
        say: 'o que eu vou fazer no cabelo, lembra?',
        contains: [
          ['luzes', 'mechas'],
          ['corte', 'cortar'],
        ],
        lang: 'pt',
      },
      { say: 'tem alguma coisa que vcs não podem usar em mim de jeito nenhum?', contains: ['amônia'], lang: 'pt' },
      { say: 'o que tá marcado pro dia 12?', contains: [['corte', 'luzes', 'horário', 'kelly', 'mechas']], lang: 'pt' },
      { say: 'qual número vcs têm pra me chamar?', contains: [['98812-4470', '988124470', '98812 4470']], lang: 'pt' },
      { say: 'ótimo, até sexta! 💇‍♀️', lang: 'pt' },
    ],
  },

  // ---------------------------------------------------------------- Spanish
  {
    id: 'k-es-plumber-leak',
    about: 'fontanero por una fuga, largo: piso corregido ("perdón, me equivoqué"), hora corregida ("mejor dicho"), teléfono, el problema',
    service: 'messaging',
    agent: { soul_id: 'friendly-support', name: 'Maite', language: 'es' },
    filler: { after: 4, count: 22, messages: FILLER_ES },
    turns: [
      {
        say: 'hola, tengo una fuga debajo del fregadero de la cocina, gotea sin parar desde anoche y ya he puesto dos cubos 😩. vivo en calle Ruzafa 38, 4ºB, Valencia',
        excludes: ['cual es su direccion', 'cual es tu direccion', 'me da su direccion', 'me das tu direccion'],
        lang: 'es',
      },
      { say: '¿con quién hablo? ¿eres de la empresa de fontanería?', contains: ['Maite'], excludes: ['Ignacio'], lang: 'es' },
      { say: 'me llamo Ignacio Berruezo. ¿puede venir alguien el martes 9 por la mañana? a partir de las 9 estoy en casa', lang: 'es' },
      {
        say: 'el portero automático no funciona, que llamen al móvil: 611 204 837',
        excludes: ['cual es su telefono', 'cual es tu telefono', 'me da su numero', 'me das tu numero'],
        lang: 'es',
      },
      { say: 'perdón, me equivoqué: es el 4ºC, no el 4ºB. el B es mi vecina jaja', lang: 'es' },
      {
        say: 'bueno, volviendo a lo del agua 😅 ¿a qué puerta tiene que llamar el fontanero exactamente?',
        contains: [['4ºC', '4º C', '4°C', '4° C', '4C', '4ªC', 'cuarto C', '4.º C', '4.ºC']],
        excludes: ['4ºB', '4º B', '4°B', '4° B', '4B', 'cuarto B'],
        lang: 'es',
      },
      { say: '¿y qué día quedamos?', contains: ['martes'], lang: 'es' },
      { say: 'mejor dicho, que venga a partir de las 11, que a las 9 tengo que llevar a la niña al cole', lang: 'es' },
      {
        say: '¿qué le pasa a mi cocina? explícaselo tú al fontanero como te lo conté',
        contains: [
          ['fuga', 'gotea', 'goteo', 'pierde agua'],
          ['fregadero', 'pila'],
        ],
        lang: 'es',
      },
      { say: '¿a qué número le tiene que llamar?', contains: [['611 204 837', '611204837']], lang: 'es' },
      { say: '¿a qué hora puede aparecer al final?', contains: [['11', 'las once']], excludes: ['las 9', '9:00', 'las nueve'], lang: 'es' },
      { say: '¿qué tengo el 9? jaja ya ni me acuerdo de nada', contains: [['fontanero', 'fuga', 'visita', 'reparación', 'fregadero']], lang: 'es' },
      { say: '¿a nombre de quién queda el aviso?', contains: [['Ignacio', 'Berruezo']], lang: 'es' },
      { say: 'gracias de verdad 🙏', lang: 'es' },
    ],
  },
  {
    id: 'k-es-apartment-viewing',
    about: 'visita a un piso: referencia corregida ("perdona, quise decir"), día corregido ("en realidad"), hora, pareja, mascota',
    service: 'messaging',
    agent: { soul_id: 'sales-consultant', name: 'Nerea', language: 'es' },
    turns: [
      {
        say: 'buenas! vi el anuncio del piso de la calle Embajadores, el de 2 habitaciones por 1.150 €/mes, referencia EMB-2207. ¿sigue disponible?',
        excludes: ['cual es la referencia', 'que referencia', 'numero de referencia?'],
        lang: 'es',
      },
      { say: '¿con quién estoy hablando? ¿eres la agente o un bot?', contains: ['Nerea'], excludes: ['Camila'], lang: 'es' },
      { say: 'me interesa verlo. somos dos, mi pareja Julián y yo, y tenemos un perro pequeño, un teckel. ¿aceptan mascotas?', lang: 'es' },
      { say: '¿podríamos ir el jueves 16 a las 18:30? los dos trabajamos hasta las 6', lang: 'es' },
      { say: 'uy no, en realidad el jueves Julián no puede, ¿mejor el viernes 17 a la misma hora?', lang: 'es' },
      {
        say: 'mi número es el 644 318 092 por si hay que cambiar algo, y soy Camila Ferrán',
        excludes: ['cual es tu telefono', 'cual es su telefono', 'me das tu numero', 'me da su numero'],
        lang: 'es',
      },
      { say: '¿cuánto decía el anuncio que costaba al mes? quiero cuadrar números', contains: [['1.150', '1150', '1 150']], lang: 'es' },
      { say: '¿qué día quedamos al final?', contains: ['viernes'], excludes: ['jueves'], lang: 'es' },
      { say: '¿y a qué hora?', contains: [['18:30', '18.30', '6:30', 'seis y media', '18h30']], lang: 'es' },
      { say: '¿quién viene conmigo a verlo?', contains: ['Julián'], lang: 'es' },
      { say: '¿qué tengo el 17? lo apunto en el calendario', contains: [['visita', 'piso', 'embajadores', 'ver el']], lang: 'es' },
      { say: '¿te acuerdas de qué animal tenemos?', contains: [['teckel', 'perro', 'perrito']], lang: 'es' },
      { say: 'perdona, quise decir EMB-2270, no EMB-2207, lo tengo delante ahora', lang: 'es' },
      { say: '¿qué código tiene el anuncio entonces?', contains: ['2270'], excludes: ['2207'], lang: 'es' },
      { say: 'genial, ¡gracias! 🐶', lang: 'es' },
    ],
  },
  {
    id: 'k-es-yoga-pass',
    about: 'bono de un estudio de yoga: bono, días, hora corregida ("perdona, me lié"), lesión, correo, consejos de yoga',
    service: 'entity',
    entity: {
      name: 'Ainhoa',
      purpose:
        'Recepción virtual del estudio de yoga Prana Gràcia: informa de clases, horarios y bonos, reserva plazas y orienta a los alumnos sobre estilos de yoga según su nivel.',
    },
    endUser: { id: 'k-es-alumna-marisol', name: 'Marisol' },
    turns: [
      {
        say: 'hola! quiero comprar el bono de 10 clases, el que caduca en 3 meses. soy principiante total y tengo una hernia discal en la L5, así que nada de cosas muy bruscas 🙏',
        lang: 'es',
      },
      { say: '¿quién me atiende?', contains: ['Ainhoa'], excludes: ['Marisol'], lang: 'es' },
      {
        say: '¿qué tipo de clase me recomiendas para empezar, con lo de la espalda?',
        contains: [['hatha', 'yin', 'suave', 'restaurativo', 'principiantes', 'iniciación', 'terapéutico', 'pilates']],
        excludes: ['restaurante', 'librería'],
        lang: 'es',
      },
      { say: 'puedo ir martes y jueves a las 19:15, después del curro', lang: 'es' },
      { say: 'perdona, me lié: a las 20:00, no a las 19:15, que salgo tarde de la ofi', lang: 'es' },
      {
        say: 'mi correo es marisol.quintana@gmail.com para el recibo',
        excludes: ['cual es tu correo', 'cual es su correo', 'tu email?', 'tu correo electronico?'],
        lang: 'es',
      },
      { say: '¿qué es lo que te conté de mi espalda? quiero que se lo digas a la profe', contains: ['hernia', ['L5', 'lumbar']], lang: 'es' },
      { say: '¿qué bono voy a comprar al final?', contains: [['10', 'diez']], lang: 'es' },
      { say: '¿qué días voy a ir?', contains: ['martes', 'jueves'], lang: 'es' },
      {
        say: '¿a qué hora es mi clase?',
        contains: [['20:00', '20h', '20.00', 'las 8', 'las ocho', '20 h']],
        excludes: ['19:15', '19.15'],
        lang: 'es',
      },
      {
        say: '¿y si un día me duele, qué puedo hacer en casa?',
        contains: [['respiración', 'postura', 'estiramiento', 'gato', 'niño', 'relajación', 'meditación', 'médico', 'fisio']],
        excludes: ['restaurante', 'librería'],
        lang: 'es',
      },
      { say: '¿a qué dirección mandas el recibo?', contains: [['marisol.quintana@gmail.com', 'marisol.quintana']], lang: 'es' },
      { say: 'gracias guapa, nos vemos en la esterilla 🧘‍♀️', lang: 'es' },
    ],
  },
  {
    id: 'k-es-moving-quote',
    about: 'presupuesto de mudanza: origen y destino, piso sin ascensor, piano, fecha corregida ("me equivoqué de fecha"), correo, embalaje',
    service: 'entity',
    entity: {
      name: 'Rocío',
      purpose:
        'Asistente de presupuestos de Mudanzas Hermanos Segura: calcula presupuestos de mudanza según volumen, pisos y distancia, reserva fechas y explica el embalaje y el seguro.',
    },
    endUser: { id: 'k-es-cliente-fermin', name: 'Fermín' },
    turns: [
      {
        say: 'buenas, me mudo de Sevilla a Zaragoza a finales de mes, el sábado 27. es un piso de 3 habitaciones, un tercero SIN ascensor 😬, y en el nuevo sí hay',
        lang: 'es',
      },
      { say: '¿con quién hablo, perdona?', contains: ['Rocío'], excludes: ['Fermín'], lang: 'es' },
      { say: 'tengo un piano vertical, era de mi abuela, eso me preocupa muchísimo', lang: 'es' },
      {
        say: '¿qué me recomiendas para que no se rompa nada de la vajilla?',
        contains: [['caja', 'embalaje', 'embalar', 'papel', 'burbuja', 'protector', 'envolver', 'periódico']],
        excludes: ['restaurante', 'librería'],
        lang: 'es',
      },
      {
        say: 'mi correo es fermin.alcaide@outlook.es para que me mandes el presupuesto',
        excludes: ['cual es tu correo', 'cual es su correo', 'tu email?', 'su correo electronico?'],
        lang: 'es',
      },
      { say: 'oye, me equivoqué de fecha: no es el 27, es el domingo 28', lang: 'es' },
      { say: '¿cuántas habitaciones te dije que tenía el piso?', contains: [['3', 'tres']], lang: 'es' },
      { say: '¿desde dónde y hasta dónde es la mudanza?', contains: ['Sevilla', 'Zaragoza'], lang: 'es' },
      { say: '¿qué día venís al final?', contains: [['28', 'domingo']], excludes: ['27', 'sábado'], lang: 'es' },
      { say: '¿qué mueble te dije que me preocupa?', contains: ['piano'], lang: 'es' },
      {
        say: '¿qué pasaba con el ascensor en la casa de ahora? para que los chicos no lleguen sin saberlo',
        contains: [['no tiene ascensor', 'no hay ascensor', 'tercero', '3º', 'tercer', 'escaleras']],
        lang: 'es',
      },
      { say: '¿qué hay el 28 en mi agenda contigo?', contains: [['mudanza', 'camión', 'traslado']], lang: 'es' },
      { say: '¿y a dónde me mandas el presupuesto?', contains: [['fermin.alcaide@outlook.es', 'fermin.alcaide']], lang: 'es' },
      { say: 'vale, espero noticias 📦', lang: 'es' },
    ],
  },

  // ---------------------------------------------------------------- German
  {
    id: 'k-de-online-course-login',
    about: 'Login beim Online-Kurs scheitert: Browser ("Korrektur:") und Modul ("ich meinte") korrigiert, Kundennummer, E-Mail, Prüfung',
    service: 'messaging',
    agent: { soul_id: 'technical-helper', name: 'Jonas', language: 'de' },
    turns: [
      {
        say: "hallo, ich komm seit gestern nicht mehr in meinen online-kurs rein 😤 'Python für Einsteiger', jedes mal 'Passwort ungültig' obwohl ich es grad zurückgesetzt hab. mein login ist svenja.kraus@web.de",
        excludes: ['wie lautet ihre e-mail', 'wie lautet deine e-mail', 'ihre e-mail-adresse?', 'deine e-mail-adresse?'],
        lang: 'de',
      },
      { say: 'mit wem schreibe ich hier eigentlich?', contains: ['Jonas'], excludes: ['Svenja'], lang: 'de' },
      { say: 'ich nutze chrome auf einem macbook, cookies sind an. am handy in der app klappt es übrigens auch nicht', lang: 'de' },
      { say: 'korrektur: ich nutze firefox, nicht chrome, chrome hab ich nur auf dem arbeitsrechner', lang: 'de' },
      { say: 'die prüfung für modul 4 ist am 18. und ich muss vorher noch zwei videos schauen, also bitte schnell', lang: 'de' },
      {
        say: 'meine kundennummer ist KU-550913, falls das hilft',
        excludes: ['wie lautet ihre kundennummer', 'ihre kundennummer?', 'deine kundennummer?', 'wie lautet deine kundennummer'],
        lang: 'de',
      },
      { say: 'was steht am 18. an? ich verlier den überblick', contains: [['prüfung', 'pruefung', 'klausur', 'test', 'modul']], lang: 'de' },
      { say: 'welchen browser hatte ich nochmal gesagt?', contains: ['firefox'], excludes: ['chrome'], lang: 'de' },
      { say: 'wie war meine kundennummer? steht nicht in der mail', contains: ['550913'], lang: 'de' },
      {
        say: 'was genau ist nochmal mein problem? fass es mir für das ticket zusammen',
        contains: [['passwort', 'kennwort']],
        lang: 'de',
      },
      { say: 'mit welcher adresse melde ich mich an?', contains: [['svenja.kraus@web.de', 'svenja.kraus']], lang: 'de' },
      { say: 'welcher kurs war das nochmal? 🙈', contains: ['python'], lang: 'de' },
      { say: 'ich meinte übrigens modul 5, nicht 4, hab mich vertan', lang: 'de' },
      { say: 'welcher teil wird am prüfungstag abgefragt?', contains: [['modul 5', 'modul fünf', '5']], excludes: ['modul 4'], lang: 'de' },
      { say: 'danke dir 👍', lang: 'de' },
    ],
  },
  {
    id: 'k-de-gym-freeze',
    about: 'Mitgliedschaft im Fitnessstudio pausieren und Spind kündigen: Spind ("Moment, falsch:") und Dauer ("doch lieber") korrigiert',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en', name: 'Leni', language: 'de' },
    turns: [
      {
        say: "moin! ich hab bei euch im studio in altona die mitgliedschaft 'premium flex' für 39,90 im monat und will sie ab 1. märz für drei monate einfrieren, hab mir das kreuzband gerissen 🙄",
        lang: 'de',
      },
      { say: "mit wem hab ich's zu tun?", contains: ['Leni'], excludes: ['Murat'], lang: 'de' },
      {
        say: 'mitgliedsnummer 70-44812, name murat yilmaz',
        excludes: ['wie lautet ihre mitgliedsnummer', 'ihre mitgliedsnummer?', 'deine mitgliedsnummer?', 'wie ist ihre mitgliedsnummer'],
        lang: 'de',
      },
      { say: 'außerdem hab ich noch spind nummer 112 gemietet, den will ich kündigen, da ist eh nur noch ein handtuch drin', lang: 'de' },
      { say: 'moment, falsch: spind 121, nicht 112, sorry', lang: 'de' },
      {
        say: 'das ärztliche attest schick ich euch morgen per mail, von murat.yilmaz@gmx.net aus',
        excludes: ['wie lautet ihre e-mail', 'ihre e-mail-adresse?', 'deine e-mail-adresse?', 'wie lautet deine e-mail'],
        lang: 'de',
      },
      { say: 'warum will ich nochmal pausieren? meine frau meint ich drück mich nur 😂', contains: [['kreuzband', 'knie', 'verletz']], lang: 'de' },
      { say: 'doch lieber vier monate statt drei, der arzt sagt die reha dauert länger', lang: 'de' },
      { say: 'welchen spind soll ich leer räumen?', contains: ['121'], excludes: ['112'], lang: 'de' },
      { say: 'wie lange ist die pause jetzt?', contains: [['vier', '4 monate']], excludes: ['drei monate', '3 monate'], lang: 'de' },
      { say: 'ab wann gilt das?', contains: [['märz', 'maerz', '01.03', '1.3.']], lang: 'de' },
      { say: 'und was zahl ich normal pro monat?', contains: [['39,90', '39.90', '39,9']], lang: 'de' },
      { say: 'welcher standort war meiner nochmal?', contains: ['altona'], lang: 'de' },
      { say: 'wie ist meine mitgliedsnummer? hab die karte nicht dabei', contains: [['70-44812', '7044812', '44812']], lang: 'de' },
      { say: 'top, danke 💪', lang: 'de' },
    ],
  },
  {
    id: 'k-de-garden-plants',
    about: 'Pflanzenbestellung bei der Gärtnerei, lang: Anzahl korrigiert ("Korrektur:"), Adresse, Liefertag, Rosenfarbe, Boden, Beratung',
    service: 'entity',
    entity: {
      name: 'Wilma',
      purpose:
        'Kundenservice der Gärtnerei Grünholz: nimmt Pflanzenbestellungen auf, berät zu Stauden, Rosen, Obstbäumen, Erde und Dünger und plant die Lieferung in den Garten.',
    },
    endUser: { id: 'k-de-kundin-annegret', name: 'Annegret' },
    filler: { after: 4, count: 22, messages: FILLER_DE },
    turns: [
      {
        say: "hallo! ich möchte für meinen vorgarten bestellen: 6 lavendel 'hidcote', 2 kletterrosen in weiß und einen zwergapfelbaum. lieferung nach 24937 flensburg, mürwiker straße 9",
        lang: 'de',
      },
      { say: 'wer ist denn da am anderen ende?', contains: ['Wilma'], excludes: ['Annegret'], lang: 'de' },
      {
        say: 'der garten ist ziemlich schattig und der boden eher lehmig, geht das mit dem lavendel überhaupt?',
        contains: [['sonne', 'sonnig', 'sand', 'drainage', 'durchlässig', 'kies', 'schatten', 'standort', 'staunässe']],
        excludes: ['restaurant', 'buchhandlung'],
        lang: 'de',
      },
      { say: 'korrektur: nicht 6 lavendel, sondern 9, die reihe ist länger als gedacht', lang: 'de' },
      { say: 'könnt ihr am samstag, den 12., liefern? ab mittag bin ich zuhause', lang: 'de' },
      {
        say: 'so, zurück zu den pflanzen 😄 wie viele lavendel hab ich jetzt bestellt?',
        contains: [['9', 'neun']],
        excludes: ['6 lavendel', 'sechs lavendel'],
        lang: 'de',
      },
      { say: 'wohin kommt die lieferung?', contains: [['mürwiker', 'muerwiker'], 'flensburg'], lang: 'de' },
      { say: 'was kommt am 12. bei mir an?', contains: [['lieferung', 'pflanzen', 'lavendel', 'rosen', 'apfel', 'bestellung']], lang: 'de' },
      { say: 'welche farbe sollten die rosen haben?', contains: [['weiß', 'weiss']], lang: 'de' },
      { say: 'und der baum, was für einer war das?', contains: ['apfel'], lang: 'de' },
      {
        say: 'welchen dünger empfiehlst du für die rosen?',
        contains: [['rosendünger', 'rosenduenger', 'kompost', 'hornspäne', 'hornspaene', 'langzeit', 'organisch', 'mist', 'kalium', 'stickstoff', 'npk']],
        excludes: ['restaurant', 'buchhandlung'],
        lang: 'de',
      },
      { say: 'ab wann bin ich am liefertag da?', contains: [['mittag', '12 uhr', '12:00']], lang: 'de' },
      { say: 'wie ist mein boden nochmal, hab ich dir das gesagt?', contains: ['lehm'], lang: 'de' },
      { say: 'danke, bis samstag 🌿', lang: 'de' },
    ],
  },
  {
    id: 'k-de-driving-school',
    about: 'Fahrstunde buchen: Tag ("ich meinte") und Fahrlehrer ("doch lieber") korrigiert, Stundenzahl, Telefon, Theorieprüfung, Tipps',
    service: 'entity',
    entity: {
      name: 'Frieda',
      purpose:
        'Buchungsassistentin der Fahrschule Lenkrad & Co.: vereinbart Fahrstunden und Sonderfahrten, erklärt Theorie- und Prüfungsablauf und merkt sich den Ausbildungsstand jedes Fahrschülers.',
    },
    endUser: { id: 'k-de-fahrschueler-timo', name: 'Timo' },
    turns: [
      {
        say: 'hi, ich bin bei euch in der ausbildung klasse B, hab schon 14 fahrstunden. brauch jetzt die erste autobahnfahrt, geht donnerstag um 16 uhr? gern mit herrn okafor, mit dem komm ich gut klar',
        lang: 'de',
      },
      { say: 'wer bist du eigentlich, gehörst du zur fahrschule?', contains: ['Frieda'], excludes: ['Timo'], lang: 'de' },
      {
        say: 'ich hab ein bisschen schiss vor dem einfädeln auf der autobahn 😬 hast du tipps?',
        contains: [['spiegel', 'schulterblick', 'beschleunig', 'gas', 'blinker', 'geschwindigkeit', 'lücke', 'tempo']],
        excludes: ['restaurant', 'buchhandlung'],
        lang: 'de',
      },
      { say: 'ich meinte freitag, nicht donnerstag, donnerstags hab ich berufsschule', lang: 'de' },
      {
        say: 'meine handynummer für die bestätigung: 0176 4432 1098',
        excludes: ['wie lautet ihre handynummer', 'ihre telefonnummer?', 'deine handynummer?', 'wie ist deine nummer'],
        lang: 'de',
      },
      { say: 'die theorieprüfung hab ich am 3. bestanden, nur 2 fehlerpunkte 😎', lang: 'de' },
      { say: 'wie viele stunden hab ich schon hinter mir?', contains: [['14', 'vierzehn']], lang: 'de' },
      { say: 'doch lieber mit frau demir statt herrn okafor, die hat mehr geduld sagt meine schwester', lang: 'de' },
      { say: 'mit wem fahre ich jetzt?', contains: ['Demir'], excludes: ['Okafor'], lang: 'de' },
      { say: 'an welchem tag ist die autobahnfahrt?', contains: ['freitag'], excludes: ['donnerstag'], lang: 'de' },
      { say: 'und um wie viel uhr?', contains: [['16', 'vier uhr']], lang: 'de' },
      { say: 'was war am 3. nochmal? hab ich dir das erzählt?', contains: [['theorie', 'prüfung', 'pruefung', 'bestanden']], lang: 'de' },
      { say: 'unter welcher nummer erreicht ihr mich?', contains: [['0176 4432 1098', '017644321098', '4432 1098']], lang: 'de' },
      { say: 'welcher führerschein wars nochmal bei mir? 😅', contains: [['klasse b', 'klasse-b', 'b-führerschein', 'pkw']], lang: 'de' },
      { say: 'danke dir! 🚗', lang: 'de' },
    ],
  },
];
