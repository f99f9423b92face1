// npx tsx scripts/ritual-images.ts: draws the rituals' cover illustrations (one abstract picture
// per theme, in three palettes) and writes them as WebP under public/images/rituals/. The pictures
// are committed; run this again only to change them. The seed names them with their alt texts.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const OUT_DIR = resolve('public/images/rituals');
// Cards show them at most 460 px wide; twice that covers a sharp screen, and link previews take 16:10.
const WIDTH = 960;
const HEIGHT = 600;
const MAX_BYTES = 30 * 1024;

interface Palette {
  from: string;
  to: string;
  soft: string;
  main: string;
  deep: string;
  light: string;
}

const PALETTES: Palette[] = [
  { from: '#fff7f0', to: '#ffe6d2', soft: '#fbd3b5', main: '#f2a474', deep: '#c2410c', light: '#ffffff' },
  { from: '#f4f1fb', to: '#e6def7', soft: '#d5c8f0', main: '#a48ad8', deep: '#5b3f99', light: '#ffffff' },
  { from: '#eef5ee', to: '#dcebdc', soft: '#c3dcc1', main: '#86b081', deep: '#3f6b3a', light: '#ffffff' },
];

type Draw = (p: Palette) => string;

/** 마음 돌보기: ripples spreading from a still point, a crescent above. */
const mind: Draw = (p) => `
  <g transform="translate(560 330)" fill="none" stroke-linecap="round">
    <circle r="250" stroke="${p.soft}" stroke-width="26"/>
    <circle r="175" stroke="${p.main}" stroke-width="20" opacity="0.8"/>
    <circle r="100" stroke="${p.deep}" stroke-width="14" opacity="0.7"/>
    <circle r="34" fill="${p.deep}" stroke="none"/>
  </g>
  <path d="M210 120 a 70 70 0 1 0 70 92 a 56 56 0 1 1 -70 -92 z" fill="${p.main}"/>`;

/** 몸 깨우기: a rising sun and long lines of a body stretching. */
const body: Draw = (p) => `
  <circle cx="640" cy="380" r="170" fill="${p.main}"/>
  <circle cx="640" cy="380" r="230" fill="none" stroke="${p.soft}" stroke-width="24"/>
  <rect x="0" y="420" width="${WIDTH}" height="${HEIGHT - 420}" fill="${p.soft}"/>
  <g fill="none" stroke="${p.deep}" stroke-width="18" stroke-linecap="round">
    <path d="M120 420 C 200 300, 300 240, 420 200"/>
    <path d="M160 500 C 300 470, 520 470, 840 500" stroke="${p.light}" opacity="0.9"/>
  </g>
  <circle cx="440" cy="190" r="26" fill="${p.deep}"/>`;

/** 기록하기: a stack of pages, lines written on the top one, a pencil across. */
const writing: Draw = (p) => `
  <g transform="translate(300 110) rotate(-6)">
    <rect x="30" y="30" width="380" height="400" rx="28" fill="${p.soft}"/>
    <rect x="0" y="0" width="380" height="400" rx="28" fill="${p.light}"/>
    <g stroke="${p.main}" stroke-width="14" stroke-linecap="round">
      <path d="M60 90 H 320"/><path d="M60 150 H 300"/><path d="M60 210 H 320"/><path d="M60 270 H 220"/>
    </g>
  </g>
  <g transform="translate(600 420) rotate(-38)">
    <rect x="0" y="0" width="300" height="44" rx="12" fill="${p.deep}"/>
    <path d="M300 0 L 350 22 L 300 44 Z" fill="${p.main}"/>
  </g>`;

/** 관계 맺기: three circles that overlap, the shared middle brighter. */
const together: Draw = (p) => `
  <g opacity="0.92">
    <circle cx="400" cy="250" r="160" fill="${p.soft}"/>
    <circle cx="580" cy="250" r="160" fill="${p.main}" opacity="0.75"/>
    <circle cx="490" cy="400" r="160" fill="${p.deep}" opacity="0.55"/>
  </g>
  <circle cx="490" cy="300" r="30" fill="${p.light}"/>`;

/** 배우고 성장하기: steps going up and a sprout on the top one. */
const growing: Draw = (p) => `
  <g fill="${p.main}">
    <rect x="200" y="420" width="150" height="180" rx="14" fill="${p.soft}"/>
    <rect x="370" y="330" width="150" height="270" rx="14"/>
    <rect x="540" y="240" width="150" height="360" rx="14" fill="${p.deep}" opacity="0.85"/>
  </g>
  <g fill="none" stroke="${p.deep}" stroke-width="12" stroke-linecap="round">
    <path d="M615 240 C 615 190, 620 160, 640 120"/>
  </g>
  <path d="M640 120 C 690 80, 750 90, 770 110 C 730 150, 680 150, 640 120 Z" fill="${p.main}"/>
  <path d="M628 170 C 590 130, 540 130, 520 145 C 550 185, 600 190, 628 170 Z" fill="${p.soft}"/>`;

const RITUAL_THEME_DRAWINGS: Array<{ name: string; draw: Draw }> = [
  { name: 'mind', draw: mind },
  { name: 'body', draw: body },
  { name: 'writing', draw: writing },
  { name: 'together', draw: together },
  { name: 'growing', draw: growing },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const { name, draw } of RITUAL_THEME_DRAWINGS) {
  for (const [index, palette] of PALETTES.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
      <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
      <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>${draw(palette)}</svg>`;
    const file = resolve(OUT_DIR, `${name}-${index + 1}.webp`);
    const { size } = await sharp(Buffer.from(svg)).webp({ quality: 76, effort: 6 }).toFile(file);
    if (size > MAX_BYTES) throw new Error(`${file} is ${size} bytes, over the ${MAX_BYTES}-byte budget`);
    console.log(`${file}: ${WIDTH}×${HEIGHT}, ${(size / 1024).toFixed(1)} KB`);
  }
}
