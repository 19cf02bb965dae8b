// A yes-or-no question asked in the page, never the browser's own box (confirm()): a phone's in-app browser (the one a
// QR code scanner opens) may show no box and answer "no" at once, and every newcomer helper's browser did (Struggle
// newcomers 56, 60, 61: "⇄ show it here instead" looked inert). Loaded by every page before its own scripts; it
// declares only ASK.
//   ASK.ask(text, yes, no) -> Promise<boolean>: true for the `yes` button; `no`, Escape, or another question asked
//   over it before an answer: false. The dialog (#ask) is made on first use, its words set as text (never markup).
"use strict";

const ASK = {
  done: null,
  ask(text, yes, no) {
    let d = document.getElementById("ask");
    if (!d) {
      d = document.createElement("dialog");
      d.id = "ask";
      d.className = "ask";
      d.innerHTML = '<form method="dialog"><p class="ask-text"></p><menu><button type="submit" value="no" class="small"></button>' +
        '<button type="submit" value="yes" class="big"></button></menu></form>';
      d.addEventListener("close", () => {
        const done = ASK.done;
        ASK.done = null;
        if (done) done(d.returnValue === "yes");
      });
      document.body.appendChild(d);
    }
    if (ASK.done) ASK.done(false); // (the question before, unanswered: no)
    return new Promise((resolve) => {
      ASK.done = resolve;
      d.querySelector(".ask-text").textContent = text;
      d.querySelector("button[value=yes]").textContent = yes;
      d.querySelector("button[value=no]").textContent = no;
      d.returnValue = "";
      if (!d.open) d.showModal();
      d.querySelector("button[value=yes]").focus();
    });
  },
};
