// SPDX-License-Identifier: MIT
// The web platform's calls into the page (src/studio/platform/web.cpp), linked with --js-library.
// The page (web/shell.js) sets the Module.dom* callbacks; without them each call does nothing.
mergeInto(LibraryManager.library, {
  // The settings and progress folder copied to IndexedDB.
  dom_web_persist: function () {
    if (typeof FS !== 'undefined' && FS.syncfs) {
      FS.syncfs(false, function (err) {
        if (err) console.warn('dominoes: progress not stored: ' + err);
      });
    }
  },
  // The file at `path` handed to the browser as a download under its own name.
  dom_web_download: function (path) {
    var p = UTF8ToString(path);
    if (typeof Module.domDownload === 'function') Module.domDownload(p, FS.readFile(p));
  },
  // A text field is edited (want), a number one (numeric): the page focuses its hidden field so that
  // a touch screen shows its keyboard (Module.domTextInput, web/shell.js).
  dom_web_text_input: function (want, numeric) {
    if (typeof Module.domTextInput === 'function') Module.domTextInput(!!want, !!numeric);
  },
  // The page's address after '#', decoded, into `out` (at most `size` bytes with the NUL).
  dom_web_hash: function (out, size) {
    var h = location.hash ? decodeURIComponent(location.hash.substring(1)) : '';
    stringToUTF8(h, out, size);
  },
  // The browser's file chooser; the file chosen is written under /home/web_user/files and its path
  // handed to the studio (dom_web_file_chosen), which opens it as a dropped file.
  dom_web_choose: function () {
    // Kept on the Module until the next choice: an input in no document could be collected while
    // the chooser is open (a test's file chooser once found its node gone).
    var input = Module.domChooserInput = document.createElement('input');
    input.type = 'file';
    input.accept = '.dgn,.txt,text/plain';
    input.onchange = function () {
      var file = input.files && input.files[0];
      if (!file) return;
      file.arrayBuffer().then(function (bytes) {
        var dir = '/home/web_user/files';
        try { FS.mkdirTree(dir); } catch (e) { /* exists */ }
        var path = dir + '/' + file.name.replace(/[\/\\]/g, '_');
        FS.writeFile(path, new Uint8Array(bytes));
        Module.ccall('dom_web_file_chosen', null, ['string'], [path]);
      });
    };
    input.click();
  },
  // The canvas resized; Emscripten's GLFW hears of it and says so to the studio.
  dom_web_resize__deps: ['$Browser'],
  dom_web_resize: function (w, h) {
    Browser.setCanvasSize(w, h);
  },
  // Share link: the page's address (without its query, which is for tests and scripts) and '#' and
  // the link, to the clipboard; the text copied goes back to the studio for its status line, and to
  // window.dominoesCopied for the tests.
  dom_web_copy: function (link, out, size) {
    var text = location.origin + location.pathname + '#' + UTF8ToString(link);
    window.dominoesCopied = text;
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).catch(function (e) {
        console.info('dominoes: the clipboard refused the link (' + e.message + '); it is on the status line');
      });
    }
    stringToUTF8(text, out, size);
  },
  dom_web_exited: function (code) {
    if (typeof Module.domExited === 'function') Module.domExited(code);
  },
});
