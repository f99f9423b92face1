import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TOSS_SECRET = 'test_sk_fake0123456789';

export interface TossRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeToss {
  baseUrl: string;
  received: TossRequest[];
  /** Payments charged, once per Idempotency-Key, as Toss keeps them. */
  charged: Map<string, Record<string, unknown>>;
  /** Cancels made, once per Idempotency-Key. */
  cancelled: Map<string, Record<string, unknown>>;
  /** Milliseconds to wait before answering (a provider timing out). */
  delayMs: number;
  close(): Promise<void>;
}

/**
 * Just enough of Toss Payments' core API v1: POST /v1/payments/confirm and
 * POST /v1/payments/{paymentKey}/cancel, Basic auth of the secret key with an empty password,
 * answers kept by Idempotency-Key. A payment key starting `fail` is declined with Toss's error
 * shape `{code, message}`; one starting `broken` gets a 500.
 */
export async function startFakeToss(): Promise<FakeToss> {
  const received: TossRequest[] = [];
  const charged = new Map<string, Record<string, unknown>>();
  const cancelled = new Map<string, Record<string, unknown>>();
  const expectedAuth = `Basic ${Buffer.from(`${TOSS_SECRET}:`).toString('base64')}`;
  const fake = { delayMs: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        answer(400, { code: 'INVALID_REQUEST', message: '잘못된 요청입니다.' });
        return;
      }
      const path = req.url ?? '';
      received.push({ method: req.method ?? '', path, headers: req.headers, body });
      setTimeout(() => {
        if (req.headers.authorization !== expectedAuth) {
          answer(401, { code: 'UNAUTHORIZED_KEY', message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.' });
          return;
        }
        const key = String(req.headers['idempotency-key'] ?? '');
        if (req.method === 'POST' && path === '/v1/payments/confirm') {
          const paymentKey = String(body.paymentKey ?? '');
          const earlier = charged.get(key);
          if (earlier) return answer(200, earlier);
          if (paymentKey.startsWith('fail')) return answer(400, { code: 'REJECT_CARD_PAYMENT', message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.' });
          if (paymentKey.startsWith('broken')) return answer(500, { code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: '내부 시스템 처리 작업이 실패했습니다.' });
          const payment = { paymentKey, orderId: body.orderId, totalAmount: body.amount, status: 'DONE', method: '카드' };
          charged.set(key, payment);
          return answer(200, payment);
        }
        const cancel = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
        if (req.method === 'POST' && cancel) {
          const earlier = cancelled.get(key);
          if (earlier) return answer(200, earlier);
          const payment = { paymentKey: decodeURIComponent(cancel[1] ?? ''), status: 'CANCELED', cancels: [{ cancelAmount: body.cancelAmount, cancelReason: body.cancelReason }] };
          cancelled.set(key, payment);
          return answer(200, payment);
        }
        answer(404, { code: 'NOT_FOUND', message: '존재하지 않는 정보 입니다.' });
      }, fake.delayMs);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    charged,
    cancelled,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  });
}
