/** Asset bytes as callers give them: bytes, or a (data URL or plain) base64 string. */
export type AssetBytes = Buffer | Uint8Array | string;
/** Resolves `asset:<id>` references (images and fonts); the library never reads storage itself. */
export type AssetResolver = Record<string, AssetBytes> | ((id: string) => AssetBytes | undefined | Promise<AssetBytes | undefined>);

export function toBuffer(b: AssetBytes): Buffer {
  if (typeof b === 'string') {
    const m = /^data:[^;,]*(;base64)?,(.*)$/s.exec(b);
    if (m) return m[1] ? Buffer.from(m[2], 'base64') : Buffer.from(decodeURIComponent(m[2]));
    return Buffer.from(b, 'base64');
  }
  return Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
}

/** Bytes of an `asset:<id>` (through the resolver) or a data URL; undefined when there are none. */
export async function resolveAsset(src: string, assets: AssetResolver | undefined): Promise<Buffer | undefined> {
  if (src.startsWith('data:')) return toBuffer(src);
  if (!src.startsWith('asset:') || !assets) return undefined;
  const id = src.slice('asset:'.length);
  const v = typeof assets === 'function' ? await assets(id) : (assets[id] ?? assets[src]);
  return v === undefined ? undefined : toBuffer(v);
}
