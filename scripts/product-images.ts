// npx tsx scripts/product-images.ts: draws the tool shop's product pictures (one still life per kind
// of tool, in three palettes) and writes them as WebP under public/images/products/. The pictures
// are committed; run this again only to change them. The store seed names them with their alt texts.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const OUT_DIR = resolve('public/images/products');
// The product page shows the picture at most 560 px wide, cards at 280: 800 covers both on a sharp screen.
const SIZE = 800;
const MAX_BYTES = 24 * 1024;

interface Palette {
  from: string;
  to: string;
  soft: string;
  main: string;
  deep: string;
}

const PALETTES: Palette[] = [
  { from: '#fff8f1', to: '#fde9d7', soft: '#f8d2b3', main: '#ee9a62', deep: '#b5461a' },
  { from: '#f3f6f1', to: '#e1ebdd', soft: '#c9dcc3', main: '#87ad7e', deep: '#3d6636' },
  { from: '#f4f2fa', to: '#e4dff3', soft: '#d0c7ec', main: '#9b88d3', deep: '#4f3c8f' },
];

type Draw = (p: Palette) => string;

// A soft shadow under each object, so the still life stands on a table.
const shadow = (cx: number, width: number) => `<ellipse cx="${cx}" cy="640" rx="${width}" ry="26" fill="#000" opacity="0.08"/>`;

/** A journal with an elastic band and a ribbon. */
const journal: Draw = (p) => `${shadow(400, 230)}
  <rect x="210" y="170" width="380" height="470" rx="22" fill="${p.main}"/>
  <rect x="236" y="170" width="12" height="470" fill="${p.deep}" opacity="0.35"/>
  <rect x="520" y="170" width="20" height="470" fill="${p.deep}"/>
  <path d="M430 640 L 430 700 L 450 684 L 470 700 L 470 640 Z" fill="${p.deep}"/>
  <rect x="300" y="260" width="160" height="60" rx="8" fill="#fff" opacity="0.85"/>`;

/** A candle in a glass with its flame. */
const candle: Draw = (p) => `${shadow(400, 190)}
  <rect x="250" y="320" width="300" height="320" rx="34" fill="#fff" opacity="0.7"/>
  <rect x="270" y="380" width="260" height="240" rx="24" fill="${p.soft}"/>
  <rect x="300" y="470" width="200" height="80" rx="10" fill="#fff"/>
  <path d="M400 230 C 440 280, 430 320, 400 330 C 370 320, 360 280, 400 230 Z" fill="${p.main}"/>
  <rect x="396" y="320" width="8" height="40" fill="${p.deep}"/>`;

/** A teapot and a cup with steam. */
const tea: Draw = (p) => `${shadow(400, 260)}
  <circle cx="330" cy="490" r="150" fill="${p.main}"/>
  <rect x="290" y="320" width="80" height="30" rx="12" fill="${p.deep}"/>
  <path d="M470 470 C 540 440, 560 400, 590 380" stroke="${p.main}" stroke-width="34" fill="none" stroke-linecap="round"/>
  <path d="M190 440 C 140 450, 140 540, 200 550" stroke="${p.deep}" stroke-width="20" fill="none"/>
  <path d="M520 560 L 660 560 L 640 640 L 540 640 Z" fill="${p.soft}"/>
  <g stroke="${p.deep}" stroke-width="8" fill="none" stroke-linecap="round" opacity="0.5">
    <path d="M570 520 C 550 490, 590 470, 570 440"/><path d="M610 520 C 590 490, 630 470, 610 440"/>
  </g>`;

/** A rolled yoga mat with its strap. */
const mat: Draw = (p) => `${shadow(400, 290)}
  <rect x="130" y="400" width="540" height="220" rx="110" fill="${p.main}"/>
  <circle cx="240" cy="510" r="110" fill="${p.soft}"/>
  <circle cx="240" cy="510" r="70" fill="none" stroke="${p.main}" stroke-width="14"/>
  <circle cx="240" cy="510" r="30" fill="none" stroke="${p.main}" stroke-width="12"/>
  <rect x="420" y="390" width="36" height="240" fill="${p.deep}"/><rect x="560" y="390" width="36" height="240" fill="${p.deep}"/>`;

/** A planner open on a week, with a pen. */
const planner: Draw = (p) => `${shadow(400, 300)}
  <rect x="110" y="250" width="580" height="380" rx="20" fill="${p.deep}"/>
  <rect x="130" y="262" width="265" height="356" rx="12" fill="#fff"/>
  <rect x="405" y="262" width="265" height="356" rx="12" fill="#fff"/>
  <g stroke="${p.soft}" stroke-width="8">
    <path d="M160 330 H 365"/><path d="M160 400 H 365"/><path d="M160 470 H 365"/><path d="M160 540 H 365"/>
    <path d="M435 330 H 640"/><path d="M435 400 H 640"/><path d="M435 470 H 640"/>
  </g>
  <rect x="440" y="520" width="90" height="70" rx="10" fill="${p.main}"/>
  <g transform="translate(520 160) rotate(35)"><rect width="24" height="240" rx="10" fill="${p.main}"/></g>`;

/** A reed diffuser: a bottle and its sticks. */
const diffuser: Draw = (p) => `${shadow(400, 170)}
  <g stroke="${p.deep}" stroke-width="8" stroke-linecap="round">
    <path d="M390 420 L 320 140"/><path d="M400 420 L 400 120"/><path d="M410 420 L 480 150"/><path d="M395 420 L 360 130"/>
  </g>
  <rect x="370" y="380" width="60" height="50" rx="8" fill="${p.deep}"/>
  <rect x="280" y="420" width="240" height="220" rx="40" fill="${p.main}" opacity="0.9"/>
  <rect x="320" y="490" width="160" height="70" rx="8" fill="#fff" opacity="0.9"/>`;

/** An eye pillow with stitched seams. */
const pillow: Draw = (p) => `${shadow(400, 280)}
  <path d="M140 420 C 140 330, 300 320, 400 360 C 500 320, 660 330, 660 420 C 660 520, 520 560, 400 520 C 280 560, 140 520, 140 420 Z" fill="${p.main}"/>
  <path d="M170 420 C 170 350, 300 350, 400 390 C 500 350, 630 350, 630 420 C 630 500, 520 530, 400 492 C 280 530, 170 500, 170 420 Z" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="14 12" opacity="0.8"/>
  <circle cx="290" cy="430" r="14" fill="${p.deep}"/><circle cx="510" cy="430" r="14" fill="${p.deep}"/>`;

/** A mug of warm drink on a saucer. */
const mug: Draw = (p) => `${shadow(400, 240)}
  <ellipse cx="400" cy="630" rx="230" ry="34" fill="${p.soft}"/>
  <rect x="260" y="330" width="260" height="300" rx="40" fill="${p.main}"/>
  <path d="M520 400 C 620 400, 620 540, 520 540" stroke="${p.main}" stroke-width="34" fill="none"/>
  <ellipse cx="390" cy="340" rx="120" ry="22" fill="${p.deep}" opacity="0.6"/>
  <g stroke="${p.deep}" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.45">
    <path d="M350 290 C 330 250, 370 220, 350 180"/><path d="M420 290 C 400 250, 440 220, 420 180"/>
  </g>`;

const DRAWINGS: Array<{ name: string; draw: Draw }> = [
  { name: 'journal', draw: journal },
  { name: 'candle', draw: candle },
  { name: 'tea', draw: tea },
  { name: 'mat', draw: mat },
  { name: 'planner', draw: planner },
  { name: 'diffuser', draw: diffuser },
  { name: 'pillow', draw: pillow },
  { name: 'mug', draw: mug },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const { name, draw } of DRAWINGS) {
  for (const [index, palette] of PALETTES.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
      <defs><linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
      <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>${draw(palette)}</svg>`;
    const file = resolve(OUT_DIR, `${name}-${index + 1}.webp`);
    const { size } = await sharp(Buffer.from(svg)).webp({ quality: 78, effort: 6 }).toFile(file);
    if (size > MAX_BYTES) throw new Error(`${file} is ${size} bytes, over the ${MAX_BYTES}-byte budget`);
    console.log(`${file}: ${SIZE}×${SIZE}, ${(size / 1024).toFixed(1)} KB`);
  }
}
