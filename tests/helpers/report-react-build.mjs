// Loaded with --import into a server under test: says on stderr which build of React's server
// renderer the process loaded, the production one or the development one.
import { registerHooks } from 'node:module';

registerHooks({
  load(url, context, nextLoad) {
    const build = /react-dom-server\.node\.(production|development)\.js$/.exec(url)?.[1];
    if (build) process.stderr.write(`react-dom/server build: ${build}\n`);
    return nextLoad(url, context);
  },
});
