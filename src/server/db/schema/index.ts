export * from './account-deletions.ts';
export * from './banners.ts';
export * from './front-error-logs.ts';
export * from './password-reset-tokens.ts';
export * from './phone-verifications.ts';
export * from './rate-limits.ts';
export * from './sessions.ts';
export * from './users.ts';
