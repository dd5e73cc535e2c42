"""TensorFlow's gamma and Poisson samplers on the Philox stream (its RandomGamma / RandomPoisson CPU
kernels and their stateless twins).

Each output i draws from its own stretch of the stream, starting 256 blocks after output i - 1's,
one block at a time as its rejection loop asks. A block gives two doubles (uniform or Box-Muller
normal), and the kernels take a block's values last first. Both run in double whatever the
dtype: gamma by Marsaglia-Tsang (alpha == 1 as an exponential, -log1p(-u)), Poisson by Knuth's
product of uniforms below rate 10 and Hormann's transformed rejection above.
"""
import math

import numpy as np

from .philox_streams import Buffer, streams

RESERVED_BLOCKS_PER_OUTPUT = 256


def _output_streams(key, counter, start, n):
    return streams(key, counter, start + RESERVED_BLOCKS_PER_OUTPUT * np.arange(n, dtype=np.uint64))


# ---- gamma ----------------------------------------------------------------------------------------

def gamma_values(key, counter, alphas, samples_per_alpha, start=0):
    """Gamma(alpha, 1) draws as doubles, shape (samples_per_alpha, len(alphas)): output
    alpha_index * samples_per_alpha + sample_index sits at [sample_index, alpha_index]."""
    alphas = [float(a) for a in np.ravel(alphas)]
    outputs = _output_streams(key, counter, start, len(alphas) * samples_per_alpha)
    out = np.empty((samples_per_alpha, len(alphas)), dtype=np.float64)
    for a, alpha in enumerate(alphas):
        for s in range(samples_per_alpha):
            out[s, a] = _gamma_one(outputs[a * samples_per_alpha + s], alpha)
    return out


def _gamma_one(stream, alpha):
    if alpha == 1.0:
        return -math.log1p(-stream.next('uniform')[-1])
    normal, uniform = Buffer(stream, 'normal'), Buffer(stream, 'uniform')
    less_than_one = alpha < 1
    d = alpha + (2.0 / 3 if less_than_one else -1.0 / 3)
    # C++ arithmetic, as the kernel runs it: sqrt of a negative d (alpha < -2/3) is NaN and the draw
    # comes out NaN; 1 / 0 is inf (alpha == 0 draws 0), where Python's math would raise
    c = 1.0 / 3 / math.sqrt(d) if d > 0 else math.nan
    while True:
        x = normal()
        v = 1 + c * x
        if v <= 0:
            continue
        v = v * v * v
        u = uniform()
        if u < 1 - 0.0331 * (x * x) * (x * x) or math.log(u) < 0.5 * x * x + d * (1 - v + math.log(v)):
            result = d * v
            if less_than_one:
                result *= uniform() ** (1 / alpha if alpha else math.inf)
            return result


# ---- Poisson --------------------------------------------------------------------------------------

def poisson_values(key, counter, rates, samples_per_rate, start=0):
    """Poisson(rate) draws, shape (samples_per_rate, len(rates)), computed in double whatever the
    rates' dtype (as TensorFlow 2.21's kernel: float32 rates give the same draws as the doubles)."""
    rates = np.ravel(rates)
    outputs = _output_streams(key, counter, start, rates.size * samples_per_rate)
    out = np.empty((samples_per_rate, rates.size), dtype=np.float64)
    for r, rate in enumerate(rates.tolist()):
        for s in range(samples_per_rate):
            stream = outputs[r * samples_per_rate + s]
            out[s, r] = _poisson_double(stream, rate)
    return out


def _poisson_double(stream, rate):
    uniform = Buffer(stream, 'uniform')
    if rate < 10:
        limit, product, count = math.exp(-rate), 1.0, 0.0
        while True:
            product *= uniform()
            if product <= limit:
                return count
            count += 1
    log_rate = math.log(rate)
    b = 0.931 + 2.53 * math.sqrt(rate)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    while True:
        u = uniform() - 0.5
        v = uniform()
        u_shifted = 0.5 - abs(u)
        k = math.floor((2 * a / u_shifted + b) * u + rate + 0.43)
        if u_shifted >= 0.07 and v <= 0.9277 - 3.6224 / (b - 2):
            return k
        if k < 0 or (u_shifted < 0.013 and v > u_shifted):
            continue
        if math.log(v * inv_alpha / (a / (u_shifted * u_shifted) + b)) <= -rate + k * log_rate - math.lgamma(k + 1):
            return k
