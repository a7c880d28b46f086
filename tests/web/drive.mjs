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
//   "call"           tap the lowest object ball the picture map shows, then the pocket it
//                    goes to with the thinnest cut from the cue ball (a finger's call)
//   "aim"            drag a finger along the called ball's line to the pocket, from well
//                    short of the ball to where the cue ball must meet it (the ghost ball)
//   "ruling"         (again) waits for a ruling other than the last one read
// A page with "phone": true opens as a phone: 390 x 844 CSS pixels ("landscape": true, 844 x
// 390), touch, mobile, at device scale "scale" (3 if not given). Chromium's device emulation
// reports a canvas's device pixels as CSS pixels at any scale but 1 (microsoft/playwright
// #18591), which no phone does: a phone's page runs in a browser started at that device scale
// (--force-device-scale-factor), the emulation only sizes the page and turns touch on, and
// fingers are CDP touch events. "emulated": true opens it through Playwright's emulation
// instead, as DevTools' device mode does (the page's guard against that report is tested).
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

const flags = [
  "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--no-first-run", "--disable-quic",
];
// A browser per device scale: 1 for the desktop's pages and emulated phones.
const browsers = new Map();
const browserAt = async (scale) => {
  if (!browsers.has(scale)) {
    browsers.set(scale, await chromium.launch({
      executablePath: process.env.TENBALL_CHROMIUM ?? "/usr/bin/chromium",
      headless: true,
      args: scale === 1 ? flags : [...flags, `--force-device-scale-factor=${scale}`],
    }));
  }
  return browsers.get(scale);
};
const results = { base, pages: [] };
try {
  for (const p of plan.pages) {
    results.pages.push(await visit(p));
  }
} finally {
  for (const b of browsers.values()) await b.close();
  server.close();
}
console.log(JSON.stringify(results));

async function visit(p) {
  const [w, h] = p.landscape ? [844, 390] : [390, 844];
  const scale = p.scale ?? 3;
  let page, cdp;
  if (!p.phone) {
    page = await (await browserAt(1)).newPage({ viewport: { width: 1280, height: 760 } });
  } else if (p.emulated) {
    page = await (await browserAt(1)).newPage({
      viewport: { width: w, height: h }, deviceScaleFactor: scale, isMobile: true,
      hasTouch: true });
    cdp = await page.context().newCDPSession(page);
  } else {
    page = await (await browserAt(scale)).newPage({ viewport: null });
    cdp = await page.context().newCDPSession(page);
    // Sized as the phone, the scale left as the browser's own (0: no override).
    await cdp.send("Emulation.setDeviceMetricsOverride",
      { width: w, height: h, deviceScaleFactor: 0, mobile: true });
    await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
  }
  const r = { name: p.name, console_errors: [], missing: [], steps: [], rulings: [] };
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
  const canvasBox = () => page.$eval("#tenball", (c) => {
    const b = c.getBoundingClientRect();
    return [b.left, b.top, b.width, b.height];
  });
  const pictureMap = async () => JSON.parse(await text("#tenball-map"));
  // The game's own frames (it draws on the page's animation frames).
  const frames = (n) => page.evaluate((k) => new Promise((ok) => {
    const next = (left) => (left ? requestAnimationFrame(() => next(left - 1)) : ok());
    next(k);
  }), n);
  // One finger: down at the first point (CSS pixels from the canvas's top left), moved through
  // the others, lifted at the last, a few frames at each so the game sees every one; one
  // point is a tap.
  const finger = async (points) => {
    const [cx, cy] = await canvasBox();
    const at = ([x, y]) => [{ x: cx + x, y: cy + y, id: 1 }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(points[0]) });
    if (points.length === 1) {
      // A tap: lifted at once, as a quick finger is (a press held past 0.8 s is no click).
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await frames(3);
      return;
    }
    await frames(3);
    for (const q of points.slice(1)) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(q) });
      await frames(2);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await frames(3);
  };
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
        const shown = async () => JSON.parse(await text("#tenball-controls"))[name];
        const rect = await shown();
        const canvas = await canvasBox();
        r.tapped = { name, rect, canvas, taps: 0 };
        // Shoot and Continue, which go once taken, are tapped again (at most twice more)
        // while they stay: under a software renderer a frame of a phone's screen takes
        // 1.5-3 s, and a tap whose down and up fall either side of a frame that long is a
        // long press to egui, as a finger held 3 s would be.
        do {
          await finger([[(rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2]]);
          r.tapped.taps += 1;
        } while (["shoot", "continue"].includes(name) && r.tapped.taps < 3
                 && (await shown()) && (await frames(4)) === undefined && (await shown()));
      } else if (verb === "call") {
        // The ball on (the lowest on the table) and the pocket it goes to with the thinnest
        // cut from where the cue ball is (on the screen, overhead).
        const map = await pictureMap();
        const [ball, at] = map.balls.filter(([n]) => n > 0).sort((a, b) => a[0] - b[0])[0];
        const cue = map.balls.find(([n]) => n === 0)[1];
        const cut = ([, q]) => {
          const [ax, ay] = [at[0] - cue[0], at[1] - cue[1]];
          const [bx, by] = [q[0] - at[0], q[1] - at[1]];
          return Math.acos((ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by)));
        };
        const [pocket, mouth] = [...map.pockets].sort((a, b) => cut(a) - cut(b))[0];
        await finger([at.map((v) => v / map.scale)]);
        await finger([mouth.map((v) => v / map.scale)]);
        r.called = { ball, pocket, at, mouth, scale: map.scale };
      } else if (verb === "aim") {
        if (!r.called) throw new Error("aim before call");
        const map = await pictureMap();
        const at = map.balls.find(([n]) => n === r.called.ball)[1];
        const { mouth } = r.called;
        const len = Math.hypot(at[0] - mouth[0], at[1] - mouth[1]);
        const dir = [(at[0] - mouth[0]) / len, (at[1] - mouth[1]) / len];
        const along = (k) => [at[0] + dir[0] * k * map.radius_px, at[1] + dir[1] * k * map.radius_px];
        const ghost = along(2);
        // From bare cloth behind the ghost ball (a press on a ball would call it).
        const clear = (q) => map.balls.every(([, b]) => Math.hypot(b[0] - q[0], b[1] - q[1])
          > 2.5 * map.radius_px);
        const from = [6, 8, 10, 4].map(along).find(clear) ?? along(6);
        const path = [0, 0.25, 0.5, 0.75, 1].map((t) =>
          [(from[0] + (ghost[0] - from[0]) * t) / map.scale,
           (from[1] + (ghost[1] - from[1]) * t) / map.scale]);
        await finger(path);
        r.aimed = { ghost, from };
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
          (last) => document.getElementById("tenball-rule").textContent !== "-"
            && document.getElementById("tenball-ruling").textContent !== last,
          r.ruling ?? null, { timeout, polling: 250 });
        r.rule = await text("#tenball-rule");
        r.ruling = await text("#tenball-ruling");
        r.ruling_ms = Date.now() - t0;
        r.rulings.push({ rule: r.rule, ruling: r.ruling });
      } else {
        throw new Error(`unknown step ${step}`);
      }
      r.steps.push(step);
    }
    r.controls = JSON.parse((await text("#tenball-controls")) || "{}");
  } catch (e) {
    r.error = String(e);
    r.status ??= await text("#tenball-status").catch(() => null);
    await page.screenshot({ path: join(out, `${p.name}-failed.png`) }).catch(() => {});
  }
  await page.close();
  return r;
}
