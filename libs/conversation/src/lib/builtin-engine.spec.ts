import { BuiltinEngine } from './builtin-engine';
import { createReplyEngine } from './create-reply-engine';
import { SOULS, getSoul, soulNamed } from './souls';
import { detectLanguage } from './detect-language';
import { extractFacts, mergeFacts } from './facts';
import type { ChatTurn, ReplyRequest, Soul } from './types';

const engine = new BuiltinEngine();
const lia = getSoul('friendly-support')!; // pt-BR
const hart = getSoul('patient-teacher')!; // en

async function say(soul: Soul, message: string, history: ChatTurn[] = [], extra: Partial<ReplyRequest> = {}): Promise<string> {
  const r = await engine.reply({ soul, history, message, ...extra });
  expect(r.provider).toBe('builtin');
  expect(r.content.trim()).not.toBe('');
  return r.content;
}

/** Plays a whole conversation through the engine and returns the transcript. */
async function play(soul: Soul, messages: string[], extra: Partial<ReplyRequest> = {}): Promise<{ history: ChatTurn[]; replies: string[] }> {
  const history: ChatTurn[] = [];
  const replies: string[] = [];
  for (const message of messages) {
    const content = await say(soul, message, [...history], extra);
    replies.push(content);
    history.push({ role: 'user', content: message }, { role: 'assistant', content });
  }
  return { history, replies };
}

describe('BuiltinEngine', () => {
  it('is what createReplyEngine returns for provider builtin', () => {
    const e = createReplyEngine({ provider: 'builtin' });
    expect(e).toBeInstanceOf(BuiltinEngine);
    expect(e.name).toBe('builtin');
  });

  describe('greetings', () => {
    it('greets in pt-BR with the soul greeting on first contact', async () => {
      expect(await say(lia, 'Oi!')).toBe(lia.greeting);
    });

    it('greets in English with the soul greeting on first contact', async () => {
      expect(await say(hart, 'Hello')).toBe(hart.greeting);
    });

    it('greets every soul in its own language, and in the other language when asked', async () => {
      for (const soul of SOULS) {
        expect(await say(soul, soul.language === 'pt-BR' ? 'Olá' : 'Hi')).toBe(soul.greeting);
        const other = soul.language === 'pt-BR' ? 'en' : 'pt-BR';
        const reply = await say(soul, 'Hi', [], { language: other });
        expect(reply).toContain(soul.name);
        if (other === 'en') expect(reply).toMatch(/\b(I'm|I am|here)\b/);
        else expect(reply).toMatch(/(sou|Aqui é)/i);
      }
    });

    it("introduces itself by the agent's own name, never the soul's, for every soul in both languages", async () => {
      const word = (name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.]/g, '\\.')}(?![\\p{L}\\p{N}])`, 'u');
      for (const soul of SOULS) {
        const agent = soulNamed(soul, 'Nina');
        for (const language of ['pt-BR', 'en'] as const) {
          const messages = language === 'pt-BR' ? ['Oi!', 'Quem é você?', 'Meu nome é Bia'] : ['Hi!', 'Who are you?', 'My name is Bia'];
          for (const message of messages) {
            const reply = await say(agent, message, [], { language });
            const where = `${soul.id} ${language} "${message}": ${reply}`;
            expect(reply, where).toMatch(word('Nina'));
            expect(reply, where).not.toMatch(word(soul.name));
          }
          // In its own language the greeting is the soul's, under the agent's name.
          if (soul.language === language) expect(await say(agent, language === 'en' ? 'Hello' : 'Olá')).toBe(agent.greeting);
        }
      }
      // A name is text, not a replacement pattern or a placeholder.
      const odd = soulNamed(getSoul('friendly-support-en')!, 'R$& {name}');
      expect(await say(odd, 'Who are you?', [], { userName: 'Bia' })).toMatch(/^I'm R\$& \{name\}, a virtual support assistant\./);
    });

    it('uses the request language over the soul language', async () => {
      const reply = await say(lia, 'Thanks a lot!', [], { language: 'en' });
      expect(reply).toMatch(/welcome|happy to help|anytime/i);
      const pt = await say(hart, 'Obrigado!', [], { language: 'pt-BR' });
      expect(pt).toMatch(/nada/i);
    });

    it('mirrors a time-of-day greeting and says hello again later in the conversation', async () => {
      expect(await say(getSoul('formal-concierge')!, 'Good evening')).toMatch(/^Good evening, and welcome\./);
      const again = await say(lia, 'Oi de novo', [
        { role: 'assistant', content: lia.greeting },
        { role: 'user', content: 'Meu pedido atrasou' },
        { role: 'assistant', content: 'Sinto muito! Qual é o número do pedido?' },
      ]);
      expect(again).not.toBe(lia.greeting);
      expect(again).toMatch(/de novo|outra vez/i);
    });
  });

  it('answers thanks and farewells in pt-BR and English', async () => {
    expect(await say(lia, 'Muito obrigada!')).toMatch(/^(Por nada|Imagina)/);
    expect(await say(lia, 'Tchau, até mais')).toMatch(/^(Até mais|Tchau)/);
    expect(await say(hart, 'Thank you so much!')).toMatch(/^(You're welcome|My pleasure)/);
    expect(await say(hart, 'Bye!')).toMatch(/^(See you|Goodbye)/);
  });

  it('remembers the name given two turns earlier (pt-BR)', async () => {
    const { replies } = await play(lia, ['Oi, meu nome é Ana', 'Meu pedido não chegou', 'Obrigada!', 'Qual é o meu nome?']);
    expect(replies[0]).toContain('Ana');
    expect(replies[2]).toContain('Ana');
    expect(replies[3]).toMatch(/Ana/);
  });

  it('remembers the name given two turns earlier (English, "I\'m Ana" and "my name is")', async () => {
    let { replies } = await play(hart, ["Hi, I'm Ana", 'How do fractions work?', 'thanks!']);
    expect(replies[2]).toContain('Ana');
    ({ replies } = await play(hart, ['my name is Ana', 'What is a noun?', "what's my name?"]));
    expect(replies[2]).toContain('Ana');
  });

  it('learns the name when the user answers "what should I call you?"', async () => {
    const reply = await say(lia, 'Qual é o meu nome?');
    expect(reply).toMatch(/Como posso te chamar\?/);
    const next = await say(lia, 'Ana', [
      { role: 'user', content: 'Qual é o meu nome?' },
      { role: 'assistant', content: reply },
    ]);
    expect(next).toContain('Ana');
  });

  it('uses the known display name and the entity facts', async () => {
    expect(await say(lia, 'valeu!', [{ role: 'assistant', content: 'Feito!' }], { userName: 'Bruno Souza' })).toContain('Bruno');
    const reply = await say(lia, 'O que você sabe sobre mim?', [], {
      facts: [
        { kind: 'preference', key: 'likes', value: 'café', text: 'Gosta de café' },
        { kind: 'location', key: 'lives_in', value: 'Recife', text: 'Mora em Recife' },
      ],
    });
    expect(reply).toContain('café');
    expect(reply).toContain('Recife');
  });

  it('recalls what the user asked earlier', async () => {
    const { replies } = await play(hart, ['How do I reset my password?', 'ok', 'What did I ask you before?']);
    expect(replies[2]).toContain('How do I reset my password?');
    const pt = await play(lia, ['Vocês entregam em Recife?', 'beleza', 'o que eu te perguntei?']);
    expect(pt.replies[2]).toContain('Vocês entregam em Recife?');
  });

  it('recalls facts the user shared earlier in the conversation', async () => {
    const { replies } = await play(getSoul('playful-companion')!, ['eu adoro pizza', 'vou viajar para Salvador em janeiro', 'o que você sabe sobre mim?']);
    expect(replies[2]).toContain('pizza');
    expect(replies[2]).toMatch(/viajar para Salvador/i);
  });

  it('asks a useful follow-up when it cannot answer', async () => {
    const order = await say(lia, 'Onde está meu pedido?');
    expect(order).toMatch(/número do pedido/);
    expect(order.trim().endsWith('?')).toBe(true);
    const unknown = await say(hart, 'Can you tell me about quantum entanglement?');
    expect(unknown.trim().endsWith('?')).toBe(true);
    const tech = await say(getSoul('technical-helper')!, 'My laptop keeps freezing');
    expect(tech).toMatch(/error message|device|version/i);
  });

  it('handles complaints with empathy and offers a human when they repeat', async () => {
    const { replies } = await play(lia, ['Meu pedido não chegou, que absurdo', 'Ainda não resolveram, péssimo atendimento']);
    expect(replies[0]).toMatch(/sinto muito|desculpe/i);
    expect(replies[1]).toMatch(/alguém da equipe/);
  });

  it('hands over to a human on request', async () => {
    expect(await say(lia, 'Quero falar com um atendente humano')).toMatch(/pessoa da nossa equipe/);
    expect(await say(hart, 'Can I talk to a real person?')).toMatch(/person on the team/);
  });

  it('does small talk and explains who it is', async () => {
    expect(await say(lia, 'Tudo bem?')).toMatch(/\?$/);
    expect(await say(hart, 'How are you?')).toMatch(/you\?/);
    expect(await say(hart, 'Who are you?')).toContain('Ms. Hart');
    expect(await say(lia, 'Você é um robô?')).toMatch(/assistente virtual/);
  });

  it('acknowledges what the user shares and keeps the conversation going', async () => {
    const plan = await say(getSoul('playful-companion')!, 'Vou viajar para Paris');
    expect(plan).toMatch(/\?$/);
    const likes = await say(getSoul('friendly-support-en')!, 'I love hiking and photography');
    expect(likes).toMatch(/hiking and photography/);
  });

  it('handles requests for help, compliments, laughter and feelings naturally', async () => {
    expect(await say(lia, 'Você pode me ajudar?')).toMatch(/Me conta o que você precisa\.$/);
    expect(await say(hart, 'You are so helpful')).toMatch(/^How kind/);
    expect(await say(getSoul('playful-companion')!, 'kkkkk')).toMatch(/^Kkkkk/);
    const tired = await say(getSoul('friendly-support-en')!, "I'm so sad today");
    expect(tired).toMatch(/sorry/i);
    expect(tired).not.toMatch(/inconvenience|frustrating/);
  });

  it('does not ask again for details the user already gave', async () => {
    const delivery = await say(lia, 'Vocês entregam em Recife?');
    expect(delivery).toMatch(/CEP/);
    const booking = await say(getSoul('formal-concierge')!, 'I would like to book a table for two tomorrow at 8pm');
    expect(booking).toMatch(/under which name/i);
    const { replies } = await play(getSoul('technical-helper')!, [
      'My printer will not print',
      "It's an HP LaserJet, error 0x61011beb, I already restarted it",
      'still not working',
    ]);
    expect(replies[1]).toMatch(/when did it start/i);
    expect(replies[2]).not.toMatch(/exact error message/i);
  });

  it('answers apologies, confusion and "any news?" in context', async () => {
    const { replies } = await play(lia, ['meu pedido não chegou', 'e aí, alguma novidade?', 'desculpa a demora, é 123456']);
    expect(replies[1]).toMatch(/^Sobre o seu pedido/);
    expect(replies[2]).toMatch(/^(Imagina|Que isso)/);
    expect(replies[2]).toContain('123456');
    expect(await say(hart, "I don't understand")).toMatch(/Which part was unclear\?$/);
    expect(await say(getSoul('empathetic-listener')!, 'desculpa desabafar')).toMatch(/^Não precisa se desculpar/);
  });

  it('follows a support case over several turns without repeating itself', async () => {
    const sunny = getSoul('friendly-support-en')!;
    const { replies } = await play(sunny, [
      "I can't log into my account",
      'it says invalid password',
      'I already reset it twice',
      'this is ridiculous',
      'ok let me try again',
    ]);
    expect(replies[0]).toMatch(/email on the account/);
    expect(replies[1]).toMatch(/email/);
    expect(replies[1]).not.toMatch(/what do you see/);
    expect(replies[2]).toMatch(/resetting didn't help/);
    expect(replies[3]).toMatch(/someone on the team/);
    expect(replies[4]).toMatch(/take your time/i);
    for (let k = 1; k < replies.length; k++) expect(replies[k]).not.toBe(replies[k - 1]);
  });

  it('keeps small talk natural', async () => {
    const pipoca = getSoul('playful-companion')!;
    const { replies } = await play(pipoca, ['oii', 'tudo sim e vc?', 'e você, gosta de séries?', 'vou dormir, boa noite']);
    expect(replies[1]).toMatch(/^Que bom saber/);
    expect(replies[2]).toMatch(/virtual/);
    expect(replies[3]).toMatch(/^(Tchauzinho|Até mais)/);
    expect(await say(lia, 'tudo bem?')).not.toMatch(/Que bom saber/);
  });

  it('is honest about questions it cannot look up, and still asks something useful', async () => {
    const weather = await say(getSoul('friendly-support-en')!, "What's the weather like tomorrow?");
    expect(weather).toMatch(/can't check|can't look up/);
    // Small talk gets a short natural answer, then the conversation goes on (lang/smalltalk.ts).
    expect(weather).toMatch(/weather app/);
    expect(weather).toMatch(/\?$/);
    expect(await say(lia, 'Quem ganhou o jogo ontem?')).toMatch(/não consigo consultar|não tenho como verificar/i);
  });

  it('celebrates good news and offers condolences', async () => {
    expect(await say(lia, 'passei na prova!!')).toMatch(/parabéns/i);
    expect(await say(lia, 'hoje é meu aniversário')).toMatch(/^Feliz aniversário/);
    expect(await say(lia, 'não passei na prova')).not.toMatch(/parabéns/i);
    expect(await say(hart, 'My grandma passed away last week')).toMatch(/sorry/i);
    expect(await say(lia, 'meu cachorro morreu')).toMatch(/sentimentos|sinto muito/i);
  });

  it('asks follow-ups that fit the subject', async () => {
    expect(await say(getSoul('concise-expert')!, 'Should I use Postgres or MongoDB for a booking app?')).toMatch(/matters most in this decision/);
    expect(await say(getSoul('formal-concierge')!, 'Could you recommend a restaurant nearby?')).toMatch(/cuisine/);
    const { replies } = await play(getSoul('sales-consultant')!, ['tô procurando um notebook pra trabalhar', 'uns 4 mil reais', 'tem desconto?', 'vou pensar']);
    expect(replies[0]).toMatch(/orçamento/);
    expect(replies[1]).toMatch(/marca ou característica/);
    expect(replies[2]).toMatch(/à vista ou parcelado/);
    expect(replies[3]).toMatch(/Sem problema|Tudo bem/);
    expect(await say(hart, 'Is it worth upgrading to the pro plan?')).toMatch(/monthly or annual/);
  });

  it('learns several facts from one introduction and asks about them', async () => {
    const reply = await say(getSoul('playful-companion')!, 'Oi! Eu sou o Pedro, moro em Curitiba e adoro futebol');
    expect(reply).toContain('Pedro');
    expect(reply.trim().endsWith('?')).toBe(true);
  });

  it('is deterministic: same input, same output', async () => {
    const history: ChatTurn[] = [
      { role: 'user', content: 'Oi, sou a Ana' },
      { role: 'assistant', content: 'Prazer, Ana!' },
    ];
    const a = await say(lia, 'Meu boleto veio errado', history);
    const b = await say(lia, 'Meu boleto veio errado', JSON.parse(JSON.stringify(history)));
    expect(a).toBe(b);
    for (const soul of SOULS) {
      for (const msg of ['oi', 'obrigado', 'como faço para cancelar?', 'I love jazz', 'bye']) {
        expect(await say(soul, msg)).toBe(await say(soul, msg));
      }
    }
  });

  it('gives different souls different voices', async () => {
    const messages = ['Oi!', 'Obrigado!', 'Tchau', 'Quanto custa o plano?', 'Meu app não abre'];
    const bySoul = new Map<string, string>();
    for (const soul of SOULS) {
      bySoul.set(soul.id, (await Promise.all(messages.map((m) => say(soul, m, [], { language: 'pt-BR' })))).join(' | '));
    }
    const transcripts = [...bySoul.values()];
    expect(new Set(transcripts).size).toBe(transcripts.length);
    expect(await say(getSoul('formal-concierge')!, 'Thanks')).not.toBe(await say(getSoul('playful-companion')!, 'Thanks', [], { language: 'en' }));
  });

  it('does not repeat its previous message word for word', async () => {
    const first = await say(lia, 'ok');
    const second = await say(lia, 'ok', [
      { role: 'user', content: 'ok' },
      { role: 'assistant', content: first },
    ]);
    expect(second).not.toBe(first);
  });

  it('works with a custom soul, guessing its voice from the tone', async () => {
    const custom: Soul = {
      id: 'pirate-guide',
      name: 'Capitã Iara',
      description: 'Guia turística divertida da Ilha do Mel.',
      tone: 'brincalhão e aventureiro',
      language: 'pt-BR',
      styleRules: ['Fale como uma capitã de navio.'],
      greeting: 'Ahoy! Aqui é a Capitã Iara. Pronto para explorar a ilha?',
    };
    expect(await say(custom, 'Oi')).toBe(custom.greeting);
    expect(await say(custom, 'valeu!')).toMatch(/Tamo junto|Conversar com você/); // playful voice
    expect(await say({ ...custom, language: 'es' }, 'Hola')).toContain('Capitã Iara'); // unsupported language → English
  });

  it('never leaks placeholders or broken text, for every soul and both languages', async () => {
    const messages = [
      'oi',
      'Hi!',
      'tudo bem?',
      'meu nome é Ana',
      "I'm Leo from Canada",
      'obrigado',
      'thanks, bye',
      'meu pedido não chegou',
      'I want a refund',
      'quanto custa?',
      'you are great',
      'kkkk',
      'não entendi',
      'alguma novidade?',
      'vou pensar',
      'Quero falar com um humano',
      'o que eu te perguntei?',
      "what's my name?",
      'passei na prova',
      'minha irmã Maria chegou',
      'desculpa a demora',
      'My printer is broken',
      'Você gosta de música?',
      'sim',
      'no',
      '???',
      '',
    ];
    const history: ChatTurn[] = [
      { role: 'user', content: 'Oi, sou a Bia e adoro café' },
      { role: 'assistant', content: 'Prazer, Bia!' },
    ];
    for (const soul of SOULS) {
      for (const language of ['pt-BR', 'en']) {
        for (const message of messages) {
          for (const h of [[], history]) {
            const reply = await say(soul, message, h, { language });
            expect(reply, `${soul.id}/${language}/${message}`).not.toMatch(/\{[a-zA-Z]+\}|undefined|null|NaN|\s{2}|\s[,.!?]|^[,.]/);
          }
        }
      }
    }
  });

  it('never throws on odd input', async () => {
    for (const message of ['', '   ', '???', '😀', 'a'.repeat(5000), '1234', 'sim', 'não']) {
      const r = await engine.reply({ soul: lia, history: [{ role: 'system', content: 'nota' }], message });
      expect(typeof r.content).toBe('string');
      expect(r.content.length).toBeGreaterThan(0);
    }
  });

  it('never leaks placeholders or broken text in Spanish either', async () => {
    const messages = ['Hola', 'Gracias', '¿Quién eres?', 'Mi pedido no llegó', '¿Cómo estás?', 'Adiós', 'Me llamo Ana', '¿Cuál es mi número de pedido?'];
    for (const soul of SOULS) {
      for (const message of messages) {
        const reply = await say(soul, message, [], { language: 'es' });
        expect(reply, `${soul.id}/${message}`).not.toMatch(/\{[a-zA-Z]+\}|undefined|null|NaN|\s{2}|\s[,.!?]|^[,.]/);
      }
    }
  });

  it('respects an already aborted signal', async () => {
    const c = new AbortController();
    c.abort();
    await expect(engine.reply({ soul: lia, history: [], message: 'oi' }, { signal: c.signal })).rejects.toMatchObject({ retryable: true });
  });
});

describe('BuiltinEngine answers from memory (issue 22)', () => {
  const sunny = getSoul('friendly-support-en')!;
  const morgan = getSoul('concise-expert')!;
  const facts = (...messages: string[]) => mergeFacts(...messages.map((m) => extractFacts(m)));

  it('entity: "What music do I like?" answers from the stored "Likes jazz" (it used to deflect)', async () => {
    const reply = await say(sunny, 'What music do I like?', [], { facts: facts('Hi, I am Bruno and I love jazz') });
    expect(reply).toContain('jazz');
    expect(reply).not.toMatch(/good question|tell me more/i);
  });

  it('messaging: the order number is answered from the facts when it is no longer in the history', async () => {
    const history: ChatTurn[] = Array.from({ length: 12 }, (_, k) => ({
      role: k % 2 ? 'assistant' : 'user',
      content: k % 2 ? 'Okay.' : 'The weather is nice.',
    }));
    for (const soul of [sunny, morgan]) {
      const reply = await say(soul, 'What is my order number?', history, { facts: facts('My order number is 88412.') });
      expect(reply, soul.id).toContain('88412');
      expect(reply, soul.id).not.toMatch(/exact goal/i);
    }
  });

  it('answers every part of a combined question, from the conversation itself', async () => {
    const { replies } = await play(lia, ['Oi, meu nome é Ana.', 'O número do meu pedido é 88412.', 'Qual é o meu nome e o número do meu pedido?']);
    expect(replies[2]).toContain('Ana');
    expect(replies[2]).toContain('88412');
  });

  it('says plainly what it was not told, for every soul, instead of deflecting', async () => {
    for (const soul of SOULS) {
      const language = soul.language;
      const reply = await say(soul, language === 'en' ? "What's my tracking number?" : 'Qual é o meu código de rastreio?', [], { language });
      expect(reply, soul.id).toMatch(language === 'en' ? /haven't told me your tracking code/ : /ainda não me disse o seu código de rastreio/);
    }
  });

  it('notes a number it was given with its value', async () => {
    expect(await say(getSoul('technical-helper')!, 'My ticket number is TCK-55821, opened yesterday about the VPN.')).toContain('TCK-55821');
    expect(await say(lia, 'Meu e-mail é carla@exemplo.com.br')).toContain('carla@exemplo.com.br');
  });

  it('the latest value wins after a correction', async () => {
    const { replies } = await play(sunny, ['My order number is 11111.', 'Sorry, my order number is actually 22222.', "What's my order number?"]);
    expect(replies[2]).toContain('22222');
    expect(replies[2]).not.toContain('11111');
  });
});

describe('BuiltinEngine reply language', () => {
  it('auto: answers a pt-BR agent in the language the user writes in (it used to answer in Portuguese)', async () => {
    const en = await say(lia, "Hi! My name is Tom and my order hasn't arrived.", [], { replyLanguage: 'auto' });
    expect(detectLanguage(en).language).toBe('en');
    expect(en).toContain('Tom');
    const es = await say(lia, 'Hola, me llamo Sofía. ¿Me ayudas con mi pedido?', [], { replyLanguage: 'auto' });
    expect(detectLanguage(es).language).toBe('es');
  });

  it('auto: an unclear message keeps the language of the conversation', async () => {
    const history: ChatTurn[] = [
      { role: 'user', content: 'Hi, I need help with an order' },
      { role: 'assistant', content: "Sure! What's the order number?" },
    ];
    const reply = await say(lia, '88412', history, { replyLanguage: 'auto' });
    expect(detectLanguage(reply).language).toBe('en');
    expect(reply).toContain('88412');
  });

  it('a fixed reply language wins over the message', async () => {
    const reply = await say(getSoul('friendly-support-en')!, 'Hello! My name is Kate.', [], { replyLanguage: 'pt-BR' });
    expect(detectLanguage(reply).language).toBe('pt');
  });

  it('speaks Spanish when asked, in every voice', async () => {
    for (const soul of SOULS) {
      const reply = await say(soul, 'Gracias por la ayuda', [], { language: 'es' });
      expect(detectLanguage(reply).language, `${soul.id}: ${reply}`).toBe('es');
    }
  });
});

describe('BuiltinEngine: who is speaking under an agent name (issue 37, round 4)', () => {
  it('answers with the configured name, never the user’s, and does not repeat its introduction', async () => {
    const soul = soulNamed(getSoul('friendly-support-en')!, 'Hart');
    const { replies } = await play(soul, ["hi, I'm Tom", "what's your name?", 'who am I talking to?']);
    expect(replies[1]).toContain('Hart');
    expect(replies[1]).not.toContain('Tom');
    expect(replies[2]).toContain('Hart');
    expect(replies[2]).not.toContain('Tom');
    expect(replies[2]).not.toContain(replies[1]);
  });
  it('in Portuguese and Spanish, to a soul named otherwise', async () => {
    const soul = soulNamed(getSoul('friendly-support')!, 'Sunny');
    const pt = await play(soul, ['oi, meu nome é Ana', 'com quem eu falo?', 'qual é o seu nome?'], { replyLanguage: 'auto' });
    expect(pt.replies[1]).toContain('Sunny');
    expect(pt.replies[2]).toContain('Sunny');
    expect(pt.replies[2]).not.toMatch(/Como eu disse/);
    const es = await play(soul, ['hola, me llamo Iker', '¿con quién hablo?'], { replyLanguage: 'auto' });
    expect(es.replies[1]).toContain('Sunny');
    expect(detectLanguage(es.replies[1]).language).toBe('es');
  });
  it('a name-like greeting takes the name and the reply follows the message’s language', async () => {
    const en = getSoul('friendly-support-en')!;
    for (const [message, lang, name] of [
      ['Olá, Zé aqui', 'pt', 'Zé'],
      ['Hola, habla Iker', 'es', 'Iker'],
      ['Hey, Joaquín here', 'en', 'Joaquín'],
      ["Bonjour, c'est Manon", 'fr', 'Manon'],
    ] as const) {
      const reply = await say(en, message, [], { replyLanguage: 'auto' });
      expect(reply).toContain(name);
      expect(detectLanguage(reply).language).toBe(lang);
    }
  });
  it('an e-mail given is noted once, not said back twice', async () => {
    const reply = await say(getSoul('friendly-support-en')!, 'my email is a.b@example.com');
    expect(reply.split('a.b@example.com').length - 1).toBe(1);
  });
});

describe('BuiltinEngine never asks for what it was told (issue 37, round 4)', () => {
  it('"any news?" does not ask again for an e-mail given a few turns back', async () => {
    const { replies } = await play(getSoul('friendly-support-en')!, [
      'I want a refund',
      'my email is jo@example.com',
      'order 88213-B',
      'how long will it take?',
      'any news?',
    ]);
    const last = replies.at(-1)!;
    expect(last).not.toMatch(/confirm the email|what's your email|what is your email/i);
    expect(last).toContain('jo@example.com');
  });
});
