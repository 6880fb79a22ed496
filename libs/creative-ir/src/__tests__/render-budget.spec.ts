import { estimateDrawCost, initCreativeIr, pageCostFloor, materialize, RenderAbortedError, RenderCostError, renderIr } from '../index';

/** `n` blurred rectangles on a `side` x `side` page. */
function blurred(n: number, side: number) {
  const children = Array.from({ length: n }, (_, i) => ({
    type: 'rect',
    id: `r${i}`,
    x: (i * 37) % side,
    y: (i * 91) % side,
    width: side / 4,
    height: side / 4,
    blur: 8,
    shadows: i % 3 ? undefined : [{ x: 2, y: 4, blur: 12, color: '#00000066' }],
    fills: [{ type: 'solid', color: i % 2 ? '#336699' : '#cc6633' }],
  }));
  return { version: 1, width: side, height: side, background: '#ffffff', root: { type: 'frame', id: 'root', width: side, height: side, children } };
}

const ordinary = {
  version: 1,
  width: 1080,
  height: 1080,
  background: '#f8fafc',
  root: {
    type: 'frame',
    id: 'root',
    width: 1080,
    height: 1080,
    children: [
      { type: 'text', id: 't', x: 80, y: 80, width: 900, text: 'Summer sale starts now', fontSize: 72, color: '#111111' },
      {
        type: 'rect',
        id: 'r',
        x: 80,
        y: 400,
        width: 900,
        height: 400,
        cornerRadius: 24,
        shadows: [{ x: 0, y: 12, blur: 40, color: '#00000033' }],
        fills: [{ type: 'solid', color: '#2563eb' }],
      },
    ],
  },
};

describe('render budget', () => {
  beforeAll(() => initCreativeIr());

  it('estimates an ordinary page far below a chunk, and blurs by the page pixels they filter', async () => {
    expect(estimateDrawCost(await materialize(ordinary)).ms).toBeLessThan(50);
    const small = estimateDrawCost(await materialize(blurred(10, 512)));
    const large = estimateDrawCost(await materialize(blurred(10, 2048)));
    expect(small).toMatchObject({ nodes: 11, blurs: 10, layers: 0, width: 512, height: 512 });
    // 16 times the pixels: about 16 times the cost.
    expect(large.ms / small.ms).toBeGreaterThan(12);
    expect(estimateDrawCost(await materialize(blurred(10, 512)), { scale: 2 }).width).toBe(1024);
  });

  it('knows a floor of the estimate from the page size alone: never above the full estimate, and the whole of an empty page', async () => {
    const empty = {
      version: 1,
      width: 8192,
      height: 8192,
      background: '#ffffff',
      root: { type: 'frame', id: 'root', width: 8192, height: 8192, children: [] },
    };
    const emptyCost = estimateDrawCost(await materialize(empty));
    // An 8192² page costs more than a second before any node is drawn.
    expect(pageCostFloor(8192, 8192).ms).toBeGreaterThan(600);
    expect(pageCostFloor(8192, 8192).ms).toBeLessThanOrEqual(emptyCost.ms);
    for (const [doc, scale, vector] of [
      [ordinary, 1, false],
      [ordinary, 2.5, false],
      [blurred(10, 512), 1, false],
      [blurred(10, 512), 1, true],
    ] as const) {
      const full = estimateDrawCost(await materialize(doc), { scale, vector });
      const floor = pageCostFloor(doc.width, doc.height, { scale, vector });
      expect([floor.width, floor.height]).toEqual([full.width, full.height]);
      expect(floor.ms).toBeLessThanOrEqual(full.ms);
      expect(floor.ms).toBeGreaterThan(0);
    }
  });

  it('draws in chunks to the same bytes as in one go', async () => {
    const ir = blurred(24, 512);
    const whole = await renderIr(ir, { format: 'png' });
    let asked = 0;
    const chunked = await renderIr(ir, { format: 'png', budget: { chunkMs: 1, stop: () => (asked++, false) } });
    expect(asked).toBeGreaterThan(20);
    expect(chunked.data.equals(whole.data)).toBe(true);
    const pdf = await renderIr(ir, { format: 'pdf', budget: { chunkMs: 1, stop: () => false } });
    expect(pdf.data.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a document past maxCostMs before drawing, naming the estimate and the limit', async () => {
    const t0 = performance.now();
    const err = await renderIr(blurred(400, 8192), { budget: { maxCostMs: 1000 } }).catch((e: unknown) => e);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(err).toBeInstanceOf(RenderCostError);
    expect(err).toMatchObject({ limitMs: 1000, summary: '401 nodes (400 blurred) on a 8192 x 8192 px raster' });
    expect((err as RenderCostError).estimateMs).toBeGreaterThan(100_000);
  });

  it('stops between chunks once `stop` answers true', async () => {
    let asked = 0;
    const err = await renderIr(blurred(200, 1024), { budget: { chunkMs: 1, stop: () => ++asked > 5 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderAbortedError);
    expect(asked).toBe(6);
  });
});
