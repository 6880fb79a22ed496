import type { Dialogue } from './types';

/**
 * Development set I: conversations for the conversational reply engine, given to its developer (tuned on).
 *
 * Written by the `i37-writer` helper session (issue 37, item 5), as an outside tester who did not read the engine:
 * WITHOUT reading the engine's source (libs/conversation/src/lib/), docs/reply-engine.md or any other dialogue set's
 * conversations; only the Dialogue format, the check rules, the souls table and the messaging and entity specs. It was
 * written at the same time and with the same method as the frozen held-out set H (held-out-h.ts), with different
 * situations and phrasings, so that what the engine learns here can be measured on H.
 *
 * Ids are `i-<language>-<topic>`: the language the user writes in (en, pt for pt-BR, es, de). Every check is what any
 * good human agent would certainly say: the remembered value itself (asked for in other words than it was given, often
 * sharing no word with the statement), the new value after a correction and never the old one, the agent's own name and
 * never the user's, a word of its trade, and the user's language. A turn's comment names what it checks: recall,
 * correction (the recall after it: new value present, old absent), no-reask (a detail just given is not asked for
 * again), identity, domain, lang (only the reply's language; off-topic filler turns are of this kind).
 */
export const DEV_I_DIALOGUES: Dialogue[] = [
  {
    id: 'i-en-phone-return',
    about: 'returning a phone bought online: order reference, reason, colour of the replacement corrected',
    service: 'messaging',
    agent: { soul_id: 'concise-expert', name: 'Avery' },
    turns: [
      // lang
      { say: 'Hey, I want to send back a phone I bought from you last week.', lang: 'en' },
      // identity
      { say: 'Who am I dealing with here?', contains: ['Avery'], excludes: ['Morgan'], lang: 'en' },
      // no-reask: the order reference was just given
      {
        say: 'Order reference is QX-30917, it was a Pixel 8.',
        excludes: ['what is your order', "what's your order", 'order reference?', 'which order'],
        lang: 'en',
      },
      // lang
      { say: 'The screen flickers every time the brightness is low.', lang: 'en' },
      // lang
      { say: "I'd like a replacement rather than a refund, in black.", lang: 'en' },
      // correction: "actually"
      { say: 'Actually, go for the green one instead — black shows every fingerprint.', lang: 'en' },
      // lang (filler)
      { say: 'My cat has been sitting on the box all morning, by the way.', lang: 'en' },
      // recall after correction: new colour present, old absent
      { say: 'What colour is the new one going to be?', contains: ['green'], excludes: ['black'], lang: 'en' },
      // recall: the reference, no shared word
      { say: 'Can you read me back the number of my purchase?', contains: ['30917'], lang: 'en' },
      // recall: the fault, other words
      { say: "What's wrong with the handset, as I described it?", contains: [['flicker', 'screen']], lang: 'en' },
      // recall: exchange, not refund
      { say: 'Did I ask for my money back?', contains: [['replacement', 'exchange', 'new one']], lang: 'en' },
      // lang
      { say: 'Brilliant, thanks.', lang: 'en' },
    ],
  },
  {
    id: 'i-en-gym-membership-freeze',
    about: 'a gym membership desk: freezing a membership, dates, a corrected reason, identity without the member name',
    service: 'entity',
    entity: {
      name: 'Colette',
      purpose: 'Membership desk of the Ironbark Gym: memberships, freezes, class bookings and personal training.',
    },
    endUser: { id: 'i37-en-gym-dana', name: 'Dana' },
    turns: [
      // lang
      { say: 'Hi, I need to pause my gym membership for a while.', lang: 'en' },
      // identity
      { say: 'Who am I talking to?', contains: ['Colette'], excludes: ['Dana'], lang: 'en' },
      // no-reask: the dates were just given
      {
        say: "I'm travelling from the 3rd of July until the 28th of July.",
        excludes: ['what dates', 'which dates', 'how long will you be'],
        lang: 'en',
      },
      // lang
      { say: "I'm on the Premium plan with unlimited classes.", lang: 'en' },
      // correction: "no wait"
      { say: "No wait, I'm on Standard, not Premium. I downgraded in spring.", lang: 'en' },
      // lang (filler)
      { say: "Honestly I'll miss the spin class, the instructor is hilarious.", lang: 'en' },
      // recall after correction: new plan present, old absent
      { say: 'Which membership tier do I have?', contains: ['Standard'], excludes: ['Premium'], lang: 'en' },
      // recall: by the day alone
      { say: "What's happening on the 28th?", contains: [['return', 'back', 'resume', 'end', 'travel', 'freeze', 'pause']], lang: 'en' },
      // recall: start date, other words
      { say: 'From when does the pause start?', contains: ['3'], lang: 'en' },
      // domain: a gym desk, not a bookstore
      { say: 'Any tips to stay in shape while I am away?', excludes: ['restaurant', 'bookstore'], lang: 'en' },
      // lang
      { say: 'Thanks a lot, that helps.', lang: 'en' },
    ],
  },
  {
    id: 'i-en-bookshop-gift',
    about: 'a bookshop concierge: a gift for a nephew, age corrected, recommendations stay books, recall by the date',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge', name: 'Mr. Ashby' },
    turns: [
      // lang
      { say: "Good afternoon. I'm looking for a birthday present at your bookshop.", lang: 'en' },
      // identity
      { say: 'May I ask your name?', contains: ['Ashby'], excludes: ['Whitmore'], lang: 'en' },
      // lang
      { say: "It's for my nephew Arlo, he's turning nine.", lang: 'en' },
      // correction: "sorry, I meant"
      { say: 'Sorry, I meant eleven — nine was last time. Time flies.', lang: 'en' },
      // domain: a bookshop recommends books
      {
        say: 'He loves dragons and maps. What would you suggest?',
        contains: [['book', 'novel', 'series', 'read', 'title', 'author']],
        excludes: ['restaurant'],
        lang: 'en',
      },
      // lang
      { say: 'The party is on the 14th, so I need it by then.', lang: 'en' },
      // lang (filler)
      { say: 'I am hopeless at wrapping presents, I must confess.', lang: 'en' },
      // recall after correction: new age present, old absent
      { say: 'How old will the birthday boy be?', contains: [['11', 'eleven']], excludes: ['nine'], lang: 'en' },
      // recall: the nephew's name, no shared word
      { say: "What's the young man called, again?", contains: ['Arlo'], lang: 'en' },
      // recall: by the day alone
      { say: "What's on the 14th?", contains: [['party', 'birthday', 'Arlo']], lang: 'en' },
      // recall: his interests, other words
      { say: 'Which subjects did I say he is keen on?', contains: [['dragon', 'map']], lang: 'en' },
      // lang
      { say: 'Splendid, thank you.', lang: 'en' },
    ],
  },
  {
    id: 'i-en-bookclub-companion',
    about: 'a companion: a book club, a friend, a time corrected, long filler before the recalls',
    service: 'entity',
    entity: {
      name: 'Moss',
      purpose: 'A friendly companion to talk things through with at the end of the day and keep the person company.',
    },
    endUser: { id: 'i37-en-companion-rob', name: 'Rob' },
    filler: {
      after: 4,
      count: 22,
      messages: [
        'Traffic was awful on the way home.',
        'I had leftover curry for dinner.',
        'The football was on but I barely watched it.',
        'My phone keeps buzzing with group chat nonsense.',
        'It is oddly warm for October.',
      ],
    },
    turns: [
      // lang
      { say: 'Hey, how are you doing tonight?', lang: 'en' },
      // identity
      { say: "What's your name? I don't think I caught it.", contains: ['Moss'], lang: 'en' },
      // lang
      { say: 'My best mate Callum talked me into joining his book club.', lang: 'en' },
      // lang
      { say: 'First meeting is Thursday at 7.', lang: 'en' },
      // correction: "oops, make that"
      { say: 'Oops, make that 8 — Callum just texted that it moved.', lang: 'en' },
      // recall after the filler: the friend, no shared word
      { say: 'Who roped me into the reading thing?', contains: ['Callum'], lang: 'en' },
      // recall after correction: new time present, old absent
      { say: 'What time do I need to be there on Thursday?', contains: ['8'], excludes: [' 7'], lang: 'en' },
      // recall: which day
      { say: 'Which evening is the first meeting?', contains: ['Thursday'], lang: 'en' },
      // lang (filler)
      { say: 'Do you think I will actually finish the book this time?', lang: 'en' },
      // identity, late
      { say: 'Thanks for listening, what was your name again?', contains: ['Moss'], lang: 'en' },
      // lang
      { say: 'Night!', lang: 'en' },
    ],
  },
  {
    id: 'i-pt-clinica-vacina',
    about: 'recepção de clínica: vacina da filha, data corrigida com "me enganei", lembrança pelo dia',
    service: 'entity',
    entity: {
      name: 'Benedita',
      purpose: 'Recepção da Clínica Bem Cuidar: agenda consultas, exames e vacinas, remarca e cancela horários.',
    },
    endUser: { id: 'i37-pt-clinica-sonia', name: 'Sônia' },
    turns: [
      // lang
      { say: 'Bom dia! Preciso agendar uma vacina pra minha filha.', lang: 'pt' },
      // identity
      { say: 'Quem fala aí?', contains: ['Benedita'], excludes: ['Sônia'], lang: 'pt' },
      // lang
      { say: 'Ela se chama Alice e tem 4 anos, é a dose de reforço da tríplice viral.', lang: 'pt' },
      // no-reask: day and period just given
      {
        say: 'Pode ser dia 14 de manhã, antes da escolinha.',
        excludes: ['qual dia', 'que dia prefere', 'qual o melhor dia', 'que dia fica melhor'],
        lang: 'pt',
      },
      // correction: "me enganei"
      { say: 'Ai, me enganei: dia 14 ela tem passeio. Melhor dia 18 de manhã.', lang: 'pt' },
      // lang (filler)
      { say: 'Ela morre de medo de agulha, coitadinha.', lang: 'pt' },
      // recall after correction: new day present, old absent
      { say: 'Em que data ficou marcado?', contains: ['18'], excludes: ['dia 14'], lang: 'pt' },
      // recall: by the day alone
      { say: 'O que a gente tem no dia 18?', contains: [['vacina', 'Alice', 'reforço', 'tríplice']], lang: 'pt' },
      // recall: the child's name, no shared word
      { say: 'Como é o nome da paciente mesmo?', contains: ['Alice'], lang: 'pt' },
      // recall: age
      { say: 'Que idade eu falei que ela tem?', contains: [['4', 'quatro']], lang: 'pt' },
      // domain: a clinic desk
      { say: 'Preciso levar alguma coisa?', excludes: ['livraria', 'restaurante'], lang: 'pt' },
      // lang
      { say: 'Obrigada, até lá!', lang: 'pt' },
    ],
  },
  {
    id: 'i-pt-celular-nao-carrega',
    about: 'suporte técnico de celular: modelo, sintoma, cabo corrigido, não pedir o modelo de novo',
    service: 'messaging',
    agent: { soul_id: 'assistente-tecnico', name: 'Nilo' },
    turns: [
      // lang
      { say: 'Oi, meu celular parou de carregar do nada.', lang: 'pt' },
      // no-reask: the model was just given
      {
        say: 'É um Galaxy A54, comprei em março.',
        excludes: ['qual e o modelo', 'qual o modelo', 'que modelo'],
        lang: 'pt',
      },
      // identity
      { say: 'Qual é o seu nome?', contains: ['Nilo'], lang: 'pt' },
      // lang
      { say: 'Tô usando o cabo original que veio na caixa.', lang: 'pt' },
      // correction: "na real"
      { say: 'Na real não, o original sumiu; tô usando um cabo genérico do camelô.', lang: 'pt' },
      // lang (filler)
      { say: 'Tô sem celular e sem paciência, haha.', lang: 'pt' },
      // recall: the device, no shared word
      { say: 'Qual aparelho eu tenho mesmo, pra você anotar?', contains: [['A54', 'Galaxy']], lang: 'pt' },
      // recall after correction: new cable present, old absent
      { say: 'E que carregador eu tô usando?', contains: [['genérico', 'camelô']], excludes: ['original'], lang: 'pt' },
      // recall: when it was bought
      { say: 'Ainda tá na garantia? Lembra quando eu comprei?', contains: ['março'], lang: 'pt' },
      // domain: technical help, not a restaurant
      { say: 'O que eu testo primeiro?', excludes: ['restaurante', 'livro'], lang: 'pt' },
      // identity, late
      { say: 'Valeu, como é teu nome de novo?', contains: ['Nilo'], lang: 'pt' },
      // lang
      { say: 'Beleza, vou testar.', lang: 'pt' },
    ],
  },
  {
    id: 'i-pt-livraria-encomenda',
    about: 'livraria: encomenda de livro, edição corrigida com "correção:", recomendação continua sendo livro',
    service: 'messaging',
    agent: { soul_id: 'friendly-support', name: 'Graça' },
    turns: [
      // lang
      { say: 'Olá! Vocês fazem encomenda de livro que não tá na loja?', lang: 'pt' },
      // identity
      { say: 'Com quem eu converso?', contains: ['Graça'], lang: 'pt' },
      // lang
      { say: 'Quero Grande Sertão: Veredas, do Guimarães Rosa, edição de bolso.', lang: 'pt' },
      // correction: "correção:"
      { say: 'Correção: edição capa dura, é pra dar de presente pro meu pai.', lang: 'pt' },
      // lang
      { say: 'Vou buscar na loja do Centro, no sábado dia 21.', lang: 'pt' },
      // lang (filler)
      { say: 'Esse livro eu tentei ler na escola e desisti, confesso.', lang: 'pt' },
      // recall after correction: new edition present, old absent
      { say: 'Que versão do livro ficou no pedido?', contains: ['capa dura'], excludes: ['bolso'], lang: 'pt' },
      // recall: the author, no shared word
      { say: 'Quem é o escritor mesmo?', contains: ['Guimarães'], lang: 'pt' },
      // recall: by the day alone
      { say: 'O que eu tenho pra fazer no dia 21?', contains: [['busca', 'retir', 'pegar', 'Centro', 'loja']], lang: 'pt' },
      // domain: a bookstore recommends books
      {
        say: 'Me indica mais alguma coisa pro meu pai? Ele gosta de história do Brasil.',
        contains: [['livro', 'obra', 'autor', 'romance', 'leitura']],
        excludes: ['restaurante'],
        lang: 'pt',
      },
      // recall: who it is for
      { say: 'Pra quem era o presente, eu te contei?', contains: ['pai'], lang: 'pt' },
      // lang
      { say: 'Obrigada, Graça!', lang: 'pt' },
    ],
  },
  {
    id: 'i-pt-amiga-longa',
    about: 'uma amiga de conversa: irmão, cidade da mudança corrigida, conversa longa antes das lembranças',
    service: 'entity',
    entity: {
      name: 'Zuri',
      purpose: 'Uma amiga para conversar à noite: ouve, lembra do que a pessoa contou e faz companhia.',
    },
    endUser: { id: 'i37-pt-amiga-leo', name: 'Léo' },
    filler: {
      after: 4,
      count: 22,
      messages: [
        'Choveu a tarde inteira aqui.',
        'Comi pão de queijo no lanche.',
        'O ônibus atrasou de novo.',
        'Tô maratonando uma série de detetive.',
        'Meu vizinho tá reformando o apartamento.',
      ],
    },
    turns: [
      // lang
      { say: 'Opa, boa noite! Bora conversar um pouco?', lang: 'pt' },
      // identity
      { say: 'Como você se chama?', contains: ['Zuri'], lang: 'pt' },
      // lang
      { say: 'Meu irmão Caio vai se mudar no mês que vem.', lang: 'pt' },
      // lang
      { say: 'Ele vai pra Recife por causa do trabalho novo.', lang: 'pt' },
      // correction: "não, peraí"
      { say: 'Não, peraí, é Salvador, não Recife. Confundi com a namorada dele.', lang: 'pt' },
      // recall after the filler: the brother, no shared word
      { say: 'Lembra do nome do meu mano?', contains: ['Caio'], lang: 'pt' },
      // recall after correction: new city present, old absent
      { say: 'Pra que cidade ele tá indo?', contains: ['Salvador'], excludes: ['Recife'], lang: 'pt' },
      // recall: why, other words
      { say: 'E por que ele vai embora?', contains: [['trabalho', 'emprego']], lang: 'pt' },
      // lang (filler)
      { say: 'Vou sentir falta dele, sabia?', lang: 'pt' },
      // identity, late
      { say: 'Obrigado pela conversa, qual é teu nome mesmo?', contains: ['Zuri'], lang: 'pt' },
      // lang
      { say: 'Falou, boa noite!', lang: 'pt' },
    ],
  },
  {
    id: 'i-es-pedido-sofa',
    about: 'tienda de muebles: pedido de un sofá, color corregido con "perdón, me equivoqué", dirección, día de entrega',
    service: 'messaging',
    agent: { soul_id: 'sales-consultant', name: 'Inés', language: 'es' },
    turns: [
      // lang
      { say: 'Hola, quiero saber cómo va el pedido de mi sofá.', lang: 'es' },
      // identity
      { say: '¿Con quién tengo el gusto?', contains: ['Inés'], excludes: ['Rafael'], lang: 'es' },
      // no-reask: the order number was just given
      {
        say: 'El número de pedido es 77045, un sofá de tres plazas.',
        excludes: ['cual es el numero de pedido', 'numero de pedido?', 'me indica el numero'],
        lang: 'es',
      },
      // lang
      { say: 'Lo pedí en color gris perla.', lang: 'es' },
      // correction: "perdón, me equivoqué"
      { say: 'Perdón, me equivoqué, lo pedí en azul marino, no en gris.', lang: 'es' },
      // lang
      { say: 'La entrega es el jueves 20 en la calle Alcalá 88.', lang: 'es' },
      // lang (filler)
      { say: 'Mi gato ya ha elegido su sitio en el sofá viejo, ja, ja.', lang: 'es' },
      // recall after correction: new colour present, old absent
      { say: '¿De qué color es el que compré?', contains: ['azul'], excludes: ['gris'], lang: 'es' },
      // recall: by the day alone
      { say: '¿Qué me llega el 20?', contains: [['sofá', 'pedido', '77045']], lang: 'es' },
      // recall: the address, no shared word
      { say: '¿Adónde lo van a traer?', contains: ['Alcalá'], lang: 'es' },
      // recall: the order number, other words
      { say: '¿Me repites la referencia de mi compra?', contains: ['77045'], lang: 'es' },
      // lang
      { say: 'Perfecto, muchas gracias.', lang: 'es' },
    ],
  },
  {
    id: 'i-es-suscripcion-revista',
    about: 'atención de suscripciones de una app de idiomas: plan, cancelación corregida a pausa, identidad',
    service: 'entity',
    entity: {
      name: 'Rocío',
      purpose: 'Atención al cliente de las suscripciones de la app de idiomas Hablamundo: planes, pagos, pausas y bajas.',
    },
    endUser: { id: 'i37-es-suscripcion-manuel', name: 'Manuel' },
    turns: [
      // lang
      { say: 'Buenas tardes, tengo una duda con mi suscripción.', lang: 'es' },
      // identity
      { say: '¿Cómo te llamas?', contains: ['Rocío'], excludes: ['Manuel'], lang: 'es' },
      // lang
      { say: 'Tengo el plan anual y estoy aprendiendo italiano.', lang: 'es' },
      // lang
      { say: 'Quiero darme de baja a final de mes.', lang: 'es' },
      // correction: "mejor dicho"
      { say: 'Mejor dicho, no quiero la baja: prefiero pausarla tres meses.', lang: 'es' },
      // lang (filler)
      { say: 'Es que me voy de viaje y no tendré tiempo para nada.', lang: 'es' },
      // recall: the language, no shared word
      { say: '¿Qué idioma te dije que estudio?', contains: ['italiano'], lang: 'es' },
      // recall after correction: the pause, not the cancellation
      { say: 'Entonces, ¿qué vamos a hacer con mi cuenta?', contains: ['paus'], lang: 'es' },
      // recall: length of the pause
      { say: '¿Cuánto tiempo dura lo que pedí?', contains: [['3', 'tres']], lang: 'es' },
      // recall: the plan, other words
      { say: '¿Qué tipo de plan tengo contratado?', contains: ['anual'], lang: 'es' },
      // identity, late
      { say: 'Gracias, ¿me recuerdas tu nombre?', contains: ['Rocío'], excludes: ['Manuel'], lang: 'es' },
      // lang
      { say: '¡Hasta luego!', lang: 'es' },
    ],
  },
  {
    id: 'i-es-companero-largo',
    about: 'un compañero de charla: nombre de la abuela, cumpleaños corregido, conversación larga antes de recordar',
    service: 'entity',
    entity: {
      name: 'Lucho',
      purpose: 'Un compañero para charlar por las noches: escucha, recuerda lo importante y hace compañía.',
    },
    endUser: { id: 'i37-es-charla-carmen', name: 'Carmen' },
    filler: {
      after: 4,
      count: 22,
      messages: [
        'Hoy hizo un viento tremendo.',
        'Cené una tortilla de patatas.',
        'Mi vecino tiene la música altísima.',
        'He visto un documental de pingüinos.',
        'Tengo que regar las plantas mañana.',
      ],
    },
    turns: [
      // lang
      { say: 'Hola, ¿qué tal? Necesito charlar un rato.', lang: 'es' },
      // identity
      { say: '¿Y tú quién eres?', contains: ['Lucho'], excludes: ['Carmen'], lang: 'es' },
      // lang
      { say: 'Mi abuela Remedios cumple noventa años este mes.', lang: 'es' },
      // lang
      { say: 'La fiesta es el sábado 8 en su pueblo, en Cuenca.', lang: 'es' },
      // correction: "no, perdona"
      { say: 'No, perdona, es el domingo 9, no el sábado 8.', lang: 'es' },
      // recall after the filler: the grandmother, no shared word
      { say: '¿Cómo se llama la señora que cumple años?', contains: ['Remedios'], lang: 'es' },
      // recall after correction: new day present, old absent
      { say: '¿Cuándo es la celebración?', contains: ['9'], excludes: ['sábado'], lang: 'es' },
      // recall: the age
      { say: '¿Cuántos años cumple?', contains: [['90', 'noventa']], lang: 'es' },
      // recall: the place
      { say: '¿Dónde será?', contains: ['Cuenca'], lang: 'es' },
      // lang (filler)
      { say: '¿A ti te gustan las fiestas familiares?', lang: 'es' },
      // lang
      { say: 'Bueno, me voy a dormir. ¡Gracias!', lang: 'es' },
    ],
  },
  {
    id: 'i-de-arztpraxis-termin',
    about: 'Arztpraxis: Termin beim Hautarzt, Uhrzeit mit "Korrektur:", Versichertenkarte nicht erneut erfragen',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge', name: 'Frau Brandt' },
    turns: [
      // lang
      { say: 'Guten Tag, ich möchte einen Termin in der Hautarztpraxis vereinbaren.', lang: 'de' },
      // identity
      { say: 'Mit wem spreche ich bitte?', contains: ['Brandt'], excludes: ['Whitmore'], lang: 'de' },
      // lang
      { say: 'Es geht um ein Muttermal am Rücken, das sich verändert hat.', lang: 'de' },
      // no-reask: insurance just given
      {
        say: 'Ich bin bei der TK versichert, gesetzlich.',
        excludes: ['wie sind sie versichert', 'welche krankenkasse', 'bei welcher kasse'],
        lang: 'de',
      },
      // lang
      { say: 'Am liebsten Mittwoch, den 12., um 8 Uhr.', lang: 'de' },
      // correction: "Korrektur:"
      { say: 'Korrektur: um 9 Uhr, nicht um 8. Vorher bringe ich die Kinder weg.', lang: 'de' },
      // lang (filler)
      { say: 'Bei Ihnen ist das Wetter hoffentlich besser als hier.', lang: 'de' },
      // recall after correction: new time present, old absent
      { say: 'Wann genau soll ich in der Praxis sein?', contains: ['9'], excludes: ['8 Uhr'], lang: 'de' },
      // recall: by the date alone
      { say: 'Was habe ich am 12. vor?', contains: [['Termin', 'Praxis', 'Muttermal', 'Hautarzt']], lang: 'de' },
      // recall: the reason, no shared word
      { say: 'Weshalb komme ich noch mal?', contains: ['Muttermal'], lang: 'de' },
      // recall: insurance
      { say: 'Welche Kasse hatte ich genannt?', contains: [['TK', 'Techniker']], lang: 'de' },
      // lang
      { say: 'Vielen Dank, auf Wiederhören.', lang: 'de' },
    ],
  },
  {
    id: 'i-de-ferienwohnung',
    about: 'Buchung einer Ferienwohnung: Gäste, Anreise, Haustier, "ich meinte…", Erinnerung per Datum',
    service: 'entity',
    entity: {
      name: 'Matthis',
      purpose: 'Buchungsservice für Ferienwohnungen an der Ostsee: Verfügbarkeit, Buchungen, Umbuchungen und Preise.',
    },
    endUser: { id: 'i37-de-ferien-sabine', name: 'Sabine' },
    turns: [
      // lang
      { say: 'Moin! Ich würde gern eine Ferienwohnung an der Ostsee buchen.', lang: 'de' },
      // identity
      { say: 'Wer ist denn da am anderen Ende?', contains: ['Matthis'], excludes: ['Sabine'], lang: 'de' },
      // no-reask: the dates were just given
      {
        say: 'Wir kommen am 2. August und bleiben bis zum 9. August.',
        excludes: ['wann moechten sie anreisen', 'wann mochten sie anreisen', 'welcher zeitraum', 'wann reisen sie an'],
        lang: 'de',
      },
      // lang
      { say: 'Wir sind zwei Erwachsene und bringen unseren Hund Fiete mit.', lang: 'de' },
      // lang
      { say: 'Die Wohnung Möwennest in Zingst hat uns gefallen.', lang: 'de' },
      // correction: "ich meinte"
      { say: 'Ich meinte die Wohnung Dünenblick, nicht Möwennest. Die hat einen Garten für den Hund.', lang: 'de' },
      // lang (filler)
      { say: 'Ich freue mich schon so auf Fischbrötchen am Hafen.', lang: 'de' },
      // recall after correction: new flat present, old absent
      { say: 'Welche Unterkunft haben Sie für uns notiert?', contains: ['Dünenblick'], excludes: ['Möwennest'], lang: 'de' },
      // recall: the dog, no shared word
      { say: 'Wie heißt unser Vierbeiner?', contains: ['Fiete'], lang: 'de' },
      // recall: by the date alone
      {
        say: 'Was ist am 9. August?',
        contains: [['Abreise', 'abreis', 'Ende', 'letzte', 'Auszug', 'fahr', 'Heimreise', 'Rückreise', 'check', 'verlass']],
        lang: 'de',
      },
      // recall: number of guests, other words
      { say: 'Für wie viele Leute ist das?', contains: [['2', 'zwei']], lang: 'de' },
      // lang
      { say: 'Super, danke schön!', lang: 'de' },
    ],
  },
  {
    id: 'i-de-fitnessstudio-probetraining',
    about: 'Fitnessstudio: Probetraining, Ziel, Uhrzeit korrigiert, Fachgebiet (Training, keine Restaurants)',
    service: 'messaging',
    agent: { soul_id: 'patient-teacher', name: 'Kai' },
    turns: [
      // lang
      { say: 'Hallo, ich interessiere mich für ein Probetraining bei euch im Studio.', lang: 'de' },
      // identity
      { say: 'Wie heißt du eigentlich?', contains: ['Kai'], lang: 'de' },
      // lang
      { say: 'Ich möchte für einen Halbmarathon im Frühjahr fit werden.', lang: 'de' },
      // lang
      { say: 'Ich hätte gern Samstag um 10 Uhr.', lang: 'de' },
      // correction: "ach nein"
      { say: 'Ach nein, Samstag um 11, um 10 habe ich Chorprobe.', lang: 'de' },
      // lang (filler)
      { say: 'Singst du eigentlich auch gern?', lang: 'de' },
      // recall after correction: new time present, old absent
      { say: 'Um wie viel Uhr komme ich am Samstag?', contains: ['11'], excludes: ['10 Uhr'], lang: 'de' },
      // recall: the goal, no shared word
      { say: 'Worauf trainiere ich hin, hatte ich erzählt?', contains: ['Halbmarathon'], lang: 'de' },
      // domain: a trainer suggests training
      {
        say: 'Was sollte ich bis dahin schon mal machen?',
        contains: [['lauf', 'Training', 'trainier', 'Übung', 'dehn', 'aufwärm', 'Kilometer']],
        excludes: ['Restaurant'],
        lang: 'de',
      },
      // recall: why not 10, other words
      { say: 'Warum passt es mir früher nicht?', contains: ['Chor'], lang: 'de' },
      // identity, late
      { say: 'Danke! Und wie war dein Name?', contains: ['Kai'], lang: 'de' },
      // lang
      { say: 'Bis Samstag!', lang: 'de' },
    ],
  },
  {
    id: 'i-es-libreria-club-lectura',
    about: 'una librería: libros para un club de lectura, cantidad corregida, recomendaciones que siguen siendo libros',
    service: 'messaging',
    agent: { soul_id: 'friendly-support', name: 'Aitana', language: 'es' },
    turns: [
      // lang
      { say: '¡Hola! Organizo un club de lectura y quiero hacer un pedido a la librería.', lang: 'es' },
      // identity
      { say: '¿Quién me atiende?', contains: ['Aitana'], lang: 'es' },
      // lang
      { say: 'Este trimestre leemos Nada, de Carmen Laforet.', lang: 'es' },
      // lang
      { say: 'Necesito ocho ejemplares.', lang: 'es' },
      // correction: "corrijo: X, no Y"
      { say: 'Corrijo: que sean diez, no ocho, que se han sumado dos vecinas.', lang: 'es' },
      // lang
      { say: 'Pasaré a recogerlos el viernes 17 por la tarde.', lang: 'es' },
      // lang (filler)
      { say: 'La última vez discutimos dos horas sobre el final, fue buenísimo.', lang: 'es' },
      // recall after correction: new quantity present, old absent
      { say: '¿Cuántos libros me vas a preparar?', contains: [['10', 'diez']], excludes: ['ocho'], lang: 'es' },
      // recall: the author, no shared word
      { say: '¿Quién escribió la novela que elegimos?', contains: ['Laforet'], lang: 'es' },
      // recall: by the day alone
      { say: '¿Qué tengo el 17?', contains: [['recog', 'pasa', 'pedido', 'libros', 'ejemplares', 'librería']], lang: 'es' },
      // domain: a bookstore recommends books
      {
        say: '¿Qué nos propones para el trimestre siguiente?',
        contains: [['novela', 'libro', 'autor', 'autora', 'lectura', 'titulo']],
        excludes: ['restaurante'],
        lang: 'es',
      },
      // lang
      { say: '¡Mil gracias!', lang: 'es' },
    ],
  },
  {
    id: 'i-de-abendbegleiter',
    about: 'ein Begleiter für Abendgespräche: Enkel, Reise, Stadt korrigiert, lange Unterhaltung vor dem Erinnern',
    service: 'entity',
    entity: {
      name: 'Wilma',
      purpose: 'Eine Begleiterin für Gespräche am Abend: hört zu, merkt sich, was der Person wichtig ist, und leistet Gesellschaft.',
    },
    endUser: { id: 'i37-de-abend-horst', name: 'Horst' },
    filler: {
      after: 4,
      count: 22,
      messages: [
        'Heute war es den ganzen Tag grau.',
        'Ich habe Bratkartoffeln gegessen.',
        'Im Fernsehen kam nur Wiederholung.',
        'Der Briefträger war heute spät dran.',
        'Meine Tomaten werden langsam rot.',
      ],
    },
    turns: [
      // lang
      { say: 'Guten Abend, schön, dass jemand da ist.', lang: 'de' },
      // identity
      { say: 'Wie heißen Sie denn?', contains: ['Wilma'], excludes: ['Horst'], lang: 'de' },
      // lang
      { say: 'Mein Enkel Jannik macht gerade sein Abitur.', lang: 'de' },
      // lang
      { say: 'Danach will er ein Jahr nach Neuseeland.', lang: 'de' },
      // correction: "ach, was rede ich: X, nicht Y"
      { say: 'Ach was rede ich, nach Australien, nicht Neuseeland. Das verwechsle ich immer.', lang: 'de' },
      // recall after the filler: the grandson, no shared word
      { say: 'Wissen Sie noch, wie mein Enkelsohn heißt?', contains: ['Jannik'], lang: 'de' },
      // recall after correction: new country present, old absent
      { say: 'Wohin zieht es ihn nach der Schule?', contains: ['Australien'], excludes: ['Neuseeland'], lang: 'de' },
      // recall: what he is doing now, other words
      { say: 'Und was macht er im Moment?', contains: ['Abitur'], lang: 'de' },
      // lang (filler)
      { say: 'Früher sind wir ja höchstens bis an den Gardasee gekommen.', lang: 'de' },
      // identity, late
      { say: 'Wie war Ihr Name gleich?', contains: ['Wilma'], excludes: ['Horst'], lang: 'de' },
      // lang
      { say: 'Gute Nacht und danke fürs Zuhören.', lang: 'de' },
    ],
  },
];
