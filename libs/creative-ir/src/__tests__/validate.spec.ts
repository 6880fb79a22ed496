import { briefJsonSchema, IrValidationError, irJsonSchema, parseIr, parsePathData, validateIr } from '../index';
import { doc, rect } from './fixtures';

const issues = (input: unknown) => {
  const r = validateIr(input);
  return r.ok ? [] : r.issues;
};

describe('validateIr', () => {
  it('accepts a minimal document', () => {
    const r = validateIr(doc({ children: [rect('a', 10, 10)] }));
    expect(r.ok).toBe(true);
  });

  it('reports a missing field with its path', () => {
    const i = issues({ version: 1, width: 100, root: { type: 'frame' } });
    expect(i).toContainEqual(expect.objectContaining({ loc: ['height'], path: '$.height', message: 'Field required', code: 'missing' }));
  });

  it('reports an unsupported version', () => {
    const i = issues({ ...doc({}), version: 2 });
    expect(i[0]).toMatchObject({ path: '$.version', message: 'unsupported version; expected 1' });
  });

  it('reports a bad color deep in the tree at its own path', () => {
    const d = doc({ children: [{ type: 'frame', children: [rect('r', 5, 5, { fills: [{ type: 'solid', color: 'blurple' }] })] }] });
    const i = issues(d);
    expect(i).toHaveLength(1);
    expect(i[0].path).toBe('$.root.children[0].children[0].fills[0].color');
    expect(i[0].loc).toEqual(['root', 'children', 0, 'children', 0, 'fills', 0, 'color']);
    expect(i[0].message).toMatch(/must be a color/);
  });

  it('reports an unknown node type with the allowed ones', () => {
    const i = issues(doc({ children: [{ type: 'star' } as never] }));
    expect(i[0].path).toBe('$.root.children[0].type');
    expect(i[0].message).toMatch(/unknown type; expected one of "frame", "group", "text"/);
  });

  it('reports unknown properties one by one', () => {
    const i = issues(doc({ children: [{ ...rect('a', 1, 1), colour: 'red', size: 3 } as never] }));
    expect(i.map((x) => x.path).sort()).toEqual(['$.root.children[0].colour', '$.root.children[0].size']);
    expect(i[0].message).toBe('unknown property');
  });

  it('reports several problems at once', () => {
    const i = issues(doc({ children: [rect('a', -1, 1, { opacity: 2 })] }));
    expect(i.map((x) => x.path).sort()).toEqual(['$.root.children[0].opacity', '$.root.children[0].width']);
  });

  it('checks duplicate ids, min > max, gradient stop order and path data', () => {
    const d = doc({
      layoutMode: 'vertical',
      children: [
        rect('same', 1, 1, { minWidth: 10, maxWidth: 5 }),
        rect('same', 1, 1, {
          fills: [
            {
              type: 'linear-gradient',
              stops: [
                { offset: 0.8, color: '#000' },
                { offset: 0.2, color: '#fff' },
              ],
            },
          ],
        }),
        { type: 'path', id: 'p', d: 'L 10 10', width: 10, height: 10 },
      ],
    });
    const i = issues(d);
    expect(i.map((x) => x.code).sort()).toEqual(['duplicate_id', 'invalid_path', 'min_greater_than_max', 'stops_order']);
    expect(i.find((x) => x.code === 'duplicate_id')!.path).toBe('$.root.children[1].id');
    expect(i.find((x) => x.code === 'stops_order')!.path).toBe('$.root.children[1].fills[0].stops[1].offset');
  });

  it('accepts node animations (presets and keyframes) and reports bad ones at their paths', () => {
    const animated = rect('a', 10, 10, {
      animation: {
        enter: { preset: 'rise', duration: 0.5, delay: 0.2, easing: 'ease_out' },
        exit: { preset: 'fade' },
        keyframes: [
          { at: 0, opacity: 0, y: 20 },
          { at: 1, opacity: 1, y: 0, scale: 1.05, rotation: 3, easing: 'ease_out_back' },
        ],
      },
    });
    expect(validateIr(doc({ children: [animated] })).ok).toBe(true);
    const bad = rect('b', 10, 10, { animation: { enter: { preset: 'spin' }, keyframes: [{ at: 2 }, { at: 1 }], bounce: true } } as never);
    const paths = issues(doc({ children: [bad] })).map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['$.root.children[0].animation.enter.preset', '$.root.children[0].animation.keyframes', '$.root.children[0].animation.bounce']),
    );
    const schema = JSON.stringify(irJsonSchema());
    expect(schema).toContain('typewriter');
    expect(schema).toContain('keyframes');
  });

  it('rejects "fill" sizing outside auto-layout', () => {
    const i = issues(doc({ children: [rect('a', 1, 1, { layoutSizingHorizontal: 'fill' })] }));
    expect(i.map((x) => x.path)).toEqual(['$.root.children[0].layoutSizingHorizontal']);
  });

  it('rejects image sources that are neither assets nor data URLs', () => {
    const i = issues(doc({ children: [{ type: 'image', id: 'i', src: 'https://example.com/x.png', width: 1, height: 1 }] }));
    expect(i.map((x) => x.path)).toEqual(['$.root.children[0].src']);
  });

  it('refuses nesting deeper than 48 levels at the first node too deep, even thousands of levels down', () => {
    for (const depth of [60, 5000, 50_000]) {
      let node: Record<string, unknown> = rect('leaf', 10, 10);
      for (let i = 0; i < depth; i++) node = { type: 'frame', children: [node] };
      // 5,000 levels overflowed both parsers' recursion: a RangeError instead of an issue.
      const r = validateIr(doc({ children: [node as never] }));
      expect(r.ok).toBe(false);
      expect(r.issues[0].message, `depth ${depth}`).toBe('nesting too deep (at most 48 levels)');
      expect(r.issues[0].loc).toHaveLength(1 + 2 * 49);
    }
  });

  it('parseIr throws IrValidationError carrying the issues', () => {
    expect(() => parseIr({})).toThrow(IrValidationError);
    try {
      parseIr({ version: 1 });
    } catch (e) {
      expect((e as IrValidationError).issues.length).toBeGreaterThan(1);
    }
  });

  it('parses SVG path data', () => {
    expect(parsePathData('M0 0 L10 10 h5 v-5 C1 2 3 4 5 6 Z').error).toBeUndefined();
    expect(parsePathData('M0,0 10,10 20-5z').error).toBeUndefined();
    expect(parsePathData('M0 0 C1 2 3').error).toMatch(/incomplete/);
    expect(parsePathData('').error).toBeDefined();
  });

  it('exports a JSON Schema with the recursive node definitions', () => {
    const s = irJsonSchema() as { definitions: Record<string, unknown>; $ref: string };
    expect(s.$ref).toBe('#/definitions/CreativeIr');
    const text = JSON.stringify(s);
    expect(text).toContain('layoutMode');
    expect(text).toContain('primaryAxisAlignItems');
    expect(text).toContain('"procedural"');
    expect(JSON.stringify(irJsonSchema('openApi3'))).toContain('CreativeIr');
    expect(JSON.stringify(briefJsonSchema())).toContain('slide_index');
  });
});
