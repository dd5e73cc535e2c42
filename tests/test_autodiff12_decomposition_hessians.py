"""Second derivatives through tf.linalg.eigh, svd and qr, as TF 2.21 gives them: the gradient
rules read the decompositions' outputs (tapeflow's read constants, so a second derivative was None),
and svd(compute_uv=False)'s rule runs a recorded svd with vectors, as TF's _SvdGrad.
Golden values: /opt/tfref, notes/progs/autodiff12/x_lin2.py and x_lin3.py (rounded to 9-10 decimals).
"""
import numpy as np
import pytest

import framework as tf

A0 = np.array([[2.0, 1.0, 0.3], [0.5, 3.0, -1.0], [0.2, -0.7, 1.5]])

CASES = {
    'eigh_e': (lambda z: tf.linalg.eigh(z + tf.transpose(z))[0] ** 3,
               [259.2534131434, 272.614003713, -17.8898442721, 272.614003713, 731.6924279322, -266.0355589891,
                -17.8898442721, -266.0355589891, 166.2521660309],
               [401.653855809, 476.405015358, 207.26548294, 476.405015358, 400.956236168, 305.837078075,
                207.26548294, 305.837078075, -23.562157254]),
    'svd_s': (lambda z: tf.linalg.svd(z, compute_uv=False) ** 2,
              [7.4234908098, 1.1345068905, 1.6365685048, -0.429976305, 6.7516208041, -1.3765687411,
               0.7912682323, -0.3257502549, 6.2953662869],
              [2.570577596, -0.632121983, 2.478167224, -0.240255649, 2.520951491, 0.399352929, 2.78714773,
               0.634903778, 6.327781487]),
    'svd_s_uv': (lambda z: tf.linalg.svd(z)[0] ** 3,
                 [23.299683688, 11.1808394677, 5.6946956971, 5.5415619646, 32.0581196438, -12.1452634103,
                  4.6798178045, -8.7112081925, 15.7565507978],
                 [21.603601221, 12.431962822, 21.594014401, 9.967538089, 19.494650944, 5.982494026,
                  20.258695353, 8.53595081, 24.686949323]),
    'svd_wide_s': (lambda z: tf.linalg.svd(z[:2])[0] ** 3,
                   [21.2062372698, 10.3838628175, 3.2666446827, 5.0964716278, 31.4558530365, -10.5357796247,
                    0.0, 0.0, 0.0],
                   [16.587172758, 15.471043612, 10.704906116, 13.830127515, 23.196922246, 6.616111839,
                    0.0, 0.0, 0.0]),
}

A4 = np.array([[2.0, 1.0, 0.3], [0.5, 3.0, -1.0], [0.2, -0.7, 1.5], [1.0, 0.4, -0.6]])
QR_CASES = {
    'qr_q': (lambda z: tf.linalg.qr(z)[0] ** 3,
             [-0.8485493478, 2.7020428303, 5.3701329951, 3.4397211164, -1.9530537895, -2.0107716027, 6.1266742162,
              -6.3181308264, -5.8411972929, -1.2480967058, -3.1639326006, -8.5666407302],
             [-7.072861003, -0.555013275, -2.203661499, 0.157604122, 4.418796022, 6.972403108, 1.118610961,
              9.002284069, 15.965269774, 6.373448474, 5.833246112, 8.776544121]),
    'qr_r': (lambda z: tf.linalg.qr(z)[1] ** 3,
             [-20.0066337014, -1.1622193636, -1.3769245669, 62.359147939, -124.2101329782, -42.0707109149,
              1.0144671693, 1.8208381263, -30.3431083367, -27.8702000007, 27.1846419388, 29.7013045194],
             [-42.073943343, 12.19715606, 27.489110705, 45.736544103, -25.081519483, 10.16578467, 47.598088648,
              -43.911184247, -73.473664969, -40.326784502, -26.077567276, 4.936882826]),
    'qr_square_r': (lambda z: tf.linalg.qr(z[:3])[1] ** 3,
                    [-26.7451218895, 8.246153143, 2.0085151392, 65.1002486712, -112.94462933, -26.3282822241,
                     -28.5831509487, 36.3799346048, 42.259361411, 0.0, 0.0, 0.0],
                    [-28.5368129, -11.559189268, -28.187453527, 19.527616255, -12.236710382, 33.683888073,
                     -63.965420207, 6.690746206, 49.321283837, 0.0, 0.0, 0.0]),
}


def _weighted(f, x):
    y = f(x)
    return tf.reduce_sum(y * tf.constant(np.arange(1.0, 1.0 + int(np.prod(y.shape))).reshape(y.shape)))


@pytest.mark.parametrize('name', sorted(CASES) + sorted(QR_CASES))
def test_hessian_row_sums_match_tf(name):
    f, first, second = CASES[name] if name in CASES else QR_CASES[name]
    x = tf.constant(A0 if name in CASES else A4)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = _weighted(f, x)
        g = inner.gradient(y, x)
    h = outer.gradient(g, x)
    assert h is not None
    np.testing.assert_allclose(g.numpy().ravel(), first, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(h.numpy().ravel(), second, rtol=1e-8, atol=1e-8)


def test_svd_values_hessian_matches_central_differences():
    x0 = A0.copy()

    def grad(a):
        x = tf.constant(a)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = _weighted(CASES['svd_s'][0], x)
        return tape.gradient(y, x).numpy()
    x = tf.constant(x0)
    direction = np.linspace(-1.0, 1.0, 9).reshape(3, 3)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = _weighted(CASES['svd_s'][0], x)
        g = inner.gradient(y, x)
    hvp = outer.gradient(g, x, output_gradients=tf.constant(direction)).numpy()
    eps = 1e-6
    numeric = np.zeros_like(x0)
    for idx in np.ndindex(3, 3):
        e = np.zeros_like(x0)
        e[idx] = eps
        numeric[idx] = np.sum((grad(x0 + e) - grad(x0 - e)) * direction) / (2 * eps)
    np.testing.assert_allclose(hvp, numeric, rtol=1e-6, atol=1e-7)
