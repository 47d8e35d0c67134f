// The Glicko-2 rating system (Mark Glickman, "Example of the Glicko-2 system", 2013), as pure
// functions: the puzzle trainer rates the reader with it, each puzzle attempt being one game
// against a player of the puzzle's rating. The steps are numbered as in the paper. No DOM, no
// storage: tests/js/glicko2.test.mjs checks it against the paper's worked example.

export const SCALE = 173.7178; // the Glicko-2 scale factor: μ = (r − 1500) / SCALE
export const DEFAULT = Object.freeze({ rating: 1500, rd: 350, vol: 0.06 });
export const TAU = 0.5; // how fast the volatility may change (the paper suggests 0.3–1.2)
const EPSILON = 0.000001; // convergence of the volatility iteration (step 5)

const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const E = (mu, muJ, phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * The player's new {rating, rd, vol} after one rating period of `games`: a list of
 * {rating, rd, score} (the opponent's rating and deviation; score 1 win, 0 loss, 0.5 draw).
 * With no games only the deviation grows (step 6 of the paper).
 */
export function update(player, games, tau = TAU) {
  // Step 2: to the Glicko-2 scale.
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  if (!games.length) {
    const phiStar = Math.sqrt(phi * phi + sigma * sigma);
    return { rating: player.rating, rd: phiStar * SCALE, vol: sigma };
  }
  const opp = games.map((x) => ({ mu: (x.rating - 1500) / SCALE, phi: x.rd / SCALE, s: x.score }));
  // Step 3: the estimated variance v of the rating from the games alone.
  let vInv = 0;
  for (const o of opp) {
    const e = E(mu, o.mu, o.phi);
    vInv += g(o.phi) ** 2 * e * (1 - e);
  }
  const v = 1 / vInv;
  // Step 4: the estimated improvement Δ.
  let sum = 0;
  for (const o of opp) sum += g(o.phi) * (o.s - E(mu, o.mu, o.phi));
  const delta = v * sum;
  // Step 5: the new volatility σ' (the Illinois algorithm on f).
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > EPSILON; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);
  // Step 6: the pre-period deviation; step 7: the new deviation and rating.
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  // Step 8: back to the Glicko scale.
  return { rating: muNew * SCALE + 1500, rd: phiNew * SCALE, vol: sigmaNew };
}

/** The chance (0–1) that a player of `rating` solves a puzzle of `puzzleRating` (deviation `rd`). */
export function expectedScore(rating, puzzleRating, puzzleRd = 0) {
  return E((rating - 1500) / SCALE, (puzzleRating - 1500) / SCALE, puzzleRd / SCALE);
}
