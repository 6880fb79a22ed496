import { brotliDecompressSync, inflateSync } from 'node:zlib';

/**
 * The code points a font file maps to glyphs, read from its `cmap` table (formats 0, 4, 6, 10, 12
 * and 13, the Unicode subtables), for TrueType, OpenType, WOFF, WOFF2 and the first face of a
 * collection. Undefined when the file cannot be read that way.
 *
 * Synchronous and pure, so the text layout can use it anywhere: which characters the registered
 * faces draw is what decides which ones would otherwise be drawn by whatever fonts the host has
 * installed (see `pinGlyphs` in font-registry.ts).
 */
export function fontCodePoints(data: Uint8Array): Set<number> | undefined {
  try {
    const cmap = cmapTable(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    return cmap ? readCmap(cmap) : undefined;
  } catch {
    return undefined;
  }
}

const tag = (b: Buffer, at: number) => b.toString('latin1', at, at + 4);

/** The raw `cmap` table of a font file, whatever its container. */
function cmapTable(b: Buffer): Buffer | undefined {
  const signature = tag(b, 0);
  if (signature === 'ttcf') return sfntTable(b, b.readUInt32BE(12), 'cmap');
  if (signature === 'wOFF') return woffTable(b, 'cmap');
  if (signature === 'wOF2') return woff2Table(b, 'cmap');
  return sfntTable(b, 0, 'cmap');
}

function sfntTable(b: Buffer, offset: number, name: string): Buffer | undefined {
  const flavor = b.readUInt32BE(offset);
  if (flavor !== 0x00010000 && tag(b, offset) !== 'OTTO' && tag(b, offset) !== 'true') return undefined;
  const n = b.readUInt16BE(offset + 4);
  for (let i = 0; i < n; i++) {
    const rec = offset + 12 + i * 16;
    if (tag(b, rec) === name) {
      const at = b.readUInt32BE(rec + 8);
      return b.subarray(at, at + b.readUInt32BE(rec + 12));
    }
  }
  return undefined;
}

function woffTable(b: Buffer, name: string): Buffer | undefined {
  const n = b.readUInt16BE(12);
  for (let i = 0; i < n; i++) {
    const rec = 44 + i * 20;
    if (tag(b, rec) !== name) continue;
    const at = b.readUInt32BE(rec + 4);
    const compressed = b.readUInt32BE(rec + 8);
    const length = b.readUInt32BE(rec + 12);
    const raw = b.subarray(at, at + compressed);
    return compressed < length ? inflateSync(raw) : raw;
  }
  return undefined;
}

/** Tags WOFF2 encodes by index (the specification's "known table tags"); cmap is the first. */
const WOFF2_TAGS = [
  'cmap',
  'head',
  'hhea',
  'hmtx',
  'maxp',
  'name',
  'OS/2',
  'post',
  'cvt ',
  'fpgm',
  'glyf',
  'loca',
  'prep',
  'CFF ',
  'VORG',
  'EBDT',
  'EBLC',
  'gasp',
  'hdmx',
  'kern',
  'LTSH',
  'PCLT',
  'VDMX',
  'vhea',
  'vmtx',
  'BASE',
  'GDEF',
  'GPOS',
  'GSUB',
  'EBSC',
  'JSTF',
  'MATH',
  'CBDT',
  'CBLC',
  'COLR',
  'CPAL',
  'SVG ',
  'sbix',
  'acnt',
  'avar',
  'bdat',
  'bloc',
  'bsln',
  'cvar',
  'fdsc',
  'feat',
  'fmtx',
  'fvar',
  'gvar',
  'hsty',
  'just',
  'lcar',
  'mort',
  'morx',
  'opbd',
  'prop',
  'trak',
  'Zapf',
  'Silf',
  'Glat',
  'Gloc',
  'Feat',
  'Sill',
];

function woff2Table(b: Buffer, name: string): Buffer | undefined {
  const numTables = b.readUInt16BE(12);
  const compressedLength = b.readUInt32BE(20);
  let p = 48;
  const base128 = () => {
    let v = 0;
    for (let i = 0; i < 5; i++) {
      const byte = b[p++];
      v = v * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return v;
    }
    throw new Error('bad UIntBase128');
  };
  const tables: { tag: string; length: number }[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = b[p++];
    const known = flags & 0x3f;
    const t = known === 0x3f ? tag(b, p) : WOFF2_TAGS[known];
    if (known === 0x3f) p += 4;
    const origLength = base128();
    const version = (flags >> 6) & 3;
    // glyf and loca are transformed unless their version is 3; other tables unless it is 0.
    const transformed = t === 'glyf' || t === 'loca' ? version !== 3 : version !== 0;
    tables.push({ tag: t, length: transformed ? base128() : origLength });
  }
  if (tag(b, 4) === 'ttcf') return undefined; // collections: not read
  const stream = brotliDecompressSync(b.subarray(p, p + compressedLength));
  let at = 0;
  for (const t of tables) {
    if (t.tag === name) return stream.subarray(at, at + t.length);
    at += t.length;
  }
  return undefined;
}

/** Unicode subtables first (full repertoire, then BMP), as font engines pick them. */
function readCmap(cmap: Buffer): Set<number> | undefined {
  const n = cmap.readUInt16BE(2);
  const subtables: { rank: number; offset: number }[] = [];
  for (let i = 0; i < n; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    const rank =
      platform === 3 && encoding === 10
        ? 0
        : platform === 0 && (encoding === 4 || encoding === 6)
          ? 1
          : platform === 3 && encoding === 1
            ? 2
            : platform === 0 && encoding <= 3
              ? 3
              : platform === 3 && encoding === 0
                ? 4
                : -1;
    if (rank >= 0) subtables.push({ rank, offset });
  }
  subtables.sort((a, b) => a.rank - b.rank);
  for (const { offset } of subtables) {
    const out = readSubtable(cmap, offset);
    if (out) return out;
  }
  return undefined;
}

function readSubtable(c: Buffer, o: number): Set<number> | undefined {
  const out = new Set<number>();
  const format = c.readUInt16BE(o);
  switch (format) {
    case 0:
      for (let i = 0; i < 256; i++) if (c[o + 6 + i]) out.add(i);
      return out;
    case 4: {
      const segs = c.readUInt16BE(o + 6) / 2;
      const ends = o + 14;
      const starts = ends + segs * 2 + 2;
      const deltas = starts + segs * 2;
      const ranges = deltas + segs * 2;
      for (let s = 0; s < segs; s++) {
        const end = c.readUInt16BE(ends + s * 2);
        const start = c.readUInt16BE(starts + s * 2);
        const delta = c.readUInt16BE(deltas + s * 2);
        const rangeOffset = c.readUInt16BE(ranges + s * 2);
        for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (cp + delta) & 0xffff;
          else {
            const at = ranges + s * 2 + rangeOffset + (cp - start) * 2;
            glyph = at + 2 <= c.length ? c.readUInt16BE(at) : 0;
            if (glyph) glyph = (glyph + delta) & 0xffff;
          }
          if (glyph) out.add(cp);
        }
      }
      return out;
    }
    case 6: {
      const first = c.readUInt16BE(o + 6);
      const count = c.readUInt16BE(o + 8);
      for (let i = 0; i < count; i++) if (c.readUInt16BE(o + 10 + i * 2)) out.add(first + i);
      return out;
    }
    case 10: {
      const first = c.readUInt32BE(o + 12);
      const count = c.readUInt32BE(o + 16);
      for (let i = 0; i < count; i++) if (c.readUInt16BE(o + 20 + i * 2)) out.add(first + i);
      return out;
    }
    case 12:
    case 13: {
      const groups = c.readUInt32BE(o + 12);
      for (let g = 0; g < groups; g++) {
        const at = o + 16 + g * 12;
        const start = c.readUInt32BE(at);
        const end = Math.min(c.readUInt32BE(at + 4), 0x10ffff);
        const glyph = c.readUInt32BE(at + 8);
        // Format 13 maps a whole range to one glyph (a "last resort" font); 12 to consecutive glyphs.
        for (let cp = start; cp <= end; cp++) if (format === 13 ? glyph : glyph + (cp - start)) out.add(cp);
      }
      return out;
    }
    default:
      return undefined;
  }
}
