/*
 * The game viewer (games/N.html): steps through a game move by move on
 * drawn boards, the illegal turn highlighted with its message beside it.
 * Keys: left and right step, Home and End go to the start and the end.
 *
 * The page carries its games as JSON (<script id="games">): per game the
 * games.csv fields, its violations (violations.csv) and its record
 * (cli/viewer_record.c): "boards" (name, file and rank names), "start"
 * (the first position in full: "cells" flat, board by board, rank by
 * rank from the first, "h" holdings [name, colour, board, [[label,
 * count]]], "p" side to move, "s" status), "steps" (per turn: "m"
 * marker, "t" text, "c" comment, "d" changed cells as index, cell pairs,
 * or "cells" in full; "h", "s" when changed; "x" a turn that was not
 * played), "marks" ([position, violation]) and "skipped" (turns before
 * the first position kept).  A cell is "" or "w"/"b" and a label, or "*" for a wall (an arrow,
 * the duck: a square nothing may enter).
 * Everything reaches the document as text or as SVG built node by node.
 */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var games = JSON.parse(document.getElementById("games").textContent);
  var pages = JSON.parse(document.getElementById("pages").textContent);
  var root = document.getElementById("viewer");
  var game = null, pos = 0, positions = [];

  function make(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function svg(tag, attrs, text) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Every position of the game in full, from the start and the changes.
  function build(g) {
    var r = g.record, list = [];
    var cur = { cells: r.start.cells.slice(), h: r.start.h, p: r.start.p, s: r.start.s,
                changed: {}, step: null };
    list.push(cur);
    r.steps.forEach(function (st) {
      var next = { cells: st.cells ? st.cells.slice() : cur.cells.slice(),
                   h: st.h || cur.h, p: st.p === undefined ? cur.p : st.p,
                   s: st.s === undefined ? cur.s : st.s, changed: {}, step: st };
      var d = st.d || [];
      for (var i = 0; i + 1 < d.length; i += 2) {
        next.cells[d[i]] = d[i + 1];
        next.changed[d[i]] = 1;
      }
      list.push(next);
      cur = next;
    });
    list.forEach(function (p) { p.marks = []; });
    r.marks.forEach(function (m) { list[m[0]].marks.push(g.violations[m[1]]); });
    return list;
  }

  function pieceNode(cell, x, y, size) {
    var white = cell.charAt(0) === "w", label = cell.slice(1);
    var grp = svg("g", { "class": "piece " + (white ? "white" : "black") });
    grp.appendChild(svg("circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.38 }));
    grp.appendChild(svg("text", { x: x + size / 2, y: y + size / 2,
                                  "font-size": label.length > 1 ? size * 0.32 : size * 0.45,
                                  "dominant-baseline": "central", "text-anchor": "middle" },
                        label));
    return grp;
  }

  function drawBoard(b, offset, p, bad) {
    var size = 40, nf = b.files.length, nr = b.ranks.length, m = 20;
    var w = m + nf * size + 4, h = nr * size + m + 4;
    var s = svg("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h,
                         "class": "board" + (bad ? " bad" : ""), role: "img",
                         "aria-label": (b.name ? b.name + " board" : "board") });
    for (var r = 0; r < nr; r++) {
      for (var f = 0; f < nf; f++) {
        var idx = offset + r * nf + f, x = m + f * size, y = (nr - 1 - r) * size + 2;
        var cls = "sq " + ((r + f) % 2 ? "light" : "dark") + (p.changed[idx] ? " changed" : "");
        var rect = svg("rect", { x: x, y: y, width: size, height: size, "class": cls });
        rect.setAttribute("data-square", b.files[f] + b.ranks[r]);
        s.appendChild(rect);
        var cell = p.cells[idx];
        if (cell === "*") {
          rect.setAttribute("class", cls + " wall");
        } else if (cell) {
          var n = pieceNode(cell, x, y, size);
          n.setAttribute("data-square", b.files[f] + b.ranks[r]);
          s.appendChild(n);
        }
      }
      s.appendChild(svg("text", { x: m / 2, y: (nr - 1 - r) * size + 2 + size / 2,
                                  "class": "coord", "dominant-baseline": "central",
                                  "text-anchor": "middle" }, b.ranks[r]));
    }
    for (var ff = 0; ff < nf; ff++)
      s.appendChild(svg("text", { x: m + ff * size + size / 2, y: nr * size + 2 + m / 2 + 2,
                                  "class": "coord", "dominant-baseline": "central",
                                  "text-anchor": "middle" }, b.files[ff]));
    return s;
  }

  function holdingNode(hd) {
    var d = make("div", "holding " + (hd[1] ? "black" : "white"));
    d.appendChild(make("span", "hname", hd[0] + ": "));
    if (!hd[3].length) d.appendChild(make("span", "empty", "empty"));
    hd[3].forEach(function (it) {
      d.appendChild(make("span", "held", it[0] + (it[1] > 1 ? " \u00d7" + it[1] : "")));
    });
    return d;
  }

  function sideName(p) { return p ? "Black" : "White"; }

  function show(k) {
    if (!game) return;
    pos = Math.max(0, Math.min(positions.length - 1, k));
    var p = positions[pos], r = game.record;
    var boards = document.getElementById("boards");
    boards.textContent = "";
    var offset = 0, bad = p.marks.some(function (v) { return v.code !== "result-mismatch"; });
    if (r.noboard) boards.appendChild(make("p", "note", "This variant has no board view."));
    r.boards.forEach(function (b, i) {
      var col = make("div", "boardcol");
      if (b.name) col.appendChild(make("div", "bname", b.name + " board"));
      p.h.forEach(function (hd) { if (hd[2] === i && hd[1] === 1) col.appendChild(holdingNode(hd)); });
      col.appendChild(drawBoard(b, offset, p, bad));
      p.h.forEach(function (hd) { if (hd[2] === i && hd[1] === 0) col.appendChild(holdingNode(hd)); });
      boards.appendChild(col);
      offset += b.files.length * b.ranks.length;
    });
    var free = document.getElementById("holdings");
    free.textContent = "";
    p.h.forEach(function (hd) { if (hd[2] < 0) free.appendChild(holdingNode(hd)); });

    var turn = document.getElementById("turn");
    turn.textContent = "";
    turn.className = bad ? "turn bad" : "turn";
    if (p.step) {
      turn.appendChild(make("strong", null, p.step.m + " "));
      turn.appendChild(make("code", null, p.step.t));
      if (p.step.x) turn.appendChild(make("span", "rejected", " (rejected: the board shows the position before it)"));
      if (p.step.c) turn.appendChild(make("span", "comment", " // " + p.step.c));
    } else {
      turn.appendChild(make("span", null, r.skipped ? "Position after the first " + r.skipped +
                                          " turns (earlier turns are not kept)" : "Starting position"));
    }
    var msgs = document.getElementById("messages");
    msgs.textContent = "";
    p.marks.forEach(function (v) {
      var d = make("div", "violation" + (v.code === "result-mismatch" ? " mismatch" : ""));
      d.setAttribute("role", "alert");
      d.appendChild(make("strong", null, v.code + ": "));
      d.appendChild(make("span", "message", v.message));
      if (v.player) d.appendChild(make("span", "who", " (entered by " + v.player + ")"));
      msgs.appendChild(d);
    });
    document.getElementById("status").textContent =
        p.s && p.s.indexOf("to move") >= 0 ? p.s : (p.s ? p.s + "; " : "") + sideName(p.p) + " to move";
    document.getElementById("where").textContent =
        "position " + pos + " of " + (positions.length - 1);
    var items = document.querySelectorAll("#moves li");
    Array.prototype.forEach.call(items, function (li, i) {
      li.className = (i + 1 === pos ? "current" : "") + (li.getAttribute("data-bad") ? " bad" : "");
    });
    // The move list scrolls by itself, never the page: on a phone the
    // list is under the board, which stays where it is.
    var curItem = items[pos - 1], list = document.getElementById("moves");
    if (curItem && list) {
      var top = curItem.offsetTop;   // the list is positioned: relative to it
      if (top < list.scrollTop) list.scrollTop = top;
      else if (top + curItem.offsetHeight > list.scrollTop + list.clientHeight)
        list.scrollTop = top + curItem.offsetHeight - list.clientHeight;
    }
    root.setAttribute("data-position", String(pos));
  }

  function button(text, title, fn) {
    var b = make("button", null, text);
    b.type = "button";
    b.title = title;
    b.addEventListener("click", fn);
    return b;
  }

  function firstBad() {
    for (var i = 0; i < positions.length; i++)
      if (positions[i].marks.length) return i;
    return -1;
  }

  function open(g) {
    game = g;
    positions = build(g);
    root.textContent = "";
    root.setAttribute("data-game", String(g.id));
    var title = make("h1", null, (g.white || "?") + " \u2013 " + (g.black || "?"));
    root.appendChild(title);
    var facts = [g.variant, g.event, g.round ? "round " + g.round : "",
                 g.result + (g.termination ? " (" + g.termination + ")" : ""),
                 "status " + g.status, g.ended || g.started].filter(Boolean);
    root.appendChild(make("p", "facts", facts.join(" \u00b7 ")));
    root.appendChild(make("p", "where", g.source + (g.entry ? "!" + g.entry : "") +
                          ", game " + g.game + " (games.csv row " + g.id + ")"));
    var ctl = make("div", "controls");
    ctl.appendChild(button("|\u25c0", "start (Home)", function () { show(0); }));
    ctl.appendChild(button("\u25c0", "previous turn (left arrow)", function () { show(pos - 1); }));
    ctl.appendChild(button("\u25b6", "next turn (right arrow)", function () { show(pos + 1); }));
    ctl.appendChild(button("\u25b6|", "end (End)", function () { show(positions.length - 1); }));
    var fb = firstBad();
    if (fb >= 0) {
      var vb = button("go to the violation", "the first position with a violation",
                      function () {
                        show(fb);
                        // The board in view (on a phone it may be above the screen).
                        var b = document.getElementById("boards"), r = b.getBoundingClientRect();
                        if (r.top < 0 || r.top > window.innerHeight) b.scrollIntoView({ block: "start" });
                      });
      vb.className = "tobad";
      ctl.appendChild(vb);
    }
    ctl.appendChild(make("span", "where", ""));
    ctl.lastChild.id = "where";
    root.appendChild(ctl);
    var main = make("div", "main");
    var left = make("div", "left");
    var boards = make("div", "boards");
    boards.id = "boards";
    left.appendChild(boards);
    var free = make("div", "holdings");
    free.id = "holdings";
    left.appendChild(free);
    var status = make("p", "status");
    status.id = "status";
    left.appendChild(status);
    var turn = make("p", "turn");
    turn.id = "turn";
    left.appendChild(turn);
    var msgs = make("div", "messages");
    msgs.id = "messages";
    left.appendChild(msgs);
    main.appendChild(left);
    var moves = make("ol", "moves");
    moves.id = "moves";
    positions.slice(1).forEach(function (p, i) {
      var li = make("li");
      li.appendChild(make("span", "mk", p.step.m + " "));
      li.appendChild(make("span", "mt", p.step.t));
      if (p.marks.some(function (v) { return v.code !== "result-mismatch"; })) li.setAttribute("data-bad", "1");
      li.addEventListener("click", function () { show(i + 1); });
      moves.appendChild(li);
    });
    main.appendChild(moves);
    root.appendChild(main);
    show(0);
  }

  function selector() {
    var bar = make("div", "gamebar");
    var sel = make("select");
    sel.id = "game-select";
    games.forEach(function (g) {
      var o = make("option", null, "#" + g.id + " " + (g.white || "?") + " \u2013 " +
                   (g.black || "?") + " (" + g.variant + ", " + g.status + ")");
      o.value = "g" + g.id;
      sel.appendChild(o);
    });
    sel.addEventListener("change", function () { location.hash = sel.value; });
    if (pages.prev) {
      var a = make("a", null, "\u00ab previous page");
      a.setAttribute("href", (pages.page - 1) + ".html");
      bar.appendChild(a);
    }
    bar.appendChild(make("span", null, " page " + pages.page + ": "));
    bar.appendChild(sel);
    if (pages.next) {
      var n = make("a", null, " next page \u00bb");
      n.setAttribute("href", (pages.page + 1) + ".html");
      bar.appendChild(n);
    }
    root.parentNode.insertBefore(bar, root);
    return sel;
  }

  var sel = games.length ? selector() : null;

  // #g17: game 17 (games.csv row) from its start; #g17-v2: at the
  // position of its second violation (violations.csv order), as the
  // summary's links open it.
  function fromHash() {
    var m = /^#g(\d+)(?:-v(\d+))?$/.exec(location.hash) || [];
    var g = games.filter(function (x) { return String(x.id) === m[1]; })[0] || games[0];
    if (sel) sel.value = "g" + g.id;
    open(g);
    var at = g.record.marks.filter(function (mk) { return mk[1] === Number(m[2]) - 1; })[0];
    if (at) show(at[0]);
  }

  document.addEventListener("keydown", function (e) {
    if (!game || e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
    var k = e.key;
    if (k === "ArrowLeft") show(pos - 1);
    else if (k === "ArrowRight") show(pos + 1);
    else if (k === "Home") show(0);
    else if (k === "End") show(positions.length - 1);
    else return;
    e.preventDefault();
  });
  window.addEventListener("hashchange", fromHash);
  if (games.length) fromHash();
  else root.appendChild(make("p", null, "No game has a viewer page in this run."));
})();
