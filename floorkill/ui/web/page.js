// floorkill big screen page.
//
// 1. The font is sized to the window so the display has about COLS x ROWS cells on any
//    screen (TV, tablet, laptop); recomputed when the window changes size.
//    data-fixed-font-size > 0 (from ?fontsize=N) keeps that size instead.
// 2. When the display's connection closes (server restarted, network dropped), the page
//    polls the server and reloads as soon as it answers: a TV recovers unattended.
// 3. The terminal's rows are kept in the DOM (xterm's screen-reader rows), and the body
//    carries data-cols / data-rows / data-font-size, so the page can be checked.
(function () {
  "use strict";
  var COLS = 100, ROWS = 27, MIN_FONT = 8, MAX_FONT = 160;
  var RECONNECT_EVERY_MS = 1000;
  var FAMILY = "'Roboto Mono', monospace";

  function cell() {
    // One cell's size per pixel of font size, measured the way xterm measures it.
    var s = document.createElement("span");
    s.style.cssText = "position:absolute;left:-9999px;top:0;visibility:hidden;" +
      "white-space:pre;line-height:normal;font-size:100px;font-family:" + FAMILY;
    s.textContent = "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW";
    (document.body || document.documentElement).appendChild(s);
    var r = s.getBoundingClientRect();
    s.parentNode.removeChild(s);
    var w = r.width / 32 / 100, h = r.height / 100;
    if (!(w > 0) || !(h > 0)) { w = 0.6; h = 1.32; }
    return [w, h];
  }

  function fixedSize(el) {
    var n = parseInt((el || document.getElementById("terminal") || {dataset: {}})
                     .dataset.fixedFontSize || "0", 10);
    return n > 0 ? n : 0;
  }

  function fontSize(el) {
    var fixed = fixedSize(el);
    if (fixed) { return fixed; }
    var c = cell();
    var f = Math.floor(Math.min(window.innerWidth / (COLS * c[0]),
                                window.innerHeight / (ROWS * c[1])));
    return Math.max(MIN_FONT, Math.min(MAX_FONT, f));
  }
  window.floorkillFontSize = fontSize;

  function terminals() { return window.floorkillTerminals || []; }

  function mark() {
    var t = terminals()[0];
    if (!t || !t.terminal) { return; }
    var b = document.body.dataset;
    b.cols = String(t.terminal.cols);
    b.rows = String(t.terminal.rows);
    b.fontSize = String(t.terminal.options.fontSize);
  }

  function settle() {
    // After the terminal lost rows, xterm can leave its view above the screen the app
    // draws on: show the screen.
    terminals().forEach(function (t) { t.terminal.scrollToBottom(); });
    mark();
  }

  function refit() {
    terminals().forEach(function (t) {
      var f = fontSize(t.element);
      if (t.terminal.options.fontSize !== f) { t.terminal.options.fontSize = f; }
      t.fit();
    });
    settle();
  }
  window.floorkillRefit = refit;

  // Called by the served textual.js right after it made a terminal.
  window.floorkillAdopt = function (t) {
    window.floorkillTerminals = terminals().concat([t]);
    t.terminal.options.screenReaderMode = true;
    t.terminal.onResize(function () { setTimeout(settle, 0); });
    t.terminal.onWriteParsed(function () {
      var b = t.terminal.buffer.active;
      if (b.viewportY !== b.baseY) { t.terminal.scrollToBottom(); }
    });
    mark();
    if (document.fonts && document.fonts.load) {
      document.fonts.load("16px " + FAMILY).then(refit, function () {});
    }
  };

  var pending = null;
  window.addEventListener("resize", function () {
    if (pending) { clearTimeout(pending); }
    pending = setTimeout(function () { pending = null; refit(); }, 100);
  });

  // The bundle (textual.js) makes its terminal in window.onload. Hold that until the font
  // is loaded (at most FONT_WAIT_MS), so the first size is measured with the real font and
  // the display starts at its final size (no resize right after connecting).
  var FONT_WAIT_MS = 3000, bundleOnload = null;
  try {
    Object.defineProperty(window, "onload", {
      configurable: true,
      get: function () { return bundleOnload; },
      set: function (f) { bundleOnload = f; }
    });
  } catch (e) { /* the bundle's onload runs as usual; refit() follows the font */ }
  window.addEventListener("load", function (ev) {
    var started = false;
    function go() {
      if (started || typeof bundleOnload !== "function") { return; }
      started = true;
      bundleOnload.call(window, ev);
    }
    var fonts = (document.fonts && document.fonts.load)
      ? document.fonts.load("16px " + FAMILY) : Promise.resolve();
    fonts.then(go, go);
    setTimeout(go, FONT_WAIT_MS);
  });

  var retrying = false;
  function retry() {
    fetch(window.location.href, {cache: "no-store"}).then(function (r) {
      if (r.ok) { window.location.reload(); } else { setTimeout(retry, RECONNECT_EVERY_MS); }
    }).catch(function () { setTimeout(retry, RECONNECT_EVERY_MS); });
  }
  function watch() {
    if (retrying || !document.body.classList.contains("-closed")) { return; }
    retrying = true;
    setTimeout(retry, RECONNECT_EVERY_MS);
  }
  window.addEventListener("load", function () {
    new MutationObserver(watch).observe(document.body, {attributes: true,
                                                        attributeFilter: ["class"]});
    watch();
  });
})();
