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
  dom_web_clipboard: function (text) {
    var t = UTF8ToString(text);
    if (typeof Module.domClipboard === 'function') Module.domClipboard(t);
  },
  // The page's address after '#', decoded, into `out` (at most `size` bytes with the NUL).
  dom_web_hash: function (out, size) {
    var h = location.hash ? decodeURIComponent(location.hash.substring(1)) : '';
    stringToUTF8(h, out, size);
  },
  dom_web_exited: function (code) {
    if (typeof Module.domExited === 'function') Module.domExited(code);
  },
});
