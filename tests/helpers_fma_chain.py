"""The reference the oneDNN product tests compare with: one fused multiply-add per term, in order."""
import numpy as np


def fma_chain(a, w):
    """``a @ w`` as an exact FMA per k in order from +0 (float64 product, float32 rounding per step)."""
    total = np.zeros((a.shape[0], w.shape[1]), np.float32)
    for k in range(a.shape[1]):
        total = (a[:, k:k + 1].astype(np.float64) * w[k:k + 1].astype(np.float64) + total).astype(np.float32)
    return total
