import type { Dialogue } from './types';

/**
 * The tuned part of the dialogue suite: the examples of issue 22 and the phrasings the engine was
 * developed against (the held-out part, in held-out.ts, was not).
 */

const UNKNOWN_EN = ["haven't told", 'have not told', "don't know", 'do not know'];
const UNKNOWN_PT = ['ainda não', 'não me disse', 'não sei'];
const DEFLECTIONS = ['exact goal', 'good question', "so I don't just guess", 'what decision'];

const FILLER_EN = [
  'The weather is nice today.',
  'I had pasta for lunch.',
  'haha ok',
  'My cat keeps jumping on the keyboard.',
  'Work has been busy this week.',
  'I watched a documentary about octopuses yesterday.',
  'Thanks for chatting.',
  'Hmm, let me think.',
];
const FILLER_PT = [
  'Hoje está calor por aqui.',
  'Almocei agora há pouco.',
  'ok',
  'Estou ouvindo uma playlist nova.',
  'Amanhã tenho reunião cedo.',
  'kkkk',
  'Valeu!',
];

export const TUNED_DIALOGUES: Dialogue[] = [
  // ---- The examples of the issue ------------------------------------------------------------
  {
    id: 'issue-entity-jazz',
    about: 'issue 22: entity memory holds "Likes jazz" and answers "What music do I like?"',
    service: 'entity',
    entity: { name: 'Lia', purpose: 'A friendly companion' },
    endUser: { id: 'bruno' },
    turns: [{ say: 'Hi, I am Bruno and I love jazz' }, { say: 'What music do I like?', contains: ['jazz'], excludes: DEFLECTIONS }],
  },
  {
    id: 'issue-order-support',
    about: 'issue 22: the order number given is asked back',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [
      { say: 'My order number is 88412.', contains: ['88412'] },
      { say: 'What is my order number?', contains: ['88412'], excludes: DEFLECTIONS },
    ],
  },
  {
    id: 'issue-order-concise',
    about: 'issue 22: the concise voice used to answer "what\'s the exact goal?"',
    service: 'messaging',
    agent: { soul_id: 'concise-expert' },
    turns: [{ say: 'My order number is 88412.' }, { say: 'What is my order number?', contains: ['88412'], excludes: DEFLECTIONS }],
  },
  {
    id: 'issue-pt-name-and-order',
    about: 'issue 22: "Qual é o meu nome e o número do meu pedido?" answers both',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    turns: [
      { say: 'Oi, meu nome é Ana.' },
      { say: 'O número do meu pedido é 88412.' },
      { say: 'Qual é o meu nome e o número do meu pedido?', contains: ['Ana', '88412'], lang: 'pt' },
    ],
  },
  {
    id: 'issue-english-to-pt-agent',
    about: 'issue 22: an English speaker on a pt-BR agent is answered in English',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    turns: [
      { say: "Hi! My name is Tom and my order hasn't arrived.", contains: ['Tom'], lang: 'en' },
      { say: 'It was order 31415.', contains: ['31415'], lang: 'en' },
      { say: 'Thanks a lot!', lang: 'en' },
    ],
  },
  {
    id: 'issue-300-messages',
    about: 'issue 22: a fact given at message 3 is known at message 300',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    filler: { after: 1, count: 147, messages: FILLER_EN },
    turns: [
      { say: "Hi, I'm Carla." },
      { say: 'My order number is 77123.' },
      { say: 'Can you remind me of my order number?', contains: ['77123'], excludes: DEFLECTIONS },
      { say: 'And my name?', contains: ['Carla'] },
    ],
  },
  // ---- Corrections: a later fact replaces an earlier one ----------------------------------------
  {
    id: 'correction-order-en',
    about: 'the user corrects the order number',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [
      { say: 'My order number is 11111.' },
      { say: 'Sorry, my order number is actually 22222.' },
      { say: "What's my order number?", contains: ['22222'], excludes: ['11111'] },
    ],
  },
  {
    id: 'correction-email-pt',
    about: 'o e-mail corrigido substitui o anterior',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    turns: [
      { say: 'Meu e-mail é ana@antigo.com' },
      { say: 'Na verdade meu e-mail é ana@novo.com' },
      { say: 'Qual é o meu e-mail?', contains: ['ana@novo.com'], excludes: ['ana@antigo.com'] },
    ],
  },
  // ---- Unknown: said plainly ------------------------------------------------------------------
  {
    id: 'unknown-tracking-concise',
    about: 'a tracking number never given',
    service: 'messaging',
    agent: { soul_id: 'concise-expert' },
    turns: [{ say: "What's my tracking number?", contains: [UNKNOWN_EN], excludes: DEFLECTIONS }],
  },
  {
    id: 'unknown-order-pt',
    about: 'um pedido nunca informado',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    turns: [{ say: 'Oi!' }, { say: 'Você lembra do meu pedido?', contains: [UNKNOWN_PT], lang: 'pt' }],
  },
  {
    id: 'unknown-city-entity',
    about: 'entity: a city never given',
    service: 'entity',
    entity: { name: 'Sage', purpose: 'A helpful assistant for everyday questions' },
    endUser: { id: 'u-unknown' },
    turns: [{ say: 'Hello!' }, { say: 'Where do I live?', contains: [UNKNOWN_EN] }],
  },
  // ---- Numbers and codes, direct and indirect ---------------------------------------------------
  {
    id: 'room-remind-formal',
    about: '"remind me" on the formal concierge',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge' },
    turns: [{ say: 'Good afternoon. My room number is 512.' }, { say: 'Please remind me of my room number.', contains: ['512'] }],
  },
  {
    id: 'device-technical',
    about: 'an attribute ("my laptop is…") asked indirectly',
    service: 'messaging',
    agent: { soul_id: 'technical-helper' },
    turns: [{ say: 'My laptop is a ThinkPad X1 and it keeps freezing.' }, { say: 'Do you remember my laptop?', contains: ['ThinkPad X1'] }],
  },
  {
    id: 'protocol-phone-pt',
    about: 'protocolo e celular no assistente técnico',
    service: 'messaging',
    agent: { soul_id: 'assistente-tecnico' },
    turns: [
      { say: 'O protocolo do chamado é 2025-0042.' },
      { say: 'Meu celular é (11) 98765-4321.' },
      { say: 'Me lembra o protocolo?', contains: ['2025-0042'] },
      { say: 'E o meu celular?', contains: ['98765-4321'] },
    ],
  },
  {
    id: 'case-number-en',
    about: 'a case number given with "the", asked with "did I give you"',
    service: 'messaging',
    agent: { soul_id: 'technical-helper' },
    turns: [{ say: 'The case number is 00123456.' }, { say: 'What case number did I give you?', contains: ['00123456'] }],
  },
  {
    id: 'invoice-pt',
    about: 'nota fiscal',
    service: 'messaging',
    agent: { soul_id: 'sales-consultant' },
    turns: [{ say: 'A nota fiscal é 123.456.789.' }, { say: 'Qual é o número da minha nota fiscal?', contains: ['123.456.789'] }],
  },
  {
    id: 'confirmation-code-en',
    about: 'a confirmation code with letters and digits',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge' },
    turns: [{ say: 'I have a reservation, confirmation code ZK4P9Q.' }, { say: "What's my confirmation code?", contains: ['ZK4P9Q'] }],
  },
  {
    id: 'email-and-phone-en',
    about: 'two contacts asked together',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [
      { say: 'You can reach me at sam@example.com or on 555 0100 2233.' },
      { say: 'My phone number is 555 0100 2233.' },
      { say: 'Can you tell me my email and my phone?', contains: ['sam@example.com', '555 0100 2233'] },
    ],
  },
  {
    id: 'bare-answer-pt',
    about: 'o número dado como resposta curta à pergunta do agente',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    turns: [{ say: 'Meu pedido não chegou' }, { say: 'É 55667' }, { say: 'Qual número de pedido eu te passei?', contains: ['55667'] }],
  },
  {
    id: 'bare-name-en',
    about: 'the name given as the answer to "what should I call you?"',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [{ say: "What's my name?", contains: [UNKNOWN_EN] }, { say: 'Rita' }, { say: "What's my name?", contains: ['Rita'] }],
  },
  // ---- Tastes, people, places, dates, goals -----------------------------------------------------
  {
    id: 'likes-pt-entity',
    about: 'entidade: gostos por categoria e todos',
    service: 'entity',
    entity: { name: 'Bia', purpose: 'Uma amiga para conversar sobre o dia a dia' },
    endUser: { id: 'julia' },
    turns: [
      { say: 'Oi! Eu sou a Júlia e adoro sushi e samba.' },
      { say: 'Que comida eu gosto?', contains: ['sushi'], lang: 'pt' },
      { say: 'Do que eu gosto?', contains: ['sushi', 'samba'] },
    ],
  },
  {
    id: 'dislikes-en-entity',
    about: 'entity: dislikes',
    service: 'entity',
    entity: { name: 'Max', purpose: 'A cheerful companion to chat with' },
    endUser: { id: 'dislikes' },
    turns: [{ say: "I hate mornings and I don't like coffee." }, { say: "What don't I like?", contains: ['coffee', 'mornings'] }],
  },
  {
    id: 'check-like-en',
    about: '"do I like X?" answered yes from memory',
    service: 'entity',
    entity: { name: 'Max', purpose: 'A cheerful companion to chat with' },
    endUser: { id: 'hiker' },
    turns: [{ say: 'I love hiking.' }, { say: 'Do I like hiking?', contains: ['yes', 'hiking'] }],
  },
  {
    id: 'relation-en',
    about: 'a sister named, asked two ways',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [{ say: 'My sister is called Maria.' }, { say: "What's my sister's name?", contains: ['Maria'] }, { say: 'Who is my sister?', contains: ['Maria'] }],
  },
  {
    id: 'relation-pt',
    about: 'o nome do cachorro',
    service: 'messaging',
    agent: { soul_id: 'empathetic-listener' },
    turns: [{ say: 'Meu cachorro se chama Thor.' }, { say: 'Como se chama meu cachorro?', contains: ['Thor'], lang: 'pt' }],
  },
  {
    id: 'place-job-es',
    about: 'Spanish: city and job on an agent whose language is es',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en', language: 'es' },
    turns: [
      { say: 'Hola, soy Diego. Vivo en Valencia y trabajo como profesor.', lang: 'es' },
      { say: '¿Dónde vivo?', contains: ['Valencia'], lang: 'es' },
      { say: '¿En qué trabajo?', contains: ['profesor'], lang: 'es' },
    ],
  },
  {
    id: 'check-in-date-en',
    about: 'a date asked with "when"',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge' },
    turns: [{ say: 'My check-in is on March 3rd at 2pm.' }, { say: 'When is my check-in?', contains: ['March 3rd'] }],
  },
  {
    id: 'birthday-pt',
    about: 'aniversário',
    service: 'messaging',
    agent: { soul_id: 'playful-companion' },
    turns: [{ say: 'Meu aniversário é dia 5 de maio!' }, { say: 'Quando é meu aniversário?', contains: ['5 de maio'], lang: 'pt' }],
  },
  {
    id: 'goal-en-teacher',
    about: 'a goal on the teacher',
    service: 'messaging',
    agent: { soul_id: 'patient-teacher' },
    turns: [{ say: 'My goal is to pass the IELTS exam in June.' }, { say: "What's my goal?", contains: ['IELTS'] }],
  },
  {
    id: 'goal-pt-entity',
    about: 'entidade: objetivo',
    service: 'entity',
    entity: { name: 'Duda', purpose: 'Uma companheira de estudos para o vestibular' },
    endUser: { id: 'vest' },
    turns: [{ say: 'Meu objetivo é passar no vestibular de medicina.' }, { say: 'Qual é o meu objetivo?', contains: ['vestibular'], lang: 'pt' }],
  },
  {
    id: 'age-en-entity',
    about: 'entity: age',
    service: 'entity',
    entity: { name: 'Sage', purpose: 'A helpful assistant for everyday questions' },
    endUser: { id: 'age' },
    turns: [{ say: "I'm 34 years old." }, { say: 'How old am I?', contains: ['34'] }],
  },
  {
    id: 'budget-pt',
    about: 'orçamento no consultor de vendas',
    service: 'messaging',
    agent: { soul_id: 'sales-consultant' },
    turns: [{ say: 'Meu orçamento é de 3 mil reais.' }, { say: 'Qual era o meu orçamento?', contains: ['3 mil'] }],
  },
  {
    id: 'about-me-entity',
    about: 'entity: "what do you know about me?" lists places and contacts',
    service: 'entity',
    entity: { name: 'Sage', purpose: 'A helpful assistant for everyday questions' },
    endUser: { id: 'nora' },
    turns: [
      { say: "I'm Nora, I live in Oslo and my email is nora@example.no." },
      { say: 'What do you know about me?', contains: ['Nora', 'Oslo', 'nora@example.no'] },
    ],
  },
  {
    id: 'favorite-entity-long',
    about: 'entity: a favourite colour asked after 15 more turns',
    service: 'entity',
    entity: { name: 'Juno', purpose: 'A companion to chat about hobbies' },
    endUser: { id: 'green' },
    filler: { after: 0, count: 15, messages: FILLER_EN },
    turns: [{ say: 'My favorite color is green.' }, { say: "What's my favorite color?", contains: ['green'] }],
  },
  // ---- Language -------------------------------------------------------------------------------
  {
    id: 'spanish-order-en-agent',
    about: 'a Spanish speaker on an English agent',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [
      { say: 'Hola, mi número de pedido es 45678.', lang: 'es' },
      { say: '¿Recuerdas mi número de pedido?', contains: ['45678'], lang: 'es' },
      { say: '¡Muchas gracias!', lang: 'es' },
    ],
  },
  {
    id: 'spanish-entity-likes',
    about: 'entity: a Spanish speaker, likes by category',
    service: 'entity',
    entity: { name: 'Robin', purpose: 'A friendly assistant for everyday questions' },
    endUser: { id: 'lucia' },
    turns: [
      { say: 'Me llamo Lucía y me encanta el flamenco.', lang: 'es' },
      { say: '¿Qué música me gusta?', contains: ['flamenco'], lang: 'es' },
    ],
  },
  {
    id: 'fixed-reply-language',
    about: 'reply_language fixed to pt-BR: English messages are answered in Portuguese',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en', reply_language: 'pt-BR' },
    turns: [
      { say: 'Hello! My name is Kate.', contains: ['Kate'], lang: 'pt' },
      { say: 'What is my name?', contains: ['Kate'], lang: 'pt' },
    ],
  },
  {
    id: 'unclear-keeps-language',
    about: 'an unclear message keeps the language the user writes in',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    turns: [
      { say: "Hi, I'm Sam and I need help with an order.", lang: 'en' },
      { say: '88412', contains: ['88412'], lang: 'en' },
      { say: 'ok', lang: 'en' },
    ],
  },
  {
    id: 'long-pt-cpf',
    about: 'messaging: um CPF dado no início, pedido depois de 70 mensagens',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    filler: { after: 0, count: 35, messages: FILLER_PT },
    turns: [
      { say: 'Oi, sou o Paulo. Meu CPF é 123.456.789-00.' },
      { say: 'Qual é o meu CPF?', contains: ['123.456.789-00'], lang: 'pt' },
      { say: 'E meu nome?', contains: ['Paulo'] },
    ],
  },
  // ---- Statement memory, corrections, re-asks, who is speaking, French ----------------------
  {
    id: 'statements-en-flight-allergy',
    about: 'facts outside the slots are kept as statements and told back person-shifted',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [
      { say: 'My flight is on March 14th to Lisbon.' },
      { say: "I'm allergic to peanuts." },
      { say: 'My favourite colour is teal.' },
      { say: 'Where am I flying to?', contains: ['Lisbon', 'March 14th'], excludes: DEFLECTIONS, lang: 'en' },
      { say: 'What am I allergic to?', contains: ['peanuts'], excludes: DEFLECTIONS },
      { say: "What's my favourite colour?", contains: ['teal'], excludes: UNKNOWN_EN },
    ],
  },
  {
    id: 'corrections-en-code',
    about: '"X, not Y" replaces the old value everywhere',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [
      { say: 'My order number is 88231-B.' },
      { say: "It's 88213-B, not 88231-B.", excludes: ['88231'] },
      { say: 'What is my order number?', contains: ['88213-B'], excludes: ['88231'] },
    ],
  },
  {
    id: 'corrections-pt-me-enganei',
    about: '"me enganei: … não …" stores and answers the corrected number only',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    turns: [
      { say: 'Meu pedido não chegou.' },
      { say: 'me enganei: o número do pedido é 774521, não 774512', contains: ['774521'], excludes: ['774512'], lang: 'pt' },
      { say: 'Qual é o número do meu pedido?', contains: ['774521'], excludes: ['774512'] },
    ],
  },
  {
    id: 'reask-es-order',
    about: 'a detail just given is acknowledged, not asked for again',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [
      { say: 'Hola, mi pedido no ha llegado' },
      { say: 'el número de pedido es 55-9013', contains: ['55-9013'], excludes: ['¿Cuál es el número de pedido'], lang: 'es' },
      { say: '¿Con quién hablo?', contains: ['Nina'], lang: 'es' },
    ],
  },
  {
    id: 'entity-bookstore-identity',
    about: 'an entity speaks from its purpose and recommends books, not restaurants',
    service: 'entity',
    entity: { name: 'Folio', purpose: 'Customer care for Folio Books, an online bookstore' },
    endUser: { id: 'reader-1' },
    turns: [
      { say: 'Who am I talking to?', contains: ['Folio'], excludes: ['how was your day', 'companion'] },
      { say: 'Can you recommend a good book?', contains: [['read', 'genre', 'author']], excludes: ['budget', 'area'] },
      { say: 'My copy of Dune arrived with a torn cover.' },
      { say: 'What did I say about Dune?', contains: ['torn cover'] },
    ],
  },
  {
    id: 'french-end-to-end',
    about: 'French: replies, memory and identity',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [
      { say: 'Bonjour, ma commande n’est pas arrivée.', contains: ['commande'], lang: 'fr' },
      { say: "J'habite à Lyon et je suis allergique aux arachides." },
      { say: 'À qui je parle ?', contains: ['Nina'], lang: 'fr' },
      { say: 'Où est-ce que j’habite ?', contains: ['Lyon'], lang: 'fr' },
      { say: 'Merci beaucoup !', lang: 'fr' },
    ],
  },
];
