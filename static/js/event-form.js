// Shows only the settings of the chosen pairing system: the groups of settings, and within a
// group shared by several systems the fields of the chosen one. Without JavaScript every
// group shows, each labelled with the systems it belongs to.
(function () {
  var select = document.getElementById("system-select");
  if (!select) return;
  var groups = document.querySelectorAll("#system-settings [data-systems]");
  function update() {
    groups.forEach(function (group) {
      group.hidden = group.getAttribute("data-systems").split(" ").indexOf(select.value) < 0;
    });
  }
  select.addEventListener("change", update);
  update();
})();

// A time-control preset picked from the list writes its notation into the field, where the
// director can still change it; without JavaScript a preset is used when the field is blank.
(function () {
  var preset = document.getElementById("time-control-preset");
  var field = document.getElementById("time-control");
  if (!preset || !field) return;
  preset.addEventListener("change", function () {
    if (preset.value) field.value = preset.value;
  });
})();
