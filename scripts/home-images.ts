// npx tsx scripts/home-images.ts: draws the home page's hero illustrations and writes them as WebP
// under public/images/home/. The pictures are committed; run this again only to change them.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const OUT_DIR = resolve('public/images/home');
const HEIGHT = 560;
/** Wide screens show the text over the calm left part; phones show the picture above the text. */
const VARIANTS = [
  { width: 1440, centreX: 1060, scale: 1 },
  { width: 720, centreX: 360, scale: 0.92 },
];
const MAX_BYTES = 40 * 1024;

type Draw = (cx: number, s: number) => string;

const at = (cx: number, s: number, x: number, y: number) => `translate(${cx + x * s} ${y * s + (1 - s) * HEIGHT * 0.5}) scale(${s})`;

const background = (id: string, from: string, to: string, width: number) => `
  <defs>
    <linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0.4">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#ffc08f"/>
      <stop offset="1" stop-color="#f7934f"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${HEIGHT}" fill="url(#${id})"/>`;

/** 12월 리추얼: a low winter sun over soft hills, a few stars. */
const december: Draw = (cx, s) => `
  <g transform="${at(cx, s, 0, 0)}">
    <circle cx="20" cy="250" r="230" fill="#ffe2cc" opacity="0.7"/>
    <circle cx="20" cy="250" r="165" fill="url(#sun)"/>
    <g fill="#fff" opacity="0.85">
      <circle cx="-250" cy="90" r="5"/><circle cx="280" cy="70" r="4"/><circle cx="330" cy="170" r="6"/>
      <circle cx="-200" cy="190" r="3"/><circle cx="200" cy="40" r="3"/>
    </g>
  </g>
  <path d="M${cx - 700 * s} ${HEIGHT} C ${cx - 420 * s} ${HEIGHT - 120 * s}, ${cx - 160 * s} ${HEIGHT - 190 * s}, ${cx + 60 * s} ${HEIGHT - 150 * s} S ${cx + 420 * s} ${HEIGHT - 60 * s}, ${cx + 720 * s} ${HEIGHT - 170 * s} V ${HEIGHT} Z" fill="#f3c3a0"/>
  <path d="M${cx - 520 * s} ${HEIGHT} C ${cx - 300 * s} ${HEIGHT - 70 * s}, ${cx - 60 * s} ${HEIGHT - 130 * s}, ${cx + 160 * s} ${HEIGHT - 95 * s} S ${cx + 500 * s} ${HEIGHT - 30 * s}, ${cx + 720 * s} ${HEIGHT - 90 * s} V ${HEIGHT} Z" fill="#e9a57c"/>
  <path d="M${cx - 380 * s} ${HEIGHT} C ${cx - 200 * s} ${HEIGHT - 40 * s}, ${cx + 40 * s} ${HEIGHT - 60 * s}, ${cx + 260 * s} ${HEIGHT - 36 * s} S ${cx + 560 * s} ${HEIGHT - 10 * s}, ${cx + 720 * s} ${HEIGHT - 40 * s} V ${HEIGHT} Z" fill="#d9835a"/>`;

/** 원데이 클래스: arches like a studio's windows, a table, a sprig and a few pebbles. */
const oneDay: Draw = (cx, s) => `
  <g transform="${at(cx, s, 0, 0)}">
    <path d="M-250 460 V 200 a 130 130 0 0 1 260 0 V 460 Z" fill="#f6c7a1"/>
    <path d="M-40 460 V 150 a 150 150 0 0 1 300 0 V 460 Z" fill="#f2a978"/>
    <path d="M10 460 V 175 a 100 100 0 0 1 200 0 V 460 Z" fill="#fbe0c8" opacity="0.9"/>
    <circle cx="290" cy="120" r="46" fill="#c2410c" opacity="0.85"/>
    <rect x="-330" y="440" width="700" height="36" rx="18" fill="#d98d63"/>
    <g fill="none" stroke="#8fae8a" stroke-width="10" stroke-linecap="round">
      <path d="M-170 440 C -170 360, -140 300, -100 250"/>
    </g>
    <g fill="#a9bfa3">
      <ellipse cx="-120" cy="300" rx="34" ry="15" transform="rotate(-40 -120 300)"/>
      <ellipse cx="-150" cy="360" rx="30" ry="13" transform="rotate(30 -150 360)"/>
      <ellipse cx="-95" cy="255" rx="26" ry="12" transform="rotate(-70 -95 255)"/>
    </g>
    <g fill="#fff" opacity="0.9">
      <ellipse cx="210" cy="430" rx="34" ry="12"/><ellipse cx="260" cy="426" rx="20" ry="9"/>
    </g>
  </g>`;

/** 셀프케어 도구: jars, a lit candle and leaves on a warm shelf. */
const selfcare: Draw = (cx, s) => `
  <g transform="${at(cx, s, 0, 0)}">
    <circle cx="0" cy="250" r="220" fill="#fde1cb"/>
    <rect x="-340" y="440" width="680" height="30" rx="15" fill="#dca07a"/>
    <rect x="-250" y="250" width="150" height="190" rx="40" fill="#f2b488"/>
    <rect x="-235" y="222" width="120" height="40" rx="14" fill="#cf7e54"/>
    <rect x="-70" y="180" width="96" height="260" rx="20" fill="#fff7ef"/>
    <path d="M-22 110 C 0 135, 8 155, -22 172 C -52 155, -44 135, -22 110 Z" fill="#f97316"/>
    <path d="M-22 132 C -12 145, -10 155, -22 162 C -34 155, -32 145, -22 132 Z" fill="#ffd9a8"/>
    <rect x="60" y="300" width="170" height="140" rx="48" fill="#e99a6c"/>
    <rect x="92" y="278" width="106" height="34" rx="12" fill="#b9623c"/>
    <g fill="#8fae8a">
      <path d="M270 440 C 250 360, 270 300, 330 250 C 340 320, 320 390, 270 440 Z"/>
      <path d="M262 440 C 220 400, 200 350, 215 300 C 255 340, 270 390, 262 440 Z" fill="#a9bfa3"/>
    </g>
  </g>`;

const ILLUSTRATIONS: Array<{ name: string; from: string; to: string; draw: Draw }> = [
  { name: 'ritual-december', from: '#fff7f0', to: '#ffe6d2', draw: december },
  { name: 'oneday-class', from: '#fdf6ec', to: '#f8e4cf', draw: oneDay },
  { name: 'selfcare-tools', from: '#f9f4ee', to: '#f1e3d3', draw: selfcare },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const { name, from, to, draw } of ILLUSTRATIONS) {
  for (const { width, centreX, scale } of VARIANTS) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}">${background(`bg-${name}`, from, to, width)}${draw(centreX, scale)}</svg>`;
    const file = resolve(OUT_DIR, `${name}-${width}.webp`);
    const { size } = await sharp(Buffer.from(svg)).webp({ quality: 78, effort: 6 }).toFile(file);
    if (size > MAX_BYTES) throw new Error(`${file} is ${size} bytes, over the ${MAX_BYTES}-byte budget`);
    console.log(`${file}: ${width}×${HEIGHT}, ${(size / 1024).toFixed(1)} KB`);
  }
}
