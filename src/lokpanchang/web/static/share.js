// The public page's "share" link (issue 27): where the browser can share files (phones),
// the day's card goes to the share sheet (WhatsApp, Telegram, ...); elsewhere the link
// stays what it is, a download of the card.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const link = document.getElementById("share-card");
  if (!link || !navigator.share || !navigator.canShare) return;
  link.addEventListener("click", async (event) => {
    event.preventDefault();
    try {
      const response = await fetch(link.href);
      if (!response.ok) throw new Error(`card: HTTP ${response.status}`);
      const card = new File([await response.blob()], link.getAttribute("download"), { type: "image/png" });
      if (!navigator.canShare({ files: [card] })) throw new Error("cannot share files here");
      await navigator.share({ files: [card], title: link.dataset.title });
    } catch (error) {
      if (error.name !== "AbortError") window.location.assign(link.href);  // show the card
    }
  });
});
