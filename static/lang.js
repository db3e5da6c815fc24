// The page's language before Python starts, so that the splash (written in every language by
// build.py) shows only its own texts from the first paint: the same choice as the app makes
// (ui/app.py, ui/clubs.py): ?lang=, the saved choice, the club's, the browser's, else English.
(() => {
  const known = ["en", "fr", "de"];
  const root = document.documentElement;
  let saved = null;
  try { saved = localStorage.getItem("clubtable.lang"); } catch (e) { /* storage refused */ }
  const asked = new URLSearchParams(location.search).get("lang");
  const browser = (navigator.languages || [navigator.language]).map((tag) => String(tag).toLowerCase().split("-")[0]);
  root.lang = [asked, saved, root.dataset.clubLang, ...browser].find((code) => known.includes(code)) || "en";
})();
