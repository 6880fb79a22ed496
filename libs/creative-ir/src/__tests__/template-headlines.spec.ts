import { buildTemplate, flattenMaterialized, listTemplates, materializeSync, STRIP_TITLE_MIN_PX } from '../index';
import { samplePhoto } from './template-samples';

/** Long Portuguese and German copy with long buttons, as a café and a bookstore write it. */
const LONG = [
  {
    language: 'pt-BR',
    eyebrow: 'Somente esta semana',
    title: 'O cold brew da estação chegou para deixar suas manhãs de verão muito mais leves e saborosas',
    body: 'Passe no balcão, peça o seu com leite de aveia ou puro com gelo e ganhe um pão de queijo quentinho para acompanhar.',
    cta: 'Garanta o seu agora mesmo',
    items: ['Cold brew com laranja-baía', 'Leite de aveia sem custo extra', 'Pão de queijo de cortesia', 'Copo retornável com desconto'],
  },
  {
    language: 'de',
    eyebrow: 'Nur diese Woche',
    title: 'Der neue Herbstkatalog unserer Buchhandlung ist endlich da und wartet auf Sie',
    body: 'Alle Neuerscheinungen des Herbstes, handverlesen von unserem Team, mit Leseproben und Empfehlungen für jedes Alter.',
    cta: 'Jetzt den ganzen Katalog kostenlos herunterladen',
    items: ['Leseproben', 'Signierte Ausgaben', 'Versandkostenfrei'],
  },
];

const titleOf = (ir: Parameters<typeof materializeSync>[0]) => {
  const t = flattenMaterialized(materializeSync(ir).root).find((n) => n.id === 'title' && n.node.visible !== false);
  return t?.text;
};

describe('headline sizes a designer would use', () => {
  let photo: string;
  beforeAll(async () => {
    photo = `data:image/jpeg;base64,${(await samplePhoto()).toString('base64')}`;
  });

  it("sets the product template's headline at display size, and leaves out the pitch and chips before it falls under 6% of the page", async () => {
    for (const brief of LONG)
      for (const format of [
        { width: 1080, height: 1080 },
        { width: 1080, height: 1920 },
      ]) {
        const short = await buildTemplate('product', { brief: { title: 'Trail runner', body: 'Light, grippy, made for mud.', image: photo }, format });
        // A short name is a display headline: over 8% of the page's short side (it was 77 px, 7%, at 1080x1080).
        expect(titleOf(short.ir)!.fontSize).toBeGreaterThanOrEqual(0.08 * 1080);
        const long = await buildTemplate('product', { brief: { ...brief, image: photo }, format });
        const size = titleOf(long.ir)!.fontSize;
        // Long copy: 40 px at 1080x1080 beside four chips before; the chips and pitch go first (named in warnings).
        expect(size, `${brief.language} ${format.width}x${format.height}: ${size}px at level ${long.contentLevel}`).toBeGreaterThanOrEqual(
          long.contentLevel < 3 ? 0.06 * 1080 : 0.045 * 1080,
        );
        if (long.contentLevel > 0) expect(long.notices.some((n) => n.code === 'field_unused' && (n.field === 'body' || n.field === 'items'))).toBe(true);
      }
  });

  it(`keeps strip headlines at 728x90 at ${STRIP_TITLE_MIN_PX} px or more, shortening or leaving out the button first and saying so`, async () => {
    const strips = listTemplates().filter((t) => t.fields.includes('title'));
    const failures: string[] = [];
    for (const t of strips)
      for (const brief of LONG) {
        const r = await buildTemplate(t.id, { brief: { ...brief, image: photo }, format: { width: 728, height: 90 } });
        const text = titleOf(r.ir);
        if (!text) continue;
        if (text.fontSize < STRIP_TITLE_MIN_PX) failures.push(`${t.id} ${brief.language}: title ${text.fontSize}px`);
        // A button cut or dropped is named.
        const m = materializeSync(r.ir);
        const cta = flattenMaterialized(m.root).find((n) => n.id === 'cta-text' && n.node.visible !== false);
        const shown = cta?.text?.lines.map((l) => l.text).join(' ') ?? '';
        if (t.fields.includes('cta') && shown.replace(/\s+/g, ' ').trim() !== brief.cta) {
          const named = r.notices.some((n) => (n.code === 'text_truncated' && n.id === 'cta-text') || (n.code === 'field_unused' && n.field === 'cta'));
          if (!named) failures.push(`${t.id} ${brief.language}: button "${shown}" not named in warnings`);
        }
      }
    expect(failures).toEqual([]);
  });
});
