import sharp from 'sharp';

/** Share of an image's pixels that must be see-through (alpha under 250) for it to count as a cut-out. */
export const CUTOUT_SHARE = 0.02;

/**
 * Whether an image is a cut-out (a product on a transparent ground) rather than an ordinary photo: true when at
 * least `CUTOUT_SHARE` of its pixels (read at most 96 px a side) are see-through, false for an opaque image or
 * one without an alpha channel (JPEG), undefined when it cannot be decoded.
 */
export async function isCutout(bytes: Buffer): Promise<boolean | undefined> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.hasAlpha) return false;
    const { data, info } = await sharp(bytes)
      .resize(96, 96, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .extractChannel(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    let clear = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i] < 250) clear++;
    return clear >= CUTOUT_SHARE * (data.length / info.channels);
  } catch {
    return undefined;
  }
}
