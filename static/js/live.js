// Pages that update themselves. A page that shows something which changes during a club night
// names what it follows in <meta name="live-topics">; this script listens to the server's event
// stream for those topics and, when one changes, fetches the page again and swaps in the new
// contents of every element marked data-live (with an id). A part somebody is using (the focus
// is in it, or a field in it has been changed) is left alone and refreshed once they leave it;
// an element marked data-live-unless="<id>" is also left alone while the element of that id is
// in use (a deal's heading beside its form); one marked data-live-state is replaced only when
// its state changes (the forms of an entry link: see swap). A page connects only while it is
// in view: a browser allows six connections to one site, and a director's dozen tabs must not
// use them up; a page coming back into view catches up at once.
// Without JavaScript, or where EventSource is missing, the page simply works by reload.
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="live-topics"]');
  if (!meta || !window.EventSource || !window.fetch || !window.DOMParser) return;
  var gettext = window.gettext || function (s) { return s; };
  var pgettext = window.pgettext || function (c, s) { return s; };

  var stream = meta.getAttribute("data-stream");
  var topics = meta.getAttribute("content");
  var madeAt = meta.getAttribute("data-at");
  var status = document.getElementById("live-status");
  var source = null;
  var lastId = null;
  var retryDelay = 1000;
  var retryTimer = null;
  var refreshTimer = null;
  var fetching = false;
  var fetchAgain = false;
  var waitingForIdle = false;

  function say(state, words) {
    if (!status) return;
    status.hidden = false;
    status.setAttribute("data-state", state);
    status.textContent = words;
  }

  function connect() {
    var url = stream + "?topics=" + encodeURIComponent(topics);
    // A new EventSource (after the old one gave up) sends no Last-Event-ID of its own.
    url += lastId !== null ? "&last=" + lastId : "&at=" + encodeURIComponent(madeAt);
    if (source) source.close();
    source = new EventSource(url);
    source.onopen = function () {
      retryDelay = 1000;
      say("live", pgettext("the page updates itself", "Live"));
    };
    source.onmessage = function (event) {
      if (event.lastEventId) lastId = event.lastEventId;
      // An event came, so the stream is live, whatever was said while the network was away.
      if (status && status.getAttribute("data-state") !== "live") {
        say("live", pgettext("the page updates itself", "Live"));
      }
      schedule();
    };
    source.onerror = function () {
      say("offline", navigator.onLine === false ? gettext("Offline") : gettext("Reconnecting…"));
      if (source && source.readyState === EventSource.CLOSED) {
        // The browser gave up (a refusal, or the server answered something else): try again
        // later ourselves, less and less often.
        source.close();
        source = null;
        clearTimeout(retryTimer);
        retryTimer = setTimeout(connect, retryDelay);
        retryDelay = Math.min(retryDelay * 2, 30000);
      }
    };
  }

  function disconnect() {
    clearTimeout(retryTimer);
    if (source) source.close();
    source = null;
  }

  function schedule() {
    if (refreshTimer !== null) return;
    // A short, slightly random pause: several changes in a row make one fetch, and a room full
    // of pages does not fetch in the same millisecond.
    refreshTimer = setTimeout(function () {
      refreshTimer = null;
      refresh();
    }, 100 + Math.random() * 250);
  }

  function inUse(region) {
    if (!region) return false;
    var active = document.activeElement;
    if (active && active !== document.body && region.contains(active)) return true;
    var fields = region.querySelectorAll("input, select, textarea");
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      if (field.type === "hidden" || field.type === "submit" || field.type === "button") continue;
      if (field.type === "checkbox" || field.type === "radio") {
        if (field.checked !== field.defaultChecked) return true;
      } else if (field.tagName === "SELECT") {
        for (var j = 0; j < field.options.length; j++) {
          if (field.options[j].selected !== field.options[j].defaultSelected) return true;
        }
      } else if (field.value !== field.defaultValue) {
        return true;
      }
    }
    return false;
  }

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var changed = [];
    var kept = false;
    var regions = document.querySelectorAll("[data-live][id]");
    for (var i = 0; i < regions.length; i++) {
      var region = regions[i];
      var replacement = fresh.getElementById(region.id);
      if (!replacement) continue;
      var unless = region.getAttribute("data-live-unless");
      if (inUse(region) || (unless && inUse(document.getElementById(unless)))) {
        kept = true;
        continue;
      }
      if (region.innerHTML !== replacement.innerHTML) {
        region.innerHTML = replacement.innerHTML;
        changed.push(region.id);
      }
    }
    // A part that changes shape rather than contents (data-live-state: the forms of an entry
    // link, "start", a game's deal form or none) is replaced only when its state differs, so
    // a form somebody may use is not rebuilt under them at every event; it waits while the
    // element its data-live-unless names is in use, or the focus is inside it. When the new
    // part brings a form the page's scripts start with (data-live-reload), the page is
    // loaded again instead, once nothing on it is in use.
    var shaped = document.querySelectorAll("[data-live-state][id]");
    for (var k = 0; k < shaped.length; k++) {
      var part = shaped[k];
      var fresher = fresh.getElementById(part.id);
      if (!fresher) continue;
      var state = fresher.getAttribute("data-live-state");
      if (state === part.getAttribute("data-live-state")) continue;
      var partUnless = part.getAttribute("data-live-unless");
      var focused = document.activeElement;
      if ((partUnless && inUse(document.getElementById(partUnless))) ||
          (focused && focused !== document.body && part.contains(focused))) {
        kept = true;
        continue;
      }
      if (fresher.hasAttribute("data-live-reload")) {
        if (kept) continue;
        location.reload();
        return;
      }
      part.innerHTML = fresher.innerHTML;
      ["data-live-state", "data-live-unless", "data-live-reload"].forEach(function (name) {
        if (fresher.hasAttribute(name)) part.setAttribute(name, fresher.getAttribute(name));
        else part.removeAttribute(name);
      });
      changed.push(part.id);
    }
    waitingForIdle = kept;
    if (changed.length) {
      document.dispatchEvent(new CustomEvent("live:updated", { detail: { ids: changed } }));
    }
  }

  function refresh() {
    if (fetching) {
      fetchAgain = true;
      return;
    }
    fetching = true;
    fetch(location.href, { credentials: "same-origin", cache: "no-store", headers: { "X-Live": "1" } })
      .then(function (response) {
        // Signed out meanwhile, or the page has gone: leave what is shown; a reload tells more.
        if (!response.ok || response.redirected) return null;
        return response.text();
      })
      .then(function (html) {
        if (html) swap(html);
      })
      .catch(function () {})
      .then(function () {
        fetching = false;
        if (fetchAgain) {
          fetchAgain = false;
          schedule();
        }
      });
  }

  // Refresh what was kept back once the person leaves the part they were using.
  document.addEventListener("focusout", function () {
    if (waitingForIdle) setTimeout(schedule, 300);
  });
  // Back to a page kept in the browser's memory: it may be stale.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) schedule();
  });

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      disconnect();
      say("paused", gettext("Paused while out of view"));
    } else if (!source) {
      connect(); // with the last event id seen: what was missed meanwhile comes at once
    }
  });
  window.addEventListener("offline", function () {
    say("offline", gettext("Offline"));
  });
  // The network is back: a stream that stayed open is live again at once (no event may come
  // for minutes to say so); one that closed reconnects now rather than at its next retry,
  // and says "Live" when it opens.
  window.addEventListener("online", function () {
    if (document.visibilityState === "hidden") return;
    if (source && source.readyState === EventSource.OPEN) {
      say("live", pgettext("the page updates itself", "Live"));
    } else {
      clearTimeout(retryTimer);
      retryDelay = 1000;
      connect();
    }
  });

  window.HicksheetLive = { inUse: inUse };
  if (document.visibilityState !== "hidden") connect();
})();
