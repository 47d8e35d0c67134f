// How much a board has under way (requests to the worker, animations, the computer's turns):
// while anything is, the board takes no input, and its figure carries the class "is-busy".
export class BusyCount {
  constructor(figure) {
    this.figure = figure;
    this.pending = 0;
    this.waiting = []; // resolvers of settled()
  }

  get busy() {
    return this.pending > 0;
  }

  lock() {
    this.pending += 1;
    this.figure.classList.add("is-busy");
  }

  unlock() {
    this.pending = Math.max(0, this.pending - 1);
    if (this.pending) return;
    this.figure.classList.remove("is-busy");
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** Resolves once nothing is under way. */
  settled() {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}
