// npx tsx scripts/app-icons.ts: draws the installed app's icons (the favicon's two-tone sun on a
// warm ground) and writes them as PNG under public/icons/. The pictures are committed; run this
// again only to change them. The manifest (src/lib/web-app-manifest.ts) names the same files.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const OUT_DIR = resolve('public/icons');
const MAX_BYTES = 24 * 1024;

const BRAND = '#f97316';
const BRAND_STRONG = '#c2410c';

interface Icon {
  file: string;
  size: number;
  /** The sun's diameter as a share of the side. */
  sun: number;
  /** Corner radius as a share of the side; 0 fills the square to its edges. */
  corner: number;
}

// A maskable icon is cut by the launcher to any shape that keeps the centre circle of 80% of the
// side, so its sun (and its soft halo) stays well inside that. Apple rounds the touch icon itself
// and fills transparent corners with black, so it is drawn to the edges as well.
const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, sun: 0.56, corner: 0.22 },
  { file: 'icon-512.png', size: 512, sun: 0.56, corner: 0.22 },
  { file: 'icon-maskable-512.png', size: 512, sun: 0.42, corner: 0 },
  { file: 'apple-touch-icon.png', size: 180, sun: 0.5, corner: 0 },
];

function svg({ size, sun, corner }: Icon): string {
  const c = size / 2;
  const r = (size * sun) / 2;
  // The favicon's mark: a circle whose right half is the deeper shade, like a sun half in shadow.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="ground" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff7f0"/>
      <stop offset="1" stop-color="#ffe6d2"/>
    </linearGradient>
  </defs>
  <rect width="${size}" height="${size}" rx="${size * corner}" fill="url(#ground)"/>
  <circle cx="${c}" cy="${c}" r="${r * 1.28}" fill="#ffd9bd" opacity="0.55"/>
  <circle cx="${c}" cy="${c}" r="${r}" fill="${BRAND}"/>
  <path d="M${c} ${c - r} a ${r} ${r} 0 0 1 0 ${2 * r} z" fill="${BRAND_STRONG}"/>
</svg>`;
}

mkdirSync(OUT_DIR, { recursive: true });
for (const icon of ICONS) {
  const file = resolve(OUT_DIR, icon.file);
  const { size } = await sharp(Buffer.from(svg(icon))).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(file);
  if (size > MAX_BYTES) throw new Error(`${file} is ${size} bytes, over the ${MAX_BYTES}-byte budget`);
  console.log(`${file}: ${icon.size}×${icon.size}, ${(size / 1024).toFixed(1)} KB`);
}
