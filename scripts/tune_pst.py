#!/usr/bin/env python3
"""Texel-style fit of tapered material + piece-square tables for Cutoff.

Rerun (from the repository root, with ../shared beside it):

    pip install numpy scipy chess
    python3 scripts/tune_pst.py --out src/eval/params.rs

It takes 3-5 minutes on 2 cores (about half of it parsing FENs and running
the quiet-position check) and prints train/validation losses, the
material-only baselines and the fitted material values. Everything is
deterministic: the 90/10 split uses a fixed seed (--seed) and L-BFGS is
deterministic, so the same data and flags give the same tables.

Data: lines `FEN | score | result`, score in centipawns and result
(1.0/0.5/0.0), both from White's point of view.

Model (exactly what src/eval/params.rs is used for in the engine):
    phase = min(24, sum over pieces of N=1, B=1, R=2, Q=4)
    mg    = sum_white (MG_VALUE[pt] + PST_MG[pt][sq])
          - sum_black (MG_VALUE[pt] + PST_MG[pt][sq ^ 56])
    eg    = the same with the EG tables
    eval  = (mg * phase + eg * (24 - phase)) / 24      (White's view)
The model is linear in its 780 parameters, so each position becomes one row
of a sparse feature matrix X and eval = X @ theta.

Fit: prediction p = sigmoid(eval * ln(10) / 400), i.e. 400 cp of our eval
means 10:1 odds. Target t = B * result + (1 - B) * sigmoid(score / S), where
S is itself fitted on the training set (S minimises the cross-entropy of
sigmoid(score / S) against the game results) and B = 0.5 by default (--blend).
Loss = mean cross-entropy(t, p) + lam * sum(PST entries ** 2)
     + smooth * sum((PST[sq] - PST[neighbour]) ** 2) over edge-adjacent squares,
minimised with L-BFGS (convex problem). Material values are not regularised;
the L2 term pulls rarely seen squares towards their piece's material value and
the smoothness term towards their neighbours. lam and smooth were picked by a
small grid search on validation cross-entropy (lam 0, 1e-10..1e-7; smooth
0, 1e-9..3e-8): validation cross-entropy 0.50914 at (3e-9, 0) and 0.50875
at the chosen (3e-10, 1e-9); lam = 0 gives wild values on rare squares.

Training uses all positions by default. --quiet-only drops positions where the
side to move is in check, can promote or has an obviously winning capture
(is_noisy, needs python-chess); it validated slightly worse in cross-entropy,
even on the quiet validation positions, so it is off. The quiet validation
subset is still reported because the engine evaluates quiet positions.

Afterwards the PSTs are centred (mean over the squares a piece can stand on
is moved into the material value; king means cancel between the two sides and
are dropped; pawn ranks 1 and 8 are 0), which does not change any evaluation.
Unless --no-pawn-scale is given, all values are then multiplied by
100 / pawn_mg so the middlegame pawn is 100; this only changes the eval
unit, so the equivalent sigmoid scale K (p = sigmoid(K * eval * ln10 / 400))
is reported. Values are then rounded to integers and the integer model is
re-scored with Rust's integer arithmetic.

Split: positions come in runs from the same game, so to keep the validation
set honest the file is cut into blocks of --block consecutive lines and 10%
of the blocks (fixed seed) are held out.
"""

import argparse
import lzma
import math
import sys
import time
from pathlib import Path

import numpy as np
import scipy.optimize
import scipy.sparse as sp

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO.parent / "shared" / "data" / "tuning" / "sf15-5knodes.txt.xz"

PIECES = "pnbrqk"
PHASE_WEIGHT = [0, 1, 1, 2, 4, 0]
MAX_PHASE = 24
N_MAT = 12  # MG_VALUE[6], EG_VALUE[6]
N_PARAM = N_MAT + 2 * 6 * 64  # + PST_MG[6][64], PST_EG[6][64]
NAMES = ["pawn", "knight", "bishop", "rook", "queen", "king"]
LN10 = math.log(10.0)


def mg_mat(pt):
    return pt


def eg_mat(pt):
    return 6 + pt


def mg_pst(pt, sq):
    return N_MAT + pt * 64 + sq


def eg_pst(pt, sq):
    return N_MAT + 384 + pt * 64 + sq


def legal_squares(pt):
    """Squares a piece type can stand on (pawns: ranks 2..7)."""
    if pt == 0:
        return list(range(8, 56))
    return list(range(64))


def load(path):
    fens, scores, results = [], [], []
    opener = lzma.open if str(path).endswith(".xz") else open
    with opener(path, "rt") as f:
        for line in f:
            parts = line.split("|")
            if len(parts) != 3:
                continue
            fens.append(parts[0].strip())
            scores.append(float(parts[1]))
            results.append(float(parts[2]))
    return fens, np.array(scores), np.array(results)


def parse_board(fen):
    """Yield (piece type, square, +1 white / -1 black, table square)."""
    rank, file = 7, 0
    for ch in fen.split()[0]:
        if ch == "/":
            rank -= 1
            file = 0
        elif ch.isdigit():
            file += int(ch)
        else:
            pt = PIECES.index(ch.lower())
            sq = rank * 8 + file
            if ch.isupper():
                yield pt, sq, 1, sq
            else:
                yield pt, sq, -1, sq ^ 56
            file += 1


PIECE_VALUE = {1: 1, 2: 3, 3: 3, 4: 5, 5: 9, 6: 100}  # chess.PAWN..chess.KING


def is_noisy(fen):
    """True if the side to move is in check, can promote, or has a capture that
    wins material at first sight (victim worth more than the attacker, or the
    victim is undefended). A cheap stand-in for "static eval != quiescence"."""
    import chess

    b = chess.Board(fen)
    if b.is_check():
        return True
    for m in b.generate_legal_moves(to_mask=chess.BB_RANK_1 | chess.BB_RANK_8):
        if m.promotion:
            return True
    for m in b.generate_legal_captures():
        victim = 1 if b.is_en_passant(m) else PIECE_VALUE[b.piece_type_at(m.to_square)]
        if victim > PIECE_VALUE[b.piece_type_at(m.from_square)]:
            return True
        if not b.is_attacked_by(not b.turn, m.to_square):
            return True
    return False


def noisy_mask(fens):
    import multiprocessing

    with multiprocessing.Pool(2) as pool:
        return np.array(pool.map(is_noisy, fens, chunksize=2000))


def build_features(boards):
    """Sparse X (n x N_PARAM), plus phase and piece-count-difference arrays."""
    rows, cols, vals = [], [], []
    n = len(boards)
    phases = np.zeros(n)
    counts = np.zeros((n, 6))  # white minus black, per piece type
    for i, board in enumerate(boards):
        pieces = list(parse_board(board))
        ph = min(MAX_PHASE, sum(PHASE_WEIGHT[p[0]] for p in pieces))
        phases[i] = ph
        wm = ph / MAX_PHASE
        we = 1.0 - wm
        for pt, _sq, sign, tsq in pieces:
            counts[i, pt] += sign
            rows += (i, i, i, i)
            cols += (mg_mat(pt), eg_mat(pt), mg_pst(pt, tsq), eg_pst(pt, tsq))
            vals += (sign * wm, sign * we, sign * wm, sign * we)
    X = sp.csr_matrix(
        (np.array(vals), (np.array(rows, dtype=np.int32), np.array(cols, dtype=np.int32))),
        shape=(n, N_PARAM),
    )
    X.sum_duplicates()
    return X, phases, counts


def sigmoid(x):
    return 0.5 * (1.0 + np.tanh(0.5 * x))


def xent(t, p):
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(np.mean(-(t * np.log(p) + (1 - t) * np.log(1 - p))))


def losses(ev, target, result, k=1.0):
    """Losses of a White-view eval (centipawns) with sigmoid scale k."""
    p = sigmoid(k * ev * LN10 / 400.0)
    return {
        "xent": xent(target, p),
        "mse": float(np.mean((p - target) ** 2)),
        "mse_result": float(np.mean((p - result) ** 2)),
    }


def best_k(ev, target):
    """Sigmoid scale minimising cross-entropy (for fair baselines)."""
    res = scipy.optimize.minimize_scalar(
        lambda k: xent(target, sigmoid(k * ev * LN10 / 400.0)),
        bounds=(0.05, 5.0),
        method="bounded",
    )
    return float(res.x)


def fit_score_scale(score, result):
    res = scipy.optimize.minimize_scalar(
        lambda s: xent(result, sigmoid(score / s)), bounds=(20.0, 2000.0), method="bounded"
    )
    return float(res.x)


def smoothness_operator():
    """Sparse D with one row per pair of edge-adjacent squares in each PST
    (pawns: ranks 2..7 only); ||D theta||^2 penalises rough tables."""
    rows, cols, vals = [], [], []
    k = 0
    for table in range(12):
        base, pt = N_MAT + table * 64, table % 6
        legal = set(legal_squares(pt))
        for sq in legal:
            for nb in (sq + 1 if sq % 8 != 7 else None, sq + 8):
                if nb in legal:
                    rows += (k, k)
                    cols += (base + sq, base + nb)
                    vals += (1.0, -1.0)
                    k += 1
    return sp.csr_matrix((vals, (rows, cols)), shape=(k, N_PARAM))


def fit(X, t, lam, reg_mask, theta0, smooth=0.0, maxiter=5000):
    n = X.shape[0]
    c = LN10 / 400.0
    XT = X.T.tocsr()
    D = smoothness_operator()
    DtD = (D.T @ D).tocsr()

    def f(theta):
        z = c * (X @ theta)
        # cross-entropy with logits, numerically stable
        loss = np.mean(np.logaddexp(0.0, z) - t * z)
        r = reg_mask * theta
        dt = DtD @ theta if smooth else np.zeros_like(theta)
        loss += lam * float(r @ r) + smooth * float(theta @ dt)
        grad = c * (XT @ (sigmoid(z) - t)) / n + 2.0 * lam * r + 2.0 * smooth * dt
        return loss, grad

    res = scipy.optimize.minimize(
        f, theta0, jac=True, method="L-BFGS-B",
        options={"maxiter": maxiter, "maxcor": 30, "ftol": 1e-15, "gtol": 1e-13},
    )
    return res.x, res


def split_params(theta):
    mg_v = theta[0:6].copy()
    eg_v = theta[6:12].copy()
    pst_mg = theta[N_MAT:N_MAT + 384].reshape(6, 64).copy()
    pst_eg = theta[N_MAT + 384:].reshape(6, 64).copy()
    return mg_v, eg_v, pst_mg, pst_eg


def join_params(mg_v, eg_v, pst_mg, pst_eg):
    return np.concatenate([mg_v, eg_v, pst_mg.ravel(), pst_eg.ravel()])


def normalise(theta):
    """Move PST means into material; evaluation is unchanged."""
    mg_v, eg_v, pst_mg, pst_eg = split_params(theta)
    for pt in range(6):
        legal = legal_squares(pt)
        for vals, table in ((mg_v, pst_mg), (eg_v, pst_eg)):
            m = table[pt, legal].mean()
            table[pt, legal] -= m
            if pt != 5:  # king: one per side, the constant cancels
                vals[pt] += m
            mask = np.ones(64, bool)
            mask[legal] = False
            table[pt, mask] = 0.0
    mg_v[5] = eg_v[5] = 0.0
    return join_params(mg_v, eg_v, pst_mg, pst_eg)


def rust_eval(Xmg, Xeg, theta_int, phases):
    mg = Xmg @ theta_int
    eg = Xeg @ theta_int
    num = mg * phases + eg * (MAX_PHASE - phases)
    return np.sign(num) * (np.abs(num) // MAX_PHASE)  # truncation toward zero


def count_features(boards):
    """Integer mg/eg count matrices (independent of phase)."""
    rows, cols, vals = [], [], []
    for i, board in enumerate(boards):
        for pt, _sq, sign, tsq in parse_board(board):
            rows += (i, i, i, i)
            cols += (mg_mat(pt), eg_mat(pt), mg_pst(pt, tsq), eg_pst(pt, tsq))
            vals += (sign, sign, sign, sign)
    C = sp.csr_matrix((np.array(vals, dtype=np.int64), (rows, cols)), shape=(len(boards), N_PARAM))
    C.sum_duplicates()
    mg_cols = np.zeros(N_PARAM, bool)
    mg_cols[0:6] = True
    mg_cols[N_MAT:N_MAT + 384] = True
    Xmg = C @ sp.diags(mg_cols.astype(np.int64), dtype=np.int64)
    Xeg = C @ sp.diags((~mg_cols).astype(np.int64), dtype=np.int64)
    return Xmg.tocsr(), Xeg.tocsr()


def fmt_table(name, doc, tables):
    out = []
    out += doc
    out.append("#[rustfmt::skip]")
    out.append(f"pub const {name}: [[i32; 64]; 6] = [")
    for pt in range(6):
        out.append(f"    // {NAMES[pt].capitalize()}: rank 1 first (a1..h1), rank 8 last (a8..h8).")
        out.append("    [")
        for rank in range(8):
            row = tables[pt][rank * 8:(rank + 1) * 8]
            out.append("        " + " ".join(f"{int(v):4d}," for v in row))
        out.append("    ],")
    out.append("];")
    return out


def write_rust(path, mg_v, eg_v, pst_mg, pst_eg, how):
    lines = [
        "//! Material and piece-square tables, tapered between middlegame and endgame.",
        f"//! Fitted by scripts/tune_pst.py on ../shared/data/tuning/sf15-5knodes.txt.xz ({how}).",
        "//! Generated file: rerun `python3 scripts/tune_pst.py --out src/eval/params.rs` instead of editing.",
        "",
        "/// Indexed by piece type: pawn, knight, bishop, rook, queen, king.",
        "pub const MG_VALUE: [i32; 6] = [" + ", ".join(str(int(v)) for v in mg_v) + "];",
        "/// Indexed by piece type: pawn, knight, bishop, rook, queen, king.",
        "pub const EG_VALUE: [i32; 6] = [" + ", ".join(str(int(v)) for v in eg_v) + "];",
        "",
    ]
    doc = [
        "/// Indexed by [piece type][square], square a1 = 0 .. h8 = 63, from White's side;",
        "/// Black's pieces use the square mirrored vertically (sq ^ 56).",
        "/// Each table lists rank 1 first, one rank of eight squares per line.",
    ]
    lines += fmt_table("PST_MG", doc, pst_mg)
    lines.append("")
    lines += fmt_table("PST_EG", doc, pst_eg)
    lines += [
        "",
        "/// Phase weight of each piece type; the sum over the board, capped at 24, is the middlegame share.",
        "pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];",
        "pub const MAX_PHASE: i32 = 24;",
        "",
        "#[cfg(test)]",
        "mod tests {",
        "    use super::*;",
        "",
        "    #[test]",
        "    fn pawn_tables_are_zero_on_back_ranks() {",
        "        for sq in (0..8).chain(56..64) {",
        "            assert_eq!(PST_MG[0][sq], 0);",
        "            assert_eq!(PST_EG[0][sq], 0);",
        "        }",
        "    }",
        "",
        "    #[test]",
        "    fn tables_are_roughly_centred() {",
        "        for pt in 0..6 {",
        "            let squares: Vec<usize> = if pt == 0 {",
        "                (8..56).collect()",
        "            } else {",
        "                (0..64).collect()",
        "            };",
        "            for table in [&PST_MG, &PST_EG] {",
        "                let sum: i32 = squares.iter().map(|&sq| table[pt][sq]).sum();",
        "                assert!(sum.abs() <= squares.len() as i32, \"piece {pt}: sum {sum}\");",
        "            }",
        "        }",
        "    }",
        "}",
    ]
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(DEFAULT_DATA))
    ap.add_argument("--out", default=None, help="write the Rust module here")
    ap.add_argument("--blend", type=float, default=0.5, help="weight of the game result in the target")
    ap.add_argument("--lam", type=float, default=3e-10, help="L2 weight on PST entries (per cp^2)")
    ap.add_argument("--smooth", type=float, default=1e-9,
                    help="weight on squared differences of edge-adjacent PST entries (per cp^2)")
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--block", type=int, default=64, help="consecutive lines kept on one side of the split")
    ap.add_argument("--valid", type=float, default=0.10)
    ap.add_argument("--quiet-only", action="store_true",
                    help="train on quiet positions only (see is_noisy); validated worse in cross-entropy")
    ap.add_argument("--no-pawn-scale", action="store_true", help="keep the fitted eval unit")
    ap.add_argument("--limit", type=int, default=0, help="use only the first N lines (for quick tests)")
    args = ap.parse_args()

    t0 = time.time()
    fens, score, result = load(args.data)
    if args.limit:
        fens, score, result = fens[: args.limit], score[: args.limit], result[: args.limit]
    n = len(fens)
    X, phases, counts = build_features(fens)
    Xmg, Xeg = count_features(fens)
    print(f"loaded {n} positions, built features in {time.time() - t0:.1f}s", file=sys.stderr)

    rng = np.random.default_rng(args.seed)
    nblocks = (n + args.block - 1) // args.block
    held = rng.random(nblocks) < args.valid
    va = held[np.arange(n) // args.block]
    tr = ~va
    t1 = time.time()
    quiet = ~noisy_mask(fens)
    print(f"quiet filter: {quiet.mean():.1%} of positions quiet ({time.time() - t1:.1f}s)", file=sys.stderr)
    va_all = va
    va_q = va & quiet
    if args.quiet_only:
        tr = tr & quiet
    print(f"train {tr.sum()}  validation {va.sum()} (quiet {va_q.sum()})", file=sys.stderr)

    s_scale = fit_score_scale(score[tr], result[tr])
    target = args.blend * result + (1 - args.blend) * sigmoid(score / s_scale)
    print(f"SF score scale S = {s_scale:.1f} (sigmoid(score/S) vs results)", file=sys.stderr)

    Xtr = X[tr]

    # Baselines: classic material, and tapered material fitted on its own.
    classic = np.array([100, 300, 300, 500, 900, 0], float)
    base_ev = counts @ classic
    k_base = best_k(base_ev[tr], target[tr])
    theta_m = np.zeros(N_PARAM)
    theta_m[0:6] = classic
    theta_m[6:12] = classic
    theta_mat, _ = fit(Xtr[:, :N_MAT], target[tr], 0.0, np.zeros(N_MAT), theta_m[:N_MAT].copy())
    theta_m[:N_MAT] = theta_mat

    # Full fit, started from the fitted material.
    reg = np.ones(N_PARAM)
    reg[:N_MAT] = 0.0
    theta, res = fit(Xtr, target[tr], args.lam, reg, theta_m.copy(), smooth=args.smooth)
    print(f"L-BFGS: {res.nit} iterations, {res.message}", file=sys.stderr)
    theta = normalise(theta)
    mg_v = split_params(theta)[0]
    k_equiv = 1.0
    if not args.no_pawn_scale:
        k_equiv = mg_v[0] / 100.0
        theta = theta / k_equiv
    theta_int = np.rint(theta)
    mg_v, eg_v, pst_mg, pst_eg = split_params(theta_int)

    rows = []

    def report(name, ev, k):
        rows.append((name, k, [losses(ev[m], target[m], result[m], k) for m in (tr, va_all, va_q)]))

    report("material 100/300/300/500/900, K=1", base_ev, 1.0)
    report("material 100/300/300/500/900, best K", base_ev, k_base)
    report("material only, tapered, fitted", X @ theta_m, 1.0)
    report("material + PST, float", X @ theta * k_equiv, 1.0)
    report("material + PST, integer (as Rust)", rust_eval(Xmg, Xeg, theta_int, phases), k_equiv)

    print()
    print(f"target = {args.blend} * result + {1 - args.blend:.2f} * sigmoid(score / {s_scale:.1f}); "
          f"p = sigmoid(K * eval * ln10 / 400); lam = {args.lam:g}; smooth = {args.smooth:g}; "
          f"trained on {'quiet' if args.quiet_only else 'all'} positions")
    print("losses: cross-entropy vs target / MSE vs target / MSE vs game result")
    print(f"{'model':38s} {'K':>5s} | {'train':^24s} | {'validation (all)':^24s} | {'validation (quiet)':^24s}")
    for name, k, ls in rows:
        cells = " | ".join(f"{a['xent']:.5f} {a['mse']:.5f} {a['mse_result']:.5f}" for a in ls)
        print(f"{name:38s} {k:5.3f} | {cells}")
    print()
    print("fitted material-only (cp):  MG", np.rint(theta_m[0:5]).astype(int).tolist(),
          " EG", np.rint(theta_m[6:11]).astype(int).tolist())
    print("fitted MG_VALUE:", mg_v.astype(int).tolist())
    print("fitted EG_VALUE:", eg_v.astype(int).tolist())
    print(f"eval unit rescaled by 1/{k_equiv:.4f} so pawn MG = 100 (equivalent K = {k_equiv:.4f})")
    for pt in range(6):
        legal = legal_squares(pt)
        print(f"  {NAMES[pt]:6s} PST mg range [{pst_mg[pt, legal].min():.0f}, {pst_mg[pt, legal].max():.0f}]"
              f" sum {pst_mg[pt, legal].sum():.0f};  eg range [{pst_eg[pt, legal].min():.0f},"
              f" {pst_eg[pt, legal].max():.0f}] sum {pst_eg[pt, legal].sum():.0f}")
    print(f"total time {time.time() - t0:.1f}s")

    if args.out:
        how = (f"logistic fit, L-BFGS, target {args.blend:g}*result + {1 - args.blend:g}*sigmoid(score/{s_scale:.0f}), "
               f"L2 {args.lam:g} + smoothness {args.smooth:g} on PSTs")
        write_rust(args.out, mg_v, eg_v, pst_mg, pst_eg, how)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
