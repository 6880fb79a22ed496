import { renderIr, validateIr } from '@platform/creative-ir';
import { writeFileSync } from 'node:fs';
import { cachedIcons, chooseSubject, emojiSvg } from './emoji-subjects';
import { generatePicture } from './image-generator';

/** The six prompts of issue 35, each in English, Portuguese and Spanish, and the illustration each must show. */
const CASES: [string, string[], string, string[]][] = [
  ['cup-with-straw', ['iced coffee cup', 'xícara de café gelado', 'taza de café helado'], 'cup', ['ice', 'hot-beverage']],
  ['woman', ['woman barista', 'mulher barista', 'mujer barista'], 'woman', ['hot-beverage']],
  ['snow-capped-mountain', ['sunset over mountains', 'pôr do sol nas montanhas', 'puesta de sol sobre las montañas'], 'mountain', []],
  ['potted-plant', ['monstera plant', 'planta monstera', 'monstera en maceta'], 'plant', []],
  ['ringed-planet', ['ringed planet', 'planeta com anéis', 'planeta con anillos'], 'planet', []],
  ['running-shoe', ['running shoes', 'tênis de corrida', 'zapatillas para correr'], 'sho', []],
];

describe('the subject of a prompt (Fluent Emoji Flat, emojilib keywords, en/pt/es)', () => {
  it.each(CASES)('%s for each language', (name, prompts, _en, props) => {
    for (const prompt of prompts) {
      const s = chooseSubject(prompt);
      expect({ prompt, name: s?.name }).toEqual({ prompt, name });
      expect(
        prompt
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
      ).toContain(s!.keyword);
      for (const p of props) expect(s!.props.map((x) => x.name)).toContain(p);
    }
  });

  it('names the head word of the phrase, not a describing one', () => {
    expect(chooseSubject('ringed planet')).toMatchObject({ keyword: 'planet', emoji: '🪐' });
    expect(chooseSubject('smiling woman barista')).toMatchObject({ name: 'woman', props: [{ keyword: 'barista', name: 'hot-beverage' }] });
    expect(chooseSubject('iced coffee cup')!.keyword).toBe('cup');
    expect(chooseSubject('xícara de café gelado')!.keyword).toBe('xicara');
    expect(chooseSubject('a black cat')).toMatchObject({ name: 'black-cat' });
    expect(chooseSubject('Ocean waves, calm and blue')).toMatchObject({ name: 'water-wave', props: [] });
  });

  it('is null when no emoji is named: colours, moods and styles alone choose nothing', () => {
    for (const p of ['Futuristic tech conference', 'Bauhaus poster, modern shapes', 'black friday sale', 'abstract gradient', 'calm blue', 'de la para'])
      expect({ p, s: chooseSubject(p) }).toEqual({ p, s: null });
  });

  it('reads an illustration as a sized SVG, keeps at most 64 in memory', () => {
    const svg = Buffer.from(emojiSvg('ringed-planet', 300).split(',')[1], 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*width="300" height="300" viewBox="0 0 32 32">/);
    const shadow = Buffer.from(emojiSvg('ringed-planet', 300, true).split(',')[1], 'base64').toString();
    expect(shadow.match(/fill="#[0-9a-f]{3,6}"/gi)!.every((f) => f === 'fill="#000"')).toBe(true);
    const many = ['cat', 'dog', 'pizza', 'books', 'rocket', 'bouquet', 'cactus', 'avocado', 'bicycle', 'house', 'rabbit', 'fish'];
    for (let i = 0; i < 6; i++) for (const n of many) emojiSvg(n, 10 + i);
    const names = ['1st-place-medal', ...Array.from({ length: 80 }, (_, i) => ['cat', 'dog', 'pizza'][i % 3])];
    names.forEach((n) => emojiSvg(n, 20));
    expect(cachedIcons()).toBeLessThanOrEqual(64);
    expect(() => emojiSvg('no-such-icon', 10)).toThrow(/not in the set/);
  });
});

describe('the picture of a prompt with a subject', () => {
  it('draws the subject as a centred image over the background, the same every time; abstract with subject null otherwise', () => {
    const p = generatePicture({ prompt: 'running shoes', width: 800, height: 600 });
    expect(validateIr(p.ir).ok).toBe(true);
    expect(p.subject).toMatchObject({ keyword: 'shoes', name: 'running-shoe', emoji: '👟' });
    const nodes = (p.ir.root as { children: { id?: string; type: string; x?: number; y?: number; width?: number }[] }).children;
    const subject = nodes.find((n) => n.id === 'subject')!;
    expect(subject.type).toBe('image');
    expect(subject.width! / 600).toBeGreaterThanOrEqual(0.5);
    expect(subject.width! / 600).toBeLessThanOrEqual(0.7);
    expect(Math.abs(subject.x! + subject.width! / 2 - 400)).toBeLessThan(800 * 0.12);
    // Its shadow is drawn first, the background's own orbs are gone.
    expect(nodes.findIndex((n) => n.id === 'subject-shadow')).toBeLessThan(nodes.findIndex((n) => n.id === 'subject'));
    expect(nodes.some((n) => n.id?.startsWith('orb-'))).toBe(false);
    expect(generatePicture({ prompt: 'running shoes', width: 800, height: 600 })).toEqual(p);
    const none = generatePicture({ prompt: 'Futuristic tech conference', width: 300, height: 300 });
    expect(none.subject).toBeNull();
    expect((none.ir.root as { children: { id?: string }[] }).children.some((n) => n.id?.startsWith('orb-'))).toBe(true);
  });

  it('gives a sunset a warm sky and a golden sun, not a pale moon', () => {
    for (const seed of [1, 2]) {
      const p = generatePicture({ prompt: 'sunset over mountains', seed, width: 400, height: 400 });
      expect(p).toMatchObject({ composition: 'landscape', mood: 'sunset' });
      const sun = (p.ir.root as { children: { id?: string; fills?: { color?: string }[] }[] }).children.find((n) => n.id === 'sun')!;
      const hex = sun.fills![0].color!;
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      // Golden to orange: bright red, clearly less green, little blue (the old sun was a pale cream, #fee9c1 or #fac8b5).
      expect({ hex, warm: r > 200 && r - g > 40 && b < 130 }).toEqual({ hex, warm: true });
    }
  });

  it('leaves a framed scene out of a landscape that already shows it: "sunset" alone is the warm landscape, subject null', () => {
    expect(chooseSubject('sunset')!.name).toBe('sunset');
    const p = generatePicture({ prompt: 'sunset', width: 200, height: 200 });
    expect(p).toMatchObject({ composition: 'landscape', subject: null });
    expect((p.ir.root as { children: { id?: string }[] }).children.some((n) => n.id === 'subject')).toBe(false);
  });

  it("draws the near half of a drawn planet's ring in front of it when no illustration is named", async () => {
    const p = generatePicture({ prompt: 'deep space, galaxy', width: 400, height: 400 });
    expect(p).toMatchObject({ composition: 'cosmic', subject: null });
    const ids = (p.ir.root as { children: { id?: string }[] }).children.map((n) => n.id);
    expect(ids.indexOf('ring-back')).toBeLessThan(ids.indexOf('planet'));
    expect(ids.indexOf('ring-front')).toBeGreaterThan(ids.indexOf('planet'));
    expect(validateIr(p.ir).ok).toBe(true);
    if (process.env.GEN_OUT) writeFileSync(`${process.env.GEN_OUT}/ring.png`, (await renderIr(p.ir, { format: 'png' })).data);
  });

  it('renders the ring of the planet in front of it, as the illustration draws it', async () => {
    const p = generatePicture({ prompt: 'ringed planet', width: 320, height: 320 });
    const ids = (p.ir.root as { children: { id?: string }[] }).children.map((n) => n.id);
    expect(ids).not.toContain('ring-back');
    expect(ids).not.toContain('planet');
    const png = await renderIr(p.ir, { format: 'png' });
    expect(png.warnings).toEqual([]);
  });
});
