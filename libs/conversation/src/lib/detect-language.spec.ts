import { DETECTION_THRESHOLD, detectLanguage } from './detect-language';
import { chooseReplyLanguage } from './language';
import { getSoul } from './souls';
import type { ChatTurn } from './types';

describe('detectLanguage', () => {
  it.each([
    ['What is my order number?', 'en'],
    ['Hi, I am Bruno and I love jazz', 'en'],
    ['Do you remember my order?', 'en'],
    ['I want to cancel my subscription', 'en'],
    ['Thanks!', 'en'],
    ['Hello!', 'en'],
    ['Good morning', 'en'],
    ['Qual é o número do meu pedido?', 'pt'],
    ['Você lembra do meu pedido?', 'pt'],
    ['como eu me chamo', 'pt'],
    ['Quero cancelar minha assinatura', 'pt'],
    ['Obrigado!', 'pt'],
    ['Oi', 'pt'],
    ['tudo bem?', 'pt'],
    ['não', 'pt'],
    ['valeu', 'pt'],
    ['¿Cuál es mi número de pedido?', 'es'],
    ['Cual es mi numero de pedido', 'es'],
    ['Me llamo Sofía y vivo en Sevilla', 'es'],
    ['Quiero cancelar mi suscripción', 'es'],
    ['Tengo un problema con la aplicación', 'es'],
    ['Gracias!', 'es'],
    ['Hola', 'es'],
    ['Buenas noches', 'es'],
    ['Bonjour, je voudrais annuler ma commande', 'fr'],
    ["J'habite à Lyon et je m'appelle Camille", 'fr'],
    ['Merci beaucoup !', 'fr'],
    ['À qui je parle ?', 'fr'],
    ['Où est-ce que je vais en vacances ?', 'fr'],
    ['Pardon, je voulais dire 4412', 'fr'],
  ] as const)('%s → %s', (text, language) => {
    const guess = detectLanguage(text);
    expect(guess.language).toBe(language);
    expect(guess.confidence).toBeGreaterThanOrEqual(DETECTION_THRESHOLD);
  });

  it.each(['ok', '88412', '👍', 'jazz', 'Pizza', 'Lisboa', 'BR998877665BR', 'priya@example.org', 'kkkkk', 'haha', 'no', 'que tal', '', '   '])(
    'leaves %j unclear (below the threshold or without evidence)',
    (text) => {
      expect(detectLanguage(text).language).toBeUndefined();
    },
  );

  it('tells Portuguese from Spanish on their shared words by the distinctive ones', () => {
    expect(detectLanguage('Tenho uma pergunta sobre o meu pedido').language).toBe('pt');
    expect(detectLanguage('Tengo una pregunta sobre mi pedido').language).toBe('es');
    expect(detectLanguage('Onde eu moro?').language).toBe('pt');
    expect(detectLanguage('¿Dónde vivo?').language).toBe('es');
  });

  it('is deterministic and reports a score per language', () => {
    const a = detectLanguage('Me llamo Lucía');
    expect(detectLanguage('Me llamo Lucía')).toEqual(a);
    expect(Object.keys(a.scores).sort()).toEqual(['de', 'en', 'es', 'fr', 'pt']);
    expect(a.scores.es).toBeGreaterThan(a.scores.pt);
  });
});

describe('chooseReplyLanguage', () => {
  const lia = getSoul('friendly-support')!; // pt-BR
  const history: ChatTurn[] = [
    { role: 'user', content: 'Hi, I need help with my order' },
    { role: 'assistant', content: 'Sure!' },
  ];

  it('auto: the language of the message when it is clear', () => {
    expect(chooseReplyLanguage({ soul: lia, replyLanguage: 'auto', message: 'What is my order number?' })).toEqual({ tag: 'en', source: 'message' });
    expect(chooseReplyLanguage({ soul: lia, replyLanguage: 'auto', message: '¿Dónde vivo?' })).toEqual({ tag: 'es', source: 'message' });
    // The agent's own tag is kept for its own language ("pt-PT" stays "pt-PT").
    expect(chooseReplyLanguage({ soul: lia, language: 'pt-PT', replyLanguage: 'auto', message: 'Onde eu moro?' })).toEqual({ tag: 'pt-PT', source: 'message' });
  });

  it('auto: an unclear message keeps the language of the earlier user messages, else the default', () => {
    expect(chooseReplyLanguage({ soul: lia, replyLanguage: 'auto', message: '88412', history })).toEqual({ tag: 'en', source: 'conversation' });
    expect(chooseReplyLanguage({ soul: lia, replyLanguage: 'auto', message: 'ok', history: [] })).toEqual({ tag: 'pt-BR', source: 'default' });
    expect(chooseReplyLanguage({ soul: lia, language: 'es', replyLanguage: 'auto', message: 'ok' })).toEqual({ tag: 'es', source: 'default' });
  });

  it("auto: a message that reads only a little more like another language keeps the conversation's", () => {
    const spanish: ChatTurn[] = [
      { role: 'user', content: 'Necesito ocho ejemplares.' },
      { role: 'assistant', content: '¡Claro!' },
    ];
    const message = 'Corrijo: que sean diez, no ocho, que se han sumado dos vecinas.';
    expect(chooseReplyLanguage({ soul: lia, language: 'es', replyLanguage: 'auto', message, history: spanish })).toEqual({ tag: 'es', source: 'conversation' });
    // One misread message does not carry the next one off: the conversation's language is that of most recent messages.
    const misread: ChatTurn[] = [
      { role: 'user', content: '¡Hola! Organizo un club de lectura y quiero hacer un pedido a la librería.' },
      { role: 'user', content: 'Necesito ocho ejemplares.' },
      { role: 'user', content: message },
    ];
    expect(chooseReplyLanguage({ soul: lia, replyLanguage: 'auto', message: 'Pasaré a recogerlos el viernes 17 por la tarde.', history: misread }).tag).toBe(
      'es',
    );
    // A clear switch is followed.
    expect(
      chooseReplyLanguage({ soul: lia, replyLanguage: 'auto', message: 'Can we continue in English, please? I would prefer that.', history: spanish }),
    ).toEqual({
      tag: 'en',
      source: 'message',
    });
  });

  it('a short message that also reads as the conversation\'s language keeps it ("was steht am 28. an?" scores English first)', () => {
    const german: ChatTurn[] = [
      { role: 'user', content: 'hallo! ich hab seit diesem jahr einen schrebergarten, parzelle 14' },
      { role: 'user', content: 'am 28. ist unser gartenfest, ich bring einen kuchen mit' },
    ];
    expect(chooseReplyLanguage({ soul: lia, replyLanguage: 'auto', message: 'was steht am 28. an?', history: german })).toEqual({
      tag: 'de',
      source: 'conversation',
    });
    // A longer message in another language is followed.
    expect(chooseReplyLanguage({ soul: lia, replyLanguage: 'auto', message: 'what is on the 28th, can you tell me in english?', history: german }).tag).toBe(
      'en',
    );
  });

  it('a fixed tag always wins; without replyLanguage there is no detection', () => {
    expect(chooseReplyLanguage({ soul: lia, replyLanguage: 'en', message: 'Qual é o meu nome?' })).toEqual({ tag: 'en', source: 'fixed' });
    expect(chooseReplyLanguage({ soul: lia, message: 'What is my name?' })).toEqual({ tag: 'pt-BR', source: 'default' });
    expect(chooseReplyLanguage({ soul: lia, language: 'en', message: 'Qual é o meu nome?' })).toEqual({ tag: 'en', source: 'default' });
  });
});
