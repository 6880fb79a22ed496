import type { Dialogue } from './types';

/**
 * Frozen held-out set H: conversations for the conversational reply engine, never shown to its developer, never tuned on.
 *
 * Written by the `i37-writer` helper session (issue 37, item 5), as an outside tester who did not read the engine:
 * WITHOUT reading the engine's source (libs/conversation/src/lib/), docs/reply-engine.md or any other dialogue set's
 * conversations. Only the Dialogue format (types.ts), the check rules (score.ts), the part registry (index.ts), the
 * souls table in libs/conversation/README.md, the messaging and entity specs and the two e2e runners were read. Its
 * situations and phrasings differ from development set I (dev-i.ts), which was written at the same time, with the same
 * method, and is given to the engine's developer; this one is not.
 *
 * FROZEN: never shown to the engine's developer, never tuned on, never edited to make a dialogue pass. If a check
 * turns out to be unfair (a good human agent could fail it), remove that check in a commit that says why; do not
 * rewrite it to fit the engine's wording.
 *
 * Ids are `h-<language>-<topic>`: the language the user writes in (en, pt for pt-BR, es, de). Every check is what any
 * good human agent would certainly say: the remembered value itself (asked for in other words than it was given, often
 * sharing no word with the statement), the new value after a correction and never the old one, the agent's own name and
 * never the user's, a word of its trade, and the user's language. A turn's comment names what it checks: recall,
 * correction (the recall after it: new value present, old absent), no-reask (a detail just given is not asked for
 * again), identity, domain, lang (only the reply's language; off-topic filler turns are of this kind).
 */
export const HELD_OUT_H_DIALOGUES: Dialogue[] = [
  {
    id: 'h-en-laptop-repair',
    about: 'a laptop repair booking at a device service desk: model, fault, drop-off day corrected, identity',
    service: 'messaging',
    agent: { soul_id: 'technical-helper', name: 'Quinn' },
    turns: [
      // lang
      { say: 'Hi there, my laptop needs fixing and I was told to message this desk.', lang: 'en' },
      // identity
      { say: 'Before anything else, who is helping me today?', contains: ['Quinn'], excludes: ['Byte'], lang: 'en' },
      // no-reask: the model was just given
      {
        say: "It's a ThinkPad X13 and the left hinge cracked when I opened the lid this morning.",
        excludes: ['which model', 'what model'],
        lang: 'en',
      },
      // lang (filler)
      { say: 'Ugh, and of course it happens the week I have a deadline. Typical.', lang: 'en' },
      // lang
      { say: 'I can bring it to your shop on the 14th, around lunchtime.', lang: 'en' },
      // correction: "sorry, I meant"
      { say: "Sorry, I meant the 16th — on the 14th I'm stuck in meetings all day.", lang: 'en' },
      // recall: the fault, asked in other words
      { say: 'Remind me, what part of the machine did I say was broken?', contains: ['hinge'], lang: 'en' },
      // recall after correction: new day present, old absent
      { say: 'And which day did we settle on for the drop-off?', contains: ['16'], excludes: ['14th'], lang: 'en' },
      // recall: the model, no shared word
      { say: 'Which computer will the technician be expecting?', contains: [['X13', 'ThinkPad']], lang: 'en' },
      // lang (filler)
      { say: 'Random question, do you like your job?', lang: 'en' },
      // identity again, late
      { say: "Sorry, I've forgotten your name already.", contains: ['Quinn'], lang: 'en' },
      // lang
      { say: "Great, that's all I needed. Thanks!", lang: 'en' },
    ],
  },
  {
    id: 'h-en-clinic-appointment',
    about: 'a family clinic front desk: doctor, day and time, a time correction, recall by the day alone',
    service: 'entity',
    entity: {
      name: 'Harriet',
      purpose: 'Front desk of the Maplewood Family Clinic: books, moves and cancels medical appointments for patients.',
    },
    endUser: { id: 'h37-en-clinic-tom', name: 'Tom' },
    turns: [
      // lang
      { say: "Hello, I'd like to see a doctor about a cough that won't go away.", lang: 'en' },
      // identity: the entity's name, never the user's
      { say: 'Who am I speaking with, please?', contains: ['Harriet'], lang: 'en' },
      // lang
      { say: "Dr. Okafor saw me last year, I'd like her again if possible.", lang: 'en' },
      // no-reask: day and time were just given
      {
        say: 'The 14th at 9:30 in the morning would suit me best.',
        excludes: ['which day', 'what day', 'what time', 'which time'],
        lang: 'en',
      },
      // correction: "X, not Y"
      { say: '10:30, not 9:30 — I forgot the school run.', lang: 'en' },
      // lang (filler)
      { say: 'The waiting room used to have a fish tank, is it still there?', lang: 'en' },
      // recall: the day alone, no shared word with the statement
      { say: "What's on the 14th for me?", contains: ['Okafor'], lang: 'en' },
      // recall after correction: new time present, old absent
      { say: 'What time should I turn up?', contains: ['10:30'], excludes: ['9:30'], lang: 'en' },
      // recall: the reason for the visit
      { say: 'What did I tell you I was coming in for?', contains: ['cough'], lang: 'en' },
      // domain: a clinic desk does not send you to a restaurant
      { say: 'Anything I should bring along?', excludes: ['restaurant', 'menu'], lang: 'en' },
      // lang
      { say: 'Lovely, thanks. See you then.', lang: 'en' },
    ],
  },
  {
    id: 'h-en-bookstore-order',
    about: 'an online bookstore: a title ordered, quantity corrected, recommendations stay books',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en', name: 'Wren' },
    turns: [
      // lang
      { say: "Morning! I'm after a few books for my reading group.", lang: 'en' },
      // identity
      { say: "What's your name, if you don't mind me asking?", contains: ['Wren'], excludes: ['Sunny'], lang: 'en' },
      // lang
      { say: 'We picked The Remains of the Day by Kazuo Ishiguro for next month.', lang: 'en' },
      // lang
      { say: "I'll need three copies of it, paperback please.", lang: 'en' },
      // correction: "oops, make that"
      { say: 'Oops, make that five copies — two more people joined this week.', lang: 'en' },
      // lang (filler)
      { say: 'Our group meets in a pub, which is probably why nobody finishes the books.', lang: 'en' },
      // recall after correction: new quantity present, old absent
      { say: 'How many am I getting in total?', contains: [['5', 'five']], excludes: ['three'], lang: 'en' },
      // recall: title, asked without the title's words
      { say: 'Which novel did we go for, again?', contains: ['Remains'], lang: 'en' },
      // recall: author, no shared word
      { say: 'And who wrote it?', contains: ['Ishiguro'], lang: 'en' },
      // domain: a bookstore suggests books, not places to eat
      {
        say: 'Could you suggest something for the month after, a bit lighter?',
        contains: [['book', 'novel', 'title', 'read']],
        excludes: ['restaurant'],
        lang: 'en',
      },
      // recall: format
      { say: 'What format did I want them in?', contains: ['paperback'], lang: 'en' },
      // lang
      { say: 'Perfect, cheers.', lang: 'en' },
    ],
  },
  {
    id: 'h-en-evening-companion',
    about: 'a companion for evening chats: pet, a family date, a correction, long filler before the recalls',
    service: 'entity',
    entity: {
      name: 'Juniper',
      purpose: 'A warm companion for evening chats: listens, remembers what matters to the person and keeps them company.',
    },
    endUser: { id: 'h37-en-companion-maggie', name: 'Maggie' },
    filler: {
      after: 4,
      count: 24,
      messages: [
        'It rained all afternoon here.',
        'I made soup, nothing special.',
        'The neighbours are painting their fence again.',
        'I watched half a quiz show and fell asleep.',
        'My knee is a bit stiff today.',
        'The kettle is taking ages to boil.',
      ],
    },
    turns: [
      // lang
      { say: "Evening. It's been a long, quiet day.", lang: 'en' },
      // identity: entity name, never the user's
      { say: 'Remind me who I am chatting with?', contains: ['Juniper'], excludes: ['Maggie'], lang: 'en' },
      // lang
      { say: 'My old terrier Biscuit is snoring at my feet as we speak.', lang: 'en' },
      // lang
      { say: "My granddaughter Poppy's christening is on the 22nd of May.", lang: 'en' },
      // correction: "actually"
      { say: "Actually, it's Rosie's christening — Poppy is her big sister. I always mix them up.", lang: 'en' },
      // recall after the filler: the pet's name, no shared word
      { say: "What's my little dog called? I want to see if you remember.", contains: ['Biscuit'], lang: 'en' },
      // recall after correction: new name present, old absent... the old name is still her sister, so only the new one is wanted
      { say: 'Whose big day is coming up in May?', contains: ['Rosie'], lang: 'en' },
      // recall: the date asked by the event
      { say: 'And when exactly is the christening?', contains: ['22'], lang: 'en' },
      // recall: by the day alone
      { say: "What's happening on the 22nd?", contains: [['christening', 'Rosie']], lang: 'en' },
      // lang (filler)
      { say: 'Do you ever get tired of my rambling?', lang: 'en' },
      // identity, late
      { say: 'What was your name again, love?', contains: ['Juniper'], excludes: ['Maggie'], lang: 'en' },
      // lang
      { say: "Right, I'm off to bed. Goodnight.", lang: 'en' },
    ],
  },
  {
    id: 'h-pt-assinatura-streaming',
    about: 'suporte de assinatura de streaming: plano, troca de plano com "correção:", data de cobrança pelo dia',
    service: 'messaging',
    agent: { soul_id: 'friendly-support', name: 'Marta' },
    turns: [
      // lang
      { say: 'Oi, boa tarde! Queria mexer na minha assinatura.', lang: 'pt' },
      // identity
      { say: 'Com quem eu tô falando?', contains: ['Marta'], lang: 'pt' },
      // no-reask: the e-mail was just given
      {
        say: 'Minha conta é no e-mail joana.prado@exemplo.com.br, plano Família.',
        excludes: ['qual e o seu e-mail', 'qual seu e-mail', 'qual o seu e-mail', 'informe seu e-mail'],
        lang: 'pt',
      },
      // lang
      { say: 'Quero passar pro plano Básico, tá muito caro pra mim agora.', lang: 'pt' },
      // correction: "correção:"
      { say: 'Correção: pro plano Padrão, o Básico não tem HD e minha TV é grande.', lang: 'pt' },
      // lang (filler)
      { say: 'Aliás, vocês vão trazer aquela série coreana de volta?', lang: 'pt' },
      // lang
      { say: 'A cobrança cai sempre no dia 14 no meu cartão.', lang: 'pt' },
      // recall after correction: new plan present, old absent
      { say: 'Pra qual plano eu disse que quero mudar mesmo?', contains: ['Padrão'], excludes: ['Básico'], lang: 'pt' },
      // recall: the current plan
      { say: 'E qual é o que eu tenho hoje?', contains: ['Família'], lang: 'pt' },
      // recall: by the day alone
      { say: 'O que acontece no dia 14?', contains: [['cobra', 'cartão', 'fatura', 'pagamento', 'paga', 'débito']], lang: 'pt' },
      // recall: the e-mail, no shared word
      { say: 'Em que endereço você vai mandar a confirmação?', contains: ['joana.prado'], lang: 'pt' },
      // lang
      { say: 'Beleza, obrigada pela ajuda!', lang: 'pt' },
    ],
  },
  {
    id: 'h-pt-academia-matricula',
    about: 'recepção de academia: matrícula, modalidade e horário, "me enganei", identidade sem o nome do aluno',
    service: 'entity',
    entity: {
      name: 'Dandara',
      purpose: 'Recepção da academia Força Viva: matrículas, planos, horários de aulas e avaliação física.',
    },
    endUser: { id: 'h37-pt-academia-rui', name: 'Rui' },
    turns: [
      // lang
      { say: 'E aí, tudo certo? Tô querendo voltar a treinar.', lang: 'pt' },
      // identity
      { say: 'Quem tá me atendendo?', contains: ['Dandara'], lang: 'pt' },
      // lang
      { say: 'Quero fazer muay thai três vezes por semana.', lang: 'pt' },
      // lang
      { say: 'Prefiro a turma das 19h, depois do trabalho.', lang: 'pt' },
      // correction: "me enganei"
      { say: 'Me enganei, saio tarde: tem que ser a das 20h30.', lang: 'pt' },
      // lang (filler)
      { say: 'Cara, o trânsito hoje tava impossível.', lang: 'pt' },
      // recall after correction: new time present, old absent
      { say: 'Que horas fica a minha turma?', contains: ['20'], excludes: ['19h'], lang: 'pt' },
      // recall: the sport, no shared word
      { say: 'Qual luta eu falei que ia fazer?', contains: ['muay thai'], lang: 'pt' },
      // recall: frequency
      { say: 'Quantos dias na semana eu pedi?', contains: [['3', 'três']], lang: 'pt' },
      // domain: a gym front desk, not a bookstore
      { say: 'Tem alguma dica pra eu não desistir no primeiro mês?', excludes: ['livraria', 'restaurante'], lang: 'pt' },
      // identity, late
      { say: 'Esqueci teu nome, desculpa!', contains: ['Dandara'], lang: 'pt' },
      // lang
      { say: 'Valeu, até segunda!', lang: 'pt' },
    ],
  },
  {
    id: 'h-pt-pedido-liquidificador',
    about: 'pedido de loja online que chegou com defeito: número do pedido, endereço corrigido, não perguntar de novo',
    service: 'messaging',
    agent: { soul_id: 'sales-consultant', name: 'Otávio' },
    turns: [
      // lang
      { say: 'Olá, comprei um liquidificador com vocês e veio com problema.', lang: 'pt' },
      // no-reask: the order number was just given
      {
        say: 'O número do pedido é 58217 e a jarra chegou trincada.',
        excludes: ['qual o numero do pedido', 'qual e o numero do pedido', 'informe o numero do pedido'],
        lang: 'pt',
      },
      // identity
      { say: 'Você é quem, mesmo?', contains: ['Otávio'], excludes: ['Rafael'], lang: 'pt' },
      // lang
      { say: 'Quero trocar por um novo, não quero o dinheiro de volta.', lang: 'pt' },
      // lang
      { say: 'Podem mandar pra Rua das Acácias, 120.', lang: 'pt' },
      // correction: "na verdade"
      { say: 'Na verdade é 210, não 120. Sempre troco esses números.', lang: 'pt' },
      // lang (filler)
      { say: 'Enquanto isso tô fazendo suco no garfo, haha.', lang: 'pt' },
      // recall: the order, no shared word
      { say: 'Pode confirmar a compra de que estamos falando?', contains: [['58217', 'liquidificador']], lang: 'pt' },
      // recall after correction: new number present, old absent
      { say: 'Pra onde vai o aparelho novo?', contains: ['210'], excludes: ['120'], lang: 'pt' },
      // recall: the defect
      { say: 'O que tinha de errado com o meu, segundo o que eu te contei?', contains: [['jarra', 'trincad']], lang: 'pt' },
      // recall: exchange, not refund
      { say: 'Eu pedi reembolso ou outra coisa?', contains: [['troca', 'novo']], lang: 'pt' },
      // lang
      { say: 'Fechou, obrigado!', lang: 'pt' },
    ],
  },
  {
    id: 'h-pt-companhia-noite',
    about: 'uma companhia de conversa: nome da filha, cidade, viagem corrigida, conversa longa antes das lembranças',
    service: 'entity',
    entity: {
      name: 'Iara',
      purpose: 'Companhia para conversar no fim do dia: escuta, lembra do que importa para a pessoa e faz companhia.',
    },
    endUser: { id: 'h37-pt-companhia-celia', name: 'Célia' },
    filler: {
      after: 5,
      count: 22,
      messages: [
        'Hoje fez um calor danado.',
        'Fiz um bolo de fubá pro café.',
        'A novela tá cada vez mais enrolada.',
        'Meu joelho reclamou na escada de novo.',
        'O gato da vizinha apareceu aqui no quintal.',
      ],
    },
    turns: [
      // lang
      { say: 'Boa noite, querida. Dia comprido hoje.', lang: 'pt' },
      // identity
      { say: 'Como é mesmo o teu nome?', contains: ['Iara'], excludes: ['Célia'], lang: 'pt' },
      // lang
      { say: 'Minha filha Bruna mora em Curitiba faz dois anos.', lang: 'pt' },
      // lang
      { say: 'Vou visitar ela no dia 9 de agosto.', lang: 'pt' },
      // correction: "quer dizer"
      { say: 'Quer dizer, dia 19 de agosto, que no dia 9 tenho médico.', lang: 'pt' },
      // lang (filler)
      { say: 'Você gosta de frio? Eu não aguento.', lang: 'pt' },
      // recall after the filler: the daughter's name, no shared word
      { say: 'Lembra como se chama a minha menina?', contains: ['Bruna'], lang: 'pt' },
      // recall: the city
      { say: 'E onde ela vive?', contains: ['Curitiba'], lang: 'pt' },
      // recall after correction: new date present, old absent
      { say: 'Quando é que eu viajo pra lá?', contains: ['19'], excludes: ['dia 9 '], lang: 'pt' },
      // recall: by the day alone
      { say: 'O que tenho marcado pro dia 19?', contains: [['Bruna', 'Curitiba', 'viaj', 'visit']], lang: 'pt' },
      // lang
      { say: 'Obrigada pela conversa, viu? Vou dormir.', lang: 'pt' },
    ],
  },
  {
    id: 'h-es-clinica-dental',
    about: 'recepción de una clínica dental: tratamiento, día corregido con "perdón, me equivoqué", recuerdo por el día',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge', name: 'Leonor', language: 'es' },
    turns: [
      // lang
      { say: 'Buenos días, quería pedir cita en la clínica dental.', lang: 'es' },
      // identity
      { say: '¿Con quién hablo, por favor?', contains: ['Leonor'], excludes: ['Whitmore'], lang: 'es' },
      // lang
      { say: 'Me toca una limpieza y revisar un empaste que se me movió.', lang: 'es' },
      // no-reask: day and time given
      {
        say: 'Me viene bien el martes 11 a las cinco de la tarde.',
        excludes: ['que dia le viene', 'a que hora le viene', 'que dia prefiere', 'que hora prefiere'],
        lang: 'es',
      },
      // correction: "perdón, me equivoqué"
      { say: 'Perdón, me equivoqué: el martes es 12, no 11.', lang: 'es' },
      // lang (filler)
      { say: 'Qué calor hace hoy en Sevilla, por cierto.', lang: 'es' },
      // recall after correction: new day present, old absent
      { say: '¿Qué fecha me has apuntado?', contains: ['12'], excludes: ['11'], lang: 'es' },
      // recall: by the day alone
      { say: '¿Qué tengo el día 12?', contains: [['limpieza', 'empaste', 'cita', 'dentista']], lang: 'es' },
      // recall: the reason, other words
      { say: '¿Qué problema te conté que tenía?', contains: ['empaste'], lang: 'es' },
      // recall: time
      { say: '¿A qué hora debo presentarme?', contains: [['17', 'cinco']], lang: 'es' },
      // identity, late
      { say: 'Disculpa, ¿cómo dijiste que te llamabas?', contains: ['Leonor'], lang: 'es' },
      // lang
      { say: 'Muchas gracias, hasta el martes.', lang: 'es' },
    ],
  },
  {
    id: 'h-es-reserva-casa-rural',
    about: 'reservas de casas rurales: huéspedes, fechas, número de personas corregido, conversación larga',
    service: 'entity',
    entity: {
      name: 'Amparo',
      purpose: 'Reservas de casas rurales en los Picos de Europa: disponibilidad, fechas, precios y cambios de reserva.',
    },
    endUser: { id: 'h37-es-casa-javier', name: 'Javier' },
    filler: {
      after: 5,
      count: 22,
      messages: [
        'Hoy llueve a cántaros aquí en Bilbao.',
        'Me he hecho un café con leche.',
        'Mi perro no para de ladrar al cartero.',
        'El partido de anoche fue un desastre.',
        'Tengo que llevar el coche al taller.',
      ],
    },
    turns: [
      // lang
      { say: 'Hola, buenas. Busco una casa rural para el puente de diciembre.', lang: 'es' },
      // identity
      { say: '¿Cómo te llamas tú?', contains: ['Amparo'], excludes: ['Javier'], lang: 'es' },
      // lang
      { say: 'Seríamos cuatro adultos y nos gustaría la casa La Braña.', lang: 'es' },
      // no-reask: dates just given
      {
        say: 'Entraríamos el 6 de diciembre y saldríamos el 9.',
        excludes: ['que fechas', 'cuando quieren llegar', 'cuando llegarian'],
        lang: 'es',
      },
      // correction: "perdona, quería decir"
      { say: 'Perdona, quería decir seis adultos; se apuntan mis cuñados.', lang: 'es' },
      // lang (filler)
      { say: '¿Tú has estado alguna vez por allí?', lang: 'es' },
      // recall after the filler and correction: new number present, old absent
      { say: '¿Para cuántas personas es la reserva?', contains: [['6', 'seis']], excludes: ['cuatro'], lang: 'es' },
      // recall: the house, no shared word
      { say: '¿Qué alojamiento habíamos elegido?', contains: ['Braña'], lang: 'es' },
      // recall: dates
      { say: '¿Qué día llegamos?', contains: ['6'], lang: 'es' },
      // recall: by the day alone
      { say: '¿Y qué pasa el 9?', contains: [['sali', 'salen', 'salir', 'dejar', 'deja', 'vais', 'marcha', 'termina', 'ultimo', 'fin', 'check']], lang: 'es' },
      // lang
      { say: 'Vale, genial. ¡Gracias!', lang: 'es' },
    ],
  },
  {
    id: 'h-es-gimnasio-rutina',
    about: 'un entrenador de gimnasio: lesión, objetivo, peso corregido, dominio (rutinas, no recetas de restaurante)',
    service: 'messaging',
    agent: { soul_id: 'patient-teacher', name: 'Tomás' },
    turns: [
      // lang
      { say: 'Hola, me acabo de apuntar al gimnasio y no sé por dónde empezar.', lang: 'es' },
      // identity
      { say: '¿Quién eres tú?', contains: ['Tomás'], lang: 'es' },
      // lang
      { say: 'Quiero ganar fuerza para poder cargar a mi hija sin que me duela la espalda.', lang: 'es' },
      // lang
      { say: 'Ojo, que tengo una tendinitis en el hombro derecho.', lang: 'es' },
      // lang
      { say: 'Ahora mismo peso 82 kilos.', lang: 'es' },
      // correction: "no, espera"
      { say: 'No, espera, esta mañana me pesé: 79, no 82.', lang: 'es' },
      // lang (filler)
      { say: 'Por cierto, ¿has visto la final de anoche?', lang: 'es' },
      // recall: the injury, no shared word
      { say: '¿Qué lesión te dije que tenía?', contains: [['tendinitis', 'hombro']], lang: 'es' },
      // recall after correction: new weight present, old absent
      { say: '¿Cuánto te dije que peso?', contains: ['79'], excludes: ['82'], lang: 'es' },
      // domain: training advice
      {
        say: '¿Qué me recomiendas hacer el primer día?',
        contains: [['ejercicio', 'serie', 'repeticion', 'calentamiento', 'calentar', 'entrenamiento', 'peso']],
        excludes: ['restaurante'],
        lang: 'es',
      },
      // recall: the goal, other words
      { say: '¿Para qué te conté que quiero entrenar?', contains: [['hija', 'espalda', 'fuerza']], lang: 'es' },
      // lang
      { say: 'Gracias, mañana empiezo.', lang: 'es' },
    ],
  },
  {
    id: 'h-de-router-stoerung',
    about: 'Technik-Hotline: Router-Modell, Kundennummer, "Korrektur:", nicht erneut fragen, Name der Hotline',
    service: 'messaging',
    agent: { soul_id: 'technical-helper', name: 'Jonas' },
    turns: [
      // lang
      { say: 'Guten Tag, mein Internet fällt seit gestern Abend ständig aus.', lang: 'de' },
      // identity
      { say: 'Mit wem spreche ich gerade?', contains: ['Jonas'], excludes: ['Byte'], lang: 'de' },
      // no-reask: the customer number was just given
      {
        say: 'Meine Kundennummer ist 40-77812, falls Sie die brauchen.',
        excludes: ['wie lautet ihre kundennummer', 'ihre kundennummer?', 'nennen sie mir ihre kundennummer'],
        lang: 'de',
      },
      // lang
      { say: 'Der Router ist eine FritzBox 7530, die LED für Internet blinkt rot.', lang: 'de' },
      // correction: "Korrektur:"
      { say: 'Korrektur: die LED blinkt orange, nicht rot. Ich habe eben nochmal hingeschaut.', lang: 'de' },
      // lang (filler)
      { say: 'Ich arbeite im Homeoffice, Sie können sich vorstellen, wie nervig das ist.', lang: 'de' },
      // recall: the device, no shared word
      { say: 'Welches Gerät steht bei mir, hatte ich gesagt?', contains: [['7530', 'FritzBox']], lang: 'de' },
      // recall after correction: new colour present, old absent
      { say: 'Welche Farbe hat das Lämpchen nochmal?', contains: ['orange'], excludes: [' rot'], lang: 'de' },
      // recall: customer number, no shared word
      { say: 'Unter welcher Nummer bin ich bei Ihnen geführt?', contains: ['77812'], lang: 'de' },
      // recall: since when
      { say: 'Seit wann habe ich das Problem, laut meiner ersten Nachricht?', contains: ['gestern'], lang: 'de' },
      // identity, late
      { say: 'Wie war Ihr Name noch gleich?', contains: ['Jonas'], lang: 'de' },
      // lang
      { say: 'Danke, ich probiere das aus.', lang: 'de' },
    ],
  },
  {
    id: 'h-de-buchhandlung-bestellung',
    about: 'eine Buchhandlung: Bestellung, "ich meinte…", Empfehlung bleibt bei Büchern, Abholtag per Datum',
    service: 'entity',
    entity: {
      name: 'Henrike',
      purpose: 'Beratung und Bestellungen der Buchhandlung Lesezeichen: Bücher empfehlen, bestellen und zur Abholung zurücklegen.',
    },
    endUser: { id: 'h37-de-buch-paul', name: 'Paul' },
    turns: [
      // lang
      { say: 'Hallo! Ich suche ein Geschenk für meine Mutter.', lang: 'de' },
      // identity
      { say: 'Wer berät mich heute?', contains: ['Henrike'], lang: 'de' },
      // domain: a bookstore recommends books, not restaurants
      {
        say: 'Sie mag Krimis, die in Skandinavien spielen. Was würden Sie empfehlen?',
        contains: [['Buch', 'Roman', 'Bücher', 'Reihe', 'Autor', 'Autorin']],
        excludes: ['Restaurant'],
        lang: 'de',
      },
      // lang
      { say: 'Dann bestelle ich "Die Frau in Blau" von Selma Lindqvist.', lang: 'de' },
      // correction: "ich meinte"
      { say: 'Ich meinte "Der Mann im Nebel", nicht "Die Frau in Blau". Die hat sie schon.', lang: 'de' },
      // lang
      { say: 'Ich hole es am 18. November im Laden ab.', lang: 'de' },
      // lang (filler)
      { say: 'Bei uns hat heute der erste Schnee gelegen, herrlich.', lang: 'de' },
      // recall after correction: new title present, old absent
      { say: 'Welchen Titel haben Sie jetzt für mich zurückgelegt?', contains: ['Nebel'], excludes: ['Blau'], lang: 'de' },
      // recall: by the date alone
      { say: 'Was steht bei mir am 18. an?', contains: [['abhol', 'Nebel', 'Buch', 'Laden']], lang: 'de' },
      // recall: who it is for, other words
      { say: 'Für wen war das Geschenk gedacht?', contains: ['Mutter'], lang: 'de' },
      // identity, late
      { say: 'Und Ihr Name war?', contains: ['Henrike'], lang: 'de' },
      // lang
      { say: 'Vielen Dank, bis dann!', lang: 'de' },
    ],
  },
  {
    id: 'h-de-zeitschriften-abo',
    about: 'Kundenservice eines Zeitschriften-Abos: Adresse umgezogen, Kündigungsdatum, lange Unterhaltung vor dem Erinnern',
    service: 'entity',
    entity: {
      name: 'Ottilie',
      purpose: 'Kundenservice für Zeitschriften-Abonnements: Lieferadresse, Pausen, Kündigungen und Rechnungen.',
    },
    endUser: { id: 'h37-de-abo-birgit', name: 'Birgit' },
    filler: {
      after: 4,
      count: 22,
      messages: [
        'Mein Kaffee ist schon wieder kalt.',
        'Draußen ist es so neblig heute.',
        'Der Nachbar mäht um acht Uhr früh den Rasen.',
        'Ich habe gestern einen tollen Film gesehen.',
        'Mein Handy-Akku ist fast leer.',
      ],
    },
    turns: [
      // lang
      { say: 'Guten Morgen, ich habe ein Abo für die Zeitschrift Gartenglück.', lang: 'de' },
      // identity
      { say: 'Mit wem habe ich das Vergnügen?', contains: ['Ottilie'], excludes: ['Birgit'], lang: 'de' },
      // lang
      { say: 'Ich bin umgezogen, die neue Adresse ist Lindenweg 5 in Kassel.', lang: 'de' },
      // correction: "nein, Moment"
      { say: 'Nein, Moment: Lindenweg 15, die 1 habe ich verschluckt.', lang: 'de' },
      // lang
      { say: 'Außerdem möchte ich das Abo zum 31. März beenden.', lang: 'de' },
      // recall after the filler: the magazine, no shared word
      { say: 'Um welches Heft ging es bei mir noch mal?', contains: ['Gartenglück'], lang: 'de' },
      // recall after correction: new house number present, old absent
      { say: 'Wohin soll die nächste Ausgabe geliefert werden?', contains: ['15'], excludes: ['Lindenweg 5 '], lang: 'de' },
      // recall: the city
      { say: 'In welche Stadt bin ich gezogen?', contains: ['Kassel'], lang: 'de' },
      // recall: by the date alone
      { say: 'Was passiert am 31. März?', contains: [['Abo', 'Kündigung', 'endet', 'Ende', 'beend', 'letzte', 'läuft']], lang: 'de' },
      // lang (filler)
      { say: 'Lesen Sie selbst eigentlich Zeitschriften?', lang: 'de' },
      // identity, late
      { say: 'Verzeihung, wie hießen Sie?', contains: ['Ottilie'], excludes: ['Birgit'], lang: 'de' },
      // lang
      { say: 'Prima, danke schön und einen schönen Tag!', lang: 'de' },
    ],
  },
  {
    id: 'h-es-lavadora-averia',
    about: 'servicio técnico de electrodomésticos: lavadora que pierde agua, modelo, visita corregida con "uy, quise decir"',
    service: 'entity',
    entity: {
      name: 'Maite',
      purpose: 'Servicio técnico de electrodomésticos Hogarfix: averías, visitas de técnicos a domicilio y garantías.',
    },
    endUser: { id: 'h37-es-lavadora-ernesto', name: 'Ernesto' },
    turns: [
      // lang
      { say: 'Hola, mi lavadora está soltando agua por debajo.', lang: 'es' },
      // identity
      { say: '¿Con quién estoy hablando?', contains: ['Maite'], excludes: ['Ernesto'], lang: 'es' },
      // no-reask: the model was just given
      {
        say: 'Es una Balay 3TS984B, tiene unos cuatro años.',
        excludes: ['que modelo', 'cual es el modelo', 'me dice el modelo'],
        lang: 'es',
      },
      // lang
      { say: 'El charco sale sobre todo cuando centrifuga.', lang: 'es' },
      // lang
      { say: 'Que venga el técnico el lunes 3 por la mañana, por favor.', lang: 'es' },
      // correction: "uy, quise decir"
      { say: 'Uy, quise decir el miércoles 5; el lunes trabajo fuera.', lang: 'es' },
      // lang (filler)
      { say: 'Mientras tanto estoy lavando a mano como mi abuela, ja, ja.', lang: 'es' },
      // recall after correction: new day present, old absent
      { say: '¿Qué día viene a casa el técnico?', contains: [['5', 'miércoles']], excludes: ['lunes'], lang: 'es' },
      // recall: the appliance model, no shared word
      { say: '¿Qué aparato tengo yo, según te dije?', contains: [['Balay', '3TS984B']], lang: 'es' },
      // recall: when it leaks, other words
      { say: '¿En qué momento del lavado aparece el problema?', contains: ['centrifug'], lang: 'es' },
      // domain: appliance repair, not a bookstore
      { say: '¿Hay algo que pueda revisar yo mientras espero?', excludes: ['libreria', 'restaurante'], lang: 'es' },
      // lang
      { say: 'Vale, muchas gracias por todo.', lang: 'es' },
    ],
  },
  {
    id: 'h-de-paket-verschollen',
    about: 'Versandservice: verschollenes Paket, Sendungsnummer, Ablageort korrigiert, lange Unterhaltung vor dem Erinnern',
    service: 'messaging',
    agent: { soul_id: 'concise-expert', name: 'Frieda' },
    filler: {
      after: 5,
      count: 22,
      messages: [
        'Heute ist es ganz schön windig.',
        'Ich habe mir gerade einen Tee gemacht.',
        'Mein Sohn übt nebenan Schlagzeug.',
        'Im Radio läuft nur Werbung.',
        'Die Straßenbahn war heute überfüllt.',
      ],
    },
    turns: [
      // lang
      { say: 'Hallo, laut Sendungsverfolgung wurde mein Paket zugestellt, aber ich habe nichts bekommen.', lang: 'de' },
      // identity
      { say: 'Wer antwortet mir hier?', contains: ['Frieda'], excludes: ['Morgan'], lang: 'de' },
      // no-reask: the tracking number was just given
      {
        say: 'Die Sendungsnummer lautet 00340 4471 2298.',
        excludes: ['wie lautet ihre sendungsnummer', 'nennen sie mir die sendungsnummer', 'ihre sendungsnummer?'],
        lang: 'de',
      },
      // lang
      { say: 'Drin waren Wanderschuhe für meinen Urlaub.', lang: 'de' },
      // lang
      { say: 'Ich hatte als Ablageort die Garage angegeben.', lang: 'de' },
      // correction: "Moment, ich habe mich vertan"
      { say: 'Moment, ich habe mich vertan: Ablageort war die Terrasse, nicht die Garage.', lang: 'de' },
      // recall after the filler: the contents, no shared word
      { say: 'Was war noch mal in der Lieferung?', contains: ['Wanderschuh'], lang: 'de' },
      // recall after correction: new place present, old absent
      { say: 'Wo hätte der Bote es hinlegen sollen?', contains: ['Terrasse'], excludes: ['Garage'], lang: 'de' },
      // recall: the tracking number, other words
      { say: 'Unter welcher Nummer läuft meine Sendung?', contains: ['2298'], lang: 'de' },
      // lang (filler)
      { say: 'Passiert so etwas bei Ihnen oft?', lang: 'de' },
      // identity, late
      { say: 'Wie war noch gleich Ihr Name?', contains: ['Frieda'], lang: 'de' },
      // lang
      { say: 'Danke, ich warte dann auf Ihre Rückmeldung.', lang: 'de' },
    ],
  },
];
