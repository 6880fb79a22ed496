import { analyzeBrief, buildTemplate, chooseTemplate, materialize, unusedBriefFields } from '../index';

const words = (n: number, salt: string) => Array.from({ length: n }, (_, i) => `${salt}${i.toString(36)}`).join(' ');

describe('what a design drops or cuts', () => {
  it('names the brief fields a template build does not show, and required fields absent', async () => {
    const product = await buildTemplate('product', { brief: { title: 'Trail runner', body: 'Light and grippy.', subtitle: 'Our lightest shoe' } });
    expect(product.notices.filter((n) => n.code === 'field_unused').map((n) => n.field)).toEqual(['subtitle']);
    const announcement = await buildTemplate('announcement', { brief: { title: 'We moved', body: 'Find us downtown' } });
    expect(announcement.notices.filter((n) => n.code === 'field_unused').map((n) => n.field)).toEqual(['body']);
    const quote = await buildTemplate('quote', { brief: { body: 'Simple things done well.' } });
    expect(quote.notices).toContainEqual(expect.objectContaining({ id: 'brief.author', code: 'field_required_missing', field: 'author' }));
  });

  it('names template text the fitting loop held at its minimum size', async () => {
    const r = await buildTemplate('announcement', { brief: { title: 'Spring sale', cta: 'Shop now' }, format: 'medium_rectangle' });
    expect(r.notices).toContainEqual(expect.objectContaining({ id: 'cta-text', code: 'text_shrunk' }));
    const roomy = await buildTemplate('announcement', { brief: { title: 'Spring sale', cta: 'Shop now' }, format: 'instagram_post' });
    expect(roomy.notices.filter((n) => n.code === 'text_shrunk')).toEqual([]);
  });

  it('reads field usage from the IR: an edit that removes a field is seen', async () => {
    const built = await buildTemplate('square-post', { brief: { title: 'Hello there', cta: 'Shop now' } });
    expect(unusedBriefFields({ title: 'Hello there', cta: 'Shop now' }, built.ir, ['title', 'cta'])).toEqual([]);
    const edited = JSON.parse(JSON.stringify(built.ir).replace(/Shop now/g, 'Buy'));
    expect(unusedBriefFields({ title: 'Hello there', cta: 'Shop now' }, edited, ['title', 'cta'])).toEqual(['cta']);
  });

  it('codes text cut by maxLines and text shrunk to fit in a layout', async () => {
    const m = await materialize({
      version: 1,
      width: 400,
      height: 300,
      root: {
        type: 'frame',
        id: 'root',
        width: 400,
        height: 300,
        children: [
          { type: 'text', id: 'cut', x: 10, y: 10, width: 200, text: words(60, 'c'), fontSize: 20, maxLines: 2 },
          { type: 'text', id: 'small', x: 10, y: 150, width: 120, height: 40, text: words(12, 's'), fontSize: 40, fit: 'shrink', minFontSize: 8 },
          { type: 'text', id: 'fits', x: 10, y: 100, width: 300, text: 'Short', fontSize: 20, maxLines: 2 },
        ],
      },
    });
    expect(m.warnings.find((w) => w.id === 'cut')).toMatchObject({ code: 'text_truncated', message: expect.stringMatching(/^text cut to 2 of \d+ lines/) });
    expect(m.warnings.find((w) => w.id === 'small')).toMatchObject({ code: 'text_shrunk' });
    expect(m.warnings.find((w) => w.id === 'fits')).toBeUndefined();
  });

  it('chooses a template whose required fields the brief has', () => {
    expect(chooseTemplate({ title: 'Hi there' }).id).toBe('square-post');
    expect(chooseTemplate({ body: 'b', author: 'a' }).id).toBe('quote');
    expect(chooseTemplate({}).id).toBe('square-post');
  });

  it('scores a brief by what the chosen template will show', () => {
    const full = analyzeBrief({ eyebrow: 'New', title: 'Plan your week', subtitle: 'Smart boards.', body: 'Drag, drop, done.', cta: 'Try it' });
    const empty = analyzeBrief({});
    const x = analyzeBrief({ title: 'x' });
    expect(empty.score).toBeLessThanOrEqual(15);
    expect(x.score).toBeLessThan(100);
    expect(full.score).toBeGreaterThan(x.score);
    expect(analyzeBrief({ title: 'Shoe', body: 'b', subtitle: 's' }, { template: 'product' })).toMatchObject({ unused: ['subtitle'], template: 'product' });
    expect(analyzeBrief({ title: 'Hi there', format: 'instagram_post' }).format).toEqual({
      width: 1080,
      height: 1080,
      name: 'square',
      preset: 'instagram_post',
    });
  });
});
