import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_APP_KEY } from '../../src/server/development-key.ts';
import { EnvError, parseEnv } from '../../src/server/env.ts';

const problemsOf = (source: Record<string, string>): string[] => {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
};

describe('configuration', () => {
  it('starts with the documented defaults outside production', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 4321,
      HOST: 'localhost',
      DATABASE_URL: 'file://.data/db',
      SESSION_COOKIE: 'session',
      SEED_ON_START: true,
      TRUST_PROXY: 0,
      isProduction: false,
    });
    expect(env.APP_KEY.length).toBeGreaterThanOrEqual(32);
  });

  it('takes the site\'s address from where it listens unless APP_URL says otherwise', () => {
    expect(parseEnv({}).APP_URL).toBe('http://localhost:4321');
    expect(parseEnv({ PORT: '4470' }).APP_URL).toBe('http://localhost:4470');
    expect(parseEnv({ HOST: '127.0.0.1', PORT: '8080' }).APP_URL).toBe('http://127.0.0.1:8080');
    expect(parseEnv({ HOST: '0.0.0.0', PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
    expect(parseEnv({ HOST: '::1', PORT: '8080' }).APP_URL).toBe('http://[::1]:8080');
    expect(parseEnv({ PORT: '4470', APP_URL: 'https://ritual.example' }).APP_URL).toBe('https://ritual.example');
    expect(parseEnv({ APP_URL: '' , PORT: '4470' }).APP_URL).toBe('http://localhost:4470');
  });

  it('treats an empty variable as unset, and reads booleans and numbers from text', () => {
    const env = parseEnv({ DATABASE_URL: '', PORT: '8080', TRUST_PROXY: '1', SEED_ON_START: '0' });
    expect(env).toMatchObject({ DATABASE_URL: 'file://.data/db', PORT: 8080, TRUST_PROXY: 1, SEED_ON_START: false });
  });

  it('names each bad variable', () => {
    expect(problemsOf({ PORT: 'abc' })[0]).toMatch(/^PORT: /);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })[0]).toMatch(/^DATABASE_URL: must start with file:\/\//);
    expect(problemsOf({ LOG_LEVEL: 'loud' })[0]).toMatch(/^LOG_LEVEL: /);
    expect(problemsOf({ APP_URL: 'not a url' })[0]).toMatch(/^APP_URL: /);
    expect(problemsOf({ TRUST_PROXY: 'maybe' })[0]).toMatch(/^TRUST_PROXY: /);
    expect(problemsOf({ PORT: '0', SESSION_COOKIE: 'a b' })).toHaveLength(2);
  });

  it('sends reminders twice a minute unless told, and never less than once a minute (each must meet two runs in its 2 minutes)', () => {
    expect(parseEnv({}).REMINDER_INTERVAL_SECONDS).toBe(30);
    expect(parseEnv({ REMINDER_INTERVAL_SECONDS: '60' }).REMINDER_INTERVAL_SECONDS).toBe(60);
    expect(problemsOf({ REMINDER_INTERVAL_SECONDS: '61' })[0]).toMatch(/^REMINDER_INTERVAL_SECONDS: /);
    expect(problemsOf({ REMINDER_INTERVAL_SECONDS: '0' })[0]).toMatch(/^REMINDER_INTERVAL_SECONDS: /);
  });

  it('requires a database, a key and a mail transport in production', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      'DATABASE_URL: is required in production',
      'APP_URL: is required in production (the public https:// address)',
      'APP_KEY: is required in production',
      'MAIL_TRANSPORT: is required in production (smtp)',
    ]);
    expect(
      problemsOf({ NODE_ENV: 'production', APP_URL: 'https://ritual.example', DATABASE_URL: 'postgres://db/app', APP_KEY: 'short', MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'smtp.internal' }),
    ).toEqual([
      'APP_KEY: must be at least 32 characters',
    ]);
    expect(
      problemsOf({ NODE_ENV: 'production', APP_URL: 'https://ritual.example', DATABASE_URL: 'postgres://db/app', APP_KEY: DEVELOPMENT_APP_KEY, MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'smtp.internal' }),
    ).toEqual(['APP_KEY: is the public development key; make your own (openssl rand -hex 32)']);
  });

  it('keeps one key across restarts outside production, so sealed second-factor secrets still open', () => {
    expect(parseEnv({}).APP_KEY).toBe(DEVELOPMENT_APP_KEY);
    expect(parseEnv({ APP_KEY: 'k'.repeat(40) }).APP_KEY).toBe('k'.repeat(40));
  });
});
