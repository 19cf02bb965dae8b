// A yes-or-no question asked in the page, never the browser's own box (confirm()): a phone's in-app browser (the one a
// QR code scanner opens) may show no box and answer "no" at once, and every newcomer helper's browser did (Struggle
// newcomers 56, 60, 61: "⇄ show it here instead" looked inert). Loaded by every page before its own scripts; it
// declares only ASK.
//   ASK.ask(text, yes, no) -> Promise<boolean>: true for the `yes` button; `no`, Escape, or another question asked
//   over it before an answer: false. The dialog (#ask) is made on first use, its words set as text (never markup);
//   the keyboard's focus starts on `no`.
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
      // answered when a button submits the form (at once: a question asked right after gets its own answer), or "no"
      // when the dialog closes otherwise (Escape); a close event that comes after the dialog opened again is an old one
      d.querySelector("form").addEventListener("submit", (e) => ASK.answer(!!e.submitter && e.submitter.value === "yes"));
      d.addEventListener("close", () => { if (!d.open) ASK.answer(false); });
      document.body.appendChild(d);
    }
    ASK.answer(false); // (the question before, unanswered: no)
    return new Promise((resolve) => {
      ASK.done = resolve;
      d.querySelector(".ask-text").textContent = text;
      d.querySelector("button[value=yes]").textContent = yes;
      d.querySelector("button[value=no]").textContent = no;
      d.returnValue = "";
      if (!d.open) d.showModal();
      // the focus on the "no": a key pressed twice (Space on Reveal walls) never answers yes (an attack)
      d.querySelector("button[value=no]").focus();
    });
  },
  answer(yes) {
    const done = ASK.done;
    ASK.done = null;
    if (done) done(yes);
  },
};
