// Prism reads its options from a global `Prism` object while it loads. `manual` keeps it from
// highlighting every <code> element of the page by itself: React renders the highlighted code.
(globalThis as {Prism?: object}).Prism = {manual: true};
