// floorkill big screen page: draws the big screen's view (JSON from /events) as a page.
//
// What a screen shows comes from its address (the server's defaults in data-*):
//   ?lang=en|ru   ?table=NAME (one table)   ?grid=1|0 (every table / one at a time)
//   ?placard=1 (the tables' placards)   ?token=… (off loopback)
// Every text is set with textContent: names are text, never markup. The page sends
// nothing but the two GETs (itself, the stream). When the stream drops it says so over
// the last picture and comes back by itself (EventSource retries; a refused stream is
// reopened after a second). body[data-mode], [data-shown], [data-state] and
// [data-updates] say what is on screen, for whoever checks the page.
(function () {
  "use strict";
  var CARD_MIN_W = 21, CARD_MIN_H = 10.5;  // rem: a grid card readable from the room
  var SILENT_MS = 40000;  // no update nor ping for this long: reopen the stream
  var body = document.body;
  var query = new URLSearchParams(window.location.search);
  var ds = body.dataset;
  var choice = {
    table: query.has("table") ? query.get("table") : (ds.table || ""),
    grid: flag(query.get("grid"), ds.grid === "1" ? true : (ds.grid === "0" ? false : null)),
    placard: flag(query.get("placard"), ds.placard === "1"),
    rotate: Math.max(0, parseFloat(ds.rotate || "12") || 0)
  };
  var view = null, index = 0, page = 0, pages = 1, updates = 0;
  var source = null, heard = 0;

  function flag(v, dflt) {
    if (v === null || v === undefined) { return dflt; }
    v = v.trim().toLowerCase();
    if (["1", "yes", "true", "on"].indexOf(v) >= 0) { return true; }
    if (["0", "no", "false", "off"].indexOf(v) >= 0) { return false; }
    return dflt;
  }
  function $(id) { return document.getElementById(id); }
  function text(id, value) { var e = $(id); if (e.textContent !== value) { e.textContent = value; } }
  function el(tag, cls, value) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (value !== undefined) { e.textContent = value; }
    return e;
  }
  function show(id) {
    ["table", "room", "placard", "waiting"].forEach(function (m) { $(m).hidden = m !== id; });
    body.dataset.mode = id;
  }
  function rem() { return parseFloat(getComputedStyle(document.documentElement).fontSize) || 16; }

  // -- the grid's shape, as the terminal's grid_shape() in cells -----------------------
  function shape(n) {
    var r = rem(), grid = $("room-grid");
    var w = grid.clientWidth || window.innerWidth, h = grid.clientHeight || window.innerHeight;
    var maxCols = Math.max(1, Math.floor(w / (CARD_MIN_W * r)));
    var maxRows = Math.max(1, Math.floor(h / (CARD_MIN_H * r)));
    var cols = Math.min(maxCols, Math.max(1, Math.ceil(Math.sqrt(n))));
    var rows = Math.min(maxRows, Math.ceil(n / cols));
    if (cols * rows < n && cols < maxCols) { cols = Math.min(maxCols, Math.ceil(n / rows)); }
    return [cols, rows, cols * rows];
  }

  // -- drawing ---------------------------------------------------------------------------
  function render() {
    updates += 1;
    body.dataset.updates = String(updates);
    if (!view) { return; }
    text("problems", view.problems || "");
    $("problems").hidden = !view.problems;
    var n = view.tables.length;
    if (!n) { return waiting(view.waiting, view.detail); }
    if (choice.table) {
      var at = -1;
      view.tables.forEach(function (t, i) { if (t.name === choice.table) { at = i; } });
      if (at < 0) {
        return waiting(ds.missing.replace("{name}", choice.table), ds.missingDetail);
      }
      index = at;
    }
    index = Math.min(index, n - 1);
    if (choice.placard) { return drawPlacard(view.placards[index]); }
    var wantGrid = !choice.table && (choice.grid === true ||
                                     (choice.grid === null && n >= 2 && fitsGrid(n)));
    if (wantGrid) { return drawGrid(view.grid); }
    drawTable(view.tables[index], !choice.table);
  }

  function fitsGrid(n) { show("room"); return shape(n)[2] >= n; }

  function waiting(headline, detail) {
    show("waiting");
    body.dataset.shown = "";
    body.classList.remove("-kill");
    text("waiting-text", headline || "");
    text("waiting-detail", detail || "");
  }

  function drawTable(t, rotating) {
    show("table");
    body.dataset.shown = t.name;
    body.classList.toggle("-kill", t.killed);
    text("table-name", t.name);
    text("game", t.game);
    text("hand-label", t.hand_label);
    text("hand-number", String(t.hand));
    text("limits-label", t.limits_label);
    text("limits", t.limits);
    var b = t.banner;
    $("banner-box").className = "-" + b.kind;
    text("big-status", b.status);
    text("big-seat", b.seat);
    text("big-name", b.name);
    text("banner", b.text);
    text("felt-first", t.felt[0] || "");
    text("felt-hand", t.felt[1] || "");
    drawSeats(t.seats);
    text("last-head", t.last.head + t.last.hand + (t.last.none ? "" : ": "));
    text("last-text", t.last.text);
    text("last-cite", t.last.cite);
    text("barred", t.barred);
    text("corrected", t.corrected);
    text("rotation", rotating ? t.rotation : "");
    fitBanner();
  }

  function fitBanner() {
    // The block letters shrink until the seat and the name fit on one line.
    var big = $("banner-big");
    big.style.fontSize = "";
    for (var i = 0; i < 12 && big.scrollWidth > big.clientWidth + 1; i++) {
      big.style.fontSize = (parseFloat(getComputedStyle(big).fontSize) * 0.9) + "px";
    }
  }

  function drawSeats(seats) {
    var box = $("seating");
    Array.prototype.slice.call(box.querySelectorAll(".seat")).forEach(function (e) {
      e.parentNode.removeChild(e);
    });
    var count = seats.length;
    seats.forEach(function (s) {
      var theta = 2 * Math.PI * s.seat / (count + 1);
      var label = el("div", "seat");
      label.style.left = (50 + 41 * Math.sin(theta)) + "%";
      label.style.top = (50 - 40 * Math.cos(theta)) + "%";
      label.dataset.seat = String(s.seat);
      var who = el("div", "who");
      who.appendChild(el("span", "n", String(s.seat)));
      if (s.name === null) {
        label.classList.add("-empty");
        who.appendChild(el("span", "", ""));
        label.appendChild(who);
        box.appendChild(label);
        return;
      }
      who.appendChild(el("span", "", s.name));
      label.appendChild(who);
      var line = el("div", "line");
      line.appendChild(el("span", "stack", s.stack));
      if (s.markers) { line.appendChild(el("span", "marks", s.markers)); }
      label.appendChild(line);
      var line2 = el("div", "line");
      if (s.kill) {
        var killed = s.kill.charAt(0) === "\u25b2";
        line2.appendChild(el("span", killed ? "kill" : "leg", s.kill));
        label.classList.add(killed ? "-kill" : "-leg");
      }
      if (s.status) { line2.appendChild(el("span", "status", s.status)); }
      label.appendChild(line2);
      box.appendChild(label);
    });
  }

  function drawGrid(g) {
    show("room");
    body.dataset.shown = "";
    body.classList.remove("-kill");
    var s = shape(g.cards.length), grid = $("room-grid");
    pages = Math.max(1, Math.ceil(g.cards.length / s[2]));
    page = Math.min(page, pages - 1);
    grid.style.gridTemplateColumns = "repeat(" + s[0] + ", minmax(0, 1fr))";
    grid.style.gridTemplateRows = "repeat(" + s[1] + ", minmax(0, 1fr))";
    // the cards' type grows with the cards: a few tables read from further away
    var r = rem(), cardW = grid.clientWidth / s[0], cardH = grid.clientHeight / s[1];
    var scale = Math.max(1, Math.min(cardW / (CARD_MIN_W * r), cardH / (CARD_MIN_H * r), 2.2));
    grid.style.fontSize = (scale * r) + "px";
    while (grid.firstChild) { grid.removeChild(grid.firstChild); }
    g.cards.slice(page * s[2], (page + 1) * s[2]).forEach(function (c) {
      var card = el("div", "card -" + c.kind);
      var top = el("div", "top");
      top.appendChild(el("span", "name", c.name));
      top.appendChild(el("span", "limits", c.limits));
      card.appendChild(top);
      card.appendChild(el("div", "status", c.status));
      card.appendChild(el("div", "who", c.who));
      card.appendChild(el("div", "barred", c.barred_text));
      grid.appendChild(card);
    });
    var title = g.title;
    if (pages > 1) {
      title += " · " + g.page_of.replace("{page}", String(page + 1)).replace("{pages}", String(pages));
    }
    text("room-title", title);
  }

  function drawPlacard(p) {
    show("placard");
    body.dataset.shown = view.tables[index].name;
    body.classList.remove("-kill");
    text("placard-title", p.title);
    var list = $("placard-lines");
    while (list.firstChild) { list.removeChild(list.firstChild); }
    p.lines.forEach(function (line) {
      var li = el("li", "", line.text);
      if (line.cites) { li.appendChild(el("span", "cites", line.cites)); }
      list.appendChild(li);
    });
    text("placard-rotation", choice.table ? "" : p.rotation);
  }

  function rotate() {
    if (!view || !view.tables.length || choice.table) { return; }
    if (body.dataset.mode === "room") {
      if (pages > 1) { page = (page + 1) % pages; render(); }
      return;
    }
    if (view.tables.length > 1) { index = (index + 1) % view.tables.length; render(); }
  }

  // -- the stream ------------------------------------------------------------------------
  function live() { heard = Date.now(); if (body.dataset.state !== "live") { body.dataset.state = "live"; $("lost").hidden = true; } }
  function lost() { body.dataset.state = "lost"; $("lost").hidden = false; }

  function open() {
    var params = new URLSearchParams();
    params.set("lang", ds.lang || "en");
    if (query.has("token")) { params.set("token", query.get("token")); }
    source = new EventSource("events?" + params.toString());
    heard = Date.now();
    source.addEventListener("view", function (ev) {
      live();
      try { view = JSON.parse(ev.data); } catch (e) { return; }
      render();
    });
    source.addEventListener("ping", live);
    source.onopen = live;
    source.onerror = function () {
      lost();
      if (source.readyState === EventSource.CLOSED) { reopen(); }
    };
  }
  function reopen() {
    if (source) { source.close(); }
    source = null;
    setTimeout(open, 1000);
  }
  setInterval(function () {
    if (source && Date.now() - heard > SILENT_MS) { lost(); reopen(); }
  }, 5000);

  if (choice.rotate > 0) { setInterval(rotate, choice.rotate * 1000); }
  var pending = null;
  window.addEventListener("resize", function () {
    if (pending) { clearTimeout(pending); }
    pending = setTimeout(function () { pending = null; render(); }, 150);
  });
  open();
})();
