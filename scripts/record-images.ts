// npx tsx scripts/record-images.ts: draws the off-the-record covers and writes them as WebP under
// public/images/off-the-record/. The pictures are committed; run this again only to change them.
// Their alt texts live with the records that use them (src/server/db/seed/off-the-records.ts).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const OUT_DIR = resolve('public/images/off-the-record');
const WIDTH = 800;
const HEIGHT = 500;
const MAX_BYTES = 24 * 1024;

const frame = (from: string, to: string, body: string) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  ${body}
</svg>`;

const COVERS: Array<{ name: string; svg: string }> = [
  {
    // A seated figure's calm: concentric rings around a warm centre.
    name: 'meditation',
    svg: frame(
      '#fff6ee',
      '#fde3cf',
      `<g fill="none" stroke="#f2b48a" stroke-width="10" opacity="0.8">
        <circle cx="400" cy="250" r="190"/><circle cx="400" cy="250" r="140"/><circle cx="400" cy="250" r="90"/>
      </g>
      <circle cx="400" cy="250" r="48" fill="#e8834f"/>
      <path d="M250 420 C 330 370, 470 370, 550 420 Z" fill="#d9835a" opacity="0.7"/>`,
    ),
  },
  {
    // An open notebook with lines and a pencil.
    name: 'journal',
    svg: frame(
      '#fbf7f1',
      '#f1e4d4',
      `<rect x="170" y="110" width="230" height="290" rx="14" fill="#fffdf9"/>
      <rect x="400" y="110" width="230" height="290" rx="14" fill="#fff8f0"/>
      <g stroke="#e4c9ae" stroke-width="6" stroke-linecap="round">
        <path d="M205 170 H 365"/><path d="M205 215 H 365"/><path d="M205 260 H 335"/><path d="M205 305 H 355"/>
        <path d="M435 170 H 595"/><path d="M435 215 H 560"/>
      </g>
      <rect x="470" y="280" width="170" height="22" rx="11" transform="rotate(-30 470 280)" fill="#f08c4a"/>`,
    ),
  },
  {
    // A path winding over hills toward a low sun.
    name: 'walk',
    svg: frame(
      '#f6f9f2',
      '#e2ecd9',
      `<circle cx="600" cy="150" r="70" fill="#f6b98a"/>
      <path d="M0 330 C 200 260, 420 300, 800 240 V 500 H 0 Z" fill="#b9cfae"/>
      <path d="M0 400 C 240 340, 500 380, 800 330 V 500 H 0 Z" fill="#93b488"/>
      <path d="M330 500 C 360 440, 470 400, 520 330" fill="none" stroke="#fbf3e6" stroke-width="22" stroke-linecap="round"/>`,
    ),
  },
  {
    // A warm cup with rising steam.
    name: 'tea',
    svg: frame(
      '#fdf5ec',
      '#f5dcc4',
      `<rect x="300" y="230" width="200" height="150" rx="40" fill="#e99a6c"/>
      <path d="M500 265 C 560 265, 560 345, 500 345" fill="none" stroke="#e99a6c" stroke-width="18"/>
      <rect x="250" y="380" width="300" height="22" rx="11" fill="#c9825b"/>
      <g fill="none" stroke="#d8b89c" stroke-width="10" stroke-linecap="round">
        <path d="M350 200 C 330 170, 370 150, 350 120"/><path d="M400 200 C 380 165, 420 145, 400 105"/><path d="M450 200 C 430 170, 470 150, 450 120"/>
      </g>`,
    ),
  },
  {
    // Dawn: half a sun over layered horizon bands.
    name: 'dawn',
    svg: frame(
      '#fff4ea',
      '#ffdcc2',
      `<circle cx="400" cy="330" r="130" fill="#f7934f"/>
      <rect x="0" y="330" width="800" height="170" fill="#f3c3a0"/>
      <rect x="0" y="385" width="800" height="115" fill="#e9a57c"/>
      <rect x="0" y="440" width="800" height="60" fill="#d9835a"/>`,
    ),
  },
  {
    // Two speech shapes overlapping: a conversation.
    name: 'conversation',
    svg: frame(
      '#f8f4fb',
      '#ebe0f3',
      `<path d="M170 140 H 450 a 40 40 0 0 1 40 40 V 300 a 40 40 0 0 1 -40 40 H 260 L 200 390 V 340 H 170 a 40 40 0 0 1 -40 -40 V 180 a 40 40 0 0 1 40 -40 Z" fill="#c9b3dd"/>
      <path d="M350 220 H 630 a 40 40 0 0 1 40 40 V 370 a 40 40 0 0 1 -40 40 H 600 V 450 L 550 410 H 350 a 40 40 0 0 1 -40 -40 V 260 a 40 40 0 0 1 40 -40 Z" fill="#f2b48a" opacity="0.9"/>`,
    ),
  },
  {
    // Leaves on a stem: growing a little every day.
    name: 'sprout',
    svg: frame(
      '#f4f8f1',
      '#dfeada',
      `<path d="M400 430 C 400 340, 410 260, 440 180" fill="none" stroke="#7d9e76" stroke-width="14" stroke-linecap="round"/>
      <path d="M405 330 C 330 320, 290 270, 300 220 C 360 230, 400 270, 405 330 Z" fill="#a9bfa3"/>
      <path d="M425 260 C 480 240, 520 190, 510 140 C 460 160, 430 200, 425 260 Z" fill="#8fae8a"/>
      <ellipse cx="400" cy="440" rx="140" ry="24" fill="#d8c2a8"/>`,
    ),
  },
  {
    // A stack of books with a bookmark.
    name: 'books',
    svg: frame(
      '#fdf8f0',
      '#f3e5d0',
      `<rect x="250" y="330" width="300" height="56" rx="8" fill="#d98d63"/>
      <rect x="275" y="272" width="260" height="56" rx="8" fill="#8fae8a"/>
      <rect x="240" y="214" width="290" height="56" rx="8" fill="#f2b48a"/>
      <rect x="470" y="214" width="16" height="90" fill="#c2410c"/>
      <rect x="200" y="388" width="400" height="18" rx="9" fill="#c9a886"/>`,
    ),
  },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const { name, svg } of COVERS) {
  const file = resolve(OUT_DIR, `${name}.webp`);
  const { size } = await sharp(Buffer.from(svg)).webp({ quality: 76, effort: 6 }).toFile(file);
  if (size > MAX_BYTES) throw new Error(`${file} is ${size} bytes, over the ${MAX_BYTES}-byte budget`);
  console.log(`${file}: ${WIDTH}×${HEIGHT}, ${(size / 1024).toFixed(1)} KB`);
}
