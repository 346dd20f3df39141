// The sandbox acquirer's page: puts the slash of MM/YY in as the expiry is typed, so "1229"
// reads "12/29" (the server takes either). Plain script, served as it is under the page's
// Content-Security-Policy (script-src 'self').
(() => {
  const expiry = document.getElementById("card-expiry");
  if (!(expiry instanceof HTMLInputElement)) return;
  expiry.addEventListener("input", (event) => {
    // deleting is left alone: a slash put back would make the slash impossible to delete
    if (event instanceof InputEvent && event.inputType.startsWith("delete")) return;
    const digits = expiry.value.replace(/\D/g, "");
    if (digits.length > 4 || /[^\d/\s]/.test(expiry.value)) return;
    const shown =
      digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits.length === 2 ? `${digits}/` : digits;
    if (shown !== expiry.value) expiry.value = shown;
  });
})();
