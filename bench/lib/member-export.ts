// A member of years, exported: before the server starts, one member gets a running room with
// 2,000 posts, 500 of which show a picture of their own (500 WebP files of about 150 kB in the
// uploads folder), and a signed-in session. The server then builds their export on its schedule.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import { startServer, stopServer, waitUntilHealthy } from '../../scripts/server-process.ts';
import type { ServerProcess } from '../../scripts/server-process.ts';
import { rssMb } from './memory.ts';
import { seedBenchDatabase } from './square.ts';
import { benchSessionCookie } from './bench-session.ts';

export const EXPORT_BENCH_POSTS = 2_000;
export const EXPORT_BENCH_PICTURES = 500;
/** The goal (issue 39): building the export grows the server's memory by less than this. */
export const EXPORT_GROWTH_GOAL_MB = 64;
const PICTURE_SIDE = 480;
const SAMPLE_MS = 100;
const READY_TIMEOUT_MS = 600_000;

export interface ExportBenchData {
  userId: number;
  /** The member's session cookie; kept out of any results. */
  cookie: string;
  pictureBytes: number;
  fillSeconds: number;
}

/** One picture of noise, so WebP cannot shrink it to nothing: about what a phone photo weighs at 480 px. */
async function noisePicture(seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(PICTURE_SIDE * PICTURE_SIDE * 3);
  let state = seed * 2_654_435_761;
  for (let i = 0; i < pixels.length; i += 1) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    pixels[i] = state >>> 24;
  }
  return sharp(pixels, { raw: { width: PICTURE_SIDE, height: PICTURE_SIDE, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
}

export async function fillExportMember(dataDir: string, uploadsDir: string): Promise<ExportBenchData> {
  const started = performance.now();
  await mkdir(join(uploadsDir, 'images', 'bench'), { recursive: true });
  let pictureBytes = 0;
  // Ten different pictures, each written fifty times under its own name: the export copies files, whatever they show.
  const pictures = await Promise.all(Array.from({ length: 10 }, (_, i) => noisePicture(i + 1)));
  for (let i = 1; i <= EXPORT_BENCH_PICTURES; i += 1) {
    const bytes = pictures[i % pictures.length]!;
    await writeFile(join(uploadsDir, 'images', 'bench', `export-${i}.webp`), bytes);
    pictureBytes += bytes.length;
  }
  const database = await openDatabase(`file://${dataDir}`, { statementTimeoutMs: 600_000 });
  try {
    const { db } = database;
    const [member] = await queryRows<{ id: number }>(
      db,
      sql`insert into users (email, nickname, username, email_verified_at, agreed_terms_at, agreed_privacy_at, introduction)
          values ('exportbench@example.com', '오래된회원', 'exportbench', now(), now(), now(), '3년째 매일 아침을 기록하고 있어요.')
          returning id`,
    );
    const [room] = await queryRows<{ id: number }>(
      db,
      sql`insert into ritual_sessions (title, starts_at, ends_at, capacity)
          values ('내보내기 벤치 방', now() - interval '400 days', now() + interval '10 days', 20) returning id`,
    );
    await db.execute(sql`insert into ritual_session_users (ritual_session_id, user_id) values (${room!.id}, ${member!.id})`);
    // Every fourth post shows one of the pictures; the text is a few paragraphs, as members write.
    await db.execute(sql`
      insert into ritual_session_posts (ritual_session_id, user_id, category, title, content_html, excerpt, created_at, updated_at)
      select ${room!.id}, ${member!.id}, 'retrospect', '오늘의 회고 ' || g,
             repeat('<p>아침 10분 명상 ' || g || '일째. 호흡에 머물렀고, 하루를 천천히 시작했어요. 내일도 같은 자리에서 만나요.</p>', 6) ||
               case when g % 4 = 0 then '<p><img src="/uploads/images/bench/export-' || (g / 4) || '.webp" alt="오늘의 사진"></p>' else '' end,
             '아침 10분 명상 ' || g || '일째.',
             now() - (${EXPORT_BENCH_POSTS} - g + 1) * interval '5 hours',
             now() - (${EXPORT_BENCH_POSTS} - g + 1) * interval '5 hours'
      from generate_series(1, ${EXPORT_BENCH_POSTS}) g`);
    await db.execute(sql`
      insert into ritual_session_check_ins (ritual_session_id, user_id, day, content)
      select ${room!.id}, ${member!.id}, (now() at time zone 'Asia/Seoul')::date - g, '오늘도 해냈어요'
      from generate_series(1, 365) g`);
    await db.execute(sql`analyze`);
    return {
      userId: member!.id,
      cookie: await benchSessionCookie(db, member!.id),
      pictureBytes,
      fillSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await database.close();
  }
}

export interface ExportBenchResult {
  posts: number;
  pictures: number;
  /** From the member's POST until GET answered ready. */
  exportSeconds: number;
  zipMb: number;
  /** The server's RSS just before the export was asked for (the median of a second's samples). */
  baselineRssMb: number;
  /** The highest RSS sampled while it was built. */
  peakRssMb: number;
  growthMb: number;
}

interface ExportAnswer {
  data: { id: number; status: 'pending' | 'ready' | 'failed' };
}

async function api(baseUrl: string, cookie: string, method: string, path: string): Promise<{ status: number; body: ExportAnswer }> {
  const headers: Record<string, string> = { Cookie: cookie, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (method !== 'GET') {
    const token = await fetch(`${baseUrl}/csrf-token`, { headers });
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(token.headers.getSetCookie().join('; '))?.[1] ?? '';
    headers['Cookie'] = `${cookie}; XSRF-TOKEN=${xsrf}`;
    headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as ExportAnswer };
}

/** Asks for the export as the member, and follows the server's RSS until the job has built it. */
export async function measureMemberExport(baseUrl: string, pid: number, data: ExportBenchData): Promise<ExportBenchResult> {
  const before: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    before.push(rssMb(pid) ?? 0);
    await sleep(SAMPLE_MS);
  }
  const baselineRssMb = before.sort((a, b) => a - b)[Math.floor(before.length / 2)]!;
  const started = performance.now();
  const asked = await api(baseUrl, data.cookie, 'POST', '/api/me/exports');
  if (asked.status !== 202) throw new Error(`POST /api/me/exports answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  const { id } = asked.body.data;
  let peakRssMb = baselineRssMb;
  let lastPoll = 0;
  for (;;) {
    peakRssMb = Math.max(peakRssMb, rssMb(pid) ?? 0);
    if (performance.now() - started > READY_TIMEOUT_MS) throw new Error('the export was not ready within 10 minutes');
    if (performance.now() - lastPoll > 500) {
      lastPoll = performance.now();
      const { body } = await api(baseUrl, data.cookie, 'GET', `/api/me/exports/${id}`);
      if (body.data.status === 'failed') throw new Error('the export failed: see the server log');
      if (body.data.status === 'ready') break;
    }
    await sleep(SAMPLE_MS);
  }
  const exportSeconds = Math.round((performance.now() - started) / 100) / 10;
  const download = await fetch(`${baseUrl}/api/me/exports/${id}/download`, { headers: { Cookie: data.cookie } });
  if (download.status !== 200) throw new Error(`the download answered ${download.status}`);
  const zipBytes = (await download.arrayBuffer()).byteLength;
  return {
    posts: EXPORT_BENCH_POSTS,
    pictures: EXPORT_BENCH_PICTURES,
    exportSeconds,
    zipMb: Math.round((zipBytes / 1024 / 1024) * 10) / 10,
    baselineRssMb,
    peakRssMb,
    growthMb: Math.round((peakRssMb - baselineRssMb) * 10) / 10,
  };
}

/**
 * The whole measurement in `dir`: the demo data and the member of years, a server of its own that
 * builds exports every second, the export, and the server stopped. `started` hears of the server
 * (and of its end, with undefined), so that an interrupted run can stop it.
 */
export async function measureExportOnItsServer(dir: string, started: (server: ServerProcess | undefined) => void): Promise<ExportBenchResult> {
  const dataDir = join(dir, 'db');
  const uploadsDir = join(dir, 'uploads');
  console.log('Seeding the demo data and a member with 2,000 posts and 500 pictures for the export…');
  await seedBenchDatabase(dataDir);
  const data = await fillExportMember(dataDir, uploadsDir);
  console.log(`Filled in ${data.fillSeconds} s (${Math.round(data.pictureBytes / 1024 / 1024)} MB of pictures).`);
  const server = await startServer(
    dataDir,
    {
      STORAGE_LOCAL_DIR: uploadsDir,
      EXPORTS_DIR: join(dir, 'exports'),
      EXPORT_INTERVAL_SECONDS: '1',
      MAIL_OUTBOX_DIR: join(dir, 'mail'),
      LOG_LEVEL: 'warn',
    },
    { logFile: join(dir, 'server.log') },
  );
  started(server);
  try {
    await waitUntilHealthy(server);
    return await measureMemberExport(server.url, server.child.pid!, data);
  } finally {
    await stopServer(server, 'SIGTERM', { killAfterMs: 10_000 });
    started(undefined);
  }
}
