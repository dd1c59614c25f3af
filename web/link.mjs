/* Play across devices by link: one WebRTC data channel between two pages, with no server.

   The host calls invite(): it makes an offer for one seat, waits until the browser has
   gathered all its addresses (no trickle: the link is the only message), and packs what a
   connection needs (ICE user and password, the DTLS fingerprint, the addresses; not the
   whole SDP) into a link: <page>#join=<packed>. The guest's page calls answer(link) and
   shows its reply the same way: <page>#reply=<packed>. The host passes that reply to its
   invitation's accept(). Then each side's Link carries strings, reliably and in order,
   and says "open", "message" (a MessageEvent), "close" and "error" (detail.code).

   No ICE server by default: on one Wi-Fi the pages find each other by their own
   addresses, with or without internet. A STUN or TURN list is an option (iceServers).

   Anything read from a link is checked before use; a bad one is a LinkError with a code
   (docs/PROTOCOL.md, "Transport"; the sizes are in docs/limits.md) and connects nothing. */

export const LIMITS = Object.freeze({
  packed: 4096,     // characters of a packed offer or reply (after #join= or #reply=)
  pasted: 16384,    // characters of a pasted text that holds a link
  unpacked: 8192,   // bytes of a packed offer or reply once inflated
  candidates: 16,   // addresses in one offer or reply
  meta: 512,        // characters of the page's own words in an offer or reply
  gatherMs: 5000,   // longest wait for the browser's addresses
  connectMs: 20000, // from accept() until the channel is open, on the host
});

/** STUN and TURN servers used when the page names none (build.py --ice; none here). */
export const DEFAULT_ICE = Object.freeze([
]);

export const CODES = Object.freeze([
  "too-long",     // a text, link or message over its limit
  "malformed",    // not a link of ours, or damaged
  "wrong-kind",   // a reply where an invitation was expected, or the other way round
  "not-this-invitation", // a reply to another invitation
  "unsupported",  // this browser lacks WebRTC (or cannot inflate the link)
  "bad-ice-servers", // the browser refused the iceServers option
  "no-address",   // the browser found no address of its own: no network
  "refused",      // the browser refused the description read from the link
  "used",         // accept() on an invitation that already has its reply, or closed
  "no-path",      // no connection within the time allowed, or the connection failed
  "closed",       // send() on a link that is not open
]);

export class LinkError extends Error {
  /** code: one of CODES. */
  constructor(code, message) {
    super(message || code);
    this.name = "LinkError";
    this.code = code;
  }
}

const KINDS = { join: "j", reply: "r" };
const PLAIN = "p";    // the packed JSON as it is
const DEFLATED = "z"; // the packed JSON through deflate-raw
const PACKED_RE = /^[pz][A-Za-z0-9_-]+$/;
const CHANNEL = { negotiated: true, id: 0, ordered: true };
const TYPES = { host: "h", srflx: "s", prflx: "p", relay: "r" };
const TYPE_NAMES = Object.fromEntries(Object.entries(TYPES).map(([name, letter]) => [letter, name]));
const CANDIDATE_RE = /^([0-9A-Fa-f.:]{2,45}|[0-9A-Za-z-]{1,64}\.local) (\d{1,5}) (\d{1,10}) ([hspr])$/;
const FIELD_RES = {
  id: /^[A-Za-z0-9_-]{8,32}$/,
  ufrag: /^[A-Za-z0-9+/]{4,256}$/,
  pwd: /^[A-Za-z0-9+/]{22,256}$/,
  hash: /^sha-(1|224|256|384|512)$/,
  fingerprint: /^[A-Za-z0-9_-]{27,86}$/,
  setup: /^(actpass|active|passive)$/,
  mid: /^[A-Za-z0-9_-]{1,16}$/,
};

/* -- base64url and deflate ------------------------------------------------------------- */

function toBase64url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new LinkError("malformed", "not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function deflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** bytes inflated, never more than LIMITS.unpacked of them (a small bomb stays small). */
async function inflate(bytes) {
  if (typeof DecompressionStream === "undefined") throw new LinkError("unsupported", "cannot inflate");
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const parts = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > LIMITS.unpacked) throw new LinkError("too-long", `over ${LIMITS.unpacked} bytes inflated`);
      parts.push(value);
    }
  } catch (err) {
    reader.cancel().catch(() => {});
    throw err instanceof LinkError ? err : new LinkError("malformed", "does not inflate");
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

/* -- SDP: what a data channel needs, out and back in ------------------------------------ */

/** The fields of a local description that the other side needs; only UDP addresses. */
function fromSdp(sdp) {
  const fields = { candidates: [], sctpPort: 5000, maxMessageSize: 65536 };
  for (const line of sdp.split(/\r?\n/)) {
    const [key, ...rest] = line.slice(2).split(":");
    const value = rest.join(":");
    if (!line.startsWith("a=")) continue;
    if (key === "ice-ufrag") fields.ufrag ??= value;
    else if (key === "ice-pwd") fields.pwd ??= value;
    else if (key === "setup") fields.setup ??= value;
    else if (key === "mid") fields.mid ??= value;
    else if (key === "sctp-port") fields.sctpPort = Number(value);
    else if (key === "max-message-size") fields.maxMessageSize = Number(value);
    else if (key === "fingerprint" && !fields.fingerprint) {
      const [hash, hex] = value.split(" ");
      fields.hash = hash.toLowerCase();
      fields.fingerprint = toBase64url(Uint8Array.from(hex.split(":"), (h) => parseInt(h, 16)));
    } else if (key === "candidate") {
      const [, component, transport, priority, address, port, typ, type] = value.split(" ");
      const packed = `${address} ${port} ${priority} ${TYPES[type]}`;
      if (component === "1" && transport.toLowerCase() === "udp" && typ === "typ" && CANDIDATE_RE.test(packed)
          && !fields.candidates.includes(packed)) fields.candidates.push(packed);
    }
  }
  return fields;
}

/** A description the browser takes, from the fields fromSdp() found on the other side. */
function toSdp(fields) {
  const hex = Array.from(fromBase64url(fields.fingerprint), (b) => b.toString(16).padStart(2, "0").toUpperCase());
  const session = Array.from(crypto.getRandomValues(new Uint32Array(2))).join("").slice(0, 18) || "1";
  const candidates = fields.candidates.map((packed, i) => {
    const [address, port, priority, type] = packed.split(" ");
    return `a=candidate:${i + 1} 1 udp ${priority} ${address} ${port} typ ${TYPE_NAMES[type]}`;
  });
  return [
    "v=0", `o=- ${session} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", `a=group:BUNDLE ${fields.mid}`,
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...candidates, "a=end-of-candidates", `a=ice-ufrag:${fields.ufrag}`, `a=ice-pwd:${fields.pwd}`,
    `a=fingerprint:${fields.hash} ${hex.join(":")}`, `a=setup:${fields.setup}`, `a=mid:${fields.mid}`,
    `a=sctp-port:${fields.sctpPort}`, `a=max-message-size:${fields.maxMessageSize}`, "",
  ].join("\r\n");
}

/* -- packing and reading links ---------------------------------------------------------- */

const ORDER = ["kind", "id", "meta", "ufrag", "pwd", "hash", "fingerprint", "setup", "mid", "sctpPort",
  "maxMessageSize", "candidates"];

async function pack(fields) {
  const bytes = new TextEncoder().encode(JSON.stringify(ORDER.map((name) => fields[name])));
  let packed = PLAIN + toBase64url(bytes);
  if (typeof CompressionStream !== "undefined") {
    const deflated = DEFLATED + toBase64url(await deflate(bytes));
    if (deflated.length < packed.length) packed = deflated;
  }
  if (packed.length > LIMITS.packed) throw new LinkError("too-long", `${packed.length} characters packed`);
  return packed;
}

function checked(list) {
  const bad = (why) => new LinkError("malformed", why);
  if (!Array.isArray(list) || list.length !== ORDER.length) throw bad("not a list of its fields");
  const fields = Object.fromEntries(ORDER.map((name, i) => [name, list[i]]));
  if (!Object.values(KINDS).includes(fields.kind)) throw bad("unknown kind");
  for (const [name, re] of Object.entries(FIELD_RES)) {
    if (typeof fields[name] !== "string" || !re.test(fields[name])) throw bad(`bad ${name}`);
  }
  if (typeof fields.meta !== "string") throw bad("bad meta");
  if (fields.meta.length > LIMITS.meta) throw new LinkError("too-long", `meta over ${LIMITS.meta} characters`);
  const port = fields.sctpPort, size = fields.maxMessageSize;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad("bad sctp port");
  if (!Number.isInteger(size) || size < 0 || size > 2 ** 32) throw bad("bad message size");
  const candidates = fields.candidates;
  if (!Array.isArray(candidates) || candidates.length === 0) throw bad("no address");
  if (candidates.length > LIMITS.candidates) throw new LinkError("too-long", "too many addresses");
  for (const c of candidates) {
    const found = typeof c === "string" && CANDIDATE_RE.exec(c);
    if (!found || Number(found[2]) > 65535 || Number(found[3]) >= 2 ** 32) throw bad("bad address");
  }
  return fields;
}

/** The packed part of a link or pasted text: what follows #join= or #reply=, or the whole
    text when it is only that. */
function packedPart(text) {
  if (typeof text !== "string") throw new LinkError("malformed", "not text");
  if (text.length > LIMITS.pasted) throw new LinkError("too-long", `over ${LIMITS.pasted} characters`);
  const found = /#(join|reply)=([A-Za-z0-9_-]*)/.exec(text);  // ends where a sentence goes on
  const packed = found ? found[2] : text.trim();
  if (packed.length > LIMITS.packed) throw new LinkError("too-long", `over ${LIMITS.packed} characters packed`);
  if (!PACKED_RE.test(packed)) throw new LinkError("malformed", "not a link to a table");
  return { packed, named: found ? KINDS[found[1]] : null };
}

/**
 * What a link (or a pasted text holding one) says, checked: {kind: "join"|"reply", id,
 * meta, addresses}. Throws a LinkError; connects nothing.
 */
export async function readLink(text) {
  const { packed, named } = packedPart(text);
  const bytes = fromBase64url(packed.slice(1));
  const json = packed[0] === DEFLATED ? await inflate(bytes) : bytes;
  if (json.length > LIMITS.unpacked) throw new LinkError("too-long", `over ${LIMITS.unpacked} bytes`);
  let list;
  try {
    list = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
  } catch {
    throw new LinkError("malformed", "not JSON");
  }
  const fields = checked(list);
  if (named && named !== fields.kind) throw new LinkError("malformed", "its name and its content differ");
  const kind = fields.kind === KINDS.join ? "join" : "reply";
  const addresses = fields.candidates.map((c) => c.split(" ")[0]);
  return { kind, id: fields.id, meta: fields.meta, addresses, fields };
}

function withFragment(base, name, packed) {
  const url = new URL(base ?? globalThis.location?.href ?? "http://127.0.0.1/");
  url.hash = "";
  return `${url.href}#${name}=${packed}`;
}

function randomId() {
  return toBase64url(crypto.getRandomValues(new Uint8Array(9)));
}

function checkMeta(meta) {
  if (typeof meta !== "string") throw new LinkError("malformed", "meta must be text");
  if (meta.length > LIMITS.meta) throw new LinkError("too-long", `meta over ${LIMITS.meta} characters`);
  return meta;
}

/* -- the connection ----------------------------------------------------------------------- */

// This page's links not yet closed. A page that goes (its tab closed, reloaded, navigated
// away) closes them, so that the other side hears "close" at once rather than after the
// browser has given up on a silent connection (about 20 s).
const LIVE = new Set();
if (typeof addEventListener === "function") {
  addEventListener("pagehide", () => { for (const link of [...LIVE]) link.close("the page went away"); });
}

/**
 * One side's connection. Events: "open", "message" (MessageEvent, data: a string),
 * "close" (detail.reason), "error" (detail.code, one of CODES). state: "new",
 * "connecting", "open" or "closed".
 */
export class Link extends EventTarget {
  constructor(options = {}) {
    super();
    this.meta = checkMeta(options.meta ?? "");
    if (typeof RTCPeerConnection === "undefined") throw new LinkError("unsupported", "no WebRTC here");
    const config = { iceServers: options.iceServers?.length ? options.iceServers : [...DEFAULT_ICE] };
    if (options.iceTransportPolicy) config.iceTransportPolicy = options.iceTransportPolicy;
    this.options = options;
    this.state = "new";
    this.localAddresses = [];
    try {
      this.pc = new RTCPeerConnection(config);
    } catch (err) {
      throw new LinkError("bad-ice-servers", `the browser refused the ICE servers: ${err.message}`);
    }
    this.pc.addEventListener("icecandidate", (e) => {
      const address = e.candidate?.address;
      if (address && !this.localAddresses.includes(address)) this.localAddresses.push(address);
    });
    this.pc.addEventListener("connectionstatechange", () => {
      if (this.pc.connectionState !== "failed") return;
      if (this.state === "open") this.close("connection lost");
      else this._fail("no-path", "the connection failed");
    });
    this.channel = this.pc.createDataChannel("skipbo", CHANNEL);
    LIVE.add(this);
    this.channel.addEventListener("open", () => {
      clearTimeout(this._timer);
      this.state = "open";
      this.dispatchEvent(new Event("open"));
    });
    this.channel.addEventListener("message", (e) => {
      if (typeof e.data === "string") this.dispatchEvent(new MessageEvent("message", { data: e.data }));
    });
    this.channel.addEventListener("close", () => this.close("closed by the other side"));
  }

  /** Send a string; a LinkError "closed" when not open, "too-long" over the channel's size. */
  send(text) {
    if (this.state !== "open" || this.channel.readyState !== "open") throw new LinkError("closed", "not open");
    const most = this.pc.sctp?.maxMessageSize || 65536;
    if (new TextEncoder().encode(String(text)).length > most) throw new LinkError("too-long", `over ${most} bytes`);
    this.channel.send(String(text));
  }

  /** Close both the channel and the connection; says "close" once. */
  close(reason = "closed") {
    if (this.state === "closed") return;
    clearTimeout(this._timer);
    this.state = "closed";
    LIVE.delete(this);
    try { this.channel.close(); } catch { /* already closed */ }
    try { this.pc.close(); } catch { /* already closed */ }
    this.dispatchEvent(new CustomEvent("close", { detail: { reason } }));
  }

  _fail(code, message) {
    if (this.state === "closed") return;
    this.dispatchEvent(new CustomEvent("error", { detail: { code, message } }));
    this.close(message);
  }

  /** This side's link ("join" or "reply"), once the browser has gathered its addresses. */
  async _packed(name) {
    const fields = await this._gathered();
    this.packed = await pack({ ...fields, kind: KINDS[name], id: this.id, meta: this.meta });
    this.link = withFragment(this.options.base, name, this.packed);
    this.state = "connecting";
    return this;
  }

  /** The local description's fields, once the browser has gathered its addresses. */
  async _gathered() {
    const pc = this.pc;
    await new Promise((resolve) => {
      const timer = setTimeout(done, this.options.gatherMs ?? LIMITS.gatherMs);
      function done() {
        clearTimeout(timer);
        pc.removeEventListener("icegatheringstatechange", check);
        resolve();
      }
      function check() { if (pc.iceGatheringState === "complete") done(); }
      pc.addEventListener("icegatheringstatechange", check);
      check();
    });
    const fields = fromSdp(pc.localDescription.sdp);
    if (fields.candidates.length === 0) throw new LinkError("no-address", "no address to be reached at");
    fields.candidates = fields.candidates.slice(0, LIMITS.candidates);
    return fields;
  }

  async _setRemote(fields, type) {
    try {
      await this.pc.setRemoteDescription({ type, sdp: toSdp(fields) });
    } catch (err) {
      throw new LinkError("refused", `the browser refused it: ${err.message}`);
    }
  }
}

/** The host's side for one seat: link is the invitation; accept(reply) connects. */
export class Invitation extends Link {
  /** Use invite(), which waits for the addresses and packs the link. */
  async _make() {
    this.id = randomId();
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this._packed("join");
  }

  /** Take the guest's reply (a link or a pasted text). Throws a LinkError and changes
      nothing when the reply is bad or not for this invitation. */
  async accept(text) {
    const read = await readLink(text);
    if (read.kind !== "reply") throw new LinkError("wrong-kind", "an invitation, not a reply");
    if (read.id !== this.id) throw new LinkError("not-this-invitation", "a reply to another invitation");
    if (this.state !== "connecting" || this.pc.signalingState !== "have-local-offer") {
      throw new LinkError("used", "this invitation has its reply already");
    }
    this.guestMeta = read.meta;
    await this._setRemote(read.fields, "answer");
    const ms = this.options.connectMs ?? LIMITS.connectMs;
    if (this.state === "connecting") this._timer = setTimeout(() => this._fail("no-path", `not connected in ${ms} ms`), ms);
  }
}

/** The guest's side: link is the reply for the host; opens when the host accepts it. */
export class Reply extends Link {
  async _make(read) {
    this.id = read.id;
    this.hostMeta = read.meta;
    await this._setRemote(read.fields, "offer");
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    return this._packed("reply");
  }
}

async function made(link, make) {
  try {
    return await make(link);
  } catch (err) {
    link.close("not made");
    throw err instanceof LinkError ? err : new LinkError("unsupported", err.message);
  }
}

/**
 * The host's invitation for one seat. options: iceServers (default DEFAULT_ICE), meta (the
 * page's own words for the guest: at most LIMITS.meta characters), base (the page's
 * address; default this page's), gatherMs, connectMs, iceTransportPolicy.
 */
export async function invite(options = {}) {
  return made(new Invitation(options), (invitation) => invitation._make());
}

/**
 * The guest's reply to an invitation (a link or a pasted text holding one). Same options
 * as invite(); meta goes to the host. Throws a LinkError and connects nothing when the
 * invitation is bad.
 */
export async function answer(text, options = {}) {
  const read = await readLink(text);
  if (read.kind !== "join") throw new LinkError("wrong-kind", "a reply, not an invitation");
  return made(new Reply(options), (reply) => reply._make(read));
}
