import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiRequest } from './api-paths.ts';
import { INTERNAL_ERROR_MESSAGE } from './errors.ts';
import { NO_DOCUMENT_POLICY, baseSecurityHeaders } from './security-headers.ts';

/**
 * The page sent when the server failed before Astro could render its own 500 page: nothing of the
 * app is trusted to work then, so it is whole in itself, with the request's id to quote to support.
 */
function errorPage(requestId: string): string {
  return `<!doctype html>
<html lang="ko">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>잠시 문제가 생겼어요</title>
<style>body{margin:0;font-family:system-ui,-apple-system,'Apple SD Gothic Neo','Malgun Gothic',sans-serif;color:#1f2328;background:#fff;word-break:keep-all}main{max-width:28rem;margin:20vh auto 0;padding:0 1.25rem;text-align:center}h1{font-size:1.375rem}p{line-height:1.7;color:#57606a}small{color:#8c959f}a{color:#1f6f4a}</style>
</head>
<body><main><h1>잠시 문제가 생겼어요</h1><p>요청을 처리하는 중에 오류가 발생했습니다. 잠시 후 다시 시도해 주시고, 계속되면 관리자에게 문의해 주세요.</p><p><a href="/">홈으로 가기</a></p><small>오류 번호 ${requestId}</small></main></body>
</html>`;
}

// The page's only style is its own inline block; it loads nothing else.
const PAGE_POLICY = `${NO_DOCUMENT_POLICY}; style-src 'unsafe-inline'`;

/** Answers 500 in the shape the caller reads: the API's JSON, or a page for a browser. */
export function answerServerError(req: IncomingMessage, res: ServerResponse, requestId: string, appUrl: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const json = isApiRequest(req.method ?? 'GET', (req.url ?? '/').split('?', 1)[0]!) || !String(req.headers.accept ?? '').includes('text/html');
  const body = json ? JSON.stringify({ message: INTERNAL_ERROR_MESSAGE }) : errorPage(requestId);
  res.writeHead(500, {
    ...baseSecurityHeaders(appUrl),
    'Content-Security-Policy': json ? NO_DOCUMENT_POLICY : PAGE_POLICY,
    'Content-Type': json ? 'application/json' : 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
  });
  res.end(body);
}
