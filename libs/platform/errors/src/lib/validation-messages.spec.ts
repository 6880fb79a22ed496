import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { ErrorDetail, locatedDetails, ValidationError } from './domain-exception';
import { EnvelopeValidationPipe } from './validation-pipe';
import { IsNotBlank, IsOptionalNotNull } from './validators';

class Inner {
  @IsInt() n: number;
}

class Body {
  @IsString()
  @IsNotBlank()
  @MaxLength(10)
  content: string;

  @IsOptional()
  @IsString()
  @IsNotBlank()
  @Matches(/^[a-z]+$/, { message: 'code must be lower-case letters' })
  code?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2)
  @IsString({ each: true })
  @MaxLength(20, { each: true })
  @IsUrl({ protocols: ['https'], require_protocol: true }, { each: true, message: 'each link must be an https URL' })
  links?: string[];

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => Inner)
  inner?: Inner;

  @IsOptionalNotNull()
  @IsString()
  @IsIn(['open', 'closed'])
  status?: string;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}

class Query {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1)
  @Max(50)
  limit?: number;
}

const pipe = new EnvelopeValidationPipe();

/** The details the pipe answers for `value`, or [] when it passes. */
async function details(value: Record<string, unknown>, type: 'body' | 'query' = 'body'): Promise<ErrorDetail[]> {
  try {
    await pipe.transform(value, { type, metatype: type === 'body' ? Body : Query });
    return [];
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return locatedDetails(e);
  }
}

const ok = { content: 'hello' };

describe('EnvelopeValidationPipe: one message per problem', () => {
  it('reports only the type when a value has the wrong type', async () => {
    expect(await details({ content: 123 })).toEqual([{ loc: ['body', 'content'], msg: 'content must be a string', type: 'string_type' }]);
    expect(await details({ ...ok, code: 42 })).toEqual([{ loc: ['body', 'code'], msg: 'code must be a string', type: 'string_type' }]);
    expect(await details({ ...ok, status: 7 })).toEqual([{ loc: ['body', 'status'], msg: 'status must be a string', type: 'string_type' }]);
    expect(await details({ limit: 'abc' }, 'query')).toEqual([{ loc: ['query', 'limit'], msg: 'limit must be an integer', type: 'int_type' }]);
  });

  it('reports only the array type for a non-array, whatever its `each` rules say', async () => {
    for (const links of ['https://example.com', 'not a url at all, and longer than twenty', 5, { 0: 'https://example.com' }]) {
      expect(await details({ ...ok, links }), JSON.stringify(links)).toEqual([{ loc: ['body', 'links'], msg: 'links must be an array', type: 'list_type' }]);
    }
  });

  it('reports the element type alone when an element has the wrong type', async () => {
    expect(await details({ ...ok, links: ['https://example.com', 3] })).toEqual([
      { loc: ['body', 'links'], msg: 'each value in links must be a string', type: 'string_type' },
    ]);
  });

  it('reports only the object type for a non-object, and not its members', async () => {
    for (const inner of ['x', [{ n: 'y' }], 4]) {
      expect(await details({ ...ok, inner }), JSON.stringify(inner)).toEqual([{ loc: ['body', 'inner'], msg: 'inner must be an object', type: 'dict_type' }]);
    }
    expect(await details({ ...ok, inner: { n: 'y' } })).toEqual([{ loc: ['body', 'inner', 'n'], msg: 'n must be an integer number', type: 'int_type' }]);
  });

  it('still reports every rule a value of the right type breaks', async () => {
    const both = await details({ ...ok, links: ['http://example.com/a-long-path'] });
    expect(both).toHaveLength(2);
    expect(both).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'links'], msg: 'each value in links must be shorter than or equal to 20 characters', type: 'string_too_long' },
        { loc: ['body', 'links'], msg: 'each link must be an https URL', type: 'url_parsing' },
      ]),
    );
    expect((await details({ ...ok, links: ['https://a.io', 'https://b.io', 'https://c.io'] })).map((d) => d.type)).toEqual(['too_long']);
    expect(await details({ content: 'x'.repeat(11) })).toEqual([
      { loc: ['body', 'content'], msg: 'content must be shorter than or equal to 10 characters', type: 'string_too_long' },
    ]);
    expect(await details({ ...ok, status: 'archived' })).toEqual([
      { loc: ['body', 'status'], msg: 'status must be one of the following values: open, closed', type: 'enum' },
    ]);
  });

  it('treats empty and blank text alike, with one message', async () => {
    const blank = [{ loc: ['body', 'content'], msg: 'content must not be empty or blank', type: 'missing' }];
    for (const content of ['', ' ', '   \t\n ', '\u00a0\u2003', '\u200b\ufeff']) {
      expect(await details({ content }), JSON.stringify(content)).toEqual(blank);
    }
    // An optional field is checked only when given; blank is refused without the pattern's message too.
    expect(await details({ ...ok, code: '  ' })).toEqual([{ loc: ['body', 'code'], msg: 'code must not be empty or blank', type: 'missing' }]);
    expect(await details({ content: ' hi ' })).toEqual([]);
  });

  it('reports an absent required field as missing, alone', async () => {
    expect(await details({})).toEqual([{ loc: ['body', 'content'], msg: 'Field required', type: 'missing' }]);
    expect(await details({ content: null })).toEqual([{ loc: ['body', 'content'], msg: 'Field required', type: 'missing' }]);
  });

  it('refuses null where null is not allowed, and lets absence and plain IsOptional nulls through', async () => {
    expect(await details({ ...ok, status: null })).toEqual([
      { loc: ['body', 'status'], msg: 'status may not be null; omit the field instead', type: 'null_not_allowed' },
    ]);
    expect(await details({ ...ok })).toEqual([]);
    expect(await details({ ...ok, status: 'open', metadata: null })).toEqual([]);
  });
});
