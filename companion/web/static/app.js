// The phone page of the companion: follows one table (spectator) or plays one seat, and shows
// the table's records (records.js) on the "Records" tab.
// The token is the last segment of the address (/view/<token> or /seat/<token>); every API
// call carries it as "Authorization: Bearer <token>", the push stream in its path.
// Every text is set with textContent; the board SVG comes from our own server and is parsed
// with DOMParser and imported, never written as HTML.
"use strict";

(function () {
  const LANGS = ["cs", "en"];
  const RETRY_MS = 2000;
  const MANY_CHOICES = 12;
  const VIEWS = ["game", "records"];

  const page = {
    token: "",
    isSeat: false,
    lang: "en",
    words: {},
    state: null,
    shown: "",
    stream: null,
    streamUp: false,
    retry: null,
    preview: "",
    pick: "",
    busy: false,
    view: "game",
    records: null,
  };

  const $ = (id) => document.getElementById(id);

  // -- words --------------------------------------------------------------------------------

  function word(key, values) {
    const table = page.words[page.lang] || page.words.en || {};
    let text = table[key] || (page.words.en || {})[key] || key;
    for (const [name, value] of Object.entries(values || {})) {
      text = text.split("{" + name + "}").join(String(value));
    }
    return text;
  }

  function chooseLang() {
    const asked = new URLSearchParams(window.location.search).get("lang");
    if (asked && LANGS.includes(asked)) return asked;
    const phone = (navigator.language || "en").toLowerCase();
    return phone.startsWith("cs") || phone.startsWith("sk") ? "cs" : "en";
  }

  function setLang(lang) {
    page.lang = lang;
    document.documentElement.lang = lang;
    const url = new URL(window.location.href);
    url.searchParams.set("lang", lang);
    window.history.replaceState(null, "", url.pathname + url.search);
    for (const button of document.querySelectorAll("button.lang")) {
      button.classList.toggle("chosen", button.dataset.lang === lang);
      button.setAttribute("aria-pressed", button.dataset.lang === lang ? "true" : "false");
    }
    fixedWords();
    if (page.records) page.records.languageChanged();
  }

  // -- the game or the records --------------------------------------------------------------

  function chooseView() {
    const asked = new URLSearchParams(window.location.search).get("view");
    return VIEWS.includes(asked) ? asked : "game";
  }

  function showView(view) {
    page.view = view;
    const url = new URL(window.location.href);
    if (view === "game") url.searchParams.delete("view");
    else url.searchParams.set("view", view);
    window.history.replaceState(null, "", url.pathname + url.search);
    for (const button of document.querySelectorAll("#views button.view-tab")) {
      button.setAttribute("aria-pressed", button.dataset.view === view ? "true" : "false");
    }
    $("game").hidden = view !== "game" || !page.state;
    if (view === "records") page.records.show();
    else page.records.hide();
  }

  function fixedWords() {
    document.title = page.state ? page.state.game_name + " · " + word("title") : word("title");
    $("scan-text").textContent = word("scan");
    $("table-title").textContent = word("table_title");
    $("players-title").textContent = word("players_title");
    $("log-title").textContent = word("log_title");
    $("roll").textContent = word("roll");
    $("undo").textContent = word("undo");
    $("hint").textContent = word("hint");
    $("confirm-ok").textContent = word("ok");
    $("confirm-cancel").textContent = word("cancel");
    $("langs").setAttribute("aria-label", word("language"));
    $("views").setAttribute("aria-label", word("views"));
    $("show-game").textContent = word("view_game");
    $("show-records").textContent = word("view_records");
  }

  // -- the server ---------------------------------------------------------------------------

  /** A request to the table with the page's token: the fetch's promise of the response. */
  function authorized(path, body) {
    const options = {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: "Bearer " + page.token, Accept: "application/json" },
      cache: "no-store",
      credentials: "omit",
      referrerPolicy: "no-referrer",
    };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const url = path + "?lang=" + encodeURIComponent(page.lang);
    return fetch(url, options);
  }

  /** A JSON request to the table: ``{status, data}`` (data null when the body is not JSON). */
  function api(path, body) {
    return authorized(path, body).then((response) =>
      response.text().then((text) => {
        let data = null;
        try {
          data = text ? JSON.parse(text) : null;
        } catch (error) {
          data = null;
        }
        return { status: response.status, data: data };
      }));
  }

  function loadState() {
    return api("/api/state").then(answered, () => showBanner(word("no_connection")));
  }

  function send(path, body) {
    if (page.busy || !page.state) return Promise.resolve();
    page.busy = true;
    document.body.classList.add("busy");
    const request = Object.assign({ seq: page.state.seq }, body || {});
    return api(path, request)
      .then(answered, () => showBanner(word("no_connection")))
      .finally(() => {
        page.busy = false;
        document.body.classList.remove("busy");
      });
  }

  function answered(reply) {
    const data = reply.data || {};
    if (reply.status === 200) {
      if (data.hint !== undefined) {
        showHint(String(data.hint));
        return;
      }
      hideBanner();
      render(data);
    } else if (reply.status === 409) {
      showBanner(word("moved_on"));
      if (data.state) render(data.state);
    } else if (reply.status === 422) {
      showBanner(String(data.error || ""), String(data.rule || ""));
    } else if (reply.status === 403) {
      showBanner(String(data.error || word("not_your_turn")));
    } else if (reply.status === 401) {
      showBanner(word("bad_link"));
      closeStream();
      page.state = null;
      $("game").hidden = true;
      $("views").hidden = true;
      page.records.hide();
    } else if (reply.status === 413) {
      showBanner(word("too_big"));
    } else {
      showBanner(String(data.error || word("no_connection")));
    }
  }

  // -- the push stream ----------------------------------------------------------------------

  function openStream() {
    closeStream();
    const url = "/api/stream/" + encodeURIComponent(page.token) + "?lang=" +
      encodeURIComponent(page.lang);
    const stream = new EventSource(url);
    page.stream = stream;
    stream.addEventListener("state", (event) => {
      if (stream !== page.stream) return;
      let state = null;
      try {
        state = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      page.streamUp = true;
      document.body.classList.remove("stale");
      if ($("banner").dataset.kind === "reconnecting") hideBanner();
      render(state);
    });
    stream.addEventListener("error", () => {
      if (stream !== page.stream) return;
      reconnecting();
      if (stream.readyState === EventSource.CLOSED) {
        closeStream();
        page.retry = window.setTimeout(() => {
          page.retry = null;
          openStream();
        }, RETRY_MS);
      }
    });
  }

  function closeStream() {
    if (page.stream) page.stream.close();
    page.stream = null;
    if (page.retry !== null) window.clearTimeout(page.retry);
    page.retry = null;
  }

  function reconnecting() {
    page.streamUp = false;
    document.body.classList.add("stale");
    showBanner(word("reconnecting"), "", "reconnecting");
  }

  // -- drawing the state --------------------------------------------------------------------

  function render(state) {
    if (!state || typeof state !== "object") return;
    // The same state again (the stream's first news after the page fetched it): drawing the
    // board anew under a finger would lose the tap between its touch and its release.
    const text = JSON.stringify(state);
    if (text === page.shown) return;
    page.shown = text;
    const changed = !page.state || page.state.seq !== state.seq;
    const ended = Boolean(state.over) && !(page.state && page.state.over);
    const isFirst = !page.state;
    page.state = state;
    document.body.dataset.seq = String(state.seq);
    if (changed) cancelPreview();
    $("scan").hidden = true;
    $("game").hidden = page.view !== "game";
    // the records follow the table: a game that ends (or any move) may change the history
    if (!isFirst && (changed || ended)) page.records.tableMoved(ended);
    $("game-name").textContent = String(state.game_name || state.game || "");
    document.title = String(state.game_name || "") + " · " + word("title");
    renderSeat(state);
    renderStatus(state);
    renderBoard(state);
    renderActions(state);
    renderLines($("table"), state.table || [], word("nothing_to_change"));
    renderPlayers(state);
    renderLines($("log"), (state.log || []).slice(-8), "");
    if (page.preview) showPreview(page.preview);
  }

  function renderSeat(state) {
    const badge = $("seat-badge");
    if (state.seat === null || state.seat === undefined) {
      badge.textContent = word("spectator");
      badge.dataset.colour = "";
      return;
    }
    const player = (state.players || []).find((p) => p.seat === state.seat);
    badge.textContent = word("your_seat", { name: player ? player.name : String(state.seat + 1) });
    badge.dataset.colour = player ? String(player.colour) : "";
  }

  function renderStatus(state) {
    const status = $("status");
    status.textContent = String(state.over && state.result ? state.result : state.status || "");
    const mover = (state.players || []).find((p) => p.seat === state.to_move);
    status.dataset.colour = mover && !state.over ? String(mover.colour) : "";
    status.classList.toggle("mine", isMyTurn(state));
    status.classList.toggle("over", Boolean(state.over));
  }

  function isMyTurn(state) {
    return state.seat !== null && state.seat !== undefined && !state.over &&
      ((state.legal || []).length > 0 || Boolean(state.can_roll));
  }

  function renderBoard(state) {
    const holder = $("board");
    const markup = typeof state.board === "string" ? state.board : "";
    const parsed = new DOMParser().parseFromString(markup, "image/svg+xml");
    const root = parsed.documentElement;
    holder.replaceChildren();
    if (!root || root.nodeName !== "svg" || parsed.getElementsByTagName("parsererror").length) {
      return;
    }
    for (const script of root.querySelectorAll("script, foreignObject")) script.remove();
    holder.appendChild(document.importNode(root, true));
    showPick();
  }

  // A board that asks first which kind to place (Pat a Mat's car types: ``.pick`` buttons
  // and one ``.pick-targets`` group per kind): the kind picked stays picked across updates
  // while it is still offered, else the board's own first choice.
  function showPick() {
    const buttons = Array.from(document.querySelectorAll("#board .pick[data-pick]"));
    if (!buttons.length) return;
    const offered = buttons.map((button) => button.getAttribute("data-pick"));
    if (!offered.includes(page.pick)) page.pick = offered[0];
    for (const element of document.querySelectorAll("#board [data-pick]")) {
      const isPicked = element.getAttribute("data-pick") === page.pick;
      if (element.classList.contains("pick")) element.classList.toggle("picked", isPicked);
      else element.classList.toggle("off", !isPicked);
    }
  }

  function renderActions(state) {
    const isSeat = state.seat !== null && state.seat !== undefined;
    const legal = isSeat ? state.legal || [] : [];
    const previewed = new Set();
    for (const element of document.querySelectorAll("#board .tap[data-confirm]")) {
      previewed.add(element.getAttribute("data-input"));
    }
    // Few choices: all of them as big buttons. Many (walls, car placements): those the board
    // previews (walls) are folded under "All moves", and all of them when still too many.
    let shown = legal;
    let folded = [];
    if (legal.length > MANY_CHOICES) {
      shown = legal.filter((choice) => !previewed.has(choice.input));
      folded = legal.filter((choice) => previewed.has(choice.input));
      if (shown.length > MANY_CHOICES) {
        shown = [];
        folded = legal;
      }
    }
    fillChoices($("legal"), shown);
    fillChoices($("more-legal"), folded);
    $("more").hidden = folded.length === 0;
    $("more-title").textContent = word("all_moves", { count: folded.length });
    const tableDie = state.die === "table";
    $("roll").hidden = !(isSeat && state.can_roll && !tableDie);
    const faces = $("faces");
    faces.hidden = !(isSeat && state.can_roll && tableDie);
    if (!faces.hidden && faces.childElementCount === 0) buildFaces(faces);
    if (!faces.hidden) faces.firstElementChild.textContent = word("table_die");
    $("undo").hidden = !(isSeat && state.can_undo);
    $("hint").hidden = !(isSeat && state.can_hint);
    if ($("hint").hidden) $("hint-text").hidden = true;
    $("actions").hidden = !isSeat;
  }

  function fillChoices(list, choices) {
    list.replaceChildren();
    // Inputs that read the same come to the same on the table (PAC-MAN's paths to one square
    // with the same result): one button for them, as on the touchscreen.
    const said = new Set();
    for (const choice of choices) {
      const label = String(choice.label || choice.input);
      if (said.has(label)) continue;
      said.add(label);
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "big choice";
      button.textContent = label;
      button.dataset.input = String(choice.input);
      item.appendChild(button);
      list.appendChild(item);
    }
  }

  function buildFaces(faces) {
    const caption = document.createElement("p");
    faces.appendChild(caption);
    for (let face = 1; face <= 6; face += 1) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "big face";
      button.dataset.face = String(face);
      button.textContent = String(face);
      faces.appendChild(button);
    }
  }

  function renderLines(list, lines, empty) {
    list.replaceChildren();
    const shown = lines.length ? lines : empty ? [empty] : [];
    for (const line of shown) {
      const item = document.createElement("li");
      item.textContent = String(line);
      list.appendChild(item);
    }
  }

  function renderPlayers(state) {
    const list = $("players");
    list.replaceChildren();
    for (const player of state.players || []) {
      const item = document.createElement("li");
      item.className = "player";
      item.dataset.colour = String(player.colour || "");
      if (player.to_move) item.classList.add("to-move");
      if (player.seat === state.seat) item.classList.add("me");
      const swatch = document.createElement("span");
      swatch.className = "swatch";
      swatch.dataset.colour = String(player.colour || "");
      item.appendChild(swatch);
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = String(player.name);
      item.appendChild(name);
      if (player.companion) {
        const mark = document.createElement("span");
        mark.className = "companion";
        mark.textContent = word("companion");
        item.appendChild(mark);
      }
      if (player.to_move) {
        const mark = document.createElement("span");
        mark.className = "turn";
        mark.textContent = word("to_move");
        item.appendChild(mark);
      }
      const counters = document.createElement("span");
      counters.className = "counters";
      counters.textContent = (player.counters || [])
        .map((pair) => String(pair[0]) + ": " + String(pair[1])).join(" · ");
      item.appendChild(counters);
      list.appendChild(item);
    }
  }

  // -- the banner, the hint, the preview -----------------------------------------------------

  function showBanner(text, rule, kind) {
    const banner = $("banner");
    $("banner-text").textContent = text;
    $("banner-rule").textContent = rule || "";
    banner.dataset.kind = kind || "message";
    banner.hidden = false;
  }

  function hideBanner() {
    const banner = $("banner");
    banner.hidden = true;
    banner.dataset.kind = "";
  }

  function showHint(hint) {
    const text = $("hint-text");
    text.textContent = word("hint_is", { hint: hint });
    text.hidden = false;
  }

  function labelOf(input) {
    const choice = ((page.state && page.state.legal) || []).find((c) => c.input === input);
    return choice ? String(choice.label) : input;
  }

  function showPreview(input) {
    page.preview = input;
    for (const element of document.querySelectorAll("#board .preview")) {
      element.classList.remove("preview");
    }
    const target = boardTarget(input);
    if (!target) {
      cancelPreview();
      return;
    }
    target.classList.add("preview");
    $("confirm-text").textContent = word("confirm", { label: labelOf(input) });
    $("confirm").hidden = false;
  }

  function cancelPreview() {
    page.preview = "";
    $("confirm").hidden = true;
    for (const element of document.querySelectorAll("#board .preview")) {
      element.classList.remove("preview");
    }
  }

  function boardTarget(input) {
    for (const element of document.querySelectorAll("#board [data-input]")) {
      if (element.getAttribute("data-input") === input) return element;
    }
    return null;
  }

  function play(input) {
    cancelPreview();
    $("hint-text").hidden = true;
    return send("/api/input", { input: input });
  }

  // -- taps ---------------------------------------------------------------------------------

  function onBoardTap(event) {
    const pick = event.target.closest ? event.target.closest(".pick[data-pick]") : null;
    if (pick) {
      event.preventDefault();
      page.pick = pick.getAttribute("data-pick");
      cancelPreview();
      showPick();
      return;
    }
    const target = event.target.closest ? event.target.closest("[data-input]") : null;
    if (!target || !target.classList.contains("tap") || !page.state) {
      if (page.preview) cancelPreview();
      return;
    }
    event.preventDefault();
    const input = target.getAttribute("data-input");
    if (target.hasAttribute("data-confirm") && page.preview !== input) {
      showPreview(input);
      return;
    }
    play(input);
  }

  function onActionTap(event) {
    const button = event.target.closest ? event.target.closest("button") : null;
    if (!button) return;
    if (button.dataset.input) {
      play(button.dataset.input);
    } else if (button.dataset.face) {
      send("/api/roll", { face: Number(button.dataset.face) });
    }
  }

  function start() {
    page.lang = chooseLang();
    const parts = window.location.pathname.split("/").filter(Boolean);
    const kind = parts.length >= 2 ? parts[parts.length - 2] : "";
    page.token = parts.length >= 2 ? parts[parts.length - 1] : "";
    page.isSeat = kind === "seat";
    document.body.classList.add(page.isSeat ? "seat" : "view");
    page.records = window.companionRecords({
      word: word, api: api, authorized: authorized, $: $, isSeat: page.isSeat,
    });
    setLang(page.lang);
    for (const button of document.querySelectorAll("button.lang")) {
      button.addEventListener("click", () => {
        setLang(button.dataset.lang);
        if (page.token) {
          loadState();
          openStream();
        }
      });
    }
    if (!page.token || (kind !== "seat" && kind !== "view")) {
      $("scan").hidden = false;
      return;
    }
    $("views").hidden = false;
    for (const button of document.querySelectorAll("#views button.view-tab")) {
      button.addEventListener("click", () => {
        showView(button.dataset.view);
        window.scrollTo(0, 0);
      });
    }
    showView(chooseView());
    $("board").addEventListener("click", onBoardTap);
    $("actions").addEventListener("click", onActionTap);
    $("roll").addEventListener("click", () => send("/api/roll"));
    $("undo").addEventListener("click", () => send("/api/undo"));
    $("hint").addEventListener("click", () => send("/api/hint"));
    $("confirm-ok").addEventListener("click", () => {
      if (page.preview) play(page.preview);
    });
    $("confirm-cancel").addEventListener("click", cancelPreview);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !page.streamUp) openStream();
    });
    showBanner(word("loading"), "", "reconnecting");
    loadState();
    openStream();
  }

  function loadWords() {
    return fetch("/static/words.json", { cache: "no-cache", credentials: "omit" })
      .then((response) => response.json())
      .then((words) => {
        page.words = words;
      }, () => {
        page.words = {};
      });
  }

  document.addEventListener("DOMContentLoaded", () => {
    loadWords().then(start);
  });
})();
