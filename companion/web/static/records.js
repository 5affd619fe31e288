// The records on the phone page: the history (each finished game with "Log to BG Stats"), the
// statistics and the downloads, read from the table's records API (docs/web-api.md) with the
// page's token. Every text is set with textContent. A download is fetched with the token and
// handed to the browser as a blob: URL on an <a download>; BG Stats' link is an <a href> the
// person taps.
"use strict";

window.companionRecords = function (tools) {
  const { word, api, authorized, $, isSeat } = tools;
  const PARTS = ["history", "stats", "downloads"];
  const FORMATS = ["csv", "json", "bgstats"];

  const records = {
    isShown: false,
    part: "history",
    history: null,
    stats: null,
    stale: true, // the history is to be read again
    statsStale: true, // and the statistics too
    loading: false,
    again: false,
    isGone: false,
    links: new Map(), // uid → BG Stats' link, once fetched
    asking: new Set(), // uids whose link is being fetched
    files: new Map(), // format → {url, name}: the blob: URL handed to the browser
  };

  // -- showing ------------------------------------------------------------------------------

  function show(part) {
    if (PARTS.includes(part)) records.part = part;
    records.isShown = true;
    $("records").hidden = false;
    showPart();
    if (records.stale) refresh();
  }

  function hide() {
    records.isShown = false;
    $("records").hidden = true;
  }

  function showPart() {
    for (const button of document.querySelectorAll("#record-parts button.part")) {
      button.setAttribute("aria-pressed", button.dataset.part === records.part ? "true" : "false");
    }
    for (const part of PARTS) $(part + "-part").hidden = part !== records.part;
  }

  function relabel() {
    $("record-parts").setAttribute("aria-label", word("view_records"));
    for (const button of document.querySelectorAll("#record-parts button.part")) {
      button.textContent = word("part_" + button.dataset.part);
    }
    $("downloads-text").textContent = word("downloads_text");
    for (const button of document.querySelectorAll("#downloads button.download")) {
      button.textContent = word("download_" + button.dataset.format);
    }
    for (const link of document.querySelectorAll("#downloads a.saved")) {
      link.textContent = word("save", { file: link.getAttribute("download") });
    }
    $("stats-players-title").textContent = word("players_title");
    $("stats-wins-title").textContent = word("stats_wins");
    $("stats-records-title").textContent = word("stats_records");
  }

  /** The page's language changed: the records are read again in it. */
  function languageChanged() {
    relabel();
    records.stale = true;
    records.statsStale = true;
    if (records.isShown) refresh();
  }

  /** The table changed (``ended``: a game is over now): the history is read again when it
   * is in sight, else the next time it is opened. */
  function tableMoved(ended) {
    records.stale = true;
    if (ended) records.statsStale = true;
    if (records.isShown) refresh();
  }

  // -- reading ------------------------------------------------------------------------------

  function refresh() {
    if (records.isGone) return;
    if (records.loading) {
      records.again = true;
      return;
    }
    records.loading = true;
    records.stale = false;
    if (records.history === null) note(word("records_loading"));
    const before = uidsOf(records.history);
    api("/api/history")
      .then((reply) => {
        if (!took(reply)) return null;
        records.history = reply.data;
        renderHistory();
        if (!records.statsStale && uidsOf(records.history) === before) return null;
        records.statsStale = false;
        return api("/api/stats").then((answer) => {
          if (!took(answer)) {
            records.statsStale = true;
            return;
          }
          records.stats = answer.data;
          renderStats();
        });
      })
      .catch(() => {
        records.stale = true;
        records.statsStale = true;
        note(word("records_failed"));
      })
      .finally(() => {
        records.loading = false;
        if (records.again) {
          records.again = false;
          refresh();
        }
      });
  }

  /** Whether ``reply`` holds the records; else the page says why and keeps what it shows. */
  function took(reply) {
    if (reply.status === 200 && reply.data && typeof reply.data === "object") {
      note("");
      return true;
    }
    if (reply.status === 401) {
      // a seat's link dies with its game: no more asking (each bad token is slowed down)
      records.isGone = true;
      note(gone());
    } else {
      note(String((reply.data && reply.data.error) || word("records_failed")));
      records.stale = true;
    }
    return false;
  }

  /** Why a link no longer reads the records: a seat's dies with its game. */
  function gone() {
    return isSeat ? word("records_gone") : word("bad_link");
  }

  function uidsOf(history) {
    return history ? (history.games || []).map((game) => String(game.uid)).join(" ") : "";
  }

  function note(text) {
    const said = $("records-note");
    said.textContent = text;
    said.hidden = !text;
  }

  // -- the history --------------------------------------------------------------------------

  function renderHistory() {
    const list = $("history");
    list.replaceChildren();
    const games = (records.history && records.history.games) || [];
    if (!games.length) {
      list.appendChild(element("li", "empty", word("history_empty")));
      return;
    }
    for (const game of games) list.appendChild(historyEntry(game));
  }

  function historyEntry(game) {
    const item = element("li", game.ended_early ? "played early" : "played");
    item.dataset.uid = String(game.uid);
    const head = element("p", "head");
    head.appendChild(element("span", "game", String(game.game_name || game.game)));
    head.appendChild(element("span", "when", String(game.when || "")));
    item.appendChild(head);
    const names = (game.players || []).map((player) => String(player.name));
    item.appendChild(element("p", "who", names.join(", ")));
    const winners = (game.winners || []).map(String);
    let result = word("draw");
    if (game.ended_early) {
      result = word("ended_early");
    } else if (winners.length) {
      result = word(winners.length > 1 ? "winners" : "winner", { names: winners.join(", ") });
    }
    item.appendChild(element("p", "result", result));
    if (!game.ended_early) item.appendChild(bgstatsPlace(String(game.uid)));
    return item;
  }

  /** "Log to BG Stats": the first tap asks the table for the link, the second (on the link
   * that takes the button's place) opens BG Stats. */
  function bgstatsPlace(uid) {
    const place = element("div", "bgstats");
    const link = records.links.get(uid);
    if (link) {
      const anchor = element("a", "big primary bgstats-link", word("open_bgstats"));
      anchor.href = link;
      anchor.rel = "noreferrer";
      anchor.target = "_blank";
      place.appendChild(anchor);
      return place;
    }
    const button = element("button", "big bgstats-ask",
      records.asking.has(uid) ? word("preparing") : word("log_bgstats"));
    button.type = "button";
    button.dataset.uid = uid;
    button.disabled = records.asking.has(uid);
    place.appendChild(button);
    return place;
  }

  function askBgstats(uid) {
    if (records.asking.has(uid) || records.links.has(uid)) return;
    records.asking.add(uid);
    redrawBgstats(uid);
    api("/api/bgstats/" + encodeURIComponent(uid))
      .then((reply) => {
        const url = reply.data && typeof reply.data.url === "string" ? reply.data.url : "";
        if (reply.status === 200 && isBgstatsLink(url)) {
          records.links.set(uid, url);
        } else {
          said(uid, String((reply.data && reply.data.error) || word("records_failed")));
        }
      }, () => said(uid, word("records_failed")))
      .finally(() => {
        records.asking.delete(uid);
        redrawBgstats(uid);
      });
  }

  function isBgstatsLink(url) {
    return url.startsWith("https:") || url.startsWith("bgstats:");
  }

  function redrawBgstats(uid) {
    for (const item of document.querySelectorAll("#history li.played")) {
      if (item.dataset.uid !== uid) continue;
      const old = item.querySelector("div.bgstats");
      if (old) old.replaceWith(bgstatsPlace(uid));
    }
  }

  function said(uid, text) {
    for (const item of document.querySelectorAll("#history li.played")) {
      if (item.dataset.uid !== uid) continue;
      let line = item.querySelector("p.problem");
      if (!line) {
        line = element("p", "problem");
        item.appendChild(line);
      }
      line.textContent = text;
    }
  }

  // -- the statistics -----------------------------------------------------------------------

  function renderStats() {
    const stats = records.stats || {};
    const lines = stats.players || [];
    $("stats-count").textContent = stats.games
      ? word("stats_games", { count: stats.games }) : word("stats_none");
    $("stats-figures").hidden = !stats.games;
    renderPlayers(stats.headings || {}, lines);
    renderWins(stats.wins_per_game || [], lines);
    renderRecords(stats.records || []);
  }

  function renderPlayers(headings, lines) {
    const head = $("stats-head");
    head.replaceChildren();
    for (const [key, kind] of [["Player", "name"], ["Games", "figure"], ["Wins", "figure"],
      ["Win rate", "figure"]]) {
      const cell = element("th", kind, String(headings[key] || key));
      cell.scope = "col";
      head.appendChild(cell);
    }
    const body = $("stats-players");
    body.replaceChildren();
    for (const line of lines) {
      const row = element("tr", "player-line");
      const who = element("th", "name");
      who.scope = "row";
      const name = element("span", "name", String(line.player.name));
      if (line.player.colour) who.appendChild(swatch(line.player.colour));
      who.appendChild(name);
      who.appendChild(element("span", "streak",
        word("streaks", { now: line.current_streak, best: line.best_streak })));
      row.appendChild(who);
      row.appendChild(element("td", "figure games", String(line.games)));
      row.appendChild(element("td", "figure wins", String(line.wins)));
      row.appendChild(element("td", "figure rate", String(line.win_rate_text)));
      body.appendChild(row);
    }
  }

  /** Wins per game, as the statistics screen's charts: per game, a bar per player. */
  function renderWins(perPlayer, lines) {
    const players = new Map(lines.map((line) => [line.player.id, line.player]));
    const games = new Map();
    for (const entry of perPlayer) {
      for (const won of entry.wins || []) {
        if (!games.has(won.game)) games.set(won.game, { name: won.game_name, rows: [] });
        games.get(won.game).rows.push({ player: players.get(entry.player_id), wins: won.wins });
      }
    }
    const holder = $("stats-wins");
    holder.replaceChildren();
    $("stats-wins-title").hidden = games.size === 0;
    for (const [kind, game] of games) {
      const block = element("div", "wins-of-game");
      block.dataset.game = String(kind);
      block.appendChild(element("h3", "", String(game.name)));
      game.rows.sort((a, b) => (Number(b.wins) || 0) - (Number(a.wins) || 0));
      const most = Math.max(1, ...game.rows.map((row) => Number(row.wins) || 0));
      for (const row of game.rows) {
        const line = element("p", "bar-line");
        const player = row.player || { name: "?", colour: "" };
        line.appendChild(element("span", "name", String(player.name)));
        const track = element("span", "track");
        const bar = element("span", "bar");
        paint(bar, player.colour);
        bar.style.width = Math.round(100 * (Number(row.wins) || 0) / most) + "%";
        track.appendChild(bar);
        line.appendChild(track);
        line.appendChild(element("span", "count", String(row.wins)));
        block.appendChild(line);
      }
      holder.appendChild(block);
    }
  }

  function renderRecords(found) {
    const list = $("stats-records");
    list.replaceChildren();
    $("stats-records-title").hidden = found.length === 0;
    for (const record of found) {
      const item = element("li", "record");
      item.appendChild(element("span", "what",
        String(record.game_name) + " · " + String(record.kind_text)));
      item.appendChild(element("span", "value", String(record.value)));
      item.appendChild(element("span", "who",
        String(record.player.name) + " · " + String(record.when || "")));
      list.appendChild(item);
    }
  }

  // -- the downloads ------------------------------------------------------------------------

  function download(format) {
    const place = document.querySelector('#downloads li[data-format="' + format + '"]');
    const button = place.querySelector("button.download");
    button.disabled = true;
    button.textContent = word("preparing");
    let name = "companion-" + format;
    authorized("/api/export/" + format)
      .then((response) => {
        if (response.status === 401) records.isGone = true;
        if (!response.ok) {
          return response.json().then((data) => {
            throw new Error(String((data && data.error) || word("records_failed")));
          }, () => {
            throw new Error(records.isGone ? gone() : word("records_failed"));
          });
        }
        name = fileName(response.headers.get("Content-Disposition")) || name;
        return response.blob();
      })
      .then((blob) => {
        const old = records.files.get(format);
        if (old) URL.revokeObjectURL(old.url);
        const url = URL.createObjectURL(blob);
        records.files.set(format, { url: url, name: name });
        let link = place.querySelector("a.saved");
        if (!link) {
          link = element("a", "big primary saved");
          place.appendChild(link);
        }
        link.href = url;
        link.setAttribute("download", name);
        link.textContent = word("save", { file: name });
        place.querySelector("p.problem").hidden = true;
        link.click(); // the browser saves it; the link stays for a second try
      })
      .catch((error) => {
        const problem = place.querySelector("p.problem");
        problem.textContent = error instanceof Error && error.message
          ? error.message : word("records_failed");
        problem.hidden = false;
      })
      .finally(() => {
        button.disabled = false;
        button.textContent = word("download_" + format);
      });
  }

  /** The file name in ``attachment; filename="…"`` (the table's own names: plain ASCII). */
  function fileName(disposition) {
    const found = /filename="([\w.-]+)"/.exec(disposition || "");
    return found ? found[1] : "";
  }

  function buildDownloads() {
    const list = $("downloads");
    list.replaceChildren();
    for (const format of FORMATS) {
      const item = element("li", "download");
      item.dataset.format = format;
      const button = element("button", "big download", word("download_" + format));
      button.type = "button";
      button.dataset.format = format;
      item.appendChild(button);
      const problem = element("p", "problem");
      problem.hidden = true;
      item.appendChild(problem);
      list.appendChild(item);
    }
  }

  // -- small helpers ------------------------------------------------------------------------

  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  function swatch(colour) {
    const made = element("span", "swatch");
    paint(made, colour);
    return made;
  }

  /** A player's colour on ``target``: the records keep it as "#rrggbb" (set through the
   * CSSOM, which the CSP allows: no style attribute is written), the table as a name. */
  function paint(target, colour) {
    const text = String(colour || "");
    if (/^#[0-9a-fA-F]{6}$/.test(text)) target.style.backgroundColor = text;
    else target.dataset.colour = text;
  }

  function onTap(event) {
    const button = event.target.closest ? event.target.closest("button") : null;
    if (!button || button.disabled) return;
    if (button.classList.contains("part")) {
      records.part = button.dataset.part;
      showPart();
      window.scrollTo(0, 0);
    } else if (button.classList.contains("bgstats-ask")) {
      askBgstats(button.dataset.uid);
    } else if (button.classList.contains("download")) {
      download(button.dataset.format);
    }
  }

  buildDownloads();
  relabel();
  $("records").addEventListener("click", onTap);

  return {
    show: show,
    hide: hide,
    tableMoved: tableMoved,
    languageChanged: languageChanged,
    part: () => records.part,
    isShown: () => records.isShown,
  };
};
