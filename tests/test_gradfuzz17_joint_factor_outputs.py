"""The outputs of qr / svd / eigh as one tape node (ops_joint_outputs.py): TF 2.21's gradient functions take all
the outputs' gradients at once (_QrGrad(op, dq, dr)); tapeflow recorded one node per output and added the parts,
so a loss of several outputs rounded differently (qr 2-3 of 12 float32 gradient values off, svd 8-11, eigh 2; the
QR second derivatives 7-9). Now the first derivatives below are TF's bits, and so are QR's second derivatives
(svd / eigh second derivatives still differ in last bits)."""
import numpy as np
import pytest

import framework as tf

D = [[1.0, 2.0, 0.5], [-1.0, 0.5, 3.0], [2.0, -0.5, 1.0], [0.0, 1.5, -2.0]]
S = [[[2.0, 0.7], [0.7, -1.0]], [[0.5, -1.3], [-1.3, 1.5]]]
W = np.cos(np.arange(64.0)).astype(np.float32)


def _flat(ts):
    return tf.concat([tf.reshape(t, [-1]) for t in ts], 0)


CASES = {'qr': (D, lambda x: _flat(tf.linalg.qr(x))),
         'qr_wide': (np.transpose(D).tolist(), lambda x: _flat(tf.linalg.qr(x))),
         'svd': (D, lambda x: _flat([t * t for t in tf.linalg.svd(x)])),
         'svd_full': (D, lambda x: _flat([t * t for t in tf.linalg.svd(x, full_matrices=True)])),
         'eigh': (S, lambda x: _flat([t * t for t in tf.linalg.eigh(x)]))}

# printed by TF 2.21 (float.hex): g = t.gradient(tf.reduce_sum(y * W[:len(y)]), x) for y = CASES[name][1](x), and under
# an outer tape gg = t2.gradient(tf.reduce_sum(g * g), x)
TF_G = {
    'qr':
        ['-0x1.f2537c0000000p-1', '0x1.f7228c0000000p-3', '0x1.62a4cc0000000p-4', '0x1.5394400000000p-7',
        '0x1.aa7f8e0000000p-1', '-0x1.de7a580000000p-3', '-0x1.1556c40000000p-1', '-0x1.a2acc00000000p-1',
        '-0x1.4f6ffa0000000p-2', '0x1.e8fde40000000p-3', '0x1.4df99a0000000p-1', '0x1.3d31120000000p-2'],
    'qr_wide':
        ['-0x1.08c6160000000p-1', '0x1.99097c0000000p-2', '0x1.e9966c0000000p-2', '-0x1.bcd3980000000p-2',
        '0x1.1444800000000p+0', '0x1.7fb4be0000000p-1', '-0x1.0194fe0000000p-1', '-0x1.ea247a0000000p-1',
        '0x1.c92c2a0000000p-1', '0x1.8d5ace0000000p-5', '0x1.092da40000000p+0', '0x1.a97ad60000000p-1'],
    'svd':
        ['-0x1.0132ae0000000p+1', '0x1.bc7ba60000000p+1', '0x1.8a89560000000p-1', '0x1.8b56800000000p-1',
        '0x1.50d40c0000000p+0', '0x1.9a221a0000000p+2', '-0x1.b8fb120000000p+1', '-0x1.17b3b40000000p+0',
        '0x1.25fd180000000p+0', '0x1.2c8e420000000p-1', '0x1.7f77f00000000p+1', '-0x1.ed08240000000p+1'],
    'svd_full':
        ['0x1.d99dc40000000p+1', '0x1.6c099c0000000p-1', '0x1.e506340000000p-2', '0x1.f845300000000p-3',
        '-0x1.1ab7c40000000p+1', '0x1.9620220000000p+2', '0x1.85011c0000000p-1', '0x1.b0f0840000000p+1',
        '0x1.e6395e0000000p+0', '0x1.5cff860000000p+1', '-0x1.a2a3340000000p-2', '-0x1.d180ae0000000p+1'],
    'eigh':
        ['0x1.1235f40000000p+1', '0x0.0p+0', '0x1.d464080000000p+0', '-0x1.0fd9f60000000p+1',
        '-0x1.8c464e0000000p+0', '0x0.0p+0', '0x1.3aecaa0000000p+2', '-0x1.6e72d80000000p+1'],
}
TF_GG = {
    'qr':
        ['-0x1.1b40320000000p-2', '0x1.dc32b80000000p-2', '0x1.07bf7a0000000p-3', '0x1.32574a0000000p-3',
        '0x1.405c440000000p-5', '0x1.b1a2600000000p-4', '-0x1.7d969c0000000p-2', '0x1.7a03360000000p-3',
        '-0x1.f1e7e00000000p-5', '0x1.0cc7440000000p-1', '-0x1.af637a0000000p-4', '-0x1.f0a0280000000p-8'],
    'qr_wide':
        ['-0x1.46263e0000000p-1', '-0x1.6091040000000p-3', '0x1.8d8fa60000000p-5', '0x1.fc4f1a0000000p-2',
        '-0x1.3c7b9a0000000p+0', '0x1.6ed47e0000000p-6', '-0x1.1f8ea60000000p-3', '-0x1.93adcc0000000p-1',
        '0x1.3ea5760000000p-1', '0x1.76269e0000000p-1', '-0x1.7311de0000000p-4', '-0x1.4c2c420000000p-1'],
}


def _gradients(name):
    matrix, f = CASES[name]
    x = tf.constant(matrix)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t:
            t.watch(x)
            y = f(x)
            loss = tf.reduce_sum(y * W[:y.shape[0]])
        g = t.gradient(loss, x)
        s = tf.reduce_sum(g * g)
    return g, t2.gradient(s, x)


def _bits(values):
    return np.array([float.fromhex(v) for v in values], np.float32)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('name', sorted(CASES))
def test_joint_output_gradient_bits(name):
    g, gg = _gradients(name)
    np.testing.assert_array_equal(g.numpy().ravel(), _bits(TF_G[name]))
    if name in TF_GG:
        np.testing.assert_array_equal(gg.numpy().ravel(), _bits(TF_GG[name]))


def test_unused_outputs_get_zero_gradients():
    x = tf.constant(D)
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        q, r = tf.linalg.qr(x)
        only_r = tf.reduce_sum(r * r)
        unused = tf.reduce_sum(x)
    # R^T R = A^T A: the gradient of sum(R * R) = ||A||^2 is 2 A
    np.testing.assert_allclose(t.gradient(only_r, x).numpy(), 2 * np.array(D), rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(t.gradient(unused, x).numpy(), np.ones((4, 3), np.float32))
