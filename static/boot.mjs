// The interpreter module PyScript loads (pyscript.toml `interpreter`): Pyodide's own
// loadPyodide, restoring the memory snapshot build.py made (an interpreter that has already
// started and imported the engines) instead of starting Python from nothing.  When the
// snapshot is missing, or Pyodide rejects it (made by another build), it starts normally.
import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("./vendor/pyodide/snapshot.bin", import.meta.url).href;
// The modules the snapshot holds are in memory already: after a restore Python only needs the
// rest of the standard library the page can import (build.py computes it).  A normal start
// mounts the whole of it.
const REST_URL = new URL("./vendor/pyodide/python_stdlib_rest.zip", import.meta.url).href;
// What no import of the page's own modules reads (build.py's python_stdlib_more.zip: Pyodide's
// packages, the codecs, what the library imports only inside its functions): not on a cold
// start's line.  Mounted in idle time after the start (the offline worker answers then), or,
// when an import asks for it first, read at once (see restored.py's MoreStdlib).
const MORE_URL = new URL("./vendor/pyodide/python_stdlib_more.zip", import.meta.url).href;
const MORE_PATH = "/lib/python_stdlib_more.zip";
const MORE_IDLE_MS = 3000;
// The top-level modules and packages with files in it (written here by build.py): a module
// no zip has (ssl, which urllib.request tries) is not a reason to read it.
const MORE_NAMES = [];
// The sources of the project's modules the snapshot holds (build.py moves them out of app.zip):
// only a normal start reads them.
const HELD_URL = new URL("./app-held.zip", import.meta.url).href;
// The project's archive, unpacked into ./app (main.py puts it on sys.path) by unpackStored below.
const APP_URL = new URL("./app.zip", import.meta.url).href;
const APP_DIR = "/home/pyodide/app";

// After a restore: the standard library's place, then the reseeding of `random`, the finder of
// the rest of the library, and whether the library is there, by functions the snapshot holds
// (py/clubtable/ui/browser/restored.py): no Python source is compiled at a start.
const RESTORED = "clubtable.ui.browser.restored";

// The snapshot's size in bytes, written here by build.py beside the snapshot it makes (0: none
// made, or this is the source tree).  Knowing it, Pyodide can make its memory and compile its
// WebAssembly while the snapshot still downloads, and the snapshot streams straight into the
// buffer Pyodide restores from; without it, all of that waits for the last byte.
const SNAPSHOT_BYTES = 0;
// The snapshot's first bytes hold the runtime's static data, most of it as the WebAssembly
// module's data segments left it, which the runtime's own download already carries: build.py
// stores them XORed with that fresh memory (1.2 MB less to download), and they are XORed back
// here before the restore.  [how many bytes, a hash of the fresh memory they were XORed with]:
// another fresh memory would make another interpreter, so the page then starts normally.
const SNAPSHOT_THAW = [0, 0];

// Each phase of the start is marked (`performance.mark`, "boot:*"; the app adds "py:*"): bench/phone.py
// prints them, so a slow start says where its time went.
const step = (name) => globalThis.performance?.mark?.(`boot:${name}`);
step("module");

// Asked for as soon as PyScript imports this module, before it opens its package storage and
// calls loadPyodide: the download overlaps that work.
const OFF = new URLSearchParams(globalThis.location?.search).has("nosnapshot");
const BUFFER = OFF || !SNAPSHOT_BYTES ? null : new Uint8Array(SNAPSHOT_BYTES);
const SNAPSHOT = OFF ? null : fetch(SNAPSHOT_URL).then(async (response) => {
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  // Whole, then unpacked: read part by part on the page's thread, the 14 MB came in 1600
  // parts of 9 kB at CPU 4x and the loop took seconds longer than the download (measured).
  // As a blob first: the browser keeps its bytes and hands them over in one piece, where
  // arrayBuffer() read the offline worker's answer on the page's thread, blocking it for the
  // whole read (CPU 4x: 0.4-1.5 s against 0.05-0.4 s, measured).
  const snapshot = unpackSnapshot(new Uint8Array(await (await response.blob()).arrayBuffer()), BUFFER);
  step("snapshot-fetched");
  return snapshot;
});
SNAPSHOT?.catch(() => {});   // reported by loadPyodide, not as an unhandled rejection
// On a first visit the line is the start (the runtime, the snapshot, the library and app.zip
// all came in together, 20 Mbit/s shared four ways): what the restore needs comes first, and
// app.zip and the library, needed only after it, come while it runs.  From the offline
// worker's cache (a returning player), all at once.
let runtimeIn = () => {};
const RUNTIME_IN = new Promise((resolve) => { runtimeIn = resolve; });
const FIRST_VISIT = !globalThis.navigator?.serviceWorker?.controller;
const fetchAfterRuntime = (url) => (SNAPSHOT && FIRST_VISIT ? RUNTIME_IN : Promise.resolve()).then(() => fetch(url));
const APP = fetchAfterRuntime(APP_URL).then(async (response) => {
  if (!response.ok) throw new Error(`app.zip: HTTP ${response.status}`);
  return (await response.blob()).arrayBuffer();     // as a blob: see SNAPSHOT
});
APP.catch(() => {});         // reported when loadPyodide needs it
// The standard library a restored Python mounts, read as a blob too (see SNAPSHOT); Pyodide
// itself would read it with arrayBuffer().  It is written where Pyodide put an empty one.
const REST = SNAPSHOT && fetchAfterRuntime(REST_URL).then(async (response) => {
  if (!response.ok) throw new Error(`python_stdlib_rest.zip: HTTP ${response.status}`);
  return new Uint8Array(await (await response.blob()).arrayBuffer());
});
REST?.catch(() => {});      // reported by the restore
// A zip of no files (its end record alone), for Pyodide to mount until the real one is read.
const NO_FILES = Uint8Array.of(0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0));

// The snapshot travels without its pages of zeros (build.py's pack_snapshot: 17 of its 31 MB),
// so a returning player's start reads 14 MB from the offline worker's cache instead of 31.
// Little-endian 32-bit words: the size, the number of ranges kept, an (offset, length) for each,
// then their bytes, written into ``buffer`` (made here when null), which starts zeroed.  The
// tests run it on what build.py packed.
export function unpackSnapshot(packed, buffer) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const word = (i) => {
    if (4 * i + 4 > packed.length) throw new Error("snapshot: shorter than built");
    return view.getUint32(4 * i, true);
  };
  buffer ??= new Uint8Array(word(0));
  if (word(0) !== buffer.length) throw new Error("snapshot: not the size built");
  const count = word(1);
  let at = 8 + 8 * count;
  for (let i = 0, end = 0; i < count; i++) {
    const offset = word(2 + 2 * i), length = word(3 + 2 * i);
    if (offset < end || offset + length > buffer.length) throw new Error("snapshot: bad ranges");
    if (at + length > packed.length) throw new Error("snapshot: shorter than built");
    buffer.set(packed.subarray(at, at + length), offset);
    at += length;
    end = offset + length;
  }
  if (at !== packed.length) throw new Error("snapshot: longer than built");
  return buffer;
}

// Pyodide's Emscripten module as a classic script, beside its ES module (build.py writes the
// name here when it makes it): Chromium keeps a V8 code cache of a classic script the offline
// worker stores, none of a module, so a returning player's start skips compiling its 1 MB.
const ASM_SCRIPT = "";

// One load, as import() of the module was: a start without the snapshot after a rejected
// restore asks again and gets the same factory, not a second run of the script.
let emscriptenLoad = null;

function emscriptenModule() {
  return (emscriptenLoad ??= loadEmscriptenModule());
}

function loadEmscriptenModule() {
  if (!ASM_SCRIPT || !globalThis.document) {
    return import(INDEX_URL + "pyodide.asm.mjs").then((module) => module.default);
  }
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = INDEX_URL + ASM_SCRIPT;
    // Run as soon as it arrives: an async script (the default for one added by a script) waited
    // 0.5 s at CPU 4x behind the start's other tasks, the main thread idle (measured, warm).
    script.async = false;
    script.onload = () => resolve(globalThis._createPyodideModule);
    script.onerror = () => reject(new Error(`${ASM_SCRIPT}: not loaded`));
    document.head.append(script);
  });
}

// Pyodide's Emscripten module, made as soon as loadPyodide is called; it is handed over for the
// restore only once the snapshot is whole, and thawed (SNAPSHOT_THAW) with a copy of the memory
// taken when the WebAssembly instance is made, before any of its code runs.
function modulePending() {
  const made = emscriptenModule();
  made.then(() => step("asm-imported"), () => {});
  return async (settings) => {
    const [bytes, hash] = SNAPSHOT_THAW;
    let fresh = null;
    if (bytes) {
      const instantiate = settings.instantiateWasm;
      if (!instantiate) throw new Error("snapshot: the fresh memory cannot be seen");
      settings.instantiateWasm = (imports, receive) => instantiate(imports, (instance, module) => {
        step("wasm-instantiated");
        fresh = new Uint8Array(instance.exports.memory.buffer, 0, bytes).slice();
        receive(instance, module);
      });
    }
    const module = await (await made)(settings);
    const snapshot = await SNAPSHOT;
    step("module-made");
    runtimeIn();
    if (bytes && thaw(ArrayBuffer.isView(snapshot) ? snapshot : new Uint8Array(snapshot), fresh) !== hash) {
      throw new Error("snapshot: made for another runtime");
    }
    step("thawed");
    return module;
  };
}

// XOR the memory part of a snapshot (after its header) with ``fresh``, in place, and return a
// hash of ``fresh``.  build.py's snapshot maker imports it, so both sides do the same.
export function thaw(snapshot, fresh) {
  const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
  const words = fresh.length >> 2;
  if ((snapshot.byteOffset + header) % 4 || fresh.length % 4 || header + fresh.length > snapshot.length) {
    throw new Error("snapshot: cannot be thawed");
  }
  const memory = new Uint32Array(snapshot.buffer, snapshot.byteOffset + header, words);
  const before = new Uint32Array(fresh.buffer, fresh.byteOffset, words);
  let h = 2166136261;
  for (let i = 0; i < words; i++) {
    memory[i] ^= before[i];
    h = Math.imul(h ^ before[i], 16777619);
  }
  return h >>> 0;
}

// Write every file of a zip of stored entries (build.py makes app.zip and app-held.zip so)
// under ``dir``: a few milliseconds, where Pyodide's unpackArchive (Python's zipfile, and
// PyScript's [files] used it) took 30-170 ms on this machine, and its removal
// took about 0.5 s off a start at CPU 4x (docs/PERFORMANCE.md).
const UTF8 = new TextDecoder();
function unpackStored(FS, archive, dir) {
  const bytes = new Uint8Array(archive);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;                         // the central directory's end record
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("archive: not a zip");
  const made = new Set();
  let at = view.getUint32(end + 16, true);
  for (let left = view.getUint16(end + 10, true); left > 0; left--) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("archive: bad central directory");
    const size = view.getUint32(at + 20, true);
    const name = UTF8.decode(bytes.subarray(at + 46, at + 46 + view.getUint16(at + 28, true)));
    const local = view.getUint32(at + 42, true);
    const stored = view.getUint16(at + 10, true) === 0;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    if (!stored || name.startsWith("/") || name.split("/").includes("..")) throw new Error(`archive: cannot unpack ${name}`);
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error(`archive: ${name} not found`);
    const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const path = `${dir}/${name}`;
    for (let slash = path.indexOf("/", 1); slash > 0; slash = path.indexOf("/", slash + 1)) {
      const folder = path.slice(0, slash);
      if (!made.has(folder) && !FS.analyzePath(folder).exists) FS.mkdir(folder);
      made.add(folder);
    }
    FS.writeFile(path, bytes.subarray(data, data + size));
  }
}

function mark(mode, detail) {
  // Read by the tests and the boot benchmark: "snapshot", "fresh" or "fresh:<why>".
  const root = globalThis.document?.documentElement;   // absent in a worker
  if (root) root.dataset.pythonBoot = detail ? `${mode}:${detail}` : mode;
}

// Python's output until PyScript hands over its own streams (the restore prints nothing).
const sinks = { stdout: null, stderr: null };
const streams = {
  stdout: (text) => (sinks.stdout ?? console.log)(text),
  stderr: (text) => (sinks.stderr ?? console.warn)(text),
};

// The restore, begun as soon as this module runs in the page (index.html runs it before
// PyScript's, which asks for the interpreter only once its own modules and plugins have run:
// 0.5-1 s into a start at CPU 4x); PyScript's loadPyodide() then takes what it made.  null
// when the snapshot is off or the restore failed: Python starts normally.
async function restore() {
  step("load");
  let pyodide = null;
  const empty = URL.createObjectURL(new Blob([NO_FILES], { type: "application/zip" }));
  try {
    pyodide = await startPyodide({ indexURL: INDEX_URL, ...streams, _loadSnapshot: BUFFER ?? SNAPSHOT,
                                   createPyodideModule: modulePending(), stdLibURL: empty });
    step("restored");
    // Nothing has imported from it yet: the snapshot's maker forgot the zip's directory.
    const rest = await REST;
    step("rest-fetched");
    const first = pyodide.pyimport(RESTORED);
    try {
      pyodide.FS.writeFile(first.stdlib_zip(), rest);
      if (!first.restored(JSON.stringify(MORE_NAMES), MORE_PATH)) throw new Error("snapshot: no standard library");
    } finally {
      first.destroy();
    }
    laterStdlib(pyodide);
    step("stdlib");
    mark("snapshot");
  } catch (error) {
    runtimeIn();
    console.info("Python starts without its snapshot:", String(error?.message || error).split("\n")[0]);
    mark("fresh", /HTTP 404/.test(String(error)) ? "missing" : "rejected");
    return null;
  } finally {
    URL.revokeObjectURL(empty);
  }
  const app = await APP;                           // app.zip missing: the start fails, as it must
  step("app-fetched");
  unpackStored(pyodide.FS, app, APP_DIR);
  step("python");
  return pyodide;
}
// python_stdlib_more.zip: asked for MORE_IDLE_MS after the restore and mounted when it comes,
// unless an import needed it first and it was read then, synchronously (an XMLHttpRequest,
// which the offline worker does not answer: by then the idle fetch has usually put it there).
function laterStdlib(pyodide) {
  const mount = (bytes) => {
    if (!pyodide.FS.analyzePath(MORE_PATH).exists) pyodide.FS.writeFile(MORE_PATH, bytes);
  };
  globalThis.clubtableMoreStdlib = () => {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", MORE_URL, false);
    xhr.overrideMimeType("text/plain; charset=x-user-defined");   // bytes, one per character
    xhr.send();
    if (xhr.status !== 200) throw new Error(`python_stdlib_more.zip: HTTP ${xhr.status}`);
    const text = xhr.responseText;
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
    mount(bytes);
    step("stdlib-more-asked");
  };
  setTimeout(() => {
    if (pyodide.FS.analyzePath(MORE_PATH).exists) return;
    fetch(MORE_URL)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        mount(new Uint8Array(await (await response.blob()).arrayBuffer()));
        step("stdlib-more");
      })
      .catch((error) => console.info("python_stdlib_more.zip not read now:", String(error?.message || error)));
  }, MORE_IDLE_MS);
}

let restoring = SNAPSHOT && globalThis.document ? restore() : null;
restoring?.catch(() => {});   // reported when PyScript asks for the interpreter
// A start without the snapshot (?nosnapshot) needs the Emscripten script too: asked for now.
if (globalThis.document && !restoring) emscriptenModule().catch(() => {});   // reported by loadPyodide

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  if (SNAPSHOT) {
    sinks.stdout = options.stdout ?? null;
    sinks.stderr = options.stderr ?? null;
    const pyodide = await (restoring ??= restore());
    restoring = null;     // asked again (another interpreter): another restore
    if (pyodide) return pyodide;
  } else {
    mark("fresh", "off");
  }
  step("load");
  const held = fetch(HELD_URL).then((r) => (r.ok ? r.arrayBuffer() : null), () => null);   // null: app.zip has all
  const pyodide = await startPyodide({ ...settings, createPyodideModule: await emscriptenModule() });
  const sources = await held;
  if (sources) unpackStored(pyodide.FS, sources, APP_DIR);
  unpackStored(pyodide.FS, await APP, APP_DIR);
  step("python");
  return pyodide;
}

// The DOM layer (py/clubtable/ui/dom.py) sends each patch as one list of operations, carried
// out here in one call: each call from Python into the page costs far more than the work.
// The nodes made are kept in a table, named by number; the operations are listed in dom.py
// ("the page's side").  Texts become text nodes and attributes are set one by one, so
// nothing is ever parsed as markup.  Focus taken away by the patch is given back.
const SVG_NS = "http://www.w3.org/2000/svg";
const nodes = [];
const detached = {};       // mount targets outside the document, by name (dom.detached_root)
function make(s) {
  let node;
  if (s.length === 2) node = document.createTextNode(s[1]);
  else {
    node = s[2] ? document.createElementNS(SVG_NS, s[1]) : document.createElement(s[1]);
    for (const name in s[3]) node.setAttribute(name, s[3][name]);
    if (s.length === 5) node.textContent = s[4];
    else for (const child of s[5]) node.appendChild(make(child));
  }
  nodes[s[0]] = node;
  return node;
}
function applyPatch(text) {
  const had = document.activeElement !== document.body ? document.activeElement : null;
  let root = document.body;
  for (const op of JSON.parse(text)) {
    const n = typeof op[1] === "number" ? nodes[op[1]] : null;
    switch (op[0]) {
      case "R": root = nodes[op[1]] = detached[op[2]] || document.getElementById(op[2]) || document.body; break;
      case "N": make(op[1]); break;
      case "I": n.insertBefore(nodes[op[2]], op[3] < 0 ? null : nodes[op[3]]); break;
      case "X": n.removeChild(nodes[op[2]]); break;
      case "A": n.setAttribute(op[2], op[3]); break;
      case "D": n.removeAttribute(op[2]); break;
      case "T": n.textContent = op[2]; break;
      case "S": n.data = op[2]; break;
      case "V": if (n.value !== op[2]) n.value = op[2]; break;
      case "P": n[op[2]] = op[3]; break;
      case "C": n.replaceChildren(...op[2].map((i) => nodes[i])); break;
      case "F": for (const i of op[1]) nodes[i] = undefined; break;
    }
  }
  const now = document.activeElement;
  if (had && (!now || now === document.body)) {
    let again = had.isConnected ? had : had.id && document.getElementById(had.id);
    const key = had.getAttribute("data-key");
    if (!again && key) again = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}
if (globalThis.document) {
  globalThis.clubtableApply = applyPatch;
  globalThis.clubtableDetached = (name, el) => { if (el) detached[name] = el; else delete detached[name]; };
}
