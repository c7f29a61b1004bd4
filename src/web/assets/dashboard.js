// The operator's dashboard: polls the data endpoint every few seconds and draws it. Every name
// (files, users, bots, log lines) goes into the page as text (textContent), never as markup.
'use strict';
(function () {
  const POLL_MS = 5000;
  const page = document.getElementById('dashboard');
  const source = page.dataset.source;
  const charts = {};
  let timer = 0;

  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  function size(bytes) {
    let value = Number(bytes) || 0;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit += 1; }
    return (unit === 0 ? String(value) : value.toFixed(value < 10 ? 2 : 1)) + ' ' + units[unit];
  }
  function count(n) { return (Number(n) || 0).toLocaleString('en-US'); }
  function duration(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    if (s < 60) return s + ' s';
    if (s < 3600) return Math.floor(s / 60) + ' min';
    if (s < 86400) return Math.floor(s / 3600) + ' h ' + Math.floor((s % 3600) / 60) + ' min';
    return Math.floor(s / 86400) + ' d ' + Math.floor((s % 86400) / 3600) + ' h';
  }
  function time(unix) { return new Date(unix * 1000).toISOString().replace('T', ' ').slice(0, 19) + ' UTC'; }

  function setText(id, text) { document.getElementById(id).textContent = text; }
  function cell(row, text, className) {
    const td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    row.appendChild(td);
    return td;
  }
  function fillTable(id, items, columns, render) {
    const body = document.querySelector('#' + id + ' tbody');
    const rows = [];
    for (const item of items) {
      const row = document.createElement('tr');
      render(row, item);
      rows.push(row);
    }
    if (rows.length === 0) {
      const row = document.createElement('tr');
      const td = cell(row, 'None right now', 'empty');
      td.colSpan = columns;
      rows.push(row);
    }
    body.replaceChildren(...rows);
  }

  const palette = ['#2f6fde', '#f0b429', '#57ab5a', '#e5534b', '#b083f0', '#39c5cf'];
  function chartWidth(el) { return Math.max(240, el.clientWidth); }
  function draw(name, data, series, options) {
    const el = document.querySelector('[data-chart="' + name + '"]');
    const key = name + ':' + series.map((s) => s.label).join('|');
    const existing = charts[name];
    if (existing && existing.key === key) {
      existing.plot.setData(data);
      return;
    }
    if (existing) existing.plot.destroy();
    const opts = Object.assign({
      width: chartWidth(el),
      height: 170,
      series: [{}].concat(series),
      axes: [{ stroke: '#9aa4b1', grid: { stroke: '#2a313b' } },
             { stroke: '#9aa4b1', grid: { stroke: '#2a313b' }, size: 60 }],
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
    }, options || {});
    charts[name] = { key: key, plot: new uPlot(opts, data, el) };
  }
  function bytesAxis() {
    return [{ stroke: '#9aa4b1', grid: { stroke: '#2a313b' } },
            { stroke: '#9aa4b1', grid: { stroke: '#2a313b' }, size: 84,
              values: (u, ticks) => ticks.map((v) => size(v)) }];
  }

  function showBandwidth(b, now) {
    const used = b.used_bytes;
    const limit = b.limit_bytes;
    const usedEl = document.getElementById('bandwidth-used');
    usedEl.textContent = size(used);
    usedEl.dataset.bytes = String(used);
    setText('bandwidth-limit', limit > 0 ? 'of ' + size(limit) + ' (' + b.month + ')' : 'no limit (' + b.month + ')');
    const projected = document.getElementById('bandwidth-projected');
    projected.textContent = size(b.projected_bytes);
    projected.dataset.bytes = String(b.projected_bytes);
    const scale = limit > 0 ? limit : Math.max(b.projected_bytes, used, 1);
    const fill = document.getElementById('bandwidth-meter');
    fill.style.width = Math.min(100, (100 * used) / scale) + '%';
    fill.className = 'meter-fill' + (limit > 0 && used >= 0.95 * limit ? ' full' : limit > 0 && used >= 0.8 * limit ? ' high' : '');
    document.getElementById('bandwidth-projection-mark').style.left = Math.min(99.5, (100 * b.projected_bytes) / scale) + '%';
    // The month as a line: what was used so far (straight, as only the total is known), the
    // projection to the month's end, and the limit.
    const [year, month] = b.month.split('-').map(Number);
    const start = Date.UTC(year, month - 1, 1) / 1000;
    const end = Date.UTC(year, month, 1) / 1000;
    const xs = [start, now, end];
    const data = [xs, [0, used, null], [null, used, b.projected_bytes]];
    const series = [{ label: 'used', stroke: palette[0], width: 2, value: (u, v) => (v == null ? '–' : size(v)) },
                    { label: 'projected', stroke: palette[1], width: 2, dash: [6, 4], value: (u, v) => (v == null ? '–' : size(v)) }];
    if (limit > 0) {
      data.push([limit, limit, limit]);
      series.push({ label: 'limit', stroke: palette[3], width: 1, value: (u, v) => size(v) });
    }
    draw('bandwidth', data, series, { axes: bytesAxis(), scales: { y: { range: (u, min, max) => [0, Math.max(max, 1)] } } });
  }

  function showUsers(users, now) {
    const total = document.getElementById('total-users');
    total.textContent = count(users.total);
    total.dataset.count = String(users.total);
    const byDay = new Map(users.new_per_day.map((d) => [d.day, d.count]));
    const xs = [];
    const ys = [];
    const today = Math.floor(now / 86400) * 86400;
    for (let day = today - 29 * 86400; day <= today; day += 86400) {
      xs.push(day);
      ys.push(byDay.get(new Date(day * 1000).toISOString().slice(0, 10)) || 0);
    }
    draw('users', [xs, ys], [{ label: 'new users', stroke: palette[2], fill: 'rgba(87,171,90,0.35)', width: 1,
                              paths: uPlot.paths.bars({ size: [0.7, 40] }) }],
         { scales: { y: { range: (u, min, max) => [0, Math.max(max, 1)] } } });
  }

  function showTraffic(t) {
    const xs = [];
    const length = t.nodes.length ? t.nodes[0].requests.length : 0;
    for (let i = 0; i < length; i += 1) xs.push(t.first_minute_unix + i * t.step_seconds);
    let requests = 0;
    let bytes = 0;
    const reqSeries = [];
    const byteSeries = [];
    const reqData = [xs];
    const byteData = [xs];
    t.nodes.forEach((node, i) => {
      for (const v of node.requests) requests += v;
      for (const v of node.bytes) bytes += v;
      reqSeries.push({ label: node.node_id, stroke: palette[i % palette.length], width: 1.5 });
      byteSeries.push({ label: node.node_id, stroke: palette[i % palette.length], width: 1.5, value: (u, v) => (v == null ? '–' : size(v)) });
      reqData.push(node.requests);
      byteData.push(node.bytes);
    });
    const reqEl = document.getElementById('requests-24h');
    reqEl.textContent = count(requests);
    reqEl.dataset.count = String(requests);
    const byteEl = document.getElementById('bytes-24h');
    byteEl.textContent = size(bytes);
    byteEl.dataset.bytes = String(bytes);
    const floor = { y: { range: (u, min, max) => [0, Math.max(max, 1)] } };
    draw('requests', reqData, reqSeries, { scales: floor });
    draw('bytes', byteData, byteSeries, { scales: floor, axes: bytesAxis() });
  }

  function showNodes(nodes, now) {
    fillTable('nodes', nodes, 7, (row, n) => {
      cell(row, n.node_id + (n.leader ? ' (leader)' : '') + (now - n.reported_unix > 60 ? ' · last seen ' + duration(now - n.reported_unix) + ' ago' : ''), 'name');
      cell(row, duration(n.uptime_seconds));
      cell(row, count(n.active_streams));
      cell(row, count(n.clients));
      cell(row, size(n.cache.bytes) + ' of ' + size(n.cache.limit_bytes) + ' (' + Math.round((100 * n.cache.bytes) / Math.max(1, n.cache.limit_bytes)) + ' %)');
      const c = n.conversions;
      cell(row, c.mode + ': ' + c.running + ' running, ' + c.queued + ' waiting; slots ' + c.transcode_slots + ' transcode, ' + c.remux_slots + ' remux');
      const t = n.self_test;
      cell(row, !t.ran ? 'not run yet' : (t.passed ? 'passed' : t.summary), !t.ran ? '' : (t.passed ? 'ok' : 'bad'));
    });
    const bots = [];
    const streams = [];
    let active = 0;
    for (const n of nodes) {
      for (const b of n.bots) bots.push(Object.assign({ node: n.node_id }, b));
      for (const s of n.streams) streams.push(Object.assign({ node: n.node_id }, s));
      active += n.active_streams;
    }
    fillTable('bots', bots, 6, (row, b) => {
      cell(row, b.node, 'name');
      cell(row, (b.username ? '@' + b.username + ' ' : '') + '(' + b.id + ')', 'name');
      cell(row, b.state, b.connected ? 'ok' : 'bad');
      cell(row, count(b.flood_waits));
      cell(row, count(b.stalls));
      cell(row, size(b.download_bytes_per_second) + '/s');
    });
    fillTable('streams', streams, 4, (row, s) => {
      cell(row, s.node, 'name');
      cell(row, s.client, 'name');
      cell(row, s.file, 'name');
      cell(row, duration(s.seconds));
    });
    const activeEl = document.getElementById('active-streams');
    activeEl.textContent = '(' + count(active) + ')';
    activeEl.dataset.count = String(active);
  }

  function showTopFiles(files) {
    fillTable('top-files', files, 6, (row, f) => {
      cell(row, f.name + ' (' + size(f.size) + ')', 'name');
      cell(row, String(f.user_id));
      cell(row, size(f.week_bytes));
      cell(row, count(f.week_downloads));
      cell(row, size(f.total_bytes) + ', ' + count(f.total_downloads) + ' downloads');
      cell(row, f.revoked ? 'revoked' : (f.expires_unix === 0 ? 'never expires' : 'expires ' + time(f.expires_unix)));
    });
  }

  function showWarnings(lines) {
    const items = lines.slice().reverse().map((line) => {
      const li = document.createElement('li');
      const level = document.createElement('span');
      level.className = 'level ' + (line.level === 'WARNING' ? '' : 'bad');
      level.textContent = line.level;
      li.append(time(line.unix) + ' ', level, line.text);
      return li;
    });
    if (items.length === 0) {
      const li = document.createElement('li');
      li.textContent = 'No warnings since the start.';
      items.push(li);
    }
    document.getElementById('warnings').replaceChildren(...items);
  }

  function show(data) {
    const now = data.generated_unix;
    showBandwidth(data.bandwidth, now);
    showUsers(data.users, now);
    showTraffic(data.traffic);
    showNodes(data.nodes, now);
    showTopFiles(data.top_files);
    showWarnings(data.warnings);
    const status = document.getElementById('status');
    status.textContent = 'Node ' + data.node_id + ' · updated ' + time(now);
    status.classList.remove('stale');
    page.dataset.updated = String(now);
  }

  async function poll() {
    try {
      const response = await fetch(source, { credentials: 'same-origin', cache: 'no-store' });
      if (response.status === 404) {
        document.getElementById('ended').hidden = false;
        setText('status', 'Signed out');
        return;  // no session: polling again cannot help
      }
      if (!response.ok) throw new Error('HTTP ' + response.status);
      show(await response.json());
    } catch (error) {
      const status = document.getElementById('status');
      status.textContent = 'Could not update (' + error.message + '); trying again';
      status.classList.add('stale');
    }
    timer = setTimeout(poll, POLL_MS);
  }

  window.addEventListener('resize', () => {
    for (const name of Object.keys(charts)) {
      const el = document.querySelector('[data-chart="' + name + '"]');
      charts[name].plot.setSize({ width: chartWidth(el), height: 170 });
    }
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && timer) {
      clearTimeout(timer);
      poll();
    }
  });
  poll();
}());
