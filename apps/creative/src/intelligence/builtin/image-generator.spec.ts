import { renderIr, validateIr } from '@platform/creative-ir';
import { mkdirSync, writeFileSync } from 'node:fs';
import { generatePicture, promptSeed } from './image-generator';

const PROMPTS: [string, string | null][] = [
  ['Pôr do sol nas montanhas', null],
  ['A quiet night over the lake', 'landscape'],
  ['Galaxy with a ringed planet', null],
  ['Buquê de flores na primavera', null],
  ['Bauhaus poster, modern shapes', null],
  ['Cold brew coffee launch', null],
  ['Futuristic tech conference', 'grid'],
  ['Ocean waves, calm and blue', null],
];

describe('built-in image generator', () => {
  it('makes a valid IR for each composition, the same for the same prompt and seed', () => {
    for (const [prompt, style] of PROMPTS) {
      const a = generatePicture({ prompt, style, width: 640, height: 480 });
      expect(validateIr(a.ir).ok, prompt).toBe(true);
      expect(generatePicture({ prompt, style, width: 640, height: 480 })).toEqual(a);
      expect(a.seed).toBe(promptSeed(prompt));
      expect(generatePicture({ prompt, style, seed: a.seed + 1, width: 640, height: 480 }).ir).not.toEqual(a.ir);
    }
    expect(generatePicture({ prompt: 'Pôr do sol nas montanhas', width: 100, height: 100 }).composition).toBe('landscape');
    expect(generatePicture({ prompt: 'Galaxy with a ringed planet', width: 100, height: 100 }).composition).toBe('cosmic');
    expect(generatePicture({ prompt: 'Buquê de flores na primavera', width: 100, height: 100 }).composition).toBe('botanical');
    expect(generatePicture({ prompt: 'Bauhaus poster, modern shapes', width: 100, height: 100 }).composition).toBe('geometric');
    expect(generatePicture({ prompt: 'Cold brew coffee launch', width: 100, height: 100 })).toMatchObject({ composition: 'abstract', mood: 'autumn' });
  });

  (process.env.GEN_OUT ? it : it.skip)(
    'writes sample PNGs to GEN_OUT for a look',
    async () => {
      mkdirSync(process.env.GEN_OUT!, { recursive: true });
      for (const [i, [prompt, style]] of PROMPTS.entries()) {
        const p = generatePicture({ prompt, style, width: 768, height: i % 3 === 2 ? 1024 : 768 });
        const out = await renderIr(p.ir, { format: 'png' });
        writeFileSync(`${process.env.GEN_OUT}/${i}-${p.composition}.png`, out.data);
      }
    },
    120_000,
  );
});
