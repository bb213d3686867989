/**
 * ICE servers the browser will take. RTCPeerConnection's constructor throws
 * for a configuration it refuses (a TURN URL without username and
 * credential, a malformed URL); inside PeerJS that throw would escape from a
 * socket handler on an incoming offer, and on a dial it would surface as a
 * raw "Failed to construct 'RTCPeerConnection'". So the transport tries the
 * list here first: a list the constructor takes is kept whole; otherwise each
 * server is tried alone, the ones refused are left out and returned with the
 * browser's words, for the log and for the failure a link then reports.
 */

export interface RefusedIceServer {
  readonly url: string;
  readonly reason: string;
}

export interface CheckedIceServers {
  readonly usable: RTCIceServer[];
  readonly refused: RefusedIceServer[];
}

type Construct = (config: RTCConfiguration) => { close(): void };

const browserConstruct: Construct | null =
  typeof RTCPeerConnection === 'function' ? (config) => new RTCPeerConnection(config) : null;

function refusal(config: RTCConfiguration, construct: Construct): string | null {
  try {
    construct(config).close();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The servers the browser takes, and those it refuses (none checked where there is no WebRTC). */
export function checkIceServers(
  servers: readonly RTCIceServer[],
  construct: Construct | null = browserConstruct,
): CheckedIceServers {
  if (!construct || servers.length === 0 || refusal({ iceServers: [...servers] }, construct) === null)
    return { usable: [...servers], refused: [] };
  const usable: RTCIceServer[] = [];
  const refused: RefusedIceServer[] = [];
  for (const server of servers) {
    const reason = refusal({ iceServers: [server] }, construct);
    if (reason === null) usable.push(server);
    else refused.push({ url: (Array.isArray(server.urls) ? server.urls : [server.urls]).join(', '), reason });
  }
  return { usable, refused };
}
