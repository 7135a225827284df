// retrylint report: the page's behaviour. Everything is drawn by the Go
// renderer; this script only reacts: the detail panel of a node, tracing a
// path in the graph, sorting and filtering the inventory. It builds DOM
// with textContent only, so no string from the report is parsed as HTML.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var graph = document.getElementById('graph');
  var body = document.getElementById('detail-body');

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function nodeEl(id) { return document.getElementById('node-' + id); }

  // trace dims the graph but for the nodes and edges of path i (-1: none).
  function trace(i) {
    graph.querySelectorAll('.on-path').forEach(function (e) { e.classList.remove('on-path'); });
    var p = data.paths[i];
    graph.classList.toggle('tracing', !!p);
    if (!p) return;
    p.nodes.forEach(function (id, k) {
      var n = nodeEl(id);
      if (n) n.classList.add('on-path');
      var e = k > 0 && document.getElementById('edge-' + p.nodes[k - 1] + '-' + id);
      if (e) e.classList.add('on-path');
    });
  }

  function chain(p) {
    return p.nodes.map(function (id) { return data.nodes[id] ? data.nodes[id].label : id; }).join(' → ');
  }

  function facts(pairs) {
    var dl = el('dl');
    pairs.forEach(function (kv) {
      if (kv[1] === undefined || kv[1] === '') return;
      dl.appendChild(el('dt', '', kv[0]));
      dl.appendChild(el('dd', '', kv[1]));
    });
    return dl;
  }

  // show fills the detail panel with node id and traces its worst path.
  function show(id) {
    var n = data.nodes[id];
    if (!n) return;
    document.querySelectorAll('.selected').forEach(function (e) { e.classList.remove('selected'); });
    var g = nodeEl(id);
    if (g) g.classList.add('selected');
    var s = n.site ? data.sites[n.site] : null;
    if (s) {
      var row = document.getElementById('site-' + s.id);
      if (row) row.classList.add('selected');
    }
    document.getElementById('detail-hint').hidden = true;
    body.textContent = '';
    var p = data.paths[n.worst];
    var panel = document.getElementById('detail');
    panel.className = 'detail ' + (g ? g.getAttribute('class').split(' ').filter(function (c) {
      return c.indexOf('amp-') === 0;
    }).join(' ') : '');

    // Column 1: what and where.
    var what = el('div');
    what.appendChild(el('span', 'kind', n.kind === 'retry' && s ? 'retry · ' + s.kind : n.what));
    what.appendChild(el('h3', '', n.label));
    var loc = el('code', 'loc', s ? s.loc : n.loc);
    loc.id = 'detail-location';
    loc.title = 'source location';
    what.appendChild(loc);
    if (n.service) what.appendChild(el('p', 'func', 'service ' + n.service));
    if (s) {
      what.appendChild(el('p', 'func', 'in ' + s.func));
      what.appendChild(el('p', 'pkg', s.package));
    } else if (n.package) {
      what.appendChild(el('p', 'pkg', n.package));
    }
    body.appendChild(what);

    // Column 2: the retry policy.
    var policy = el('div');
    if (s) {
      policy.appendChild(el('h4', '', 'Retry policy'));
      policy.appendChild(facts([
        ['Retry', s.name], ['Library', s.library], ['Attempts', s.attempts],
        ['Base delay', s.base_delay.text], ['Cap', s.max_delay.text + (s.capped ? ' (capped: ' + s.capped + ')' : '')],
        ['Jitter', s.jitter], ['Attempt timeout', s.attempt_timeout.text], ['Worst case', s.worst_case.text],
        ['Load budget', s.load_budget]
      ]));
      if (s.load_budget_why) policy.appendChild(el('p', 'why', 'Load budget not known: ' + s.load_budget_why));
      if (s.attempts_why) policy.appendChild(el('p', 'why', 'Attempts not known: ' + s.attempts_why));
      if (s.unresolved) policy.appendChild(el('p', 'why', 'Calls not followed: ' + s.unresolved));
    } else if (n.kind === 'outbound') {
      policy.appendChild(el('p', 'hint', n.unknown && !n.target ? 'What the retry above calls, not resolved.' :
        'An outbound call: the target every layer above multiplies.'));
      policy.appendChild(facts([['Target', n.target]]));
      if (n.unknown) policy.appendChild(el('p', 'why', 'Not known: ' + n.unknown));
    } else if (n.kind === 'entry') {
      policy.appendChild(el('p', 'hint', 'An entry point (' + (n.entry || 'exported') + '): where a request can come in.'));
      if (n.serves) policy.appendChild(facts([['Serves', n.serves.join(', ')]]));
    } else {
      policy.appendChild(el('p', 'hint', 'A function between retry layers.'));
    }
    body.appendChild(policy);

    // Column 3: findings and the worst path.
    var more = el('div');
    if (s) {
      more.appendChild(el('h4', '', 'Findings'));
      if (s.findings && s.findings.length) {
        var ul = el('ul', 'findings-list');
        s.findings.forEach(function (f) {
          var li = el('li');
          li.appendChild(el('strong', '', f.analyzer + ': '));
          li.appendChild(document.createTextNode(f.message + ' '));
          li.appendChild(el('code', '', f.loc));
          ul.appendChild(li);
        });
        more.appendChild(ul);
      } else {
        more.appendChild(el('p', 'hint', 'none'));
      }
    }
    more.appendChild(el('h4', '', 'Worst path through it'));
    if (p) {
      more.appendChild(facts([['Amplification', p.amp], ['E[N]', p.expected], ['Worst case', p.worst_case]]));
      more.appendChild(el('p', 'chain', chain(p)));
    } else {
      more.appendChild(el('p', 'hint', 'on no path from an entry point to an outbound call'));
    }
    body.appendChild(more);
    if (s && s.source) body.appendChild(sourceLines(s));
    trace(n.worst);
  }

  // sourceLines renders a site's lines, numbered, the site's own marked.
  function sourceLines(s) {
    var pre = el('pre', 'source');
    pre.id = 'detail-source';
    var at = Number(s.loc.split(':').slice(-2, -1)[0]);
    s.source.lines.forEach(function (text, i) {
      var line = el('span', 'line' + (s.source.line + i === at ? ' here' : ''));
      line.appendChild(el('span', 'ln', String(s.source.line + i)));
      line.appendChild(document.createTextNode(text + '\n'));
      pre.appendChild(line);
    });
    if (s.source.cut) pre.appendChild(el('span', 'ln', '…'));
    return pre;
  }

  function activate(elem, fn) {
    elem.addEventListener('click', fn);
    elem.addEventListener('keydown', function (ev) {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); fn(); }
    });
  }

  graph.querySelectorAll('.node').forEach(function (g) {
    activate(g, function () { show(g.dataset.node); });
  });
  document.querySelectorAll('#inventory tbody tr[data-node]').forEach(function (tr) {
    activate(tr, function () { show(tr.dataset.node); });
  });
  document.querySelectorAll('#paths tbody tr[data-path]').forEach(function (tr) {
    activate(tr, function () {
      var i = Number(tr.dataset.path);
      var ids = data.paths[i].nodes;
      show(ids[ids.length - 1]);
      trace(i);
      document.querySelectorAll('#paths tr.selected').forEach(function (e) { e.classList.remove('selected'); });
      tr.classList.add('selected');
      var n = nodeEl(ids[0]);
      if (n && n.scrollIntoView) n.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
  });

  // Zoom: the SVG keeps its viewBox; only its rendered size changes.
  var natural = { w: Number(graph.getAttribute('width')), h: Number(graph.getAttribute('height')) };
  var scale = 1;
  function zoom(s) {
    scale = Math.min(2, Math.max(0.2, s));
    graph.setAttribute('width', Math.round(natural.w * scale));
    graph.setAttribute('height', Math.round(natural.h * scale));
  }
  document.getElementById('zoom-in').addEventListener('click', function () { zoom(scale * 1.25); });
  document.getElementById('zoom-out').addEventListener('click', function () { zoom(scale / 1.25); });
  document.getElementById('zoom-reset').addEventListener('click', function () { zoom(1); });
  function fit() { zoom(Math.min(1, (graph.parentNode.clientWidth - 2) / natural.w)); }
  document.getElementById('zoom-fit').addEventListener('click', fit);
  // A graph wider than its box opens fitted, so that the outbound calls
  // on the right are in view; the zoom buttons enlarge a part of it.
  if (natural.w > graph.parentNode.clientWidth) fit();

  // A call between services traces its edge and shows the entry point.
  document.querySelectorAll('#links tbody tr[data-from]').forEach(function (tr) {
    activate(tr, function () {
      show(tr.dataset.to);
      graph.querySelectorAll('.edge.on-path').forEach(function (e) { e.classList.remove('on-path'); });
      var e = document.getElementById('edge-' + tr.dataset.from + '-' + tr.dataset.to);
      if (e) e.classList.add('on-path');
    });
  });

  // Sorting: a header's button sorts by its column's data-sort, ascending
  // first, then toggles; equal keys keep their order (Array sort is stable).
  document.querySelectorAll('table.sortable').forEach(function (table) {
    var heads = table.querySelectorAll('thead th');
    heads.forEach(function (th, col) {
      th.querySelector('button').addEventListener('click', function () {
        var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
        heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');
        var num = th.dataset.type === 'num';
        var tbody = table.tBodies[0];
        var rows = Array.prototype.slice.call(tbody.rows);
        rows.sort(function (a, b) {
          var x = a.cells[col].dataset.sort, y = b.cells[col].dataset.sort;
          var c = num ? Number(x) - Number(y) : (x < y ? -1 : x > y ? 1 : 0);
          return dir * c;
        });
        rows.forEach(function (r) { tbody.appendChild(r); });
      });
    });
  });

  // Filtering: a row stays when its text contains every word typed.
  var filter = document.getElementById('inventory-filter');
  var count = document.getElementById('inventory-count');
  filter.addEventListener('input', function () {
    var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    var rows = document.querySelectorAll('#inventory tbody tr');
    var shown = 0;
    rows.forEach(function (tr) {
      var text = tr.textContent.toLowerCase();
      tr.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });
      if (!tr.hidden) shown++;
    });
    count.textContent = words.length ? shown + ' of ' + rows.length + ' sites' : rows.length + ' sites';
  });
})();
