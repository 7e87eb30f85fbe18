// One peer connection with one ordered data channel, and a heartbeat that reports a lost peer.
//
// A `Link` is either the offerer (`offer()` then `accept(answer)`) or the answerer
// (`answer(offer)`). ICE is non-trickle: a description is returned once gathering has finished
// or `gatherMs` has passed, with the candidates found so far. Frames whose text starts with "#"
// belong to the transport: "#h" is the heartbeat, other "#" frames are `control` events (the
// relay's key proof). Events: `open`, `message` {text}, `control` {text}, `close` {reason}.
// Control frames are bounded, since they reach the transport before any application check: a
// link whose peer sends more than MAX_CONTROLS of them (heartbeats aside), one longer than
// MAX_CONTROL_LENGTH, or "#" frames (heartbeats included) faster than CONTROL_RATE a second
// beyond a burst of CONTROL_BURST is closed ("control flood"): an honest peer sends one key
// proof and a heartbeat every HEARTBEAT_MS.

export const HEARTBEAT_MS = 500;
// Silence that counts as a lost peer. A few seconds of it are ordinary in a living room (a phone's
// Wi-Fi power saving or roaming, a busy browser), and a camera-mode phone that loses its link must
// scan the QR again; a closed page or peer connection still ends the link at once.
export const TIMEOUT_MS = 6000;
export const GATHER_MS = 3000;
export const MAX_CONTROLS = 8;
export const MAX_CONTROL_LENGTH = 512;
export const CONTROL_RATE = 10;
export const CONTROL_BURST = 20;

/** A WebRTC data-channel link to one other device. */
export class Link extends EventTarget {
  /**
   * @param {{iceServers?: RTCIceServer[], iceTransportPolicy?: RTCIceTransportPolicy,
   *          certificates?: RTCCertificate[], gatherMs?: number, heartbeatMs?: number,
   *          timeoutMs?: number}} [options]
   *   `iceTransportPolicy` "relay" uses TURN-relayed routes only; `certificates`: the table's own
   */
  constructor({
    iceServers = [],
    iceTransportPolicy = "all",
    certificates = undefined,
    gatherMs = GATHER_MS,
    heartbeatMs = HEARTBEAT_MS,
    timeoutMs = TIMEOUT_MS,
  } = {}) {
    super();
    this.gatherMs = gatherMs;
    this.heartbeatMs = heartbeatMs;
    this.timeoutMs = timeoutMs;
    this.closed = false;
    this.isOpen = false;
    /** Control frames received so far (text after "#"), for listeners that attach late. */
    this.controls = [];
    this.controlTokens = CONTROL_BURST; // the "#" frames' bucket (see MAX_CONTROLS above)
    this.controlAt = 0;
    // The channel may open before the remote description is applied (the other side can start
    // ICE and DTLS first); whoever needs the remote fingerprint awaits this.
    this.remoteSet = new Promise((resolve) => (this.remoteApplied = resolve));
    this.pc = new RTCPeerConnection({ iceServers, iceTransportPolicy, ...(certificates ? { certificates } : {}) });
    // Negotiated channel id 0 on both sides: no wait for an in-band "open" handshake.
    this.channel = this.pc.createDataChannel("lastcard", { negotiated: true, id: 0, ordered: true });
    this.channel.onopen = () => this.#opened();
    this.channel.onclose = () => this.close("channel closed");
    this.channel.onmessage = (event) => this.#received(String(event.data));
    this.pc.onconnectionstatechange = () => {
      if (["failed", "closed"].includes(this.pc.connectionState)) this.close(this.pc.connectionState);
    };
  }

  /** Create the offer; resolves with the local SDP once gathering is done (≤ gatherMs). */
  async offer() {
    await this.pc.setLocalDescription();
    return this.#gathered();
  }

  /**
   * Answer a remote offer; resolves with the local answer SDP once gathering is done.
   * @param {RTCSessionDescriptionInit} remote
   */
  async answer(remote) {
    await this.pc.setRemoteDescription(remote);
    this.remoteApplied();
    await this.pc.setLocalDescription();
    return this.#gathered();
  }

  /**
   * Offerer: apply the remote answer.
   * @param {RTCSessionDescriptionInit} remote
   */
  async accept(remote) {
    await this.pc.setRemoteDescription(remote);
    this.remoteApplied();
  }

  /** The SHA fingerprint lines ("sha-256 AB:…") of the local and remote certificates. */
  fingerprints() {
    const of = (d) => /a=fingerprint:(.*)/.exec(d?.sdp ?? "")?.[1].trim() ?? "";
    return { local: of(this.pc.localDescription), remote: of(this.pc.remoteDescription) };
  }

  /**
   * Send an application message: false, and nothing sent, when the channel is not open (closing
   * before its `close`, say).
   * @param {string} text
   */
  send(text) {
    if (text.startsWith("#")) throw new Error("messages starting with # are reserved");
    return this.#write(text);
  }

  /**
   * Send a transport control frame (text after the "#").
   * @param {string} text
   */
  sendControl(text) {
    this.#write(`#${text}`);
  }

  /** Close the link; emits `close` once. */
  close(reason = "closed") {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.channel.onclose = null;
    this.channel.close();
    this.pc.close();
    this.dispatchEvent(new CustomEvent("close", { detail: { reason } }));
  }

  #write(text) {
    if (this.closed || this.channel.readyState !== "open") return false;
    this.channel.send(text);
    return true;
  }

  #opened() {
    if (this.closed) return;
    this.isOpen = true;
    this.lastSeen = performance.now();
    this.timer = setInterval(() => {
      if (performance.now() - this.lastSeen > this.timeoutMs) this.close("timeout");
      else this.#write("#h");
    }, this.heartbeatMs);
    this.dispatchEvent(new CustomEvent("open"));
  }

  #received(text) {
    const now = performance.now();
    this.lastSeen = now;
    if (!text.startsWith("#")) return this.dispatchEvent(new CustomEvent("message", { detail: { text } }));
    this.controlTokens = Math.min(CONTROL_BURST, this.controlTokens + ((now - this.controlAt) * CONTROL_RATE) / 1000);
    this.controlAt = now;
    this.controlTokens -= 1;
    const tooMany = text !== "#h" && this.controls.length >= MAX_CONTROLS;
    if (this.controlTokens < 0 || tooMany || text.length > MAX_CONTROL_LENGTH + 1) return this.close("control flood");
    if (text === "#h") return;
    this.controls.push(text.slice(1));
    this.dispatchEvent(new CustomEvent("control", { detail: { text: text.slice(1) } }));
  }

  async #gathered() {
    const pc = this.pc;
    if (pc.iceGatheringState !== "complete") {
      await new Promise((resolve) => {
        const timer = setTimeout(done, this.gatherMs);
        function done() {
          clearTimeout(timer);
          pc.removeEventListener("icegatheringstatechange", check);
          resolve();
        }
        function check() {
          if (pc.iceGatheringState === "complete") done();
        }
        pc.addEventListener("icegatheringstatechange", check);
      });
    }
    return pc.localDescription.sdp;
  }
}
