"""tf.matmul of several rows and columns (float32) in oneDNN's order, as TF computes it (sixteen_column_product.py).

Goldens: TF 2.21 eager tf.matmul on the project's AVX-512 Xeon (oneDNN on)
(probe: /work/notes/progs/tracedense/golden3_tf.py); numpy's products equal a third of them.
"""
import numpy as np
import pytest

import framework as tf
from framework import onednn_policy

onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')

PLAIN = 'e91425c12df8d240720ecb400e724e40a755d6c0554d7cc03a572bc09cb8064105e814c13b8ed3c031670bc100cc2241'
TRANSPOSED_B = ('b539ac409666433f5ba5a24095b5e23f93680c41812a3741a15639c0b465fcc0780ede4036bfd4c06defd9c0379a8cc0'
                '635e90c0f05a7bbf89728940be8bf1400825244040f569c02b78b9be6be110c1f0b29d4074f9fabfb68f7a40d8273840'
                '51cbb33faf7509c1172d5ec0a3aca03f9d6860404be96f4039f31ac032ed1b3f')


def _operands():
    rng = np.random.RandomState(21)
    a = rng.randn(3, 48).astype(np.float32)
    b = rng.randn(48, 4).astype(np.float32)
    a2 = rng.randn(16, 40).astype(np.float32)
    c = rng.randn(2, 40).astype(np.float32)
    return a, b, a2, c


@onednn
def test_matmul_gives_tf_bytes():
    a, b, _, _ = _operands()
    assert tf.matmul(a, b).numpy().tobytes().hex() == PLAIN
    assert (a @ b).tobytes().hex() != PLAIN       # numpy's order differs: the test can fail


@onednn
def test_matmul_transpose_b_gives_tf_bytes():
    _, _, a2, c = _operands()
    assert tf.matmul(a2, c, transpose_b=True).numpy().tobytes().hex() == TRANSPOSED_B
    assert tf.function(lambda x, y: tf.matmul(x, y, transpose_b=True))(a2, c).numpy().tobytes().hex() == TRANSPOSED_B
    assert (a2 @ c.T).tobytes().hex() != TRANSPOSED_B


def test_matmul_gradients_are_unchanged_products():
    a, b, _, _ = _operands()
    at, bt = tf.constant(a), tf.constant(b)
    with tf.GradientTape() as tape:
        tape.watch([at, bt])
        y = tf.reduce_sum(tf.matmul(at, bt))
    da, db = tape.gradient(y, [at, bt])
    assert np.allclose(da.numpy(), np.tile(b.sum(1), (3, 1)), rtol=1e-5)
    assert np.allclose(db.numpy(), np.tile(a.sum(0)[:, None], (1, 4)), rtol=1e-5)
