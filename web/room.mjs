/* A room code's meeting place (issue 38): the pages that know one code exchange short
   messages through public MQTT brokers (mqtt.mjs), never a server of ours, until their
   WebRTC data channel (link.mjs) is open.

   The code gives both the topic and the key: PBKDF2 (SHA-256) of the code, then HKDF for an
   AES-GCM key and for the topic's name, so a broker, or anyone reading it, sees neither the
   code nor the words. Each message is sealed with a fresh 96-bit nonce; a message that does
   not open with the key (garbage, another code's, too long) is dropped unread and counted
   in ``dropped``. What opens is handed on as text: the page reads it with its own limits
   (remote/room.py, through skipbo_core.jsonread). Loaded only when a room code is used. */

import { LIMITS as MQTT_LIMITS, RelayError, Relays } from "./mqtt.mjs";

/** Public brokers used when the page names none (URL option relay=; build.py --relays). */
export const DEFAULT_RELAYS = Object.freeze([
  "wss://broker.emqx.io:8084/mqtt",
  "wss://broker.hivemq.com:8884/mqtt",
  "wss://test.mosquitto.org:8081/mqtt",
]);

export const LIMITS = Object.freeze({
  plain: 4096,        // characters of a message before it is sealed
  sealed: 6000,       // characters of a sealed message as the broker carries it
  seen: 512,          // nonces remembered, so that a message brought by several brokers counts once
  iterations: 100000, // PBKDF2's rounds: each guess of a code costs a listener as much
});

export const CODE_RE = /^[0-9A-HJKMNP-TV-Z]{8}$/;  // 8 of Crockford's base32 letters (40 bits)
const SALT = "skipbo room code v1";
const encoder = new TextEncoder();

export class RoomError extends Error {
  /** code: "bad-code", "bad-relay", "too-long", "unsupported". */
  constructor(code, message) {
    super(message || code);
    this.name = "RoomError";
    this.code = code;
  }
}

function toBase64url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The room's AES-GCM key and topic, from its code. */
export async function deriveRoom(code) {
  if (typeof code !== "string" || !CODE_RE.test(code)) throw new RoomError("bad-code", "not a room code");
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new RoomError("unsupported", "no WebCrypto here (the page needs https)");
  const password = await subtle.importKey("raw", encoder.encode(code), "PBKDF2", false, ["deriveBits"]);
  const stretched = await subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: encoder.encode(SALT), iterations: LIMITS.iterations }, password, 256);
  const base = await subtle.importKey("raw", stretched, "HKDF", false, ["deriveKey", "deriveBits"]);
  const hkdf = (info) => ({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(info) });
  const key = await subtle.deriveKey(hkdf("key"), base, { name: "AES-GCM", length: 256 }, false,
    ["encrypt", "decrypt"]);
  const name = new Uint8Array(await subtle.deriveBits(hkdf("topic"), base, 128));
  const topic = "skipbo/v1/" + Array.from(name, (b) => b.toString(16).padStart(2, "0")).join("");
  return { key, topic };
}

/**
 * The pages of one code. Events: "message" (a MessageEvent: data, the text another page
 * sent; each message once, however many brokers bring it; never this page's own), "up"
 * and "down" (a broker connected or lost). ``up``: brokers connected now.
 */
export class Room extends EventTarget {
  constructor(relays, key, topic) {
    super();
    this.relays = relays;
    this.key = key;
    this.topic = topic;
    this.seen = new Set();
    this.dropped = 0;
    for (const type of ["up", "down"]) relays.addEventListener(type, (e) => this.dispatchEvent(new CustomEvent(type, { detail: e.detail })));
    relays.addEventListener("message", (e) => this._open(e.detail.text));
    relays.subscribe(topic);
  }

  get up() { return this.relays.up; }

  /** True once a broker is up; false when none is within ``ms``. */
  whenUp(ms) { return this.relays.whenUp(ms); }

  /** Seal ``text`` and publish it on every broker that is up; how many took it. */
  async send(text) {
    if (typeof text !== "string" || text.length > LIMITS.plain) throw new RoomError("too-long", "message too long");
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = { name: "AES-GCM", iv, additionalData: encoder.encode(this.topic) };
    const sealed = new Uint8Array(await crypto.subtle.encrypt(data, this.key, encoder.encode(text)));
    const nonce = toBase64url(iv);
    this._remember(nonce);
    return this.relays.publish(this.topic, `${nonce}.${toBase64url(sealed)}`);
  }

  close() { this.relays.close(); }

  _remember(nonce) {
    this.seen.add(nonce);
    if (this.seen.size > LIMITS.seen) this.seen.delete(this.seen.values().next().value);
  }

  async _open(text) {
    const found = text.length <= LIMITS.sealed && /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22,})$/.exec(text);
    if (!found) { this.dropped += 1; return; }
    const [, nonce, body] = found;
    if (this.seen.has(nonce)) return;  // this page's own, or a copy from another broker
    let plain;
    try {
      const data = { name: "AES-GCM", iv: fromBase64url(nonce), additionalData: encoder.encode(this.topic) };
      plain = new TextDecoder("utf-8", { fatal: true }).decode(await crypto.subtle.decrypt(data, this.key, fromBase64url(body)));
    } catch {
      this.dropped += 1;  // not sealed with this code's key
      return;
    }
    if (this.seen.has(nonce)) return;
    this._remember(nonce);
    this.dispatchEvent(new MessageEvent("message", { data: plain }));
  }
}

/**
 * The room of ``code`` (8 letters of CODE_RE, as remote/room_code.py writes them) on the
 * brokers ``options.relays`` (default DEFAULT_RELAYS; wss:// addresses, at most
 * mqtt.LIMITS.relays). Throws a RoomError.
 */
export async function openRoom(code, options = {}) {
  const urls = options.relays?.length ? Array.from(options.relays, String) : [...DEFAULT_RELAYS];
  if (typeof WebSocket === "undefined") throw new RoomError("unsupported", "no WebSocket here");
  const { key, topic } = await deriveRoom(code);
  let relays;
  try {
    relays = new Relays(urls, options);
  } catch (err) {
    throw err instanceof RelayError ? new RoomError("bad-relay", err.message) : err;
  }
  return new Room(relays, key, topic);
}

export { MQTT_LIMITS };
