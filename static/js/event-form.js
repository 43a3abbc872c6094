// Shows only the settings of the chosen pairing system. Without JavaScript every group shows,
// each labelled with the systems it belongs to.
(function () {
  var select = document.getElementById("system-select");
  if (!select) return;
  var groups = document.querySelectorAll("#system-settings fieldset[data-systems]");
  function update() {
    groups.forEach(function (group) {
      group.hidden = group.getAttribute("data-systems").split(" ").indexOf(select.value) < 0;
    });
  }
  select.addEventListener("change", update);
  update();
})();
