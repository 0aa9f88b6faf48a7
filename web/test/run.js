#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// make test-web: the web page in Debian's chromium, headless, driven by puppeteer-core (no browser
// download). Each case says ok or FAIL with its reason; screenshots of each go to --out. Usage:
//   node web/test/run.js --web build-web/bin --studio build/bin/dominoes-studio --out build-web/test-web [--only NAME]
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');
const { execFileSync } = require('child_process');
const puppeteer = require('puppeteer-core');

const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf('--' + name);
  return i >= 0 ? argv[i + 1] : def;
};
const REPO = path.resolve(__dirname, '..', '..');
const WEB = path.resolve(opt('web', path.join(REPO, 'build-web/bin')));
const STUDIO = path.resolve(opt('studio', path.join(REPO, 'build/bin/dominoes-studio')));
const OUT = path.resolve(opt('out', path.join(REPO, 'build-web/test-web')));
const ONLY = opt('only', '');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
fs.mkdirSync(OUT, { recursive: true });

// Chromium's own messages, not the page's: its GL driver's notes on screenshots' ReadPixels.
const NOT_OURS = [/GPU stall due to ReadPixels/, /GL Driver Message/, /favicon\.ico/];

// The server: the page's folder at /, the repository's tests and the run's own files at /tests and /out.
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json',
                '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml' };
// While true, the server is "down": every connection is dropped at once (the offline test).
let serverDown = false;
function serve() {
  const server = http.createServer((req, res) => {
    if (serverDown) {
      req.socket.destroy();
      return;
    }
    const u = new URL(req.url, 'http://localhost');
    const rel = decodeURIComponent(u.pathname);
    let file;
    if (rel.startsWith('/tests/')) file = path.join(REPO, rel);
    else if (rel.startsWith('/out/')) file = path.join(OUT, rel.slice(5));
    else file = path.join(WEB, rel === '/' ? 'index.html' : rel);
    if (!file.startsWith(REPO) && !file.startsWith(WEB) && !file.startsWith(OUT)) file = '/nonexistent';
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404);
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let browser, base;
const results = [];
async function newPage({ width = 1280, height = 800, dpr = 1, touch = false } = {}) {
  const page = await browser.newPage();
  await page.setViewport({ width, height, deviceScaleFactor: dpr, isMobile: touch, hasTouch: touch });
  page.messages = [];
  page.on('console', (m) => page.messages.push({ type: m.type(), text: m.text() }));
  page.on('pageerror', (e) => page.messages.push({ type: 'error', text: 'pageerror: ' + e.message }));
  return page;
}
function ourProblems(page) {
  return page.messages.filter((m) => (m.type === 'error' || m.type === 'warn' || m.type === 'warning') &&
                                     !NOT_OURS.some((re) => re.test(m.text)));
}
async function waitFor(page, fn, what, ms = 120000, arg = undefined) {
  try {
    await page.waitForFunction(fn, { timeout: ms, polling: 100 }, arg);
  } catch (e) {
    const failed = await page.evaluate(() => window.dominoesFailed).catch(() => null);
    throw new Error(`${what} did not happen in ${ms / 1000} s${failed ? ': ' + failed : ''}`);
  }
}
async function readFile(page, p) {
  return page.evaluate((p) => {
    try { return new TextDecoder().decode(Module.FS.readFile(p)); } catch (e) { return null; }
  }, p);
}
// The studio's own --screenshot (the last frame, read from the page's files): the canvas itself is
// cleared once the run has ended.
async function saveShot(page, name) {
  const b64 = await page.evaluate(() => {
    try {
      const b = Module.FS.readFile('/tmp/shot.png');
      let s = '';
      for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode.apply(null, b.subarray(i, i + 0x8000));
      return btoa(s);
    } catch (e) { return null; }
  });
  if (b64) fs.writeFileSync(path.join(OUT, `web-${name}.png`), Buffer.from(b64, 'base64'));
}
async function check(name, fn) {
  if (ONLY && !name.includes(ONLY)) return;
  const t0 = Date.now();
  try {
    const note = await fn();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)${note ? ': ' + note : ''}`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}: ${e.message}`);
  }
}
function assert(cond, what) {
  if (!cond) throw new Error(what);
}

// A studio script as both builds run it: the test folder's paths are relative, from the repository's
// root on the desktop and from "/" in the page (where the data package and /tests are).
function scriptText(name) {
  return fs.readFileSync(path.join(REPO, 'tests/studio/scripts', name + '.txt'), 'utf8').replace(/@STUDIO_TEST_DIR@/g, 'tests/studio');
}
// The files a script opens from tests/studio, for the page's --file list.
function testFiles(text) {
  return [...new Set(text.match(/tests\/studio\/[A-Za-z0-9_.-]+\.dgn/g) || [])];
}
// The dump without what may differ between runs and builds: times, the frame's counts and pixels.
function normalise(json) {
  const drop = /^(ms|elapsed|frames?|fps|startupMs|thinkMs|generation|renderer|platform|logLines|pointer|tooltips|controls|scrollY)$/;
  const walk = (v) => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out = {};
      for (const k of Object.keys(v).sort()) if (!drop.test(k)) out[k] = walk(v[k]);
      return out;
    }
    return v;
  };
  return walk(JSON.parse(json));
}
function firstDifference(a, b, where = '') {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], where + '/' + k);
      if (d) return d;
    }
  }
  return `${where || '/'}: desktop ${JSON.stringify(a)?.slice(0, 120)}, web ${JSON.stringify(b)?.slice(0, 120)}`;
}

function desktopRun(name, text, extra = []) {
  const dir = path.join(OUT, 'desktop-' + name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const d of ['tests', 'lessons', 'puzzles', 'scenarios']) fs.symlinkSync(path.join(REPO, d), path.join(dir, d));
  fs.writeFileSync(path.join(dir, 'script.txt'), text);
  try {
    execFileSync('sh', [path.join(REPO, 'tests/xvfb.sh'), 'env', 'LIBGL_ALWAYS_SOFTWARE=1', STUDIO, '--no-ini', '--seed', '7',
                        '--frames', '2000', '--script', 'script.txt', '--dump-state', 'dump.json', ...extra],
                 { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, XVFB_SCREEN: '1280x800x24' } });
  } catch (e) {
    throw new Error(`the desktop studio failed the script (exit ${e.status}): ${String(e.stderr).slice(-400)}`);
  }
  return dir;
}

async function webRun(name, text, { query = '', viewport } = {}) {
  fs.writeFileSync(path.join(OUT, name + '.script'), text);
  const files = testFiles(text).map((f) => '&file=/' + f).join('');
  const page = await newPage(viewport);
  await page.goto(`${base}/?no-ini&seed=7&frames=2000&script=/out/${name}.script&dump-state=/tmp/dump.json&screenshot=/tmp/shot.png${files}${query}`);
  await waitFor(page, () => window.dominoesExit !== undefined || window.dominoesFailed, `${name}: the script's end`);
  const exit = await page.evaluate(() => window.dominoesExit);
  await saveShot(page, name);
  return { page, exit };
}

async function scriptCase(name, what) {
  await check(`script ${name}: ${what}, its dump as the desktop's`, async () => {
    const text = scriptText(name);
    const dir = desktopRun(name, text);
    const { page, exit } = await webRun(name, text);
    fs.writeFileSync(path.join(dir, 'web-console.txt'), page.messages.map((m) => m.type + ' ' + m.text).join('\n'));
    const errors = page.messages.filter((m) => /check failed|FAIL|\[error\]/.test(m.text)).map((m) => m.text);
    assert(exit === 0, `the page's run ended with ${exit}: ${errors.slice(0, 3).join(' | ')}`);
    const web = await readFile(page, '/tmp/dump.json');
    assert(web, 'the page wrote no dump');
    fs.writeFileSync(path.join(dir, 'web-dump.json'), web);
    const d = firstDifference(normalise(fs.readFileSync(path.join(dir, 'dump.json'), 'utf8')), normalise(web));
    assert(!d, 'the dumps differ at ' + d);
    const problems = ourProblems(page);
    assert(problems.length === 0, 'console: ' + problems.map((m) => m.text).slice(0, 3).join(' | '));
    await page.close();
  });
}

// A short run of the page opened at `hash` (and `query`), its state dumped after a few frames.
async function dumpAfter(name, { hash = '', query = '&no-ini', script = 'wait 10', viewport, languages } = {}) {
  fs.writeFileSync(path.join(OUT, name + '.script'), script + '\n');
  const page = await newPage(viewport);
  if (languages)
    await page.evaluateOnNewDocument((l) => Object.defineProperty(navigator, 'languages', { get: () => l }), languages);
  await page.goto(`${base}/?seed=7&frames=400&script=/out/${name}.script&dump-state=/tmp/dump.json&screenshot=/tmp/shot.png${query}${hash}`);
  await waitFor(page, () => window.dominoesExit !== undefined || window.dominoesFailed, `${name}: the run's end`);
  await saveShot(page, name);
  const text = await readFile(page, '/tmp/dump.json');
  assert(text, 'the page wrote no dump');
  return { page, dump: JSON.parse(text), exit: await page.evaluate(() => window.dominoesExit) };
}

// The UI's language comes from the browser's first language (Emscripten's LANG) when no setting
// chose one.
async function languageCase() {
  await check("the browser's language chooses the studio's", async () => {
    const { page, dump } = await dumpAfter('language', { languages: ['fr-FR', 'fr', 'en'] });
    await page.close();
    assert(dump.language === 'fr', `the studio chose '${dump.language}'`);
  });
}

async function linkCases() {
  const zlib = require('zlib');
  const record = fs.readFileSync(path.join(REPO, 'tests/studio/game.dgn'));
  const packed = zlib.deflateRawSync(record).toString('base64url');
  const cases = [
    ['lesson=5', (d) => d.learn.lesson === '05_choosing_the_end.dgn', 'lesson 5 on'],
    ['puzzle=en-linea/17', (d) => d.puzzle.number === 17, 'puzzle 17 of the en-linea book'],
    ['scenario=tip_count_the_tiles', (d) => d.fileName === 'tip_count_the_tiles.dgn', 'the scenario open'],
    ['dgn=' + packed, (d) => d.title === 'A short game with draws', "the link's own record open"],
    ['lesson=99', (d) => /opens nothing/.test(d.statusLine || d.status || ''), 'a message that it opens nothing'],
  ];
  for (const [hash, ok, what] of cases) {
    const short = hash.length > 30 ? hash.slice(0, 30) + '…' : hash;
    await check(`the link #${short} opens ${what}`, async () => {
      const { page, dump, exit } = await dumpAfter('link-' + hash.split('=')[0], { hash: '#' + hash });
      assert(exit === 0, `the run ended with ${exit}`);
      assert(ok(dump), 'the dump says otherwise: ' + JSON.stringify({ learn: dump.learn?.lesson, puzzle: dump.puzzle?.number,
                                                                      file: dump.fileName, title: dump.title, status: dump.statusLine }));
      await page.close();
    });
  }
}

// The learner's progress (stars, the puzzle rating) and the settings live in IndexedDB: a second
// visit finds them.
async function progressCase() {
  await check('progress survives a reload (IndexedDB)', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    fs.writeFileSync(path.join(OUT, 'progress1.script'),
                     'puzzle puzzles/sample.dgn 1\nwait 2\nplay 1-1 L\nwait-judging\nwait 2\ncheck /puzzle/solved true\n');
    await page.goto(`${base}/?seed=7&frames=400&script=/out/progress1.script`);
    await waitFor(page, () => window.dominoesExit !== undefined, 'the first visit');
    assert((await page.evaluate(() => window.dominoesExit)) === 0, 'the first visit failed its checks');
    await new Promise((r) => setTimeout(r, 1500));  // IndexedDB is written after the settings' save
    fs.writeFileSync(path.join(OUT, 'progress2.script'), 'open puzzles\nwait 3\n');
    await page.goto(`${base}/?seed=7&frames=400&script=/out/progress2.script&dump-state=/tmp/dump.json`);
    await waitFor(page, () => window.dominoesExit !== undefined, 'the second visit');
    const dump = JSON.parse(await readFile(page, '/tmp/dump.json'));
    const learner = dump.puzzlesPane?.learner || '';
    await context.close();
    assert(/rating/i.test(learner) && !/none yet/.test(learner), 'the second visit has no rating: ' + learner);
    return learner;
  });
}

// Save is a download, byte for byte what the desktop writes.
async function saveCase() {
  await check('a save is a download equal to the desktop\'s file', async () => {
    const text = scriptText('save');
    const dir = desktopRun('save', text);
    const downloads = path.join(OUT, 'downloads');
    fs.rmSync(downloads, { recursive: true, force: true });
    fs.mkdirSync(downloads, { recursive: true });
    const page = await newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    fs.writeFileSync(path.join(OUT, 'save.script'), text);
    const files = testFiles(text).map((f) => '&file=/' + f).join('');
    await page.goto(`${base}/?no-ini&seed=7&frames=2000&script=/out/save.script${files}`);
    await waitFor(page, () => window.dominoesExit !== undefined, 'the save script');
    const got = path.join(downloads, 'saved.dgn');
    for (let i = 0; i < 50 && !fs.existsSync(got); ++i) await new Promise((r) => setTimeout(r, 100));
    assert(fs.existsSync(got), 'no download came');
    assert(fs.readFileSync(got).equals(fs.readFileSync(path.join(dir, 'saved.dgn'))), 'the download differs from the desktop\'s saved.dgn');
    await page.close();
  });
}

// The phone cases' conversation with a page whose script dumps its state, then waits for the test:
// step i's dump is /tmp/PREFIXi.json, and the script goes on when /tmp/GOi exists. stepScript writes
// those lines; stepper reads a dump, says go, and taps a rect of a dump (window pixels: {x, y, w, h}
// or [x, y, w, h], at its centre) or a point of it, converted to the page's CSS pixels.
function stepScript(prefix, goPrefix, steps, frames) {
  let text = '';
  for (let i = 1; i <= steps; ++i) text += `dump /tmp/${prefix}${i}.json\nwait-file /tmp/${goPrefix}${i}\nwait ${frames}\n`;
  return text;
}
async function stepper(page, prefix, goPrefix) {
  const canvas = await page.evaluate(() => {
    const r = document.querySelector('canvas').getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width };
  });
  const tapAt = async (d, x, y) => {
    const k = canvas.w / d.layout.width;
    await page.touchscreen.tap(canvas.x + x * k, canvas.y + y * k);
  };
  return {
    canvas,
    dumpOf: async (i) => {
      await waitFor(page, (p) => { try { Module.FS.stat(p); return true; } catch (e) { return false; } }, `dump ${i}`, 120000, `/tmp/${prefix}${i}.json`);
      return JSON.parse(await readFile(page, `/tmp/${prefix}${i}.json`));
    },
    go: (i) => page.evaluate((p) => Module.FS.writeFile(p, 'go'), `/tmp/${goPrefix}${i}`),
    tapAt,
    tap: (d, r) => {
      const [x, y, w, h] = Array.isArray(r) ? r : [r.x, r.y, r.w, r.h];
      return tapAt(d, x + w / 2, y + h / 2);
    },
  };
}

// A phone held upright (390x844 CSS pixels, pixel ratio 3, touch): the compact layout, and a game
// against the computer played by touch alone, through Chromium's touch events
// (Input.dispatchTouchEvent): a tap on a tile of the hand selects it, a tap on its ghost plays it, a
// tap on a tab of the sheet brings its pane to the front. The page's script dumps the state, then
// waits (wait-file) for the test's taps before it dumps again.
async function touchCase() {
  await check('touch at a phone\'s size: a tile tapped, then its ghost, plays it; a tab tapped shows its pane', async () => {
    const steps = 4;
    const script = 'wait 150\n' + stepScript('t', 'go', steps, 20) + 'screenshot /tmp/shot.png\nwait 2\nquit\n';
    fs.writeFileSync(path.join(OUT, 'touch.script'), script);
    const page = await newPage({ width: 390, height: 844, dpr: 3, touch: true });
    await page.goto(`${base}/?seed=7&script=/out/touch.script`);
    const { canvas, dumpOf, go, tap } = await stepper(page, 't', 'go');
    let d = await dumpOf(1);
    const k = canvas.w / d.layout.width;
    assert(d.layout.compact === true, `not the compact layout (window ${d.layout.width}x${d.layout.height})`);
    // Issue 53 #5: a touch screen (the page's pointer is coarse) gets words for fingers.
    assert(d.touchWords === true, 'the page did not ask for touch words on a touch screen');
    assert(!/Click|\(or Tab/.test(d.statusLine), `the status line names a click or a key: "${d.statusLine}"`);
    assert(d.layout.overlaps.length === 0, 'panes overlap: ' + d.layout.overlaps.join(', '));
    assert(d.layout.outside.length === 0, 'panes outside the window: ' + d.layout.outside.join(', '));
    const human = d.hands.A.rects.length ? 'A' : 'B';
    const rects = d.hands[human].rects;
    assert(rects.length > 0, 'no face-up hand to tap');
    const shortest = Math.min(...rects.map((r) => Math.min(r.w, r.h) * k));
    assert(shortest >= 40 - 0.5, `a tile of the hand is ${shortest.toFixed(1)} CSS pixels high, under 40`);
    assert(d.turn === human, `it is ${d.turn}'s turn, not the human's (${human})`);
    const move = d.legal.find((m) => /^\d-\d/.test(m));
    assert(move, 'no tile to play among ' + JSON.stringify(d.legal));
    const tile = move.split(' ')[0];
    const target = rects.find((r) => r.tile === tile || r.tile === tile.split('-').reverse().join('-'));
    assert(target, `the tile ${tile} is not drawn in the hand`);
    await tap(d, target);
    await go(1);
    d = await dumpOf(2);
    assert(d.selected && (d.selected === target.tile || d.selected === tile), `the tap selected ${d.selected}, not ${tile}`);
    // Issue 53 #3: the lifted finger leaves no pointer and no tooltip behind (a mouse left there
    // would keep the tile's tooltip up over the hand).
    assert(d.layout.pointer === null, `the pointer stayed at ${JSON.stringify(d.layout.pointer)} after the tap`);
    assert(d.layout.tooltips === 0, `${d.layout.tooltips} tooltip(s) up after the tap`);
    const ghosts = d.table.ghosts || [];
    assert(ghosts.length > 0, 'no ghost on the table for the selected tile');
    const g = ghosts.find((x) => x.move === move) || ghosts[0];
    const before = d.pathPos;
    await tap(d, g);
    await go(2);
    d = await dumpOf(3);
    assert(d.pathPos > before, `the tap on the ghost played nothing (move ${before}, then ${d.pathPos})`);
    const tabs = d.layout.sheet.tabs;
    // A tab in the strip's view (one scrolled past its edge is reached through the list button).
    const other = tabs.find((t) => t.pane !== d.layout.sheet.front && t.x >= 0 && t.x + t.w <= d.layout.width);
    assert(other, 'the sheet has no second tab in view');
    await tap(d, other);
    await go(3);
    d = await dumpOf(4);
    fs.writeFileSync(path.join(OUT, 'touch-t4.json'), JSON.stringify(d, null, 1));
    assert(d.layout.sheet.front === other.pane, `the tab ${other.pane} tapped at ${JSON.stringify(other)}, the sheet shows ` +
           `${d.layout.sheet.front} (popup ${JSON.stringify(d.layout.popup)}, status "${d.statusLine}", error "${d.error}")`);
    assert(d.layout.panes[other.pane], `the ${other.pane} pane is not drawn`);
    await go(4);
    await waitFor(page, () => window.dominoesExit !== undefined, 'the end of the run');
    await saveShot(page, 'phone');
    const problems = ourProblems(page);
    assert(problems.length === 0, 'console: ' + problems.map((m) => m.text).slice(0, 3).join(' | '));
    await page.close();
    return `tiles ${shortest.toFixed(0)} CSS px high; played ${move} by two taps; tab ${other.pane}`;
  });
}

// Touches as Chromium's touch screen sends them (Input.dispatchTouchEvent): fingers down at `from`
// (CSS pixels, one [x, y] a finger), moved in `n` steps to `to`, then lifted unless `hold`.
async function fingers(page, from, to, { n = 8, hold = false, pause = 30 } = {}) {
  const cdp = await page.target().createCDPSession();
  const at = (pts) => pts.map(([x, y], id) => ({ x, y, id }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
  await new Promise((r) => setTimeout(r, 150));
  for (let i = 1; i <= n; ++i) {
    const pts = from.map(([x, y], k) => [x + ((to[k][0] - x) * i) / n, y + ((to[k][1] - y) * i) / n]);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(pts) });
    await new Promise((r) => setTimeout(r, pause));
  }
  if (!hold) await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  return cdp;
}

// Issue 53 #1, #2, #3, #6: a phone held upright and held sideways, by touch. Every control the studio
// laid out (the dump's layout.controls, from ImGui's item hooks) is at least 44x44 CSS pixels, at the
// start, with the Game menu open, and in a lesson's first task; sideways, the table and the hands are
// side by side and the sheet beside them. Two fingers spread on the table zoom it, a double tap fits
// it again, a finger's drag up the Learn pane scrolls it without starting the lesson under it, and a
// finger held on a tile shows its tooltip, which goes when the finger lifts.
function fingersCase(w, h) {
  return check(`fingers at ${w}x${h}: every control 44 CSS px or more; pinch, double tap, drag, long press`, async () => {
    const steps = 9;
    const name = `fingers-${w}x${h}`;
    fs.writeFileSync(path.join(OUT, `${name}.script`), 'wait 40\n' + stepScript('f', 'fgo', steps, 10) + 'quit\n');
    const page = await newPage({ width: w, height: h, dpr: 3, touch: true });
    await page.goto(`${base}/?seed=7&no-ini&script=/out/${name}.script`);
    const { canvas, dumpOf, go, tap, tapAt } = await stepper(page, 'f', 'fgo');
    const css = (d, x, y) => [canvas.x + (x * canvas.w) / d.layout.width, canvas.y + (y * canvas.w) / d.layout.width];
    const small = [];
    let seen = 0;
    const measure = (d, when) => {
      const k = canvas.w / d.layout.width;
      assert(Array.isArray(d.layout.controls), 'the dump lists no controls (the page\'s ImGui has no item hooks?)');
      seen += d.layout.controls.length;
      for (const c of d.layout.controls)
        if (c.w * k < 44 - 0.5 || c.h * k < 44 - 0.5)
          small.push(`${when}: ${c.window} "${c.label}" ${(c.w * k).toFixed(0)}x${(c.h * k).toFixed(0)}`);
    };
    let d = await dumpOf(1);
    assert(d.layout.compact === true, `not the compact layout at ${w}x${h}`);
    assert(d.layout.overlaps.length === 0 && d.layout.outside.length === 0, `panes overlap or reach out: ${d.layout.overlaps} ${d.layout.outside}`);
    const { table, hands, learn } = d.layout.panes;
    if (w > h) {
      assert(hands.x >= table.x + table.w - 1 && learn.x >= hands.x + hands.w - 1,
             `sideways: the table, hands and sheet are not side by side (${JSON.stringify([table, hands, learn])})`);
      assert(table.h * (canvas.w / d.layout.width) > 250, `sideways: the table is ${table.h} pixels high`);
    }
    measure(d, 'start');
    await page.screenshot({ path: path.join(OUT, `web-${name}-start.png`) });
    // Two fingers spread apart on the table's felt: the table zooms.
    const [cx, cy] = css(d, d.table.x + d.table.w / 2, d.table.y + d.table.h / 2);
    await fingers(page, [[cx - 20, cy], [cx + 20, cy]], [[cx - 50, cy], [cx + 50, cy]]);
    await go(1);
    d = await dumpOf(2);
    assert(d.viewZoom > 2 && d.viewZoom < 3, `a pinch to 2.5 times the fingers' distance zoomed the table ${d.viewZoom}x`);
    assert(d.pathPos === 0 && !d.selected, 'the pinch played or selected something');
    // A double tap on the felt fits the line again.
    const rafMs = await page.evaluate(() => new Promise((r) => {
      let n = 0;
      const t0 = performance.now();
      (function f() { if (++n === 10) r((performance.now() - t0) / 9); else requestAnimationFrame(f); })();
    }));
    // On the felt away from the lead's ghost (a tap near a ghost plays it): the corner farthest from it.
    const ghostsAt = (d.table.ghosts || []).map((g) => [g.x + g.w / 2, g.y + g.h / 2]);
    const corners = [[0.08, 0.1], [0.92, 0.1], [0.08, 0.9], [0.92, 0.9]].map(([u, v]) => [d.table.x + d.table.w * u, d.table.y + d.table.h * v]);
    const away = (p) => Math.min(...ghostsAt.map((g) => Math.hypot(p[0] - g[0], p[1] - g[1])), 1e9);
    const corner = corners.reduce((a, b) => (away(b) > away(a) ? b : a));
    const [fx, fy] = css(d, corner[0], corner[1]);
    // The four touches sent at once, as quick as a finger's double tap (awaited one by one, each
    // waits for a busy page's frame, and the taps came up to half a second apart).
    const taps = await page.target().createCDPSession();
    const touch = (type) => taps.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: fx, y: fy, id: 0 }] });
    await Promise.all([touch('touchStart'), touch('touchEnd'), touch('touchStart'), touch('touchEnd')]);
    await go(2);
    d = await dumpOf(3);
    assert(d.viewZoom === 1, `a double tap left the table zoomed ${d.viewZoom}x (${rafMs.toFixed(0)} ms a display frame; ` +
           `ghosts ${JSON.stringify(d.table.ghosts)}; move ${d.pathPos}, selected ${d.selected}, status "${d.statusLine}")`);
    // A finger's drag up the Learn pane's list scrolls it, and taps no lesson.
    const l = d.layout.panes.learn;
    const [lx, ly0] = css(d, l.x + l.w / 2, l.y + l.h * 0.8);
    const [, ly1] = css(d, l.x, l.y + l.h * 0.25);
    assert(l.hiddenY > 0, 'the Learn pane has nothing to scroll');
    await fingers(page, [[lx, ly0]], [[lx, ly1]], { n: 10 });
    await go(3);
    d = await dumpOf(4);
    assert(d.layout.panes.learn.scrollY > 20, `a drag of ${(ly0 - ly1).toFixed(0)} CSS px scrolled the Learn pane ${d.layout.panes.learn.scrollY} px`);
    assert(d.learn.lesson === null, `the drag started lesson ${JSON.stringify(d.learn.lesson)}`);
    // A finger held on a tile that cannot lead shows its tooltip; lifted, nothing stays up.
    const human = d.hands.A.rects.length ? 'A' : 'B';
    const tile = d.hands[human].rects.find((r) => !d.legal.some((m) => m.startsWith(r.tile) || m.startsWith(r.tile.split('-').reverse().join('-'))));
    assert(tile, 'no tile that cannot be played in the hand');
    const [tx, ty] = css(d, tile.x + tile.w / 2, tile.y + tile.h / 2);
    await fingers(page, [[lx, ly1]], [[lx, ly0 + 100]], { n: 10 });  // and back to the list's top
    await new Promise((r) => setTimeout(r, 300));
    const held = await fingers(page, [[tx, ty]], [[tx, ty]], { n: 1, hold: true });
    await new Promise((r) => setTimeout(r, 300));
    await go(4);
    d = await dumpOf(5);
    assert(d.layout.tooltips >= 1, `a finger held on ${tile.tile} shows no tooltip (pointer ${JSON.stringify(d.layout.pointer)})`);
    assert(d.layout.panes.learn.scrollY < 1, `a drag down left the Learn pane scrolled ${d.layout.panes.learn.scrollY} px`);
    await page.screenshot({ path: path.join(OUT, `web-${name}-long-press.png`) });
    await held.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await new Promise((r) => setTimeout(r, 300));
    await go(5);
    d = await dumpOf(6);
    assert(d.layout.tooltips === 0, `${d.layout.tooltips} tooltip(s) stayed up after the finger lifted`);
    // The Game menu open: its rows are a finger's height.
    const game = d.layout.controls.find((c) => c.label === 'Game');
    assert(game, 'no Game menu among the controls: ' + d.layout.controls.map((c) => c.label).slice(0, 12).join(', '));
    await tap(d, game);
    await go(6);
    d = await dumpOf(7);
    measure(d, 'the Game menu');
    assert(d.layout.controls.length > 10, 'the Game menu shows few controls');
    await page.screenshot({ path: path.join(OUT, `web-${name}-menu.png`) });
    // The menu closed by a tap outside it (the menu bar's right end, where nothing is), then the first
    // lesson.
    const start = d.layout.controls.find((c) => /first lesson/.test(c.label));
    assert(start, 'no "Start the first lesson" among the controls');
    await tapAt(d, d.layout.width - 6, game.y + game.h / 2);
    await go(7);
    d = await dumpOf(8);
    const startNow = d.layout.controls.find((c) => /first lesson/.test(c.label)) || start;
    await tap(d, startNow);
    await go(8);
    d = await dumpOf(9);
    assert(d.learn.lesson !== null, `a tap on "${start.label}" started no lesson (status "${d.statusLine}", ` +
           `popup ${JSON.stringify(d.layout.popup)}, at ${JSON.stringify(startNow)}, confirm ${JSON.stringify(d.confirmOpen)})`);
    measure(d, 'a lesson');
    await page.screenshot({ path: path.join(OUT, `web-${name}-lesson.png`) });
    await go(9);
    await waitFor(page, () => window.dominoesExit !== undefined, 'the end of the run');
    const problems = ourProblems(page);
    await page.close();
    assert(small.length === 0, `${small.length} control(s) under 44 CSS px: ${small.slice(0, 60).join("; ")}`);
    assert(problems.length === 0, 'console: ' + problems.map((m) => m.text).slice(0, 3).join(' | '));
    return `${seen} controls measured in 3 states, none under 44x44 CSS px`;
  });
}

// Issue 52 (done when): a lesson a teacher writes in the desktop studio (the Write a lesson pane's
// lines, by script), saved, shared as a #dgn= link with &lock and opened in the page at a phone's
// size, is answered by taps alone: Continue up to the task, the tile, then the end of the table.
async function teacherLessonCase() {
  await check("a teacher's lesson written in the studio opens locked from its link and is answered by taps", async () => {
    const zlib = require('zlib');
    const write = ['load tests/studio/author_source.dgn', 'open write', 'key end', 'key left', 'wait 2',
                   'author title "Mi lección"',
                   'author task play 2-4 R "Juega 4-2 en el extremo que deja 4 a los dos lados."',
                   'save mine.dgn', 'wait 2', 'quit'].join('\n') + '\n';
    const dir = desktopRun('teacher', write);
    const packed = zlib.deflateRawSync(fs.readFileSync(path.join(dir, 'mine.dgn'))).toString('base64url');
    const steps = 8;
    const script = 'wait 100\n' + stepScript('l', 'lgo', steps, 15) + 'screenshot /tmp/shot.png\nwait 2\nquit\n';
    fs.writeFileSync(path.join(OUT, 'teacher.script'), script);
    const page = await newPage({ width: 390, height: 844, dpr: 3, touch: true });
    await page.goto(`${base}/?seed=7&no-ini&script=/out/teacher.script#dgn=${packed}&lock`);
    const talk = await stepper(page, 'l', 'lgo');
    const tap = talk.tap;
    let step = 0;
    const next = () => talk.dumpOf(++step);
    const go = () => talk.go(step);
    let d = await next();
    assert(d.learn.lesson, 'no lesson opened from the link: ' + (d.statusLine || d.status || ''));
    assert(d.learn.locked === true, 'the lesson is not locked');
    // Continue (the Learn pane's button) up to the task.
    while (!d.learn.waiting && step < steps - 3) {
      const cont = d.learnPane?.buttons?.continue;
      assert(cont, 'no Continue to tap before the task: ' + JSON.stringify(d.learnPane?.buttons));
      await tap(d, cont);
      await go();
      d = await next();
    }
    assert(d.learn.waiting, 'the task does not wait after tapping Continue');
    assert(/Juega 4-2/.test(d.learnPane.prompt || ''), 'the prompt is not the teacher\'s: ' + d.learnPane.prompt);
    const tile = d.hands.B.rects.find((r) => r.tile === '4-2' || r.tile === '2-4');
    assert(tile, 'the tile 4-2 is not drawn in the hand');
    await tap(d, tile);
    await go();
    d = await next();
    assert(d.selected === '4-2' || d.selected === '2-4', `the tap selected ${d.selected}`);
    const end = d.table.ends[1];
    await tap(d, end.label);
    await go();
    d = await next();
    assert(d.learn.waiting === false, 'the tap on the R end did not answer the task: ' + (d.learnPane?.feedback || d.statusLine));
    assert(d.learn.stars === 3, `stars ${d.learn.stars}`);
    assert(d.learn.locked === false, 'still locked once done');
    while (step < steps) { await go(); if (step < steps) d = await next(); }
    await go();
    await waitFor(page, () => window.dominoesExit !== undefined, 'the end of the run');
    await saveShot(page, 'teacher-lesson');
    await page.close();
    return `answered by ${step} dumps and taps; 3 stars`;
  });
}

// Figures, no limits: two expert seats play in the page and in the native build, each run with
// --stats; the note gives the expert's median decision time in each and their ratio, and the page's
// frame times while they play (the page's worker decides while frames go on: docs/web.md).
async function decisionCase() {
  await check('two experts play in the page (figures: decision times against the native build\'s)', async () => {
    const text = 'new 3 dominoes2\nseat A expert\nseat B expert\ndelay 0\nwait 300\n';
    const dir = path.join(OUT, 'desktop-think');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'script.txt'), text);
    const native = execFileSync('sh', [path.join(REPO, 'tests/xvfb.sh'), 'env', 'LIBGL_ALWAYS_SOFTWARE=1', STUDIO, '--no-ini',
                                       '--seed', '7', '--frames', '400', '--script', 'script.txt', '--stats'],
                                { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'],
                                  env: { ...process.env, XVFB_SCREEN: '1280x800x24' } });
    fs.writeFileSync(path.join(OUT, 'think.script'), text);
    const page = await newPage();
    await page.goto(`${base}/?no-ini&seed=7&frames=400&stats&script=/out/think.script`);
    await waitFor(page, () => window.dominoesExit !== undefined || window.dominoesFailed, 'the experts\' game');
    const web = page.messages.map((m) => m.text).join('\n');
    await page.close();
    // The same seed gives the same game in both builds: the decisions both made are compared one by one.
    const times = (t) => ((/computer decision ms, in order:([\d. ]*)/.exec(t) || [])[1] || '').trim().split(/\s+/).filter(Boolean).map(Number);
    const n = times(native), w = times(web);
    assert(n.length && w.length, 'a run printed no decision times');
    const k = Math.min(n.length, w.length);
    const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor((s.length - 1) / 2)]; };
    const mn = median(n.slice(0, k)), mw = median(w.slice(0, k));
    const frames = /wall ms\/frame \(with swap\): p50 ([\d.]+)\s+p99 ([\d.]+)/.exec(web);
    // The worker decides beside the page: frames are drawn while a decision is still to come (a
    // decision made inside a frame, as before the worker, leaves none).
    const deciding = /before its decision came: (\d+)/.exec(web);
    assert(deciding && Number(deciding[1]) > 0, `no frame was drawn while the computer decided: ${deciding ? deciding[0] : 'no figure'}`);
    return `the first ${k} expert decisions with a choice: median ${mw.toFixed(1)} ms in the page, ${mn.toFixed(1)} ms native ` +
           `(ratio ${(mw / mn).toFixed(2)}); page frames p50 ${frames ? frames[1] : '?'} ms, p99 ${frames ? frames[2] : '?'} ms; ` +
           `${deciding[1]} frames drawn while a decision was to come`;
  });
}

// Figures, no limits: two experts play in the page with the Analysis pane open (each position they
// reach is analysed), with --stats; the note gives the frames' times while a position is analysed.
async function analysisCase() {
  await check('an analysis in the page (figures: the frames while it is computed)', async () => {
    const text = 'new 3 dominoes2\nseat A expert\nseat B expert\ndelay 0\nopen analysis\nwait 300\n';
    const { page, exit } = await webRun('analysis-figures', text, { query: '&stats' });
    const web = page.messages.map((m) => m.text).join('\n');
    await page.close();
    assert(exit === 0, `the page's run ended with ${exit}`);
    const m = /while a position is analysed \((\d+) frames\): p50 ([\d.]+)\s+p99 ([\d.]+)\s+max ([\d.]+)/.exec(web);
    assert(m, 'the run printed no analysis figure');
    return `${m[1]} frames while analysed: p50 ${m[2]} ms, p99 ${m[3]} ms, max ${m[4]} ms`;
  });
}

// File > Share link puts the address of what is on screen on the clipboard (window.dominoesCopied
// for the test); that address, opened, shows it again: a lesson's link, and a record carried whole.
async function shareCases() {
  await check('Share link of a lesson opens that lesson again', async () => {
    const { page, dump } = await dumpAfter('share-lesson', { hash: '#lesson=5', script: 'wait 10\naction file.share_link\nwait 5' });
    const copied = await page.evaluate(() => window.dominoesCopied);
    await page.close();
    assert(copied && copied.endsWith('#lesson=5'), `copied ${copied}`);
    assert(dump.link === copied, `the status's link ${dump.link} is not the one copied`);
    const again = await dumpAfter('share-lesson-again', { hash: copied.slice(copied.indexOf('#')) });
    await again.page.close();
    assert(again.dump.learn.lesson === '05_choosing_the_end.dgn', 'the link opened ' + again.dump.learn.lesson);
    return copied.replace(base, '');
  });
  await check('Share link of a record carries the record: opened, it is the same game', async () => {
    const { page } = await dumpAfter('share-record', {
      query: '&no-ini&file=/tests/studio/game.dgn', script: 'load tests/studio/game.dgn\nwait 5\naction file.share_link\nwait 5' });
    const copied = await page.evaluate(() => window.dominoesCopied);
    await page.close();
    assert(copied && copied.includes('#dgn='), `copied ${copied && copied.slice(0, 80)}`);
    const again = await dumpAfter('share-record-again', { hash: copied.slice(copied.indexOf('#')) });
    await again.page.close();
    assert(again.dump.title === 'A short game with draws', `the link opened "${again.dump.title}"`);
    assert(again.dump.pathLength > 5, `the link's record has ${again.dump.pathLength} positions`);
    return `a link of ${copied.length} characters`;
  });
}

// Issue 53 #4: a points task on a phone. A tap on the field gives the focus to the page's hidden
// field, asking for the number pad (inputmode numeric); the digits typed there (Chromium's keyboard
// events, as a phone's keyboard sends them to the focused field) become the field's number, not
// twice; a tap on Check answers lesson 10's task with them.
async function keyboardCase() {
  await check('a points task on a phone: its field brings the number pad, and the digits typed there answer it', async () => {
    const steps = 4;
    const script = 'wait 60\nplay 5-3 R\nwait 20\n' + stepScript('k', 'kgo', steps, 20) + 'quit\n';
    fs.writeFileSync(path.join(OUT, 'keys.script'), script);
    const page = await newPage({ width: 390, height: 844, dpr: 3, touch: true });
    try {
      await page.goto(`${base}/?seed=7&no-ini&script=/out/keys.script#lesson=10`);
      const { dumpOf, go, tap, tapAt } = await stepper(page, 'k', 'kgo');
      let d = await dumpOf(1);
      assert(d.learnPane.kind === 'points', `the task is ${d.learnPane.kind}, not points (prompt: ${d.learnPane.prompt})`);
      const f = d.learnPane.points;
      assert(f, 'the points field is not drawn');
      await tapAt(d, f.x + f.h, f.y + f.h / 2);  // the number's part, left of - and +
      await go(1);
      d = await dumpOf(2);
      const focus = await page.evaluate(() => ({ id: document.activeElement.id, mode: document.activeElement.inputMode }));
      assert(focus.id === 'keys', `the page's field does not have the focus (${focus.id || 'none'})`);
      assert(focus.mode === 'numeric', `the field asks for the ${focus.mode} keyboard, not the number pad`);
      await page.keyboard.type('17');
      await go(2);
      d = await dumpOf(3);
      assert(d.learnPane.points && d.learnPane.points.value === 17, `the field holds ${JSON.stringify(d.learnPane.points)}, not 17`);
      await tap(d, d.learnPane.buttons.check);
      await go(3);
      d = await dumpOf(4);
      assert(d.learn.wrong === 0 && d.learn.step > 1, `the answer was not taken: step ${d.learn.step}, wrong ${d.learn.wrong}`);
      const after = await page.evaluate(() => document.activeElement.id);
      await go(4);
      return `the number pad asked for; 17 typed and checked at step ${d.learn.step}; the focus then on '${after || 'the canvas'}'`;
    } finally {
      await page.close();
    }
  });
}

// Issue 53 #11: the page is an installable app that opens without a network. The manifest is read
// and names the icons browsers want; the service worker installs and controls the page; then the
// server goes down (every connection dropped: the service worker's own fetches fail too, which
// Chromium's offline emulation does not promise) and a reload draws the studio from the cache.
async function offlineCase() {
  await check('installable and offline: the manifest, the service worker, and a reload with the server down', async () => {
    const page = await newPage({ width: 390, height: 844, dpr: 3, touch: true });
    try {
      await page.goto(`${base}/?no-ini`);
      await waitFor(page, () => window.dominoesFirstFrameMs !== undefined || window.dominoesFailed, 'the first frame', 60000);
      const manifest = await page.evaluate(async () => (await fetch(document.querySelector('link[rel=manifest]').href)).json());
      assert(manifest.display === 'standalone' && manifest.start_url, 'the manifest: ' + JSON.stringify(manifest).slice(0, 200));
      for (const size of ['192x192', '512x512']) {
        const icon = manifest.icons.find((i) => i.sizes === size);
        assert(icon, `no ${size} icon in the manifest`);
        const ok = await page.evaluate(async (src) => (await fetch(src)).ok, icon.src);
        assert(ok, `the icon ${icon.src} is not served`);
      }
      await waitFor(page, () => !!(navigator.serviceWorker && navigator.serviceWorker.controller), 'the service worker in control', 60000);
      const cached = await page.evaluate(async () => (await (await caches.open('dominoes-studio')).keys()).length);
      serverDown = true;
      const t0 = Date.now();
      await page.reload();
      await waitFor(page, () => window.dominoesFirstFrameMs !== undefined || window.dominoesFailed, 'the first frame, offline', 60000);
      const failed = await page.evaluate(() => window.dominoesFailed);
      assert(!failed, 'offline, the page failed: ' + failed);
      const controlled = await page.evaluate(() => !!navigator.serviceWorker.controller);
      assert(controlled, 'the reloaded page is not controlled by the service worker');
      await new Promise((r) => setTimeout(r, 500));
      await page.screenshot({ path: path.join(OUT, 'web-offline.png') });
      return `${cached} files cached; with the server down the reload drew its first frame ${Date.now() - t0} ms later`;
    } finally {
      serverDown = false;
      await page.close();
    }
  });
}

// File > Open in the page is the browser's file chooser: a file given to it opens. (The chooser
// needs the user's activation: the test clicks the page first, as a user's click on the menu would.)
async function chooserCase() {
  await check('a file given to the browser\'s file chooser opens', async () => {
    fs.writeFileSync(path.join(OUT, 'chooser.script'),
                     'wait 5\nwait-file /tmp/go1\naction file.open\nwait-file /tmp/go2\nwait 10\ndump /tmp/dump.json\n');
    const page = await newPage();
    await page.goto(`${base}/?no-ini&seed=7&script=/out/chooser.script`);
    await waitFor(page, () => window.dominoesFirstFrameMs !== undefined, 'the first frame');
    await page.mouse.click(640, 790);  // the status line: a click that changes nothing
    const chooser = page.waitForFileChooser({ timeout: 30000 });
    await page.evaluate(() => Module.FS.writeFile('/tmp/go1', 'go'));
    (await chooser).accept([path.join(REPO, 'tests/studio/game.dgn')]);
    await waitFor(page, () => { try { Module.FS.stat('/home/web_user/files/game.dgn'); return true; } catch (e) { return false; } },
                  'the chosen file in the page', 30000);
    await page.evaluate(() => Module.FS.writeFile('/tmp/go2', 'go'));
    await waitFor(page, () => { try { Module.FS.stat('/tmp/dump.json'); return true; } catch (e) { return false; } }, 'the dump');
    const dump = JSON.parse(await readFile(page, '/tmp/dump.json'));
    await page.close();
    assert(dump.title === 'A short game with draws', `the studio shows "${dump.title}" (${dump.statusLine})`);
    assert(dump.fileName === 'game.dgn', `the file is ${dump.fileName}`);
  });
}

async function main() {
  const server = await serve();
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist',
           '--disable-dev-shm-usage'],
  });
  try {
    await check('the page loads and draws its first frame, with no console error or warning of ours', async () => {
      // The browser's first page on a loaded machine has once had its WebGL context lost by Chromium's
      // GPU process (SwiftShader), before any script of ours ran a step: that one is loaded again,
      // and said in the result; any other problem, or a second loss, fails.
      let again = '';
      for (let attempt = 0; ; ++attempt) {
        const page = await newPage();
        // Every WebGL draw call counted (issue 53 #9: the idle page drew about 99 times a second).
        await page.evaluateOnNewDocument(() => {
          window.dominoesDraws = 0;
          for (const C of [WebGLRenderingContext, WebGL2RenderingContext])
            for (const f of ['drawElements', 'drawArrays']) {
              const orig = C.prototype[f];
              C.prototype[f] = function (...a) { ++window.dominoesDraws; return orig.apply(this, a); };
            }
        });
        const t0 = Date.now();
        await page.goto(`${base}/?no-ini`);
        await waitFor(page, () => window.dominoesFirstFrameMs !== undefined || window.dominoesFailed, 'the first frame', 60000);
        const first = await page.evaluate(() => window.dominoesFirstFrameMs);
        await new Promise((r) => setTimeout(r, 1500));
        // Idle: nothing moves, so nothing is drawn in the next two seconds.
        const draws0 = await page.evaluate(() => window.dominoesDraws);
        await new Promise((r) => setTimeout(r, 2000));
        const idleDraws = (await page.evaluate(() => window.dominoesDraws)) - draws0;
        assert(draws0 > 0, 'no WebGL draw counted before the idle time: the counter is not in the page');
        assert(idleDraws === 0, `the idle page made ${idleDraws} WebGL draws in 2 s`);
        await page.screenshot({ path: path.join(OUT, 'web-load.png') });
        const problems = ourProblems(page);
        await page.close();
        if (attempt === 0 && problems.length && problems.every((m) => /CONTEXT_LOST_WEBGL/.test(m.text))) {
          again = ' (loaded again: Chromium lost the first load\'s WebGL context)';
          continue;
        }
        assert(problems.length === 0, 'console: ' + problems.map((m) => m.text).slice(0, 3).join(' | '));
        return `navigation to first frame ${first.toFixed(0)} ms (${Date.now() - t0} ms with the waits); ` +
               `WebGL draws: ${draws0} in the first 1.5 s, ${idleDraws} in 2 s idle${again}`;
      }
    });
    await scriptCase('coach_seats', 'a game of two computer seats');
    await scriptCase('learn', 'lesson 1 completed with wrong answers');
    await scriptCase('puzzles', 'a puzzle solved wrong, then right');
    await scriptCase('scenarios', 'a scenario stepped to its end');
    await scriptCase('editor', 'the position editor');
    await scriptCase('small_window', 'a language switch at 800x600');
    await scriptCase('coach_analysis', 'the Analysis pane and the hint on a fixed position');
    await scriptCase('coach_record', 'the record\'s analysis and its marks');
    await languageCase();
    await linkCases();
    await saveCase();
    await progressCase();
    await touchCase();
    await fingersCase(390, 844);
    await fingersCase(844, 390);
    await teacherLessonCase();
    await keyboardCase();
    await shareCases();
    await chooserCase();
    await decisionCase();
    await analysisCase();
    await offlineCase();
  } finally {
    await browser.close();
    server.close();
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`\n${results.length - failed.length} of ${results.length} web tests passed; screenshots in ${OUT}`);
  process.exit(failed.length ? 1 : 0);
}
main().catch((e) => {
  console.error('test-web: ' + e.stack);
  process.exit(2);
});
