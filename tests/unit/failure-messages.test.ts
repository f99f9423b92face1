import { expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from '../../src/lib/api-errors.ts';
import { GENERIC_MESSAGE, NETWORK_MESSAGE, TOO_MANY_MESSAGE, failureMessages } from '../../src/islands/shared/failure-messages.ts';

it('lists every field message of a 422, or its message when it names no field', () => {
  const invalid = new ApiError(422, '제목을 입력해 주세요.', { message: '제목을 입력해 주세요.' }, { title: ['제목을 입력해 주세요.'], content: ['내용을 입력해 주세요.'] });
  expect(failureMessages(invalid)).toEqual(['제목을 입력해 주세요.', '내용을 입력해 주세요.']);
  expect(failureMessages(new ApiError(422, '', { message: '이미 답변된 문의예요.' }))).toEqual(['이미 답변된 문의예요.']);
});

it("tells a 403's reason and a 429's wait in the server's words", () => {
  expect(failureMessages(new ApiError(403, '', { message: '비밀번호가 맞지 않아요.' }))).toEqual(['비밀번호가 맞지 않아요.']);
  expect(failureMessages(new ApiError(403, '', {}))).toEqual([GENERIC_MESSAGE]);
  expect(failureMessages(new ApiError(429, '', { message: '1분 뒤에 다시 시도해 주세요.' }))).toEqual(['1분 뒤에 다시 시도해 주세요.']);
  expect(failureMessages(new ApiError(429, '', {}))).toEqual([TOO_MANY_MESSAGE]);
});

it('never shows the English text of a failed fetch', () => {
  expect(failureMessages(new ApiError(NETWORK_ERROR_STATUS, 'fetch failed'))).toEqual([NETWORK_MESSAGE]);
  expect(failureMessages(new ApiError(500, 'Server Error', { message: 'Server Error' }))).toEqual([GENERIC_MESSAGE]);
  expect(failureMessages(new TypeError('x is undefined'))).toEqual([GENERIC_MESSAGE]);
});
