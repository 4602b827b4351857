// coderag web chat: streams answers over Server-Sent Events into the page. No build step.
// (The sse.js shipped in the htmx 2.0.10 webjar is the htmx 1 extension and fails with htmx 2,
// so this small client uses htmx 2's public swap API instead.)
(function () {
  "use strict";

  function scrollMessages() {
    var m = document.getElementById("messages");
    if (m) m.scrollTop = m.scrollHeight;
  }

  function startStream(el) {
    if (el.dataset.started) return;
    el.dataset.started = "1";
    var out = el.querySelector(".answer-stream");
    var source = new EventSource(el.dataset.stream);
    var finished = false;
    // tokens arrive HTML-escaped by the server; they are appended as text-only markup
    source.addEventListener("token", function (e) {
      if (out) out.insertAdjacentHTML("beforeend", e.data);
      scrollMessages();
    });
    source.addEventListener("done", function (e) {
      finished = true;
      source.close();
      htmx.swap(el, e.data, { swapStyle: "outerHTML" });
      scrollMessages();
    });
    source.onerror = function () {
      source.close(); // never let the browser reconnect and ask again
      if (!finished && document.body.contains(el)) {
        el.dataset.state = "done";
        el.classList.add("error");
        if (out) out.insertAdjacentHTML("beforeend",
          '<div class="error-text" role="alert" data-testid="error">The connection was lost; ask again.</div>');
      }
    };
  }

  // a page opened on some lines (a link from an MCP result) shows them
  document.addEventListener("DOMContentLoaded", function () {
    var h = document.querySelector("#code-viewer.open .hl");
    if (h) h.scrollIntoView({ block: "center" });
  });

  // ---- the code viewer: syntax highlighting and symbol links ----
  //
  // highlight.js (served by the server from its webjar) highlights the file's text as a whole, the hidden
  // lead-in (the lines before the shown ones) included, so block comments and multi-line strings are right.
  // Its output is parsed in an inert document (DOMParser: nothing there runs or loads) and rebuilt line by
  // line with createElement and text nodes only: class names are copied, nothing else, and the code text
  // never passes through innerHTML of ours. Each line must come out with exactly the text it went in with,
  // or the line stays plain.

  var SAFE_CLASS = /^[A-Za-z0-9_ -]{0,100}$/;

  function highlightView(view) {
    var code = view.querySelector(".code");
    if (!code || code.dataset.highlighted) return;
    code.dataset.highlighted = "plain";
    var lang = code.dataset.hl;
    if (!lang || !window.hljs || !hljs.getLanguage(lang)) return;
    var srcs = Array.prototype.slice.call(code.querySelectorAll(".line > .src"));
    if (srcs.length === 0) return;
    var leadIn = view.querySelector(".lead-in");
    var leadLines = leadIn ? Number(leadIn.dataset.leadIn) || 0 : 0;
    var texts = srcs.map(function (s) { return s.textContent; });
    var text = (leadLines > 0 ? leadIn.textContent + "\n" : "") + texts.join("\n");
    var markup;
    try {
      markup = hljs.highlight(text, { language: lang, ignoreIllegals: true }).value;
    } catch (err) {
      return; // stays plain text
    }
    var parsed = new DOMParser().parseFromString("<!DOCTYPE html><body><code></code></body>", "text/html");
    var holder = parsed.querySelector("code");
    holder.innerHTML = markup; // inside the inert document: the highlighter's escaped output, never shown as is
    var sinks = [];
    for (var i = 0; i < leadLines + srcs.length; i++) sinks.push(document.createElement("span"));
    if (!distribute(holder, sinks)) return;
    for (var j = 0; j < srcs.length; j++) {
      if (sinks[leadLines + j].textContent !== texts[j]) return; // the highlighter changed the text: stay plain
    }
    srcs.forEach(function (src, k) {
      var sink = sinks[leadLines + k];
      src.textContent = "";
      while (sink.firstChild) src.appendChild(sink.firstChild);
    });
    code.classList.add("hljs");
    code.dataset.highlighted = lang;
  }

  // Copies the highlighted tree into one element per line, reopening the open spans after each line break.
  function distribute(root, sinks) {
    var line = 0;
    var classes = [];
    var chain = [sinks[0]];
    function open(cls) {
      var span = document.createElement("span");
      if (cls) span.className = cls;
      chain[chain.length - 1].appendChild(span);
      chain.push(span);
    }
    function text(value) {
      var parts = value.split("\n");
      for (var p = 0; p < parts.length; p++) {
        if (p > 0) {
          line++;
          if (line >= sinks.length) return false;
          chain = [sinks[line]];
          classes.forEach(open);
        }
        if (parts[p]) chain[chain.length - 1].appendChild(document.createTextNode(parts[p]));
      }
      return true;
    }
    function walk(node) {
      for (var c = node.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 3) {
          if (!text(c.nodeValue)) return false;
        } else if (c.nodeType === 1) {
          var cls = c.getAttribute("class") || "";
          cls = c.tagName === "SPAN" && SAFE_CLASS.test(cls) ? cls : "";
          classes.push(cls);
          open(cls);
          if (!walk(c)) return false;
          classes.pop();
          chain.pop();
        }
      }
      return true;
    }
    return walk(root) && line === sinks.length - 1;
  }

  // Identifiers the index knows as definitions become links (outside comments, strings, keywords, numbers).
  var NOT_SYMBOLS = ["hljs-comment", "hljs-string", "hljs-keyword", "hljs-literal", "hljs-number",
    "hljs-regexp", "hljs-doctag", "hljs-quote"];
  var IDENTIFIER = /[\p{L}\p{N}_$]+/gu;

  function linkSymbols(view) {
    var code = view.querySelector(".code");
    var table = view.querySelector(".symbol-targets");
    if (!code || !table || code.dataset.linked) return;
    code.dataset.linked = "1";
    var targets = new Map();
    table.querySelectorAll("a[data-symbol]").forEach(function (a) { targets.set(a.dataset.symbol, a); });
    var path = view.dataset.path;
    code.querySelectorAll(".line").forEach(function (lineEl) {
      var n = Number(lineEl.dataset.line);
      var src = lineEl.querySelector(".src");
      if (!src) return;
      var walker = document.createTreeWalker(src, NodeFilter.SHOW_TEXT);
      var nodes = [];
      while (walker.nextNode()) nodes.push(walker.currentNode);
      nodes.forEach(function (t) {
        for (var p = t.parentNode; p && p !== src; p = p.parentNode) {
          for (var k = 0; k < NOT_SYMBOLS.length; k++) if (p.classList.contains(NOT_SYMBOLS[k])) return;
        }
        var s = t.nodeValue;
        var frag = null;
        var last = 0;
        var m;
        IDENTIFIER.lastIndex = 0;
        while ((m = IDENTIFIER.exec(s)) !== null) {
          var target = targets.get(m[0]);
          if (!target || /^\p{N}/u.test(m[0])) continue;
          var d = target.dataset;
          // an identifier inside the one definition it names is not linked to itself
          if (d.defPath === path && n >= Number(d.defStart) && n <= Number(d.defEnd)) continue;
          frag = frag || document.createDocumentFragment();
          frag.appendChild(document.createTextNode(s.slice(last, m.index)));
          var link = target.cloneNode(false);
          link.textContent = m[0];
          link.dataset.testid = "symbol-link";
          frag.appendChild(link);
          last = m.index + m[0].length;
        }
        if (frag) {
          frag.appendChild(document.createTextNode(s.slice(last)));
          t.parentNode.replaceChild(frag, t);
        }
      });
    });
    htmx.process(code);
  }

  function prepareViewer(root) {
    var views = [];
    if (root.classList && root.classList.contains("code-view")) views.push(root);
    if (root.querySelectorAll) root.querySelectorAll(".code-view").forEach(function (v) { views.push(v); });
    views.forEach(function (v) {
      highlightView(v);
      linkSymbols(v);
    });
  }

  htmx.onLoad(function (root) {
    if (!root.querySelectorAll) return;
    if (root.dataset && root.dataset.stream) startStream(root);
    root.querySelectorAll("[data-stream]").forEach(startStream);
    prepareViewer(root);
  });

  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.id === "question" && e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      if (e.target.value.trim()) document.getElementById("chat-form").requestSubmit();
    }
  });

  document.addEventListener("htmx:afterSwap", function (e) {
    var m = document.getElementById("messages");
    if (m && m.contains(e.detail.target)) scrollMessages();
    // the code viewer opens on the cited lines
    var viewer = document.getElementById("code-viewer");
    if (viewer && e.detail.target === viewer) {
      viewer.classList.add("open");
      var h = viewer.querySelector(".hl");
      if (h) h.scrollIntoView({ block: "center" });
    }
  });

  // Behaviour lives here, not in inline handlers: the Content-Security-Policy forbids inline script.
  document.addEventListener("htmx:afterRequest", function (e) {
    var form = e.detail.elt;
    if (!e.detail.successful || !form || !form.dataset) return;
    if (form.dataset.resetOnSuccess === "form") form.reset();
    if (form.dataset.resetOnSuccess === "question") {
      var q = document.getElementById("question");
      if (q) q.value = "";
    }
  });

  document.addEventListener("click", function (e) {
    var closer = e.target && e.target.closest ? e.target.closest("[data-close]") : null;
    if (!closer) return;
    var target = document.getElementById(closer.dataset.close);
    if (target) target.classList.remove("open");
  });
})();
