// Registration's search of the rating lists: typing part of a name (any script, any order),
// a PIN or a club lists the players found; choosing one fills in the form's fields. Without
// this script the form is typed by hand, and /ratings/search is an ordinary page.
(function () {
  "use strict";
  if (!window.fetch) return;
  var finders = document.querySelectorAll(".rating-finder");
  Array.prototype.forEach.call(finders, function (finder) {
    var form = finder.closest("form");
    var input = finder.querySelector(".rating-query");
    var found = finder.querySelector(".rating-found");
    if (!form || !input || !found) return;
    finder.hidden = false;
    var timer = null;
    var asked = "";

    function search() {
      var query = input.value.trim();
      if (query === asked) return;
      asked = query;
      if (query === "") { found.innerHTML = ""; return; }
      fetch("/ratings/search?part=1&q=" + encodeURIComponent(query), { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.text() : ""; })
        .then(function (html) { if (query === asked) found.innerHTML = html; })
        .catch(function () {});
    }

    input.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(search, 200);
    });
    // Enter in the search box searches; it does not send the registration form.
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); search(); }
    });

    found.addEventListener("click", function (event) {
      var pick = event.target.closest(".rating-pick");
      if (!pick) return;
      var fields = { name: "name", rank: "rank", rating: "rating", club: "club", country: "country", egfPin: "egf_pin", agaId: "aga_id" };
      Object.keys(fields).forEach(function (key) {
        var field = form.querySelector("[name=" + fields[key] + "]");
        if (field) field.value = pick.dataset[key] || "";
      });
      found.innerHTML = "";
      input.value = "";
      asked = "";
      form.setAttribute("data-filled", "1");
      var rank = form.querySelector("[name=rank]");
      if (rank) rank.focus();
    });
  });
})();
