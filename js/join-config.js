// Join settings shared by the table and the phone: default brokers and STUN servers, and the
// table's URL switches. Tests and self-hosters pass their own brokers; the table forwards
// non-default settings to phones in the join URL (`b=`, `s=`).

export const DEFAULT_BROKERS = [
  "wss://broker.emqx.io:8084/mqtt",
  "wss://broker.hivemq.com:8884/mqtt",
  "wss://test.mosquitto.org:8081/mqtt",
];
export const DEFAULT_STUN = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"];

/**
 * STUN settings as ICE servers: `none` alone means no server; no entry means the defaults.
 * @param {string[]} urls
 * @returns {RTCIceServer[]}
 */
export function iceServersOf(urls) {
  return (urls.length ? urls.filter((url) => url !== "none") : DEFAULT_STUN).map((url) => ({ urls: url }));
}

/**
 * Read the table's join settings from its location:
 * `?join=camera|relay&broker=wss://…&broker=…&stun=stun:…` (`stun=none` for no STUN server).
 * @param {Location | URL} where
 * @returns {{mode: string, brokers: string[], stun: string[], iceServers: RTCIceServer[]}}
 */
export function configFromLocation(where) {
  const query = new URLSearchParams(where.search);
  const brokers = query.getAll("broker");
  return {
    mode: query.get("join") ?? "auto",
    brokers: brokers.length ? brokers : DEFAULT_BROKERS,
    stun: query.getAll("stun"),
    iceServers: iceServersOf(query.getAll("stun")),
  };
}
