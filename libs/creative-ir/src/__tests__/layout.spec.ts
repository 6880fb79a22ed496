import { flattenMaterialized, layoutText, materialize, type MaterializedDocument } from '../index';
import { doc, rect } from './fixtures';

const box = (m: MaterializedDocument, id: string) => {
  const n = flattenMaterialized(m.root).find((x) => x.id === id);
  if (!n) throw new Error(`no node ${id}`);
  return { x: +n.x.toFixed(2), y: +n.y.toFixed(2), w: +n.width.toFixed(2), h: +n.height.toFixed(2) };
};

const row = (extra: object, children = [rect('a', 50, 20), rect('b', 30, 40), rect('c', 20, 10)]) =>
  doc({ children: [{ type: 'frame', id: 'f', x: 10, y: 20, width: 300, height: 100, layoutMode: 'horizontal', ...extra, children }] });

describe('materialize: auto-layout', () => {
  it('places children with padding and item spacing (horizontal, min alignment)', async () => {
    const m = await materialize(row({ paddingLeft: 10, paddingTop: 5, itemSpacing: 8 }));
    expect(box(m, 'a')).toEqual({ x: 20, y: 25, w: 50, h: 20 });
    expect(box(m, 'b')).toEqual({ x: 78, y: 25, w: 30, h: 40 });
    expect(box(m, 'c')).toEqual({ x: 116, y: 25, w: 20, h: 10 });
  });

  it.each([
    ['center', 10 + (300 - 100) / 2],
    ['max', 10 + 300 - 100],
  ])('primary axis %s', async (align, x) => {
    const m = await materialize(row({ primaryAxisAlignItems: align }));
    expect(box(m, 'a').x).toBe(x);
  });

  it('primary axis space-between ignores item spacing and spreads the children', async () => {
    const m = await materialize(row({ primaryAxisAlignItems: 'space-between', itemSpacing: 50 }));
    expect(box(m, 'a').x).toBe(10);
    expect(box(m, 'b').x).toBe(10 + 50 + 100);
    expect(box(m, 'c').x).toBe(10 + 300 - 20);
  });

  it.each([
    ['min', 20],
    ['center', 20 + (100 - 20) / 2],
    ['max', 20 + 100 - 20],
  ])('counter axis %s', async (align, y) => {
    const m = await materialize(row({ counterAxisAlignItems: align }));
    expect(box(m, 'a').y).toBe(y);
  });

  it('counter axis stretch and per-child layoutAlign', async () => {
    const m = await materialize(
      row({ counterAxisAlignItems: 'stretch' }, [rect('a', 50, 20, { height: undefined }), rect('b', 30, 40, { layoutAlign: 'max' })]),
    );
    expect(box(m, 'a').h).toBe(100);
    expect(box(m, 'b').y).toBe(20 + 60);
  });

  it('vertical layout', async () => {
    const m = await materialize(row({ layoutMode: 'vertical', itemSpacing: 5, paddingTop: 10 }));
    expect(box(m, 'a')).toEqual({ x: 10, y: 30, w: 50, h: 20 });
    expect(box(m, 'b').y).toBe(55);
    expect(box(m, 'c').y).toBe(100);
  });

  it('fill takes the remaining space, shared by layoutGrow, and respects max sizes', async () => {
    const m = await materialize(
      row({ itemSpacing: 10 }, [
        rect('fixed', 40, 20),
        rect('fill1', 0, 20, { layoutSizingHorizontal: 'fill' }),
        rect('fill2', 0, 20, { layoutSizingHorizontal: 'fill', layoutGrow: 2 }),
      ]),
    );
    const free = 300 - 40 - 20;
    expect(box(m, 'fill1').w).toBeCloseTo(free / 3, 1);
    expect(box(m, 'fill2').w).toBeCloseTo((2 * free) / 3, 1);
    const capped = await materialize(row({}, [rect('fill', 0, 20, { layoutSizingHorizontal: 'fill', maxWidth: 120 })]));
    expect(box(capped, 'fill').w).toBe(120);
  });

  it('fill on the counter axis stretches', async () => {
    const m = await materialize(row({}, [rect('a', 20, 0, { layoutSizingVertical: 'fill' })]));
    expect(box(m, 'a').h).toBe(100);
  });

  it('hug sizes a frame to its content plus padding, with min sizes', async () => {
    const m = await materialize(
      doc({
        children: [
          {
            type: 'frame',
            id: 'hug',
            layoutMode: 'horizontal',
            paddingLeft: 4,
            paddingRight: 6,
            paddingTop: 3,
            paddingBottom: 7,
            itemSpacing: 10,
            children: [rect('a', 50, 20), rect('b', 30, 40)],
          },
          { type: 'frame', id: 'min', y: 100, layoutMode: 'vertical', minWidth: 200, children: [rect('c', 50, 20)] },
        ],
      }),
    );
    expect(box(m, 'hug')).toEqual({ x: 0, y: 0, w: 4 + 50 + 10 + 30 + 6, h: 3 + 40 + 7 });
    expect(box(m, 'min').w).toBe(200);
  });

  it('wraps into rows with counterAxisSpacing', async () => {
    const items = Array.from({ length: 5 }, (_, i) => rect(`i${i}`, 100, 30));
    const m = await materialize(
      doc({
        children: [
          { type: 'frame', id: 'w', width: 320, layoutMode: 'horizontal', layoutWrap: 'wrap', itemSpacing: 10, counterAxisSpacing: 6, children: items },
        ],
      }),
    );
    expect(box(m, 'i0')).toMatchObject({ x: 0, y: 0 });
    expect(box(m, 'i2')).toMatchObject({ x: 220, y: 0 });
    expect(box(m, 'i3')).toMatchObject({ x: 0, y: 36 });
    expect(box(m, 'i4')).toMatchObject({ x: 110, y: 36 });
    expect(box(m, 'w').h).toBe(66);
  });

  it('nests frames and accumulates absolute positions', async () => {
    const m = await materialize(
      doc({
        layoutMode: 'vertical',
        paddingTop: 10,
        paddingLeft: 10,
        children: [
          rect('top', 100, 20),
          {
            type: 'frame',
            id: 'inner',
            layoutMode: 'horizontal',
            paddingLeft: 5,
            itemSpacing: 3,
            children: [rect('x', 10, 10), { type: 'frame', id: 'deep', layoutMode: 'vertical', paddingTop: 2, children: [rect('y', 7, 7)] }],
          },
        ],
      }),
    );
    expect(box(m, 'inner')).toMatchObject({ x: 10, y: 30 });
    expect(box(m, 'x')).toMatchObject({ x: 15, y: 30 });
    expect(box(m, 'y')).toEqual({ x: 28, y: 32, w: 7, h: 7 });
  });

  it('absolute children keep their x/y and do not take part in the flow', async () => {
    const m = await materialize(
      row({ itemSpacing: 10 }, [rect('a', 50, 20), rect('abs', 30, 30, { layoutPositioning: 'absolute', x: 200, y: 60 }), rect('b', 20, 20)]),
    );
    expect(box(m, 'abs')).toEqual({ x: 210, y: 80, w: 30, h: 30 });
    expect(box(m, 'b').x).toBe(10 + 50 + 10);
  });

  it('positions children of non-auto-layout frames and groups by x/y, and skips hidden nodes in the flow', async () => {
    const m = await materialize(
      doc({
        children: [
          { type: 'group', id: 'g', x: 50, y: 60, children: [rect('g1', 10, 10, { x: 5, y: 5 }), rect('g2', 10, 10, { x: 30, y: 40 })] },
          { type: 'frame', id: 'f', x: 0, y: 200, layoutMode: 'horizontal', children: [rect('hidden', 50, 10, { visible: false }), rect('shown', 10, 10)] },
        ],
      }),
    );
    expect(box(m, 'g')).toEqual({ x: 50, y: 60, w: 40, h: 50 });
    expect(box(m, 'g2')).toMatchObject({ x: 80, y: 100 });
    expect(box(m, 'shown').x).toBe(0);
  });

  it('hugs text with the same metrics as the text layout, and wraps text that fills', async () => {
    const text = 'Hello layout world';
    const m = await materialize(
      doc({
        layoutMode: 'vertical',
        width: 200,
        children: [
          { type: 'text', id: 'hug', text, fontSize: 20 },
          { type: 'text', id: 'fill', text: `${text} ${text} ${text}`, fontSize: 20, layoutSizingHorizontal: 'fill', lineHeight: 1.5 },
        ],
      }),
    );
    const natural = layoutText({ text, fontSize: 20 }).width;
    expect(box(m, 'hug').w).toBeCloseTo(natural, 1);
    expect(box(m, 'hug').h).toBe(24);
    const fill = flattenMaterialized(m.root).find((n) => n.id === 'fill')!;
    expect(fill.width).toBe(200);
    expect(fill.text!.lines.length).toBeGreaterThan(1);
    expect(fill.height).toBe(fill.text!.lines.length * 30);
  });

  it('flags text that overflows a fixed box', async () => {
    const m = await materialize(
      doc({ children: [{ type: 'text', id: 't', text: 'a b c d e f g h i j k l m n o p', fontSize: 20, width: 40, height: 30, ellipsis: false }] }),
    );
    expect(m.warnings[0]).toMatchObject({ id: 't' });
  });
});
