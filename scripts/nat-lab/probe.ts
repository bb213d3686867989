/**
 * UDP probes the NAT lab runs inside its namespaces (`ip netns exec <ns> node
 * --import tsx scripts/nat-lab/probe.ts …`), to show what each router really
 * does before any browser is trusted with it. Each prints one JSON line.
 *
 *   mapping <ip:port>…   one socket asks each STUN server what address it
 *                        sees (stun.ts): a cone router shows them the same
 *                        port, a symmetric one a port per server.
 *   echo <ip> <port> <other-ip>
 *                        answers every datagram three times: from the port it
 *                        came to ("same"), from port+1 ("other-port") and from
 *                        <other-ip>:<port> ("other-ip"); prints {"ready":true}
 *                        once bound, then runs until killed.
 *   knock <ip:port> <ms> sends one datagram and lists the answers heard within
 *                        <ms>: behind a port-restricted router only "same".
 */
import { createSocket, type Socket } from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { bindingRequest, readBindingResponse, type MappedAddress } from './stun.js';

function endpoint(text: string): { address: string; port: number } {
  const match = /^(\d+\.\d+\.\d+\.\d+):(\d+)$/.exec(text);
  if (!match) throw new Error(`expected ip:port, got ${JSON.stringify(text)}`);
  return { address: match[1]!, port: Number(match[2]) };
}

function bound(socket: Socket, port = 0, address?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, address, () => resolve());
  });
}

async function mapping(servers: string[]): Promise<void> {
  const socket = createSocket('udp4');
  await bound(socket);
  const results: ({ server: string } & (MappedAddress | { error: string }))[] = [];
  for (const server of servers) {
    const target = endpoint(server);
    const transaction = randomBytes(12);
    const answer = new Promise<MappedAddress | { error: string }>((resolve) => {
      const onMessage = (bytes: Buffer) => {
        const reading = readBindingResponse(bytes, transaction);
        if (!reading.ok) return;
        socket.off('message', onMessage);
        clearInterval(resend);
        clearTimeout(giveUp);
        resolve(reading.mapped);
      };
      socket.on('message', onMessage);
      const send = () => socket.send(bindingRequest(transaction), target.port, target.address);
      const resend = setInterval(send, 300);
      const giveUp = setTimeout(() => {
        socket.off('message', onMessage);
        clearInterval(resend);
        resolve({ error: `no Binding response from ${server} within 2 s` });
      }, 2000);
      send();
    });
    results.push({ server, ...(await answer) });
  }
  const local = socket.address().port;
  socket.close();
  console.log(JSON.stringify({ localPort: local, mapped: results }));
}

async function echo(address: string, port: number, otherAddress: string): Promise<void> {
  const same = createSocket('udp4');
  const otherPort = createSocket('udp4');
  const otherIp = createSocket('udp4');
  await bound(same, port, address);
  await bound(otherPort, port + 1, address);
  await bound(otherIp, port, otherAddress);
  same.on('message', (_bytes, from) => {
    same.send('same', from.port, from.address);
    otherPort.send('other-port', from.port, from.address);
    otherIp.send('other-ip', from.port, from.address);
  });
  console.log(JSON.stringify({ ready: true }));
}

async function knock(target: string, ms: number): Promise<void> {
  const { address, port } = endpoint(target);
  const socket = createSocket('udp4');
  await bound(socket);
  const heard: string[] = [];
  socket.on('message', (bytes) => heard.push(bytes.toString()));
  socket.send('knock', port, address, (error) => {
    if (error) heard.push(`send failed: ${error.message}`);
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.close();
  console.log(JSON.stringify({ heard: [...new Set(heard)].sort() }));
}

const [mode, ...args] = process.argv.slice(2);
const run =
  mode === 'mapping'
    ? mapping(args)
    : mode === 'echo'
      ? echo(args[0]!, Number(args[1]), args[2]!)
      : mode === 'knock'
        ? knock(args[0]!, Number(args[1]))
        : Promise.reject(new Error(`unknown probe ${mode}: mapping, echo or knock`));
run.catch((error: unknown) => {
  console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  process.exit(1);
});
