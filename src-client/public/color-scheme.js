/* global window, document */
// Before the first paint: the colour scheme the visitor chose (Mantine keeps it in localStorage), or the system's.
(function () {
  var chosen = null;
  try {
    chosen = window.localStorage.getItem("mantine-color-scheme-value");
  } catch {
    chosen = null;
  }
  var scheme =
    chosen === "light" || chosen === "dark"
      ? chosen
      : window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches
        ? "dark"
        : "light";
  document.documentElement.setAttribute("data-mantine-color-scheme", scheme);
})();
