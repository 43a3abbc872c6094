// A round's boards in one embed (templates/live/grid.html): one stream brings each board's
// changes; the board, its clocks and its last move are drawn again, and the running clock
// counts down between messages. A new result draws the page again (the server words it).
(function () {
  "use strict";
  var grid = document.getElementById("grid");
  if (!grid || !window.EventSource || !grid.querySelector("[data-game]")) return;
  var lang = grid.getAttribute("data-lang") || "en";
  var running = {};

  function mmss(ms) {
    var s = Math.ceil(Math.max(0, ms) / 1000);
    var rest = s % 60;
    return Math.floor(s / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function suffix(clock) {
    return clock.suffix ? clock.suffix[lang] || clock.suffix.en || "" : "";
  }

  function tick() {
    Object.keys(running).forEach(function (game) {
      var r = running[game];
      r.time.textContent = mmss(r.clock.millis - (Date.now() - r.since)) + suffix(r.clock);
    });
  }

  var source = new EventSource(grid.getAttribute("data-stream"));
  source.addEventListener("update", function (event) {
    var next = JSON.parse(event.data);
    var card = grid.querySelector('[data-game="' + next.game + '"]');
    if (!card || next.version < Number(card.getAttribute("data-version"))) return;
    if ((next.result || "") !== (card.getAttribute("data-result") || "")) {
      source.close();
      window.location.reload();
      return;
    }
    card.setAttribute("data-version", next.version);
    if (next.moves !== Number(card.getAttribute("data-moves"))) {
      card.setAttribute("data-moves", next.moves);
      card.querySelector(".board-wrap").innerHTML = next.svg;
      var last = card.querySelector(".last-move");
      if (last && next.said) {
        last.querySelector("strong").textContent = next.said[lang] || next.said.en;
        last.hidden = false;
      }
    }
    delete running[next.game];
    (next.clocks || []).forEach(function (clock) {
      var shown = card.querySelector('.clock[data-colour="' + clock.colour + '"]');
      if (!shown) return;
      var time = shown.querySelector(".time");
      time.textContent = mmss(clock.millis) + suffix(clock);
      shown.classList.toggle("running", clock.running);
      if (clock.running) running[next.game] = { clock: clock, time: time, since: Date.now() };
    });
  });
  setInterval(tick, 1000);
})();
