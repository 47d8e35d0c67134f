// Firefox ESR for the cross-engine browser tests (tests/engines/test_engines.py), driven by
// puppeteer-core over WebDriver BiDi: Debian's /usr/bin/firefox-esr, no browser download.
//
// A thin bridge: the pytest side (engines.py, FirefoxDriver) sends one JSON command a line on
// stdin, {id, cmd, args}, and reads one JSON answer a line on stdout, {id, ok, value | error}.
// The scenarios themselves live in Python, shared with WebKitGTK (Selenium).
import puppeteer from "puppeteer-core";
import { createInterface } from "node:readline";

const FIREFOX = process.env.PETTEIA_FIREFOX || "/usr/bin/firefox-esr";

let browser = null;
let context = null; // one browser context (a fresh profile's storage) per scenario
let page = null;
let errors = [];

async function newPage({ width = 1280, height = 900 } = {}) {
  if (context) await context.close().catch(() => {});
  context = await browser.createBrowserContext();
  page = await context.newPage();
  errors = [];
  page.on("pageerror", (e) => errors.push(String(e && e.message ? e.message : e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.setViewport({ width, height });
  return true;
}

const commands = {
  async launch() {
    browser = await puppeteer.launch({
      browser: "firefox",
      protocol: "webDriverBiDi",
      executablePath: FIREFOX,
      headless: true,
    });
    return await browser.version();
  },
  newPage,
  async goto({ url }) {
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    return true;
  },
  async reload() {
    await page.reload({ waitUntil: "load", timeout: 60_000 });
    return true;
  },
  // `source`: a JavaScript function's source, called with `args` in the page; promises are awaited.
  async evaluate({ source, args }) {
    return await page.evaluate(`(${source})(...${JSON.stringify(args || [])})`);
  },
  async initScript({ source }) {
    await page.evaluateOnNewDocument(source);
    return true;
  },
  async click({ x, y }) {
    await page.mouse.click(x, y);
    return true;
  },
  async select({ selector, value }) {
    return await page.select(selector, value);
  },
  async screenshot({ path }) {
    await page.screenshot({ path });
    return path;
  },
  async errors() {
    return errors;
  },
  async close() {
    if (browser) await browser.close();
    browser = null;
    return true;
  },
};

const out = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
const lines = createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on("line", (line) => {
  queue = queue.then(async () => {
    let msg;
    try {
      msg = JSON.parse(line);
      const value = await commands[msg.cmd](msg.args || {});
      out({ id: msg.id, ok: true, value: value === undefined ? null : value });
    } catch (e) {
      out({ id: msg && msg.id, ok: false, error: String(e && e.stack ? e.stack : e) });
    }
  });
});
lines.on("close", async () => {
  await queue;
  if (browser) await browser.close().catch(() => {});
  process.exit(0);
});
