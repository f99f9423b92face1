/** The key of every development and test server that sets no APP_KEY; production refuses it (env.ts). */
export const DEVELOPMENT_APP_KEY = 'development-only-app-key-not-for-production-use';
