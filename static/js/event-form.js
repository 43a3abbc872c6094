// Shows only the settings of the chosen pairing system: the groups of settings, and within a
// group shared by several systems the fields of the chosen one. A team event's settings
// also depend on how its teams meet: "team/round-robin" in data-systems is a team round
// robin only. Without JavaScript every group shows, each labelled with the systems it
// belongs to.
(function () {
  var select = document.getElementById("system-select");
  if (!select) return;
  var teamPairing = document.getElementById("team-pairing");
  var groups = document.querySelectorAll("#system-settings [data-systems]");
  function update() {
    var chosen = [select.value];
    if (select.value === "team" && teamPairing) chosen.push("team/" + teamPairing.value);
    groups.forEach(function (group) {
      var systems = group.getAttribute("data-systems").split(" ");
      group.hidden = !chosen.some(function (s) { return systems.indexOf(s) >= 0; });
    });
  }
  select.addEventListener("change", update);
  if (teamPairing) teamPairing.addEventListener("change", update);
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

// Go's own settings (komi, what a cycle comes to, the warning's stone, handicaps) show only
// for a go rule set: a 五子棋 or folk game's form hides them. Without JavaScript the server
// hides them on a folk event's form.
(function () {
  var ruleset = document.getElementById("ruleset-select");
  if (!ruleset) return;
  var goOnly = document.querySelectorAll("[data-go-only]");
  function update() {
    var option = ruleset.options[ruleset.selectedIndex];
    var group = option && option.parentNode;
    var isGo = group && group.tagName === "OPTGROUP" && group === ruleset.querySelector("optgroup");
    goOnly.forEach(function (field) { field.hidden = !isGo; });
  }
  ruleset.addEventListener("change", update);
  update();
})();

