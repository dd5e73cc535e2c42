"""Adafactor's scalar power carries C's powf bits, as TensorFlow's one-element Pow kernel.

Keras's Adafactor takes ``ops.power(local_step, beta_2_decay)`` on scalars; TensorFlow evaluates
a one-element Pow through the scalar functor (C's powf). numpy's ``np.power`` ufunc has its own
vector code on AVX-512 machines and differs from C's in the last bit (float32 ``t ** -0.8`` at
t = 3, 4, 7, 16, ...), which Adafactor's second moments carried into its trajectory.

Golden values: TensorFlow 2.21 + Keras 3.15.1 (/opt/tfref) running the same steps eagerly,
variables printed as ``numpy().tobytes().hex()`` (/work/notes/progs/optim5/gold2.py).
"""
import numpy as np

import framework as tf
from framework import keras


def hexes(variables, dtype=np.float32):
    return [np.asarray(v.numpy(), dtype).tobytes().hex() for v in variables]


ADAFACTOR = [
    '94d247bf362aabbf998c63bedfa0d33e11f48c3f642a133e5db708bf2a2844bfcba7413fdf44d13fd9b98b3e1e99a0bf',
    '566167bf78b8d43f1152653e0728e1bf95100fbe',
    '058b96bfbc2917bfeb86febee14439bf01f1093fcf9c6cbdf59b0abffd81cd3e153c4f3f963fcdbf384291be27567cbf',
]

def test_adafactor_eager_steps_carry_powf_bits():
    rng = np.random.default_rng(5)
    shapes = [(3, 4), (5,), (2, 6)]
    init = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    grads = [[(rng.standard_normal(s) * (0.5 + t)).astype(np.float32) for s in shapes] for t in range(8)]
    variables = [tf.Variable(a) for a in init]
    opt = keras.optimizers.Adafactor(0.01)
    for t in range(8):
        opt.apply_gradients(zip([tf.constant(g) for g in grads[t]], variables))
    assert hexes(variables) == ADAFACTOR
