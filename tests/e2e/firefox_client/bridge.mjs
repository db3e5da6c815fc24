// Test-only (never in dist/): drives Debian's firefox-esr with puppeteer-core over WebDriver
// BiDi for tests/e2e/firefox.py, which gives the Python e2e drivers the few Playwright page
// methods they use.  One JSON request a line on stdin, one JSON answer a line on stdout
// ({"id", "ok", "value" | "error"}); page and console errors come as {"event": "error"} lines.
//
//   node bridge.mjs <firefox executable> <prefs as JSON>
//
// puppeteer-core makes a fresh temporary profile, writes the prefs into its user.js, starts
// Firefox headless with --remote-debugging-port, and deletes the profile when it closes.
import puppeteer from 'puppeteer-core';
import readline from 'node:readline';

const [, , executablePath, prefs] = process.argv;
const send = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');

// In the page: the elements a chain of [selector, nth] steps names, in document order.  A
// selector is CSS, or Playwright's "text=..." (the innermost elements whose text holds it,
// case and runs of white space ignored); nth picks one match (-1: the last) before the next step.
function resolve(steps) {
  const norm = (s) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  let roots = [document];
  for (const [selector, nth] of steps) {
    let found = [];
    for (const root of roots) {
      if (selector.startsWith('text=')) {
        const want = norm(selector.slice(5).replace(/^"(.*)"$/, '$1'));
        const all = [...root.querySelectorAll('*')].filter((el) => norm(el.textContent).includes(want));
        found.push(...all.filter((el) => !all.some((other) => other !== el && el.contains(other))));
      } else {
        found.push(...root.querySelectorAll(selector));
      }
    }
    found = [...new Set(found)];
    if (nth !== null && nth !== undefined) {
      const el = found.at(nth);
      found = el ? [el] : [];
    }
    roots = found;
  }
  return roots;
}
const RESOLVE = resolve.toString();

// An element a player could act on: laid out, not hidden, not disabled and, to be clicked,
// not covered (as Playwright waits).
function usable(el, state) {
  if (!el) return state === 'hidden' || state === 'detached';
  if (state === 'attached') return true;
  if (state === 'detached') return false;
  const style = getComputedStyle(el);
  const visible = el.getClientRects().length > 0 && style.visibility !== 'hidden';
  if (state === 'hidden') return !visible;
  if (state === 'visible') return visible;
  if (!visible || el.disabled) return false;
  if (state === 'enabled') return true;
  // 'clickable': and nothing over its middle (a toast, say), where the click will land
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !!hit && (el === hit || el.contains(hit) || (el.labels && [...el.labels].some((l) => l.contains(hit))));
}

const browser = await puppeteer.launch({
  browser: 'firefox', executablePath, headless: true, extraPrefsFirefox: JSON.parse(prefs),
  protocolTimeout: 120_000,
});
const pages = new Map();
const contexts = new Map();
let nextId = 1;

async function open(context, viewport) {
  // a window of its own: a background tab gets no animation frames and throttled timers,
  // as two windows side by side on a desk do not
  const page = await contexts.get(context).newPage({type: 'window'});
  const id = nextId++;
  pages.set(id, page);
  page.on('console', (msg) => {
    if (msg.type() === 'error') send({event: 'error', text: `console.error on ${page.url()}: ${msg.text()}`});
  });
  page.on('pageerror', (err) => send({event: 'error', text: `pageerror on ${page.url()}: ${err}`}));
  if (viewport) await page.setViewport(viewport);
  return id;
}

// Waits until the first element the steps name is in ``state``; returns its handle (or null).
async function waitFor(page, steps, state, timeout) {
  const end = Date.now() + timeout;
  for (;;) {
    const handle = await page.evaluateHandle(
      `(() => { const el = (${RESOLVE})(${JSON.stringify(steps)})[0];
                return (${usable.toString()})(el, ${JSON.stringify(state)}) ? (el || null) : undefined; })()`);
    const ok = await handle.evaluate((v) => v !== undefined);
    if (ok) return handle.asElement();
    await handle.dispose();
    if (Date.now() > end) throw new Error(`timeout ${timeout} ms: ${JSON.stringify(steps)} not ${state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Calls a function given as source text on the resolved elements (all, or the first).
function onElements(steps, fn, arg, all) {
  return `(() => { const els = (${RESOLVE})(${JSON.stringify(steps)});
                   if (!${all} && !els.length) throw new Error('no element for ' + ${JSON.stringify(JSON.stringify(steps))});
                   return (${fn})(${all} ? els : els[0], ${JSON.stringify(arg ?? null)}); })()`;
}

// Playwright's page.evaluate takes a function's source (called with the argument) or an expression.
function callable(fn, arg) {
  const isFunction = /^\s*(async\s+)?(function\b|\([^)]*\)\s*=>|[\w$]+\s*=>)/.test(fn);
  return isFunction ? `(${fn})(${JSON.stringify(arg ?? null)})` : fn;
}

const ops = {
  // a browser context: storage, BroadcastChannel and service workers of its own, as a
  // Playwright context (a test's pages never meet another test's)
  async context() {
    const id = nextId++;
    contexts.set(id, await browser.createBrowserContext());
    return id;
  },
  async close_context({context}) {
    await contexts.get(context).close();
    contexts.delete(context);
  },
  async open({context, viewport}) { return open(context, viewport); },
  async close({page}) {
    await page.close();
    for (const [id, p] of pages) if (p === page) pages.delete(id);
  },
  async goto({page, url}) { await page.goto(url); },
  async reload({page}) { await page.reload(); },
  // run in every document this page loads, before the page's own scripts
  async preload({page, source}) { await page.evaluateOnNewDocument(source); },
  async front({page}) { await page.bringToFront(); },
  async viewport({page, width, height}) { await page.setViewport({width, height}); },
  async screenshot({page, path, full}) { await page.screenshot({path, fullPage: !!full}); },
  async evaluate({page, fn, arg}) { return page.evaluate(callable(fn, arg)); },
  async press({page, key}) { await page.keyboard.press(key); },
  async type({page, text}) { await page.keyboard.type(text); },
  async count({page, steps}) { return page.evaluate(`(${RESOLVE})(${JSON.stringify(steps)}).length`); },
  async eval_on({page, steps, fn, arg, all}) { return page.evaluate(onElements(steps, fn, arg, all)); },
  async wait({page, steps, state, timeout}) {
    const el = await waitFor(page, steps, state, timeout);
    if (el) await el.dispose();
  },
  async act({page, steps, action, value, timeout}) {
    const state = {focus: 'attached', click: 'clickable', check: 'clickable', uncheck: 'clickable'}[action];
    const el = await waitFor(page, steps, state || 'enabled', timeout);
    try {
      if (action === 'click') {
        await el.click();
      } else if (action === 'focus') {
        await el.focus();
      } else if (action === 'fill') {
        // as Playwright's fill: the field's text replaced at once, with one input event
        await el.evaluate((e, text) => {
          e.focus();
          e.select();
          if (!document.execCommand('insertText', false, text)) {
            e.value = text;
            e.dispatchEvent(new Event('input', {bubbles: true}));
          }
        }, String(value));
      } else if (action === 'select') {
        await el.select(...value);
      } else if (action === 'check' || action === 'uncheck') {
        if (await el.evaluate((e) => e.checked) !== (action === 'check')) await el.click();
      } else {
        throw new Error(`unknown action ${action}`);
      }
    } finally {
      await el.dispose();
    }
  },
};

const lines = readline.createInterface({input: process.stdin});
lines.on('line', async (line) => {
  const {id, op, page, ...args} = JSON.parse(line);
  if (op === 'quit') {
    await browser.close();
    send({id, ok: true, value: null});
    process.exit(0);
  }
  try {
    const value = await ops[op]({...args, page: page === undefined ? undefined : pages.get(page)});
    send({id, ok: true, value: value ?? null});
  } catch (err) {
    send({id, ok: false, error: String(err && err.stack || err)});
  }
});
lines.on('close', async () => { await browser.close(); process.exit(0); });
send({event: 'ready', version: await browser.version()});
