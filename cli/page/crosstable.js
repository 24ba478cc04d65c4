/* The crosstables of summary.html (cli/crosstable.c).  Each event's table
 * travels as JSON in #crosstables-data and is drawn the first time its
 * <details> opens, or when a link points into it: a page of a thousand
 * events stays quick to open.  An event's data:
 *   t: the tie-break columns' heads;
 *   p: players by rank, [rank, name, points, tie-break 1, tie-break 2,
 *      points from games under review or ""];
 *   c: pairs that played, [i, j, games scored, i's points doubled, games paired],
 *      and when some of their games are under review (illegal, with a
 *      result), [..., games under review, i's and j's points from them
 *      doubled, how many stopped at i's and at j's illegal move];
 *   m: pairs with malformed games (counted for neither), [i, j, how many];
 *   g: its games by pair, [lo, hi, round, White, Black, result, status,
 *      games.csv row, viewer page or ""], or null when not listed. */
(function () {
  "use strict";
  var el = document.getElementById("crosstables-data");
  if (!el) return;
  var data = JSON.parse(el.textContent), resultHead = el.getAttribute("data-result");
  var scoredAs = {forfeit: "scored by forfeit", result: "scored as declared",
                  exclude: "left out"}[el.getAttribute("data-policy")];

  function node(tag, text, cls) {
    var n = document.createElement(tag);
    if (text !== undefined && text !== null) n.textContent = text;
    if (cls) n.className = cls;
    return n;
  }

  /* Doubled points as a crosstable writes them: 0, ½, 1, 1½. */
  function points(h) {
    var whole = Math.floor(h / 2);
    return (whole || h % 2 === 0 ? String(whole) : "") + (h % 2 ? "\u00bd" : "");
  }

  function cellText(games, h, paired) {
    var t = games ? points(h) : "";
    if (paired > games) t += games ? " *" : "*";
    return t;
  }

  /* The dagger that marks points from games under review. */
  function dagger(parent) { parent.appendChild(node("span", "\u2020", "rv")); }

  /* The mark of a pair's malformed games, and what its title says. */
  function malformedMark(parent) { parent.appendChild(node("span", "!", "mf")); }
  function malformedTitle(m) {
    return m + (m === 1 ? " malformed game" : " malformed games") +
      " (not read move by move, counted for neither; violations.csv says why)";
  }

  /* What a cell's games under review were, from row i's side. */
  function reviewTitle(c, i, j, d) {
    var mine = i < j, n = c[5], rh = mine ? c[6] : c[7];
    var broke = [[d.p[i][1], mine ? c[8] : c[9]], [d.p[j][1], mine ? c[9] : c[8]]];
    var t = n + (n === 1 ? " game" : " games") + " under review (illegal, with a result), " +
      scoredAs + ":";
    broke.forEach(function (b) {
      if (b[1]) t += " " + b[0] + "'s illegal move stopped " + (b[1] === 1 ? "one" : b[1]) + ";";
    });
    var ended = n - c[8] - c[9];
    if (ended) t += " " + ended + " ended by the rules before the first illegal move;";
    return t + " " + points(rh) + (rh === 1 || rh === 2 ? " point" : " points") + " from them here";
  }

  function pairId(k, a, b) { return "xt" + k + "-" + Math.min(a, b) + "-" + Math.max(a, b); }

  function table(d, k, listed) {
    var n = d.p.length, cell = {}, bad = {};
    d.c.forEach(function (c) { cell[c[0] + "," + c[1]] = c; });
    d.m.forEach(function (m) { bad[m[0] + "," + m[1]] = m[2]; });
    var t = node("table", null, "xt"), head = node("tr");
    ["#", "Player", "Points"].forEach(function (h, i) {
      head.appendChild(node("th", h, i === 1 ? "name" : null));
    });
    for (var j = 0; j < n; j++) head.appendChild(node("th", String(j + 1)));
    d.t.forEach(function (h) { head.appendChild(node("th", h)); });
    t.appendChild(node("thead")).appendChild(head);
    var body = t.appendChild(node("tbody"));
    d.p.forEach(function (p, i) {
      var tr = body.appendChild(node("tr"));
      tr.appendChild(node("td", p[0], "rank"));
      var name = tr.appendChild(node("td", p[1], "name"));
      name.appendChild(document.createTextNode(" "));
      name.appendChild(node("span", "(" + (i + 1) + ")", "no"));
      var pts = tr.appendChild(node("td", p[2]));
      if (p[5]) {
        dagger(pts);
        pts.title = p[5] + " of these points from games under review (" + scoredAs + ")";
      }
      for (var j = 0; j < n; j++) {
        var td = tr.appendChild(node("td", null, i === j ? "self" : null));
        var key = i < j ? i + "," + j : j + "," + i, c = cell[key], m = bad[key];
        if (i === j || (!c && !m)) continue;
        var games = c ? c[2] : 0, h = !c ? 0 : i < j ? c[3] : 2 * games - c[3];
        var titles = [];
        if (c) titles.push(games + (games === 1 ? " game" : " games") + " scored" +
          (c[4] > games ? ", " + (c[4] - games) + " not" : ""));
        if (m) titles.push(malformedTitle(m));
        td.title = titles.join("; ");
        var text = c ? cellText(games, h, c[4]) : "", into = td;
        if (listed) {
          into = td.appendChild(node("a", text));
          into.href = "#" + pairId(k, i, j);
        } else {
          td.textContent = text;
        }
        if (c && c.length > 5) {
          dagger(into);
          td.title += ". " + reviewTitle(c, i, j, d);
        }
        if (m) malformedMark(into);
      }
      tr.appendChild(node("td", p[3]));
      tr.appendChild(node("td", p[4]));
    });
    return t;
  }

  function games(d, k) {
    var t = node("table", null, "xt-games"), head = node("tr");
    ["Pair", "Round", "White", "Black", resultHead, "Status", "Game"].forEach(function (h, i) {
      head.appendChild(node("th", h, i === 2 || i === 3 || i === 6 ? "name" : null));
    });
    t.appendChild(node("thead")).appendChild(head);
    var body = null, last = "";
    d.g.forEach(function (g) {
      var id = pairId(k, g[0], g[1]);
      if (id !== last) {
        body = t.appendChild(node("tbody"));
        body.id = id;
        last = id;
      }
      var tr = body.appendChild(node("tr"));
      tr.appendChild(node("td", (g[0] + 1) + "-" + (g[1] + 1)));
      for (var i = 2; i <= 6; i++) tr.appendChild(node("td", g[i], i === 3 || i === 4 ? "name" : null));
      var where = tr.appendChild(node("td", null, "name")), text = "games.csv row " + g[7];
      if (g[8]) {
        var a = where.appendChild(node("a", text));
        a.href = g[8];
      } else {
        where.textContent = text;
      }
    });
    return t;
  }

  function build(det) {
    if (det.getAttribute("data-built")) return;
    det.setAttribute("data-built", "1");
    var k = +det.getAttribute("data-k"), d = data[k];
    det.appendChild(table(d, k, d.g !== null));
    if (d.g !== null) {
      det.appendChild(games(d, k));
    } else {
      det.appendChild(node("p", "The games of this event are not listed here (the page lists " +
        "at most " + el.getAttribute("data-budget") + ", event by event); games.csv has them.",
        "note"));
    }
  }

  var all = document.querySelectorAll("details.xt");
  Array.prototype.forEach.call(all, function (det) {
    det.addEventListener("toggle", function () { if (det.open) build(det); });
  });

  /* A link to a pair's games (#xtK-I-J) or to an event (#xtK): open it. */
  function follow() {
    var m = /^#xt(\d+)(-\d+-\d+)?$/.exec(location.hash);
    var det = m ? document.getElementById("xt" + m[1]) : null;
    if (!det) return;
    build(det);
    det.open = true;
    var target = document.getElementById(location.hash.slice(1));
    if (target) target.scrollIntoView();
  }
  window.addEventListener("hashchange", follow);
  follow();
}());
