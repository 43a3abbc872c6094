// The check-in desk without page loads: a tap posts its form and redraws the list and the
// count from the page it returns; other tablets' taps show within a few seconds. Without
// this script every tap is an ordinary form post and the page comes back at the player's row.
(function () {
  "use strict";
  var desk = document.getElementById("desk");
  if (!desk || !window.fetch || !window.DOMParser) return;
  var filter = document.getElementById("desk-filter");
  var busy = false;
  // The desk as last drawn from the server: a poll that brings the same list redraws nothing, so
  // a row is not replaced under the director's finger every five seconds.
  var drawn = desk.innerHTML;

  function fold(text) {
    return text.toLowerCase().replace(/[\s'’\-·.]/g, "");
  }

  function applyFilter() {
    var query = filter ? fold(filter.value) : "";
    var rows = document.querySelectorAll("#desk-list .desk-row");
    for (var i = 0; i < rows.length; i++) {
      var keys = fold(rows[i].getAttribute("data-search") || "");
      rows[i].hidden = query !== "" && keys.indexOf(query) < 0;
    }
    var letters = document.querySelectorAll("#desk-list .letter");
    for (var j = 0; j < letters.length; j++) letters[j].hidden = query !== "";
  }

  function redraw(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("desk");
    var current = document.getElementById("desk");
    if (!fresh || !current || fresh.innerHTML === drawn) return;
    drawn = fresh.innerHTML;
    var typed = filter ? filter.value : "";
    var focused = document.activeElement && document.activeElement.closest("li") ? document.activeElement.closest("li").id : null;
    current.innerHTML = fresh.innerHTML;
    filter = document.getElementById("desk-filter");
    if (filter) {
      filter.value = typed;
      filter.closest("label").hidden = false;
    }
    applyFilter();
    if (focused) {
      var again = document.querySelector("#" + focused + " button");
      if (again) again.focus();
    }
  }

  function reload() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(window.location.pathname + window.location.search, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html) redraw(html); })
      .catch(function () {})
      .then(function () { busy = false; });
  }

  desk.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form")) return;
    event.preventDefault();
    busy = true;
    var row = form.closest("li");
    if (row) row.classList.add("sending");
    fetch(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin" })
      .then(function (r) {
        // A refusal (a published round, a withdrawn player) is a page of its own: show it.
        if (!r.ok) { form.submit(); return null; }
        return r.text();
      })
      .then(function (html) { if (html) redraw(html); })
      .catch(function () { form.submit(); })
      .then(function () { busy = false; desk.setAttribute("data-ready", "1"); });
  });

  if (filter) {
    filter.closest("label").hidden = false;
    desk.addEventListener("input", function (event) {
      if (event.target && event.target.id === "desk-filter") applyFilter();
    });
  }
  window.setInterval(reload, 5000);
  desk.setAttribute("data-ready", "1");
})();
