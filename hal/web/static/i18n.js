// The page's language (docs/i18n.md). ?lang=LANG picks it, else the server's setting (mazeboard sim --lang,
// [board] lang). The catalogue comes from /i18n.json (hal/i18n.py: the PO catalogues in hal/locale/):
// <html lang dir> is set from it, elements marked data-i18n="ID" (text) and data-i18n-title="ID" (tooltip)
// are said in the language, and I18N.prompt() says the board's instruction from its message ids and
// arguments; I18N.t("ID", "English {field}", args) says a sentence the page builds itself (the English is
// the literal in the script, collected into the catalogue by mazeboard.controller.i18n.page_phrases, so
// both must be plain double-quoted strings). Whatever the language has no word for stays in English: a label keeps its English text, an
// instruction with a sentence not translated is shown as the event's English text, whole.
"use strict";

const I18N = (() => {
  const SETTLE_MS = 3000; // the longest a page waits for its catalogue before it connects in English
  const S = { lang: "en", dir: "ltr", messages: {}, english: {}, ready: false, waiting: [], settled: false, then: [] };
  const own = (id) => Object.prototype.hasOwnProperty.call(S.messages, id);
  const text = (v) => (v === null || v === undefined ? "" : String(v));

  // a phrase: {id, args}, a piece of sentence said in the sentence's language (mazeboard.hal.i18n.is_phrase)
  const MAX_PHRASE_DEPTH = 8;
  const isPhrase = (v) => !!v && typeof v === "object" && typeof v.id === "string" && !!v.args && typeof v.args === "object";
  // every phrase's id among `args`, nested ones too (what the language must say for the sentence to be whole)
  function phraseIds(args, depth = 0) {
    if (depth >= MAX_PHRASE_DEPTH) return [];
    return Object.values(args).filter(isPhrase).flatMap((p) => [p.id, ...phraseIds(p.args, depth + 1)]);
  }
  // a value that is a player's colour is said in the language (colour.red), as the controller does
  // (not inside a sentence left in English: `english` -- never half one language, half the other);
  // a phrase is said first, in the same language
  function word(v, english, depth) {
    if (isPhrase(v)) {
      if (depth >= MAX_PHRASE_DEPTH) return "";
      const mine = !english && own(v.id) && S.messages[v.id];
      return mine ? fill(mine, v.args, false, depth + 1) : fill(S.english[v.id] || v.id, v.args, true, depth + 1);
    }
    if (!english && typeof v === "string") { const w = valueWord(v); if (w !== null) return w; }
    return text(v);
  }
  // a colour's, a Magic Labyrinth symbol's or a Labyrinth picture's name in the page's language (colour.red,
  // symbol.owl, picture.moth: hal/i18n.py VALUE_WORDS), or null: English, or none
  function valueWord(v) {
    if (S.lang === "en" || typeof v !== "string") return null;
    for (const kind of ["colour", "symbol", "picture"]) if (own(`${kind}.${v}`) && S.messages[`${kind}.${v}`]) return S.messages[`${kind}.${v}`];
    return null;
  }
  // the template with its {fields} filled in: {Player} takes the argument "player" capitalised,
  // a missing one given as null reads "nobody" (the same rules as mazeboard.hal.i18n.fill)
  function fill(template, args, english, depth = 0) {
    return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name) => {
      if (name in args) return word(args[name], english, depth);
      const low = name.charAt(0).toLowerCase() + name.slice(1);
      const v = args[low];
      const t = v === null && low in args ? (english ? "nobody" : say("word.nobody", {})) : word(v, english, depth);
      return name !== low ? t.charAt(0).toUpperCase() + t.slice(1) : t;
    });
  }
  // on a touch screen English says "tap" where it says "click" (round 26: a phone's prompts and tips said "click
  // a cell"): one rule for every English sentence shown (the page's own, the board's instruction, the event's
  // text), none per phrase; a translation keeps its own words
  const TOUCH = typeof matchMedia === "function" ? matchMedia("(hover: none) and (pointer: coarse)") : null;
  // ...or a finger seen on this page: once a tap has come, "tap" (Magic newcomers 25 and 26 read "Then click a lit
  // cell" on a phone after tapping "▾ more"; the media query alone had said otherwise there)
  let fingers = false;
  if (typeof document !== "undefined") {
    document.addEventListener("pointerdown", (e) => { if (e.pointerType === "touch") fingers = true; }, { capture: true, passive: true });
  }
  // (and a page that began on a touch screen stays one: Magic newcomer 27's phone said "tap", then "click" a
  // second later, before any tap, where the query stopped matching in a browser also driving a wide screen)
  const touchAtLoad = !!(TOUCH && TOUCH.matches);
  const touch = () => !!((TOUCH && TOUCH.matches) || fingers || touchAtLoad);
  const ENDS = { ed: "ped", ing: "ping" };
  function touchWords(s) {
    if (!touch() || typeof s !== "string") return s;
    return s.replace(/\b([Cc])lick(s|ed|ing)?\b/g, (_, c, end) => (c === "C" ? "Tap" : "tap") + (ENDS[end] || end || ""));
  }
  function say(id, args) {
    return own(id) && S.messages[id] ? fill(S.messages[id], args || {}) : touchWords(fill(S.english[id] || id, args || {}, true));
  }
  // a sentence the page builds: the language's words for `id` once the catalogue is there, else `english`
  function t(id, english, args) {
    const mine = S.lang !== "en" && own(id) && S.messages[id];
    return mine ? fill(mine, args || {}) : touchWords(fill(english, args || {}, true));
  }

  // a request's pieces of sentence from its plain arguments (instruction.request_fragments)
  function cellsText(cells) {
    if (!cells.length) return say("text.nowhere");
    const named = cells.map((c) => word(c, false, 0)); // a cell may be a phrase (Struggle's "space 3")
    if (cells.length === 1) return named[0];
    if (cells.length <= 4) {
      const rest = named.slice(0, -1).join(say("text.comma"));
      return say("text.one_of", { cells: say("text.or", { rest, last: named[named.length - 1] }) });
    }
    return say("text.blinking", { count: cells.length });
  }
  function fragments(a) {
    const piece = a.piece || "", wid = text(a.why_id);
    return {
      why: wid in S.english ? say(wid) : text(a.reason).replaceAll("_", " "),
      from_text: a.frm ? say("text.from", { frm: a.frm }) : "",
      to_text: cellsText(Array.isArray(a.to) ? a.to : []),
      owner_text: piece ? say("text.owner", { piece }) : say("text.owner_unknown"),
      token_text: piece ? say("text.the_token", { piece }) : say("text.a_token"),
    };
  }

  // items as one list, "Red, Blue and Green", by the controller's rule (instruction.listing: text.and
  // joins the last two, text.series the ones before), in the page's language: every list the page says; `joiner`
  // "text.or" for alternatives, "N-b (then to a4) or W-4 (then to c3)" (Labyrinth newcomer 108 read pushes joined by
  // "and" on the card page as two to make)
  function list(items, joiner = "text.and") {
    const xs = items.map(text), one = (id, english, args) => (own(id) && S.messages[id] ? fill(S.messages[id], args)
      : fill(S.english[id] || english, args, true));
    if (xs.length < 2) return xs.join("");
    let tail = one(joiner, joiner === "text.or" ? "{rest} or {last}" : "{rest} and {last}", { rest: xs[xs.length - 2], last: xs[xs.length - 1] });
    for (let i = xs.length - 3; i >= 0; i--) tail = one("text.series", "{first}, {rest}", { first: xs[i], rest: tail });
    return tail;
  }

  // items one after another with the language's comma (text.comma: "، " in Persian), where "and" does not belong: the
  // scores in brackets, the dice held
  function series(items) { return items.map(text).join(S.english["text.comma"] ? say("text.comma") : ", "); }

  // the board's instruction in the page's language, else `english` (the event's text) whole
  function prompt(instruction, english) {
    const ms = instruction && instruction.messages;
    if (!S.ready || S.lang === "en" || !Array.isArray(ms) || !ms.length) return touchWords(english);
    const out = [];
    for (const m of ms) {
      if (!m || !own(m.id) || typeof m.args !== "object" || m.args === null) return touchWords(english);
      if (!phraseIds(m.args).every(own)) return touchWords(english); // a piece of it not said in the language: all in English
      out.push(fill(S.messages[m.id], m.id.startsWith("request.") ? { ...m.args, ...fragments(m.args) } : m.args));
    }
    return out.join(" ");
  }

  // a sentence the server sent with its English: `s` = {id, args[, messages]} (hal/web/controls.py Reason);
  // said in the language when it has `id` (an instruction it quotes as {text} too, from `messages`),
  // else `english` whole
  function said(s, english) {
    if (!S.ready || S.lang === "en" || !s || typeof s.id !== "string" || !own(s.id)) return touchWords(english);
    const args = Object.assign({}, s.args);
    if (typeof args.text === "string") {
      const t = prompt({ messages: s.messages }, args.text);
      if (t === touchWords(args.text)) return touchWords(english);
      args.text = t;
    }
    return fill(S.messages[s.id], args);
  }

  const TAGS = ["<b>", "</b>", "<code>", "</code>", "<kbd>", "</kbd>", '<span class="keys">', "</span>"];
  const escHTML = (x) => x.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  function markup(template) {
    let out = escHTML(template);
    for (const tag of TAGS) out = out.split(escHTML(tag)).join(tag);
    return out;
  }
  // whether `v` is words a page may use where `english` is said: no markup but the tags of TAGS `english` holds, each
  // as often, opened and closed in turn; no double quote (it would end an attribute)
  function words(v, english) {
    if (typeof english !== "string") english = ""; // (no English sentence for it: no tag may come)
    let rest = v;
    for (const tag of TAGS) {
      if (v.split(tag).length !== english.split(tag).length) return false;
      rest = rest.split(tag).join("");
    }
    if (/[<"]/.test(rest)) return false;
    const open = [];
    for (const [tag] of v.matchAll(/<\/?(b|code|kbd|span)\b[^>]*>/g)) {
      const name = tag.replace(/[</>]/g, " ").trim().split(" ")[0];
      if (!tag.startsWith("</")) open.push(name);
      else if (open.pop() !== name) return false;
    }
    return open.length === 0;
  }
  function apply() {
    document.documentElement.lang = S.lang;
    document.documentElement.dir = S.dir;
    document.querySelectorAll("[data-i18n]").forEach((el) => {
      if (own(el.dataset.i18n)) el.textContent = S.messages[el.dataset.i18n];
    });
    document.querySelectorAll("[data-i18n-title]").forEach((el) => {
      if (own(el.dataset.i18nTitle)) el.title = S.messages[el.dataset.i18nTitle];
    });
    document.querySelectorAll("[data-i18n-placeholder]").forEach((el) => {
      if (own(el.dataset.i18nPlaceholder)) el.placeholder = S.messages[el.dataset.i18nPlaceholder];
    });
    // a sentence with a little markup (the help's bold words, the words shown only with a keyboard): its words
    // escaped, then only the tags of hal/i18n.py HTML_TAGS restored (the server refuses a translation with others)
    document.querySelectorAll("[data-i18n-html]").forEach((el) => {
      if (own(el.dataset.i18nHtml)) el.innerHTML = markup(S.messages[el.dataset.i18nHtml]);
    });
    // the page's own English words (the help, labels) say "tap" on a touch screen, as touchWords
    if (touch() && document.body) {
      const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement, labelled = el && el.closest("[data-i18n], [data-i18n-html]");
        const id = labelled && (labelled.dataset.i18n || labelled.dataset.i18nHtml);
        if (el && !el.closest("script, style") && !(S.lang !== "en" && id && own(id))) n.textContent = touchWords(n.textContent);
      }
    }
  }

  const asked = new URLSearchParams(location.search).get("lang");
  const url = "/i18n.json" + (asked ? `?lang=${encodeURIComponent(asked.slice(0, 20))}` : "");
  fetch(url, { cache: "no-cache" })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${url}: ${r.status}`))))
    .then((c) => {
      // a catalogue is trusted for words only, in its shape too (an attack served an array, a string, an object as a
      // colour's name: <html lang="undefined">, a page error): a language code, a direction, strings by id
      const plain = (o) => !!o && typeof o === "object" && !Array.isArray(o);
      // ...and words only, as the server allows (hal/i18n.py translation_problem), checked again here: an attack on a
      // catalogue changed on its way set colour.red to '<img onerror=…>', and the companion page's HTML ran it
      const strings = (o, english) => Object.fromEntries(Object.entries(plain(o) ? o : {})
        .filter(([id, v]) => typeof v === "string" && words(v, english ? english[id] : v)));
      if (!plain(c) || typeof c.lang !== "string" || !/^[a-z]{2,3}$/.test(c.lang)) throw new Error(`${url}: not a catalogue`);
      const english = strings(c.english);
      Object.assign(S, { lang: c.lang, dir: c.dir === "rtl" ? "rtl" : "ltr", messages: strings(c.messages, english), english });
      S.ready = true;
      const go = () => { apply(); S.waiting.splice(0).forEach((f) => f()); settle(); };
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", go); else go();
    })
    .catch((e) => { console.warn("mazeboard: the page stays in English:", e.message); settle(); });
  setTimeout(settle, SETTLE_MS); // a catalogue that never comes keeps no page from the board

  // call `f` once the catalogue is there (at once if it is): a page redraws its prompt in the language
  function ready(f) { if (S.ready) f(); else S.waiting.push(f); }
  // call `f` once the catalogue is there, or known not to come (an error, or SETTLE_MS gone by): a page connects to
  // the board then, so what it draws from the board's messages is in the language (an Italian Struggle page drew
  // "connected" and the track's legend on the board's hello, before the catalogue came: English beside Italian)
  function settled(f) { if (S.settled) f(); else S.then.push(f); }
  function settle() { if (S.settled) return; S.settled = true; S.then.splice(0).forEach((f) => f()); }

  // the time of day a log line says, HH:MM:SS in this device's time zone: the moment the event happened,
  // as the server stamped it (`wall`, epoch ms, round 25): the same on every screen and after a reload.
  // Without a stamp (an older server) it counts back from the game's clock: `t` the event's time,
  // `heardT` the game clock's latest time heard (the event was then heardT - t ms before now).
  function clock(t, heardT, wall) {
    const d = typeof wall === "number" ? new Date(wall)
      : new Date(Date.now() - Math.max(0, (typeof heardT === "number" ? heardT : t) - t));
    return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
  }

  // how long a refusal or message line stays up, ms, for `text` (a string): 4.5 s for a short one, 70 ms
  // more for each character past 60 (a slow reader's pace, some 14 a second), at most 12 s (Magic
  // newcomer 18: a 150-character refusal faded before it was read)
  function readMs(text) { return Math.min(12000, 4500 + 70 * Math.max(0, String(text || "").length - 60)); }

  // whether the page's language has its own words for `id` (not the English fallback)
  const has = (id) => own(id) && !!S.messages[id];
  return { prompt, say, said, t, list, series, markup, ready, settled, valueWord, clock, readMs, has, get lang() { return S.lang; }, get dir() { return S.dir; },
    // a touch screen: no keys to name (the pages' tips say none there)
    get touch() { return touch(); } };
})();
