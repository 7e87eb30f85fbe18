// Join settings shared by the table and the phone: default brokers and STUN servers, and the
// table's URL switches. Tests and self-hosters pass their own brokers, STUN and TURN servers; the
// table forwards non-default settings to phones in the join URL's fragment (`b=`, `s=`, `t=`,
// `tu=`, `tc=`, `p=`).

export const DEFAULT_BROKERS = [
  "wss://broker.emqx.io:8084/mqtt",
  "wss://broker.hivemq.com:8884/mqtt",
  "wss://test.mosquitto.org:8081/mqtt",
];
export const DEFAULT_STUN = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"];

/**
 * STUN and TURN settings as ICE servers: `none` alone means no STUN server; no STUN entry means
 * the defaults. TURN servers share one user name and credential.
 * @param {string[]} urls STUN URLs
 * @param {{turn?: string[], username?: string | null, credential?: string | null}} [turn]
 * @returns {RTCIceServer[]}
 */
export function iceServersOf(urls, { turn = [], username = null, credential = null } = {}) {
  const stun = (urls.length ? urls.filter((url) => url !== "none") : DEFAULT_STUN).map((url) => ({ urls: url }));
  const relays = turn.map((url) => ({ urls: url, ...(username !== null ? { username } : {}), ...(credential !== null ? { credential } : {}) }));
  return [...stun, ...relays];
}

/**
 * Read the table's join settings from its location:
 * `?join=auto|camera|relay&broker=wss://…&broker=…&stun=stun:…` (`stun=none` for no STUN server),
 * `&turn=turn:host:3478&turnuser=…&turncred=…` (a TURN server, repeatable, one user/credential),
 * `&ice=relay` (use only TURN-relayed routes: for tests of a TURN server).
 * @param {Location | URL} where
 * @returns {{mode: string, brokers: string[], stun: string[], turn: string[],
 *            turnUser: string | null, turnCred: string | null, icePolicy: RTCIceTransportPolicy,
 *            iceServers: RTCIceServer[]}}
 */
export function configFromLocation(where) {
  const query = new URLSearchParams(where.search);
  const brokers = query.getAll("broker");
  const turn = query.getAll("turn");
  const turnUser = query.get("turnuser");
  const turnCred = query.get("turncred");
  return {
    mode: query.get("join") ?? "auto",
    brokers: brokers.length ? brokers : DEFAULT_BROKERS,
    stun: query.getAll("stun"),
    turn,
    turnUser,
    turnCred,
    icePolicy: query.get("ice") === "relay" ? "relay" : "all",
    iceServers: iceServersOf(query.getAll("stun"), { turn, username: turnUser, credential: turnCred }),
  };
}

/**
 * The fragment parameters that pass a table's non-default settings on to phones.
 * @param {ReturnType<typeof configFromLocation>} config
 * @param {boolean} brokers whether to include the brokers (they are not the defaults)
 * @returns {[string, string][]}
 */
export function fragmentOf(config, brokers) {
  const out = [];
  if (brokers) for (const b of config.brokers) out.push(["b", b]);
  for (const s of config.stun ?? []) out.push(["s", s]);
  for (const t of config.turn ?? []) out.push(["t", t]);
  if (config.turnUser != null) out.push(["tu", config.turnUser]);
  if (config.turnCred != null) out.push(["tc", config.turnCred]);
  if (config.icePolicy === "relay") out.push(["p", "relay"]);
  return out;
}

/**
 * A phone's ICE settings from its join fragment (`s=`, `t=`, `tu=`, `tc=`, `p=`).
 * @param {URLSearchParams} params
 * @returns {{iceServers: RTCIceServer[], icePolicy: RTCIceTransportPolicy}}
 */
export function phoneIceOf(params) {
  return {
    iceServers: iceServersOf(params.getAll("s"), { turn: params.getAll("t"), username: params.get("tu"), credential: params.get("tc") }),
    icePolicy: params.get("p") === "relay" ? "relay" : "all",
  };
}
