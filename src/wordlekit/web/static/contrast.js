// Apply the colour-blind palette before the first paint (no flash of the default colours).
// A classic script loaded synchronously in <head>: the Content-Security-Policy allows no
// inline script.
try {
  if (localStorage.getItem("wordlekit.contrast") === "high") {
    document.documentElement.dataset.contrast = "high";
  }
} catch (e) {
  /* storage unavailable: default palette */
}
