// Replay pages: the left and right arrow keys step back and forward, Home and End jump.
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  const which = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
  const link = which && document.querySelector(`a[data-replay="${which}"]`);
  if (link) {
    event.preventDefault();
    window.location.href = link.href;
  }
});
