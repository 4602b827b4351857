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

  htmx.onLoad(function (root) {
    if (!root.querySelectorAll) return;
    if (root.dataset && root.dataset.stream) startStream(root);
    root.querySelectorAll("[data-stream]").forEach(startStream);
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
