/**
 * `npm run signal`: a standalone PeerServer (the `peer` package) for players
 * who do not use the embedded one, e.g. when the app is served as a static
 * bundle. The same as `npx peer --port 9000 --path /fairdeck`. In ⚙ Settings
 * choose "Another PeerServer": host = this machine's name or address, port
 * 9000, path /fairdeck, TLS off (put a TLS proxy in front for wss). Only the
 * creator needs to: a table's share link carries the server to every joiner.
 *
 * Environment: SIGNAL_PORT (default 9000), SIGNAL_PATH (default /fairdeck).
 */
import { networkInterfaces } from 'node:os';
import { PeerServer } from 'peer';

const port = Number(process.env.SIGNAL_PORT ?? 9000);
const path = process.env.SIGNAL_PATH ?? '/fairdeck';

const server = PeerServer({ port, path, allow_discovery: false, alive_timeout: 60_000 }, () => {
  console.log(`PeerServer listening on port ${port}, path ${path}`);
  console.log('Settings → Another PeerServer: TLS off, port', port, 'path', path, 'and host one of:');
  const hosts = ['localhost'];
  for (const list of Object.values(networkInterfaces())) {
    for (const net of list ?? []) if (net.family === 'IPv4' && !net.internal) hosts.push(net.address);
  }
  for (const host of hosts) console.log(`  ${host}   (ws://${host}:${port}${path}/)`);
});
server.on('connection', (client) => console.log(`+ ${client.getId()}`));
server.on('disconnect', (client) => console.log(`- ${client.getId()}`));
