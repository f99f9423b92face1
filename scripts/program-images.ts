// npx tsx scripts/program-images.ts: draws the covers of the demo one-day programmes and writes
// them as WebP under public/images/programs/. The pictures are committed; run this again only to
// change them. Their alt texts are in src/server/db/seed/programs.ts.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const OUT_DIR = resolve('public/images/programs');
// Cards show covers at 16:10, up to 360 px wide: twice that for sharp screens.
const WIDTH = 720;
const HEIGHT = 450;
const MAX_BYTES = 20 * 1024;

const background = (from: string, to: string) => `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`;

/** A steaming cup and a round teapot on a low table. */
const tea = `
  <circle cx="520" cy="130" r="90" fill="#fbd3b0" opacity="0.8"/>
  <rect x="90" y="350" width="540" height="26" rx="13" fill="#d98d63"/>
  <ellipse cx="250" cy="290" rx="95" ry="70" fill="#c2683f"/>
  <rect x="225" y="205" width="50" height="22" rx="8" fill="#a4522f"/>
  <path d="M340 270 C 380 250, 400 270, 385 300" fill="none" stroke="#c2683f" stroke-width="14" stroke-linecap="round"/>
  <path d="M430 300 h120 v20 a60 40 0 0 1 -120 0 Z" fill="#fff4ea"/>
  <path d="M550 305 c 30 0, 30 30, 0 30" fill="none" stroke="#fff4ea" stroke-width="10"/>
  <g fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.9">
    <path d="M465 280 c -12 -20, 12 -30, 0 -52"/><path d="M495 280 c -12 -20, 12 -30, 0 -52"/>
  </g>`;

/** An open notebook, a pencil and a sprig. */
const journal = `
  <circle cx="140" cy="110" r="70" fill="#f3dcc0"/>
  <path d="M180 140 L360 170 L360 380 L180 350 Z" fill="#fffaf3"/>
  <path d="M360 170 L540 140 L540 350 L360 380 Z" fill="#fff4e6"/>
  <g stroke="#e2c6a6" stroke-width="5" stroke-linecap="round">
    <path d="M210 200 L330 218"/><path d="M210 240 L330 258"/><path d="M210 280 L300 294"/>
    <path d="M390 218 L510 200"/><path d="M390 258 L510 240"/>
  </g>
  <rect x="440" y="290" width="170" height="18" rx="9" fill="#e8924f" transform="rotate(-28 525 299)"/>
  <path d="M600 380 C 600 320, 620 280, 650 250" fill="none" stroke="#8fae8a" stroke-width="8" stroke-linecap="round"/>
  <ellipse cx="628" cy="300" rx="26" ry="11" fill="#a9bfa3" transform="rotate(-40 628 300)"/>`;

/** A rising sun over hills, and a figure stretching up. */
const yoga = `
  <circle cx="360" cy="260" r="130" fill="#ffc08f"/>
  <path d="M0 360 C 160 300, 300 330, 420 310 S 640 280, 720 320 V 450 H 0 Z" fill="#f3c3a0"/>
  <path d="M0 400 C 200 360, 420 390, 720 360 V 450 H 0 Z" fill="#e9a57c"/>
  <g fill="#9a3412">
    <circle cx="360" cy="175" r="18"/>
    <path d="M350 195 h20 l6 90 h-32 Z"/>
    <path d="M350 200 L300 130 l10 -6 L362 190 Z"/><path d="M370 200 L420 130 l-10 -6 L358 190 Z"/>
    <path d="M346 282 l-10 70 h14 l14 -62 Z"/><path d="M374 282 l10 70 h-14 l-14 -62 Z"/>
  </g>`;

/** An envelope, a heart seal and a pen. */
const letter = `
  <circle cx="590" cy="110" r="80" fill="#fcd5c2"/>
  <rect x="170" y="140" width="340" height="220" rx="14" fill="#fffaf6"/>
  <path d="M170 150 L340 270 L510 150" fill="none" stroke="#f0b59a" stroke-width="8" stroke-linejoin="round"/>
  <path d="M340 262 c -22 -26, -58 -8, -40 20 l 40 34 l 40 -34 c 18 -28, -18 -46, -40 -20 Z" fill="#d9534f"/>
  <rect x="520" y="240" width="160" height="16" rx="8" fill="#7c5a46" transform="rotate(-35 600 248)"/>
  <path d="M538 314 l-18 14 l4 -22 Z" fill="#3f2d23"/>`;

/** An open book under a warm lamp. */
const book = `
  <path d="M470 60 L560 60 L610 170 L420 170 Z" fill="#e8924f"/>
  <rect x="508" y="170" width="14" height="120" fill="#9c6b4f"/>
  <path d="M420 170 L610 170 L700 420 L330 420 Z" fill="#fff6d8" opacity="0.55"/>
  <path d="M120 330 C 200 300, 280 300, 340 330 L340 400 C 280 370, 200 370, 120 400 Z" fill="#fffdf7"/>
  <path d="M340 330 C 400 300, 480 300, 560 330 L560 400 C 480 370, 400 370, 340 400 Z" fill="#fff7ea"/>
  <path d="M340 330 V 400" stroke="#d8c4a8" stroke-width="4"/>
  <path d="M440 312 v 60 l 12 -10 l 12 10 v -62" fill="#6d8f5f"/>`;

/** Three small glass bottles and drifting petals. */
const aroma = `
  <circle cx="160" cy="120" r="80" fill="#e9ddf3"/>
  <rect x="90" y="370" width="540" height="22" rx="11" fill="#b59ac9"/>
  <g>
    <rect x="200" y="230" width="90" height="140" rx="26" fill="#c9b3dc"/><rect x="228" y="200" width="34" height="36" rx="8" fill="#7c5c94"/>
    <rect x="320" y="190" width="80" height="180" rx="22" fill="#e2d4ee"/><rect x="344" y="160" width="32" height="36" rx="8" fill="#6a4c82"/>
    <rect x="430" y="260" width="100" height="110" rx="30" fill="#b79dcc"/><rect x="462" y="232" width="36" height="34" rx="8" fill="#7c5c94"/>
  </g>
  <g fill="#f4a6b8" opacity="0.9">
    <ellipse cx="560" cy="120" rx="16" ry="8" transform="rotate(30 560 120)"/>
    <ellipse cx="610" cy="180" rx="14" ry="7" transform="rotate(-20 610 180)"/>
    <ellipse cx="520" cy="190" rx="12" ry="6" transform="rotate(60 520 190)"/>
  </g>`;

const COVERS = [
  { name: 'tea-meditation', from: '#fff4ea', to: '#f8dcc4', draw: tea },
  { name: 'journaling', from: '#fbf6ee', to: '#f1e4d0', draw: journal },
  { name: 'morning-yoga', from: '#fff3e6', to: '#ffe0c7', draw: yoga },
  { name: 'letter-writing', from: '#fff5f0', to: '#fbe0d4', draw: letter },
  { name: 'book-day', from: '#f3f6e8', to: '#e3ebcf', draw: book },
  { name: 'aroma-blending', from: '#f7f2fb', to: '#eadff3', draw: aroma },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const { name, from, to, draw } of COVERS) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${background(from, to)}${draw}</svg>`;
  const file = resolve(OUT_DIR, `${name}.webp`);
  const { size } = await sharp(Buffer.from(svg)).webp({ quality: 78, effort: 6 }).toFile(file);
  if (size > MAX_BYTES) throw new Error(`${file} is ${size} bytes, over the ${MAX_BYTES}-byte budget`);
  console.log(`${file}: ${WIDTH}×${HEIGHT}, ${(size / 1024).toFixed(1)} KB`);
}
