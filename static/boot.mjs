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

// After a restore every tab would draw the same `random` numbers until reseeded; `secrets`
// and os.urandom already read the browser's crypto source.  random.seed() reads it too.
// Then: is the standard library there?  (Pyodide only logs one it could not fetch.)
const RESTORED = "import os, random, sys\nrandom.seed()\nany(p.endswith('.zip') and os.path.exists(p) for p in sys.path)";

// Asked for as soon as PyScript imports this module, before it opens its package storage and
// calls loadPyodide: the download overlaps that work.
const OFF = new URLSearchParams(globalThis.location?.search).has("nosnapshot");
const SNAPSHOT = OFF ? null : fetch(SNAPSHOT_URL).then((response) => {
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  return response.arrayBuffer();
});
SNAPSHOT?.catch(() => {});   // reported by loadPyodide, not as an unhandled rejection

function mark(mode, detail) {
  // Read by the tests and the boot benchmark: "snapshot", "fresh" or "fresh:<why>".
  const root = globalThis.document?.documentElement;   // absent in a worker
  if (root) root.dataset.pythonBoot = detail ? `${mode}:${detail}` : mode;
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  if (SNAPSHOT) {
    try {
      const pyodide = await startPyodide({ ...settings, _loadSnapshot: SNAPSHOT, stdLibURL: REST_URL });
      if (!pyodide.runPython(RESTORED)) throw new Error("snapshot: no standard library");
      mark("snapshot");
      return pyodide;
    } catch (error) {
      console.info("Python starts without its snapshot:", String(error?.message || error).split("\n")[0]);
      mark("fresh", /HTTP 404/.test(String(error)) ? "missing" : "rejected");
    }
  } else {
    mark("fresh", "off");
  }
  return startPyodide(settings);
}

// The DOM layer (py/clubtable/ui/dom.py) builds a new subtree in one call instead of one per
// element and attribute: each call from Python to the page costs far more than the work.
// `spec` is JSON: a text node is a string; an element is [tag, svg, {attribute: value}, text]
// or [tag, svg, {attribute: value}, null, [children]].  Texts become text nodes and
// attributes are set one by one, so nothing is ever parsed as markup.  Returns every node
// made, in document order (the element itself first).
const SVG_NS = "http://www.w3.org/2000/svg";
function buildTree(spec) {
  const made = [];
  const make = (s) => {
    if (typeof s === "string") {
      const text = document.createTextNode(s);
      made.push(text);
      return text;
    }
    const el = s[1] ? document.createElementNS(SVG_NS, s[0]) : document.createElement(s[0]);
    made.push(el);
    for (const name in s[2]) el.setAttribute(name, s[2][name]);
    if (s.length === 4) el.textContent = s[3];
    else for (const child of s[4]) el.appendChild(make(child));
    return el;
  };
  make(JSON.parse(spec));
  return made;
}
if (globalThis.document) globalThis.clubtableBuild = buildTree;
