import { describe, expect, it } from 'vitest';
import {
  PICTURE_MAX_SIDE,
  SEND_AS_IS_MAX_BYTES,
  chooseEncoded,
  fitWithin,
  mayBePicture,
  partsProgress,
  percentOf,
  renamedFor,
  sendsAsIs,
} from '../../src/lib/images/picture-rules.ts';

const MB = 1024 * 1024;

describe('the size a picture is redrawn at', () => {
  it('brings a camera photo down to a long side of 2,048 px, keeping its proportions', () => {
    expect(PICTURE_MAX_SIDE).toBe(2048);
    expect(fitWithin({ width: 4000, height: 3000 })).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin({ width: 12000, height: 1000 })).toEqual({ width: 2048, height: 171 });
  });

  it('never enlarges, and never gives a side of zero', () => {
    expect(fitWithin({ width: 2048, height: 2048 })).toEqual({ width: 2048, height: 2048 });
    expect(fitWithin({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
    expect(fitWithin({ width: 100_000, height: 3 })).toEqual({ width: 2048, height: 1 });
    expect(fitWithin({ width: 800, height: 600 }, 400)).toEqual({ width: 400, height: 300 });
  });
});

describe('when a picture goes as it was picked', () => {
  it('sends a light picture the server takes, within 2,048 px, untouched', () => {
    expect(sendsAsIs({ type: 'image/jpeg', size: 800 * 1024 }, { width: 1600, height: 1200 })).toBe(true);
    expect(sendsAsIs({ type: 'image/png', size: SEND_AS_IS_MAX_BYTES }, { width: 2048, height: 100 })).toBe(true);
    expect(sendsAsIs({ type: 'image/gif', size: 10 }, { width: 10, height: 10 })).toBe(true);
  });

  it('redraws one that is heavy, too large, or in a format the server does not take', () => {
    expect(sendsAsIs({ type: 'image/jpeg', size: 12 * MB }, { width: 4000, height: 3000 })).toBe(false);
    expect(sendsAsIs({ type: 'image/jpeg', size: SEND_AS_IS_MAX_BYTES + 1 }, { width: 1600, height: 1200 })).toBe(false);
    expect(sendsAsIs({ type: 'image/jpeg', size: 300 * 1024 }, { width: 2049, height: 1000 })).toBe(false);
    expect(sendsAsIs({ type: 'image/heic', size: 300 * 1024 }, { width: 800, height: 600 })).toBe(false);
    expect(sendsAsIs({ type: '', size: 300 * 1024 }, { width: 800, height: 600 })).toBe(false);
  });

  it('keeps the original when redrawing gave more bytes or failed, if the server takes it as it is', () => {
    const png = { type: 'image/png', size: 3 * MB };
    expect(chooseEncoded(png, { width: 1200, height: 900 }, 4 * MB)).toBe('original');
    expect(chooseEncoded(png, { width: 1200, height: 900 }, 1 * MB)).toBe('encoded');
    expect(chooseEncoded(png, { width: 1200, height: 900 }, null)).toBe('original');
    // Too large on a side, or a format the server refuses: the redrawn one, or nothing.
    expect(chooseEncoded(png, { width: 4000, height: 3000 }, 4 * MB)).toBe('encoded');
    expect(chooseEncoded(png, { width: 4000, height: 3000 }, null)).toBeNull();
    expect(chooseEncoded({ type: 'image/heic', size: 1 }, { width: 800, height: 600 }, 2 * MB)).toBe('encoded');
  });
});

describe('which files are read as pictures', () => {
  it('tries every image type, HEIC included, and a typeless file by its name', () => {
    expect(mayBePicture({ type: 'image/jpeg', name: 'a.jpg' })).toBe(true);
    expect(mayBePicture({ type: 'image/heic', name: 'IMG_0001.HEIC' })).toBe(true);
    expect(mayBePicture({ type: '', name: 'IMG_0001.HEIC' })).toBe(true);
    expect(mayBePicture({ type: '', name: 'photo.JPG' })).toBe(true);
    expect(mayBePicture({ type: '', name: 'scan.pdf' })).toBe(false);
    expect(mayBePicture({ type: 'application/pdf', name: 'scan.pdf' })).toBe(false);
    expect(mayBePicture({ type: 'text/plain', name: 'notes.png' })).toBe(false);
  });

  it('renames a redrawn picture for its new format, keeping the name the member knows', () => {
    expect(renamedFor('IMG_0001.HEIC', 'image/jpeg')).toBe('IMG_0001.jpg');
    expect(renamedFor('산책.png', 'image/webp')).toBe('산책.webp');
    expect(renamedFor('photo', 'image/jpeg')).toBe('photo.jpg');
  });
});

describe('progress', () => {
  it('tells the whole body in whole percents', () => {
    expect(percentOf(0, 1000)).toBe(0);
    expect(percentOf(499, 1000)).toBe(49);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(10, 0)).toBe(0);
  });

  it('tells each file of a multipart body how far it has gone, the fields counted first', () => {
    // 200 bytes of fields and headers, then files of 1,000 and 3,000 bytes.
    const sizes = [1000, 3000];
    expect(partsProgress(100, 4200, sizes)).toEqual([0, 0]);
    expect(partsProgress(700, 4200, sizes)).toEqual([50, 0]);
    expect(partsProgress(1200, 4200, sizes)).toEqual([100, 0]);
    expect(partsProgress(2700, 4200, sizes)).toEqual([100, 50]);
    expect(partsProgress(4200, 4200, sizes)).toEqual([100, 100]);
  });
});
