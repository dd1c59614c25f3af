/* A small MQTT 3.1.1 client over WebSocket, for room codes (issue 38): public brokers
   relay the few messages that let two pages find each other; no server of ours.

   Broker: one WebSocket to one broker (subprotocol "mqtt"): CONNECT, SUBSCRIBE,
   UNSUBSCRIBE, PUBLISH at QoS 0, PINGREQ; it connects again by itself when its connection
   drops, and subscribes again. Relays: several brokers at once, so that one that is down
   stops nothing: a message goes to every broker that is up, and what any of them brings is
   heard (once per broker: the caller tells copies apart).

   An incoming packet over LIMITS.packet bytes is skipped unread; a broken stream closes
   that connection (which is opened again later). Nothing here knows the game. */

export const LIMITS = Object.freeze({
  packet: 16384,          // bytes of one incoming packet; a larger one is skipped
  relays: 8,              // brokers at once
  url: 200,               // characters of a broker's address
  keepAliveS: 30,         // PINGREQ at half of it; silence for 1.5 times it closes the connection
  connectMs: 10000,       // from opening the WebSocket to CONNACK
  retryMs: [1000, 3000, 10000, 30000], // waits before connecting again, one after the other
});

export class RelayError extends Error {
  /** code: "bad-relay" (an address that is not a WebSocket URL we take), "too-many". */
  constructor(code, message) {
    super(message || code);
    this.name = "RelayError";
    this.code = code;
  }
}

const CONNECT = 0x10, CONNACK = 2, PUBLISH = 3, SUBSCRIBE = 0x82, UNSUBSCRIBE = 0xa2, PINGREQ = 0xc0;
const DISCONNECT = 0xe0;
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** A broker's address, checked: wss://, or ws:// on this machine only; no user or password. */
export function checkRelayUrl(text) {
  let url;
  try {
    if (typeof text !== "string" || text.length > LIMITS.url) throw new Error("length");
    url = new URL(text);
  } catch {
    throw new RelayError("bad-relay", "not an address");
  }
  const local = url.hostname === "127.0.0.1" || url.hostname === "localhost";
  if (!(url.protocol === "wss:" || (url.protocol === "ws:" && local)) || url.username || url.password || url.hash) {
    throw new RelayError("bad-relay", `not a wss:// address: ${text}`);
  }
  return url.href;
}

function utf8(text) {
  const bytes = encoder.encode(text);
  return [bytes.length >> 8, bytes.length & 255, ...bytes];
}

function lengthBytes(n) {
  const out = [];
  do {
    let digit = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) digit |= 128;
    out.push(digit);
  } while (n > 0);
  return out;
}

function packet(first, body) {
  return new Uint8Array([first, ...lengthBytes(body.length), ...body]);
}

function randomClientId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return "skipbo-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** One broker. Events: "up", "down", "message" (detail: {topic, text, url}). */
export class Broker extends EventTarget {
  constructor(url, options = {}) {
    super();
    this.url = checkRelayUrl(url);
    this.options = options;
    this.topics = new Set();
    this.state = "down";   // "down", "connecting", "up", "closed"
    this.tries = 0;
    this.nextId = 1;
    this._buffer = new Uint8Array(0);
    this._skip = 0;
    this._open();
  }

  /** Hear what is published on ``topic`` (again after each reconnection). */
  subscribe(topic) {
    this.topics.add(topic);
    if (this.state === "up") this._send(packet(SUBSCRIBE, [...this._id(), ...utf8(topic), 0]));
  }

  unsubscribe(topic) {
    if (!this.topics.delete(topic) || this.state !== "up") return;
    this._send(packet(UNSUBSCRIBE, [...this._id(), ...utf8(topic)]));
  }

  /** Publish ``text`` on ``topic`` at QoS 0; false when this broker is not up. */
  publish(topic, text) {
    if (this.state !== "up") return false;
    return this._send(packet(PUBLISH << 4, [...utf8(topic), ...encoder.encode(text)]));
  }

  close() {
    if (this.state === "closed") return;
    if (this.state === "up") this._send(packet(DISCONNECT, []));
    this._stop("closed");
  }

  _id() {
    const id = this.nextId;
    this.nextId = id >= 65535 ? 1 : id + 1;
    return [id >> 8, id & 255];
  }

  _open() {
    this.state = "connecting";
    this._buffer = new Uint8Array(0);
    this._skip = 0;
    try {
      this.ws = new WebSocket(this.url, "mqtt");
    } catch {
      this._lost();
      return;
    }
    const ws = this.ws;  // a connection given up is heard no more
    ws.binaryType = "arraybuffer";
    this._timer = setTimeout(() => this._lost(), this.options.connectMs ?? LIMITS.connectMs);
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      const keepAlive = LIMITS.keepAliveS;
      this._heard = Date.now();
      this._send(packet(CONNECT, [...utf8("MQTT"), 4, 0x02, keepAlive >> 8, keepAlive & 255,
        ...utf8(randomClientId())]));
    });
    ws.addEventListener("message", (e) => {
      if (this.ws === ws && e.data instanceof ArrayBuffer) this._feed(new Uint8Array(e.data));
    });
    ws.addEventListener("close", () => this.ws === ws && this._lost());
  }

  _send(bytes) {
    try {
      this.ws.send(bytes);
      return true;
    } catch {
      return false;
    }
  }

  /** The connection is gone (or never came): try again after a while. */
  _lost() {
    if (this.state === "closed") return;
    const wasUp = this.state === "up";
    this._stop("down");
    if (wasUp) this.dispatchEvent(new Event("down"));
    const waits = this.options.retryMs ?? LIMITS.retryMs;
    const wait = waits[Math.min(this.tries, waits.length - 1)];
    this.tries += 1;
    this._retry = setTimeout(() => this._open(), wait);
  }

  _stop(state) {
    this.state = state;
    clearTimeout(this._timer);
    clearTimeout(this._retry);
    clearInterval(this._ping);
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      try { ws.close(); } catch { /* closed */ }
    }
  }

  /** Bytes from the broker: whole packets are read, a packet too big is skipped. */
  _feed(chunk) {
    this._heard = Date.now();
    const data = new Uint8Array(this._buffer.length + chunk.length);
    data.set(this._buffer);
    data.set(chunk, this._buffer.length);
    let at = 0;
    while (at < data.length) {
      if (this._skip > 0) {
        const n = Math.min(this._skip, data.length - at);
        this._skip -= n;
        at += n;
        continue;
      }
      let length = 0, i = at + 1, whole = false;
      for (let k = 0; k < 4 && i < data.length; k += 1) {
        const digit = data[i++];
        length += (digit & 127) * 128 ** k;
        if ((digit & 128) === 0) { whole = true; break; }
      }
      if (!whole) {
        if (i - at > 4) { this._lost(); return; }  // a length of more than 4 bytes: not MQTT
        break;                                     // the rest of the length comes later
      }
      if (length > LIMITS.packet) {
        this._skip = length;
        at = i;
        continue;
      }
      if (data.length - i < length) break;
      const first = data[at];
      at = i + length;
      this._packet(first, data.subarray(i, at));
      if (this.state !== "up" && this.state !== "connecting") return;
    }
    this._buffer = data.slice(at);
  }

  _packet(first, body) {
    const type = first >> 4;
    if (type === CONNACK) {
      if (body.length !== 2 || body[1] !== 0) { this._lost(); return; }
      clearTimeout(this._timer);
      this.state = "up";
      this.tries = 0;
      for (const topic of this.topics) this._send(packet(SUBSCRIBE, [...this._id(), ...utf8(topic), 0]));
      const every = LIMITS.keepAliveS * 1000;
      this._ping = setInterval(() => {
        if (Date.now() - this._heard > every * 1.5) this._lost();
        else this._send(packet(PINGREQ, []));
      }, every / 2);
      this.dispatchEvent(new Event("up"));
    } else if (type === PUBLISH && this.state === "up" && body.length >= 2) {
      const topicEnd = 2 + ((body[0] << 8) | body[1]);
      const start = topicEnd + (((first >> 1) & 3) > 0 ? 2 : 0);  // QoS 1 or 2 carry an id
      if (start > body.length) return;
      let topic, text;
      try {
        topic = decoder.decode(body.subarray(2, topicEnd));
        text = decoder.decode(body.subarray(start));
      } catch {
        return;  // not UTF-8: nobody of ours sent it
      }
      if (this.topics.has(topic)) this.dispatchEvent(new CustomEvent("message", { detail: { topic, text, url: this.url } }));
    }
  }
}

/**
 * Several brokers at once. Events: "message" (detail: {topic, text, url}; a message that
 * several brokers bring comes once from each), "up" and "down" (detail.url). ``up`` is how
 * many brokers are connected now.
 */
export class Relays extends EventTarget {
  constructor(urls, options = {}) {
    super();
    if (!Array.isArray(urls) || urls.length === 0) throw new RelayError("bad-relay", "no relay");
    if (urls.length > LIMITS.relays) throw new RelayError("too-many", `more than ${LIMITS.relays} relays`);
    const checked = [...new Set(urls.map(checkRelayUrl))];
    this.brokers = checked.map((url) => new Broker(url, options));
    for (const broker of this.brokers) {
      for (const type of ["up", "down"]) {
        broker.addEventListener(type, () => this.dispatchEvent(new CustomEvent(type, { detail: { url: broker.url } })));
      }
      broker.addEventListener("message", (e) => this.dispatchEvent(new CustomEvent("message", { detail: e.detail })));
    }
  }

  get up() {
    return this.brokers.filter((b) => b.state === "up").length;
  }

  subscribe(topic) { for (const b of this.brokers) b.subscribe(topic); }

  unsubscribe(topic) { for (const b of this.brokers) b.unsubscribe(topic); }

  /** How many brokers took the message (0: none is up). */
  publish(topic, text) {
    return this.brokers.filter((b) => b.publish(topic, text)).length;
  }

  /** True as soon as one broker is up, false when none is within ``ms``. */
  whenUp(ms) {
    if (this.up > 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (value) => {
        clearTimeout(timer);
        this.removeEventListener("up", onUp);
        resolve(value);
      };
      const onUp = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.addEventListener("up", onUp);
    });
  }

  close() { for (const b of this.brokers) b.close(); }
}
