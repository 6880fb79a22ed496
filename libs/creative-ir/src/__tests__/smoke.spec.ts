import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderIr } from '../index';

describe('smoke', () => {
  it('renders', async () => {
    const ir = {
      version: 1, width: 1080, height: 1080, background: '#101828',
      root: {
        type: 'frame', layoutMode: 'vertical', paddingTop: 96, paddingLeft: 96, paddingRight: 96, paddingBottom: 96, itemSpacing: 32,
        primaryAxisAlignItems: 'center',
        children: [
          { type: 'procedural', style: 'aurora', x: 0, y: 0, width: 1080, height: 1080, layoutPositioning: 'absolute' },
          { type: 'text', text: 'EYEBROW', fontSize: 28, letterSpacing: 4, color: '#a5b4fc', fontWeight: 700 },
          { type: 'text', text: 'Ação rápida: lançamento 🎉 com emoji e acentuação', fontFamily: 'display', fontWeight: 700, fontSize: 88, color: '#ffffff', layoutSizingHorizontal: 'fill', lineHeight: 1.1 },
          { type: 'text', text: 'שלום עולם — texto RTL', fontSize: 40, color: '#e5e7eb', layoutSizingHorizontal: 'fill', textAlign: 'start' },
          { type: 'frame', layoutMode: 'horizontal', itemSpacing: 16, paddingLeft: 32, paddingRight: 32, paddingTop: 18, paddingBottom: 18, cornerRadius: 999, fills: [{ type: 'linear-gradient', angle: 90, stops: [{ offset: 0, color: '#f43f5e' }, { offset: 1, color: '#f59e0b' }] }], shadows: [{ x: 0, y: 12, blur: 30, color: 'rgba(0,0,0,0.5)' }],
            children: [{ type: 'text', text: 'Saiba mais →', fontSize: 32, fontWeight: 600, color: '#fff' }] },
        ],
      },
    };
    const t0 = performance.now();
    const r = await renderIr(ir);
    const t1 = performance.now();
    const r2 = await renderIr(ir);
    console.log('ms', t1 - t0, performance.now() - t1, r.data.length, r.warnings);
    writeFileSync('/tmp/smoke.png', r.data);
    expect(r.data.equals(r2.data)).toBe(true);
    for (const f of ['svg', 'pdf', 'jpeg', 'webp', 'avif'] as const) {
      const o = await renderIr(ir, { format: f });
      writeFileSync(`/tmp/smoke.${f}`, o.data);
      console.log(f, o.data.length);
    }
  });
});
