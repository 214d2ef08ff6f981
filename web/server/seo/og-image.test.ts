import { renderOgImage } from './og-image';
import { figuresOf } from './test-figures';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which a PNG must have first (length at 8, type at 12, data at 16). */
const sizeOf = (png: Buffer) => ({ type: png.toString('latin1', 12, 16), width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('renderOgImage', () => {
  it('when figures are given, then it is a 1200 × 630 PNG', async () => {
    const png = await renderOgImage(figuresOf());
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(sizeOf(png)).toEqual({ type: 'IHDR', width: 1200, height: 630 });
  });

  it('when no figures are given, then the generic card is a 1200 × 630 PNG too, another picture', async () => {
    const png = await renderOgImage(null);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(sizeOf(png)).toEqual({ type: 'IHDR', width: 1200, height: 630 });
    expect(png.equals(await renderOgImage(figuresOf()))).toBe(false);
  });

  it('when the same card is asked for again, then it is not drawn again', async () => {
    const figures = figuresOf({ shmPrice: '$0.2000' });
    const first = await renderOgImage(figures);
    // The very same buffer: a second render would make a new one.
    expect(await renderOgImage(figuresOf({ shmPrice: '$0.2000' }))).toBe(first);
    const [a, b] = await Promise.all([renderOgImage(figuresOf({ shmPrice: '$0.3000' })), renderOgImage(figuresOf({ shmPrice: '$0.3000' }))]);
    expect(a).toBe(b);
  });

  it('when figures differ, then the pictures differ', async () => {
    const a = await renderOgImage(figuresOf({ monthlyShm: '100.00 SHM' }));
    const b = await renderOgImage(figuresOf({ monthlyShm: '200.00 SHM' }));
    expect(a.equals(b)).toBe(false);
  });
});
