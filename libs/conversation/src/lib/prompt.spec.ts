import { buildMessages, buildSystemPrompt, MAX_HISTORY_TURNS } from './prompt';
import { extractFacts } from './facts';
import { getSoul, SOULS, soulNamed } from './souls';
import type { ChatTurn } from './types';

const soul = getSoul('patient-teacher')!;

describe('buildSystemPrompt', () => {
  it('carries the soul, the language, the user and the notes', () => {
    const prompt = buildSystemPrompt({
      soul,
      language: 'pt-BR',
      history: [{ role: 'system', content: 'The user is on the premium plan.' }],
      message: 'oi',
      userName: 'Ana',
      facts: [
        { kind: 'name', key: 'name', value: 'Aninha', text: 'Chama-se Aninha' },
        { kind: 'plan', key: 'plan', value: 'learn spanish', text: 'Plans to learn Spanish' },
        { kind: 'plan', key: 'plan', value: 'learn spanish', text: 'Plans to learn Spanish' },
      ],
    });
    expect(prompt).toContain('You are Ms. Hart. A patient teacher who explains step by step');
    expect(prompt).toContain('Tone: patient, encouraging and clear.');
    expect(prompt).toContain('Always reply in Brazilian Portuguese (pt-BR)');
    for (const rule of soul.styleRules) expect(prompt).toContain(`- ${rule}`);
    expect(prompt).toContain('- Name: Ana');
    expect(prompt).not.toContain('Aninha'); // the known display name wins over a remembered one
    expect(prompt.match(/Plans to learn Spanish/g)).toHaveLength(1);
    expect(prompt).toContain('- The user is on the premium plan.');
  });

  it("names the agent, not the soul, for every soul and language, with the soul's personality", () => {
    for (const s of SOULS) {
      for (const language of ['pt-BR', 'en']) {
        const agent = soulNamed(s, 'Nina');
        const prompt = buildSystemPrompt({ soul: agent, language, history: [], message: 'oi' });
        const where = `${s.id} ${language}`;
        expect(prompt.startsWith(`You are Nina. ${s.description}`), where).toBe(true);
        expect(prompt, where).toContain(`Your usual greeting: "${agent.greeting}"`);
        expect(prompt, where).not.toMatch(new RegExp(`(?<![\\p{L}])${s.name.replace('.', '\\.')}(?![\\p{L}])`, 'u'));
        expect(prompt, where).toContain(`Tone: ${s.tone}.`);
        for (const rule of s.styleRules) expect(prompt, where).toContain(`- ${rule}`);
        expect(prompt, where).toContain(language === 'en' ? 'Always reply in English (en)' : 'Always reply in Brazilian Portuguese (pt-BR)');
      }
    }
  });

  it('defaults to the soul language', () => {
    expect(buildSystemPrompt({ soul, history: [], message: 'hi' })).toContain('Always reply in English (en)');
  });

  it('auto: asks for the language the user writes in; a fixed reply language wins', () => {
    const lia = getSoul('friendly-support')!;
    expect(buildSystemPrompt({ soul: lia, replyLanguage: 'auto', history: [], message: 'What is my order number?' })).toContain(
      'Reply in English (en), the language the user is writing in',
    );
    expect(buildSystemPrompt({ soul: lia, replyLanguage: 'auto', history: [], message: 'ok' })).toContain('Always reply in Brazilian Portuguese (pt-BR)');
    expect(buildSystemPrompt({ soul: lia, replyLanguage: 'es', history: [], message: 'What is my order number?' })).toContain('Always reply in Spanish (es)');
  });

  it('carries every remembered fact, the latest value of each, whatever the history', () => {
    const facts = [
      ...extractFacts('My order number is 11111 and my email is ana@example.com.'),
      ...extractFacts('Sorry, my order number is actually 22222.'),
      ...extractFacts('My check-in is on March 3rd at 2pm.'),
    ];
    const prompt = buildSystemPrompt({ soul, history: [], message: 'What is my order number?', facts });
    expect(prompt).toContain('- Order number: 22222');
    expect(prompt).not.toContain('11111');
    expect(prompt).toContain('- Email: ana@example.com');
    expect(prompt).toContain('- Check-in: on March 3rd at 2pm');
    expect(prompt).toMatch(/say plainly they have not told you/);
  });
});

describe('buildMessages', () => {
  it('keeps user/assistant turns in order, drops system and empty turns, appends the message', () => {
    const history: ChatTurn[] = [
      { role: 'system', content: 'note' },
      { role: 'user', content: 'one' },
      { role: 'assistant', content: '' },
      { role: 'assistant', content: 'two' },
    ];
    expect(buildMessages({ soul, history, message: 'three' })).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'two' },
      { role: 'user', content: 'three' },
    ]);
  });

  it(`sends at most ${MAX_HISTORY_TURNS} recent turns`, () => {
    const history: ChatTurn[] = Array.from({ length: 100 }, (_, k) => ({ role: k % 2 ? 'assistant' : 'user', content: `t${k}` }));
    const messages = buildMessages({ soul, history, message: 'now' });
    expect(messages).toHaveLength(MAX_HISTORY_TURNS + 1);
    expect(messages[0].content).toBe(`t${100 - MAX_HISTORY_TURNS}`);
    expect(messages.at(-1)!.content).toBe('now');
  });
});
