"""Softmax of rows masked with -inf (tf.where(mask, logits, -inf)) has the bits of TF 2.21's oneDNN kernel.

oneDNN's exp gives an exact 0 below ln(FLT_MIN), so a -inf entry adds nothing and the row's other values
are its kernel's. tapeflow sent any array holding a non-finite value to Eigen's order: 1 ulp off in
about half the values (0.7310585975646973 for TF's 0.7310585379600525 in softmax([-inf, 1, 2])), and a
batch with one all-masked row (NaN) moved every other row to Eigen's order too.
Goldens: TF 2.21 + Keras 3.15 running /work/notes/progs/callbacks2/t4.py (checksums: the sum of the
outputs' float32 bit patterns).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def test_one_masked_entry():
    y = tf.nn.softmax(tf.constant([[-np.inf, 1.0, 2.0]], tf.float32)).numpy()
    assert y.tolist() == [[0.0, 0.2689414322376251, 0.7310585379600525]]


def test_random_masks_of_rows_3_to_40_wide():
    rng = np.random.default_rng(7)
    expected = {3: (10463565546, [0.25779247283935547, 0.6293585300445557, 0.11284902691841125]),
                5: (14468748154, [0.6007078886032104, 0.0, 0.00019741980941034853]),
                17: (47006133419, [0.0008632917306385934, 0.0027245800010859966, 0.07276198267936707]),
                40: (108022248628, [0.0004337501886766404, 0.0, 4.042878936161287e-05])}
    for n, (checksum, first) in expected.items():
        logits = rng.standard_normal((4, n)).astype('float32') * 3
        mask = rng.random((4, n)) < 0.4
        mask[:, 0] = False
        masked = np.where(mask, -np.inf, logits).astype('float32')
        y = tf.nn.softmax(tf.constant(masked)).numpy()
        assert np.array_equal(y, keras.ops.softmax(masked).numpy())
        assert int(y.view(np.uint32).sum(dtype=np.uint64)) == checksum, n
        assert y[0, :3].tolist() == first


def test_an_all_masked_row_leaves_the_other_rows_to_onednn():
    m = keras.Sequential([keras.Input((6,)), keras.layers.Lambda(lambda t: tf.where(t > 0.5, t * 4, -np.inf)),
                          keras.layers.Softmax()])
    x = np.linspace(0, 1, 12, dtype='float32').reshape(2, 6)
    y = m.predict(x, verbose=0)
    assert np.isnan(y[0]).all()
    assert y[1].tolist() == [0.05577823147177696, 0.08023981750011444, 0.1154290959239006, 0.16605061292648315,
                             0.23887230455875397, 0.34362995624542236]
