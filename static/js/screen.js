// The venue's screen turns its own pages: after `data-pace` seconds it asks for the next
// (`data-next`), which the server draws from where the event stands then. Without script a
// refresh in <noscript> does the same.
(function () {
  "use strict";
  var screen = document.getElementById("screen");
  if (!screen) return;
  var pace = Number(screen.getAttribute("data-pace")) || 12;
  var next = screen.getAttribute("data-next");
  if (next) setTimeout(function () { window.location.replace(next); }, pace * 1000);
})();
