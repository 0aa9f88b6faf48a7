// SPDX-License-Identifier: MIT
// Dominoes Studio's web page loader (docs/web.md): checks for WebGL2, shows the download's progress,
// mounts the IndexedDB store where the studio keeps its settings and progress, turns the page's
// address into the studio's command line, and loads dominoes-studio.js. Our own file: Debian's
// Emscripten has no HTML minifier, so the page is not generated.
'use strict';
(function () {
  var overlay = document.getElementById('overlay');
  var fill = document.getElementById('fill');
  var message = document.getElementById('message');
  var params = new URLSearchParams(location.search);
  var started = performance.now();
  var STORE = '/home/web_user/.config';

  function fail(text) {
    overlay.hidden = false;
    document.getElementById('bar').hidden = true;
    message.className = 'error';
    message.textContent = text;
    window.dominoesFailed = text;
  }
  function progress(done, total) {
    if (total > 0) fill.style.width = Math.min(100, (100 * done) / total).toFixed(1) + '%';
  }

  var probe = document.createElement('canvas');
  if (!probe.getContext('webgl2')) {
    fail('Dominoes Studio needs WebGL 2, which this browser does not offer or has turned off. ' +
         'Try a recent Firefox, Chrome, Edge or Safari, with hardware acceleration on.');
    return;
  }

  // The command line: the window in device pixels, and what the address asks for. `?script=URL` runs a
  // studio script (tests, demonstrations); the other parameters are the desktop's options.
  var dpr = window.devicePixelRatio || 1;
  var args = ['--size', Math.round(innerWidth * dpr) + 'x' + Math.round(innerHeight * dpr)];
  ['frames', 'lang', 'dump-state', 'screenshot', 'rules', 'seed'].forEach(function (name) {
    if (params.has(name)) args.push('--' + name, params.get(name));
  });
  ['no-ini', 'stats', 'no-shaders'].forEach(function (name) {
    if (params.has(name)) args.push('--' + name);
  });
  if (params.has('script')) args.push('--script', '/tmp/script.txt');
  // A touch screen (a phone or a tablet: the browser's main pointer is coarse), or ?touch: the words
  // say tap and name no key (issue 53 #5).
  if (params.has('touch') || (window.matchMedia && window.matchMedia('(pointer: coarse)').matches)) args.push('--touch');

  // A record carried in the link (#dgn=...): deflate-raw, base64url. Inflated here with the browser's
  // own DecompressionStream into /tmp/link.dgn, which the studio opens.
  function inflate(text) {
    var b64 = text.replace(/-/g, '+').replace(/_/g, '/');
    while (b64.length % 4) b64 += '=';
    var bytes;
    try {
      bytes = Uint8Array.from(atob(b64), function (c) { return c.charCodeAt(0); });
    } catch (e) {
      return Promise.reject(new Error('the link\'s record is not base64url'));
    }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    return new Response(stream).arrayBuffer().then(function (b) { return new Uint8Array(b); });
  }
  function deflate(text) {
    var stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    return new Response(stream).arrayBuffer().then(function (b) {
      var s = '';
      new Uint8Array(b).forEach(function (x) { s += String.fromCharCode(x); });
      return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    });
  }
  window.dominoesDeflate = deflate;

  var files = {};  // path -> bytes, written before main runs
  var waits = [];
  if (params.has('script')) {
    waits.push(fetch(params.get('script')).then(function (r) {
      if (!r.ok) throw new Error('script ' + params.get('script') + ': ' + r.status + ' ' + r.statusText);
      return r.arrayBuffer();
    }).then(function (b) { files['/tmp/script.txt'] = new Uint8Array(b); }));
  }
  // `?file=/PATH` (any number): a file of the site written at the same path before main runs, for
  // the records a script opens.
  params.getAll('file').forEach(function (url) {
    waits.push(fetch(url).then(function (r) {
      if (!r.ok) throw new Error('file ' + url + ': ' + r.status + ' ' + r.statusText);
      return r.arrayBuffer();
    }).then(function (b) { files[url] = new Uint8Array(b); }));
  });
  var hash = location.hash.replace(/^#/, '');
  if (hash.indexOf('dgn=') === 0) {
    // The record ends at the first '&': its flags (&lock) follow it, for the studio to read.
    waits.push(inflate(hash.substring(4).split('&')[0]).then(function (b) { files['/tmp/link.dgn'] = b; }, function (e) {
      files['/tmp/link.dgn'] = new TextEncoder().encode('');
      console.warn('dominoes: ' + e.message);
    }));
  }

  // Touch: Emscripten's GLFW takes a touch as a mouse button but never moves the cursor to it (its
  // touch handlers read a property that only its SDL sets), so a tap would click where the mouse last
  // was. The canvas's touches become mouse events here, before GLFW's own listeners see them. As a
  // mouse does, the cursor comes first and the press a frame later (Dear ImGui takes a tab or a
  // selectable as hovered only when it was so the frame before), and the release comes at least a
  // frame after the press, however quick the tap, and the pointer leaves the canvas two frames after
  // the release. One finger moving drags: it pans the table, and the studio scrolls a pane under it
  // (issue 53 #2). Two fingers pinch: the press of the first is taken back with the pointer off the
  // canvas (so it clicks nothing), and the change in the fingers' distance becomes the wheel at their
  // midpoint, which zooms the table there. The browser neither scrolls nor zooms the page under them.
  (function () {
    var canvas = document.getElementById('canvas');
    var queue = Promise.resolve();
    var pinch = null;  // {d: the fingers' last distance} while two fingers are down
    var lastTap = null;  // {t, x, y}: when and where the last finger lifted
    var starts = 0;  // fingers put down so far
    function frames(n) {
      return new Promise(function (done) {
        (function next(k) { if (k <= 0) done(); else requestAnimationFrame(function () { next(k - 1); }); })(n);
      });
    }
    function mouse(what, x, y, extra) {
      var at = { clientX: x, clientY: y, screenX: x, screenY: y, button: 0, buttons: 0, bubbles: true, cancelable: true };
      Object.keys(extra || {}).forEach(function (k) { at[k] = extra[k]; });
      canvas.dispatchEvent(new MouseEvent(what, at));
    }
    function spread(touches) {
      var a = touches[0], b = touches[1];
      return { x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2,
               d: Math.max(1, Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY)) };
    }
    function relay(event) {
      event.preventDefault();
      event.stopImmediatePropagation();
      var type = event.type, all = event.touches, t = event.changedTouches && event.changedTouches[0];
      if (!t) return;
      if (all.length >= 2 || pinch) {
        if (!pinch && all.length >= 2) {
          var s = spread(all);
          pinch = { d: s.d };
          // The release is seen with no pointer (so nothing is clicked), and the pointer comes back
          // at the fingers' midpoint frames later, where the wheel then zooms.
          queue = queue.then(function () {
            mouse('mouseleave', s.x, s.y);
            mouse('mouseup', s.x, s.y);
            return frames(2);
          }).then(function () {
            mouse('mouseenter', s.x, s.y);
            mouse('mousemove', s.x, s.y);
          });
        } else if (pinch && all.length >= 2 && type === 'touchmove') {
          var m = spread(all), ratio = m.d / pinch.d;
          pinch.d = m.d;
          // The studio zooms 1.15 times a wheel step (pane_table.cpp): the zoom follows the fingers.
          var steps = Math.log(ratio) / Math.log(1.15);
          queue = queue.then(function () {
            mouse('mousemove', m.x, m.y);
            wheelSteps(m.x, m.y, 0, steps);
          });
        } else if (all.length === 0) {
          pinch = null;
          queue = queue.then(function () { return frames(1); }).then(function () { mouse('mouseleave', t.clientX, t.clientY); });
        }
        return;
      }
      var x = t.clientX, y = t.clientY, now = event.timeStamp;  // when the finger moved, not when the page got to it
      // A second tap within 0.5 s and 20 CSS pixels of the last is a double tap: its press follows
      // a frame after the first's release (the pointer is already there), and the first tap's
      // pointer does not leave between them, so the studio sees the two presses as close in time as the fingers made them, however
      // slow its frames (ImGui's double click wants them within 0.35 s).
      var again = type === 'touchstart' && lastTap && now - lastTap.t < 500 && Math.hypot(x - lastTap.x, y - lastTap.y) < 20;
      if (type === 'touchstart') ++starts;
      if (type === 'touchend') lastTap = { t: now, x: x, y: y };
      var startsThen = starts;
      queue = queue.then(function () {
        if (type === 'touchstart') {
          if (again && Module.calledRun) Module.ccall('dom_web_double_tap', null, [], []);
          mouse('mouseenter', x, y);
          mouse('mousemove', x, y);
          return frames(again ? 1 : 2).then(function () { mouse('mousedown', x, y, { buttons: 1 }); });
        }
        if (type === 'touchmove') return mouse('mousemove', x, y, { buttons: 1 });
        // A lifted finger leaves no pointer behind (issue 53 #3): no hover, so no tooltip and no
        // loupe stays up after a tap; a finger held still shows what hover shows on the desktop.
        // The pointer's leave does not hold up the next touch.
        return frames(2).then(function () {
          mouse('mouseup', x, y);
          frames(2).then(function () { if (starts === startsThen) mouse('mouseleave', x, y); });
        });
      });
    }
    // The wheel in the desktop's steps: Emscripten's GLFW hands the studio the browser's deltaY as it is
    // (a hundred pixels a notch in Chromium, three lines in Firefox, and down for positive), where
    // GLFW on the desktop gives one step a notch, up for positive; a notch zoomed the table to its
    // limit and scrolled a pane to its end. The browser's wheel is turned into steps here, before
    // GLFW's listener, and sent again marked as ours.
    function wheelSteps(x, y, sx, sy) {
      var ev = new WheelEvent('wheel', { clientX: x, clientY: y, deltaX: sx, deltaY: sy, deltaMode: 0, bubbles: true, cancelable: true });
      ev.dominoesSteps = true;
      canvas.dispatchEvent(ev);
    }
    canvas.addEventListener('wheel', function (e) {
      if (e.dominoesSteps) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      var unit = e.deltaMode === 1 ? 100 / 3 : e.deltaMode === 2 ? 8000 : 1;  // pixels a line, a page
      wheelSteps(e.clientX, e.clientY, -e.deltaX * unit / 100, -e.deltaY * unit / 100);
    }, { capture: true, passive: false });
    ['touchstart', 'touchmove', 'touchend', 'touchcancel'].forEach(function (type) {
      canvas.addEventListener(type, relay, { capture: true, passive: false });
    });
  })();

  var Module = {
    canvas: document.getElementById('canvas'),
    arguments: args,
    print: function (text) { console.log(text); },
    printErr: function (text) {
      // The studio's log lines go to stderr; only its errors are the console's errors.
      if (/\[(error|critical)\]/.test(text)) console.error(text);
      else console.info(text);
    },
    preRun: [function () {
      var FS = Module.FS;
      // Paths in scripts and records are read from "/" as from the source tree on the desktop.
      ['scenarios', 'puzzles', 'lessons'].forEach(function (d) {
        FS.symlink('/usr/share/dominoes-studio/' + d, '/' + d);
      });
      Object.keys(files).forEach(function (p) {
        FS.mkdirTree(p.substring(0, p.lastIndexOf('/')) || '/');
        FS.writeFile(p, files[p]);
      });
      // The settings and the learner's progress: IndexedDB, read before main runs.
      try { FS.mkdir(STORE); } catch (e) { /* exists */ }
      FS.mount(Module.IDBFS, {}, STORE);
      Module.addRunDependency('dominoes-store');
      Module.FS.syncfs(true, function (err) {
        if (err) {
          // A store that cannot be read is set aside (under another name) and the studio starts
          // afresh with a message, never a blank page.
          console.warn('dominoes: the stored settings could not be read (' + err + '); starting afresh');
          window.dominoesStoreError = String(err);
        }
        Module.removeRunDependency('dominoes-store');
      });
    }],
    setStatus: function (text) {
      var m = /\((\d+(?:\.\d+)?)\/(\d+)\)/.exec(text || '');
      if (m) progress(+m[1], +m[2]);
      if (text) message.textContent = text.replace(/\s*\(.*\)$/, '…');
    },
    onRuntimeInitialized: function () {
      overlay.hidden = true;
      window.dominoesStartMs = performance.now() - started;
      Module.canvas.focus();
      // The first frame is drawn in the browser's next animation frame: the time from navigation to it.
      requestAnimationFrame(function () {
        requestAnimationFrame(function () {
          window.dominoesFirstFrameMs = performance.now();
          // Installable and offline (issue 53 #11): the service worker (sw.js) keeps the studio's
          // files for a visit without a network. Registered after the first frame, so that its
          // download of the files does not slow the start; not for a test's scripted run.
          if ('serviceWorker' in navigator && !params.has('script'))
            navigator.serviceWorker.register('sw.js').catch(function (e) {
              console.info('Dominoes Studio works online only here: ' + e.message);
            });
        });
      });
      try {
        Module.callMain(Module.arguments);
      } catch (e) {
        if (e !== 'unwind') throw e;
      }
    },
    onAbort: function (what) {
      fail('Dominoes Studio stopped: ' + what + '. Reload the page to start again.');
    },
    domDownload: function (path, bytes) {
      var a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([bytes]));
      a.download = path.split('/').pop();
      document.body.appendChild(a);
      a.click();
      setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    },
    domExited: function (code) { window.dominoesExit = code; },
  };
  window.Module = Module;

  // The phone's keyboard (issue 53 #4). A canvas has no keyboard of its own on a touch screen: while
  // the studio edits a text field (it says so through Module.domTextInput, with --touch only) a
  // hidden field of the page has the focus, so the phone shows its keyboard, the number pad for a
  // number (the points task). What is typed there goes to the studio (dom_web_type) and the field
  // stays empty; Backspace and Enter reach GLFW as keys. A key typed there is not GLFW's to type as
  // well: this listener, on the window's capture phase before GLFW's, keeps its keypress from it.
  (function () {
    var keys = document.createElement('input');
    keys.id = 'keys';
    keys.type = 'text';
    keys.autocomplete = 'off';
    keys.spellcheck = false;
    keys.setAttribute('autocapitalize', 'off');
    keys.setAttribute('aria-hidden', 'true');
    // 16 px: a smaller field makes a phone's browser zoom the page when it takes the focus.
    keys.style.cssText = 'position:fixed;left:0;bottom:0;width:1px;height:1px;opacity:0;border:0;padding:0;font-size:16px';
    document.body.appendChild(keys);
    keys.addEventListener('input', function () {
      if (!keys.value) return;
      Module.ccall('dom_web_type', null, ['string'], [keys.value]);
      keys.value = '';
    });
    window.addEventListener('keypress', function (e) { if (e.target === keys) e.stopImmediatePropagation(); }, true);
    var wanted = false;
    Module.domTextInput = function (want, numeric) {
      wanted = want;
      if (want) {
        keys.inputMode = numeric ? 'numeric' : 'text';
        if (document.activeElement !== keys) keys.focus({ preventScroll: true });
      } else if (document.activeElement === keys) {
        keys.blur();
        Module.canvas.focus();
      }
    };
    // Some browsers open the keyboard only for a focus given in a touch's own handler: while a
    // field is edited, each lifted finger gives it again.
    window.addEventListener('touchend', function () {
      if (wanted) keys.focus({ preventScroll: true });
    }, true);
  })();

  Promise.all(waits).then(function () {
    var s = document.createElement('script');
    s.src = 'dominoes-studio.js';
    s.onerror = function () { fail('dominoes-studio.js could not be loaded: check the connection and reload.'); };
    document.body.appendChild(s);
  }, function (e) { fail(e.message); });
  // The window resized (or turned): the canvas follows, in device pixels.
  window.addEventListener('resize', function () {
    if (params.has('script') || typeof Module.setCanvasSize !== 'function') return;
    var r = window.devicePixelRatio || 1;
    Module.setCanvasSize(Math.round(innerWidth * r), Math.round(innerHeight * r));
  });
  window.addEventListener('error', function (e) {
    if (/dominoes-studio\.(data|wasm)/.test(String(e.message))) fail('A file of the studio failed to load: ' + e.message);
  });
})();
