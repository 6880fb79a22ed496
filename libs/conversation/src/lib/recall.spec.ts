import { extractFacts, mergeFacts } from './facts';
import { answerRecall, matchMemoryQuestion, recallSentences, secondPerson, type RecallTarget } from './recall';

/** What a question asks for, as "kind/key" (slots), "attr:key", "likes:category", "rel:key", "check:item". */
function asked(message: string): string[] | undefined {
  return matchMemoryQuestion(message)?.map((t: RecallTarget) => {
    switch (t.type) {
      case 'slot':
        return `${t.slot.kind}/${t.slot.key}`;
      case 'attribute':
        return `attr:${t.key}`;
      case 'tastes':
        return `${t.polarity}:${t.category ?? '*'}`;
      case 'relation':
        return `rel:${t.key}`;
      case 'favorite':
        return `fav:${t.key}`;
      case 'check':
        return `check:${t.item}`;
    }
  });
}

describe('matchMemoryQuestion', () => {
  it.each([
    // direct
    ['What is my order number?', ['identifier/order']],
    ["what's my order number", ['identifier/order']],
    ['Qual é o número do meu pedido?', ['identifier/order']],
    ['¿Cuál es mi número de pedido?', ['identifier/order']],
    ['Qual o meu e-mail?', ['contact/email']],
    ["What's my phone number?", ['contact/phone']],
    ['whats my name again', ['name/name']],
    // indirect
    ['Do you remember my order?', ['identifier/order']],
    ['Você lembra do meu pedido?', ['identifier/order']],
    ['¿Recuerdas mi número de pedido?', ['identifier/order']],
    ['Do you still have my tracking code?', ['identifier/tracking']],
    ['What case number did I give you?', ['identifier/ticket']],
    ['Qual número de pedido eu te passei?', ['identifier/order']],
    // Round 12: a bare "número" is the phone, not the number of something else.
    ['qual o número?', ['contact/phone']],
    ['e o número da casa?', undefined],
    ['¿me confirmas la matrícula que tienes?', ['identifier/plate']],
    // the order in other words
    ['Can you read me back the number of my purchase?', ['identifier/order']],
    ['¿Me repites la referencia de mi compra?', ['identifier/order']],
    ['So which order number do you have for me?', ['identifier/order']],
    // remind me
    ['Can you remind me of my booking reference?', ['identifier/booking']],
    ['Please remind me of my room number.', ['identifier/room']],
    ['Me lembra o protocolo?', ['identifier/ticket']],
    ['Remind me what my goal is?', ['goal/goal']],
    // combined: each part
    ['Qual é o meu nome e o número do meu pedido?', ['name/name', 'identifier/order']],
    ['Can you confirm my name and phone number?', ['name/name', 'contact/phone']],
    ['Qual o protocolo e o e-mail que eu te passei?', ['identifier/ticket', 'contact/email']],
    // follow-ups
    ['And my name?', ['name/name']],
    ['E o meu celular?', ['contact/phone']],
    // verbs: places, job, age, name, goal
    ['Where do I live?', ['location/lives_in']],
    ['Onde eu moro?', ['location/lives_in']],
    ['¿Dónde vivo?', ['location/lives_in']],
    ['Where am I from?', ['location/from']],
    ['Where do I work?', ['job/employer']],
    ["What's my job?", ['job/job']],
    ['¿En qué trabajo?', ['job/job']],
    ['How old am I?', ['other/age']],
    ['Quantos anos eu tenho?', ['other/age']],
    ['Who am I?', ['name/name']],
    ['Como eu me chamo?', ['name/name']],
    ['¿Cómo me llamo?', ['name/name']],
    ['Qual é o meu objetivo?', ['goal/goal']],
    // dates
    ['When is my check-in?', ['date/check_in']],
    ['Quando é minha prova?', ['date/exam']],
    ['Quando é meu aniversário?', ['date/birthday']],
    // tastes
    ['What music do I like?', ['likes:music']],
    ['What kind of food do I like?', ['likes:food']],
    ['What do I like?', ['likes:*']],
    ['Que comida eu gosto?', ['likes:comida']],
    ['Do que eu gosto?', ['likes:*']],
    ['¿Qué música me gusta?', ['likes:musica']],
    ["What don't I like?", ['dislikes:*']],
    ['O que eu não gosto?', ['dislikes:*']],
    ['Do I like hiking?', ['check:hiking']],
    // people
    ["What's my sister's name?", ['rel:sister']],
    ['Who is my sister?', ['rel:sister']],
    ['Como se chama meu cachorro?', ['rel:dog']],
    ['Qual é o nome do meu cachorro?', ['rel:dog']],
    // attributes and favourites
    ['What was my budget again?', ['attr:budget']],
    ['Qual era o meu orçamento?', ['attr:budget']],
    ['Do you remember my laptop?', ['attr:device']],
    ["What's my favorite color?", ['fav:favorite_color']],
  ])('%s', (message, expected) => {
    expect(asked(message)).toEqual(expected);
  });

  it.each([
    "What's your name?",
    'Qual é o seu nome?',
    'Where is my order?',
    'When will my order arrive?',
    'What is my order status?',
    'Qual o prazo de entrega do meu pedido?',
    'My order number is 88412.',
    'I forgot my password',
    'What is the price of the pro plan?',
    'Can you help me with my account?',
    "What's wrong with my account?",
    'What should I do now?',
    'What is my best option?',
    'Hi! My name is Ana and my order is late',
    'Quanto custa o frete?',
    '¿Cuánto cuesta el envío?',
  ])('is not a memory question: %s', (message) => {
    expect(asked(message)).toBeUndefined();
  });
});

describe('answerRecall', () => {
  const facts = mergeFacts(
    extractFacts('Hi, I am Bruno and I love jazz and pizza.'),
    extractFacts('My order number is 88412 and my email is bruno@example.com.'),
    extractFacts('I live in Porto. My sister is called Maria.'),
    extractFacts('My goal is to finish my thesis.'),
  );
  const say = (q: string, lang: 'en' | 'pt' | 'es' = 'en') => recallSentences(answerRecall(matchMemoryQuestion(q)!, facts, 'Bruno', lang), lang).join(' ');

  it('answers each part with the stored value, in the language asked', () => {
    expect(say('What music do I like?')).toBe('You like jazz.');
    expect(say('What is my order number?')).toBe('Your order number is 88412.');
    expect(say('Qual é o meu nome e o número do meu pedido?', 'pt')).toBe('Seu nome é Bruno. O número do seu pedido é 88412.');
    expect(say('¿Dónde vivo?', 'es')).toBe('Vives en Porto.');
    expect(say("What's my sister's name?")).toBe("Your sister's name is Maria.");
    expect(say("What's my goal?")).toBe('Your goal is to finish your thesis.');
  });

  it('says plainly what it was not told, and what it knows instead', () => {
    expect(say("What's my phone number?")).toBe("You haven't told me your phone number yet. If you tell me, I'll remember it.");
    expect(say('Qual é o meu e-mail e o meu telefone?', 'pt')).toBe(
      'O seu e-mail é bruno@example.com. Você ainda não me disse o seu telefone. Se me contar, eu guardo.',
    );
    expect(say('What sports do I like?')).toBe(
      "I do know you like jazz and pizza. You haven't told me what sports you like yet. If you tell me, I'll remember it.",
    );
    expect(recallSentences(answerRecall(matchMemoryQuestion("What's my name?")!, [], undefined, 'en'), 'en').join(' ')).toBe(
      "You haven't told me your name yet. What should I call you?",
    );
  });

  it('turns the person\'s words around ("my thesis" → "your thesis")', () => {
    expect(secondPerson('to fix my printer', 'en')).toBe('to fix your printer');
    expect(secondPerson('terminar minha tese', 'pt')).toBe('terminar sua tese');
    expect(secondPerson('terminar mi tesis', 'es')).toBe('terminar tu tesis');
  });
});

describe("someone else's name is not the person's", () => {
  it.each([
    'Qual era o nome da loja?',
    'Como é o nome da paciente mesmo?',
    'What was the name of the shop?',
    '¿A nombre de quién está la reserva?',
    "C'est quoi le nom du magasin ?",
  ])('%s does not ask for the name of the person', (q) => {
    expect(asked(q) ?? []).not.toContain('name/name');
  });

  it('but "meu nome" and "the name of my dog" still are what they were', () => {
    expect(asked('Qual é o meu nome?')).toEqual(['name/name']);
    expect(asked("What's the name of my dog?")).toEqual(['rel:dog']);
  });
});
