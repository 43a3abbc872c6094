// The live board: server-sent events redraw the board, the status line, the count and the
// clocks after every move or mark; clicks on the board play (or, while marking, mark a chain
// dead or alive), a refused click says why at once; a stone follows the pointer while it is
// your move; the clocks run between messages; with "speak" ticked the referee's calls are
// read out (Web Speech API). In 五子棋's opening, Black 5 is offered by two clicks.
// Without this script the page still works: points are typed, the page is reloaded by hand.
(function () {
  "use strict";
  var root = document.getElementById("live");
  if (!root) return;
  var base = root.getAttribute("data-base");
  // The page's language: "zh", "en", "ja" or "ko"; the messages carry each.
  var lang = root.getAttribute("data-lang") || "en";
  var speech = { zh: "zh-CN", en: "en-US", ja: "ja-JP", ko: "ko-KR" }[lang] || "en-US";
  var seat = root.getAttribute("data-seat");
  var phase = root.getAttribute("data-phase");
  var errorBox = document.getElementById("live-error");
  var offline = document.getElementById("live-offline");
  var speakBox = document.getElementById("speak");
  var state = null;
  var receivedAt = 0;
  var spoken = {};

  function csrf() {
    var field = document.querySelector("input[name=csrf_token]");
    return field ? field.value : "";
  }

  function showError(text) {
    if (!errorBox) return;
    errorBox.textContent = text;
    errorBox.hidden = !text;
  }

  // The play and pass buttons: enabled on the reader's turn, and held while a move just sent
  // waits for the stream to bring the board after it (a second click on the board as drawn
  // would be meant for a move already played, and refused).
  function setButtons(toMove, held) {
    var myTurn = seat === "recorder" || seat === toMove;
    ["play", "pass"].forEach(function (id) {
      var button = document.getElementById(id);
      if (button) button.disabled = held || !myTurn;
    });
  }

  // Sends an action as the page's form would; the new position arrives by the event stream.
  function send(action, fields) {
    var body = new URLSearchParams(fields);
    if (action === "play") setButtons(root.getAttribute("data-to-move"), true);
    body.set("csrf_token", csrf());
    // A move names the move number it was meant for (the board as drawn), so a click on a
    // position that has moved on meanwhile is refused, never recorded as a later move.
    if (action === "play") body.set("move", String(Number(root.getAttribute("data-moves")) + 1));
    // Yunzi-Script: the answer is 204, not the page drawn again (the stream brings the position).
    return fetch(base + "/" + action, { method: "POST", body: body, credentials: "same-origin", headers: { "Yunzi-Script": "1" } }).then(function (response) {
      if (response.ok) {
        showError("");
        return;
      }
      // Refused: the board is as drawn, and the buttons as it says.
      if (action === "play") setButtons(root.getAttribute("data-to-move"), false);
      return response.text().then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var message = page.getElementById("error-message");
        showError(message ? message.textContent : String(response.status));
      });
    }, function (failure) {
      // Not sent (the network): the buttons as the board says, to try again.
      if (action === "play") setButtons(root.getAttribute("data-to-move"), false);
      throw failure;
    });
  }

  // Forms go through fetch so the page (and its clock and speech) stays.
  ["play-form", "mark-form"].forEach(function (id) {
    var form = document.getElementById(id);
    if (!form) return;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      // Every field of the form goes (一字棋's count, 八卦棋's hand), as without the script.
      var input = form.querySelector("input[name=point]");
      send(id === "play-form" ? "play" : "mark", new FormData(form)).then(function () {
        if (input) input.value = "";
      });
    });
  });
  ["pass", "swap"].forEach(function (id) {
    var button = document.getElementById(id);
    if (!button) return;
    button.form.addEventListener("submit", function (event) {
      event.preventDefault();
      send("play", { point: id });
    });
  });

  var board = document.getElementById("board");
  var columns = (root.getAttribute("data-columns") || "").split(",");
  var rows = (root.getAttribute("data-rows") || "").split(",");
  var saidLog = document.getElementById("live-said");
  var words = function (key) { return root.getAttribute("data-said-" + key) || ""; };

  // What a screen reader hears: each announcement a line of the page's log (role="log").
  function announce(text) {
    if (!saidLog || !text) return;
    var line = document.createElement("p");
    line.textContent = text;
    saidLog.appendChild(line);
    while (saidLog.children.length > 40) saidLog.removeChild(saidLog.firstChild);
  }

  // 1 → 一, 16 → 十六: Japanese go players count rows from the top in kanji.
  function kanji(n) {
    var digits = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    var tens = Math.floor(n / 10) % 10;
    var head = tens === 0 ? "" : tens === 1 ? "十" : digits[tens] + "十";
    return head + digits[n % 10];
  }

  // A point's name as the page's reader says it (the server's board_words does the same):
  // "D4", or in Japanese go "4の十六" (column from the left, row from the top).
  function pointWords(name) {
    if (root.getAttribute("data-japanese-points") !== "on") return name;
    for (var x = 0; x < columns.length; x++) {
      if (columns[x] && name.indexOf(columns[x]) === 0) {
        var y = rows.indexOf(name.slice(columns[x].length));
        if (y >= 0) return (x + 1) + "の" + kanji(y + 1);
      }
    }
    return name;
  }

  // Where a point is drawn, to move over the board by arrow keys whatever its lines.
  function centre(element) {
    var box = element.getBBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  function piecesOf(colour) {
    return Array.prototype.filter.call(board.querySelectorAll(".stone." + colour + "[data-point]"), function (stone) {
      return !stone.classList.contains("offered");
    });
  }

  // The position as text (the details under the board): each side's stones, top row first.
  function redrawPositionText() {
    var lines = document.querySelectorAll("#position-text p.stones");
    ["black", "white"].forEach(function (colour, i) {
      if (!lines[i]) return;
      var stones = piecesOf(colour).map(function (stone) { return { at: centre(stone), name: pointWords(stone.getAttribute("data-point")) }; });
      stones.sort(function (a, b) { return a.at.y - b.at.y || a.at.x - b.at.x; });
      var names = stones.map(function (s) { return s.name; });
      lines[i].textContent = words(colour) + " (" + names.length + "): " + (names.length ? names.join(", ") : words("none"));
    });
  }
  // 一字棋: how many pieces a click carries or puts down, as the form's field says (" x3").
  function pieces() {
    var count = document.getElementById("count");
    var n = count ? parseInt(count.value, 10) : 1;
    return n > 1 ? " x" + n : "";
  }
  var offering = null;
  var playForm = document.getElementById("play-form");
  board.addEventListener("click", function (event) {
    var target = event.target.closest("[data-point]");
    if (target) activate(target);
  });

  // A click on a point, or Enter on the point the keyboard is on: play it, or mark it.
  function activate(target) {
    var point = target.getAttribute("data-point");
    // 五子棋's Black 5 is offered on two points, and 三通棋's White puts two at once: the first
    // click is kept until the second.
    var twoAtOnce = document.getElementById("two-at-once");
    // 四季棋 and the other games whose pieces move: the piece, then where it goes.
    if (playForm && root.getAttribute("data-moves-pieces") === "on") {
      if (!offering) {
        // A click on an empty point puts a piece down (七星棋's rule 2); the engine refuses it
        // with its reason where pieces are only moved.
        if (!target.classList.contains("stone")) {
          send("play", { point: point + pieces() });
          return;
        }
        offering = point;
        target.classList.add("pending");
        return;
      }
      var from = offering;
      offering = null;
      var pending = board.querySelector(".pending");
      if (pending) pending.classList.remove("pending");
      if (from !== point) send("play", { point: from + "-" + point + pieces() });
      return;
    }
    if (playForm && (root.getAttribute("data-stage") === "offer" || (twoAtOnce && twoAtOnce.checked))) {
      if (!offering) {
        offering = point;
        target.classList.add("pending");
        return;
      }
      var first = offering;
      offering = null;
      send("play", { point: first + " " + point });
      if (twoAtOnce && twoAtOnce.checked) {
        // White's two at once is used up: the box goes with it.
        twoAtOnce.checked = false;
        var hint = document.getElementById("live-two");
        if (hint) hint.hidden = true;
      }
      return;
    }
    // A click on a stone in play goes to the server too: the engine's refusal ("the point is
    // occupied") is shown where the player looks.
    if (playForm) {
      send("play", { point: point });
    } else if (document.getElementById("mark-form") && target.classList.contains("stone")) {
      send("mark", { point: point });
    }
  }

  // The keyboard on the board: arrow keys move a cursor from point to point (the nearest in
  // that direction, so hexagons and triangles work as grids do), which says the point's name
  // and what is on it; Enter or Space acts on it as a click would.
  var cursorBox = document.getElementById("board-cursor");
  var cursor = null;
  function pointNamed(name) {
    return name ? board.querySelector('[data-point="' + name.replace(/"/g, "") + '"]') : null;
  }
  function showCursor() {
    var previous = board.querySelector(".cursor");
    if (previous) previous.classList.remove("cursor");
    var element = pointNamed(cursor);
    if (!element) return;
    element.classList.add("cursor");
    var what = element.classList.contains("stone")
      ? (element.classList.contains("black") ? words("black") : words("white"))
      : words("empty");
    if (cursorBox) {
      cursorBox.textContent = pointWords(cursor) + " · " + what;
      cursorBox.hidden = false;
    }
  }
  function startingPoint() {
    var last = board.querySelector(".last");
    var points = board.querySelectorAll("[data-point]");
    if (!points.length) return null;
    var aim = last ? centre(last) : centre(board.querySelector("svg"));
    var best = null, bestDistance = Infinity;
    Array.prototype.forEach.call(points, function (p) {
      var c = centre(p), d = (c.x - aim.x) * (c.x - aim.x) + (c.y - aim.y) * (c.y - aim.y);
      if (d < bestDistance) { best = p; bestDistance = d; }
    });
    return best.getAttribute("data-point");
  }
  function step(dx, dy) {
    var from = pointNamed(cursor);
    if (!from) { cursor = startingPoint(); showCursor(); return; }
    var here = centre(from), best = null, bestCost = Infinity;
    Array.prototype.forEach.call(board.querySelectorAll("[data-point]"), function (p) {
      var c = centre(p), along = (c.x - here.x) * dx + (c.y - here.y) * dy;
      var across = Math.abs((c.x - here.x) * dy - (c.y - here.y) * dx);
      if (along <= 1) return;
      var cost = along + 2 * across;
      if (cost < bestCost) { best = p; bestCost = cost; }
    });
    if (best) cursor = best.getAttribute("data-point");
    showCursor();
  }
  var arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  board.addEventListener("keydown", function (event) {
    var arrow = arrows[event.key];
    if (arrow) {
      event.preventDefault();
      step(arrow[0], arrow[1]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      var element = pointNamed(cursor);
      if (element) activate(element);
      else { cursor = startingPoint(); showCursor(); }
    }
  });
  // Coming back to the board after a change, the keyboard starts at the last move.
  var cursorMoves = null;
  board.addEventListener("focus", function () {
    if (!cursor || cursorMoves !== root.getAttribute("data-moves")) cursor = startingPoint();
    cursorMoves = root.getAttribute("data-moves");
    showCursor();
  });
  // Leaving the board takes the ring off; the line that says the point stays where it is, so
  // that nothing under it moves while a click on a button is under way.
  board.addEventListener("blur", function () {
    var ring = board.querySelector(".cursor");
    if (ring) ring.classList.remove("cursor");
  });

  // The stone under the pointer (CSS draws it on empty points) while the click would play.
  function markPlayable(toMove) {
    var myTurn = seat === "recorder" || seat === toMove;
    root.classList.toggle("can-play", Boolean(playForm) && myTurn);
  }
  markPlayable(root.getAttribute("data-to-move"));

  // The status line and the count, in the page's language, as the message has them.
  function redrawText(next) {
    var status = document.getElementById("live-status");
    if (status && next.status) status.textContent = next.status[lang] || next.status.en;
    var count = document.getElementById("live-count");
    if (count) {
      count.hidden = !next.count;
      var strong = count.querySelector("strong");
      if (strong && next.count) strong.textContent = next.count[lang] || next.count.en;
    }
  }

  function mmss(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  // What a clock shows `elapsed` ms after the message, as the server counts.
  function clockText(c, elapsed) {
    var e = c.running ? elapsed : 0;
    var byo = c.kind === "chinese" || c.kind === "japanese";
    if (!c.overtime && (c.main > e || c.period === 0)) {
      // Chinese byo-yomi shows the reserve as time left until it is reached.
      return mmss(c.main - e + (c.kind === "chinese" ? c.periods * c.period : 0));
    }
    var over = c.overtime ? e : e - c.main;
    var inPeriod = (c.overtime ? c.period_left : c.period) - over;
    var periods = c.periods;
    if (byo) {
      while (inPeriod <= 0 && periods > 1) {
        inPeriod += c.period;
        periods -= 1;
      }
    }
    // The page gives the words in its language, with "#" for the number.
    var words = root.getAttribute("data-suffix-" + c.kind) || "#";
    return mmss(inPeriod) + " · " + words.replace("#", periods);
  }

  function say(text) {
    if (!speakBox || !speakBox.checked || !window.speechSynthesis) return;
    var utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = speech;
    window.speechSynthesis.speak(utterance);
  }

  function tick() {
    if (!state) return;
    var elapsed = Date.now() - receivedAt;
    state.clocks.forEach(function (c) {
      var el = document.querySelector("#clock-" + c.colour + " .time");
      if (el) el.textContent = clockText(c, elapsed);
    });
    if (state.turn_elapsed !== null && state.turn_elapsed !== undefined) {
      var now = state.turn_elapsed + elapsed;
      state.calls.forEach(function (call) {
        var key = state.game + ":" + state.moves + ":" + call.at;
        // Calls already past when the message came are not read out late.
        if (call.at <= now && call.at > state.turn_elapsed - 500 && !spoken[key]) {
          spoken[key] = true;
          say(call[lang] || call.en);
          // A byo-yomi period used up is announced to a screen reader too, with whose it is.
          if (call.period) {
            var running = state.clocks.filter(function (c) { return c.running; })[0];
            announce((running ? words(running.colour) + " · " : "") + (call[lang] || call.en));
          }
        }
      });
    }
  }

  function apply(next) {
    // Messages of two changes close together may cross: the older one is dropped.
    if (state && next.version < state.version) return;
    var nextPhase = "live-" + next.phase;
    // The first move starts the game: the controls stay the same, the page stays.
    if (phase === "live-waiting" && nextPhase === "live-playing") {
      phase = nextPhase;
      root.setAttribute("data-phase", phase);
    }
    // A director's correction or a ruling changes a finished game's result: drawn again too.
    var resultChanged = (next.result || "") !== (root.getAttribute("data-result") || "");
    if (resultChanged || nextPhase !== phase || next.hold !== root.getAttribute("data-hold") || (next.stage || "") !== (root.getAttribute("data-stage") || "")) {
      // The controls change with the phase, a referee's hold or 五子棋's opening (a swap
      // changes who holds which colour): the server draws the page again.
      window.location.reload();
      return;
    }
    // (Under a broadcast delay a move may have come into sight between the two.)
    var drawn = !state && next.version === Number(root.getAttribute("data-version")) &&
      next.moves === Number(root.getAttribute("data-moves"));
    var movesBefore = Number(root.getAttribute("data-moves"));
    state = next;
    receivedAt = Date.now();
    if (drawn) {
      // The first message repeats the position the page was drawn with: only the clocks run.
      tick();
      return;
    }
    if (root.getAttribute("data-numbers") === "on") {
      // Move numbers are drawn by the page, not sent with every move.
      fetch(window.location.href, { credentials: "same-origin" })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          var drawn = new DOMParser().parseFromString(html, "text/html").getElementById("board");
          if (drawn) board.innerHTML = drawn.innerHTML;
          redrawPositionText();
          if (document.activeElement === board) showCursor();
        });
    } else {
      board.innerHTML = next.svg;
      redrawPositionText();
      if (document.activeElement === board) showCursor();
    }
    // Each move is announced as it comes ("白 G7"), and the turn when it is the reader's.
    if (next.moves !== movesBefore && next.said) {
      announce(next.said[lang] || next.said.en);
      // An embed shows the last move in words too.
      var last = document.querySelector("#live-last strong");
      if (last) {
        last.textContent = next.said[lang] || next.said.en;
        last.parentNode.hidden = false;
      }
      if (next.phase === "playing" && seat === next.to_move) announce(words("your-move"));
    }
    root.setAttribute("data-moves", next.moves);
    root.setAttribute("data-to-move", next.to_move);
    redrawText(next);
    markPlayable(next.to_move);
    setButtons(next.to_move, false);
    next.clocks.forEach(function (c) {
      var el = document.getElementById("clock-" + c.colour);
      if (el) el.classList.toggle("running", c.running);
    });
    tick();
  }

  // EventSource reconnects by itself when a connection drops, but gives up for good when the
  // answer is no stream (a proxy's 502 while the server restarts, 429 while the server's
  // streams are full, a failed read): then the page opens a new one after a pause, longer
  // each time up to half a minute. The first message of a stream has the whole position.
  var retryIn = 1000;
  function listen() {
    var source = new EventSource(base + "/events");
    source.addEventListener("update", function (event) {
      retryIn = 1000;
      if (offline) offline.hidden = true;
      apply(JSON.parse(event.data));
    });
    source.addEventListener("error", function () {
      if (offline) offline.hidden = false;
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(listen, retryIn);
        retryIn = Math.min(retryIn * 2, 30000);
      }
    });
  }
  if (window.EventSource) listen();
  setInterval(tick, 250);
})();
