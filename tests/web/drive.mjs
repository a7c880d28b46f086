// Drives the web build in Debian's headless Chromium on its software renderer (SwiftShader),
// for tests/web_build.rs: `node drive.mjs SITE OUT PLAN.json`. It serves SITE on a free
// localhost port, opens each page of the plan, does its steps, and prints one JSON object:
// per page, what it read (status times, the ruling and its rule, the picture map, console
// errors) and the screenshots it wrote into OUT. Steps:
//   "ready"          wait until the game says #tenball-status is `ready` (not a fixed sleep)
//   "shot NAME"      save a screenshot of the page as OUT/NAME.png and its map as OUT/NAME.json
//   "key CODE"       tap a key on the game's canvas (e.g. Space, Period)
//   "ruling"         wait until #tenball-rule shows a rule number
//   "status WORD"    wait until #tenball-status is WORD (the quiz's `asking`, `graded`)
//   "load FILE"      give FILE to the page's Load button; wait for the page it opens
//   "refused FILE"   give FILE to Load; wait for the page's problem, kept as `refused`
//   "checked"        wait until the library check (?check=library) is done; its report is read
//   "stored KEY"     wait until the page's local storage holds KEY; its text is read
//   "tap NAME"       wait until the game shows the control NAME (#tenball-controls: "shoot",
//                    "continue", "next step"), and tap its middle with a finger
// A page with "phone": true opens as a phone in Chromium's emulation: 390 x 844 CSS pixels,
// touch, mobile (at device scale 1: at 3 the game lays itself out for a third of the width,
// issue 62, open).
import { createServer } from "node:http";
import { readFile, writeFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

const [site, out, planFile] = process.argv.slice(2);
if (!site || !out || !planFile) {
  console.error("usage: node drive.mjs SITE OUT PLAN.json");
  process.exit(2);
}
const plan = JSON.parse(await readFile(planFile, "utf8"));
const timeout = (plan.timeout_s ?? 300) * 1000;

const types = {
  ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm",
  ".json": "application/json", ".png": "image/png",
};
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
  const file = join(site, path.endsWith("/") ? path + "index.html" : path);
  try {
    const body = await readFile(file);
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.TENBALL_CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-quic",
  ],
});
const results = { base, pages: [] };
try {
  for (const p of plan.pages) {
    results.pages.push(await visit(p));
  }
} finally {
  await browser.close();
  server.close();
}
console.log(JSON.stringify(results));

async function visit(p) {
  const page = await browser.newPage(p.phone
    ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true,
        hasTouch: true }
    : { viewport: { width: 1280, height: 760 } });
  const r = { name: p.name, console_errors: [], missing: [], steps: [] };
  page.on("response", (res) => {
    if (res.status() >= 400) r.missing.push(`${res.status()} ${res.url()}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") r.console_errors.push(m.text());
  });
  page.on("pageerror", (e) => r.console_errors.push(String(e)));
  // Every text the status shows, in order (the download's progress, then ready).
  await page.addInitScript(() => {
    window.__statuses = [];
    const watch = () => {
      const el = document.getElementById("tenball-status");
      if (!el) return;
      const note = () => {
        const t = el.textContent;
        if (window.__statuses[window.__statuses.length - 1] !== t) window.__statuses.push(t);
      };
      note();
      new MutationObserver(note).observe(el, { childList: true, characterData: true, subtree: true });
    };
    document.addEventListener("DOMContentLoaded", watch);
  });
  const t0 = Date.now();
  await page.goto(base + (p.query ?? ""));
  const text = (id) => page.$eval(id, (e) => e.textContent);
  try {
    for (const step of p.steps) {
      const [verb, arg] = step.split(" ");
      if (verb === "ready") {
        await page.waitForFunction(
          () => ["ready", "problem", "no WebGL2"].includes(
            document.getElementById("tenball-status").textContent),
          null, { timeout, polling: 250 });
        r.status = await text("#tenball-status");
        r.ready_ms = Date.now() - t0;
        r.problem = await text("#tenball-problem");
        r.statuses = await page.evaluate(() => window.__statuses);
        if (r.status !== "ready") throw new Error(`status ${r.status}: ${r.problem}`);
      } else if (verb === "load") {
        await Promise.all([
          page.waitForURL(/[?]table=/, { timeout }),
          page.setInputFiles("#load-file", arg),
        ]);
        r.loaded_url = page.url();
      } else if (verb === "refused") {
        await page.setInputFiles("#load-file", arg);
        await page.waitForFunction(
          () => document.getElementById("tenball-problem").textContent !== "",
          null, { timeout, polling: 250 });
        r.refused = await text("#tenball-problem");
      } else if (verb === "checked") {
        await page.waitForFunction(
          () => document.getElementById("tenball-status").textContent === "checked",
          null, { timeout, polling: 250 });
        r.report = JSON.parse(await text("#tenball-map"));
        r.checked_ms = Date.now() - t0;
      } else if (verb === "stored") {
        await page.waitForFunction(
          (k) => window.localStorage.getItem(k) !== null,
          arg, { timeout, polling: 250 });
        r.stored = await page.evaluate((k) => window.localStorage.getItem(k), arg);
      } else if (verb === "tap") {
        const name = step.slice("tap ".length);
        await page.waitForFunction(
          (n) => (JSON.parse(document.getElementById("tenball-controls").textContent || "{}"))[n],
          name, { timeout, polling: 250 });
        const rect = JSON.parse(await text("#tenball-controls"))[name];
        const canvas = await page.$eval("#tenball", (c) => {
          const b = c.getBoundingClientRect();
          return [b.left, b.top, b.width, b.height];
        });
        r.tapped = { name, rect, canvas };
        await page.touchscreen.tap(canvas[0] + (rect[0] + rect[2]) / 2,
                                   canvas[1] + (rect[1] + rect[3]) / 2);
      } else if (verb === "shot") {
        await page.screenshot({ path: join(out, `${arg}.png`) });
        await writeFile(join(out, `${arg}.json`), await text("#tenball-map"));
      } else if (verb === "key") {
        await page.focus("#tenball");
        // Down and up at once: a tap (a press held over frames charges the power).
        await page.keyboard.press(arg);
      } else if (verb === "status") {
        await page.waitForFunction(
          (w) => document.getElementById("tenball-status").textContent === w,
          arg, { timeout, polling: 250 });
      } else if (verb === "ruling") {
        await page.waitForFunction(
          () => document.getElementById("tenball-rule").textContent !== "-",
          null, { timeout, polling: 250 });
        r.rule = await text("#tenball-rule");
        r.ruling = await text("#tenball-ruling");
        r.ruling_ms = Date.now() - t0;
      } else {
        throw new Error(`unknown step ${step}`);
      }
      r.steps.push(step);
    }
  } catch (e) {
    r.error = String(e);
    r.status ??= await text("#tenball-status").catch(() => null);
    await page.screenshot({ path: join(out, `${p.name}-failed.png`) }).catch(() => {});
  }
  await page.close();
  return r;
}
