/*
 * The audit tables of summary.html: sort (click a column head), filter
 * (the controls above each table) and page through rows that the page
 * carries as JSON, so that a list of 100,000 rows opens as fast as one of
 * ten: only one page of rows is ever in the document.
 *
 * Each table is a <div class="audit-table" data-rows="ID">, ID naming a
 * <script type="application/json"> that holds {cols, rows}:
 *   cols: [{n: name, t: "text" | "num" | "turn" | "link", f: "select" |
 *           "text" | absent, g: filter group label}]
 *   rows: arrays of cells in cols' order; a "turn" cell is 2 * turn +
 *         side (0 White, 1 Black) or -1 for none; a "link" cell is a
 *         relative address or "".
 * Everything reaches the document as text (textContent), never as markup.
 */
(function () {
  "use strict";

  function make(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function thousands(n) {
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  }

  function turnText(k) {
    if (k === "" || k < 0) return "";
    return Math.floor(k / 2) + (k % 2 ? "..." : ".");
  }

  function cellText(col, v) {
    if (col.t === "turn") return turnText(v);
    if (col.t === "num") return v === "" ? "" : thousands(v);
    return v;
  }

  function compare(col, a, b) {
    if (col.t === "num" || col.t === "turn") {
      var x = a === "" ? -1 : a, y = b === "" ? -1 : b;
      return x - y;
    }
    return a === b ? 0 : (a > b ? 1 : -1);
  }

  function setup(box) {
    var data = JSON.parse(document.getElementById(box.getAttribute("data-rows")).textContent);
    var cols = data.cols, rows = data.rows;
    var st = { sort: -1, dir: 1, page: 0, size: 50, sel: {}, text: {} };
    var view = rows.slice();

    var controls = make("div", "filters");
    var table = make("table", "audit");
    var head = make("tr");
    var body = make("tbody");
    var pager = make("div", "pager");
    var thead = make("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    table.appendChild(body);
    box.appendChild(controls);
    box.appendChild(pager);
    box.appendChild(table);

    // Filters: a select of the values present, or a text box whose words
    // must all occur in one of the group's columns.
    var groups = {};
    cols.forEach(function (c, i) {
      if (!c.f) return;
      var key = c.g || c.n;
      if (c.f === "text") {
        if (!groups[key]) {
          groups[key] = [];
          var label = make("label", null, key + " ");
          var input = make("input");
          input.type = "search";
          input.setAttribute("data-filter", key);
          input.addEventListener("input", function () {
            st.text[key] = input.value.toLowerCase();
            st.page = 0;
            refresh();
          });
          label.appendChild(input);
          controls.appendChild(label);
        }
        groups[key].push(i);
        return;
      }
      var seen = {}, values = [];
      rows.forEach(function (r) {
        if (!Object.prototype.hasOwnProperty.call(seen, r[i])) {
          seen[r[i]] = 1;
          values.push(r[i]);
        }
      });
      values.sort();
      var sl = make("label", null, c.n + " ");
      var sel = make("select");
      sel.setAttribute("data-filter", c.n);
      // Option values: "" for every row, "=" and the value for one.
      sel.appendChild(make("option", null, "(all)"));
      sel.options[0].value = "";
      values.forEach(function (v) {
        var o = make("option", null, v === "" ? "(none)" : v);
        o.value = "=" + v;
        sel.appendChild(o);
      });
      sel.addEventListener("change", function () {
        if (sel.value === "") delete st.sel[i]; else st.sel[i] = sel.value.slice(1);
        st.page = 0;
        refresh();
      });
      sl.appendChild(sel);
      controls.appendChild(sl);
    });

    var sizeLabel = make("label", null, "rows per page ");
    var size = make("select");
    [25, 50, 100, 500].forEach(function (n) {
      var o = make("option", null, String(n));
      o.value = String(n);
      if (n === st.size) o.selected = true;
      size.appendChild(o);
    });
    size.addEventListener("change", function () {
      st.size = parseInt(size.value, 10);
      st.page = 0;
      render();
    });
    sizeLabel.appendChild(size);
    controls.appendChild(sizeLabel);

    cols.forEach(function (c, i) {
      var th = make("th", c.t === "num" || c.t === "turn" ? "num" : null, c.n);
      th.setAttribute("data-col", String(i));
      th.title = "sort by " + c.n;
      th.addEventListener("click", function () {
        if (st.sort === i) st.dir = -st.dir; else { st.sort = i; st.dir = 1; }
        refresh();
      });
      head.appendChild(th);
    });

    function matches(r) {
      for (var k in st.sel) if (String(r[k]) !== st.sel[k]) return false;
      for (var g in st.text) {
        var words = st.text[g].split(/\s+/).filter(Boolean);
        if (!words.length) continue;
        var hit = groups[g].some(function (i) {
          var v = String(r[i]).toLowerCase();
          return words.every(function (w) { return v.indexOf(w) >= 0; });
        });
        if (!hit) return false;
      }
      return true;
    }

    function refresh() {
      var order = rows.map(function (r, i) { return i; }).filter(function (i) {
        return matches(rows[i]);
      });
      if (st.sort >= 0) {
        var c = cols[st.sort], k = st.sort;
        // Ties keep the report's order: the sort is stable on positions.
        order.sort(function (a, b) {
          return st.dir * compare(c, rows[a][k], rows[b][k]) || a - b;
        });
      }
      view = order.map(function (i) { return rows[i]; });
      Array.prototype.forEach.call(head.children, function (th, i) {
        th.setAttribute("aria-sort", i !== st.sort ? "none" :
                        st.dir > 0 ? "ascending" : "descending");
      });
      render();
    }

    function button(text, page, enabled) {
      var b = make("button", null, text);
      b.type = "button";
      b.disabled = !enabled;
      b.addEventListener("click", function () { st.page = page; render(); });
      return b;
    }

    function render() {
      var pages = Math.max(1, Math.ceil(view.length / st.size));
      if (st.page >= pages) st.page = pages - 1;
      var from = st.page * st.size, to = Math.min(view.length, from + st.size);
      var frag = document.createDocumentFragment();
      for (var r = from; r < to; r++) {
        var tr = make("tr");
        cols.forEach(function (c, i) {
          var v = view[r][i], td;
          if (c.t === "link") {
            td = make("td");
            if (v) {
              var a = make("a", null, "view");
              a.setAttribute("href", v);
              td.appendChild(a);
            }
          } else {
            td = make("td", c.t === "num" || c.t === "turn" ? "num" : null, cellText(c, v));
          }
          tr.appendChild(td);
        });
        frag.appendChild(tr);
      }
      body.textContent = "";
      body.appendChild(frag);
      pager.textContent = "";
      var shown = view.length ? thousands(from + 1) + "\u2013" + thousands(to) + " of " +
          thousands(view.length) : "no rows";
      if (view.length !== rows.length) shown += " (filtered from " + thousands(rows.length) + ")";
      pager.appendChild(make("span", "shown", shown));
      pager.appendChild(button("first", 0, st.page > 0));
      pager.appendChild(button("previous", st.page - 1, st.page > 0));
      pager.appendChild(make("span", "page", " page " + thousands(st.page + 1) + " of " +
                             thousands(pages) + " "));
      pager.appendChild(button("next", st.page + 1, st.page + 1 < pages));
      pager.appendChild(button("last", pages - 1, st.page + 1 < pages));
    }

    refresh();
    box.setAttribute("data-ready", "1");
  }

  Array.prototype.forEach.call(document.querySelectorAll(".audit-table"), setup);
})();
