import { ValidationError } from '@platform/errors';
import { ifMatchAccepts, parseIfMatch } from '../../designs/if-match';
import { nearestName, normalizeArguments, strictSchema } from '../tool-catalogue';

describe('tool catalogue: strict schemas and the arguments read by them', () => {
  const converted = strictSchema(
    {
      type: 'object',
      properties: {
        design_id: { type: 'string' },
        width: { type: 'integer', default: 1080 },
        title: { type: ['string', 'null'] },
        image: { anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }] },
        render: { allOf: [{ $ref: '#/$defs/Render' }], description: 'Render it' },
        ir: { allOf: [{ $ref: '#/$defs/CreativeIr' }] },
      },
      required: ['design_id'],
    },
    { defs: { Render: { type: 'object', properties: { format: { type: 'string', enum: ['png', 'jpeg'] }, quality: { type: 'integer' } } } } },
    0,
  );

  it('closes every object, lists every property as required (optional ones nullable) and inlines references', () => {
    const s = converted.schema;
    expect(s).toMatchObject({ type: 'object', additionalProperties: false, required: ['design_id', 'width', 'title', 'image', 'render', 'ir'] });
    expect(s.properties.width).toEqual({ type: ['integer', 'null'], description: 'Default 1080.' });
    expect(s.properties.render).toMatchObject({
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['format', 'quality'],
      properties: { format: { type: ['string', 'null'], enum: ['png', 'jpeg', null] } },
    });
    expect(s.properties.ir).toMatchObject({ type: ['string', 'null'] });
    expect(s.properties.ir.description).toContain('creative://schemas/ir');
    expect(JSON.stringify(s)).not.toMatch(/\$ref|allOf|default/);
  });

  it('drops null for an optional argument, parses JSON text, keeps a plain string where a string is valid, and names unknown ones', () => {
    const plan = converted.plans[0];
    expect(
      normalizeArguments(
        { design_id: 'des_1', width: null, title: null, image: 'asset:a', render: { format: 'png', quality: null }, ir: '{"a":1}' },
        plan,
        't',
      ),
    ).toEqual({ design_id: 'des_1', image: 'asset:a', render: { format: 'png' }, ir: { a: 1 } });
    expect(normalizeArguments({ design_id: 'des_1', image: '{"src":"asset:b"}' }, plan, 't')).toEqual({ design_id: 'des_1', image: { src: 'asset:b' } });
    let error: ValidationError | undefined;
    try {
      normalizeArguments({ design_id: 'des_1', widht: 3, render: { fromat: 'png' }, ir: '{' }, plan, 'tool');
    } catch (err) {
      error = err as ValidationError;
    }
    expect(error?.details.map((d) => [d.loc.join('.'), d.type])).toEqual([
      ['widht', 'extra_forbidden'],
      ['render.fromat', 'extra_forbidden'],
      ['ir', 'json_invalid'],
    ]);
    expect(error?.details[0].msg).toMatch(/did you mean `width`/);
  });

  it('suggests the nearest name only when it is near', () => {
    expect(nearestName('widht', ['width', 'height'])).toBe('width');
    expect(nearestName('template_id', ['brief', 'template', 'ir'])).toBe('template');
    expect(nearestName('Design-ID', ['design_id'])).toBe('design_id');
    expect(nearestName('banana', ['width', 'height'])).toBeUndefined();
  });

  it('reads If-Match as REST and MCP take it', () => {
    expect(parseIfMatch(5)).toEqual({ any: false, revisions: [5] });
    for (const v of ['5', 'rev-5', '"rev-5"', ' "rev-5" ', '"5"']) expect(parseIfMatch(v), v).toEqual({ any: false, revisions: [5] });
    expect(parseIfMatch('"rev-4", W/"rev-9", rev-5')).toEqual({ any: false, revisions: [4, 5] });
    expect(parseIfMatch('*')).toEqual({ any: true });
    expect(ifMatchAccepts(parseIfMatch('W/"rev-5"'), 5)).toBe(false);
    expect(ifMatchAccepts(undefined, 5)).toBe(true);
    for (const v of ['banana', '', 'rev-', '"rev-5', 'rev-0', '0', '"rev-5",', 0, 1.5]) expect(() => parseIfMatch(v), String(v)).toThrow(ValidationError);
  });
});
