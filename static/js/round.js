// A published round's page follows the round's stream: when the event's version moves on (a
// result entered, corrected or ruled), the page is fetched again (from the server's page
// cache) and its pairings table swapped in, so results appear as they are entered. Without
// JavaScript, or if the stream is refused, the page works by reload.
(function () {
  var table = document.getElementById("pairings");
  if (!table || !window.EventSource) return;
  var url = table.getAttribute("data-stream");
  if (!url) return;
  var shown = Number(table.getAttribute("data-version")) || 0;
  var wanted = shown;
  var fetching = false;
  function refresh(version) {
    wanted = Math.max(wanted, version);
    if (fetching || wanted <= shown) return;
    fetching = true;
    var asked = wanted;
    fetch(window.location.href, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        var fresh = html && new DOMParser().parseFromString(html, "text/html").getElementById("pairings");
        if (fresh) document.getElementById("pairings").innerHTML = fresh.innerHTML;
        // The page drawn now is at least as new as the version asked for.
        shown = Math.max(asked, Number(fresh && fresh.getAttribute("data-version")) || 0);
      })
      .catch(function () { shown = asked; })
      .then(function () {
        fetching = false;
        if (wanted > shown) refresh(wanted);
      });
  }
  var source = new EventSource(url);
  source.addEventListener("version", function (event) {
    try {
      refresh(JSON.parse(event.data).version);
    } catch (e) {
      // A message we do not understand changes nothing.
    }
  });
})();
