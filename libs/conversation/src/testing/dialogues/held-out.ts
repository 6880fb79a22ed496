import type { Dialogue } from './types';

/**
 * The held-out part of the dialogue suite (part A): written before the engine learned to answer from
 * memory, and not used to tune its phrasings. Its first run (before the services were wired) found three
 * general bugs, fixed since. Its pass share is reported on its own.
 */

const UNKNOWN_EN = [
  "haven't told",
  'have not told',
  "didn't tell",
  'did not tell',
  "don't know",
  'do not know',
  "don't have",
  'do not have',
  'not told',
  "haven't given",
  'not given',
  "haven't shared",
  'not shared',
];
const UNKNOWN_PT = ['ainda não', 'não me', 'não sei', 'não tenho'];

const FILLER_EN = [
  'The weather is nice today.',
  'I had pasta for lunch.',
  'My cat keeps jumping on the keyboard, haha',
  'ok',
  'Work has been busy this week.',
  'I watched a documentary about octopuses yesterday.',
];
const FILLER_PT = ['Hoje está calor por aqui.', 'Almocei agora há pouco.', 'ok', 'Estou ouvindo uma playlist nova.', 'Amanhã tenho reunião cedo.'];

export const HELD_OUT_DIALOGUES: Dialogue[] = [
  {
    id: 'held-ticket-and-email',
    about: 'ticket and email given in passing, asked back indirectly',
    service: 'messaging',
    agent: { soul_id: 'technical-helper' },
    turns: [
      { say: "Hey there, I'm Priya." },
      { say: 'My ticket number is TCK-55821, opened yesterday about the VPN.' },
      { say: 'Also my email is priya.n@example.org' },
      { say: 'Could you tell me which ticket number I gave you?', contains: ['TCK-55821'], lang: 'en' },
      { say: 'And what email did I give you?', contains: ['priya.n@example.org'] },
      { say: 'whats my name again', contains: ['Priya'] },
    ],
  },
  {
    id: 'held-rastreio-pt',
    about: 'tracking code in Portuguese, asked again with "me diz de novo"',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    turns: [
      { say: 'Boa tarde! Aqui é o Joaquim.' },
      { say: 'O código de rastreio é BR998877665BR' },
      { say: 'Vocês conseguem ver onde está?' },
      { say: 'Me diz de novo qual código de rastreio eu te passei?', contains: ['BR998877665BR'], lang: 'pt' },
      { say: 'E como eu me chamo?', contains: ['Joaquim'] },
    ],
  },
  {
    id: 'held-english-to-pt-agent',
    about: 'an English speaker talking to a pt-BR sales agent',
    service: 'messaging',
    agent: { soul_id: 'sales-consultant' },
    turns: [
      { say: "Hello! I'm looking for a new laptop for video editing.", lang: 'en' },
      { say: 'My budget is around 8000 reais.' },
      { say: 'What was my budget again?', contains: ['8000'], lang: 'en' },
      { say: 'Thanks, that helps!', lang: 'en' },
    ],
  },
  {
    id: 'held-booking-reference',
    about: 'booking reference asked with "remind me"; an unknown name said plainly',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge' },
    turns: [
      { say: 'Good evening. My booking reference is QX7L2P.' },
      { say: 'We are arriving on the 14th of June.' },
      { say: 'Sorry, could you remind me of my booking reference?', contains: ['QX7L2P'] },
      { say: 'Do you know my name?', contains: [UNKNOWN_EN] },
    ],
  },
  {
    id: 'held-order-correction',
    about: 'the user corrects the order number; the later one wins',
    service: 'messaging',
    agent: { soul_id: 'concise-expert' },
    turns: [
      { say: "Order #40021 hasn't arrived." },
      { say: 'Wait, wrong number. My order number is 40012.' },
      { say: 'So which order number do you have for me?', contains: ['40012'], excludes: ['40021'] },
    ],
  },
  {
    id: 'held-likes-pt-playful',
    about: 'two likes in lower-case Portuguese, asked with "do que eu gosto"',
    service: 'messaging',
    agent: { soul_id: 'playful-companion' },
    turns: [
      { say: 'oii, meu nome é Lu e eu amo samba' },
      { say: 'também curto muito pagode' },
      { say: 'do que eu gosto mesmo?', contains: ['samba', 'pagode'], lang: 'pt' },
      { say: 'e qual é meu nome?', contains: ['Lu'] },
    ],
  },
  {
    id: 'held-spanish-to-pt-agent',
    about: 'a Spanish speaker talking to a pt-BR listener',
    service: 'messaging',
    agent: { soul_id: 'empathetic-listener' },
    turns: [
      { say: 'Hola, me llamo Sofía y vivo en Sevilla.', lang: 'es' },
      { say: '¿Dónde vivo?', contains: ['Sevilla'], lang: 'es' },
      { say: '¿Cómo me llamo?', contains: ['Sofía'], lang: 'es' },
    ],
  },
  {
    id: 'held-entity-job-place',
    about: 'entity: job and city, then something never said',
    service: 'entity',
    entity: { name: 'Robin', purpose: 'A friendly assistant for everyday questions' },
    endUser: { id: 'marcus' },
    turns: [
      { say: "hey, Marcus here. I'm a nurse and I live in Leeds." },
      { say: "What's my job?", contains: ['nurse'] },
      { say: 'and where do I live?', contains: ['Leeds'] },
      { say: "What's my phone number?", contains: [UNKNOWN_EN] },
    ],
  },
  {
    id: 'held-entity-exam-date-pt',
    about: 'entity in Portuguese: an exam date and the name',
    service: 'entity',
    entity: { name: 'Nina', purpose: 'Uma companheira de estudos para ajudar com matemática' },
    endUser: { id: 'beatriz' },
    turns: [
      { say: 'Oi, sou a Beatriz. Minha prova de cálculo é dia 12 de novembro.' },
      { say: 'Quando é minha prova?', contains: ['12 de novembro'], lang: 'pt' },
      { say: 'Você lembra meu nome?', contains: ['Beatriz'] },
    ],
  },
  {
    id: 'held-entity-enjoy',
    about: 'entity: likes asked by category and by "what do I enjoy"',
    service: 'entity',
    entity: { name: 'Juno', purpose: 'A companion to chat about hobbies' },
    endUser: { id: 'tomas' },
    turns: [
      { say: "I'm Tomás and I really enjoy rock climbing and jazz." },
      { say: 'What music do I like?', contains: ['jazz'] },
      { say: 'What do I enjoy doing?', contains: ['climbing'] },
    ],
  },
  {
    id: 'held-long-order',
    about: 'messaging: an order number given at the start is asked for after 60 more messages',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    filler: { after: 1, count: 60, messages: FILLER_EN },
    turns: [
      { say: 'Hi! My name is Grace.' },
      { say: 'The order number is 55123, it was placed last Monday.' },
      { say: 'Do you still have my order number?', contains: ['55123'] },
      { say: 'And my name?', contains: ['Grace'] },
    ],
  },
  {
    id: 'held-entity-long-goal',
    about: 'entity: a goal stated at the start, asked for after 30 more turns',
    service: 'entity',
    entity: { name: 'Coach Kim', purpose: 'A running coach who keeps people motivated' },
    endUser: { id: 'runner-1' },
    filler: { after: 0, count: 30, messages: FILLER_EN },
    turns: [{ say: 'My goal is to run a half marathon in April.' }, { say: 'Remind me what my goal is?', contains: ['half marathon'] }],
  },
  {
    id: 'held-combined-en',
    about: 'three facts in one message, two asked back together',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [
      { say: 'Hi, my name is Daniel, my order is 77310 and my phone is +44 7700 900123.' },
      { say: 'Can you confirm my name and phone number?', contains: ['Daniel', '7700 900123'] },
    ],
  },
  {
    id: 'held-combined-pt',
    about: 'email and protocol in Portuguese, asked back together',
    service: 'messaging',
    agent: { soul_id: 'assistente-tecnico' },
    turns: [
      { say: 'Meu e-mail é carla@exemplo.com.br e o protocolo é 2024-118833.' },
      { say: 'Qual o protocolo e o e-mail que eu te passei?', contains: ['2024-118833', 'carla@exemplo.com.br'], lang: 'pt' },
    ],
  },
  {
    id: 'held-unknown-order',
    about: 'asking for an order number never given: said plainly, no deflection',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [{ say: 'Hi there!' }, { say: "What's my order number?", contains: [UNKNOWN_EN], excludes: ['exact goal'] }],
  },
  {
    id: 'held-spanish-order',
    about: 'Spanish order number on an English agent',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [{ say: 'Mi número de pedido es 99001.' }, { say: '¿Cuál es mi número de pedido?', contains: ['99001'], lang: 'es' }],
  },
  {
    id: 'held-bare-answer',
    about: 'the order number given as a bare answer to the agent asking for it',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [{ say: 'My package never arrived' }, { say: "It's 31337" }, { say: 'What order number did I give you?', contains: ['31337'] }],
  },
  {
    id: 'held-pt-unknown-and-known',
    about: 'Portuguese: one part known, one never said',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    filler: { after: 0, count: 20, messages: FILLER_PT },
    turns: [{ say: 'Oi, meu nome é Renata.' }, { say: 'Qual é o meu nome e o meu telefone?', contains: ['Renata', UNKNOWN_PT] }],
  },
];

/**
 * Held-out part B: written after the engine was built and part A had been run (part A's first run found
 * three bugs, fixed since), committed before B was first run, and never used to tune the engine.
 */
export const HELD_OUT_B_DIALOGUES: Dialogue[] = [
  {
    id: 'heldB-invoice-indirect',
    about: 'an invoice number asked with "I forgot"',
    service: 'messaging',
    agent: { soul_id: 'friendly-support-en' },
    turns: [
      { say: 'Hey, I was charged twice. Invoice number INV-2024-0091.' },
      { say: 'Ugh, I forgot the invoice number I sent you, what was it?', contains: ['INV-2024-0091'] },
    ],
  },
  {
    id: 'heldB-pt-flight',
    about: 'voo e data da viagem',
    service: 'messaging',
    agent: { soul_id: 'formal-concierge', language: 'pt-BR' },
    turns: [
      { say: 'Boa noite. Meu voo é o LA3456 e a minha viagem é no dia 20 de dezembro.' },
      { say: 'Você pode me confirmar o número do meu voo?', contains: ['LA3456'], lang: 'pt' },
      { say: 'E quando é a minha viagem?', contains: ['20 de dezembro'] },
    ],
  },
  {
    id: 'heldB-es-email',
    about: 'Spanish email, asked back',
    service: 'messaging',
    agent: { soul_id: 'technical-helper' },
    turns: [
      { say: 'Mi correo es marta.r@correo.es, no me llegan los emails de confirmación.' },
      { say: '¿Me repites mi correo?', contains: ['marta.r@correo.es'], lang: 'es' },
    ],
  },
  {
    id: 'heldB-entity-dog',
    about: 'entity: a dog named in passing, asked later',
    service: 'entity',
    entity: { name: 'Pip', purpose: 'A playful companion for kids and families' },
    endUser: { id: 'dogowner' },
    turns: [{ say: 'We just adopted a puppy! My dog is named Biscuit.' }, { say: 'What was my dog called again?', contains: ['Biscuit'] }],
  },
  {
    id: 'heldB-entity-pt-likes-dislikes',
    about: 'entidade: gosta e não gosta',
    service: 'entity',
    entity: { name: 'Lua', purpose: 'Uma companheira para conversar sobre filmes e séries' },
    endUser: { id: 'cinefila' },
    turns: [
      { say: 'Eu amo filmes de terror mas odeio comédia romântica.' },
      { say: 'Você lembra do que eu não gosto?', contains: ['comédia romântica'], lang: 'pt' },
      { say: 'E de que filmes eu gosto?', contains: ['terror'] },
    ],
  },
  {
    id: 'heldB-zip-code',
    about: 'a postcode, then a combined question with something unknown',
    service: 'messaging',
    agent: { soul_id: 'sales-consultant' },
    turns: [
      { say: 'Do you deliver to 90210?' },
      { say: 'My zip code is 90210.' },
      { say: 'Remind me my zip code and my email please', contains: ['90210', ["haven't told", 'not told', "don't know", "don't have"]] },
    ],
  },
  {
    id: 'heldB-long-booking-pt',
    about: 'reserva dada no início de uma conversa longa',
    service: 'messaging',
    agent: { soul_id: 'friendly-support' },
    filler: { after: 0, count: 40, messages: ['Tá bom.', 'Entendi.', 'Hoje choveu muito aqui.', 'haha', 'Vou almoçar daqui a pouco.'] },
    turns: [{ say: 'O código da minha reserva é HX92K1.' }, { say: 'Qual era mesmo o código da minha reserva?', contains: ['HX92K1'], lang: 'pt' }],
  },
  {
    id: 'heldB-entity-where-from-work',
    about: 'entity: origin and employer',
    service: 'entity',
    entity: { name: 'Ari', purpose: 'A career coach who helps people plan their next job' },
    endUser: { id: 'career' },
    turns: [
      { say: "I'm originally from Porto and I work at Siemens as an engineer." },
      { say: 'Where am I from?', contains: ['Porto'] },
      { say: 'And where do I work?', contains: ['Siemens'] },
    ],
  },
  {
    id: 'heldB-english-on-es-agent-unknown',
    about: 'English speaker on a Spanish-language agent; something never said',
    service: 'messaging',
    agent: { soul_id: 'concise-expert', language: 'es' },
    turns: [
      { say: 'Hello there.', lang: 'en' },
      { say: 'Do you know my account number?', contains: [UNKNOWN_EN], lang: 'en' },
    ],
  },
];
