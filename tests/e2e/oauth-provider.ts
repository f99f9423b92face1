// The local OAuth 2.0 server the end-to-end tests sign in through (started by playwright.config.ts).
import { LocalOAuthServer } from '../helpers/oauth-server.ts';
import { E2E_OAUTH_PORT } from './servers.ts';

const server = new LocalOAuthServer();
server.newAccountEachTime = true;
await server.start(E2E_OAUTH_PORT);
console.log(`local OAuth server on ${server.url}`);
